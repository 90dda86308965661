use super::*;

fn check_slug(title: &str, expected: &str) {
    assert_eq!(question_slug(title), expected, "title {title:?}");
}

#[test]
fn slug_lowercases_ascii_letters_and_keeps_digits() {
    check_slug("Best Card 2024", "best-card-2024");
}

#[test]
fn runs_of_other_characters_become_one_hyphen() {
    check_slug("APR -- vs. fees?!", "apr-vs-fees");
}

#[test]
fn slug_is_trimmed_of_hyphens() {
    check_slug("  ¿What now?  ", "what-now");
    check_slug("-a-", "a");
}

#[test]
fn apostrophes_are_dropped_without_a_hyphen() {
    check_slug("What's the issuer’s APR", "whats-the-issuers-apr");
}

#[test]
fn latin_letters_are_transliterated() {
    check_slug(
        "Crème brûlée Straße Łódź Œuvre",
        "creme-brulee-strasse-lodz-oeuvre",
    );
}

#[test]
fn other_letters_are_dropped() {
    check_slug("日本 credit cards", "credit-cards");
    check_slug("aжb", "ab");
}

#[test]
fn combining_marks_are_dropped() {
    check_slug("cafe\u{301} card", "cafe-card");
}

#[test]
fn title_without_ascii_letters_falls_back() {
    check_slug("", "question");
    check_slug("???", "question");
    check_slug("Привет мир", "question");
}

#[test]
fn slug_of_exactly_80_characters_is_kept() {
    let title = "a".repeat(80);
    assert_eq!(question_slug(&title), title);
}

#[test]
fn single_word_longer_than_80_is_cut_hard() {
    assert_eq!(question_slug(&"a".repeat(81)), "a".repeat(80));
}

#[test]
fn long_slug_is_cut_back_to_a_word_boundary() {
    // 78 letters, a hyphen, then a word that crosses the cap.
    let title = format!("{} abcdef", "a".repeat(78));
    assert_eq!(question_slug(&title), "a".repeat(78));
}

#[test]
fn long_slug_cut_just_before_a_hyphen_keeps_the_last_word() {
    let title = format!("{} next", "a".repeat(80));
    assert_eq!(question_slug(&title), "a".repeat(80));
    let title = format!("{} bc next", "a".repeat(77));
    assert_eq!(question_slug(&title), format!("{}-bc", "a".repeat(77)));
}

#[test]
fn long_slug_never_ends_with_a_hyphen() {
    let title = format!("{} b", "a".repeat(79));
    assert_eq!(question_slug(&title), "a".repeat(79));
}

#[test]
fn transliteration_table_covers_latin_1_letters_except_signs() {
    for c in ('\u{C0}'..='\u{FF}').filter(|c| !matches!(c, '×' | '÷')) {
        assert!(transliterate(c).is_some(), "{c}");
    }
    assert_eq!(transliterate('×'), None);
}

#[test]
fn transliteration_table_covers_latin_extended_a() {
    for c in '\u{100}'..='\u{17F}' {
        let ascii = transliterate(c).unwrap_or_default();
        assert!(
            !ascii.is_empty() && ascii.bytes().all(|b| b.is_ascii_lowercase()),
            "{c}"
        );
    }
}

#[test]
fn full_slug_is_slug_hyphen_id() {
    let full = FullSlug::new("Is it good?", 1234);
    assert_eq!(full.to_string(), "is-it-good-1234");
    assert_eq!(full.slug(), "is-it-good");
    assert_eq!(full.id(), 1234);
}

#[test]
fn question_link_is_under_answers() {
    assert_eq!(
        FullSlug::new("Is it good?", 5).link(),
        "/answers/is-it-good-5"
    );
}

#[test]
fn full_slug_parses_the_last_hyphen_as_the_id_separator() {
    let full = FullSlug::parse("top-10-cards-99").unwrap();
    assert_eq!((full.slug(), full.id()), ("top-10-cards", 99));
}

#[test]
fn full_slug_accepts_id_zero_and_the_largest_u64() {
    assert_eq!(FullSlug::parse("a-0").map(|f| f.id()), Ok(0));
    assert_eq!(
        FullSlug::parse("a-18446744073709551615").map(|f| f.id()),
        Ok(u64::MAX)
    );
}

#[test]
fn full_slug_rejects_an_id_beyond_u64() {
    assert_eq!(
        FullSlug::parse("a-18446744073709551616"),
        Err(FullSlugError::InvalidId {
            id: "18446744073709551616".into()
        })
    );
}

#[test]
fn full_slug_rejects_missing_or_non_canonical_ids() {
    for (input, id) in [("a-", ""), ("a-01", "01"), ("a-+1", "+1"), ("a-1x", "1x")] {
        assert_eq!(
            FullSlug::parse(input),
            Err(FullSlugError::InvalidId { id: id.into() }),
            "{input}"
        );
    }
}

#[test]
fn full_slug_without_hyphen_is_rejected() {
    assert_eq!(
        FullSlug::parse("42"),
        Err(FullSlugError::MissingId {
            full_slug: "42".into()
        })
    );
}

#[test]
fn full_slug_rejects_non_canonical_slugs() {
    for (input, slug) in [
        ("-42", ""),
        ("Best-42", "Best"),
        ("a--b-42", "a--b"),
        ("a_b-42", "a_b"),
        ("café-42", "café"),
    ] {
        assert_eq!(
            FullSlug::parse(input),
            Err(FullSlugError::InvalidSlug { slug: slug.into() }),
            "{input}"
        );
    }
}

#[test]
fn full_slug_rejects_a_slug_over_the_cap() {
    let input = format!("{}-1", "a".repeat(81));
    assert!(matches!(
        FullSlug::parse(&input),
        Err(FullSlugError::InvalidSlug { .. })
    ));
}

#[test]
fn full_slug_travels_as_a_json_string() {
    let full = FullSlug::new("Is it good?", 3);
    let json = serde_json::to_string(&full).unwrap();
    assert_eq!(json, "\"is-it-good-3\"");
    assert_eq!(serde_json::from_str::<FullSlug>(&json).unwrap(), full);
}

#[test]
fn address_keeps_everything_before_query_or_hash() {
    assert_eq!(address_without_query_or_hash("/a/b"), "/a/b");
    assert_eq!(address_without_query_or_hash("/a#x?y"), "/a");
    assert_eq!(address_without_query_or_hash("?x"), "");
}

#[test]
fn report_abuse_link_encodes_the_address_without_query_or_hash() {
    assert_eq!(
        report_abuse_link("https://site.test/answers/is-it-good-5?qpage=2#answer-9", 9),
        "/report-abuse/?ru=https%3A%2F%2Fsite.test%2Fanswers%2Fis-it-good-5&t=a&id=9"
    );
}

#[test]
fn answers_link_is_the_answers_section() {
    assert_eq!(crate::constants::ANSWERS_LINK, "/answers/");
}
