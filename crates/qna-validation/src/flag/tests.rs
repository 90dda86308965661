use super::*;

#[test]
fn every_listed_word_reads_as_its_value_in_any_case() {
    for word in TRUE_WORDS {
        assert_eq!(parse("f", word), Ok(true));
        assert_eq!(parse("f", &word.to_ascii_uppercase()), Ok(true));
    }
    for word in FALSE_WORDS {
        assert_eq!(parse("f", word), Ok(false));
        assert_eq!(parse("f", &format!("  {word}\t")), Ok(false));
    }
    assert_eq!(WORDS.len(), TRUE_WORDS.len() + FALSE_WORDS.len());
    assert!(WORDS.iter().all(|w| parse("f", w).is_ok()));
}

#[test]
fn anything_else_is_refused_with_the_parameters_name() {
    for raw in ["", "y", "n", "2", "-1", "truee", "t", "maybe"] {
        assert_eq!(
            parse("optOut", raw),
            Err(NotAFlag { name: "optOut" }),
            "{raw:?}"
        );
    }
    assert_eq!(
        parse("optOut", "maybe").unwrap_err().to_string(),
        "optOut must be true or false"
    );
}
