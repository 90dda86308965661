//! Adds `ad_views.views`: how many identical views a row stands for.

use sea_orm_migration::{prelude::*, schema::*};

/// The count column of `ad_views`. Rows written before it stand for one view each.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0006_ad_view_counts"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("ad_views")
                    .add_column(big_integer("views").default(1))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("ad_views")
                    .drop_column("views")
                    .to_owned(),
            )
            .await
    }
}
