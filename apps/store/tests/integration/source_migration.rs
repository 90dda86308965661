//! The migration that makes the earlier fixture's invented personas the FiQA source's
//! accounts: their titles, avatars, staff roles and invented votes and marks are undone,
//! and members' real votes stay counted.

use crate::common::at;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use sea_orm_migration::{MigrationName, MigratorTrait};
use store::migration::Migrator;
use store::qna::{self, ItemKind, ListFilter, Sort, VoteValue};

async fn member(db: &DatabaseConnection, email: &str) -> i64 {
    crate::common::member_named(db, email, Some("Grace Example")).await
}

async fn run(db: &DatabaseConnection, sql: &str) {
    db.execute_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_earlier_fixtures_personas_become_the_sources_and_keep_only_real_votes() {
    let path = std::env::temp_dir().join(format!(
        "plainrate_source_migration_{}.sqlite",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let db = store::connect(&format!("sqlite://{}?mode=rwc", path.display()), None)
        .await
        .unwrap();
    let before = Migrator::migrations()
        .iter()
        .position(|m| m.name() == qna::m0010_members_imported_from::Migration.name())
        .unwrap();
    Migrator::up(&db, Some(u32::try_from(before).unwrap()))
        .await
        .unwrap();
    let persona = member(&db, "grace_cfp@sample.plainrate.invalid").await;
    let voter = member(&db, "voter@example.test").await;
    run(
        &db,
        &format!(
            "UPDATE members SET title = 'Certified Financial Planner', \
             avatar = '/assets/avatars/sample-1.svg', role = 'staff' WHERE id = {persona}"
        ),
    )
    .await;
    let category = qna::create_category(&db, "Cards", "cards", 1)
        .await
        .unwrap();
    let question = qna::create_question(
        &db,
        &qna::NewQuestion {
            category_id: category,
            offer_id: Some("card-1"),
            slug: "is-a-card-fee-worth-it",
            title: "Is a card fee ever worth it?",
            more_info: "",
            author_id: persona,
        },
        at(1),
    )
    .await
    .unwrap();
    qna::vote(
        &db,
        voter,
        ItemKind::Question,
        question,
        VoteValue::Up,
        at(2),
    )
    .await
    .unwrap();
    // The earlier fixture's invented counts on top of the one real vote.
    run(
        &db,
        &format!("UPDATE qna_questions SET upvotes = 62, downvotes = 3, popularity = 59 WHERE id = {question}"),
    )
    .await;
    Migrator::up(&db, None).await.unwrap();

    let page = qna::list_questions(&db, &ListFilter::default(), Sort::Popular, 1, 10)
        .await
        .unwrap();
    let q = &page.questions[0];
    assert_eq!((q.upvotes, q.downvotes), (1, 0), "only the member's vote");
    assert_eq!(q.author.source.as_deref(), Some("fiqa"));
    assert_eq!(
        q.author.name.as_deref(),
        Some("Personal Finance & Money Stack Exchange")
    );
    assert_eq!(
        (q.author.title.as_deref(), q.author.avatar.as_deref()),
        (None, None)
    );
    assert!(!q.author.expert, "no staff mark on a source's text");
    assert_eq!(
        q.offer_id, None,
        "on no product's page: the source names none"
    );
    db.close().await.unwrap();
    let _ = std::fs::remove_file(&path);
}
