//! Adds `offers.retired_at` (an offer gone from an import is retired, not deleted) and
//! `catalogue_figure_changes`, each product's history of figures.

use sea_orm_migration::{prelude::*, schema::*};

/// `offers.retired_at` and `catalogue_figure_changes`. Offers stored before it are offered,
/// which they are; their history starts at the next import that changes a figure.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0014_offer_history"
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
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("catalogue_figure_changes")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string("offer_id"))
                    .col(timestamp_with_time_zone("recorded_at"))
                    .col(string("field"))
                    .col(text_null("old_value"))
                    .col(text_null("new_value"))
                    .col(text_null("source"))
                    .col(string_null("source_as_of"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_catalogue_figure_changes_offer")
                    .table("catalogue_figure_changes")
                    .col("offer_id")
                    .col("recorded_at")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("catalogue_figure_changes").to_owned())
            .await?;
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
