//! Illustrative products for real institutions of the subset, where no public source gives
//! product-level terms: student, secured, gas-rewards and store credit cards, prepaid cards,
//! auto loans and mortgages. Every one is marked `ILLUSTRATIVE` = Y, its name ends
//! "(illustrative)", and its figures come from a fixed FNV-1a hash of the institution id and
//! product, so a rebuild gives the same bytes. Card APRs sit around the CFPB TCCP median APR
//! of the credit tiers the card targets, which each card keeps as `MARKET_MEDIAN_APR`.

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use crate::{
    cards::{TCCP_URL, TIERS},
    deposits::{ILLUSTRATIVE_EDITORIAL_FIELDS, NationalRates, OPEN_ENDED, RATES_URL, rate_info},
    institutions::{FDIC_URL, Institution, Kind, NCUA_URL},
    raw::{RawOffer, dollars, fnv1a, percent},
};

/// The credit union ceiling on loan rates, percent (12 CFR 701.21).
const FCU_RATE_CEILING: Decimal = Decimal::from_parts(18, 0, 0, false, 0);

/// A deterministic choice from `options` by the hash of `key`.
fn pick<T: Copy>(key: &str, options: &[T]) -> Option<T> {
    let len = u64::try_from(options.len()).ok()?;
    let index = fnv1a(key).checked_rem(len)?;
    options.get(usize::try_from(index).ok()?).copied()
}

/// The institutions of one kind whose rank is in `ranks`.
fn ranked(
    institutions: &[Institution],
    kind: Kind,
    ranks: std::ops::RangeInclusive<usize>,
) -> impl Iterator<Item = &Institution> {
    institutions
        .iter()
        .filter(move |i| i.kind == kind && ranks.contains(&i.rank))
}

/// The institutions with these FDIC certificates, in the order given.
fn by_cert<'a>(institutions: &'a [Institution], certs: &'a [&str]) -> Vec<&'a Institution> {
    certs
        .iter()
        .filter_map(|cert| {
            institutions
                .iter()
                .find(|i| i.kind == Kind::Bank && i.id == format!("fdic-{cert}"))
        })
        .collect()
}

fn kind_tag(institution: &Institution) -> &'static str {
    match institution.kind {
        Kind::Bank => "bank",
        Kind::CreditUnion => "credit-union",
    }
}

fn institution_url(institution: &Institution) -> &'static str {
    match institution.kind {
        Kind::Bank => FDIC_URL,
        Kind::CreditUnion => NCUA_URL,
    }
}

/// The common fields of every illustrative product.
fn base(institution: &Institution, key: &str, name: String) -> RawOffer {
    let id = format!("{}-{key}", institution.id);
    let mut offer = RawOffer::new();
    offer
        .set("ID", id.clone())
        .set("DETAILS_HTML_PAGE", id)
        .set("NAME", format!("{name} (illustrative)"))
        .set("ISSUER", institution.name.clone())
        .set("UID", institution.id.clone())
        .set("EDITORIAL_FIELDS", ILLUSTRATIVE_EDITORIAL_FIELDS)
        .set("PROS_CONS_SOURCE", "SYSTEM")
        .flag("ILLUSTRATIVE", true);
    offer
}

/// What varies between the illustrative card families.
struct CardFamily {
    key: &'static str,
    label: &'static str,
    card_type: &'static str,
    pick_type: &'static str,
    /// TCCP tier codes the card targets (for its market median APR).
    tiers: &'static [&'static str],
    min_credit: &'static str,
    needs: &'static [&'static str],
    tag: &'static str,
    annual_fees: &'static [i64],
    /// Percentage points added to the market median for the APR's low end.
    apr_offsets: &'static [i64],
    deposits: &'static [i64],
    /// Rewards: redeem type and earn rates (percent) on the card's category.
    rewards: Option<(&'static str, &'static [i64])>,
    /// What the card is for, in the editor's note.
    purpose: &'static str,
}

const STUDENT: CardFamily = CardFamily {
    key: "student-card",
    label: "Student Card",
    card_type: "unsecured",
    pick_type: "limited-college",
    tiers: &["0"],
    min_credit: "Limited History",
    needs: &["student", "improving"],
    tag: "student",
    annual_fees: &[0],
    apr_offsets: &[-4, -3, -2, -1, 0],
    deposits: &[],
    rewards: Some(("Cash back", &[1, 1, 2])),
    purpose: "students building a first credit history",
};

const SECURED: CardFamily = CardFamily {
    key: "secured-card",
    label: "Secured Card",
    card_type: "secured",
    pick_type: "secured",
    tiers: &["0", "1"],
    min_credit: "Bad",
    needs: &["rebuild", "improving"],
    tag: "secured",
    annual_fees: &[0, 0, 25, 35],
    apr_offsets: &[-5, -3, -1, 0],
    deposits: &[200, 250, 300, 500],
    rewards: None,
    purpose: "rebuilding credit with a refundable security deposit",
};

const GAS: CardFamily = CardFamily {
    key: "gas-rewards-card",
    label: "Gas Rewards Card",
    card_type: "unsecured",
    pick_type: "unsecured",
    tiers: &["2", "3"],
    min_credit: "Good",
    needs: &["rewards", "gas"],
    tag: "gas",
    annual_fees: &[0, 0, 0, 49],
    apr_offsets: &[-6, -4, -2, 0],
    deposits: &[],
    rewards: Some(("Cash back", &[2, 3, 4, 5])),
    purpose: "earning more on fuel",
};

const STORE_REWARDS: CardFamily = CardFamily {
    key: "store-rewards-card",
    label: "Store Rewards Card",
    card_type: "store card",
    pick_type: "unsecured",
    tiers: &["1", "2"],
    min_credit: "Fair",
    needs: &["storeRewards"],
    tag: "store",
    annual_fees: &[0],
    apr_offsets: &[1, 2, 3, 4],
    deposits: &[],
    rewards: Some(("Store credit", &[3, 5])),
    purpose: "shoppers of one retailer, usable only there",
};

const STORE_FINANCING: CardFamily = CardFamily {
    key: "store-financing-card",
    label: "Store Financing Card",
    card_type: "store card",
    pick_type: "unsecured",
    tiers: &["1", "2"],
    min_credit: "Fair",
    needs: &["storeFinancing", "storeRebuild"],
    tag: "store",
    annual_fees: &[0],
    apr_offsets: &[2, 3, 4, 5],
    deposits: &[],
    rewards: None,
    purpose: "financing large purchases at one retailer",
};

/// Illustrative credit cards: student cards for the 4 largest credit unions and 3 largest
/// banks, secured cards for the banks ranked 4 to 6 and credit unions ranked 5 and 6, gas
/// rewards cards for the banks ranked 7 to 10 and credit unions ranked 7 to 12, and a store
/// rewards and a store financing card for each store-card issuer of
/// [`crate::institutions::ISSUER_CERTS`].
pub fn cards(
    institutions: &[Institution],
    medians: &BTreeMap<&'static str, Decimal>,
    tccp_as_of: &str,
) -> Vec<Value> {
    let mut plan: Vec<(&Institution, &CardFamily)> = Vec::new();
    plan.extend(ranked(institutions, Kind::CreditUnion, 1..=4).map(|i| (i, &STUDENT)));
    plan.extend(ranked(institutions, Kind::Bank, 1..=3).map(|i| (i, &STUDENT)));
    plan.extend(ranked(institutions, Kind::Bank, 4..=6).map(|i| (i, &SECURED)));
    plan.extend(ranked(institutions, Kind::CreditUnion, 5..=6).map(|i| (i, &SECURED)));
    plan.extend(ranked(institutions, Kind::Bank, 7..=10).map(|i| (i, &GAS)));
    plan.extend(ranked(institutions, Kind::CreditUnion, 7..=12).map(|i| (i, &GAS)));
    for issuer in by_cert(institutions, &["27314", "27499", "57570", "33947", "7213"]) {
        plan.push((issuer, &STORE_REWARDS));
        plan.push((issuer, &STORE_FINANCING));
    }
    let mut cards: Vec<Value> = plan
        .into_iter()
        .filter_map(|(institution, family)| card(institution, family, medians, tccp_as_of))
        .collect();
    affiliate_samples(&mut cards);
    cards
}

/// Sample affiliate settings on the illustrative store rewards cards, one of each kind the
/// visibility rule tells apart (site-core §4 "Card link visibility"): an affiliate link for
/// everyone, for signed-out visitors only (scope `O`), for signed-in visitors only (scope
/// `I`), with the logged-in-only critical setting, and none. The catalogue has no
/// commercial relationships: these illustrative cards carry the settings so the rule is
/// seen on the pages, and their notes say so.
pub const AFFILIATE_SAMPLES: [(&str, &str); 4] = [
    ("", ""),
    ("AFFILIATE_INFLUENCE_SCOPE", "O"),
    ("AFFILIATE_INFLUENCE_SCOPE", "I"),
    (
        "CRITICAL_LOGGED_IN",
        "Sample message for signed-in visitors (illustrative)",
    ),
];

fn affiliate_samples(cards: &mut [Value]) {
    let store_rewards = cards
        .iter_mut()
        .filter(|card| crate::raw::id_of(card).ends_with(&format!("-{}", STORE_REWARDS.key)));
    for (card, (field, value)) in store_rewards.zip(AFFILIATE_SAMPLES) {
        let Some(fields) = card.as_object_mut() else {
            continue;
        };
        fields.insert("WH_AFFILIATE_LINK".to_owned(), Value::from("Y"));
        if !field.is_empty() {
            fields.insert(field.to_owned(), Value::from(value));
        }
        if let Some(Value::String(notes)) = fields.get_mut("EDITORS_NOTES") {
            notes.push_str(
                " Its affiliate link is a sample setting, not a real commercial relationship.",
            );
        }
    }
}

fn card(
    institution: &Institution,
    family: &CardFamily,
    medians: &BTreeMap<&'static str, Decimal>,
    tccp_as_of: &str,
) -> Option<Value> {
    let seed = format!("{}|{}", institution.id, family.key);
    let mut pooled: Vec<Decimal> = family
        .tiers
        .iter()
        .filter_map(|tier| medians.get(tier).copied())
        .collect();
    let median = crate::cards::median(&mut pooled)?;
    let median_pct = median.checked_mul(Decimal::ONE_HUNDRED)?.round_dp(2);
    let mut low = median_pct + Decimal::from(pick(&format!("{seed}|apr"), family.apr_offsets)?);
    if institution.kind == Kind::CreditUnion {
        low = low.min(FCU_RATE_CEILING);
    }
    let high = (low + Decimal::from(8)).min(if institution.kind == Kind::CreditUnion {
        FCU_RATE_CEILING
    } else {
        Decimal::from(36)
    });
    let apr = if high > low {
        format!("{} - {}", percent(low), percent(high))
    } else {
        percent(low)
    };
    let fee = Decimal::from(pick(&format!("{seed}|fee"), family.annual_fees)?);
    let foreign = pick(&format!("{seed}|ftf"), &[0_i64, 0, 1, 3])?;
    let tier_labels: Vec<&str> = TIERS
        .iter()
        .filter(|(code, _, _)| family.tiers.contains(code))
        .map(|(_, _, label)| *label)
        .collect();

    let mut pros = Vec::new();
    let mut cons = Vec::new();
    if fee.is_zero() {
        pros.push("No annual fee".to_owned());
    } else {
        cons.push(format!("{} annual fee", dollars(fee)));
    }
    if low < median_pct {
        pros.push(format!(
            "APR below the TCCP median for its credit tiers ({})",
            percent(median_pct)
        ));
    } else if low > median_pct {
        cons.push(format!(
            "APR above the TCCP median for its credit tiers ({})",
            percent(median_pct)
        ));
    }
    if foreign == 0 {
        pros.push("No foreign transaction fee".to_owned());
    } else {
        cons.push(format!("{foreign}% foreign transaction fee"));
    }

    let short = &institution.short_name;
    let mut offer = base(institution, family.key, format!("{short} {}", family.label));
    offer
        .set("TYPE", "none")
        .set("CARD_TYPE", family.card_type)
        .set("PICK_TYPE", family.pick_type)
        .set("ANNUAL_FEE", dollars(fee))
        .set("MONTHLY_FEE", "$0")
        .set("REGULAR_PURCHASE_APR", apr)
        .set("MARKET_MEDIAN_APR", percent(median_pct))
        .set("MARKET_MEDIAN_APR_TIER", tier_labels.join(", "))
        .set("MIN_CREDIT_REQUIRED", family.min_credit)
        .set("MIN_CREDIT_REQUIRED_LAST", family.min_credit)
        .set("FOREIGN_TRANSACTION_FEE", format!("{foreign}%"))
        .set(
            "LATE_FEE",
            dollars(Decimal::from(pick(
                &format!("{seed}|late"),
                &[25_i64, 29, 35],
            )?)),
        )
        .flag("OFFERS_PURCHASE_INTRO_APR", false)
        .flag("OFFERS_BT_INTRO_APR", false)
        .set("ELIGIBLE_NEEDS", family.needs.join(","))
        .set("TAGS", format!("{},{}", family.tag, kind_tag(institution)));
    if let Some(&deposit) = pick(&format!("{seed}|deposit"), family.deposits).as_ref() {
        offer.set("MIN_SECURITY_DEPOSIT", dollars(Decimal::from(deposit)));
        cons.push(format!(
            "Requires a refundable security deposit of at least {}",
            dollars(Decimal::from(deposit))
        ));
    }
    match family.rewards {
        Some((redeem, rates)) => {
            let rate = pick(&format!("{seed}|earn"), rates)?;
            let what = match family.tag {
                "gas" => format!("{rate}% back on gas, 1% on everything else"),
                "store" => format!("{rate}% back in store credit at the retailer"),
                _ => format!("{rate}% cash back on every purchase"),
            };
            offer
                .flag("REWARDS", true)
                .set("REWARDS_REDEEM_TYPE", redeem)
                .set("REWARDS_EARN_RATE", what.clone())
                .set("REWARDS_MAX_RATE", format!("{rate}%"))
                .set(
                    "REWARDS_BASE_RATE",
                    if family.tag == "gas" {
                        "1%".to_owned()
                    } else {
                        format!("{rate}%")
                    },
                );
            pros.push(format!("Earns {what}"));
        }
        None => {
            offer.flag("REWARDS", false);
        }
    }
    if family.tag == "store" {
        cons.push("Usable only at the retailer".to_owned());
        if family.needs.contains(&"storeFinancing") {
            offer.set(
                "PROMOTIONAL_HEADLINE",
                "Special financing on qualifying purchases (illustrative)",
            );
        }
    }
    offer
        .list("EDITORS_PROS", &pros, "|")
        .list("EDITORS_CONS", &cons, "|")
        .set(
            "EDITORS_NOTES",
            format!(
                "Illustrative card for {}: the APR, fees and rewards are generated around the CFPB TCCP median APR of its credit tiers ({} at {tccp_as_of}), not {}'s actual terms.",
                family.purpose,
                percent(median_pct),
                institution.name
            ),
        )
        .set(
            "SOURCE",
            "Illustrative; APR modelled on the CFPB Terms of Credit Card Plans survey",
        )
        .set("SOURCE_URL", TCCP_URL)
        .set("SOURCE_AS_OF", tccp_as_of);
    Some(offer.into_value())
}

/// Illustrative prepaid cards for the prepaid issuers of
/// [`crate::institutions::ISSUER_CERTS`], each with an optional savings feature whose tiered
/// rates are modelled on the FDIC national savings rate.
pub fn prepaid_cards(institutions: &[Institution], national: &NationalRates) -> Vec<Value> {
    let Some((savings, _)) = national.get("Savings", 0) else {
        return Vec::new();
    };
    by_cert(
        institutions,
        // The prepaid issuers of ISSUER_CERTS, then two large banks that issue prepaid
        // cards of their own (U.S. Bank, American Express National Bank).
        &["30776", "35444", "22653", "5962", "34699", "34403", "6548", "27471"],
    )
    .into_iter()
    .map(|institution| {
        let seed = format!("{}|prepaid", institution.id);
        let monthly = pick(&format!("{seed}|fee"), &[0_i64, 0, 500, 595, 995])
            .map_or(Decimal::ZERO, |cents| Decimal::new(cents, 2));
        let activation = pick(&format!("{seed}|activation"), &[0_i64, 0, 395])
            .map_or(Decimal::ZERO, |cents| Decimal::new(cents, 2));
        let atm = pick(&format!("{seed}|atm"), &[0_i64, 250, 300])
            .map_or(Decimal::ZERO, |cents| Decimal::new(cents, 2));
        let boost = Decimal::from(pick(&format!("{seed}|boost"), &[5_i64, 10, 20]).unwrap_or(5));
        let first = round_rate(savings * boost);
        let second = round_rate(savings);
        let (info, top) = rate_info(&[
            ("0", "999.99", first),
            ("1000", OPEN_ENDED, second),
        ]);
        let mut pros = vec!["No credit check: not a credit card".to_owned()];
        let mut cons = Vec::new();
        if monthly.is_zero() {
            pros.push("No monthly fee".to_owned());
        } else {
            cons.push(format!("{} monthly fee", dollars(monthly)));
        }
        if activation.is_zero() {
            pros.push("No activation fee".to_owned());
        } else {
            cons.push(format!("{} activation fee", dollars(activation)));
        }
        pros.push(format!(
            "Savings feature: {} APY on the first $1,000",
            percent(crate::deposits::apy_of(first))
        ));
        let short = &institution.short_name;
        let mut offer = base(institution, "prepaid-card", format!("{short} Prepaid Debit Card"));
        offer
            .set("TYPE", "ppd")
            .set("PDT_TYPE", "Prepaid Card")
            .set("CARD_TYPE", "prepaid")
            .set("MONTHLY_FEE", dollars(monthly))
            .set("ACTIVATION_FEE", dollars(activation))
            .set("ATM_TX_FEE", dollars(atm))
            .set("MIN_TO_OPEN", "$0")
            .set("APY", percent(top))
            .set("RATE_INFO_STR", info)
            .set("TAGS", kind_tag(institution))
            .list("EDITORS_PROS", &pros, "|")
            .list("EDITORS_CONS", &cons, "|")
            .set(
                "EDITORS_NOTES",
                format!(
                    "Illustrative prepaid card: the fees and the savings feature's rates are generated around the FDIC national savings rate ({} APY at {}), not {}'s actual terms.",
                    percent(savings),
                    national.as_of,
                    institution.name
                ),
            )
            .set(
                "SOURCE",
                "Illustrative; savings rates modelled on FDIC national rates and rate caps",
            )
            .set("SOURCE_URL", RATES_URL)
            .set("SOURCE_AS_OF", national.as_of.clone());
        offer.into_value()
    })
    .collect()
}

/// A rate in percent to 2 decimals, at least 0.01.
fn round_rate(value: Decimal) -> Decimal {
    value
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        .max(Decimal::new(1, 2))
}

/// Illustrative auto loans (new and used car) for the 5 largest banks and credit unions,
/// and mortgages (30-year purchase; also refinance for the 3 largest banks) for the 5
/// largest banks and 3 largest credit unions. No source in the data gives loan rates: the
/// APR ranges are illustrative, capped at 18% for credit unions.
pub fn loans(institutions: &[Institution]) -> Vec<Value> {
    let mut offers = Vec::new();
    let auto = institutions
        .iter()
        .filter(|i| i.rank <= 5)
        .flat_map(|i| [(i, "New Car"), (i, "Used Car")]);
    for (institution, purpose) in auto {
        let key = format!("auto-loan-{}", crate::raw::slug(purpose));
        let seed = format!("{}|{key}", institution.id);
        let hash = fnv1a(&seed);
        let mut low = Decimal::new(449, 2) + Decimal::new(50, 2) * Decimal::from(hash % 5);
        if purpose == "Used Car" {
            low += Decimal::ONE;
        }
        let mut high = low + Decimal::from(10 + (hash / 8) % 5);
        if institution.kind == Kind::CreditUnion {
            high = high.min(FCU_RATE_CEILING);
        }
        let max_term = pick(&format!("{seed}|term"), &[72_u32, 84]).unwrap_or(72);
        let short = &institution.short_name;
        let mut offer = base(institution, &key, format!("{short} {purpose} Loan"));
        offer
            .set("TYPE", "prsn")
            .set("PDT_TYPE", "Auto Loans")
            .set("LOAN_PURPOSE", purpose)
            .set("APR", percent(low))
            .set(
                "APR_ADDITIONAL_INFO",
                format!("Fixed APR from {} to {} (illustrative)", percent(low), percent(high)),
            )
            .set("ORIG_FEE", "0%")
            .set("TERM", "24")
            .set("MAX_TERM", max_term.to_string())
            .set("MIN_CREDIT_REQUIRED", "Fair")
            .set("TAGS", kind_tag(institution))
            .list(
                "EDITORS_PROS",
                &[
                    "No origination fee".to_owned(),
                    format!("Terms up to {max_term} months"),
                ],
                "|",
            )
            .set(
                "EDITORS_NOTES",
                format!(
                    "Illustrative {} loan: the APR range and terms are generated, not {}'s actual terms; no public source gives product-level loan terms.",
                    purpose.to_lowercase(),
                    institution.name
                ),
            )
            .set("SOURCE", "Illustrative; institution from the FDIC or NCUA list")
            .set("SOURCE_URL", institution_url(institution))
            .set("SOURCE_AS_OF", institution.as_of.clone());
        offers.push(offer.into_value());
    }
    let mortgages = institutions
        .iter()
        .filter(|i| match i.kind {
            Kind::Bank => i.rank <= 5,
            Kind::CreditUnion => i.rank <= 3,
        })
        .flat_map(|i| {
            let refinance = i.kind == Kind::Bank && i.rank <= 3;
            [Some((i, "P")), refinance.then_some((i, "R"))]
        })
        .flatten();
    for (institution, sub_type) in mortgages {
        let (key, label) = match sub_type {
            "R" => ("mortgage-refinance", "30-Year Fixed Refinance"),
            _ => ("mortgage-purchase", "30-Year Fixed Mortgage"),
        };
        let seed = format!("{}|{key}", institution.id);
        let hash = fnv1a(&seed);
        let apr = Decimal::new(6250, 3) + Decimal::new(125, 3) * Decimal::from(hash % 8);
        let points = Decimal::new(25, 2) * Decimal::from((hash / 8) % 5);
        let short = &institution.short_name;
        let mut pros = vec!["Fixed rate for the whole term".to_owned()];
        let mut cons = Vec::new();
        if points.is_zero() {
            pros.push("No origination fee".to_owned());
        } else {
            cons.push(format!("Origination fee {} of the loan", percent(points)));
        }
        let mut offer = base(institution, key, format!("{short} {label}"));
        offer
            .set("TYPE", "prsn")
            .set("PDT_TYPE", "Mortgage")
            .set("SUB_TYPE", sub_type)
            .set("APR", percent(apr))
            .set("APR_ADDITIONAL_INFO", "30-year fixed APR (illustrative)")
            .set("ORIG_FEE", percent(points))
            .set("TERM", "360")
            .set("MAX_TERM", "360")
            .set("MIN_CREDIT_REQUIRED", "Good")
            .set("TAGS", kind_tag(institution))
            .list("EDITORS_PROS", &pros, "|")
            .list("EDITORS_CONS", &cons, "|")
            .set(
                "EDITORS_NOTES",
                format!(
                    "Illustrative mortgage: the APR and fee are generated, not {}'s actual terms; no public source gives product-level mortgage terms.",
                    institution.name
                ),
            )
            .set("SOURCE", "Illustrative; institution from the FDIC or NCUA list")
            .set("SOURCE_URL", institution_url(institution))
            .set("SOURCE_AS_OF", institution.as_of.clone());
        offers.push(offer.into_value());
    }
    offers
}

/// The TCCP report date of the card data, for the illustrative cards' `SOURCE_AS_OF`.
pub fn tccp_as_of(tccp: &crate::csv::Table) -> Option<String> {
    tccp.rows()
        .filter_map(|row| row.get("report_date"))
        .max()
        .map(str::to_owned)
}

#[cfg(test)]
mod tests;
