use super::*;

#[test]
fn finds_each_source_by_its_key_and_nothing_else() {
    assert_eq!(by_key("fiqa"), Some(&FIQA));
    assert_eq!(by_key("FIQA"), None);
    assert_eq!(by_key(""), None);
}

#[test]
fn keys_are_unique_and_every_source_names_its_licence() {
    for (i, source) in SOURCES.iter().enumerate() {
        assert!(SOURCES[..i].iter().all(|other| other.key != source.key));
        assert!(source.url.starts_with("https://"));
        assert!(source.licence_url.starts_with("https://"));
        assert!(source.licence.starts_with("CC "), "{}", source.licence);
        assert!(!source.note.is_empty());
    }
}
