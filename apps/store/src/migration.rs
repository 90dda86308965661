//! The schema, as an ordered list of migrations (one per area).

use sea_orm::DatabaseConnection;
use sea_orm_migration::{MigrationTrait, MigratorTrait};

use crate::{StoreError, connect::connect_with};

/// Every migration of the site, oldest first. Areas that reference another area's tables
/// come after it.
pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(crate::meta::Migration),
            Box::new(crate::catalogue::Migration),
            Box::new(crate::members::Migration),
            Box::new(crate::votes::Migration),
            Box::new(crate::tracking::Migration),
            Box::new(crate::tracking::ViewCountsMigration),
            Box::new(crate::qna::Migration),
            Box::new(crate::reviews::ReviewsMigration),
            Box::new(crate::members::PendingVoteMigration),
            Box::new(crate::qna::SourceAccountsMigration),
        ]
    }
}

/// Applies every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), StoreError> {
    Migrator::up(db, None).await?;
    Ok(())
}

/// Opens the database at `url` (see [`crate::connect`]), applies every pending migration
/// on a connection of its own, and only then opens the pool the site uses.
///
/// Why not migrate through the pool: a SQLite connection that read while the migrations
/// ran can go on reading its snapshot from before them for a moment (the driver finishes
/// a statement whose rows were not all read later, on its own thread), and a statement
/// sent to it then would not find a table the migrations had just made. Every connection
/// of the returned pool opens after the schema is complete.
pub async fn open_migrated(
    url: &str,
    search_path: Option<&str>,
) -> Result<DatabaseConnection, StoreError> {
    let single = connect_with(url, search_path, Some(1)).await?;
    migrate(&single).await?;
    single.close().await?;
    crate::connect(url, search_path).await
}
