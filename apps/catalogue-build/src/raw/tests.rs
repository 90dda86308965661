use super::*;
use rust_decimal_macros::dec;

#[test]
fn fractions_become_percents_with_two_decimals() {
    assert_eq!(fraction_percent(dec!(0.2899)).as_deref(), Some("28.99%"));
    assert_eq!(fraction_percent(dec!(0.165)).as_deref(), Some("16.50%"));
    assert_eq!(fraction_percent(dec!(0.01)).as_deref(), Some("1.00%"));
    assert_eq!(fraction_percent(dec!(0.0)).as_deref(), Some("0.00%"));
    assert_eq!(percent(dec!(4.3)), "4.30%");
}

#[test]
fn fee_percents_keep_the_fee_tables_form() {
    assert_eq!(fraction_fee_percent(dec!(0.03)).as_deref(), Some("3%"));
    assert_eq!(fraction_fee_percent(dec!(0.025)).as_deref(), Some("2.5%"));
    assert_eq!(fraction_fee_percent(dec!(0)).as_deref(), Some("0%"));
}

#[test]
fn both_ends_of_a_range_show_two_decimals() {
    assert_eq!(
        fraction_percent_range(dec!(0.1324), dec!(0.18)).as_deref(),
        Some("13.24% - 18.00%")
    );
    assert_eq!(
        fraction_percent_range(dec!(0.2), dec!(0.29995)).as_deref(),
        Some("20.00% - 30.00%")
    );
}

#[test]
fn dollars_are_grouped_and_keep_cents() {
    assert_eq!(dollars(dec!(25.0)), "$25");
    assert_eq!(dollars(dec!(1000)), "$1,000");
    assert_eq!(dollars(dec!(2.5)), "$2.50");
    assert_eq!(dollars(dec!(1234567.05)), "$1,234,567.05");
}

#[test]
fn large_amounts_are_written_in_words() {
    assert_eq!(dollars_in_words(dec!(3813431000000)), "$3.81 trillion");
    assert_eq!(dollars_in_words(dec!(12440000000)), "$12.4 billion");
    assert_eq!(dollars_in_words(dec!(850200000)), "$850.2 million");
}

#[test]
fn proper_names_spell_institutions_as_they_do() {
    assert_eq!(
        proper_name("Jpmorgan Chase Bank, National Association"),
        "JPMorgan Chase Bank, National Association"
    );
    assert_eq!(
        proper_name("Bank Of America,  National Association"),
        "Bank of America, National Association"
    );
    assert_eq!(
        proper_name("Td Bank Usa, National Association"),
        "TD Bank USA, National Association"
    );
    assert_eq!(proper_name("Us Bank"), "U.S. Bank");
    assert_eq!(proper_name("Pnc Bank"), "PNC Bank");
    assert_eq!(
        proper_name("Usaa Federal Savings Bank"),
        "USAA Federal Savings Bank"
    );
    // A name that starts with a small word keeps it capitalised; others are left alone.
    assert_eq!(proper_name("The Bank Of Tampa"), "The Bank of Tampa");
    assert_eq!(proper_name("Citibank, N.A."), "Citibank, N.A.");
    assert_eq!(proper_name("Tdecu"), "Tdecu");
}

#[test]
fn title_case_lowers_all_but_first_letters() {
    assert_eq!(title_case("NAVY  FEDERAL"), "Navy Federal");
}

#[test]
fn fnv1a_is_fixed() {
    assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
}

#[test]
fn slugs_keep_ascii_letters_and_digits() {
    assert_eq!(slug("Delta SkyMiles® Gold"), "delta-skymiles-gold");
    assert_eq!(slug("  Spark 2% Cash Plus!  "), "spark-2-cash-plus");
    assert_eq!(slug("Crédit"), "cr-dit");
    assert_eq!(slug("---"), "");
}

#[test]
fn loosely_written_websites_become_web_addresses() {
    assert_eq!(
        web_address("https: www.360fcu.org").as_deref(),
        Some("https://www.360fcu.org/")
    );
    assert_eq!(
        web_address("http:www.360fcu.org").as_deref(),
        Some("http://www.360fcu.org/")
    );
    assert_eq!(
        web_address("www://achievefinancialcu.com").as_deref(),
        Some("https://achievefinancialcu.com/")
    );
    assert_eq!(
        web_address("https://1cfcu.org/credit-cards/").as_deref(),
        Some("https://1cfcu.org/credit-cards/")
    );
    assert_eq!(
        web_address("example.com/rates").as_deref(),
        Some("https://example.com/rates")
    );
    assert_eq!(web_address("not a site"), None);
    assert_eq!(web_address("javascript:alert(1)"), None);
    assert_eq!(web_address(""), None);
}
