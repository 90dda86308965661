use serde_json::json;

use super::*;

/// An FDIC file with the banks the tests need: three at or above the threshold (one of them
/// with the FDIC's double blank), two below, and every bank [`BRAND_BANKS`] names.
fn fdic() -> Table {
    let mut text = String::from("CERT,NAME,CITY,STNAME,REPDTE,ASSET,DEP\n");
    let rows = [
        (
            "628",
            "\"JPMorgan Chase Bank, National Association\"",
            "3813431000",
        ),
        ("27471", "American Express National  Bank", "211134002"),
        ("32188", "USAA Federal Savings Bank", "100000000"),
        ("57203", "Barclays Bank Delaware", "46823000"),
        ("1", "Just Below Bank", "99999999"),
    ];
    for (cert, name, assets) in rows {
        text.push_str(&format!(
            "{cert},{name},WILMINGTON,DELAWARE,20250930,{assets},1\n"
        ));
    }
    for (_, cert) in BRAND_BANKS {
        if let Some(cert) = cert
            && !rows.iter().any(|(known, _, _)| *known == cert)
        {
            text.push_str(&format!("{cert},Bank {cert},CITY,STATE,20250930,1000,1\n"));
        }
    }
    Table::parse(&text).unwrap()
}

fn bonuses(codes: &[&str]) -> Value {
    Value::Array(
        codes
            .iter()
            .map(|code| json!({"cardId": code, "name": "Card", "issuer": code}))
            .collect(),
    )
}

fn issuers(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

fn banks(list: &Value) -> Vec<&str> {
    list["banks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap())
        .collect()
}

#[test]
fn a_bank_is_large_from_100_billion_dollars_of_assets() {
    let list = build(&fdic(), &bonuses(&[]), &BTreeSet::new()).unwrap();
    // The FDIC's double space is made one.
    assert_eq!(
        banks(&list),
        [
            "American Express National Bank",
            "JPMorgan Chase Bank, National Association",
            "USAA Federal Savings Bank",
        ]
    );
    let certs: Vec<&str> = list["institutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bank| bank["cert"].as_str().unwrap())
        .collect();
    assert_eq!(certs, ["628", "27471", "32188"], "largest first");
    assert_eq!(list["institutions"][0]["totalAssets"], "$3.81 trillion");
    assert_eq!(list["asOf"], "2025-09-30");
    assert_eq!(list["source"], FDIC_SOURCE);
}

#[test]
fn other_spellings_of_a_large_bank_are_listed_as_the_catalogue_writes_them() {
    let catalogue = issuers(&[
        "American Express National Bank",
        "Usaa Federal Savings Bank",
        "Barclays Bank Delaware",
        "Just Below Bank",
        "Navy Federal Credit Union",
    ]);
    let list = build(&fdic(), &bonuses(&[]), &catalogue).unwrap();
    assert_eq!(
        banks(&list),
        [
            "American Express National Bank",
            "JPMorgan Chase Bank, National Association",
            "USAA Federal Savings Bank",
            "Usaa Federal Savings Bank",
        ]
    );
    assert_eq!(
        list["institutions"][1]["issuerNames"],
        json!(["American Express National Bank"])
    );
}

#[test]
fn brand_names_of_large_banks_are_listed_when_the_catalogue_uses_them() {
    let catalogue = issuers(&["Chase", "Barclays", "American Express"]);
    let list = build(
        &fdic(),
        &bonuses(&["CHASE", "BARCLAYS", "AMERICAN_EXPRESS", "PENFED", "CITI"]),
        &catalogue,
    )
    .unwrap();
    let names = banks(&list);
    assert!(names.contains(&"Chase") && names.contains(&"American Express"));
    assert!(
        !names.contains(&"Barclays"),
        "Barclays Bank Delaware is below the threshold"
    );
    assert!(
        !names.contains(&"Citi"),
        "no offer of the catalogue is Citi's"
    );
    assert!(!names.contains(&"Penfed") && !names.contains(&"PenFed"));
}

#[test]
fn an_issuer_code_without_a_decision_stops_the_build() {
    let error = build(&fdic(), &bonuses(&["CHASE", "NEW_BANK"]), &BTreeSet::new()).unwrap_err();
    assert!(error.to_string().contains("NEW_BANK"), "{error}");
}

#[test]
fn a_brand_bank_missing_from_the_fdic_file_stops_the_build() {
    let text = "CERT,NAME,CITY,STNAME,REPDTE,ASSET,DEP\n\
                628,Chase Bank,NEW YORK,NEW YORK,20250930,3813431000,1\n";
    let error = build(
        &Table::parse(text).unwrap(),
        &bonuses(&[]),
        &BTreeSet::new(),
    )
    .unwrap_err();
    assert!(error.to_string().contains("certificate"), "{error}");
}

#[test]
fn every_code_is_decided_once() {
    let codes: BTreeSet<&str> = BRAND_BANKS.iter().map(|(code, _)| *code).collect();
    assert_eq!(codes.len(), BRAND_BANKS.len());
}

#[test]
fn names_compare_ignoring_case_and_runs_of_blanks() {
    assert_eq!(
        normalise(" American Express National  Bank"),
        normalise("american express national bank")
    );
    assert_ne!(
        normalise("Capital One"),
        normalise("Capital One, National Association")
    );
}
