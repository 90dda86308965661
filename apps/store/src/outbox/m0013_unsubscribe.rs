//! One-click unsubscribe: the list each outbox e-mail belongs to with its unsubscribe
//! link, and `email_opt_outs`, the addresses that left a list.

use sea_orm_migration::{prelude::*, schema::*};

/// `outbox.list`, `outbox.unsubscribe_url` and `email_opt_outs`. Rows queued before it
/// are one-time codes and links, on no list, which is what they are.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0013_unsubscribe"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        for mut column in [string_null("list"), text_null("unsubscribe_url")] {
            manager
                .alter_table(
                    Table::alter()
                        .table("outbox")
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("email_opt_outs")
                    .if_not_exists()
                    .col(string("address"))
                    .col(string("list"))
                    .col(timestamp_with_time_zone("opted_out_at"))
                    .primary_key(Index::create().col("address").col("list"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("email_opt_outs").to_owned())
            .await?;
        for name in ["list", "unsubscribe_url"] {
            manager
                .alter_table(Table::alter().table("outbox").drop_column(name).to_owned())
                .await?;
        }
        Ok(())
    }
}
