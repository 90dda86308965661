use super::*;

fn check(name: &str, expected: &str) {
    assert_eq!(initials(name), expected, "name {name:?}");
}

#[test]
fn two_specific_words_give_two_letters() {
    check("Capital One", "CO");
    check("Wells Fargo", "WF");
    check("Goldman Sachs Bank USA", "GS");
}

#[test]
fn a_generic_suffix_is_dropped() {
    check("Navy Federal Credit Union", "NF");
    check("JPMorgan Chase Bank, N.A.", "JC");
    check("American Express National Bank", "AE");
    check("Synchrony Bank", "S");
    check("Citibank, N.A.", "C");
    check("Acme Savings Bank, FSB", "A");
    check("Example Holdings Inc.", "EH");
}

#[test]
fn a_generic_word_in_front_is_part_of_the_brand() {
    check("Bank of America, N.A.", "BA");
    check("Bank of America", "BA");
    check("Credit One Bank", "CO");
    check("Bank OZK", "BO");
}

#[test]
fn generic_words_between_specific_ones_are_skipped() {
    check("First National Bank of Omaha", "FO");
    check("Bank of the West", "BW");
}

#[test]
fn connecting_words_are_skipped() {
    check("The Bancorp Bank", "B");
    check("The Bank of Missouri", "BM");
}

#[test]
fn a_dotted_abbreviation_gives_a_letter_each() {
    check("U.S. Bank", "US");
    check("U.S. Bank National Association", "US");
    check("J.P. Morgan", "JP");
}

#[test]
fn suffix_spellings_do_not_matter() {
    check("Example Bank, n.a.", "E");
    check("Example Bank NA", "E");
    check("Example BANK", "E");
}

#[test]
fn a_name_of_only_generic_or_connecting_words_keeps_them() {
    check("Credit Union", "CU");
    check("Bank", "B");
    check("The", "T");
}

#[test]
fn letters_are_uppercased() {
    check("capital one", "CO");
    check("ñandú", "Ñ");
    check("ßeta", "S");
}

#[test]
fn non_latin_names_give_their_first_character() {
    check("中国银行", "中");
    check("Сбербанк России", "СР");
}

#[test]
fn a_name_without_words_falls_back() {
    check("", "?");
    check("  \t", "?");
    check("&", "&");
    check("- & -", "-");
    check("***", "*");
}

#[test]
fn hyphens_and_slashes_separate_words() {
    check("The Toronto-Dominion Bank", "TD");
    check("Acme/Example Bank", "AE");
}

#[test]
fn punctuation_around_words_is_ignored() {
    check("(Acme) Trust", "AT");
    check("AT&T Universal", "AU");
}

#[test]
fn the_mark_has_a_fixed_box_and_an_illustration_title() {
    let svg = institution_mark(&InstitutionMark {
        name: "Capital One",
    });
    assert!(svg.starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img" aria-label="Illustration: mark for Capital One">"#
    ));
    assert!(svg.contains("<title>Illustration: mark for Capital One</title>"));
    assert!(svg.contains(">CO</text></svg>"));
}

#[test]
fn an_unnamed_institution_has_a_readable_label() {
    let svg = institution_mark(&InstitutionMark { name: "" });
    assert!(svg.contains("<title>Illustration: mark for an unnamed institution</title>"));
    assert!(svg.contains(">?</text>"));
}

#[test]
fn the_mark_escapes_name_and_initials() {
    let svg = institution_mark(&InstitutionMark { name: "<script>&" });
    assert!(!svg.contains("<script"));
    assert!(svg.contains("<title>Illustration: mark for &lt;script&gt;&amp;</title>"));
    assert!(svg.contains(">S</text>"));
    let svg = institution_mark(&InstitutionMark { name: "<<" });
    assert!(svg.contains(">&lt;</text>"));
}

#[test]
fn the_mark_is_drawn_the_same_way_every_time() {
    let mark = InstitutionMark {
        name: "Navy Federal Credit Union",
    };
    assert_eq!(institution_mark(&mark), institution_mark(&mark));
}

#[test]
fn the_mark_has_the_colour_the_issuers_cards_start_from() {
    let mark = institution_mark(&InstitutionMark {
        name: "Capital One",
    });
    let card = crate::card_art(&crate::CardArt {
        issuer: "Capital One",
        name: "Quicksilver",
        network: None,
        secured: false,
    });
    let colour = palette::colour_at(palette::index_for("Capital One")).hex();
    assert!(mark.contains(&format!(r#"fill="{colour}""#)));
    assert!(card.contains(&format!(r#"<stop offset="0" stop-color="{colour}"/>"#)));
}
