//! Members' written reviews of products, on every backend: one per member and product,
//! the two orders, helpful votes, and moderation through the community's queue.

use crate::common::{at, member};
use sea_orm::{ConnectionTrait, DatabaseConnection};
use sea_orm_migration::{MigrationName, MigratorTrait};
use store::members::Role;
use store::migration::Migrator;
use store::qna::{self, ItemKind, NewReport, QnaError, VoteValue};
use store::reviews::{self, NewReview, ReviewSort};
use store::{StoreError, testing};

const CARD: &str = "card-1";

async fn write(db: &DatabaseConnection, author: i64, stars: u8, body: &str, t: i64) -> i64 {
    reviews::write_review(
        db,
        &NewReview {
            offer_id: CARD,
            author_id: author,
            stars,
            body,
        },
        at(t),
    )
    .await
    .unwrap()
    .id
}

async fn ids(db: &DatabaseConnection, sort: ReviewSort) -> Vec<i64> {
    reviews::reviews(db, CARD, sort, 0, 10)
        .await
        .unwrap()
        .reviews
        .iter()
        .map(|r| r.id)
        .collect()
}

#[tokio::test]
async fn writing_again_replaces_the_members_review_and_keeps_its_votes() {
    for t in testing::all().await.unwrap() {
        let author = member(&t.db, "author").await;
        let voter = member(&t.db, "voter").await;
        let first = write(&t.db, author, 2, "First thoughts on this card", 1).await;
        qna::vote(&t.db, voter, ItemKind::Review, first, VoteValue::Up, at(2))
            .await
            .unwrap();
        let again = write(&t.db, author, 4, "Second thoughts, after a year", 3).await;
        assert_eq!(again, first, "{}", t.name);
        let row = reviews::review(&t.db, first).await.unwrap().unwrap();
        assert_eq!(row.stars, 4);
        assert_eq!(row.body, "Second thoughts, after a year");
        assert_eq!(row.created_at, at(1));
        assert_eq!(row.edited_at, Some(at(3)));
        assert_eq!(row.upvotes, 1);
        let page = reviews::reviews(&t.db, CARD, ReviewSort::Newest, 0, 10)
            .await
            .unwrap();
        assert_eq!(page.total, 1);
        let other = reviews::reviews(&t.db, "card-2", ReviewSort::Newest, 0, 10)
            .await
            .unwrap();
        assert_eq!(other.total, 0);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn stars_outside_one_to_five_and_unknown_members_are_refused() {
    for t in testing::all().await.unwrap() {
        let author = member(&t.db, "author").await;
        for stars in [0, 6] {
            let refused = reviews::write_review(
                &t.db,
                &NewReview {
                    offer_id: CARD,
                    author_id: author,
                    stars,
                    body: "text",
                },
                at(1),
            )
            .await;
            assert!(
                matches!(refused, Err(StoreError::InvalidData(_))),
                "{}",
                t.name
            );
        }
        let nobody = reviews::write_review(
            &t.db,
            &NewReview {
                offer_id: CARD,
                author_id: author + 1000,
                stars: 3,
                body: "text",
            },
            at(1),
        )
        .await;
        assert!(
            matches!(nobody, Err(StoreError::NotFound(_))),
            "{}: {nobody:?}",
            t.name
        );
        assert_eq!(ids(&t.db, ReviewSort::Newest).await, Vec::<i64>::new());
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn newest_first_or_most_helpful_first_and_pages_count_every_review() {
    for t in testing::all().await.unwrap() {
        let mut authors = Vec::new();
        for n in 0..3 {
            authors.push(member(&t.db, &format!("author{n}")).await);
        }
        let voters = [member(&t.db, "v0").await, member(&t.db, "v1").await];
        let old = write(&t.db, authors[0], 5, "The oldest review", 1).await;
        let mid = write(&t.db, authors[1], 3, "The middle review", 2).await;
        let new = write(&t.db, authors[2], 1, "The newest review", 3).await;
        for v in voters {
            qna::vote(&t.db, v, ItemKind::Review, mid, VoteValue::Up, at(4))
                .await
                .unwrap();
        }
        qna::vote(
            &t.db,
            voters[0],
            ItemKind::Review,
            old,
            VoteValue::Up,
            at(5),
        )
        .await
        .unwrap();
        qna::vote(
            &t.db,
            voters[1],
            ItemKind::Review,
            new,
            VoteValue::Down,
            at(5),
        )
        .await
        .unwrap();
        assert_eq!(
            ids(&t.db, ReviewSort::Newest).await,
            [new, mid, old],
            "{}",
            t.name
        );
        assert_eq!(ids(&t.db, ReviewSort::MostHelpful).await, [mid, old, new]);
        let second = reviews::reviews(&t.db, CARD, ReviewSort::Newest, 2, 2)
            .await
            .unwrap();
        assert_eq!(second.total, 3);
        assert_eq!(
            second.reviews.iter().map(|r| r.id).collect::<Vec<_>>(),
            [old]
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_reported_review_waits_in_the_queue_and_a_hidden_one_leaves_the_list() {
    for t in testing::all().await.unwrap() {
        let author = member(&t.db, "author").await;
        let moderator = member(&t.db, "moderator").await;
        store::members::profile::set_role(&t.db, moderator, Role::Moderator)
            .await
            .unwrap();
        let voter = member(&t.db, "voter").await;
        let id = write(&t.db, author, 1, "Buy followers at example dot com", 1).await;
        qna::report(
            &t.db,
            &NewReport {
                reporter_id: Some(voter),
                reporter_ip: "ip:1",
                item_kind: ItemKind::Review,
                item_id: id,
                page_address: "/credit-cards/card-1",
                reason: Some("spam"),
            },
            at(2),
        )
        .await
        .unwrap();
        let queue = qna::moderation_queue(&t.db, 10).await.unwrap();
        assert_eq!(queue.len(), 1, "{}", t.name);
        assert_eq!(queue[0].item_kind, ItemKind::Review);
        assert_eq!(queue[0].text, "Buy followers at example dot com");
        assert!(!queue[0].hidden);
        // Still listed until a moderator acts.
        assert_eq!(ids(&t.db, ReviewSort::Newest).await, [id]);

        assert!(
            qna::hide(&t.db, moderator, ItemKind::Review, id, "spam", at(3))
                .await
                .unwrap()
        );
        assert_eq!(ids(&t.db, ReviewSort::Newest).await, Vec::<i64>::new());
        assert_eq!(
            reviews::reviews(&t.db, CARD, ReviewSort::Newest, 0, 10)
                .await
                .unwrap()
                .total,
            0
        );
        assert!(qna::moderation_queue(&t.db, 10).await.unwrap().is_empty());
        let voted = qna::vote(&t.db, voter, ItemKind::Review, id, VoteValue::Up, at(4)).await;
        assert!(matches!(
            voted,
            Err(QnaError::Hidden {
                kind: ItemKind::Review,
                ..
            })
        ));
        // The author still sees their own review, marked hidden.
        let own = reviews::member_review(&t.db, CARD, author)
            .await
            .unwrap()
            .unwrap();
        assert!(own.hidden);

        assert!(
            qna::restore(&t.db, moderator, ItemKind::Review, id, "not spam", at(5))
                .await
                .unwrap()
        );
        assert_eq!(ids(&t.db, ReviewSort::Newest).await, [id]);
        let log = qna::moderation_log(&t.db, 10).await.unwrap();
        assert_eq!(log.len(), 2);
        assert!(
            log.iter()
                .all(|e| e.item_kind == ItemKind::Review && e.item_id == id)
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_review_that_does_not_exist_cannot_be_voted_on_nor_reported() {
    for t in testing::all().await.unwrap() {
        let voter = member(&t.db, "voter").await;
        let voted = qna::vote(&t.db, voter, ItemKind::Review, 99, VoteValue::Up, at(1)).await;
        assert!(
            matches!(
                voted,
                Err(QnaError::NotFound {
                    kind: ItemKind::Review,
                    id: 99
                })
            ),
            "{}: {voted:?}",
            t.name
        );
        let reported = qna::report(
            &t.db,
            &NewReport {
                reporter_id: None,
                reporter_ip: "ip:1",
                item_kind: ItemKind::Review,
                item_id: 99,
                page_address: "/",
                reason: None,
            },
            at(1),
        )
        .await;
        assert!(matches!(reported, Err(QnaError::NotFound { .. })));
        t.cleanup().await.unwrap();
    }
}

/// The migration that lets votes, reports and the log name reviews rebuilds SQLite's
/// tables: the rows written before it survive, with their indexes.
#[tokio::test]
async fn the_reviews_migration_keeps_the_community_rows_written_before_it() {
    let path = std::env::temp_dir().join(format!(
        "plainrate_reviews_migration_{}.sqlite",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let db = store::connect(&url, None).await.unwrap();
    let before_reviews = Migrator::migrations()
        .iter()
        .position(|m| m.name() == reviews::m0008_reviews::Migration.name())
        .unwrap();
    Migrator::up(&db, Some(u32::try_from(before_reviews).unwrap()))
        .await
        .unwrap();
    let voter = member(&db, "voter").await;
    let category = qna::create_category(&db, "Cards", "cards", 1)
        .await
        .unwrap();
    let question = qna::create_question(
        &db,
        &qna::NewQuestion {
            category_id: category,
            offer_id: None,
            slug: "a-question",
            title: "Is this card any good for travel?",
            more_info: "",
            author_id: voter,
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
    Migrator::up(&db, None).await.unwrap();
    let votes = qna::my_votes(&db, voter, ItemKind::Question, &[question])
        .await
        .unwrap();
    assert_eq!(votes, [(question, VoteValue::Up)]);
    let indexes = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' \
             AND tbl_name IN ('qna_votes', 'qna_reports', 'qna_moderation_log') \
             AND sql IS NOT NULL",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap();
    assert_eq!(indexes, 2, "qna_reports_open and qna_moderation_log_item");
    db.close().await.unwrap();
    let _ = std::fs::remove_file(&path);
}
