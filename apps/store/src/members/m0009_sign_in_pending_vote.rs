//! Adds `sign_in_codes.pending_vote`: the rating a guest chose before the light sign-up,
//! cast when the e-mailed link signs them in.

use sea_orm_migration::{prelude::*, schema::*};

/// The pending-vote column of `sign_in_codes`. Codes made before it carry none.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0009_sign_in_pending_vote"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("sign_in_codes")
                    .add_column(text_null("pending_vote"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("sign_in_codes")
                    .drop_column("pending_vote")
                    .to_owned(),
            )
            .await
    }
}
