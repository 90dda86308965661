//! The one way a write transaction begins.
//!
//! SQLite lets one transaction write at a time. A transaction opened the default way
//! (deferred) that reads and then writes must upgrade its read lock to the write lock,
//! and when another connection is writing that upgrade fails at once with "database is
//! locked" instead of waiting (waiting could deadlock). So every transaction that may
//! write starts as a writer (`BEGIN IMMEDIATE`): it waits its turn, up to the busy
//! timeout, and then never has to upgrade. PostgreSQL has no such mode; its transactions
//! begin the ordinary way.

use sea_orm::{
    DatabaseConnection, DatabaseTransaction, SqliteTransactionMode, TransactionOptions,
    TransactionTrait,
};

use crate::StoreError;

/// Opens a transaction that may write (see the module docs).
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, StoreError> {
    Ok(db
        .begin_with_options(TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..TransactionOptions::default()
        })
        .await?)
}
