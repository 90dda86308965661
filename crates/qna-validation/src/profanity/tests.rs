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
