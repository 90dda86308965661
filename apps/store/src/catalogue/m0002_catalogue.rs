//! Creates `offers`, `rate_tiers`, `needs` and `institutions`.

use sea_orm_migration::{prelude::*, schema::*};

/// The catalogue tables.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0002_catalogue"
    }
}

/// Indexed columns of `offers`.
const OFFER_INDEXES: [&str; 5] = ["pid", "product_type", "institution", "uid", "details_page"];

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("offers")
                    .if_not_exists()
                    .col(string("id").primary_key())
                    .col(integer("position"))
                    .col(string_null("pid"))
                    .col(string("product_type"))
                    .col(text_null("institution"))
                    .col(string_null("uid"))
                    .col(text_null("details_page"))
                    .col(text("name"))
                    .col(boolean("sponsored"))
                    .col(boolean("affiliate"))
                    .col(boolean("discontinued"))
                    .col(boolean("illustrative"))
                    .col(text_null("source"))
                    .col(string_null("source_as_of"))
                    .col(string_null("rating"))
                    .col(text("raw"))
                    .to_owned(),
            )
            .await?;
        for column in OFFER_INDEXES {
            manager
                .create_index(
                    Index::create()
                        .name(format!("idx_offers_{column}"))
                        .table("offers")
                        .col(column)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("rate_tiers")
                    .if_not_exists()
                    .col(string("offer_id"))
                    .col(integer("position"))
                    .col(string("low"))
                    .col(string("high"))
                    .col(string("rate"))
                    .col(string("apy"))
                    .primary_key(Index::create().col("offer_id").col("position"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_rate_tiers_offer")
                            .from("rate_tiers", "offer_id")
                            .to("offers", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("needs")
                    .if_not_exists()
                    .col(string("offer_id"))
                    .col(string("need_key"))
                    .col(string_null("rating"))
                    .col(boolean("eligible"))
                    .col(boolean("rated"))
                    .primary_key(Index::create().col("offer_id").col("need_key"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_needs_offer")
                            .from("needs", "offer_id")
                            .to("offers", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_needs_need_key")
                    .table("needs")
                    .col("need_key")
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("institutions")
                    .if_not_exists()
                    .col(string("id").primary_key())
                    .col(string_null("uid"))
                    .col(text("name"))
                    .col(text("name_key"))
                    .col(string_null("kind"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_institutions_offer")
                            .from("institutions", "id")
                            .to("offers", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for column in ["uid", "name_key"] {
            manager
                .create_index(
                    Index::create()
                        .name(format!("idx_institutions_{column}"))
                        .table("institutions")
                        .col(column)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["institutions", "needs", "rate_tiers", "offers"] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
