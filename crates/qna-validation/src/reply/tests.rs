use super::*;

fn check(input: &str, expected: Result<&str, ReplyError>) {
    let actual = Reply::parse(input);
    assert_eq!(
        actual.as_ref().map(Reply::as_str),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

#[test]
fn reply_of_30_characters_is_accepted() {
    let text = "x".repeat(30);
    check(&text, Ok(&text));
}

#[test]
fn reply_of_29_characters_is_rejected() {
    check(&"x".repeat(29), Err(ReplyError::TooShort { chars: 29 }));
}

#[test]
fn reply_of_31_characters_is_accepted() {
    assert!(Reply::parse(&"x".repeat(31)).is_ok());
}

#[test]
fn surrounding_white_space_does_not_count() {
    let padded = format!("   {}\n\n", "x".repeat(29));
    check(&padded, Err(ReplyError::TooShort { chars: 29 }));
}

#[test]
fn inner_white_space_counts() {
    let text = format!("a{}b", " ".repeat(28));
    check(&text, Ok(&text));
}

#[test]
fn multi_byte_characters_count_once() {
    check(&"€".repeat(29), Err(ReplyError::TooShort { chars: 29 }));
    assert!(Reply::parse(&"€".repeat(30)).is_ok());
}

#[test]
fn empty_reply_is_rejected() {
    check("", Err(ReplyError::TooShort { chars: 0 }));
}

#[test]
fn reply_is_stored_trimmed() {
    let core = "This card has no annual fee at all.";
    check(&format!("\t{core} "), Ok(core));
}

#[test]
fn error_displays_the_spec_message() {
    assert_eq!(
        ReplyError::TooShort { chars: 3 }.to_string(),
        "Content must have 30 characters."
    );
}
