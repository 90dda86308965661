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

#[test]
fn a_review_of_only_control_characters_and_line_breaks_is_empty() {
    assert_eq!(
        ReviewText::parse("\r\n\u{0}\n\t\u{85}\r"),
        Err(ReviewError::TooShort { chars: 0 })
    );
}

/// Text with line breaks of every kind, control characters and multi-byte characters.
fn text_with_controls() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-z é😀\r\n\t\u{0}-\u{1f}\u{7f}-\u{9f}\u{2028}\u{3000}]{0,120}",
        "([a-z]{1,8}(\r\n|\r|\n|\u{0}|\u{1b}|\u{85}| )){0,20}",
        "[a-z\r\n\u{0}\u{85} ]{1990,2040}",
    ]
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_review_with_any_line_breaks_and_control_characters_is_plain_trimmed_lines(raw in text_with_controls()) {
        match ReviewText::parse(&raw) {
            Ok(review) => {
                let text = review.as_str();
                prop_assert!(!text.contains('\r'));
                prop_assert!(text.chars().all(|c| c == '\n' || !c.is_control()), "{:?}", text);
                prop_assert_eq!(trim(text), text);
                let chars = char_count(text);
                prop_assert!((REVIEW_MIN_CHARS..=REVIEW_MAX_CHARS).contains(&chars));
                // Cleaning a clean review changes nothing.
                prop_assert_eq!(ReviewText::parse(text), Ok(review.clone()));
            }
            Err(ReviewError::TooShort { chars }) => prop_assert!(chars < REVIEW_MIN_CHARS),
            Err(ReviewError::TooLong { chars }) => prop_assert!(chars > REVIEW_MAX_CHARS),
        }
    }

    #[test]
    fn every_line_break_of_a_review_is_kept_as_one_newline(lines in proptest::collection::vec("[a-z]{5,12}", 3..6), breaks in proptest::collection::vec(prop_oneof![Just("\r\n"), Just("\r"), Just("\n")], 5)) {
        let mut raw = String::new();
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                raw.push_str(breaks.get(i).copied().unwrap_or("\n"));
            }
            raw.push_str(line);
        }
        let expected = lines.join("\n");
        let parsed = ReviewText::parse(&raw);
        if char_count(&expected) >= REVIEW_MIN_CHARS {
            prop_assert_eq!(parsed.map(|r| r.0), Ok(expected));
        } else {
            prop_assert!(parsed.is_err());
        }
    }
}
