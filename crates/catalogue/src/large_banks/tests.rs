use serde_json::json;

use super::*;

fn offer(fields: serde_json::Value) -> Offer {
    Offer::from_json(&fields).unwrap()
}

fn banks() -> LargeBanks {
    LargeBanks::new(["Big Bank", "Mega Bank, National Association"]).unwrap()
}

#[test]
fn reads_the_banks_of_the_list_file_and_ignores_its_notes() {
    let list = LargeBanks::from_json(
        r#"{"about": "notes", "source": "FDIC", "banks": ["Big Bank", "Mega Bank"],
            "institutions": [{"cert": "1"}]}"#,
    )
    .unwrap();
    assert_eq!(list.names(), ["Big Bank", "Mega Bank"]);
    assert!(!list.is_empty());
    assert!(LargeBanks::default().is_empty());
}

#[test]
fn a_list_without_banks_or_with_a_blank_name_is_refused() {
    assert!(matches!(
        LargeBanks::from_json(r#"{"about": "notes"}"#),
        Err(LargeBanksError::Json { .. })
    ));
    assert!(matches!(
        LargeBanks::from_json(r#"{"banks": "Big Bank"}"#),
        Err(LargeBanksError::Json { .. })
    ));
    assert_eq!(
        LargeBanks::from_json(r#"{"banks": ["Big Bank", "  "]}"#),
        Err(LargeBanksError::Blank { position: 2 })
    );
}

#[test]
fn an_offer_of_a_large_bank_without_an_affiliate_link_gets_the_asterisk() {
    let card = offer(json!({"ID": "a", "NAME": "Card", "ISSUER": " big bank "}));
    assert!(banks().asterisk(&card));
}

#[test]
fn an_affiliate_offer_never_does_whatever_its_scope() {
    for scope in ["", "O", "I"] {
        let card = offer(json!({
            "ID": "a", "NAME": "Card", "ISSUER": "Big Bank", "WH_AFFILIATE_LINK": "Y",
            "AFFILIATE_INFLUENCE_SCOPE": scope,
        }));
        assert!(!banks().asterisk(&card), "scope {scope:?}");
    }
}

#[test]
fn other_issuers_and_offers_without_an_issuer_do_not() {
    assert!(!banks().asterisk(&offer(
        json!({"ID": "a", "NAME": "Card", "ISSUER": "Small Bank"})
    )));
    assert!(!banks().asterisk(&offer(json!({"ID": "a", "NAME": "Big Bank"}))));
    assert!(!LargeBanks::default().asterisk(&offer(
        json!({"ID": "a", "NAME": "Card", "ISSUER": "Big Bank"})
    )));
}

#[test]
fn an_institution_without_an_issuer_is_its_own_issuer() {
    let institution =
        offer(json!({"ID": "fdic-1", "TYPE": "inst", "NAME": "Mega Bank, National Association"}));
    assert!(banks().asterisk(&institution));
    let named =
        offer(json!({"ID": "fdic-2", "TYPE": "inst", "NAME": "Mega", "ISSUER": "Small Bank"}));
    assert!(
        !banks().asterisk(&named),
        "its ISSUER decides when it has one"
    );
}
