use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;

fn card(fields: Value) -> Offer {
    let mut raw = json!({"ID": "c1", "NAME": "Card", "TYPE": "none"});
    if let (Some(raw), Some(fields)) = (raw.as_object_mut(), fields.as_object()) {
        raw.extend(fields.clone());
    }
    Offer::from_json(&raw).unwrap()
}

#[test]
fn a_card_with_every_figure_has_none_missing() {
    let headlines = CardHeadlines::of(&card(json!({
        "REGULAR_PURCHASE_APR": "21.24%",
        "PURCHASE_INTRO_APR_COMBO": "0% for 21 months",
        "OFFERS_PURCHASE_INTRO_APR": "Y",
        "REWARDS": "Y", "REWARDS_BASE_RATE": "1.5%", "REWARDS_REDEEM_TYPE": "Cash back",
    })));
    assert_eq!(headlines.regular_apr.display(), "21.24%");
    assert_eq!(headlines.intro_apr.display(), "0% for 21 months");
    assert_eq!(headlines.earns.display(), "1.5% (Cash back)");
    assert!(headlines.missing().is_empty());
}

#[test]
fn the_intro_apr_names_its_period_and_a_rate_without_one_is_missing() {
    let with = |period: &str| {
        CardHeadlines::of(&card(json!({
            "OFFERS_PURCHASE_INTRO_APR": "Y", "PURCHASE_INTRO_APR": "0%",
            "PURCHASE_INTRO_APR_PERIOD": period,
        })))
        .intro_apr
    };
    assert_eq!(with("12").display(), "0% for 12 months");
    assert_eq!(with("1").display(), "0% for 1 month");
    assert_eq!(
        with("18 billing cycles").display(),
        "0% for 18 billing cycles"
    );
    assert_eq!(with(""), Headline::Missing);
    let flagged_without_rate = CardHeadlines::of(&card(json!({"OFFERS_PURCHASE_INTRO_APR": "Y"})));
    assert_eq!(flagged_without_rate.intro_apr, Headline::Missing);
}

#[test]
fn a_card_without_an_intro_offer_or_rewards_shows_none_and_is_not_missing_them() {
    let headlines = CardHeadlines::of(&card(json!({
        "REGULAR_PURCHASE_APR": "17.99%", "OFFERS_PURCHASE_INTRO_APR": "N", "REWARDS": "N",
    })));
    assert_eq!(headlines.intro_apr.display(), "None");
    assert_eq!(headlines.earns.display(), "None");
    assert!(headlines.missing().is_empty());
}

#[test]
fn a_card_that_earns_rewards_never_shows_none() {
    let kind_only = CardHeadlines::of(&card(json!({
        "REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back, travel rewards",
    })));
    assert_eq!(kind_only.earns.display(), "Cash back, travel rewards");
    let nothing_known = CardHeadlines::of(&card(json!({"REWARDS": "Y"})));
    assert_eq!(nothing_known.earns, Headline::Missing);
    assert_eq!(nothing_known.earns.display(), "N/A");
    let earn_rate = CardHeadlines::of(&card(json!({"REWARDS_EARN_RATE": "2%"})));
    assert_eq!(earn_rate.earns.display(), "2%");
}

#[test]
fn a_missing_regular_apr_is_named_and_a_stated_reason_is_shown() {
    let missing = CardHeadlines::of(&card(json!({"REWARDS": "N"})));
    assert_eq!(missing.missing(), vec!["regular APR"]);
    let reason = CardHeadlines::of(&card(json!({
        "REGULAR_PURCHASE_APR": "Not reported to the CFPB survey",
    })));
    assert_eq!(
        reason.regular_apr.display(),
        "Not reported to the CFPB survey"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_rate_with_any_kind_reads_as_the_rate_then_the_kind_in_parentheses(
        rate in prop_oneof![any::<String>(), "[0-9]{1,2}(\\.[0-9]{1,2})?%"],
        kind in prop::option::of(prop_oneof![any::<String>(), "[A-Za-z ,()]{0,20}"]),
    ) {
        let shown = with_kind(&rate, kind.as_deref());
        match kind.as_deref() {
            None => prop_assert_eq!(shown, rate),
            Some(kind) => {
                let inner = shown
                    .strip_prefix(rate.as_str())
                    .and_then(|rest| rest.strip_prefix(" ("))
                    .and_then(|rest| rest.strip_suffix(')'));
                prop_assert_eq!(inner, Some(kind));
            }
        }
    }
}
