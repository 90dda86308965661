use super::*;

fn check(input: &str, expected: Result<&str, UsPhoneError>) {
    let actual = UsPhone::parse(input);
    assert_eq!(
        actual.as_ref().map(UsPhone::digits),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

#[test]
fn ten_digits_are_accepted() {
    check("5551234567", Ok("5551234567"));
}

#[test]
fn nine_digits_are_rejected() {
    check(
        "555123456",
        Err(UsPhoneError::WrongDigitCount { digits: 9 }),
    );
}

#[test]
fn eleven_digits_are_rejected() {
    check(
        "55512345678",
        Err(UsPhoneError::WrongDigitCount { digits: 11 }),
    );
}

#[test]
fn bare_leading_one_is_not_a_country_code() {
    check(
        "1 555 123 4567",
        Err(UsPhoneError::WrongDigitCount { digits: 11 }),
    );
}

#[test]
fn plus_one_country_code_is_removed() {
    check("+15551234567", Ok("5551234567"));
    check("+1 (555) 123-4567", Ok("5551234567"));
    check("+ 1 555 123 4567", Ok("5551234567"));
}

#[test]
fn plus_one_with_nine_or_eleven_digits_is_rejected() {
    check(
        "+1555123456",
        Err(UsPhoneError::WrongDigitCount { digits: 9 }),
    );
    check(
        "+155512345678",
        Err(UsPhoneError::WrongDigitCount { digits: 11 }),
    );
}

#[test]
fn other_country_codes_are_rejected() {
    check(
        "+445551234567",
        Err(UsPhoneError::InvalidCharacter { found: '+' }),
    );
}

#[test]
fn common_separators_are_removed() {
    check("(555) 123-4567", Ok("5551234567"));
    check("555.123.4567", Ok("5551234567"));
    check(" 555-123-4567\n", Ok("5551234567"));
    check("555\u{A0}123\u{2009}4567", Ok("5551234567"));
}

#[test]
fn letters_and_other_symbols_are_rejected() {
    check(
        "555-CALL-NOW",
        Err(UsPhoneError::InvalidCharacter { found: 'C' }),
    );
    check(
        "555/123/4567",
        Err(UsPhoneError::InvalidCharacter { found: '/' }),
    );
    check(
        "555123456+7",
        Err(UsPhoneError::InvalidCharacter { found: '+' }),
    );
}

#[test]
fn non_ascii_digits_are_rejected() {
    check(
        "５５５１２３４５６７",
        Err(UsPhoneError::InvalidCharacter { found: '５' }),
    );
}

#[test]
fn empty_number_has_zero_digits() {
    check("", Err(UsPhoneError::WrongDigitCount { digits: 0 }));
    check("( ) -", Err(UsPhoneError::WrongDigitCount { digits: 0 }));
}

#[test]
fn phone_errors_display_the_spec_message() {
    assert_eq!(
        UsPhoneError::WrongDigitCount { digits: 3 }.to_string(),
        "Please enter a valid US number"
    );
    assert_eq!(
        UsPhoneError::InvalidCharacter { found: 'x' }.to_string(),
        "Please enter a valid US number"
    );
}

#[test]
fn successful_response_is_sent_with_the_success_message() {
    let outcome = TextMessageOutcome::from_response(false, &[] as &[&str]);
    assert_eq!(outcome, TextMessageOutcome::Sent);
    assert_eq!(
        outcome.message(),
        "Awesome! You should be receiving a text with the download link shortly."
    );
}

#[test]
fn error_response_fails_and_keeps_the_form() {
    let outcome = TextMessageOutcome::from_response(true, &["SOMETHING_ELSE"]);
    assert_eq!(outcome, TextMessageOutcome::Failed);
    assert_eq!(outcome.message(), "Failed. Please check your phone number.");
    assert!(outcome.keeps_form());
    assert!(!outcome.shows_store_links());
}

#[test]
fn locked_by_filter_code_blocks_and_shows_store_links() {
    let outcome = TextMessageOutcome::from_response(true, &["x", "REQUEST_LOCKED_BY_FILTER"]);
    assert_eq!(outcome, TextMessageOutcome::Blocked);
    assert!(outcome.shows_store_links());
    assert!(!outcome.keeps_form());
    assert_eq!(
        outcome.message(),
        "Apologies, but we could not send you an SMS due to repeated attempts. Please go directly to the App Store or Google Play and search for the app."
    );
}

#[test]
fn locked_by_filter_code_blocks_even_without_the_error_flag() {
    assert_eq!(
        TextMessageOutcome::from_response(false, &[String::from("REQUEST_LOCKED_BY_FILTER")]),
        TextMessageOutcome::Blocked
    );
}

#[test]
fn message_code_match_is_exact() {
    assert_eq!(
        TextMessageOutcome::from_response(true, &["request_locked_by_filter"]),
        TextMessageOutcome::Failed
    );
}
