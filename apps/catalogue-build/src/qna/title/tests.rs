use super::*;

#[test]
fn a_title_that_passes_is_kept_cleaned() {
    let t = title("  How  do I\tbuild credit? [duplicate]").unwrap();
    assert_eq!(t.title, "How do I build credit?");
    assert_eq!(t.more_info, "");
    assert_eq!(clean("What is VAT? [U.K.]"), "What is VAT? [U.K.]");
}

#[test]
fn too_few_words_cannot_pass() {
    assert!(matches!(
        title("Frustrated Landlord"),
        Err(QuestionError::TooFewWords { .. })
    ));
}

#[test]
fn a_long_text_keeps_its_first_sentence() {
    let long = format!("Is a CD worth it now? {}", "More words here. ".repeat(10));
    let t = title(&long).unwrap();
    assert_eq!(t.title, "Is a CD worth it now?");
    assert_eq!(t.more_info, clean(&long));
}

#[test]
fn a_long_sentence_is_cut_at_a_word_with_an_ellipsis() {
    let long = format!("Should I {}, or not?", "really ".repeat(25).trim_end());
    let t = title(&long).unwrap();
    assert!(t.title.ends_with("really…"), "{}", t.title);
    assert!(t.title.chars().count() <= 140);
    assert!(QuestionText::parse(&t.title).is_ok());
    assert_eq!(t.more_info, long);
}
