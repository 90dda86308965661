use super::*;
use proptest::prelude::*;

fn check(input: &str, expected: ProductType) {
    assert_eq!(ProductType::parse(input), Ok(expected), "input {input:?}");
}

#[test]
fn every_spec_type_code_is_read() {
    check("prsn", ProductType::PersonalLoan);
    check("inst", ProductType::Institution);
    check("chkg", ProductType::Checking);
    check("ppd", ProductType::Prepaid);
    check("svg", ProductType::Savings);
}

#[test]
fn code_none_means_credit_card() {
    check("none", ProductType::CreditCard);
}

#[test]
fn every_spec_pdt_type_name_is_read() {
    check("Savings", ProductType::Savings);
    check("Money Market", ProductType::MoneyMarket);
    check("CD", ProductType::Cd);
    check("Checking", ProductType::Checking);
    check("Checking Accounts", ProductType::Checking);
    check("Personal Loan", ProductType::PersonalLoan);
    check("Prepaid Card", ProductType::Prepaid);
    check("Auto Loans", ProductType::AutoLoan);
    check("Mortgage", ProductType::Mortgage);
}

#[test]
fn parsing_ignores_case_and_surrounding_blanks() {
    check("  SVG ", ProductType::Savings);
    check("money MARKET", ProductType::MoneyMarket);
    check("cd", ProductType::Cd);
}

#[test]
fn every_key_parses_back_to_its_product() {
    for product in ProductType::ALL {
        check(product.key(), product);
    }
}

#[test]
fn every_pdt_type_name_parses_back_to_its_product() {
    for product in ProductType::ALL {
        if let Some(name) = product.pdt_type() {
            check(name, product);
        }
    }
}

#[test]
fn every_code_parses_to_a_product_of_the_same_family() {
    for product in ProductType::ALL {
        let code = product.code().unwrap_or(CODE_NONE);
        let parsed = ProductType::parse(code).unwrap();
        assert_eq!(parsed.code(), product.code(), "{product:?}");
    }
}

#[test]
fn blank_text_is_rejected() {
    assert_eq!(ProductType::parse("  "), Err(ProductTypeError::Blank));
}

#[test]
fn unknown_text_is_rejected_with_the_text() {
    assert_eq!(
        ProductType::parse(" Crypto Wallet "),
        Err(ProductTypeError::Unknown {
            value: "Crypto Wallet".into()
        })
    );
}

#[test]
fn money_market_and_cd_live_under_the_savings_code() {
    assert_eq!(ProductType::MoneyMarket.code(), Some("svg"));
    assert_eq!(ProductType::Cd.code(), Some("svg"));
}

#[test]
fn auto_loans_and_mortgages_live_under_the_personal_loan_code() {
    assert_eq!(ProductType::AutoLoan.code(), Some("prsn"));
    assert_eq!(ProductType::Mortgage.code(), Some("prsn"));
}

#[test]
fn credit_card_has_no_code() {
    assert_eq!(ProductType::CreditCard.code(), None);
}

#[test]
fn resolve_without_code_or_name_is_a_credit_card() {
    assert_eq!(
        ProductType::resolve(None, None),
        Ok(ProductType::CreditCard)
    );
    assert_eq!(
        ProductType::resolve(Some(" "), Some("")),
        Ok(ProductType::CreditCard)
    );
}

#[test]
fn resolve_with_a_code_alone_gives_the_family_default() {
    assert_eq!(
        ProductType::resolve(Some("svg"), None),
        Ok(ProductType::Savings)
    );
    assert_eq!(
        ProductType::resolve(Some("inst"), None),
        Ok(ProductType::Institution)
    );
}

#[test]
fn resolve_lets_the_name_pick_a_member_of_the_code_family() {
    assert_eq!(
        ProductType::resolve(Some("svg"), Some("Money Market")),
        Ok(ProductType::MoneyMarket)
    );
    assert_eq!(
        ProductType::resolve(Some("prsn"), Some("Mortgage")),
        Ok(ProductType::Mortgage)
    );
}

#[test]
fn resolve_with_a_name_alone_gives_the_named_product() {
    assert_eq!(ProductType::resolve(None, Some("CD")), Ok(ProductType::Cd));
}

#[test]
fn resolve_treats_code_none_as_no_code() {
    assert_eq!(
        ProductType::resolve(Some("none"), Some("Savings")),
        Ok(ProductType::Savings)
    );
}

#[test]
fn resolve_rejects_a_name_from_another_family() {
    assert_eq!(
        ProductType::resolve(Some("chkg"), Some("CD")),
        Err(ProductTypeError::Conflict {
            code: "chkg".into(),
            name: "CD".into()
        })
    );
}

#[test]
fn resolve_rejects_an_unknown_code() {
    assert!(matches!(
        ProductType::resolve(Some("xyz"), None),
        Err(ProductTypeError::Unknown { .. })
    ));
}

#[test]
fn serde_writes_the_key_and_reads_any_spelling() {
    let json = serde_json::to_string(&ProductType::MoneyMarket).unwrap();
    assert_eq!(json, "\"moneyMarket\"");
    let read: ProductType = serde_json::from_str("\"Checking Accounts\"").unwrap();
    assert_eq!(read, ProductType::Checking);
}

#[test]
fn serde_rejects_an_unknown_spelling() {
    assert!(serde_json::from_str::<ProductType>("\"Gold Bars\"").is_err());
}

#[test]
fn label_is_the_pdt_type_name_or_a_plain_name() {
    assert_eq!(ProductType::Prepaid.label(), "Prepaid Card");
    assert_eq!(ProductType::CreditCard.to_string(), "Credit Card");
    assert_eq!(ProductType::Institution.label(), "Institution");
}

#[test]
fn deposit_and_loan_groups_are_disjoint_and_named_right() {
    assert!(ProductType::Cd.is_deposit_account());
    assert!(ProductType::Mortgage.is_loan());
    assert!(!ProductType::Prepaid.is_deposit_account());
    for product in ProductType::ALL {
        assert!(!(product.is_loan() && product.is_deposit_account()));
    }
}

proptest! {
    #[test]
    fn parse_never_panics(raw in any::<String>()) {
        let _ = ProductType::parse(&raw);
    }

    #[test]
    fn resolve_never_panics(code in proptest::option::of(any::<String>()), name in proptest::option::of(any::<String>())) {
        let _ = ProductType::resolve(code.as_deref(), name.as_deref());
    }

    #[test]
    fn resolve_of_a_products_own_code_and_name_gives_the_product(index in 0..ProductType::ALL.len()) {
        let product = ProductType::ALL[index];
        prop_assert_eq!(ProductType::resolve(product.code(), product.pdt_type()), Ok(product));
    }
}
