//! Creates `product_votes`, `institution_votes`, `vote_totals` and `feedback`.

use sea_orm_migration::{prelude::*, schema::*};

/// The votes tables.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0004_votes"
    }
}

/// A vote table: one row per member and target, keyed by both.
fn vote_table(table: &'static str, target: &'static str) -> TableCreateStatement {
    Table::create()
        .table(table)
        .if_not_exists()
        .col(big_integer("member_id"))
        .col(text(target))
        .col(small_integer("stars").check(Expr::col("stars").between(1, 5)))
        .col(small_integer_null("previous_stars").check(Expr::col("previous_stars").between(1, 5)))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"))
        .primary_key(Index::create().col("member_id").col(target))
        .foreign_key(
            ForeignKey::create()
                .name(format!("fk_{table}_member"))
                .from(table, "member_id")
                .to("members", "id")
                .on_delete(ForeignKeyAction::Cascade),
        )
        .to_owned()
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, target) in [
            ("product_votes", "product_id"),
            ("institution_votes", "institution_id"),
        ] {
            manager.create_table(vote_table(table, target)).await?;
            // Recounts and per-target listings read by target.
            manager
                .create_index(
                    Index::create()
                        .name(format!("{table}_by_target"))
                        .table(table)
                        .col(target)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("vote_totals")
                    .if_not_exists()
                    .col(string_len("kind", 16))
                    .col(text("target_id"))
                    .col(big_integer("votes").check(Expr::col("votes").gte(0)))
                    .col(big_integer("star_sum").check(Expr::col("star_sum").gte(0)))
                    .col(timestamp_with_time_zone("updated_at"))
                    .primary_key(Index::create().col("kind").col("target_id"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("feedback")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(text("page_id"))
                    .col(text("url"))
                    .col(boolean("helpful"))
                    .col(text_null("reason"))
                    .col(string_len("type", 32).default("EDU"))
                    .col(big_integer_null("member_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_feedback_member")
                            .from("feedback", "member_id")
                            .to("members", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("feedback_by_page")
                    .table("feedback")
                    .col("page_id")
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "feedback",
            "vote_totals",
            "institution_votes",
            "product_votes",
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
