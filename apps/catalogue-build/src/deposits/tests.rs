use super::*;
use rust_decimal_macros::dec;

#[test]
fn latest_snapshot_is_used() {
    let table = Table::parse(
        "as_of,deposit_size,pdt_type,term_months,national_rate_apy_pct\n\
         2009-08-24,non-jumbo,Savings,,0.21\n2009-08-24,jumbo,Savings,,0.30\n\
         2020-09-07,non-jumbo,Savings,,0.05\n2020-09-07,jumbo,Savings,,0.06\n",
    )
    .unwrap();
    let rates = NationalRates::latest(&table).unwrap();
    assert_eq!(rates.as_of, "2020-09-07");
    assert_eq!(rates.get("Savings", 0), Some((dec!(0.05), dec!(0.06))));
}

#[test]
fn the_monthly_table_gives_one_rate_for_every_deposit_size() {
    let table = Table::parse(
        "as_of,product,pdt_type,term_months,national_rate_apy_pct,rate_cap_pct,fred_rate_series,fred_cap_series\n\
         2023-10-01,Savings,Savings,,0.45,6.0,SNDR,SNRC\n\
         2023-11-01,Savings,Savings,,0.46,6.08,SNDR,SNRC\n\
         2023-11-01,12 month CD,CD,12,1.79,7.3,NDR12MCD,NRC12MCD\n",
    )
    .unwrap();
    let rates = NationalRates::latest(&table).unwrap();
    assert_eq!(rates.as_of, "2023-11-01");
    assert_eq!(rates.get("Savings", 0), Some((dec!(0.46), dec!(0.46))));
    assert_eq!(rates.get("CD", 12), Some((dec!(1.79), dec!(1.79))));
}
