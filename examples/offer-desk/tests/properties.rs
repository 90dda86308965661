//! Property tests written from outside, with the strategies the crates export behind their
//! `proptest` feature: how a suite elsewhere generates valid offers, ratings and questions.

use catalogue::QueryField;
use offer_desk::{DeskError, best_cards_for, check_question, read_offers, shown_fee};
use offer_model::{Offer, ProductType, arbitrary as offers, needs::NeedKey};
use proptest::{collection::vec, prelude::*, sample::select};
use qna_validation::{arbitrary as questions, constants::QUESTION_MAX_CHARS};
use ratings::{Rating, arbitrary as stars};

proptest! {
    // Bounded: these run in the site's `just test`.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any valid offer, written as raw JSON with keys in either case, reads back as itself.
    #[test]
    fn raw_offers_read_back(pairs in vec(offers::raw_offer(), 0..6)) {
        let (expected, raw): (Vec<Offer>, Vec<serde_json::Value>) = pairs.into_iter().unzip();
        let text = serde_json::Value::Array(raw).to_string();
        let read = read_offers(&text).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(read, expected);
    }

    /// For every need the catalogue knows, any set of cards ranks without an error: at most
    /// `top` lines, in editorial order, every figure shown (a value or its missing label).
    #[test]
    fn every_known_need_ranks(
        cards in vec(offers::offer_of(ProductType::CreditCard), 0..12),
        need in select(NeedKey::ALL.to_vec()),
        top in 1_usize..5,
    ) {
        let lines = best_cards_for(cards, need.key(), top)
            .map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert!(lines.len() <= top);
        prop_assert!(lines.windows(2).all(|pair| pair[0].rank < pair[1].rank));
        prop_assert!(lines.iter().all(|line| !line.annual_fee.is_empty() && !line.score.is_empty()));
    }

    /// Any other need text is refused as a query error naming the need, never a panic.
    #[test]
    fn unknown_needs_are_refused(need in "\\PC{0,20}") {
        prop_assume!(NeedKey::parse(&need).is_err() && !need.is_empty());
        let result = best_cards_for(Vec::new(), &need, 3);
        let names_the_need =
            matches!(&result, Err(DeskError::Query(err)) if err.field() == Some(QueryField::Need));
        prop_assert!(names_the_need, "{result:?}");
    }

    /// Any fee the offer model can hold is shown as some text.
    #[test]
    fn every_fee_shows(fee in proptest::option::of(offers::amount())) {
        prop_assert!(!shown_fee(fee.as_ref()).is_empty());
    }

    /// Valid questions pass with the characters left; invalid ones get the site's message.
    #[test]
    fn questions_pass_or_get_the_sites_message(
        good in questions::valid_question(),
        bad in questions::invalid_question(),
    ) {
        let (accepted, left) = check_question(&good).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(accepted.as_str(), qna_validation::text::trim(&good));
        prop_assert!(left >= 0 && left <= QUESTION_MAX_CHARS as i64);
        let refused = check_question(&bad);
        prop_assert!(refused.is_err(), "{bad:?} was accepted");
    }

    /// A rating's one-decimal text reads back to the same text.
    #[test]
    fn ratings_one_decimal_round_trips(rating in stars::rating()) {
        let text = rating.one_decimal();
        let again = Rating::parse(&text).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(again.one_decimal(), text);
    }
}
