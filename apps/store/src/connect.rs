//! Opening the database with the settings the site's durability rules need.

use std::time::Duration;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement,
};

use crate::StoreError;

/// How long a PostgreSQL connection may sit idle in the pool before it is pinged when
/// taken.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(30);

/// Which database engine a connection talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Embedded SQLite.
    Sqlite,
    /// PostgreSQL server.
    Postgres,
}

impl Backend {
    /// The backend of an open connection.
    pub fn of(db: &DatabaseConnection) -> Self {
        match db.get_database_backend() {
            DbBackend::Postgres => Self::Postgres,
            _ => Self::Sqlite,
        }
    }
}

/// Opens a connection pool for `url` (`sqlite://path?mode=rwc` or `postgres://…`).
///
/// SQLite gets WAL, `synchronous=FULL`, a 5 s busy timeout and foreign keys on every
/// pooled connection. `search_path` selects a PostgreSQL schema (tests use a fresh one).
pub async fn connect(
    url: &str,
    search_path: Option<&str>,
) -> Result<DatabaseConnection, StoreError> {
    connect_with(url, search_path, None).await
}

/// [`connect`] with at most `max_connections` in the pool (the default when `None`).
pub(crate) async fn connect_with(
    url: &str,
    search_path: Option<&str>,
    max_connections: Option<u32>,
) -> Result<DatabaseConnection, StoreError> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        // SQLite allows one writer; a small pool avoids lock churn. A file has no
        // connection to lose, so a connection is not pinged when taken from the pool: the
        // ping was a round trip to the connection's thread before every read.
        options
            .max_connections(4)
            .min_connections(1)
            .test_before_acquire(false);
        options.map_sqlx_sqlite_opts(|o| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
                .create_if_missing(true)
        });
    } else {
        // Only a connection idle for a while is pinged before use (one that a restart
        // of the server or a network fault may have cut); a busy one is not, saving a
        // network round trip on every query under load.
        options
            .max_connections(16)
            .test_before_acquire_if_idle_for(IDLE_BEFORE_PING);
        if let Some(schema) = search_path {
            options.set_schema_search_path(schema.to_owned());
        }
    }
    if let Some(max) = max_connections {
        options.max_connections(max).min_connections(max.min(1));
    }
    Ok(Database::connect(options).await?)
}

/// The settings of `describe_durability`'s text that would lose acknowledged member
/// writes on a crash or power cut, each with the value it has: on SQLite a journal mode
/// other than a rollback journal or WAL (`memory`, `off`), or `synchronous` below FULL
/// (`0` OFF, `1` NORMAL, which in WAL mode can lose the last commits); on PostgreSQL
/// `fsync=off`, `synchronous_commit=off` or `full_page_writes=off`.
///
/// ```
/// use store::unsafe_durability;
/// assert!(unsafe_durability("journal_mode=wal synchronous=2 foreign_keys=1").is_empty());
/// assert_eq!(unsafe_durability("journal_mode=memory synchronous=1"), ["journal_mode=memory", "synchronous=1"]);
/// assert_eq!(unsafe_durability("fsync=on synchronous_commit=off full_page_writes=on"), ["synchronous_commit=off"]);
/// ```
pub fn unsafe_durability(described: &str) -> Vec<String> {
    described
        .split_whitespace()
        .filter(|setting| {
            let (name, value) = setting.split_once('=').unwrap_or((setting, ""));
            let value = value.to_ascii_lowercase();
            match name {
                "journal_mode" => {
                    !["wal", "delete", "truncate", "persist"].contains(&value.as_str())
                }
                "synchronous" => !["2", "3", "full", "extra"].contains(&value.as_str()),
                "fsync" | "full_page_writes" => value != "on",
                "synchronous_commit" => value == "off",
                _ => false,
            }
        })
        .map(str::to_owned)
        .collect()
}

/// Reads back the durability settings in force, for the start-up log and its test.
pub async fn describe_durability(db: &DatabaseConnection) -> Result<String, StoreError> {
    let backend = db.get_database_backend();
    let queries: &[&str] = match Backend::of(db) {
        Backend::Sqlite => &[
            "PRAGMA journal_mode",
            "PRAGMA synchronous",
            "PRAGMA foreign_keys",
        ],
        Backend::Postgres => &[
            "SHOW fsync",
            "SHOW synchronous_commit",
            "SHOW full_page_writes",
        ],
    };
    let mut parts = Vec::new();
    for query in queries {
        let row = db
            .query_one_raw(Statement::from_string(backend, (*query).to_owned()))
            .await?;
        let value = match row {
            Some(row) => row
                .try_get_by_index::<String>(0)
                .or_else(|_| row.try_get_by_index::<i64>(0).map(|v| v.to_string()))
                .unwrap_or_default(),
            None => String::new(),
        };
        parts.push(format!(
            "{}={value}",
            query
                .trim_start_matches("PRAGMA ")
                .trim_start_matches("SHOW ")
        ));
    }
    Ok(parts.join(" "))
}
