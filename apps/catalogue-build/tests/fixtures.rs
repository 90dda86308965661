//! Checks of the committed catalogue fixtures (`fixtures/catalogue/*.json`) and the
//! large-bank list beside them (`fixtures/large-banks.json`). They read only committed
//! files, so they run without the shared data.
#![cfg(test)]

use std::collections::BTreeSet;

use offer_model::{offer::Offer, product_type::ProductType};
use serde_json::Value;

/// Every committed catalogue file with its name.
fn files() -> [(&'static str, &'static str); 4] {
    [
        (
            "credit-cards.json",
            include_str!("../../../fixtures/catalogue/credit-cards.json"),
        ),
        (
            "institutions.json",
            include_str!("../../../fixtures/catalogue/institutions.json"),
        ),
        (
            "deposits.json",
            include_str!("../../../fixtures/catalogue/deposits.json"),
        ),
        (
            "loans.json",
            include_str!("../../../fixtures/catalogue/loans.json"),
        ),
    ]
}

/// Every raw offer with its file name.
fn raw_offers() -> Vec<(&'static str, Value)> {
    files()
        .into_iter()
        .flat_map(|(name, text)| {
            let list: Vec<Value> = serde_json::from_str(text).unwrap();
            list.into_iter().map(move |offer| (name, offer))
        })
        .collect()
}

fn offers() -> Vec<(Value, Offer)> {
    raw_offers()
        .into_iter()
        .map(|(name, raw)| {
            let offer =
                Offer::from_json(&raw).unwrap_or_else(|error| panic!("{name}: {raw}: {error}"));
            (raw, offer)
        })
        .collect()
}

#[test]
fn every_offer_reads_without_error() {
    let offers = offers();
    assert!(offers.len() > 500, "{}", offers.len());
}

#[test]
fn ids_are_unique_across_files() {
    let mut seen = BTreeSet::new();
    for (_, offer) in offers() {
        let id = offer.identity.id.as_str().to_owned();
        assert!(seen.insert(id.clone()), "duplicate id {id}");
    }
}

#[test]
fn each_file_is_sorted_by_id() {
    for (name, text) in files() {
        let list: Vec<Value> = serde_json::from_str(text).unwrap();
        let ids: Vec<&str> = list.iter().map(|o| o["ID"].as_str().unwrap()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted, "{name}");
    }
}

#[test]
fn files_are_in_the_builders_pretty_form() {
    for (name, text) in files() {
        let list: Vec<Value> = serde_json::from_str(text).unwrap();
        let again = serde_json::to_string_pretty(&list).unwrap() + "\n";
        assert!(again == text, "{name} is not as the builder writes it");
    }
}

#[test]
fn every_product_type_the_public_data_names_appears() {
    let types: BTreeSet<ProductType> = offers().iter().map(|(_, o)| o.product_type).collect();
    for wanted in [
        ProductType::CreditCard,
        ProductType::Savings,
        ProductType::Cd,
        ProductType::Institution,
    ] {
        assert!(types.contains(&wanted), "{wanted:?} is missing");
    }
}

#[test]
fn every_cd_term_the_scenarios_use_appears() {
    let terms: BTreeSet<String> = offers()
        .iter()
        .filter(|(_, o)| o.product_type == ProductType::Cd)
        .filter_map(|(raw, _)| raw["TERM"].as_str().map(str::to_owned))
        .collect();
    for term in ["3", "6", "12", "24", "36", "60"] {
        assert!(terms.contains(term), "no {term}-month CD");
    }
}

#[test]
fn every_deposit_product_has_a_rate_table_ending_open_ended() {
    for (raw, offer) in offers() {
        if !matches!(
            offer.product_type,
            ProductType::Checking
                | ProductType::Savings
                | ProductType::MoneyMarket
                | ProductType::Cd
                | ProductType::Prepaid
        ) {
            continue;
        }
        let tiers = &offer.banking.rate_tiers;
        assert!(
            !tiers.is_empty(),
            "{}: {:?}",
            raw["ID"],
            raw["RATE_INFO_STR"]
        );
        assert!(
            raw["RATE_INFO_STR"]
                .as_str()
                .unwrap()
                .split(',')
                .next_back()
                .unwrap()
                .contains("|99999999|"),
            "{}: top tier is not open-ended",
            raw["ID"]
        );
    }
}

#[test]
fn every_offer_has_a_source_and_an_as_of_date() {
    for (raw, offer) in offers() {
        assert!(offer.provenance.source.is_some(), "{}", raw["ID"]);
        assert!(offer.provenance.source_url.is_some(), "{}", raw["ID"]);
        assert!(offer.provenance.source_as_of.is_some(), "{}", raw["ID"]);
    }
}

/// No generated product is shipped (issue "Nothing untrue on the page"): every offer is
/// a named product of its source, no name says "illustrative", and the kinds the public data
/// has no named products of are absent rather than made up.
#[test]
fn no_generated_product_is_shipped() {
    let offers = offers();
    for (raw, offer) in &offers {
        assert!(!offer.provenance.illustrative, "{}", raw["ID"]);
        let name = offer.identity.name.as_str().to_lowercase();
        assert!(!name.contains("illustrative"), "{}: {name}", raw["ID"]);
        assert!(!name.contains("sample"), "{}: {name}", raw["ID"]);
    }
    for kind in [
        ProductType::Checking,
        ProductType::MoneyMarket,
        ProductType::Prepaid,
        ProductType::PersonalLoan,
        ProductType::AutoLoan,
        ProductType::Mortgage,
    ] {
        let count = offers
            .iter()
            .filter(|(_, o)| o.product_type == kind)
            .count();
        assert_eq!(count, 0, "{kind:?}: no public source names such products");
    }
    // Every deposit account is one of the two named sources: the CD table or the
    // savings tracker.
    for (raw, offer) in &offers {
        if matches!(offer.product_type, ProductType::Savings | ProductType::Cd) {
            let id = offer.identity.id.as_str();
            assert!(
                id.starts_with("cd-") || id.starts_with("hysa-"),
                "{}",
                raw["ID"]
            );
        }
    }
}

#[test]
fn editorial_text_is_declared_editorial() {
    for (raw, offer) in offers() {
        for field in [
            "EDITORS_NOTES",
            "EDITORS_PROS",
            "EDITORS_CONS",
            "RATING",
            "WH_RATINGS",
            "WH_RATINGS_NEEDS",
        ] {
            if raw.get(field).is_some() {
                assert!(
                    offer.provenance.editorial_fields.iter().any(|f| f == field),
                    "{}: {field} is not in EDITORIAL_FIELDS",
                    raw["ID"]
                );
            }
        }
    }
}

#[test]
fn card_types_we_classified_are_declared_editorial() {
    let mut classified = 0;
    for (raw, offer) in offers() {
        let card_type = offer.identity.card_type.as_deref().unwrap_or_default();
        if matches!(card_type, "charge card" | "store card") {
            classified += 1;
            assert!(
                offer
                    .provenance
                    .editorial_fields
                    .iter()
                    .any(|f| f == "CARD_TYPE"),
                "{}",
                raw["ID"]
            );
        }
    }
    assert!(classified >= 10, "{classified}");
}

#[test]
fn deposit_and_loan_products_belong_to_a_catalogue_institution() {
    let offers = offers();
    let institutions: BTreeSet<&str> = offers
        .iter()
        .filter(|(_, o)| o.product_type == ProductType::Institution)
        .map(|(_, o)| o.identity.id.as_str())
        .collect();
    // A deposit account or loan that names its institution (`UID`) names one of the
    // catalogue's; the others' institutions are not in the FDIC and NCUA subset.
    let mut linked = 0;
    for (raw, offer) in &offers {
        if (offer.product_type.is_deposit_account() || offer.product_type.is_loan())
            && let Some(uid) = offer.identity.uid.as_deref()
        {
            assert!(institutions.contains(uid), "{}: {uid}", raw["ID"]);
            linked += 1;
        }
    }
    assert!(linked >= 100, "{linked}");
}

#[test]
fn cards_keep_the_market_median_apr_of_their_tiers() {
    let cards: Vec<(Value, Offer)> = offers()
        .into_iter()
        .filter(|(_, o)| o.product_type == ProductType::CreditCard)
        .collect();
    assert!(cards.len() >= 90);
    // Every card with a credit tier (the TCCP cards) keeps the TCCP
    // median APR of its tiers; cards of the bonus dataset alone have no tier.
    for (raw, offer) in &cards {
        let has_tier = offer.eligibility.min_credit_required.is_some();
        let has_median =
            offer.rates.market_median_apr.is_some() && offer.rates.market_median_apr_tier.is_some();
        assert_eq!(has_tier, has_median, "{}", raw["ID"]);
    }
    let tccp = cards
        .iter()
        .filter(|(raw, _)| {
            raw["SOURCE"]
                .as_str()
                .unwrap_or_default()
                .starts_with("CFPB")
        })
        .count();
    // The survey's 663 plans, less the 15 sold under a name another plan of the same
    // institution already has.
    assert_eq!(tccp, 648);
}

#[test]
fn every_product_is_rated_and_no_institution_is() {
    for (raw, offer) in offers() {
        let rated = offer.ratings.rating.is_some();
        assert_eq!(
            rated,
            offer.product_type != ProductType::Institution,
            "{}",
            raw["ID"]
        );
        // No member reviews exist yet, so none are claimed.
        assert_eq!(offer.ratings.reviews, None, "{}", raw["ID"]);
        if let Some(need) = offer.needs.rated_needs.first() {
            assert!(offer.ratings.wh_rating.is_some(), "{}", raw["ID"]);
            assert!(offer.needs.eligible_needs.contains(need), "{}", raw["ID"]);
        }
    }
}

#[test]
fn every_offer_has_a_unique_details_page() {
    let mut pages = BTreeSet::new();
    for (raw, offer) in offers() {
        let page = offer.identity.details_html_page.clone();
        assert!(page.is_some(), "{} has no details page", raw["ID"]);
        assert!(pages.insert(page.clone()), "{page:?} twice");
    }
}

#[test]
fn the_readme_size_tables_match_the_fixtures_and_routes() {
    let offers: Vec<Offer> = offers().into_iter().map(|(_, offer)| offer).collect();
    let view = catalogue_build::readme::view(offers, include_str!("../../../fixtures/routes.json"))
        .unwrap();
    let tables = catalogue_build::readme::size_tables(&view);
    let readme = include_str!("../../../fixtures/README.md");
    let expected = catalogue_build::readme::update(readme, &tables).unwrap();
    assert!(
        expected == readme,
        "fixtures/README.md size tables are stale: run `just build-fixtures`; expected:\n{tables}"
    );
}

/// The committed large-bank list.
fn large_banks() -> Value {
    serde_json::from_str(include_str!("../../../fixtures/large-banks.json")).unwrap()
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item.as_str().unwrap())
        .collect()
}

#[test]
fn every_large_bank_name_is_spelled_as_an_issuer_of_the_catalogue() {
    let issuers: BTreeSet<String> = raw_offers()
        .into_iter()
        .filter_map(|(_, raw)| raw["ISSUER"].as_str().map(str::to_owned))
        .collect();
    let list = large_banks();
    let banks = strings(&list["banks"]);
    let mut sorted = banks.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(banks, sorted, "sorted, each name once");
    for name in &banks {
        assert!(
            issuers.contains(*name),
            "{name:?} is no ISSUER of the catalogue"
        );
    }
    assert!(list["source"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(list["about"].as_str().is_some_and(|s| !s.is_empty()));
}

#[test]
fn every_large_bank_is_an_institution_of_the_catalogue_with_all_its_names_listed() {
    let list = large_banks();
    let institutions: Vec<(Value, Offer)> = offers()
        .into_iter()
        .filter(|(_, o)| o.product_type == ProductType::Institution)
        .collect();
    let mut named = BTreeSet::new();
    for bank in list["institutions"].as_array().unwrap() {
        let id = format!("fdic-{}", bank["cert"].as_str().unwrap());
        let (raw, _) = institutions
            .iter()
            .find(|(_, o)| o.identity.id.as_str() == id)
            .unwrap_or_else(|| panic!("{id} is not an institution of the catalogue"));
        let names = strings(&bank["issuerNames"]);
        assert!(names.contains(&raw["ISSUER"].as_str().unwrap()), "{id}");
        named.extend(names);
    }
    assert_eq!(named, strings(&list["banks"]).into_iter().collect());
    // Its largest banks: the 30 FDIC-insured banks of $100 billion or more at 2025-09-30.
    assert_eq!(list["institutions"].as_array().unwrap().len(), 30);
}

/// The fixtures check: every product is a named product of its source (none generated)
/// and shows its figures (a card its regular APR, intro APR with period and what it earns).
#[test]
fn every_product_is_real_and_shows_its_figures() {
    let offers: Vec<Offer> = offers().into_iter().map(|(_, offer)| offer).collect();
    let shortfalls: Vec<String> = catalogue_build::coverage::shortfalls(&offers)
        .into_iter()
        .map(|shortfall| shortfall.0)
        .collect();
    assert!(shortfalls.is_empty(), "{shortfalls:#?}");
}

/// Every tracked savings account charts its own APY: two points or more, oldest first,
/// the last at the APY it shows; survey cards carry the APRs of the tiers they target.
#[test]
fn tracked_accounts_carry_their_apy_history_and_survey_cards_their_tier_aprs() {
    let all = offers();
    let tracked: Vec<&Offer> = all
        .iter()
        .map(|(_, offer)| offer)
        .filter(|offer| offer.identity.id.as_str().starts_with("hysa-"))
        .collect();
    assert_eq!(tracked.len(), 6);
    for offer in tracked {
        let history = &offer.banking.apy_history;
        assert!(history.len() >= 2, "{}", offer.identity.id.as_str());
        let days: Vec<&str> = history
            .iter()
            .map(|p| p.split(':').next().unwrap())
            .collect();
        assert!(days.windows(2).all(|w| w[0] < w[1]), "{history:?}");
        let last: rust_decimal::Decimal = history
            .last()
            .unwrap()
            .split(':')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            offer
                .banking
                .apy
                .as_ref()
                .and_then(offer_model::Amount::value),
            Some(last)
        );
    }
    let with_tier_aprs = all
        .iter()
        .filter(|(_, offer)| offer.rates.apr_good.is_some() || offer.rates.apr_great.is_some())
        .count();
    assert!(
        with_tier_aprs >= 380,
        "{with_tier_aprs} cards with a tier APR"
    );
}

/// Every shipped card's overall rating is the published method applied to its breakdown as
/// its page shows it, and its need rating is the method's rating for that need.
#[test]
fn every_card_rating_follows_its_breakdown_by_the_published_method() {
    use catalogue::breakdown::{best_need, card_breakdown, card_rating};
    use rust_decimal::{Decimal, RoundingStrategy};
    let mut cards = 0;
    for (raw, offer) in offers() {
        if offer.product_type != ProductType::CreditCard {
            continue;
        }
        cards += 1;
        let by_hand: Decimal = card_breakdown(&offer)
            .iter()
            .filter_map(|category| {
                let weight = Decimal::from(category.weight?);
                let shown = category
                    .rating
                    .map_or(Decimal::new(25, 1), |rating| rating.value());
                Some(shown * weight / Decimal::from(100))
            })
            .sum::<Decimal>()
            .round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero);
        let id = offer.identity.id.as_str();
        assert_eq!(card_rating(&offer).value(), by_hand, "{id}");
        assert_eq!(raw["RATING"], card_rating(&offer).to_string(), "{id}");
        match best_need(&offer) {
            Some((need, rating)) => {
                assert_eq!(raw["WH_RATINGS_NEEDS"], need.key(), "{id}");
                assert_eq!(raw["WH_RATINGS"], rating.to_string(), "{id}");
            }
            None => assert_eq!(raw.get("WH_RATINGS"), None, "{id}"),
        }
    }
    assert!(cards > 500, "{cards} cards");
}

/// `/rating-methodologies` states the card method word for word, and the method's text names
/// every weight the code uses.
#[test]
fn the_methodology_page_states_the_method_the_ratings_follow() {
    use catalogue::breakdown::{CARD_METHOD, OVERALL_WEIGHTS};
    let pages: Value =
        serde_json::from_str(include_str!("../../../fixtures/content/pages.json")).unwrap();
    let list = pages
        .as_array()
        .or_else(|| pages["pages"].as_array())
        .unwrap();
    let page = list
        .iter()
        .find(|page| page["path"] == "/rating-methodologies")
        .unwrap();
    let section = page["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|section| section["heading"] == "How credit cards are rated")
        .unwrap();
    assert_eq!(section["paragraphs"][0], CARD_METHOD);
    for (category, weight) in OVERALL_WEIGHTS {
        let label = category.label().to_lowercase();
        assert!(
            CARD_METHOD
                .to_lowercase()
                .contains(&format!("{label} {weight}%")),
            "{label} {weight}%"
        );
    }
}

/// The page states the need weights word for word, and their percentages are the code's.
#[test]
fn the_methodology_page_states_the_need_weights_the_code_uses() {
    use catalogue::breakdown::{NEED_METHOD, need_weights};
    use offer_model::needs::NeedKey;
    let pages: Value =
        serde_json::from_str(include_str!("../../../fixtures/content/pages.json")).unwrap();
    let section = pages["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|page| page["path"] == "/rating-methodologies")
        .and_then(|page| {
            page["sections"]
                .as_array()?
                .iter()
                .find(|section| section["heading"] == "How credit cards are rated")
        })
        .unwrap();
    assert_eq!(section["paragraphs"][1], NEED_METHOD);
    let stated: Vec<u8> = NEED_METHOD
        .split('%')
        .filter_map(|part| part.rsplit(' ').next()?.parse().ok())
        .collect();
    let coded: Vec<u8> = [
        NeedKey::Rewards,
        NeedKey::Travel,
        NeedKey::Financing,
        NeedKey::LowerDebt,
        NeedKey::Rebuild,
    ]
    .into_iter()
    .flat_map(|need| need_weights(need).iter().map(|(_, weight)| *weight))
    .collect();
    assert_eq!(stated, coded);
}

/// Money reads alike on a card's page: its fees, and the editor's cons that name them
/// ("$75 annual fee"), all show cents ($0.00 beside $12.50) or none do ($0 beside $25).
#[test]
fn a_cards_fees_all_show_cents_or_none_do() {
    const FEE_FIELDS: [&str; 6] = [
        "ANNUAL_FEE",
        "MONTHLY_FEE",
        "LATE_FEE",
        "BT_FEE",
        "CASH_ADVANCE_FEE",
        "EDITORS_CONS",
    ];
    let mut mixed = Vec::new();
    for (name, raw) in raw_offers() {
        let amounts: Vec<&str> = FEE_FIELDS
            .iter()
            .filter_map(|field| raw.get(*field).and_then(Value::as_str))
            .flat_map(|text| text.split('$').skip(1))
            .collect();
        let with_cents = amounts
            .iter()
            .filter(|amount| {
                let digits: String = amount
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
                    .collect();
                digits.trim_end_matches('.').contains('.')
            })
            .count();
        if with_cents != 0 && with_cents != amounts.len() {
            mixed.push(format!("{name} {}: {amounts:?}", raw["ID"]));
        }
    }
    assert!(mixed.is_empty(), "{} cards: {mixed:#?}", mixed.len());
}

/// Rates read alike on every page: each percent in a rate field or a text built from one
/// has two decimals ("2.90% for 6 months", not "2.9%"), and no intro offer lasts 0 months.
#[test]
fn every_rate_has_two_decimals_and_every_intro_a_period() {
    const RATE_FIELDS: [&str; 12] = [
        "APY",
        "REGULAR_PURCHASE_APR",
        "PURCHASE_INTRO_APR",
        "PURCHASE_INTRO_APR_COMBO",
        "BT_INTRO_APR",
        "BT_INTRO_APR_COMBO",
        "CASH_APR",
        "MARKET_MEDIAN_APR",
        "APR_NO_SCORE",
        "APR_POOR",
        "APR_GOOD",
        "APR_GREAT",
    ];
    let mut wrong = Vec::new();
    for (name, raw) in raw_offers() {
        for field in RATE_FIELDS {
            let Some(text) = raw.get(field).and_then(Value::as_str) else {
                continue;
            };
            // The number before each percent sign must end in a point and two digits.
            let short = text.split('%').rev().skip(1).any(|before| {
                let number: String = before
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                let cents = number.find('.').unwrap_or(usize::MAX);
                cents != 2
            });
            if short || text.contains(" for 0 months") {
                wrong.push(format!("{name} {}: {field} {text:?}", raw["ID"]));
            }
        }
    }
    assert!(wrong.is_empty(), "{} fields: {wrong:#?}", wrong.len());
}
