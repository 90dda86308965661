//! The one error type of the persistence layer.

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database answered with an error or could not be reached.
    #[error("database error: {0}")]
    Database(#[from] sea_orm::DbErr),
    /// A row held data the domain model refuses (a corrupt or hand-edited row).
    #[error("stored data is invalid: {0}")]
    InvalidData(String),
    /// A fixture file could not be read or parsed.
    #[error("fixture error: {0}")]
    Fixture(String),
    /// A uniqueness rule was broken (e.g. an e-mail address already registered).
    #[error("already exists: {0}")]
    Conflict(String),
    /// The row asked for does not exist.
    #[error("not found: {0}")]
    NotFound(String),
}
