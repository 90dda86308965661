use super::*;

fn check_email(input: &str, expected: Result<&str, GuestEmailError>) {
    let actual = GuestEmail::parse(input);
    assert_eq!(
        actual.as_ref().map(GuestEmail::as_str),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

fn check_code(input: &str, expected: Result<&str, OneTimeCodeError>) {
    let actual = OneTimeCode::parse(input);
    assert_eq!(
        actual.as_ref().map(OneTimeCode::as_str),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

#[test]
fn plain_address_is_accepted() {
    check_email("jo@example.com", Ok("jo@example.com"));
}

#[test]
fn address_is_trimmed_and_case_is_kept() {
    check_email("\t Jo.Doe@Example.COM \n", Ok("Jo.Doe@Example.COM"));
}

#[test]
fn every_allowed_local_punctuation_mark_is_accepted() {
    check_email(
        "a.!#$%&'*+/=?^_`{|}~-z@example.com",
        Ok("a.!#$%&'*+/=?^_`{|}~-z@example.com"),
    );
}

#[test]
fn dots_may_lead_or_repeat_in_the_local_part_as_in_whatwg() {
    check_email(".a..b.@example.com", Ok(".a..b.@example.com"));
}

#[test]
fn blank_address_is_rejected_as_empty() {
    check_email("  ", Err(GuestEmailError::Empty));
}

#[test]
fn blank_optional_address_is_not_given() {
    assert_eq!(GuestEmail::parse_optional(""), Ok(None));
    assert_eq!(GuestEmail::parse_optional(" \n "), Ok(None));
}

#[test]
fn given_optional_address_is_checked() {
    assert_eq!(
        GuestEmail::parse_optional("jo@x"),
        Err(GuestEmailError::DomainWithoutDot)
    );
    assert!(matches!(GuestEmail::parse_optional("jo@x.io"), Ok(Some(_))));
}

#[test]
fn address_without_at_is_rejected() {
    check_email("jo.example.com", Err(GuestEmailError::MissingAt));
}

#[test]
fn empty_local_part_is_rejected() {
    check_email("@example.com", Err(GuestEmailError::InvalidLocalPart));
}

#[test]
fn space_or_non_ascii_in_local_part_is_rejected() {
    check_email("jo doe@example.com", Err(GuestEmailError::InvalidLocalPart));
    check_email("jö@example.com", Err(GuestEmailError::InvalidLocalPart));
    check_email("\"jo\"@example.com", Err(GuestEmailError::InvalidLocalPart));
}

#[test]
fn second_at_sign_is_rejected() {
    check_email("jo@doe@example.com", Err(GuestEmailError::InvalidDomain));
}

#[test]
fn domain_without_dot_is_rejected() {
    check_email("jo@localhost", Err(GuestEmailError::DomainWithoutDot));
}

#[test]
fn empty_domain_or_empty_label_is_rejected() {
    check_email("jo@", Err(GuestEmailError::InvalidDomain));
    check_email("jo@example..com", Err(GuestEmailError::InvalidDomain));
    check_email("jo@.example.com", Err(GuestEmailError::InvalidDomain));
    check_email("jo@example.com.", Err(GuestEmailError::InvalidDomain));
}

#[test]
fn label_starting_or_ending_with_hyphen_is_rejected() {
    check_email("jo@-example.com", Err(GuestEmailError::InvalidDomain));
    check_email("jo@example-.com", Err(GuestEmailError::InvalidDomain));
}

#[test]
fn inner_hyphens_and_digit_labels_are_accepted() {
    check_email("jo@my--bank.co.uk", Ok("jo@my--bank.co.uk"));
    check_email("jo@1.2", Ok("jo@1.2"));
}

#[test]
fn label_of_63_characters_is_accepted_and_64_rejected() {
    let ok = format!("jo@{}.com", "a".repeat(63));
    check_email(&ok, Ok(&ok));
    let too_long = format!("jo@{}.com", "a".repeat(64));
    check_email(&too_long, Err(GuestEmailError::InvalidDomain));
}

#[test]
fn non_ascii_domain_is_rejected() {
    check_email("jo@exämple.com", Err(GuestEmailError::InvalidDomain));
}

/// An address of exactly `chars` characters: 60-character labels.
fn address_of(chars: usize) -> String {
    let mut domain = String::new();
    while domain.len() + 61 < chars - 3 {
        domain.push_str(&"a".repeat(60));
        domain.push('.');
    }
    let rest = chars - 3 - domain.len();
    domain.push_str(&"b".repeat(rest));
    format!("jo@{domain}")
}

#[test]
fn address_of_254_characters_is_accepted() {
    let email = address_of(254);
    assert_eq!(email.len(), 254);
    check_email(&email, Ok(&email));
}

#[test]
fn address_of_255_characters_is_rejected() {
    let email = address_of(255);
    assert_eq!(email.len(), 255);
    check_email(&email, Err(GuestEmailError::TooLong { chars: 255 }));
}

#[test]
fn email_errors_display_the_spec_message() {
    for error in [
        GuestEmailError::Empty,
        GuestEmailError::TooLong { chars: 300 },
        GuestEmailError::MissingAt,
        GuestEmailError::InvalidLocalPart,
        GuestEmailError::InvalidDomain,
        GuestEmailError::DomainWithoutDot,
    ] {
        assert_eq!(error.to_string(), "Please enter a correct Email Address.");
    }
}

#[test]
fn six_digit_code_is_accepted_with_leading_zeros() {
    check_code("000123", Ok("000123"));
}

#[test]
fn code_is_trimmed() {
    check_code("\u{A0}123456\n", Ok("123456"));
}

#[test]
fn five_digit_code_is_rejected() {
    check_code("12345", Err(OneTimeCodeError::WrongLength { chars: 5 }));
}

#[test]
fn seven_digit_code_is_rejected() {
    check_code("1234567", Err(OneTimeCodeError::WrongLength { chars: 7 }));
}

#[test]
fn empty_code_is_rejected() {
    check_code("", Err(OneTimeCodeError::WrongLength { chars: 0 }));
}

#[test]
fn code_with_a_letter_or_inner_space_is_rejected() {
    check_code("12a456", Err(OneTimeCodeError::NotADigit { found: 'a' }));
    check_code("123 45", Err(OneTimeCodeError::NotADigit { found: ' ' }));
}

#[test]
fn code_with_non_ascii_digits_is_rejected() {
    check_code("١٢٣٤٥٦", Err(OneTimeCodeError::NotADigit { found: '١' }));
}

#[test]
fn code_errors_display_the_spec_message() {
    assert_eq!(
        OneTimeCodeError::WrongLength { chars: 2 }.to_string(),
        "Please enter the 6-digit numerical code that we sent to your email."
    );
    assert_eq!(
        OneTimeCodeError::NotADigit { found: 'x' }.to_string(),
        "Please enter the 6-digit numerical code that we sent to your email."
    );
}

#[test]
fn js_pattern_has_the_whatwg_shape_with_a_required_dot() {
    assert!(GUEST_EMAIL_JS_PATTERN.starts_with("^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@"));
    assert!(GUEST_EMAIL_JS_PATTERN.ends_with(")+$"));
}
