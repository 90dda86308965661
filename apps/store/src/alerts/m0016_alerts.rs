//! The rate alerts: what each member follows, and each member's alert settings with how far
//! their e-mails have covered the catalogue's changes.

use sea_orm_migration::{prelude::*, schema::*};

/// `alert_follows` and `alert_members`.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0016_alerts"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("alert_follows")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer("member_id"))
                    .col(string("follow_key"))
                    .col(string_null("offer_id"))
                    .col(string_null("product_type"))
                    .col(string_null("min_apy"))
                    .col(integer_null("term_months"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("last_sent_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_alert_follows_member_key")
                    .table("alert_follows")
                    .col("member_id")
                    .col("follow_key")
                    .unique()
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("alert_members")
                    .if_not_exists()
                    .col(big_integer("member_id").primary_key())
                    .col(string("cadence"))
                    .col(big_integer("through_version"))
                    .col(timestamp_with_time_zone_null("last_sent_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_alert_members_through")
                    .table("alert_members")
                    .col("through_version")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("alert_members").to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table("alert_follows").to_owned())
            .await
    }
}
