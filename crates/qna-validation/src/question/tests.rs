use super::*;

fn check(input: &str, expected: Result<&str, QuestionError>) {
    let actual = QuestionText::parse(input);
    assert_eq!(
        actual.as_ref().map(QuestionText::as_str),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

/// A three-word question of exactly `chars` characters.
fn three_words_of(chars: usize, fill: char) -> String {
    let mut s = String::from("a b ");
    s.extend(std::iter::repeat_n(fill, chars - 4));
    s
}

#[test]
fn question_with_three_words_is_accepted() {
    check("Is it good", Ok("Is it good"));
}

#[test]
fn question_with_two_words_is_rejected() {
    check("Is good", Err(QuestionError::TooFewWords { words: 2 }));
}

#[test]
fn empty_question_has_zero_words() {
    check("", Err(QuestionError::TooFewWords { words: 0 }));
    check(" \n\t ", Err(QuestionError::TooFewWords { words: 0 }));
}

#[test]
fn question_with_four_words_is_accepted() {
    check("is it any good", Ok("is it any good"));
}

#[test]
fn question_is_trimmed_but_inner_spacing_is_kept() {
    check("\u{3000} is  it\tgood \n", Ok("is  it\tgood"));
}

#[test]
fn punctuation_separated_by_spaces_counts_as_a_word() {
    check("good card ?", Ok("good card ?"));
}

#[test]
fn words_joined_by_punctuation_count_as_one() {
    check(
        "is,it,good ok",
        Err(QuestionError::TooFewWords { words: 2 }),
    );
}

#[test]
fn question_of_exactly_140_characters_is_accepted() {
    let text = three_words_of(140, 'x');
    assert_eq!(QuestionText::parse(&text).map(|q| q.char_count()), Ok(140));
}

#[test]
fn question_of_141_characters_is_rejected() {
    let text = three_words_of(141, 'x');
    check(&text, Err(QuestionError::TooLong { chars: 141 }));
}

#[test]
fn question_of_139_characters_is_accepted() {
    assert!(QuestionText::parse(&three_words_of(139, 'x')).is_ok());
}

#[test]
fn multi_byte_characters_count_once_at_140() {
    let text = three_words_of(140, 'é');
    assert!(text.len() > 140);
    assert!(QuestionText::parse(&text).is_ok());
}

#[test]
fn multi_byte_characters_count_once_at_141() {
    check(
        &three_words_of(141, '😀'),
        Err(QuestionError::TooLong { chars: 141 }),
    );
}

#[test]
fn surrounding_white_space_does_not_count_towards_140() {
    let text = format!("   {}   ", three_words_of(140, 'x'));
    assert!(QuestionText::parse(&text).is_ok());
}

#[test]
fn word_rule_wins_when_both_rules_fail() {
    let text = format!("a {}", "x".repeat(200));
    check(&text, Err(QuestionError::TooFewWords { words: 2 }));
}

#[test]
fn errors_display_the_spec_messages() {
    assert_eq!(
        QuestionError::TooFewWords { words: 1 }.to_string(),
        "Question must have at least 3 words."
    );
    assert_eq!(
        QuestionError::TooLong { chars: 141 }.to_string(),
        "Question cannot have more than 140 chars."
    );
}

#[test]
fn remaining_is_140_for_empty_text() {
    assert_eq!(remaining_chars(""), 140);
}

#[test]
fn remaining_is_zero_at_140_and_minus_one_at_141() {
    assert_eq!(remaining_chars(&"é".repeat(140)), 0);
    assert_eq!(remaining_chars(&"é".repeat(141)), -1);
}

#[test]
fn remaining_ignores_surrounding_white_space() {
    assert_eq!(remaining_chars("  ab  "), 138);
}

#[test]
fn question_round_trips_through_json_as_a_string() {
    let q = QuestionText::parse("is it good").unwrap();
    let json = serde_json::to_string(&q).unwrap();
    assert_eq!(json, "\"is it good\"");
    assert_eq!(serde_json::from_str::<QuestionText>(&json).unwrap(), q);
}

#[test]
fn deserializing_an_invalid_question_fails() {
    assert!(serde_json::from_str::<QuestionText>("\"too short\"").is_err());
}
