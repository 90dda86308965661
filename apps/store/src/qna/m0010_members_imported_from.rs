//! Adds `members.imported_from`: the key of the public source
//! (`qna_validation::sources`) whose questions and answers an account holds. Such an
//! account stands for the source, not a person; its text is shown attributed to the source.

use sea_orm_migration::{prelude::*, schema::*};

/// The earlier fixture's accounts (`{login}@sample.plainrate.invalid`, invented people)
/// made the FiQA source's accounts, and what they invented undone: titles, avatars and
/// staff roles, the accepted and edited marks, vote counts other than members' votes
/// (`qna_votes`), and the product pages the fixture put the source's questions on (the source
/// names no product); popularity follows. Identical SQL on SQLite and PostgreSQL.
const SAMPLE_PERSONAS_TO_SOURCE: [&str; 5] = [
    "UPDATE members SET imported_from = 'fiqa', \
     display_name = 'Personal Finance & Money Stack Exchange', title = NULL, avatar = NULL, \
     role = 'member' WHERE email LIKE '%@sample.plainrate.invalid'",
    "UPDATE qna_answers SET edited_at = NULL, \
     upvotes = (SELECT COUNT(*) FROM qna_votes v WHERE v.item_kind = 'answer' \
                AND v.item_id = qna_answers.id AND v.value = 1), \
     downvotes = (SELECT COUNT(*) FROM qna_votes v WHERE v.item_kind = 'answer' \
                  AND v.item_id = qna_answers.id AND v.value = -1) \
     WHERE author_id IN (SELECT id FROM members WHERE imported_from IS NOT NULL)",
    "UPDATE qna_questions SET accepted_answer_id = NULL, offer_id = NULL \
     WHERE author_id IN (SELECT id FROM members WHERE imported_from IS NOT NULL)",
    "UPDATE qna_questions SET \
     upvotes = (SELECT COUNT(*) FROM qna_votes v WHERE v.item_kind = 'question' \
                AND v.item_id = qna_questions.id AND v.value = 1), \
     downvotes = (SELECT COUNT(*) FROM qna_votes v WHERE v.item_kind = 'question' \
                  AND v.item_id = qna_questions.id AND v.value = -1) \
     WHERE author_id IN (SELECT id FROM members WHERE imported_from IS NOT NULL)",
    "UPDATE qna_questions SET popularity = upvotes - downvotes + 2 * answer_count \
     WHERE author_id IN (SELECT id FROM members WHERE imported_from IS NOT NULL)",
];

/// The source column of `members`. Accounts made before it are people's.
pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0010_members_imported_from"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("members")
                    .add_column(text_null("imported_from"))
                    .to_owned(),
            )
            .await?;
        // A database loaded from the earlier fixture holds the FiQA text under invented
        // personas with invented votes and accepted marks: they become the source's
        // accounts, and the counts are the members' real votes only.
        for statement in SAMPLE_PERSONAS_TO_SOURCE {
            manager
                .get_connection()
                .execute_unprepared(statement)
                .await?;
        }
        Ok(())
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
