use super::*;

fn check(input: &str, expected: Option<&str>) {
    let actual = match search_mode(input) {
        SearchMode::Normal => None,
        SearchMode::Search(q) => Some(q.as_str().to_owned()),
    };
    assert_eq!(actual.as_deref(), expected, "input {input:?}");
}

#[test]
fn one_character_shows_the_normal_list() {
    check("a", None);
}

#[test]
fn two_characters_start_a_search() {
    check("ab", Some("ab"));
}

#[test]
fn three_characters_search() {
    check("abc", Some("abc"));
}

#[test]
fn empty_text_shows_the_normal_list() {
    check("", None);
}

#[test]
fn white_space_around_one_character_does_not_count() {
    check("  a \t", None);
}

#[test]
fn search_text_is_trimmed() {
    check(" \u{3000}ab\n", Some("ab"));
}

#[test]
fn inner_space_counts_as_a_character() {
    check("a b", Some("a b"));
}

#[test]
fn two_multi_byte_characters_start_a_search() {
    check("日本", Some("日本"));
    check("😀", None);
}

#[test]
fn too_short_error_carries_the_count() {
    assert_eq!(
        SearchQuery::parse(" x "),
        Err(SearchError::TooShort { chars: 1 })
    );
}

#[test]
fn search_mode_serializes_as_tagged_json() {
    assert_eq!(
        serde_json::to_string(&search_mode("apr")).unwrap(),
        r#"{"mode":"search","query":"apr"}"#
    );
    assert_eq!(
        serde_json::to_string(&search_mode("")).unwrap(),
        r#"{"mode":"normal"}"#
    );
}

#[test]
fn search_terms_keep_the_first_sixteen_words_of_at_most_sixty_four_characters() {
    let many: Vec<String> = (0..20).map(|n| format!("word{n}")).collect();
    let terms = search_terms(&many.join(" "));
    assert_eq!(terms.len(), MAX_SEARCH_TERMS);
    assert_eq!(terms[0], "word0");
    let long = "x".repeat(MAX_TERM_CHARS + 1);
    assert_eq!(search_terms(&format!("{long} APR")), ["apr"]);
    // Operators of a search syntax are not letters or digits, so never reach it.
    assert_eq!(
        search_terms("\"roth\" OR ira* {title}: NEAR(x)"),
        ["roth", "ira", "title", "near", "x"]
    );
}

#[test]
fn stop_words_are_lowercase_and_listed_once() {
    let mut seen = std::collections::HashSet::new();
    for word in STOP_WORDS {
        assert_eq!(word, word.to_lowercase());
        assert!(seen.insert(word), "{word} twice");
    }
}
