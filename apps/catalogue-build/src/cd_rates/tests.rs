use rust_decimal_macros::dec;

use super::*;

const HEADER: &str = "term_months,rank,institution,kind,state,apy_pct,min_deposit,promotion,product_note,fdic_cert,ncua_charter,remote_opening,nonresident_eligible,cu_membership_open_nationwide,early_withdrawal_penalty,source_url,read_note,date_checked\n";

fn table(rows: &str) -> Table {
    Table::parse(&format!("{HEADER}{rows}")).unwrap()
}

#[test]
fn the_rate_compounds_monthly_to_the_posted_apy() {
    assert_eq!(rate_of_apy(dec!(4.50)), dec!(4.41));
    assert_eq!(rate_of_apy(dec!(3.00)), dec!(2.96));
    assert_eq!(rate_of_apy(dec!(0)), dec!(0));
}

#[test]
fn a_bank_cd_reads_its_figures_page_and_attribution() {
    let cds = read(&table(
        "12,1,Example Bank,bank,NY,4.75,500,yes,,12345,,yes,not stated,,90 days of interest.,https://www.example.com/cd-rates,,2026-09-28\n",
    ))
    .unwrap();
    let built = build(&cds, &[]);
    let offer = offer_model::Offer::from_json(&built[0]).unwrap();
    assert_eq!(offer.identity.id.as_str(), "cd-example-bank-12m");
    assert_eq!(offer.identity.name.as_str(), "Example Bank 12-Month CD");
    assert_eq!(built[0]["APY"], "4.75%");
    assert_eq!(built[0]["RATE_INFO_STR"], "500|99999999|4.65|4.75");
    assert_eq!(built[0]["MIN_TO_OPEN"], "$500");
    assert_eq!(built[0]["TERM"], "12");
    assert_eq!(
        built[0]["RATES_FEES_URL"],
        "https://www.example.com/cd-rates"
    );
    assert_eq!(built[0]["SOURCE"], ATTRIBUTION);
    assert_eq!(built[0]["SOURCE_AS_OF"], "2026-09-28");
    assert_eq!(built[0]["ILLUSTRATIVE"], "N");
    assert!(
        built[0]["EDITORS_CONS"]
            .as_str()
            .unwrap()
            .contains("special rate")
    );
    assert_eq!(
        built[0]["DESCRIPTION"],
        "Early withdrawal: 90 days of interest."
    );
}

#[test]
fn a_credit_union_certificate_links_to_its_institution_when_the_catalogue_has_it() {
    let cds = read(&table(
        "60,1,Example Federal Credit Union,credit_union,VA,5.00,,no,penalty-free,,42,not stated,,yes,,https://example.org/rates,,2026-09-24\n",
    ))
    .unwrap();
    assert_eq!(cds[0].institution_id.as_deref(), Some("ncua-42"));
    let member = Institution {
        kind: Kind::CreditUnion,
        id: "ncua-42".to_owned(),
        name: "EXAMPLE FEDERAL CREDIT UNION".to_owned(),
        short_name: "Example FCU".to_owned(),
        location: String::new(),
        assets: dec!(1),
        deposits: None,
        members: None,
        federal_charter: true,
        rank: 1,
        as_of: String::new(),
    };
    let built = build(&cds, &[member]);
    assert_eq!(built[0]["UID"], "ncua-42");
    assert_eq!(
        built[0]["NAME"],
        "Example Federal Credit Union 60-Month No-Penalty Share Certificate"
    );
    assert!(
        built[0].get("MIN_TO_OPEN").is_none(),
        "no stated minimum: none invented"
    );
    assert!(
        !built[0]["EDITORS_CONS"]
            .as_str()
            .unwrap()
            .contains("Early withdrawal")
    );
}

#[test]
fn a_rate_page_the_data_marks_as_another_institutions_is_not_linked() {
    let cds = read(&table(
        "12,1,Prime Meridian Bank,bank,FL,4.00,,no,,1,,yes,,,,https://www.midflorida.com/cds,,2026-09-28\n",
    ))
    .unwrap();
    assert_eq!(cds[0].page, None);
}

#[test]
fn a_row_without_an_apy_is_refused() {
    assert!(read(&table("12,1,Bank,bank,NY,,,no,,1,,yes,,,,,,2026-09-28\n")).is_err());
}
