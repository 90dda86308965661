use super::*;
use offer_model::{OfferId, OfferName, ProductType};

fn amount(text: &str) -> Option<Amount> {
    Amount::parse(text)
}

#[test]
fn lowest_percent_reads_plain_amounts_and_ranges() {
    assert_eq!(
        lowest_percent(amount("19.99%").as_ref()),
        Some(Decimal::new(1999, 2))
    );
    assert_eq!(
        lowest_percent(amount("21").as_ref()),
        Some(Decimal::from(21))
    );
    assert_eq!(
        lowest_percent(amount("25.99% - 15.99%").as_ref()),
        Some(Decimal::new(1599, 2))
    );
    assert_eq!(
        lowest_percent(amount("0% intro for 12 months, then 18.5%").as_ref()),
        Some(Decimal::ZERO)
    );
    assert_eq!(lowest_percent(amount("Variable").as_ref()), None);
    assert_eq!(lowest_percent(amount("%").as_ref()), None);
    assert_eq!(lowest_percent(amount(".%").as_ref()), None);
    assert_eq!(lowest_percent(None), None);
}

#[test]
fn headline_apy_prefers_the_apy_field_then_the_best_tier() {
    let mut offer = Offer::new(
        ProductType::Savings,
        OfferId::parse("s").unwrap(),
        OfferName::parse("S").unwrap(),
    );
    assert_eq!(headline_apy(&offer), None);
    offer.banking.rate_tiers = "0|999|1|1,1000|99999999|2|2.02".parse().unwrap();
    assert_eq!(headline_apy(&offer), Some(Decimal::new(202, 2)));
    offer.banking.apy = amount("3%");
    assert_eq!(headline_apy(&offer), Some(Decimal::from(3)));
}

#[test]
fn zero_fee_means_exactly_zero() {
    assert!(is_zero(amount("$0").as_ref()));
    assert!(is_zero(amount("0.00").as_ref()));
    assert!(!is_zero(amount("$0 intro, then $95").as_ref()));
    assert!(!is_zero(amount("$1").as_ref()));
    assert!(!is_zero(None));
}
