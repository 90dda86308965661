use super::*;

#[test]
fn the_home_page_of_an_address_keeps_scheme_and_host() {
    assert_eq!(
        home_page("https://www.ally.com/bank/x/").as_deref(),
        Some("https://www.ally.com/")
    );
    assert_eq!(home_page("http://A.org").as_deref(), Some("http://a.org/"));
    assert_eq!(home_page("a.org"), None);
}

#[test]
fn names_compare_without_case_or_punctuation() {
    assert_eq!(
        name_key("Bank Of America, National Association"),
        name_key("Bank of America National  Association")
    );
}
