use super::*;

/// Every message that names a number names the rule's own number.
#[test]
fn messages_name_the_numbers_of_their_rules() {
    for (message, number) in [
        (QUESTION_MIN_WORDS_MESSAGE, QUESTION_MIN_WORDS),
        (QUESTION_MAX_CHARS_MESSAGE, QUESTION_MAX_CHARS),
        (ONE_TIME_CODE_MESSAGE, ONE_TIME_CODE_DIGITS),
        (REPLY_MIN_CHARS_MESSAGE, REPLY_MIN_CHARS),
        (REVIEW_MIN_CHARS_MESSAGE, REVIEW_MIN_CHARS),
        (FEEDBACK_REASON_MESSAGE, FEEDBACK_REASON_MIN_CHARS),
    ] {
        assert!(message.contains(&number.to_string()), "{message}");
    }
}

#[test]
fn question_length_message_has_the_typo_fixed() {
    assert!(QUESTION_MAX_CHARS_MESSAGE.contains("more than 140"));
    assert!(!QUESTION_MAX_CHARS_MESSAGE.contains("then"));
}

#[test]
fn feedback_message_says_at_least_10_not_30() {
    assert_eq!(
        FEEDBACK_REASON_MESSAGE,
        "Content must have at least 10 characters."
    );
}

#[test]
fn vote_memory_is_seven_days() {
    assert_eq!(HELPFUL_VOTE_MEMORY_MS, 604_800_000);
}

#[test]
fn spec_numbers_are_as_given() {
    assert_eq!(
        (
            SEARCH_MIN_CHARS,
            SEARCH_DEBOUNCE_MS,
            US_PHONE_DIGITS,
            EXPERTS_PER_PAGE,
            EXPERTS_SCROLL_OFFSET_PX,
            ERROR_TOAST_MS,
        ),
        (2, 200, 10, 6, -100, 2200)
    );
}
