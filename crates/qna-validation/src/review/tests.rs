use proptest::prelude::*;

use super::*;

#[test]
fn a_review_needs_thirty_characters_after_trimming() {
    let short = "x".repeat(REVIEW_MIN_CHARS - 1);
    assert_eq!(
        ReviewText::parse(&format!("  {short}  ")),
        Err(ReviewError::TooShort {
            chars: REVIEW_MIN_CHARS - 1
        })
    );
    let enough = "x".repeat(REVIEW_MIN_CHARS);
    assert_eq!(ReviewText::parse(&enough).map(|r| r.0), Ok(enough));
}

#[test]
fn a_review_has_at_most_two_thousand_characters() {
    let most = "é".repeat(REVIEW_MAX_CHARS);
    assert!(ReviewText::parse(&most).is_ok());
    assert_eq!(
        ReviewText::parse(&format!("{most}x")),
        Err(ReviewError::TooLong {
            chars: REVIEW_MAX_CHARS + 1
        })
    );
}

#[test]
fn control_characters_are_dropped_and_line_breaks_kept() {
    let text =
        ReviewText::parse("one\r\ntwo\rthree\u{7}\u{9f}\tfour and a few more words").map(|r| r.0);
    assert_eq!(
        text,
        Ok("one\ntwo\nthreefour and a few more words".to_owned())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn an_accepted_review_holds_no_control_character_but_line_breaks(raw in ".{0,80}") {
        if let Ok(review) = ReviewText::parse(&raw) {
            prop_assert!(review.as_str().chars().all(|c| c == '\n' || !c.is_control()));
            let chars = char_count(review.as_str());
            prop_assert!((REVIEW_MIN_CHARS..=REVIEW_MAX_CHARS).contains(&chars));
        }
    }
}
