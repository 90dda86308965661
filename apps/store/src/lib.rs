//! Persistence of the site.
//!
//! One module per area, each holding its sea-orm entities (written by hand, entity first),
//! its migration and the queries the server runs. The same schema runs on SQLite (the
//! embedded default, WAL with `synchronous=FULL`) and on PostgreSQL.
//!
//! Conventions that keep the two backends identical:
//! - timestamps are `DateTime<Utc>` (`timestamp_with_time_zone` in migrations);
//! - money and rates are stored as text holding the canonical decimal string, never as
//!   floating point;
//! - enums are short strings, not native database enums;
//! - nothing queries inside JSON.

// The migration trait is declared through async_trait, whose signatures elide the
// schema manager's lifetime.
#![allow(elided_lifetimes_in_paths)]

pub mod alerts;
pub mod backup;
mod by_key;
pub mod catalogue;
mod connect;
mod error;
pub mod feedback;
pub mod limits;
pub mod members;
pub mod meta;
pub mod migration;
pub mod outbox;
pub mod qna;
pub mod reviews;
mod sql;
pub mod testing;
pub mod tracking;
pub mod votes;
mod write;

pub use connect::{Backend, connect, describe_durability, unsafe_durability};
pub use error::StoreError;
pub use sea_orm::DatabaseConnection;
pub use write::begin_write;
