//! Adds members' written reviews of products, and lets votes, abuse reports and the
//! moderation log name a review as well as a question or an answer, so that reviews are
//! moderated through the community's own queue.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

use crate::sql::statement;

/// Written reviews.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0008_reviews"
    }
}

/// The tables whose `item_kind` column names what a row is about.
const ITEM_KIND_TABLES: [&str; 3] = ["qna_votes", "qna_reports", "qna_moderation_log"];

/// The kinds before and after this migration, as the column checks write them.
const OLD_KINDS: &str = "('question', 'answer')";
const NEW_KINDS: &str = "('question', 'answer', 'review')";

const INDEXES: [&str; 3] = [
    "CREATE UNIQUE INDEX IF NOT EXISTS product_reviews_one_per_member \
     ON product_reviews (offer_id, author_id)",
    "CREATE INDEX IF NOT EXISTS product_reviews_newest \
     ON product_reviews (offer_id, hidden, id DESC)",
    "CREATE INDEX IF NOT EXISTS product_reviews_helpful \
     ON product_reviews (offer_id, hidden, upvotes DESC, id DESC)",
];

/// PostgreSQL: replaces each table's check on `item_kind` (found by its definition, so
/// its generated name does not matter).
async fn widen_postgres(conn: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    for table in ITEM_KIND_TABLES {
        let rows = conn
            .query_all_raw(statement(
                DbBackend::Postgres,
                "SELECT conname FROM pg_constraint WHERE conrelid = ?::regclass \
                 AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%item_kind%'",
                vec![table.into()],
            ))
            .await?;
        for row in rows {
            let name: String = row.try_get_by_index(0)?;
            conn.execute_unprepared(&format!("ALTER TABLE {table} DROP CONSTRAINT \"{name}\""))
                .await?;
        }
        conn.execute_unprepared(&format!(
            "ALTER TABLE {table} ADD CONSTRAINT {table}_item_kind_check \
             CHECK (item_kind IN {NEW_KINDS})"
        ))
        .await?;
    }
    Ok(())
}

/// SQLite cannot change a check: each table is made again from its own definition with
/// the wider check, its rows copied, and its indexes made again.
async fn widen_sqlite(conn: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    for table in ITEM_KIND_TABLES {
        let schema = |kind: &str| {
            statement(
                DbBackend::Sqlite,
                "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type = ? AND sql IS NOT NULL",
                vec![table.into(), kind.into()],
            )
        };
        let definition: String = conn
            .query_one_raw(schema("table"))
            .await?
            .ok_or_else(|| DbErr::Migration(format!("no table {table}")))?
            .try_get_by_index(0)?;
        if definition.contains(NEW_KINDS) {
            // Already widened (a run stopped part-way on a database without transactions).
            continue;
        }
        if !definition.contains(OLD_KINDS) {
            return Err(DbErr::Migration(format!(
                "the check on {table}.item_kind is not the one this migration widens"
            )));
        }
        let indexes: Vec<String> = conn
            .query_all_raw(schema("index"))
            .await?
            .iter()
            .map(|row| row.try_get_by_index(0))
            .collect::<Result<_, _>>()?;
        let copy = format!("{table}_widened");
        let created = definition
            .replacen(&format!("\"{table}\""), &format!("\"{copy}\""), 1)
            .replace(OLD_KINDS, NEW_KINDS);
        // One script on one connection: a pooled connection that had not seen the drop
        // would still know the old table when parsing the rename.
        let mut script = format!(
            "{created};\nINSERT INTO {copy} SELECT * FROM {table};\nDROP TABLE {table};\n\
             ALTER TABLE {copy} RENAME TO {table};\n"
        );
        for index in indexes {
            script.push_str(&index);
            script.push_str(";\n");
        }
        conn.execute_unprepared(&script).await?;
    }
    Ok(())
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    /// All or nothing on SQLite too (the migrator wraps only PostgreSQL's by default):
    /// the tables are rebuilt together or not at all.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("product_reviews")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(text("offer_id"))
                    .col(big_integer("author_id"))
                    .col(small_integer("stars").check(Expr::col("stars").between(1, 5)))
                    .col(text("body"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("edited_at"))
                    .col(
                        integer("upvotes")
                            .default(0)
                            .check(Expr::col("upvotes").gte(0)),
                    )
                    .col(
                        integer("downvotes")
                            .default(0)
                            .check(Expr::col("downvotes").gte(0)),
                    )
                    .col(boolean("hidden").default(false))
                    .col(text_null("hidden_reason"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_product_reviews_author_id")
                            .from("product_reviews", "author_id")
                            .to("members", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        let conn = manager.get_connection();
        for sql in INDEXES {
            conn.execute_unprepared(sql).await?;
        }
        match manager.get_database_backend() {
            DbBackend::Postgres => widen_postgres(conn).await,
            _ => widen_sqlite(conn).await,
        }
    }
}
