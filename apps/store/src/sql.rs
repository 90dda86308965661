//! Raw-SQL helpers every area may use: placeholders for either backend, multi-row inserts
//! and the decoding of counters.

use sea_orm::{ConnectionTrait, DbBackend, QueryResult, Statement, Value};

use crate::StoreError;

/// Bound values per statement: under SQLite's 32,766 and PostgreSQL's 65,535.
const MAX_PARAMS: usize = 30_000;

/// A statement written with `?` placeholders, numbered `$1, $2…` for PostgreSQL. The SQL
/// text must hold no other `?` (values are always bound, never written in).
pub(crate) fn statement(backend: DbBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres {
        let mut out = String::with_capacity(sql.len() + 16);
        let mut n = 0_u32;
        for c in sql.chars() {
            if c == '?' {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            } else {
                out.push(c);
            }
        }
        out
    } else {
        sql.to_owned()
    };
    Statement::from_sql_and_values(backend, sql, values)
}

/// `?, ?, …` with `n` placeholders.
pub(crate) fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// Inserts `rows` (each with one value per column) into `table` in as few multi-row
/// statements as the bound-value limits allow; `suffix` follows each statement's values
/// (e.g. `ON CONFLICT DO NOTHING`).
pub(super) async fn insert_rows(
    conn: &impl ConnectionTrait,
    table: &str,
    columns: &[&str],
    rows: Vec<Vec<Value>>,
    suffix: &str,
) -> Result<(), StoreError> {
    insert_rows_returning(conn, table, columns, rows, suffix).await?;
    Ok(())
}

/// [`insert_rows`] whose `suffix` may end in `RETURNING`: every row the statements
/// returned, statement after statement.
pub(super) async fn insert_rows_returning(
    conn: &impl ConnectionTrait,
    table: &str,
    columns: &[&str],
    rows: Vec<Vec<Value>>,
    suffix: &str,
) -> Result<Vec<QueryResult>, StoreError> {
    let backend = conn.get_database_backend();
    let width = columns.len().max(1);
    let per_statement = (MAX_PARAMS / width).max(1);
    let row_sql = format!("({})", placeholders(width));
    let head = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut returned = Vec::new();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<Vec<Value>> = rows.by_ref().take(per_statement).collect();
        let mut sql = String::with_capacity(head.len() + chunk.len() * (row_sql.len() + 2));
        sql.push_str(&head);
        let mut values = Vec::with_capacity(chunk.len() * width);
        for (i, row) in chunk.into_iter().enumerate() {
            if row.len() != width {
                return Err(StoreError::InvalidData(format!(
                    "{table}: a row of {} values for {width} columns",
                    row.len()
                )));
            }
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&row_sql);
            values.extend(row);
        }
        sql.push(' ');
        sql.push_str(suffix);
        returned.extend(conn.query_all_raw(statement(backend, &sql, values)).await?);
    }
    Ok(returned)
}

/// A stored counter as an unsigned count.
pub(crate) fn count(value: i32, what: &str) -> Result<u32, StoreError> {
    u32::try_from(value).map_err(|_| StoreError::InvalidData(format!("negative {what}: {value}")))
}

/// A caller's count as a bound value (saturating: no page is that far).
pub(crate) fn bound(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
