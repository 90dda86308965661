//! The first start, on every backend: the state opened the way `serve` opens it fills an
//! empty database with the catalogue and the community questions and answers, once.

use crate::common;

use plainrate::AppState;
use plainrate::cli::{COMMUNITY_FIXTURE, StartupError, load_community_fixture};
use store::qna::{CommunityFixture, ListFilter, Sort};
use store::testing::{self, TestDatabase};

/// The URL `serve` would be given for this test database (on PostgreSQL, the test's own
/// schema rides in the URL).
fn url_of(t: &TestDatabase) -> String {
    match &t.search_path {
        Some(schema) => {
            let join = if t.url.contains('?') { '&' } else { '?' };
            format!("{}{join}options[search_path]={schema}", t.url)
        }
        None => t.url.clone(),
    }
}

fn fixture() -> CommunityFixture {
    let settings = common::settings("sqlite::memory:");
    let text = std::fs::read_to_string(settings.fixtures_dir.join(COMMUNITY_FIXTURE)).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The categories (id, slug) and the number of listed questions.
async fn qna_contents(state: &AppState) -> (Vec<(i64, String)>, u64) {
    let categories = store::qna::categories(&state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.id, c.slug))
        .collect();
    let page = store::qna::list_questions(&state.db, &ListFilter::default(), Sort::Popular, 1, 1)
        .await
        .unwrap();
    (categories, page.total)
}

#[tokio::test]
async fn the_first_start_loads_the_community_questions_once() {
    let fixture = fixture();
    let expected_categories: Vec<(i64, String)> = fixture
        .categories
        .iter()
        .map(|c| (c.id, c.slug.clone()))
        .collect();
    assert!(!expected_categories.is_empty());
    for t in testing::all().await.unwrap() {
        let settings = common::settings(&url_of(&t));
        let state = AppState::open(settings.clone()).await.unwrap();
        assert!(
            !store::catalogue::is_empty(&state.db).await.unwrap(),
            "{}",
            t.name
        );
        let (categories, questions) = qna_contents(&state).await;
        assert_eq!(categories, expected_categories, "{}", t.name);
        assert_eq!(questions, fixture.questions.len() as u64, "{}", t.name);
        // It is the test's own database that was filled.
        assert_eq!(
            store::qna::categories(&t.db).await.unwrap().len(),
            expected_categories.len(),
            "{}",
            t.name
        );
        let first = fixture.questions.first().unwrap();
        let stored = store::qna::question(&state.db, first.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            stored.slug,
            qna_validation::links::question_slug(&first.title)
        );
        state.db.clone().close().await.unwrap();

        // The second start adds nothing.
        let again = AppState::open(settings).await.unwrap();
        assert_eq!(
            qna_contents(&again).await,
            (expected_categories.clone(), fixture.questions.len() as u64),
            "{}",
            t.name
        );
        again.db.clone().close().await.unwrap();
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_missing_community_file_is_skipped_and_an_invalid_one_named() {
    for t in testing::all().await.unwrap() {
        let dir = std::env::temp_dir().join(format!(
            "plainrate_fixtures_{}_{}",
            std::process::id(),
            t.name
        ));
        std::fs::create_dir_all(dir.join("qna")).unwrap();
        let file = dir.join(COMMUNITY_FIXTURE);
        let _ = std::fs::remove_file(&file);
        assert!(!load_community_fixture(&t.db, &dir).await.unwrap());

        std::fs::write(&file, "{\"source\": \"x\", \"categories\": [").unwrap();
        let err = load_community_fixture(&t.db, &dir).await.unwrap_err();
        assert!(matches!(err, StartupError::Fixture { .. }), "{err}");
        assert!(err.to_string().contains("community.json"), "{err}");

        // Well-formed JSON whose references do not hold is refused the same way.
        std::fs::write(
            &file,
            r#"{"source": "x", "categories": [{"id": 1, "name": "A", "slug": "a"}],
                "authors": [], "questions": [{"id": 1, "category_id": 1, "offer_id": null,
                "title": "Why?", "author": "nobody", "created_at": "2024-01-01T00:00:00Z",
                "upvotes": 0, "downvotes": 0}]}"#,
        )
        .unwrap();
        let err = load_community_fixture(&t.db, &dir).await.unwrap_err();
        assert!(err.to_string().contains("community.json"), "{err}");
        assert!(err.to_string().contains("nobody"), "{err}");
        assert!(store::qna::categories(&t.db).await.unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
        t.cleanup().await.unwrap();
    }
}
