use super::*;

#[test]
fn escape_replaces_the_five_xml_specials() {
    assert_eq!(
        escape(r#"A&B <C> "D" 'E'"#),
        "A&amp;B &lt;C&gt; &quot;D&quot; &#39;E&#39;"
    );
}

#[test]
fn escape_leaves_other_text_alone() {
    assert_eq!(
        escape("Crédit Agricole 中国银行 🙂"),
        "Crédit Agricole 中国银行 🙂"
    );
}

#[test]
fn escape_escapes_an_existing_entity_again() {
    assert_eq!(escape("&amp;"), "&amp;amp;");
}

#[test]
fn escape_turns_a_script_tag_into_text() {
    assert_eq!(
        escape("<script>alert(1)</script>"),
        "&lt;script&gt;alert(1)&lt;/script&gt;"
    );
}

#[test]
fn escape_drops_characters_xml_cannot_hold() {
    assert_eq!(
        escape("a\u{0}b\u{1b}c\u{7f}d\u{85}e\u{fffe}f\u{ffff}g"),
        "abcdefg"
    );
}

#[test]
fn clean_collapses_and_trims_blanks() {
    assert_eq!(clean("  Bank \t of\n\u{a0}America  "), "Bank of America");
}

#[test]
fn clean_drops_control_characters_without_joining_words() {
    assert_eq!(clean("Chase\u{0}\u{7}Bank"), "ChaseBank");
    assert_eq!(clean("Chase\r\nBank"), "Chase Bank");
}

#[test]
fn clean_of_blanks_only_is_empty() {
    assert_eq!(clean(" \t\u{0} \n"), "");
}

#[test]
fn truncate_keeps_text_within_the_limit() {
    assert_eq!(truncate("Capital One", 11), "Capital One");
    assert_eq!(truncate("", 5), "");
}

#[test]
fn truncate_ends_cut_text_with_an_ellipsis_within_the_limit() {
    assert_eq!(truncate("Capital One", 8), "Capital…");
    assert_eq!(truncate("Capital One", 8).chars().count(), 8);
}

#[test]
fn truncate_drops_a_blank_before_the_ellipsis() {
    assert_eq!(truncate("Capital One", 9), "Capital…");
}

#[test]
fn truncate_counts_characters_not_bytes() {
    assert_eq!(truncate("ééééé", 5), "ééééé");
    assert_eq!(truncate("ééééé", 3), "éé…");
    assert_eq!(truncate("🙂🙂🙂", 2), "🙂…");
}

#[test]
fn truncate_to_one_or_zero_characters() {
    assert_eq!(truncate("abc", 1), "…");
    assert_eq!(truncate("abc", 0), "");
}

#[test]
fn label_escapes_after_cutting_so_entities_stay_whole() {
    assert_eq!(label("AT&T Universal Card", 4), "AT&amp;…");
    assert_eq!(label("A  <b>", 10), "A &lt;b&gt;");
}
