//! A consistent copy of a live SQLite database (`plainrate backup FILE`).
//!
//! `VACUUM INTO` reads the database in one read transaction, so the copy holds every
//! write committed before it began and none of a write still in progress, while the site
//! goes on writing (WAL lets readers and the writer run together). The copy is a complete,
//! compacted database file that `plainrate serve` can start from. PostgreSQL has its own
//! tools for this (`pg_dump`; the README says how).

use std::path::Path;

use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

use crate::{Backend, StoreError};

/// Why a backup was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is not SQLite.
    #[error(
        "plainrate backup copies a SQLite database; back up PostgreSQL with pg_dump (see the README)"
    )]
    NotSqlite,
    /// The target file exists already; a backup never overwrites one.
    #[error("{0} exists already; choose a new file")]
    Exists(String),
    /// The target path cannot be written into a statement (it is not UTF-8).
    #[error("the backup path is not valid UTF-8")]
    BadPath,
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Writes a consistent copy of the SQLite database behind `db` to `target`, a file that
/// must not exist yet.
pub async fn sqlite_copy(db: &DatabaseConnection, target: &Path) -> Result<(), BackupError> {
    if Backend::of(db) != Backend::Sqlite {
        return Err(BackupError::NotSqlite);
    }
    if target.exists() {
        return Err(BackupError::Exists(target.display().to_string()));
    }
    let path = target.to_str().ok_or(BackupError::BadPath)?;
    // A string literal of SQL: single quotes doubled.
    let literal = path.replace('\'', "''");
    db.execute_raw(Statement::from_string(
        db.get_database_backend(),
        format!("VACUUM INTO '{literal}'"),
    ))
    .await
    .map_err(StoreError::from)?;
    Ok(())
}
