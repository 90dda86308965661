//! Creates `ad_views`, `ad_clicks`, `redirect_clicks` and `tracking_daily_counts`.

use sea_orm_migration::{prelude::*, schema::*};

/// The tracking tables.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0005_tracking"
    }
}

/// The two tables holding the ad-view pixel payload.
const AD_TABLES: [&str; 2] = ["ad_views", "ad_clicks"];

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // The ad tables take the pixel's insert rate: no index beyond the primary key
        // until a query needs one.
        for table in AD_TABLES {
            manager
                .create_table(
                    Table::create()
                        .table(table)
                        .if_not_exists()
                        .col(big_pk_auto("id"))
                        .col(text_null("ad_id"))
                        .col(text_null("pid"))
                        .col(text_null("page"))
                        .col(text_null("section"))
                        .col(big_integer_null("position"))
                        .col(big_integer_null("totals"))
                        .col(timestamp_with_time_zone("occurred_at"))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("redirect_clicks")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string("offer_id"))
                    .col(string_len("target", 16))
                    .col(timestamp_with_time_zone("occurred_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_redirect_clicks_offer_id")
                    .table("redirect_clicks")
                    .col("offer_id")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("tracking_daily_counts")
                    .if_not_exists()
                    .col(date("day"))
                    .col(string_len("name", 32))
                    .col(big_integer("count"))
                    .primary_key(Index::create().col("day").col("name"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "tracking_daily_counts",
            "redirect_clicks",
            "ad_clicks",
            "ad_views",
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
