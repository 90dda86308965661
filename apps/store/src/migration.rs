//! The schema, as an ordered list of migrations (one per area).

use sea_orm::DatabaseConnection;
use sea_orm_migration::{MigrationTrait, MigratorTrait};

use crate::StoreError;

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
            Box::new(crate::qna::ReviewsMigration),
        ]
    }
}

/// Applies every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), StoreError> {
    Migrator::up(db, None).await?;
    Ok(())
}
