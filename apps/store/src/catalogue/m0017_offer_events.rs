//! `catalogue_offer_events`: the imports that retired a product or brought it back, by
//! catalogue version, so a rate alert can say that a followed product is no longer offered.

use sea_orm_migration::{prelude::*, schema::*};

/// `catalogue_offer_events`. Retirements before it are not recorded here; the offers keep
/// their `retired_at`.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0017_offer_events"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("catalogue_offer_events")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string("offer_id"))
                    .col(big_integer("import_version"))
                    .col(string("event"))
                    .col(timestamp_with_time_zone("recorded_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_catalogue_offer_events_version")
                    .table("catalogue_offer_events")
                    .col("import_version")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("catalogue_offer_events").to_owned())
            .await
    }
}
