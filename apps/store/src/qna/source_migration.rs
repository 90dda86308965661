//! Adds `members.imported_from`: the key of the public source
//! (`qna_validation::sources`) whose questions and answers an account holds. Such an
//! account stands for the source, not a person; its text is shown attributed to the source.

use sea_orm_migration::{prelude::*, schema::*};

/// The source column of `members`. Accounts made before it are people's.
pub struct SourceAccountsMigration;

impl MigrationName for SourceAccountsMigration {
    fn name(&self) -> &str {
        "m0010_members_imported_from"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for SourceAccountsMigration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("members")
                    .add_column(text_null("imported_from"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("members")
                    .drop_column("imported_from")
                    .to_owned(),
            )
            .await
    }
}
