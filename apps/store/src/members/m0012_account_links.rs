//! Adds `account_links`, the one-time links of the account e-mails (a password reset, an
//! address to confirm, a new address to confirm), and `members.email_confirmed_at`.

use sea_orm_migration::{prelude::*, schema::*};

/// The account links and when a member's address was confirmed. Members who joined before
/// it have no confirmed address until they follow a link.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0012_account_links"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("account_links")
                    .if_not_exists()
                    .col(string("token_hash").primary_key())
                    .col(big_integer("member_id"))
                    .col(string("purpose"))
                    .col(string_null("new_email"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_account_links_member")
                            .from("account_links", "member_id")
                            .to("members", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_account_links_member")
                    .table("account_links")
                    .col("member_id")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table("members")
                    .add_column(timestamp_with_time_zone_null("email_confirmed_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("members")
                    .drop_column("email_confirmed_at")
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table("account_links").to_owned())
            .await
    }
}
