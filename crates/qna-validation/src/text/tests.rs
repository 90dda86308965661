use super::*;

/// The `White_Space` list as published in the module docs and the vectors file,
/// written out independently of [`is_white_space`].
const WHITE_SPACE: &[u32] = &[
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
];

#[test]
fn white_space_is_exactly_the_published_list() {
    for c in (0..=0x10FFFF_u32).filter_map(char::from_u32) {
        assert_eq!(
            is_white_space(c),
            WHITE_SPACE.contains(&u32::from(c)),
            "U+{:04X}",
            u32::from(c)
        );
    }
}

#[test]
fn white_space_agrees_with_the_standard_library_unicode_tables() {
    for c in (0..=0x10FFFF_u32).filter_map(char::from_u32) {
        assert_eq!(
            is_white_space(c),
            c.is_whitespace(),
            "U+{:04X}",
            u32::from(c)
        );
    }
}

#[test]
fn byte_order_mark_and_zero_width_space_are_not_white_space() {
    assert!(!is_white_space('\u{FEFF}'));
    assert!(!is_white_space('\u{200B}'));
}

#[test]
fn next_line_and_ideographic_space_are_white_space() {
    assert!(is_white_space('\u{85}'));
    assert!(is_white_space('\u{3000}'));
}

#[test]
fn trim_removes_unicode_white_space_at_both_ends_only() {
    assert_eq!(trim("\u{2003}\u{85} a \u{A0} b\u{3000}\n"), "a \u{A0} b");
}

#[test]
fn trim_keeps_byte_order_marks() {
    assert_eq!(trim("\u{FEFF}a "), "\u{FEFF}a");
}

#[test]
fn char_count_counts_scalar_values_not_bytes_or_utf16_units() {
    assert_eq!(char_count("é"), 1);
    assert_eq!(char_count("😀"), 1);
    assert_eq!(char_count("e\u{301}"), 2);
    assert_eq!(char_count(""), 0);
}

#[test]
fn word_count_of_empty_and_blank_text_is_zero() {
    assert_eq!(word_count(""), 0);
    assert_eq!(word_count(" \t\u{3000} "), 0);
}

#[test]
fn word_count_treats_punctuation_as_part_of_a_word() {
    assert_eq!(word_count("a ? b"), 3);
    assert_eq!(word_count("a,b,c"), 1);
}

#[test]
fn word_count_splits_on_any_white_space_run() {
    assert_eq!(word_count("one\u{A0}two\n\nthree\u{2028}four"), 4);
}

#[test]
fn collapse_white_space_trims_and_joins_words_with_single_spaces() {
    assert_eq!(
        collapse_white_space("\t one \u{3000}\u{A0} two\n"),
        "one two"
    );
    assert_eq!(collapse_white_space("   "), "");
}
