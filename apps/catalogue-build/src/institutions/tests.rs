use super::*;

#[test]
fn report_dates_are_written_iso() {
    assert_eq!(yyyymmdd("20250930").as_deref(), Some("2025-09-30"));
    assert_eq!(yyyymmdd("2025093"), None);
    assert_eq!(month_day_year("12/31/2025").as_deref(), Some("2025-12-31"));
    assert_eq!(month_day_year("12/31"), None);
}

fn table(rows: usize) -> Table {
    let mut text = String::from("CERT,NAME,CITY,STNAME,REPDTE,ASSET,DEP\n");
    for n in 1..=rows {
        text.push_str(&format!(
            "{n},\"Bank {n}, N.A.\",AUSTIN,TEXAS,20250930,{n},{n}\n"
        ));
    }
    Table::parse(&text).unwrap()
}

#[test]
fn subset_keeps_the_largest_then_samples_the_rest() {
    let ncua =
        Table::parse("CU_NUMBER,CU_NAME,CU_TYPE,CITY,STATE,CYCLE_DATE,TOTAL_ASSETS_ACCT_010\n")
            .unwrap();
    let chosen = choose(&table(LARGEST + 2 * SAMPLE_EVERY), &ncua).unwrap();
    assert_eq!(chosen.len(), LARGEST + 2);
    assert_eq!(
        chosen.first().unwrap().id,
        format!("fdic-{}", LARGEST + 2 * SAMPLE_EVERY)
    );
    assert_eq!(
        chosen.first().unwrap().short_name,
        format!("Bank {}", LARGEST + 2 * SAMPLE_EVERY)
    );
    assert_eq!(chosen.last().unwrap().rank, LARGEST + 2 * SAMPLE_EVERY);
}

#[test]
fn credit_union_names_get_the_suffix_ncua_drops() {
    let fdic = Table::parse("CERT,NAME,CITY,STNAME,REPDTE,ASSET,DEP\n").unwrap();
    let ncua = Table::parse(
        "CU_NUMBER,CU_NAME,CU_TYPE,CITY,STATE,CYCLE_DATE,TOTAL_ASSETS_ACCT_010\n\
         5536,NAVY,1,VIENNA,VA,12/31/2025,100\n\
         7,GOLDEN 1,2,SACRAMENTO,CA,12/31/2025,50\n",
    )
    .unwrap();
    let chosen = choose(&fdic, &ncua).unwrap();
    let names: Vec<&str> = chosen.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        names,
        ["Navy Federal Credit Union", "Golden 1 Credit Union"]
    );
}
