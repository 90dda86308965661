use super::*;

fn check_words(text: &str, limit: usize, expected: &str, cut: bool) {
    let truncated = truncate_words(text, limit);
    assert_eq!(
        (truncated.text(), truncated.is_cut()),
        (expected, cut),
        "text {text:?} limit {limit}"
    );
}

fn check_chars(text: &str, limit: usize, expected: &str, cut: bool) {
    let truncated = truncate_chars(text, limit);
    assert_eq!(
        (truncated.text(), truncated.is_cut()),
        (expected, cut),
        "text {text:?} limit {limit}"
    );
}

#[test]
fn word_limits_follow_the_spec_table_at_and_around_every_breakpoint() {
    let cases = [
        (0, 35),
        (415, 35),
        (416, 50),
        (540, 50),
        (541, 70),
        (768, 70),
        (769, 90),
        (1281, 90),
        (1282, 100),
        (1900, 100),
        (1901, 150),
        (2047, 150),
    ];
    for (width, limit) in cases {
        assert_eq!(word_limit(width), limit, "width {width}");
    }
}

#[test]
fn widths_from_2048_keep_the_widest_word_limit() {
    assert_eq!(word_limit(2048), 150);
}

#[test]
fn the_widest_width_keeps_the_widest_word_limit() {
    assert_eq!(word_limit(u32::MAX), 150);
}

#[test]
fn editor_notes_up_to_768_px_get_50_characters() {
    assert_eq!(editor_note_char_limit(768), 50);
}

#[test]
fn editor_notes_at_zero_width_get_50_characters() {
    assert_eq!(editor_note_char_limit(0), 50);
}

#[test]
fn editor_notes_from_769_px_get_500_characters() {
    assert_eq!(editor_note_char_limit(769), 500);
}

#[test]
fn editor_notes_at_2048_px_get_500_characters() {
    assert_eq!(editor_note_char_limit(2048), 500);
}

#[test]
fn editor_notes_wider_than_2048_px_keep_500_characters() {
    assert_eq!(editor_note_char_limit(2049), 500);
}

#[test]
fn a_block_at_the_truncation_breakpoint_starts_collapsed() {
    assert!(starts_collapsed(768));
}

#[test]
fn a_block_just_under_the_truncation_breakpoint_starts_collapsed() {
    assert!(starts_collapsed(767));
}

#[test]
fn a_block_just_over_the_truncation_breakpoint_starts_expanded() {
    assert!(!starts_collapsed(769));
}

#[test]
fn text_with_fewer_words_than_the_limit_is_not_cut() {
    check_words("one two", 3, "one two", false);
}

#[test]
fn text_with_exactly_the_limit_is_not_cut() {
    check_words("one two three", 3, "one two three", false);
}

#[test]
fn text_with_one_word_over_the_limit_is_cut_before_it() {
    check_words("one two three four", 3, "one two three", true);
}

#[test]
fn an_uncut_text_keeps_its_surrounding_whitespace() {
    check_words("  one two  ", 2, "  one two  ", false);
}

#[test]
fn a_cut_text_loses_the_whitespace_before_the_cut() {
    check_words("one two \n\t three", 2, "one two", true);
}

#[test]
fn a_zero_word_limit_cuts_everything() {
    check_words("one", 0, "", true);
}

#[test]
fn an_empty_text_is_not_cut() {
    check_words("", 0, "", false);
}

#[test]
fn punctuation_belongs_to_its_word() {
    check_words("No fee, ever. Really", 3, "No fee, ever.", true);
}

#[test]
fn multibyte_words_are_kept_whole() {
    check_words("café crème brûlée", 2, "café crème", true);
}

#[test]
fn unicode_whitespace_separates_words() {
    check_words("one\u{3000}two\u{a0}three", 2, "one\u{3000}two", true);
}

#[test]
fn a_text_under_the_character_limit_is_not_cut() {
    check_chars("Short", 10, "Short", false);
}

#[test]
fn a_truncated_text_serialises_with_its_cut_flag() {
    let json = serde_json::to_string(&truncate_words("one two", 1)).unwrap();
    assert_eq!(json, r#"{"text":"one","cut":true}"#);
}

#[test]
fn a_text_within_the_character_limit_is_not_cut() {
    check_chars("Short note", 10, "Short note", false);
}

#[test]
fn a_text_one_character_over_the_limit_is_cut() {
    check_chars("Short notes", 10, "Short", true);
}

#[test]
fn a_cut_at_a_space_keeps_every_whole_word() {
    check_chars("Great for travel abroad", 16, "Great for travel", true);
}

#[test]
fn a_cut_inside_a_word_backs_off_to_the_previous_word() {
    check_chars("Great for travel abroad", 12, "Great for", true);
}

#[test]
fn a_first_word_longer_than_the_limit_is_cut_inside() {
    check_chars("Supercalifragilistic", 5, "Super", true);
}

#[test]
fn only_whitespace_past_the_limit_is_not_a_cut() {
    check_chars("abc   ", 3, "abc   ", false);
}

#[test]
fn a_character_cut_never_splits_a_multibyte_character() {
    check_chars("ééééé", 3, "ééé", true);
}

#[test]
fn a_zero_character_limit_cuts_everything() {
    check_chars("abc", 0, "", true);
}
