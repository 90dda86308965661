use proptest::prelude::*;

use super::*;

#[test]
fn message_quotes_the_word_after_the_spec_prefix() {
    assert_eq!(
        profanity_message("heck"),
        "Profanity is not allowed, including words such as \"heck\"."
    );
}

#[test]
fn word_is_used_as_given() {
    assert_eq!(
        profanity_message(" Ünïcode \"x\" "),
        "Profanity is not allowed, including words such as \" Ünïcode \"x\" \"."
    );
}

#[test]
fn empty_word_still_gives_a_whole_message() {
    assert_eq!(
        profanity_message(""),
        "Profanity is not allowed, including words such as \"\"."
    );
}

#[test]
fn finance_questions_are_clean() {
    for text in [
        "How do balance transfers work on a card with a 0% intro APR?",
        "Should I pay off my car loan early or invest the money?",
        "Is a Roth IRA better than a 401(k) for a 25 year old?",
        "What happens to my credit score when a bank closes my account?",
        "Can I dispute a charge from a merchant in Scunthorpe?",
    ] {
        assert_eq!(first_profane_word(text), None, "{text}");
    }
}

#[test]
fn the_first_profane_word_is_named_as_written() {
    assert_eq!(
        first_profane_word("This bank is shit and their fees are crap"),
        Some("shit".to_owned())
    );
    assert_eq!(
        check_profanity("what the fuck is an APR"),
        Some("Profanity is not allowed, including words such as \"fuck\".".to_owned())
    );
}

#[test]
fn leetspeak_is_caught() {
    assert!(first_profane_word("this is sh1t").is_some());
}

#[test]
fn numbers_are_never_profanity_but_leetspeak_words_still_are() {
    // This number, read as leetspeak, was refused before words without letters were
    // left out.
    assert_eq!(
        first_profane_word("Does the grace period apply to cash advances, asked at 1795623500718?"),
        None
    );
    for text in [
        "$5000 at 455 days",
        "Pay 80085 by 2026-11-25",
        "Ref 5318008 ($1,234.56)",
    ] {
        assert_eq!(first_profane_word(text), None, "{text}");
    }
    assert_eq!(
        first_profane_word("this card is sh1t"),
        Some("sh1t".to_owned())
    );
}

// Properties.

/// Whether `c` can be part of a word as [`first_profane_word`] splits the text.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '\'' | '@' | '$' | '*' | '!')
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_profane_word_of_any_printable_text_is_one_of_its_words(text in "\\PC{0,300}") {
        check_named_word(&text)?;
    }

    #[test]
    fn the_profane_word_of_any_text_is_one_of_its_words(text in any::<String>()) {
        check_named_word(&text)?;
    }

    #[test]
    fn the_refusal_names_exactly_the_first_profane_word(
        text in prop_oneof![
            "\\PC{0,300}",
            "([a-z@$*'0-9]{1,8}[ ,.!?\n]){0,12}(shit|fuck|sh1t|crap)?( [a-z]{1,6}){0,3}",
        ]
    ) {
        prop_assert_eq!(
            check_profanity(&text),
            first_profane_word(&text).map(|word| profanity_message(&word))
        );
    }
}

/// A named word is a whole word of `text`, never empty, never a plain number.
fn check_named_word(text: &str) -> Result<(), TestCaseError> {
    if let Some(word) = first_profane_word(text) {
        prop_assert!(!word.is_empty());
        prop_assert!(word.chars().all(is_word_char), "{:?}", word);
        prop_assert!(!is_number(&word), "{:?}", word);
        // A word without the quotes and exclamation marks around it ("'shit'", "shit!").
        let words: Vec<&str> = text
            .split(|c: char| !is_word_char(c))
            .map(|w| w.trim_matches(|c| matches!(c, '\'' | '!')))
            .collect();
        prop_assert!(words.contains(&word.as_str()), "{:?} in {:?}", word, text);
    }
    Ok(())
}
