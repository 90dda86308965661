use super::*;
use proptest::prelude::*;

fn check_pipe(input: &str, expected: &[&str]) {
    assert_eq!(split_pipe_list(input), expected, "input {input:?}");
}

fn check_double_underscore(input: &str, expected: &[&str]) {
    assert_eq!(
        split_double_underscore_list(input),
        expected,
        "input {input:?}"
    );
}

#[test]
fn pipe_list_splits_on_each_pipe() {
    check_pipe("a|b|c", &["a", "b", "c"]);
}

#[test]
fn pipe_list_entries_are_trimmed() {
    check_pipe("  No annual fee |  Low APR ", &["No annual fee", "Low APR"]);
}

#[test]
fn pipe_list_drops_blank_entries() {
    check_pipe("|a|| |b|", &["a", "b"]);
}

#[test]
fn empty_or_blank_pipe_list_is_empty() {
    check_pipe("", &[]);
    check_pipe(" | |  ", &[]);
}

#[test]
fn pipe_list_with_one_entry_has_one_entry() {
    check_pipe("Only one", &["Only one"]);
}

#[test]
fn pipe_list_does_not_split_on_double_underscore() {
    check_pipe("a__b", &["a__b"]);
}

#[test]
fn double_underscore_list_splits_on_each_double_underscore() {
    check_double_underscore("a__b__c", &["a", "b", "c"]);
}

#[test]
fn double_underscore_list_keeps_single_underscores() {
    check_double_underscore("no_fee__cash_back", &["no_fee", "cash_back"]);
}

#[test]
fn double_underscore_list_drops_blank_entries_and_trims() {
    check_double_underscore("__ a ____  __b__", &["a", "b"]);
}

#[test]
fn triple_underscore_splits_left_to_right() {
    check_double_underscore("a___b", &["a", "_b"]);
}

#[test]
fn double_underscore_list_does_not_split_on_pipes() {
    check_double_underscore("a|b", &["a|b"]);
}

#[test]
fn empty_double_underscore_list_is_empty() {
    check_double_underscore("", &[]);
}

#[test]
fn join_pipe_list_is_the_inverse_of_split() {
    let entries = ["a", "b c"];
    assert_eq!(join_pipe_list(&entries), "a|b c");
    assert_eq!(split_pipe_list(&join_pipe_list(&entries)), entries);
}

#[test]
fn join_double_underscore_list_is_the_inverse_of_split() {
    let entries = ["a_1", "b"];
    assert_eq!(join_double_underscore_list(&entries), "a_1__b");
    assert_eq!(
        split_double_underscore_list(&join_double_underscore_list(&entries)),
        entries
    );
}

#[test]
fn list_source_reads_system_and_custom_in_any_case() {
    assert_eq!(ListSource::parse("SYSTEM"), Ok(ListSource::System));
    assert_eq!(ListSource::parse("custom"), Ok(ListSource::Custom));
    assert_eq!(ListSource::parse(" Custom "), Ok(ListSource::Custom));
}

#[test]
fn blank_list_source_is_system() {
    assert_eq!(ListSource::parse(""), Ok(ListSource::System));
    assert_eq!(ListSource::default(), ListSource::System);
}

#[test]
fn unknown_list_source_is_rejected_with_its_value() {
    assert_eq!(
        ListSource::parse(" editor "),
        Err(ListSourceError::Unknown {
            value: "editor".into()
        })
    );
}

#[test]
fn list_source_prints_its_raw_spelling() {
    assert_eq!(ListSource::Custom.to_string(), "CUSTOM");
    assert_eq!(ListSource::System.as_str(), "SYSTEM");
}

#[test]
fn pros_cons_parse_splits_both_lists_on_pipes() {
    let lists = ProsCons::parse(Some("CUSTOM"), Some("a| b |"), Some("c")).unwrap();
    assert_eq!(lists.source(), ListSource::Custom);
    assert_eq!(lists.pros(), ["a", "b"]);
    assert_eq!(lists.cons(), ["c"]);
}

#[test]
fn pros_cons_without_source_are_system() {
    let lists = ProsCons::parse(None, Some("a"), None).unwrap();
    assert_eq!(lists.source(), ListSource::System);
    assert!(lists.cons().is_empty());
}

#[test]
fn pros_cons_with_unknown_source_are_rejected() {
    assert!(ProsCons::parse(Some("both"), Some("a"), None).is_err());
}

#[test]
fn pros_cons_new_trims_and_drops_blank_entries() {
    let lists = ProsCons::new(ListSource::System, [" a ", ""], ["  "]);
    assert_eq!(lists.pros(), ["a"]);
    assert!(lists.cons().is_empty());
}

#[test]
fn pros_cons_is_empty_only_without_entries() {
    assert!(ProsCons::default().is_empty());
    assert!(!ProsCons::new(ListSource::System, ["a"], Vec::<String>::new()).is_empty());
}

#[test]
fn pros_cons_serialise_in_camel_case_and_read_back_cleaned() {
    let lists = ProsCons::new(ListSource::Custom, ["a"], ["b"]);
    let json = serde_json::to_value(&lists).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"source": "custom", "pros": ["a"], "cons": ["b"]})
    );
    let read: ProsCons =
        serde_json::from_value(serde_json::json!({"source": "CUSTOM", "pros": [" a ", ""]}))
            .unwrap();
    assert_eq!(read, ProsCons::new(ListSource::Custom, ["a"], [""; 0]));
}

proptest! {
    #[test]
    fn splitting_never_panics_and_yields_trimmed_non_blank_entries(raw in any::<String>()) {
        for entry in split_pipe_list(&raw).into_iter().chain(split_double_underscore_list(&raw)) {
            prop_assert!(!entry.is_empty());
            prop_assert_eq!(entry.trim(), entry.as_str());
        }
    }

    #[test]
    fn pipe_entries_never_hold_a_pipe(raw in any::<String>()) {
        prop_assert!(split_pipe_list(&raw).iter().all(|entry| !entry.contains('|')));
    }

    #[test]
    fn double_underscore_entries_never_hold_a_double_underscore(raw in any::<String>()) {
        prop_assert!(split_double_underscore_list(&raw).iter().all(|entry| !entry.contains("__")));
    }

    #[test]
    fn pipe_split_and_join_round_trip(entries in proptest::collection::vec("[a-zA-Z0-9][a-zA-Z0-9 _]{0,8}[a-zA-Z0-9]", 0..5)) {
        prop_assert_eq!(split_pipe_list(&join_pipe_list(&entries)), entries);
    }

    #[test]
    fn double_underscore_split_and_join_round_trip(entries in proptest::collection::vec("[a-zA-Z0-9]([a-zA-Z0-9 ]_?){0,6}[a-zA-Z0-9]", 0..5)) {
        prop_assert_eq!(split_double_underscore_list(&join_double_underscore_list(&entries)), entries);
    }

    #[test]
    fn list_source_parse_never_panics(raw in any::<String>()) {
        let _ = ListSource::parse(&raw);
    }

    #[test]
    fn pros_cons_parse_never_panics(source in any::<Option<String>>(), pros in any::<String>(), cons in any::<String>()) {
        let _ = ProsCons::parse(source.as_deref(), Some(&pros), Some(&cons));
    }
}
