//! Credit cards from the CFPB Terms of Credit Card Plans survey (TCCP), enriched with the
//! sign-up bonus, annual fee and network of the credit-card-bonuses-api dataset where the
//! issuer and normalised name match (site-core §3 "Card offer").

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::Decimal;
use serde_json::Value;

use crate::{
    BuildError,
    csv::{Row, Table},
    raw::{
        RawOffer, decimal, dollars, dollars_with_cents, fraction_fee_percent, fraction_percent,
        grouped,
    },
};

/// The survey's money columns of a card's fees besides the annual fee: the monthly and
/// late fee and the least a balance transfer or cash advance costs.
const FEE_COLUMNS: [&str; 4] = ["monthly_fee", "late_fee", "bt_fee_min", "cash_fee_min"];

/// The whole TCCP survey (every plan), relative to the data folder.
pub const TCCP_FILE: &str = "cfpb-tccp/tccp_2025h2_card_plans.csv";
/// The sign-up bonus dataset, relative to the data folder.
pub const BONUSES_FILE: &str = "credit-card-bonuses-api/cards.json";
/// Dataset name of the TCCP.
pub const TCCP_SOURCE: &str = "CFPB Terms of Credit Card Plans survey, H2 2025";
/// Publisher's page of the TCCP.
pub const TCCP_URL: &str = "https://www.consumerfinance.gov/data-research/credit-card-data/terms-credit-card-plans-survey/";
/// Dataset name of the sign-up bonuses.
pub const BONUSES_SOURCE: &str =
    "credit-card-bonuses-api (Offer Optimist), snapshot of Jun 8, 2026";
/// Snapshot date of the sign-up bonuses.
pub const BONUSES_AS_OF: &str = "2026-06-08";
/// Repository of the sign-up bonuses.
pub const BONUSES_URL: &str = "https://github.com/andenacitelli/credit-card-bonuses-api";
/// The regular APR of a survey plan that reported none, in the survey's terms.
pub const APR_NOT_REPORTED: &str = "Not reported to the CFPB survey";
/// An APR of a card the survey does not hold (only the bonus dataset has it).
pub const NOT_IN_SURVEY: &str = "Not in the CFPB survey";
/// Fields whose text the builder writes (not taken from a source).
pub const CARD_EDITORIAL_FIELDS: &str = "EDITORS_NOTES,EDITORS_PROS,EDITORS_CONS";

/// The editorial fields of a card; `CARD_TYPE` too when it is our classification.
fn editorial_fields(classified: bool) -> String {
    if classified {
        format!("{CARD_EDITORIAL_FIELDS},CARD_TYPE")
    } else {
        CARD_EDITORIAL_FIELDS.to_owned()
    }
}

/// TCCP targeted credit tiers: code, APR column, label (credit-score-bands dataset).
pub const TIERS: [(&str, &str, &str); 4] = [
    ("0", "apr_no_score", "no credit score"),
    ("1", "apr_poor", "619 or less"),
    ("2", "apr_good", "620-719"),
    ("3", "apr_great", "720 or more"),
];

/// Words left out when names are compared: issuer names, networks and filler.
const NAME_STOP_WORDS: &[&str] = &[
    "the",
    "card",
    "credit",
    "from",
    "by",
    "for",
    "american",
    "express",
    "amex",
    "capital",
    "one",
    "wells",
    "fargo",
    "visa",
    "mastercard",
    "signature",
    "world",
    "elite",
    "rewards",
    "charles",
    "exclusively",
    "citi",
    "chase",
    "bank",
    "of",
    "america",
    "u",
    "s",
    "sig",
];

/// Cards of the bonus dataset that are charge cards (the balance is due in full each month),
/// by issuer code and name. The dataset has no card-type field; this is our editorial
/// classification, so `CARD_TYPE` is listed in `EDITORIAL_FIELDS` on these cards.
pub const CHARGE_CARDS: &[(&str, &str)] = &[
    ("AMERICAN_EXPRESS", "Platinum"),
    ("AMERICAN_EXPRESS", "Platinum (Morgan Stanley)"),
    ("AMERICAN_EXPRESS", "Platinum (Schwab)"),
    ("AMERICAN_EXPRESS", "Gold"),
    ("AMERICAN_EXPRESS", "Green"),
    ("AMERICAN_EXPRESS", "Business Platinum"),
    ("AMERICAN_EXPRESS", "Business Gold"),
    ("AMERICAN_EXPRESS", "Business Green"),
    ("CAPITAL_ONE", "Spark 2% Cash Plus"),
    ("BREX", "Brex"),
];

/// The card type the catalogue gives a bonus-dataset card: "charge card" for
/// [`CHARGE_CARDS`], "store card" when its name says "Store Card", else none.
fn classified_card_type(card: &BonusCard) -> Option<&'static str> {
    if CHARGE_CARDS
        .iter()
        .any(|(issuer, name)| card.issuer == *issuer && card.name == *name)
    {
        Some("charge card")
    } else if card.name.to_lowercase().contains("store card") {
        Some("store card")
    } else {
        None
    }
}

/// A card of the bonus dataset, reduced to what the catalogue takes.
#[derive(Debug, Clone, PartialEq)]
struct BonusCard {
    card_id: String,
    name: String,
    issuer: String,
    network: Option<String>,
    currency: String,
    business: bool,
    annual_fee: Option<Decimal>,
    fee_waived: bool,
    bonus: Option<String>,
    url: Option<String>,
    credits: Vec<String>,
}

/// A name's comparison key: lower-case words without symbols and stop words, as a set.
pub fn name_key(name: &str) -> BTreeSet<String> {
    name.to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '+' {
                c
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .filter(|word| !NAME_STOP_WORDS.contains(word))
        .map(str::to_owned)
        .collect()
}

/// Builds the card offers.
///
/// Every TCCP plan is a card; the bonus-dataset cards that no TCCP plan matched are added as
/// cards of their own, with only the figures that dataset holds (no APRs, no credit needed).
pub fn build(tccp: &Table, bonuses: &Value) -> Result<Vec<Value>, BuildError> {
    let bonus_cards = read_bonus_cards(bonuses)?;
    let medians = tier_medians(tccp);
    let mut matched_ids = BTreeSet::new();
    let mut offers = Vec::new();
    for row in distinct_plans(tccp) {
        // A bonus-dataset card enriches one plan at most.
        let unmatched: Vec<BonusCard> = bonus_cards
            .iter()
            .filter(|card| !matched_ids.contains(&card.card_id))
            .cloned()
            .collect();
        let (offer, matched) = card(row, &unmatched, &medians)?;
        matched_ids.extend(matched);
        offers.push(offer);
    }
    offers.extend(
        bonus_cards
            .iter()
            .filter(|card| !matched_ids.contains(&card.card_id))
            .map(bonus_only_card),
    );
    Ok(offers)
}

/// Qualifiers the survey adds to a plan's name that describe how it is sold, not what it is
/// called: "(NPSL)", "(targeted offering for existing customers - PMC)", "(ranged APR
/// offering)", " - Internet".
const CHANNEL_QUALIFIERS: &[&str] = &[
    "(npsl)",
    "(targeted offering",
    "(non-ranged apr offering)",
    "(ranged apr offering)",
    "(teaser)",
    "(non-teaser)",
    " - internet",
];

/// The product's marketed name from the survey's `product_name`: white space collapsed, the
/// final period dropped, channel qualifiers removed, a union card's mailing channel
/// ("Direct Mail - Upmarket") read as "Credit Card", a name in capitals in title case, and a
/// plan the survey names only by its agreement ("Credit Card Agreement 11-2024") named after its institution.
pub fn marketed_name(institution: &str, product_name: &str) -> String {
    let mut name = product_name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches('.')
        .trim()
        .to_owned();
    for qualifier in CHANNEL_QUALIFIERS {
        if let Some(start) = name.to_lowercase().find(qualifier) {
            let end = name
                .get(start..)
                .and_then(|rest| rest.find(')').filter(|_| qualifier.starts_with('(')))
                .map_or(start + qualifier.len(), |close| start + close + 1);
            let rest = name.get(end..).unwrap_or_default().to_owned();
            name = format!("{}{rest}", name.get(..start).unwrap_or_default())
                .trim()
                .to_owned();
        }
    }
    if let Some(start) = name.find(" Direct Mail") {
        name = format!("{} Credit Card", name.get(..start).unwrap_or_default());
    }
    // A name the survey wrote in capitals ("JOPLIN METRO CREDIT UNION SECURED VISA") reads
    // as a name in title case.
    if name.chars().any(char::is_alphabetic)
        && !name.chars().any(char::is_lowercase)
        && name.contains(' ')
    {
        name = crate::raw::proper_name(&crate::raw::title_case(&name.to_lowercase()));
    }
    if name.to_lowercase().starts_with("credit card agreement") || name.is_empty() {
        name = format!("{} Credit Card", institution.trim());
    }
    // One word in capitals ("VISA", "ACCESS") names no card on its own: it is the
    // institution's card of that name ("Greenville Federal Credit Union Access").
    if !name.contains(' ') && !name.chars().any(char::is_lowercase) {
        name = format!(
            "{} {}",
            institution.trim(),
            crate::raw::title_case(&name.to_lowercase())
        );
    }
    // The survey cuts "Signature" to "Sig" ("Altitude Go Sig").
    if let Some(head) = name.strip_suffix(" Sig") {
        name = format!("{head} Signature");
    }
    name
}

/// The survey's plans, one per marketed name and institution: where several plans of one
/// institution share a marketed name (the same card sold through several channels), the
/// one whose survey name is already the marketed name is kept, else the first in the file.
pub fn distinct_plans(tccp: &Table) -> Vec<Row<'_>> {
    let key = |row: &Row<'_>| {
        (
            row.text("institution").to_lowercase(),
            marketed_name(row.text("institution"), row.text("product_name")).to_lowercase(),
        )
    };
    let plain = |row: &Row<'_>| {
        marketed_name(row.text("institution"), row.text("product_name"))
            == row.text("product_name").trim()
    };
    let mut chosen: BTreeMap<(String, String), Row<'_>> = BTreeMap::new();
    for row in tccp.rows() {
        match chosen.entry(key(&row)) {
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(row);
            }
            std::collections::btree_map::Entry::Occupied(mut slot) => {
                if plain(&row) && !plain(slot.get()) {
                    slot.insert(row);
                }
            }
        }
    }
    let kept: BTreeSet<&str> = chosen.values().map(|row| row.text("id")).collect();
    tccp.rows()
        .filter(|row| kept.contains(row.text("id")))
        .collect()
}

/// Points programmes of airlines in the bonus dataset.
const AIRLINE_CURRENCIES: &[&str] = &[
    "DELTA",
    "AMERICAN",
    "UNITED",
    "SOUTHWEST",
    "AVIOS",
    "JETBLUE",
    "KOREAN",
    "ALASKA",
    "EMIRATES",
    "HAWAIIAN",
    "LATAM",
    "AVIANCA",
    "FLYING_BLUE",
    "SPIRIT",
    "FRONTIER",
    "LUFTHANSA",
    "BREEZE",
    "AEROPLAN",
    "ANA",
    "CATHAY_PACIFIC",
    "VIRGIN",
];
/// Points programmes of hotels in the bonus dataset.
const HOTEL_CURRENCIES: &[&str] = &[
    "MARRIOTT",
    "HILTON",
    "WYNDHAM",
    "IHG",
    "HYATT",
    "BEST_WESTERN",
    "CHOICE",
];

/// Whether a points currency is an airline's or a hotel's: (airline, hotel).
fn travel_kind(currency: &str) -> (bool, bool) {
    (
        AIRLINE_CURRENCIES.contains(&currency),
        HOTEL_CURRENCIES.contains(&currency),
    )
}

/// The display name of a bonus-dataset issuer code.
pub fn issuer_name(code: &str) -> String {
    match code {
        "US_BANK" => "U.S. Bank".to_owned(),
        "BANK_OF_AMERICA" => "Bank of America".to_owned(),
        "FNBO" => "FNBO".to_owned(),
        "PNC" => "PNC".to_owned(),
        "TD" => "TD Bank".to_owned(),
        "WEB_BANK" => "WebBank".to_owned(),
        "PENFED" => "PenFed".to_owned(),
        other => crate::raw::title_case(&other.replace('_', " ")),
    }
}

/// A card only the bonus dataset has.
fn bonus_only_card(card: &BonusCard) -> Value {
    let issuer = issuer_name(&card.issuer);
    // "FIRST" names no issuer we can spell out, so its cards keep their own names.
    let name =
        if card.issuer == "FIRST" || card.name.to_lowercase().starts_with(&issuer.to_lowercase()) {
            card.name.clone()
        } else {
            format!("{issuer} {}", card.name)
        };
    let cash = card.currency == "USD";
    let (airline, hotel) = travel_kind(&card.currency);
    let mut offer = RawOffer::new();
    offer
        .set("ID", format!("ccb-{}", card.card_id))
        .set("PID", card.card_id.clone())
        .set("TYPE", "none")
        .set("NAME", name.clone())
        .set(
            "DETAILS_HTML_PAGE",
            crate::raw::slug(&name.replace('+', " plus ")),
        )
        .set("ISSUER", issuer.clone())
        .set_opt("NETWORK", card.network.clone())
        .set(
            "CARD_TYPE",
            classified_card_type(card).unwrap_or("unsecured"),
        )
        .set("PICK_TYPE", "unsecured")
        .set_opt("RATES_FEES_URL", card.url.clone())
        .flag("REWARDS", true)
        .set(
            "REWARDS_REDEEM_TYPE",
            if cash {
                "Cash back".to_owned()
            } else {
                format!("{} points", issuer_name(&card.currency))
            },
        )
        .set_opt("REWARDS_INITIAL_BONUS", card.bonus.clone())
        .flag("OFFERS_PURCHASE_INTRO_APR", false)
        .flag("OFFERS_BT_INTRO_APR", false)
        .set("REGULAR_PURCHASE_APR", NOT_IN_SURVEY)
        .set("PURCHASE_INTRO_APR_COMBO", NOT_IN_SURVEY)
        .list("DESCRIPTION", &card.credits, "__");
    if let Some(fee) = card.annual_fee {
        if card.fee_waived && !fee.is_zero() {
            offer.set(
                "ANNUAL_FEE",
                format!("$0 intro annual fee the first year, then {}", dollars(fee)),
            );
        } else {
            offer.set("ANNUAL_FEE", dollars(fee));
        }
    }
    let mut needs: Vec<&str> = Vec::new();
    let mut tags: Vec<&str> = Vec::new();
    let store = classified_card_type(card) == Some("store card");
    if card.business {
        tags.push("business");
        needs.push("businessRewards");
        if !cash {
            needs.push("businessTravel");
        }
    } else {
        if store {
            needs.push("storeRewards");
            tags.push("store");
        }
        needs.push("rewards");
        if !cash {
            needs.push("travel");
        }
        if airline {
            needs.push("airline");
        }
        if hotel {
            needs.push("hotel");
        }
    }
    if airline {
        tags.push("airline");
    }
    if hotel {
        tags.push("hotel");
    }
    offer.set("ELIGIBLE_NEEDS", needs.join(","));
    offer.set("TAGS", tags.join(","));
    let mut pros = Vec::new();
    let mut cons = Vec::new();
    match card.annual_fee {
        Some(fee) if fee.is_zero() => pros.push("No annual fee".to_owned()),
        Some(fee) if card.fee_waived => {
            pros.push("No annual fee the first year".to_owned());
            cons.push(format!("{} annual fee after the first year", dollars(fee)));
        }
        Some(fee) => cons.push(format!("{} annual fee", dollars(fee))),
        None => {}
    }
    if let Some(bonus) = &card.bonus {
        pros.push(format!("Sign-up bonus: {bonus}"));
    }
    offer.list("EDITORS_PROS", &pros, "|");
    offer.list("EDITORS_CONS", &cons, "|");
    offer.set("PROS_CONS_SOURCE", "SYSTEM");
    offer.set(
        "EDITORS_NOTES",
        format!(
            "A {}rewards card from {issuer}. The sign-up bonus and annual fee are from credit-card-bonuses-api; its APRs and the credit it needs are not in our sources.",
            if card.business { "business " } else { "" }
        ),
    );
    offer.set(
        "EDITORIAL_FIELDS",
        editorial_fields(classified_card_type(card).is_some()),
    );
    offer.set("SOURCE", BONUSES_SOURCE);
    offer.set("SOURCE_URL", BONUSES_URL);
    offer.set("SOURCE_AS_OF", BONUSES_AS_OF);
    offer.flag("ILLUSTRATIVE", false);
    offer.into_value()
}

fn read_bonus_cards(value: &Value) -> Result<Vec<BonusCard>, BuildError> {
    let list = value.as_array().ok_or_else(|| BuildError::Json {
        file: BONUSES_FILE.to_owned(),
        message: "expected a list of cards".to_owned(),
    })?;
    Ok(list
        .iter()
        .filter(|card| {
            !card
                .get("discontinued")
                .and_then(Value::as_bool)
                .unwrap_or(false)
        })
        .filter_map(|card| {
            let text = |key: &str| card.get(key).and_then(Value::as_str).map(str::to_owned);
            let number = |key: &str| {
                card.get(key)
                    .and_then(|v| v.as_f64().map(|f| f.to_string()))
                    .and_then(|t| decimal(&t))
            };
            let currency = text("currency").unwrap_or_default();
            Some(BonusCard {
                card_id: text("cardId")?,
                name: text("name")?,
                issuer: text("issuer")?,
                network: text("network").map(|n| crate::raw::title_case(&n.replace('_', " "))),
                business: card
                    .get("isBusiness")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                annual_fee: number("annualFee"),
                fee_waived: card
                    .get("isAnnualFeeWaived")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                bonus: card
                    .get("offers")
                    .and_then(Value::as_array)
                    .and_then(|offers| offers.first())
                    .and_then(|offer| bonus_text(offer, &currency)),
                url: text("url"),
                credits: card
                    .get("credits")
                    .and_then(Value::as_array)
                    .map(|credits| {
                        credits
                            .iter()
                            .filter_map(|credit| {
                                let description = credit.get("description")?.as_str()?;
                                Some(match credit.get("value").and_then(Value::as_u64) {
                                    Some(value) => {
                                        format!("{description} (worth ${})", grouped(value))
                                    }
                                    None => description.to_owned(),
                                })
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                currency,
            })
        })
        .collect())
}

/// "60,000 Delta points after $4,000 in 90 days" from one bonus offer.
fn bonus_text(offer: &Value, currency: &str) -> Option<String> {
    let amounts: Vec<String> = offer
        .get("amount")?
        .as_array()?
        .iter()
        .filter_map(|amount| {
            let value = amount.get("amount")?.as_u64()?;
            let unit = amount
                .get("currency")
                .and_then(Value::as_str)
                .unwrap_or(currency);
            Some(if unit == "USD" {
                format!("${}", grouped(value))
            } else {
                format!("{} {} points", grouped(value), issuer_name(unit))
            })
        })
        .collect();
    if amounts.is_empty() {
        return None;
    }
    let mut text = amounts.join(" + ");
    if let Some(spend) = offer.get("spend").and_then(Value::as_u64) {
        text.push_str(&format!(" after spending ${}", grouped(spend)));
        if let Some(days) = offer.get("days").and_then(Value::as_u64) {
            text.push_str(&format!(" in {days} days"));
        }
    }
    Some(text)
}

/// Median purchase APR of each TCCP tier over the subset, as fractions, by tier code.
pub fn tier_medians(tccp: &Table) -> BTreeMap<&'static str, Decimal> {
    TIERS
        .iter()
        .filter_map(|(code, column, _)| {
            let mut values: Vec<Decimal> = tccp
                .rows()
                .filter_map(|row| regular_apr(row.get(column)))
                .collect();
            median(&mut values).map(|m| (*code, m))
        })
        .collect()
}

/// The survey's regular and cash APRs below this (1%) are reporting errors, not rates: 0%
/// for every tier of a card, or a percent written as a fraction twice ("0.17% - 0.25%").
/// No card's regular APR is that low, so such a figure is left out as not reported.
pub const MIN_REGULAR_APR: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

/// A regular or cash APR cell as a fraction, `None` when it is empty, not a number or
/// below [`MIN_REGULAR_APR`].
pub fn regular_apr(cell: Option<&str>) -> Option<Decimal> {
    cell.and_then(decimal).filter(|apr| *apr >= MIN_REGULAR_APR)
}

/// The median of the values (mean of the middle two for an even count).
pub fn median(values: &mut [Decimal]) -> Option<Decimal> {
    values.sort();
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values.get(middle).copied()
    } else {
        let low = values.get(middle.checked_sub(1)?)?;
        let high = values.get(middle)?;
        low.checked_add(*high)?.checked_div(Decimal::TWO)
    }
}

/// The targeted tier codes of a row, from `credit_tiers` (`{"1","2"}`).
fn tiers_of(row: Row<'_>) -> Vec<&'static str> {
    let set = row.text("credit_tiers");
    TIERS
        .iter()
        .map(|(code, _, _)| *code)
        .filter(|code| set.contains(&format!("\"{code}\"")))
        .collect()
}

/// The spec's credit label for a TCCP tier (FIELD-MAPPING.md 2e).
fn credit_label(tier: &str) -> Option<&'static str> {
    match tier {
        "0" | "1" => Some("Bad"),
        "2" => Some("Fair"),
        "3" => Some("Good"),
        _ => None,
    }
}

/// The items of a TCCP set column (`{"Chip card","Contactless"}`).
fn set_items(text: &str) -> Vec<String> {
    crate::csv::parse(text.trim_start_matches('{').trim_end_matches('}'))
        .ok()
        .and_then(|records| records.into_iter().next())
        .unwrap_or_default()
        .into_iter()
        .map(|item| item.trim().to_owned())
        .filter(|item| !item.is_empty())
        .collect()
}

/// The reward kind of the survey's cash back kind.
const CASH_BACK: &str = "Cash back";
/// The reward kind of the survey's travel kind.
const TRAVEL_REWARDS: &str = "Travel rewards";

/// The reward kind of one item of the survey's `rewards` set ("Cashback rewards",
/// "Travel-related rewards", "Other rewards").
fn reward_kind(item: &str) -> &'static str {
    if item.starts_with("Cashback") {
        CASH_BACK
    } else if item.starts_with("Travel") {
        TRAVEL_REWARDS
    } else {
        "Other rewards"
    }
}

/// "Cash back, travel rewards": the kinds in the survey's order, the first capitalised.
fn reward_kinds_text(kinds: &[&str]) -> Option<String> {
    let (first, rest) = kinds.split_first()?;
    let mut text = (*first).to_owned();
    for kind in rest {
        text.push_str(", ");
        text.push_str(&kind.to_lowercase());
    }
    Some(text)
}

fn card(
    row: Row<'_>,
    bonus_cards: &[BonusCard],
    medians: &BTreeMap<&'static str, Decimal>,
) -> Result<(Value, Option<String>), BuildError> {
    let bad = |message: String| BuildError::BadValue {
        file: TCCP_FILE.to_owned(),
        message,
    };
    let id = row
        .get("id")
        .ok_or_else(|| bad("a row has no id".to_owned()))?;
    // Spelled as the institution spells itself everywhere it is written: name, issuer,
    // notes and cons.
    let issuer = &crate::raw::proper_name(row.text("institution"));
    let name = row
        .get("product_name")
        .map(|n| marketed_name(issuer, n))
        .ok_or_else(|| bad(format!("{id}: no product_name")))?;
    let secured = row.text("secured") == "true";
    let business = name.to_lowercase().contains("business");
    let student = name.to_lowercase().contains("student");
    let rewards = set_items(row.text("rewards"));
    let features = set_items(row.text("features"));
    let tiers = tiers_of(row);
    let matched = match_bonus(row, &name, business, bonus_cards);
    let fraction = |column: &str| row.get(column).and_then(decimal);
    let apr = |column: &str| regular_apr(row.get(column));
    let pct = |column: &str| fraction(column).and_then(fraction_percent);
    let fee_pct = |column: &str| fraction(column).and_then(fraction_fee_percent);
    // A card whose survey figures hold cents ($12.50 late fee) shows every one of its
    // fees with cents ($0.00 annual fee), so one page's money reads alike.
    let has_cents = |v: Decimal| !v.round_dp(2).fract().is_zero();
    // The annual fee shown is the bonus dataset's when it names the card, else the survey's.
    let annual_fee = matched
        .and_then(|card| card.annual_fee)
        .or_else(|| fraction("annual_fee"));
    let with_cents = FEE_COLUMNS
        .iter()
        .filter_map(|column| fraction(column))
        .chain(annual_fee)
        .any(has_cents);
    let as_money = |amount: Decimal| {
        if with_cents {
            dollars_with_cents(amount)
        } else {
            dollars(amount)
        }
    };
    let money = |column: &str| fraction(column).map(as_money);
    let months = |column: &str| fraction(column).map(|m| m.trunc().normalize().to_string());

    let mut offer = RawOffer::new();
    offer
        .set("ID", format!("tccp-{id}"))
        .set("TYPE", "none")
        .set("NAME", name.clone())
        .set("ISSUER", issuer.as_str())
        .set("DETAILS_HTML_PAGE", id)
        .set("CARD_TYPE", if secured { "secured" } else { "unsecured" })
        .set("PICK_TYPE", if secured { "secured" } else { "unsecured" });

    // APRs.
    let regular = match (apr("apr_min"), apr("apr_max")) {
        (Some(low), Some(high)) if low != high => crate::raw::fraction_percent_range(low, high),
        (Some(apr), _) | (None, Some(apr)) => fraction_percent(apr),
        (None, None) => {
            let mut by_tier: Vec<Decimal> = TIERS
                .iter()
                .filter_map(|(_, column, _)| apr(column))
                .collect();
            by_tier.sort();
            match (by_tier.first(), by_tier.last()) {
                (Some(low), Some(high)) if low != high => {
                    crate::raw::fraction_percent_range(*low, *high)
                }
                (Some(apr), _) => fraction_percent(*apr),
                _ => None,
            }
        }
    };
    // The APR for each credit tier the survey reports it for (the card-value estimate).
    for ((_, column, _), field) in
        TIERS
            .iter()
            .zip(["APR_NO_SCORE", "APR_POOR", "APR_GOOD", "APR_GREAT"])
    {
        offer.set_opt(field, apr(column).and_then(fraction_percent));
    }
    offer.set(
        "REGULAR_PURCHASE_APR",
        regular
            .clone()
            .unwrap_or_else(|| APR_NOT_REPORTED.to_owned()),
    );
    // An intro rate that lasts 0 months is no intro offer (the survey writes 0.0 for both
    // when a plan has none), not "0.00% for 0 months".
    let lasts = |column: &str| !fraction(column).is_some_and(|m| m.trunc().is_zero());
    let intro = pct("intro_apr").filter(|_| lasts("intro_months"));
    let intro_months = months("intro_months").filter(|_| lasts("intro_months"));
    offer.flag("OFFERS_PURCHASE_INTRO_APR", intro.is_some());
    offer.set_opt("PURCHASE_INTRO_APR", intro.clone());
    offer.set_opt("PURCHASE_INTRO_APR_PERIOD", intro_months.clone());
    if let (Some(apr), Some(period)) = (&intro, &intro_months) {
        offer.set(
            "PURCHASE_INTRO_APR_COMBO",
            format!("{apr} for {period} months"),
        );
    }
    let bt = pct("bt_apr").filter(|_| lasts("bt_months"));
    let bt_months = months("bt_months").filter(|_| lasts("bt_months"));
    offer.flag("OFFERS_BT_INTRO_APR", bt.is_some());
    offer.set_opt("BT_INTRO_APR", bt.clone());
    offer.set_opt("BT_INTRO_APR_PERIOD", bt_months.clone());
    if let (Some(apr), Some(period)) = (&bt, &bt_months) {
        offer.set("BT_INTRO_APR_COMBO", format!("{apr} for {period} months"));
    }
    offer.set_opt("CASH_APR", apr("cash_apr").and_then(fraction_percent));
    offer.set_opt(
        "GRACE_PERIOD",
        months("grace_days").map(|d| format!("{d} days")),
    );

    // Market comparison: median APR over the card's targeted tiers.
    let mut pooled: Vec<Decimal> = tiers
        .iter()
        .filter_map(|t| medians.get(t).copied())
        .collect();
    if let Some(market) = median(&mut pooled).and_then(fraction_percent) {
        offer.set("MARKET_MEDIAN_APR", market);
        let labels: Vec<&str> = TIERS
            .iter()
            .filter(|(code, _, _)| tiers.contains(code))
            .map(|(_, _, label)| *label)
            .collect();
        offer.set("MARKET_MEDIAN_APR_TIER", labels.join(", "));
    }

    // Fees.
    let fee_text =
        |pct_column: &str, min_column: &str| match (fee_pct(pct_column), money(min_column)) {
            (Some(p), Some(m)) if fraction(min_column).is_some_and(|v| !v.is_zero()) => {
                Some(format!("{p} (min {m})"))
            }
            (Some(p), _) => Some(p),
            (None, Some(m)) => Some(m),
            (None, None) => None,
        };
    offer.set_opt("BT_FEE", fee_text("bt_fee_pct", "bt_fee_min"));
    offer.set_opt("CASH_ADVANCE_FEE", fee_text("cash_fee_pct", "cash_fee_min"));
    offer.set_opt("MONTHLY_FEE", money("monthly_fee"));
    offer.set_opt("LATE_FEE", money("late_fee"));
    let fee_free_abroad = features
        .iter()
        .any(|f| f.to_lowercase().contains("fee-free foreign"));
    let foreign = fee_pct("foreign_fee_pct").or_else(|| fee_free_abroad.then(|| "0%".to_owned()));
    offer.set_opt("FOREIGN_TRANSACTION_FEE", foreign.clone());

    // Eligibility.
    let min_tier = row.get("min_tier").or_else(|| tiers.first().copied());
    offer.set_opt("MIN_CREDIT_REQUIRED", min_tier.and_then(credit_label));
    offer.set_opt(
        "MIN_CREDIT_REQUIRED_LAST",
        tiers.last().copied().and_then(credit_label),
    );

    // Rewards.
    offer.flag("REWARDS", !rewards.is_empty());
    let kinds: Vec<&str> = rewards.iter().map(|r| reward_kind(r)).collect();
    offer.set_opt("REWARDS_REDEEM_TYPE", reward_kinds_text(&kinds));
    offer.set_opt("REWARD_DETAILS", row.get("other_rewards"));

    // Needs (community §3 need keys), derived from the data.
    let mut needs: Vec<&str> = Vec::new();
    let travel = kinds.contains(&TRAVEL_REWARDS);
    if business {
        if secured || min_tier == Some("0") || min_tier == Some("1") {
            needs.push("businessRebuild");
        }
        if !rewards.is_empty() {
            needs.push("businessRewards");
        }
        if travel {
            needs.push("businessTravel");
        }
        if intro.is_some() {
            needs.push("businessFinancing");
        }
        if bt.is_some() {
            needs.push("businessLoweringDebt");
        }
    } else {
        if secured {
            needs.push("rebuild");
        }
        if min_tier == Some("0") || min_tier == Some("1") {
            needs.push("improving");
        }
        if student {
            needs.push("student");
        }
        if !rewards.is_empty() {
            needs.push("rewards");
        }
        if travel {
            needs.push("travel");
        }
        if intro.is_some() {
            needs.push("financing");
        }
        if bt.is_some() {
            needs.push("lowerDebt");
        }
    }
    let (airline, hotel) = matched.map_or((false, false), |card| travel_kind(&card.currency));
    if !business && airline {
        needs.push("airline");
    }
    if !business && hotel {
        needs.push("hotel");
    }
    offer.set("ELIGIBLE_NEEDS", needs.join(","));

    // Tags: the filter-driving facts, derived from the data.
    let mut tags: Vec<String> = tiers.iter().map(|t| format!("tccp-tier-{t}")).collect();
    if business {
        tags.push("business".to_owned());
    }
    if student {
        tags.push("student".to_owned());
    }
    if airline {
        tags.push("airline".to_owned());
    }
    if hotel {
        tags.push("hotel".to_owned());
    }
    if row.text("requires_membership") == "true" {
        tags.push("membership-required".to_owned());
    }
    if let Some(availability) = row.get("availability") {
        tags.push(format!(
            "availability-{}",
            availability.to_lowercase().replace([' ', '/'], "-")
        ));
    }
    offer.set("TAGS", tags.join(","));
    offer.list("DESCRIPTION", &features, "__");
    if row.text("variable_rate") == "true" {
        offer.set("DISCLAIMER", "Variable APR.");
    }
    offer.set_opt(
        "RATES_FEES_URL",
        row.get("website")
            .map(|w| w.replacen("https: ", "https://", 1)),
    );

    // Enrichment from the bonus dataset.
    offer.set_opt("ANNUAL_FEE", annual_fee.map(as_money));
    let mut sources = vec![TCCP_SOURCE];
    if let Some(card) = matched {
        sources.push(BONUSES_SOURCE);
        offer.set("PID", card.card_id.clone());
        offer.set_opt("NETWORK", card.network.clone());
        offer.set_opt("REWARDS_INITIAL_BONUS", card.bonus.clone());
        if card.bonus.is_some() {
            offer.set(
                "REWARDS_INITIAL_BONUS_TOOLTIP",
                format!("Current offer in {BONUSES_SOURCE}."),
            );
        }
        if card.currency != "USD" && !card.currency.is_empty() {
            offer.set(
                "REWARDS_REDEEM_TYPE",
                format!("{} points", issuer_name(&card.currency)),
            );
        }
        if let Some(card_type) = classified_card_type(card) {
            offer.set("CARD_TYPE", card_type);
        }
        if card.fee_waived && card.annual_fee.is_some_and(|fee| !fee.is_zero()) {
            offer.set(
                "ANNUAL_FEE",
                format!(
                    "{} intro annual fee the first year, then {}",
                    as_money(Decimal::ZERO),
                    card.annual_fee.map(as_money).unwrap_or_default()
                ),
            );
        }
    }
    offer.set("SOURCE", sources.join("; "));
    offer.set(
        "SOURCE_URL",
        if matched.is_some() {
            format!("{TCCP_URL} ; {BONUSES_URL}")
        } else {
            TCCP_URL.to_owned()
        },
    );
    offer.set_opt("SOURCE_AS_OF", row.get("report_date"));
    offer.flag("ILLUSTRATIVE", false);

    // Editorial text generated from the data.
    let mut pros = Vec::new();
    let mut cons = Vec::new();
    match annual_fee {
        Some(fee) if fee.is_zero() => pros.push("No annual fee".to_owned()),
        Some(fee) => cons.push(format!("{} annual fee", as_money(fee))),
        None => {}
    }
    if let (Some(apr), Some(period)) = (&intro, &intro_months) {
        pros.push(format!("{apr} intro APR on purchases for {period} months"));
    }
    if let (Some(apr), Some(period)) = (&bt, &bt_months) {
        pros.push(format!(
            "{apr} intro APR on balance transfers for {period} months"
        ));
    }
    match foreign.as_deref() {
        Some("0%") => pros.push("No foreign transaction fee".to_owned()),
        Some(fee) => cons.push(format!("{fee} foreign transaction fee")),
        None => {}
    }
    if !rewards.is_empty() {
        pros.push(format!(
            "Earns {}",
            reward_kinds_text(&kinds).unwrap_or_default().to_lowercase()
        ));
    }
    if let Some(bonus) = matched.and_then(|card| card.bonus.as_ref()) {
        pros.push(format!("Sign-up bonus: {bonus}"));
    }
    if secured {
        cons.push("Requires a security deposit".to_owned());
    }
    if row.text("requires_membership") == "true" {
        cons.push(format!("Requires membership of {issuer}"));
    }
    offer.list("EDITORS_PROS", &pros, "|");
    offer.list("EDITORS_CONS", &cons, "|");
    offer.set("PROS_CONS_SOURCE", "SYSTEM");
    let kind = if secured { "secured card" } else { "card" };
    let audience = if business { "business " } else { "" };
    let mut note = format!("A {audience}{kind} from {issuer}");
    if let Some(apr) = &regular {
        note.push_str(&format!(" with a {apr} purchase APR"));
    }
    note.push_str(". Figures are as reported to the CFPB's TCCP survey");
    if matched.is_some() {
        note.push_str(", with the sign-up bonus and annual fee from credit-card-bonuses-api");
    }
    note.push('.');
    offer.set("EDITORS_NOTES", note);
    offer.set(
        "EDITORIAL_FIELDS",
        editorial_fields(matched.and_then(classified_card_type).is_some()),
    );
    Ok((offer.into_value(), matched.map(|card| card.card_id.clone())))
}

/// The bonus-dataset card of the same issuer and audience whose name key equals the TCCP
/// name's, or else whose name key is part of it, when exactly one matches.
fn match_bonus<'a>(
    row: Row<'_>,
    name: &str,
    business: bool,
    cards: &'a [BonusCard],
) -> Option<&'a BonusCard> {
    let issuer = row.get("issuer_key")?;
    let key = name_key(name);
    let candidates: Vec<(&BonusCard, BTreeSet<String>)> = cards
        .iter()
        .filter(|card| {
            (card.issuer == issuer || (issuer == "CAPITAL_ONE" && card.issuer == "DISCOVER"))
                && card.business == business
        })
        .map(|card| (card, name_key(&card.name)))
        .filter(|(_, card_key)| !card_key.is_empty())
        .collect();
    let only = |found: Vec<&'a BonusCard>| match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    // The same name, else the one card whose name of two words or more is part of the
    // plan's ("Southwest Priority" of "Southwest Rapid Rewards Priority Credit Card").
    only(
        candidates
            .iter()
            .filter(|(_, card_key)| *card_key == key)
            .map(|(card, _)| *card)
            .collect(),
    )
    .or_else(|| {
        only(
            candidates
                .iter()
                .filter(|(_, card_key)| card_key.len() >= 2 && card_key.is_subset(&key))
                .map(|(card, _)| *card)
                .collect(),
        )
    })
}

#[cfg(test)]
mod tests;
