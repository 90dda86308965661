use super::*;

const PERIODS: &str = "bank,institution,fdic_cert,product,apy_pct,first_seen,last_seen,observations\n\
Ally,Ally Bank,57803,Ally Online Savings Account,3.30,2026-01-08,2026-02-19,51\n\
Ally,Ally Bank,57803,Ally Online Savings Account,3.20,2026-02-20,2026-08-22,80\n\
Wealthfront,Wealthfront,,Wealthfront Cash Account,4.00,2026-01-08,2026-01-08,1\n";

const OBSERVATIONS: &str = "date,time,time_zone,observed_at_raw,bank,institution,fdic_cert,product,product_page,apy_pct\n\
2026-01-08,22:38,not stated,2026-01-08 22:38,Ally,Ally Bank,57803,Ally Online Savings Account,https://www.ally.com/bank/online-savings-account/,3.30\n";

#[test]
fn an_account_shows_its_latest_apy_dated_and_its_history() {
    let accounts = read(&Table::parse(PERIODS).unwrap()).unwrap();
    assert_eq!(accounts.len(), 1, "the one-day account is left out");
    let pages = pages(&Table::parse(OBSERVATIONS).unwrap());
    let built = build(&accounts, &pages, &[]);
    let raw = &built[0];
    offer_model::Offer::from_json(raw).unwrap();
    assert_eq!(raw["ID"], "hysa-ally-online-savings-account");
    assert_eq!(raw["APY"], "3.20%");
    assert_eq!(raw["SOURCE_AS_OF"], "2026-08-22");
    assert_eq!(
        raw["RATES_FEES_URL"],
        "https://www.ally.com/bank/online-savings-account/"
    );
    assert_eq!(
        raw["DESCRIPTION"],
        "3.30% APY from Jan 8, 2026 to Feb 19, 2026__3.20% APY from Feb 20, 2026 to Aug 22, 2026"
    );
    assert!(
        raw["EDITORS_CONS"]
            .as_str()
            .unwrap()
            .starts_with("APY fell from 3.30% (Jan 8, 2026)")
    );
    assert_eq!(raw["ILLUSTRATIVE"], "N");
    assert!(raw.get("MIN_TO_OPEN").is_none());
}
