//! Databases for integration tests: SQLite always, PostgreSQL when `TEST_DATABASE_URL` is
//! set (each test gets a fresh schema there). With `REQUIRE_POSTGRES=1`, a missing or
//! unreachable PostgreSQL is an error, so CI never skips that path silently.

use std::sync::atomic::{AtomicU64, Ordering};

use sea_orm::{ConnectionTrait, DatabaseConnection};

use crate::{Backend, StoreError, connect, migration::open_migrated};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A database made for one test.
pub struct TestDatabase {
    /// `sqlite` or `postgres`, for test messages.
    pub name: &'static str,
    /// The open, migrated connection.
    pub db: DatabaseConnection,
    /// The database URL (with the schema in `search_path`, for PostgreSQL).
    pub url: String,
    /// The PostgreSQL schema the test owns.
    pub search_path: Option<String>,
}

fn unique_name(prefix: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{prefix}_{}_{n}_{nanos}", std::process::id())
}

/// A fresh, migrated SQLite database in a temporary file.
pub async fn sqlite() -> Result<TestDatabase, StoreError> {
    let path = std::env::temp_dir().join(format!("{}.sqlite", unique_name("plainrate_test")));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let db = open_migrated(&url, None).await?;
    Ok(TestDatabase {
        name: "sqlite",
        db,
        url,
        search_path: None,
    })
}

/// A fresh, migrated PostgreSQL schema, or `None` when no test server is configured.
pub async fn postgres() -> Result<Option<TestDatabase>, StoreError> {
    let required = std::env::var("REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
    let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
        if required {
            return Err(StoreError::NotFound(
                "REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set".to_owned(),
            ));
        }
        return Ok(None);
    };
    let schema = unique_name("t");
    let admin = connect(&url, None).await?;
    admin
        .execute_unprepared(&format!("CREATE SCHEMA \"{schema}\""))
        .await?;
    admin.close().await?;
    let db = open_migrated(&url, Some(&schema)).await?;
    Ok(Some(TestDatabase {
        name: "postgres",
        db,
        url,
        search_path: Some(schema),
    }))
}

/// Every backend the tests run on: SQLite, then PostgreSQL when configured.
pub async fn all() -> Result<Vec<TestDatabase>, StoreError> {
    let mut out = vec![sqlite().await?];
    if let Some(pg) = postgres().await? {
        out.push(pg);
    }
    Ok(out)
}

impl TestDatabase {
    /// The backend of this database.
    pub fn backend(&self) -> Backend {
        Backend::of(&self.db)
    }

    /// Removes what the test created (the PostgreSQL schema; the SQLite file stays in the
    /// temporary folder).
    pub async fn cleanup(self) -> Result<(), StoreError> {
        if let Some(schema) = &self.search_path {
            self.db
                .execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE"))
                .await?;
        }
        self.db.close().await?;
        Ok(())
    }
}
