use super::*;

#[test]
fn quoted_fields_keep_commas_quotes_and_line_breaks() {
    let records = parse("a,b\n\"x, \"\"y\"\"\",\"line\nbreak\"\n").unwrap();
    assert_eq!(records, [vec!["a", "b"], vec!["x, \"y\"", "line\nbreak"]]);
}

#[test]
fn crlf_line_ends_and_a_missing_final_newline_are_read() {
    let records = parse("a,b\r\n1,2").unwrap();
    assert_eq!(records, [vec!["a", "b"], vec!["1", "2"]]);
}

#[test]
fn unclosed_quote_is_an_error() {
    assert_eq!(parse("a\n\"x"), Err(CsvError::UnclosedQuote { record: 2 }));
}

#[test]
fn table_reads_rows_by_column_and_blank_is_none() {
    let table = Table::parse("name,fee\nCard, \n").unwrap();
    let row = table.rows().next().unwrap();
    assert_eq!(row.get("name"), Some("Card"));
    assert_eq!(row.get("fee"), None);
    assert_eq!(row.get("missing"), None);
}

#[test]
fn record_with_the_wrong_field_count_is_an_error() {
    assert_eq!(
        Table::parse("a,b\n1\n"),
        Err(CsvError::FieldCount {
            record: 2,
            found: 1,
            expected: 2
        })
    );
}
