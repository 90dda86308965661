//! Adds `catalogue_figure_changes.import_version`: the catalogue version of the import that
//! recorded each change, so the rate alerts can tell which changes an e-mail has already
//! covered.

use sea_orm_migration::{prelude::*, schema::*};

/// `catalogue_figure_changes.import_version`. Rows recorded before it have none: they are
/// older than any alert.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0015_import_version"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("catalogue_figure_changes")
                    .add_column(big_integer_null("import_version"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_catalogue_figure_changes_version")
                    .table("catalogue_figure_changes")
                    .col("import_version")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_catalogue_figure_changes_version")
                    .table("catalogue_figure_changes")
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table("catalogue_figure_changes")
                    .drop_column("import_version")
                    .to_owned(),
            )
            .await
    }
}
