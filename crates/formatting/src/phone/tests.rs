use super::*;

fn check(input: &str, expected: Result<&str, PhoneFormatError>) {
    assert_eq!(
        format_phone(input).as_deref().map_err(Clone::clone),
        expected,
        "input {input:?}"
    );
}

#[test]
fn ten_digits_are_written_as_area_code_exchange_and_line() {
    check("5551234567", Ok("(555) 123-4567"));
}

#[test]
fn nine_digits_are_rejected() {
    check(
        "555123456",
        Err(PhoneFormatError::WrongDigitCount { digits: 9 }),
    );
}

#[test]
fn eleven_digits_are_rejected() {
    check(
        "15551234567",
        Err(PhoneFormatError::WrongDigitCount { digits: 11 }),
    );
}

#[test]
fn an_empty_input_has_no_digits() {
    check("", Err(PhoneFormatError::WrongDigitCount { digits: 0 }));
}

#[test]
fn dashes_are_ignored() {
    check("555-123-4567", Ok("(555) 123-4567"));
}

#[test]
fn dots_are_ignored() {
    check("555.123.4567", Ok("(555) 123-4567"));
}

#[test]
fn an_already_formatted_number_formats_the_same() {
    check("(555) 123-4567", Ok("(555) 123-4567"));
}

#[test]
fn a_plus_sign_is_an_invalid_character() {
    check(
        "+1 555 123 4567",
        Err(PhoneFormatError::InvalidCharacter { character: '+' }),
    );
}

#[test]
fn letters_are_invalid_characters() {
    check(
        "555-CALL-NOW",
        Err(PhoneFormatError::InvalidCharacter { character: 'C' }),
    );
}

#[test]
fn non_ascii_digits_are_invalid_characters() {
    check(
        "٥٥٥١٢٣٤٥٦٧",
        Err(PhoneFormatError::InvalidCharacter { character: '٥' }),
    );
}

#[test]
fn an_invalid_character_is_reported_before_the_digit_count() {
    check(
        "12x",
        Err(PhoneFormatError::InvalidCharacter { character: 'x' }),
    );
}

#[test]
fn a_parsed_number_keeps_only_its_digits() {
    let number = PhoneNumber::parse("(555) 123-4567").unwrap();
    assert_eq!(number.digits(), "5551234567");
}

#[test]
fn a_parsed_number_exposes_its_three_parts() {
    let number = PhoneNumber::parse("5551234567").unwrap();
    assert_eq!(
        (number.area_code(), number.exchange(), number.line()),
        ("555", "123", "4567")
    );
}

#[test]
fn a_number_serialises_as_its_digits() {
    let number = PhoneNumber::parse("555 123 4567").unwrap();
    assert_eq!(serde_json::to_string(&number).unwrap(), r#""5551234567""#);
}

#[test]
fn deserialising_a_bad_number_fails() {
    assert!(serde_json::from_str::<PhoneNumber>(r#""555""#).is_err());
}

#[test]
fn the_digit_count_error_message_is_lowercase_and_names_the_count() {
    assert_eq!(
        PhoneFormatError::WrongDigitCount { digits: 7 }.to_string(),
        "phone number has 7 digits instead of 10"
    );
}
