//! Creates the question-and-answer tables, their search index and the members' profile
//! columns.

use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

/// The question-and-answer area.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0007_qna"
    }
}

/// The members' profile and role columns (identical SQL on both backends; SQLite adds
/// one column per statement and cannot add a unique column, hence the index).
const MEMBER_COLUMNS: [&str; 5] = [
    "ALTER TABLE members ADD COLUMN login TEXT NULL",
    "ALTER TABLE members ADD COLUMN title TEXT NULL",
    "ALTER TABLE members ADD COLUMN avatar TEXT NULL",
    "ALTER TABLE members ADD COLUMN role TEXT NOT NULL DEFAULT 'member' \
     CHECK (role IN ('member', 'staff', 'moderator'))",
    "CREATE UNIQUE INDEX IF NOT EXISTS members_login ON members (login)",
];

/// Indexes of the listings, so that every list query walks an index in its order.
const INDEXES: [&str; 12] = [
    "CREATE UNIQUE INDEX IF NOT EXISTS qna_categories_slug ON qna_categories (slug)",
    "CREATE INDEX IF NOT EXISTS qna_questions_popular \
     ON qna_questions (hidden, popularity DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS qna_questions_upvoted \
     ON qna_questions (hidden, upvotes DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS qna_questions_category_popular \
     ON qna_questions (category_id, hidden, popularity DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS qna_questions_category_upvoted \
     ON qna_questions (category_id, hidden, upvotes DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS qna_questions_offer_popular \
     ON qna_questions (offer_id, hidden, popularity DESC, id DESC)",
    "CREATE INDEX IF NOT EXISTS qna_questions_author ON qna_questions (author_id)",
    "CREATE INDEX IF NOT EXISTS qna_answers_by_question \
     ON qna_answers (question_id, hidden, id)",
    "CREATE INDEX IF NOT EXISTS qna_answers_author ON qna_answers (author_id)",
    "CREATE INDEX IF NOT EXISTS qna_reports_open \
     ON qna_reports (resolved_at, item_kind, item_id)",
    "CREATE INDEX IF NOT EXISTS qna_moderation_log_item \
     ON qna_moderation_log (item_kind, item_id)",
    "CREATE INDEX IF NOT EXISTS qna_pending_questions_email \
     ON qna_pending_questions (email)",
];

/// SQLite: an external-content FTS5 table over the questions' title and details, kept
/// in step by triggers. The update trigger fires only when the text changes, so votes
/// and answer counts never touch the search index.
const SQLITE_SEARCH: [&str; 4] = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS qna_questions_fts USING fts5(\
     title, more_info, content='qna_questions', content_rowid='id', \
     tokenize='porter unicode61')",
    "CREATE TRIGGER IF NOT EXISTS qna_questions_fts_insert AFTER INSERT ON qna_questions \
     BEGIN \
     INSERT INTO qna_questions_fts (rowid, title, more_info) \
     VALUES (new.id, new.title, new.more_info); \
     END",
    "CREATE TRIGGER IF NOT EXISTS qna_questions_fts_delete AFTER DELETE ON qna_questions \
     BEGIN \
     INSERT INTO qna_questions_fts (qna_questions_fts, rowid, title, more_info) \
     VALUES ('delete', old.id, old.title, old.more_info); \
     END",
    "CREATE TRIGGER IF NOT EXISTS qna_questions_fts_update \
     AFTER UPDATE OF title, more_info ON qna_questions \
     BEGIN \
     INSERT INTO qna_questions_fts (qna_questions_fts, rowid, title, more_info) \
     VALUES ('delete', old.id, old.title, old.more_info); \
     INSERT INTO qna_questions_fts (rowid, title, more_info) \
     VALUES (new.id, new.title, new.more_info); \
     END",
];

/// PostgreSQL: a generated `tsvector` of the title (weight A) and details (weight D)
/// with a GIN index. The weights make a title match rank above a match in the details
/// alone, as the column weights of `bm25` do on SQLite.
const POSTGRES_SEARCH: [&str; 2] = [
    "ALTER TABLE qna_questions ADD COLUMN search tsvector GENERATED ALWAYS AS (\
     setweight(to_tsvector('english', title), 'A') || \
     setweight(to_tsvector('english', more_info), 'D')) STORED",
    "CREATE INDEX IF NOT EXISTS qna_questions_search ON qna_questions USING GIN (search)",
];

fn member_fk(table: &str, column: &str, on_delete: ForeignKeyAction) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table.to_owned(), column.to_owned())
        .to("members", "id")
        .on_delete(on_delete)
        .to_owned()
}

fn item_kind(column: &str) -> ColumnDef {
    string_len(column.to_owned(), 16)
        .check(Expr::col(column.to_owned()).is_in(["question", "answer"]))
        .to_owned()
}

fn counter(column: &str) -> ColumnDef {
    integer(column.to_owned())
        .default(0)
        .check(Expr::col(column.to_owned()).gte(0))
        .to_owned()
}

async fn run_all(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    for sql in statements {
        manager.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        run_all(manager, &MEMBER_COLUMNS).await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_categories")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(text("name"))
                    .col(text("slug"))
                    .col(integer("position").default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_questions")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer("category_id"))
                    .col(text_null("offer_id"))
                    .col(text("slug"))
                    .col(text("title"))
                    .col(text("more_info").default(""))
                    .col(big_integer("author_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(counter("upvotes"))
                    .col(counter("downvotes"))
                    .col(counter("answer_count"))
                    .col(big_integer_null("accepted_answer_id"))
                    .col(integer("popularity").default(0))
                    .col(boolean("hidden").default(false))
                    .col(text_null("hidden_reason"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_qna_questions_category_id")
                            .from("qna_questions", "category_id")
                            .to("qna_categories", "id"),
                    )
                    .foreign_key(&mut member_fk(
                        "qna_questions",
                        "author_id",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_answers")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer("question_id"))
                    .col(big_integer("author_id"))
                    .col(text("content"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("edited_at"))
                    .col(counter("upvotes"))
                    .col(counter("downvotes"))
                    .col(boolean("hidden").default(false))
                    .col(text_null("hidden_reason"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_qna_answers_question_id")
                            .from("qna_answers", "question_id")
                            .to("qna_questions", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut member_fk(
                        "qna_answers",
                        "author_id",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_votes")
                    .if_not_exists()
                    .col(big_integer("member_id"))
                    .col(item_kind("item_kind"))
                    .col(big_integer("item_id"))
                    .col(small_integer("value").check(Expr::col("value").is_in([-1, 1])))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .primary_key(
                        Index::create()
                            .col("member_id")
                            .col("item_kind")
                            .col("item_id"),
                    )
                    .foreign_key(&mut member_fk(
                        "qna_votes",
                        "member_id",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_reports")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("reporter_id"))
                    .col(text("reporter_ip"))
                    .col(item_kind("item_kind"))
                    .col(big_integer("item_id"))
                    .col(text("page_address"))
                    .col(text_null("reason"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("resolved_at"))
                    .col(text_null("resolution"))
                    .foreign_key(&mut member_fk(
                        "qna_reports",
                        "reporter_id",
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_moderation_log")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(big_integer("moderator_id"))
                    .col(item_kind("item_kind"))
                    .col(big_integer("item_id"))
                    .col(
                        string_len("action", 16)
                            .check(Expr::col("action").is_in(["hide", "restore"])),
                    )
                    .col(text("reason"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut member_fk(
                        "qna_moderation_log",
                        "moderator_id",
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("qna_pending_questions")
                    .if_not_exists()
                    .col(big_pk_auto("id"))
                    .col(text("email"))
                    .col(text("code_hash"))
                    .col(big_integer("category_id"))
                    .col(text_null("offer_id"))
                    .col(text("slug"))
                    .col(text("title"))
                    .col(text("more_info").default(""))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(counter("attempts"))
                    .col(counter("resends"))
                    .col(big_integer_null("published_question_id"))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_qna_pending_questions_category_id")
                            .from("qna_pending_questions", "category_id")
                            .to("qna_categories", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_qna_pending_questions_published_question_id")
                            .from("qna_pending_questions", "published_question_id")
                            .to("qna_questions", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        run_all(manager, &INDEXES).await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => run_all(manager, &POSTGRES_SEARCH).await,
            _ => run_all(manager, &SQLITE_SEARCH).await,
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            run_all(manager, &["DROP TABLE IF EXISTS qna_questions_fts"]).await?;
        }
        for table in [
            "qna_pending_questions",
            "qna_moderation_log",
            "qna_reports",
            "qna_votes",
            "qna_answers",
            "qna_questions",
            "qna_categories",
        ] {
            manager
                .drop_table(Table::drop().table(table.to_owned()).if_exists().to_owned())
                .await?;
        }
        run_all(
            manager,
            &[
                "DROP INDEX IF EXISTS members_login",
                "ALTER TABLE members DROP COLUMN role",
                "ALTER TABLE members DROP COLUMN avatar",
                "ALTER TABLE members DROP COLUMN title",
                "ALTER TABLE members DROP COLUMN login",
            ],
        )
        .await
    }
}
