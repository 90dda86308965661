//! Helpers the store's tests share: a fixed clock, members, and table dumps.
#![allow(dead_code)]

use chrono::{DateTime, TimeZone, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use store::members::{self, NewMember};

/// A fixed instant `seconds` after the tests' epoch (2027-01-15), so stored times compare.
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_800_000_000 + seconds, 0).unwrap()
}

/// A new member `{handle}@example.test`, without a display name, joined at [`at`]`(0)`.
pub async fn member(db: &DatabaseConnection, handle: &str) -> i64 {
    member_named(db, &format!("{handle}@example.test"), None).await
}

/// A new member with this address and display name, joined at [`at`]`(0)`.
pub async fn member_named(db: &DatabaseConnection, email: &str, name: Option<&str>) -> i64 {
    members::create_member_at(
        db,
        NewMember {
            email: email.to_owned(),
            password_hash: None,
            name: name.map(str::to_owned),
        },
        at(0),
    )
    .await
    .unwrap()
}

/// Every row each query returns (one text column), in order, each query's rows ended by
/// `--`: a dump to compare a database before and after a write.
pub async fn dump_rows(db: &impl ConnectionTrait, queries: &[&str]) -> Vec<String> {
    let backend = db.get_database_backend();
    let mut out = Vec::new();
    for sql in queries {
        for row in db
            .query_all_raw(Statement::from_string(backend, (*sql).to_owned()))
            .await
            .unwrap()
        {
            out.push(row.try_get_by_index::<String>(0).unwrap());
        }
        out.push("--".to_owned());
    }
    out
}
