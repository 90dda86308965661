//! Creates `members`, `sessions`, `sign_in_codes`, `outbox` and `rate_limits`.

use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

/// The members tables.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0003_members"
    }
}

async fn index(manager: &SchemaManager<'_>, table: &str, column: &str) -> Result<(), DbErr> {
    manager
        .create_index(
            Index::create()
                .name(format!("idx_{table}_{column}"))
                .table(table.to_owned())
                .col(column.to_owned())
                .if_not_exists()
                .to_owned(),
        )
        .await
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("members")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string_uniq("email"))
                    .col(text_null("password_hash"))
                    .col(text_null("display_name"))
                    .col(string("plan").default("basic"))
                    .col(string_null("group_id"))
                    .col(boolean("private_info_opt_out").default(false))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("sessions")
                    .if_not_exists()
                    .col(string("token_hash").primary_key())
                    .col(big_integer("member_id"))
                    .col(boolean("delegated"))
                    .col(boolean("full"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("last_seen_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sessions_member")
                            .from("sessions", "member_id")
                            .to("members", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        index(manager, "sessions", "member_id").await?;
        index(manager, "sessions", "expires_at").await?;
        manager
            .create_table(
                Table::create()
                    .table("sign_in_codes")
                    .if_not_exists()
                    .col(string("code_hash").primary_key())
                    .col(big_integer("member_id"))
                    .col(text("return_to"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sign_in_codes_member")
                            .from("sign_in_codes", "member_id")
                            .to("members", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        index(manager, "sign_in_codes", "member_id").await?;
        manager
            .create_table(
                Table::create()
                    .table("outbox")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(string("channel"))
                    .col(text("recipient"))
                    .col(text_null("subject"))
                    .col(text("body"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(string_uniq("idempotency_key"))
                    .to_owned(),
            )
            .await?;
        index(manager, "outbox", "recipient").await?;
        manager
            .create_table(
                Table::create()
                    .table("rate_limits")
                    .if_not_exists()
                    .col(string("key"))
                    .col(timestamp_with_time_zone("window_start"))
                    .col(integer("hits"))
                    .primary_key(Index::create().col("key").col("window_start"))
                    .to_owned(),
            )
            .await?;
        index(manager, "rate_limits", "window_start").await?;
        if manager.get_database_backend() == DbBackend::Postgres {
            // Counters are cheap to lose in a crash; skipping the write-ahead log keeps
            // every counted request from costing a durable write.
            manager
                .get_connection()
                .execute_unprepared("ALTER TABLE rate_limits SET UNLOGGED")
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "rate_limits",
            "outbox",
            "sign_in_codes",
            "sessions",
            "members",
        ] {
            manager
                .drop_table(Table::drop().table(table.to_owned()).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
