//! Adds the delivery record of each outbox row: its state, how many attempts were made,
//! when the next may start, who holds it until when, the last failure and when it went.

use sea_orm_migration::{prelude::*, schema::*};

/// The delivery columns of `outbox`. Rows queued before them are `queued` with no
/// attempts, which is what they are.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0011_outbox_delivery"
    }
}

/// The columns, in the order they are added (SQLite adds one per statement).
fn columns() -> Vec<ColumnDef> {
    vec![
        string("delivery_state").default("queued").to_owned(),
        integer("attempts").default(0).to_owned(),
        timestamp_with_time_zone_null("next_attempt_at"),
        timestamp_with_time_zone_null("claimed_until"),
        text_null("last_error"),
        timestamp_with_time_zone_null("sent_at"),
    ]
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for mut column in columns() {
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
            .create_index(
                Index::create()
                    .name("idx_outbox_delivery_state")
                    .table("outbox")
                    .col("delivery_state")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_outbox_delivery_state")
                    .table("outbox")
                    .to_owned(),
            )
            .await?;
        for name in [
            "delivery_state",
            "attempts",
            "next_attempt_at",
            "claimed_until",
            "last_error",
            "sent_at",
        ] {
            manager
                .alter_table(Table::alter().table("outbox").drop_column(name).to_owned())
                .await?;
        }
        Ok(())
    }
}
