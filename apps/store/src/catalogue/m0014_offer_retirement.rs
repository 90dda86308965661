//! Adds `offers.retired_at`: an offer gone from an import is retired, not deleted.

use sea_orm_migration::{prelude::*, schema::*};

/// `offers.retired_at`. Offers stored before it are offered, which they are.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0014_offer_retirement"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("offers")
                    .add_column(timestamp_with_time_zone_null("retired_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("offers")
                    .drop_column("retired_at")
                    .to_owned(),
            )
            .await
    }
}
