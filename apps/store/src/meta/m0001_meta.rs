//! Creates `settings`.

use sea_orm_migration::{prelude::*, schema::*};

/// The settings table.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0001_meta"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("settings")
                    .if_not_exists()
                    .col(string("key").primary_key())
                    .col(text("value"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("settings").to_owned())
            .await
    }
}
