//! Property tests of the offer model on generated data (site-core §3 "Card offer",
//! "RATE_INFO_STR"), using the crate's own `arbitrary` strategies. Needs the `proptest`
//! feature (`cargo test --all-features`).
#![cfg(feature = "proptest")]

use offer_model::{arbitrary, offer::Offer, rate_tiers::RateTiers};
use proptest::prelude::*;
use rust_decimal::Decimal;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn rate_tiers_print_and_parse_back(tiers in arbitrary::rate_tiers()) {
        prop_assert_eq!(RateTiers::parse(&tiers.to_string()), Ok(tiers));
    }

    #[test]
    fn canonical_rate_info_strings_parse_and_print_back_unchanged(raw in arbitrary::rate_info_string()) {
        let tiers = RateTiers::parse(&raw);
        prop_assert_eq!(tiers.map(|t| t.to_string()), Ok(raw));
    }

    #[test]
    fn rate_tiers_survive_serde(tiers in arbitrary::rate_tiers()) {
        let json = serde_json::to_string(&tiers).unwrap();
        prop_assert_eq!(serde_json::from_str::<RateTiers>(&json).unwrap(), tiers);
    }

    #[test]
    fn blended_apy_of_a_balance_inside_the_tiers_lies_between_min_and_max_apy(
        tiers in arbitrary::rate_tiers_from_zero(),
        fraction in 1u32..=10_000,
    ) {
        let (Some(min), Some(max)) = (tiers.min_apy(), tiers.max_apy()) else {
            return Err(TestCaseError::reject("no tiers"));
        };
        // The highest balance inside the tiers: the end of a closed last tier, or any
        // balance for an open-ended one.
        let last = tiers.tiers().last().copied().unwrap();
        let end = if last.is_open_ended() { last.low() + Decimal::from(1_000_000) } else { last.high() };
        prop_assume!(end > Decimal::ZERO);
        let balance = end * Decimal::from(fraction) / Decimal::from(10_000);
        prop_assume!(balance > Decimal::ZERO);
        let apy = tiers.blended_apy(balance).unwrap();
        prop_assert!(min <= apy && apy <= max, "{} not within {}..={} for {} in {}", apy, min, max, balance, tiers);
    }

    #[test]
    fn blended_apy_never_exceeds_the_max_apy_nor_goes_below_zero(
        tiers in arbitrary::rate_tiers(),
        balance in arbitrary::decimal(10_000_000, 2),
    ) {
        if let (Ok(apy), Some(max)) = (tiers.blended_apy(balance), tiers.max_apy()) {
            prop_assert!(Decimal::ZERO <= apy && apy <= max);
        }
    }

    #[test]
    fn highlighted_tier_has_its_low_at_or_below_the_balance(
        tiers in arbitrary::rate_tiers(),
        balance in arbitrary::decimal(300_000, 2),
    ) {
        if let Some(tier) = tiers.tier_for(balance) {
            prop_assert!(tier.low() <= balance);
        }
    }

    #[test]
    fn every_generated_offer_survives_the_raw_form(offer in arbitrary::offer()) {
        prop_assert_eq!(Offer::from_json(&offer.to_raw_json()), Ok(offer));
    }

    #[test]
    fn raw_offers_in_mixed_spellings_read_back_to_their_offer((offer, raw) in arbitrary::raw_offer()) {
        prop_assert_eq!(Offer::from_json(&raw), Ok(offer));
    }

    #[test]
    fn every_generated_offer_survives_serde_in_normal_form(offer in arbitrary::offer()) {
        let json = serde_json::to_string(&offer).unwrap();
        prop_assert_eq!(serde_json::from_str::<Offer>(&json).unwrap(), offer);
    }

    #[test]
    fn blending_never_panics_on_huge_balances(
        tiers in arbitrary::rate_tiers(),
        mantissa in any::<i128>(),
        scale in 0u32..=28,
    ) {
        let balance = Decimal::try_from_i128_with_scale(mantissa % 79_228_162_514_264_337_593_543_950_335, scale).unwrap_or(Decimal::MAX);
        let _ = tiers.blended_apy_rounded(balance);
        let _ = tiers.blended_apy_rounded(Decimal::MAX);
        let _ = tiers.tier_for(balance);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn offers_of_several_product_types_are_generated(offers in proptest::collection::vec(arbitrary::offer(), 64)) {
        // A check of the strategy itself: 64 offers cover several product types.
        let mut kinds: Vec<_> = offers.iter().map(|offer| offer.product_type).collect();
        kinds.sort();
        kinds.dedup();
        prop_assert!(kinds.len() >= 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Any offer has headlines, and one that earns rewards never reads "None".
    #[test]
    fn a_rewards_card_never_reads_none_for_what_it_earns(offer in arbitrary::offer()) {
        let headlines = offer_model::headline::CardHeadlines::of(&offer);
        if offer.rewards.has_rewards {
            prop_assert_ne!(headlines.earns.display(), "None");
        }
    }
}
