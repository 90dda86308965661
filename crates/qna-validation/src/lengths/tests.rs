use super::*;

#[test]
fn a_text_at_the_bound_passes_and_one_more_character_is_refused() {
    for limit in [
        QUESTION_DETAILS,
        ANSWER,
        MODERATION_REASON,
        FEEDBACK_REASON,
        PASSWORD,
        DISPLAY_NAME,
        FEEDBACK_POST_ID,
        FEEDBACK_URL,
        GALLERY_PATH,
    ] {
        // Characters, not bytes: "é" is two bytes.
        assert_eq!(limit.check(&"é".repeat(limit.max_chars)), Ok(()));
        let refused = limit.check(&"é".repeat(limit.max_chars + 1)).unwrap_err();
        assert_eq!(refused.chars, limit.max_chars + 1);
        assert!(refused.to_string().starts_with(limit.label));
    }
}

#[test]
fn a_field_is_refused_with_a_sentence_and_a_parameter_with_its_name() {
    assert_eq!(
        ANSWER.check(&"a".repeat(10_001)).unwrap_err().to_string(),
        "An answer cannot have more than 10000 characters."
    );
    assert_eq!(
        FEEDBACK_POST_ID
            .check(&"a".repeat(129))
            .unwrap_err()
            .to_string(),
        "postId cannot have more than 128 characters"
    );
}

#[test]
fn a_report_reason_is_shorter_than_the_helpful_widgets() {
    assert_eq!(MODERATION_REASON.max_chars, 500);
    assert_eq!(FEEDBACK_REASON.max_chars, 2_000);
}
