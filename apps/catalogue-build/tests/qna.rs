//! Checks of the committed community question-and-answer fixture (`fixtures/qna/community.json`)
//! against the site's rules and the committed catalogue. All but the last read only committed
//! files; the last rebuilds the fixture from the shared data and compares.
#![cfg(test)]

use catalogue_build::qna::{self, Community, categories};
use qna_validation::{question::QuestionText, reply::Reply};

const COMMITTED: &str = include_str!("../../../fixtures/qna/community.json");

fn community() -> Community {
    serde_json::from_str(COMMITTED).unwrap()
}

#[test]
fn every_category_has_at_least_30_questions() {
    let community = community();
    assert!((6..=8).contains(&community.categories.len()));
    for category in &community.categories {
        let count = community
            .questions
            .iter()
            .filter(|q| q.category_id == category.id)
            .count();
        assert!(
            count >= categories::MIN_QUESTIONS,
            "{}: {count} questions",
            category.name
        );
    }
    for question in &community.questions {
        assert!(
            community
                .categories
                .iter()
                .any(|c| c.id == question.category_id),
            "question {}",
            question.id
        );
    }
}

#[test]
fn every_title_passes_the_question_rule() {
    for question in community().questions {
        let parsed = QuestionText::parse(&question.title)
            .unwrap_or_else(|error| panic!("question {}: {error}", question.id));
        assert_eq!(parsed.as_str(), question.title, "question {}", question.id);
        assert!(question.title.split_whitespace().count() >= 3);
        assert!(question.title.chars().count() <= 140);
        if !question.more_info.is_empty() {
            assert!(question.more_info.chars().count() > 140, "{}", question.id);
        }
    }
}

#[test]
fn every_answer_passes_the_reply_rule() {
    let community = community();
    for question in &community.questions {
        assert!(!question.answers.is_empty(), "question {}", question.id);
        for answer in &question.answers {
            assert!(
                Reply::parse(&answer.content).is_ok(),
                "answer {}",
                answer.id
            );
            assert!(answer.content.trim().chars().count() >= 30);
            assert_eq!(
                answer.content.trim(),
                answer.content,
                "answer {}",
                answer.id
            );
            assert!(!answer.content.contains('\r'), "answer {}", answer.id);
        }
    }
}

#[test]
fn ids_are_unique_and_consecutive() {
    let community = community();
    let question_ids: Vec<u32> = community.questions.iter().map(|q| q.id).collect();
    assert_eq!(
        question_ids,
        (1..=question_ids.len() as u32).collect::<Vec<_>>()
    );
    let mut answer_ids: Vec<u32> = community
        .questions
        .iter()
        .flat_map(|q| q.answers.iter().map(|a| a.id))
        .collect();
    answer_ids.sort_unstable();
    assert_eq!(
        answer_ids,
        (1..=answer_ids.len() as u32).collect::<Vec<_>>()
    );
    let category_ids: Vec<u32> = community.categories.iter().map(|c| c.id).collect();
    assert_eq!(
        category_ids,
        (1..=category_ids.len() as u32).collect::<Vec<_>>()
    );
}

#[test]
fn every_item_is_the_sources_under_the_one_account_that_stands_for_it() {
    let community = community();
    assert_eq!(community.authors.len(), 1);
    let author = &community.authors[0];
    assert_eq!(author.login, qna::SOURCE_AUTHOR);
    assert_eq!(author.source, qna::SOURCE_AUTHOR);
    assert!(qna_validation::sources::by_key(&author.source).is_some());
    assert!(!author.staff);
    for question in &community.questions {
        assert_eq!(question.author, qna::SOURCE_AUTHOR, "{}", question.id);
        for answer in &question.answers {
            assert_eq!(answer.author, qna::SOURCE_AUTHOR, "{}", answer.id);
        }
    }
    // The file carries no date, vote count or accepted mark: FiQA records none.
    for word in [
        "created_at",
        "upvotes",
        "downvotes",
        "accepted",
        "edited",
        "avatar",
    ] {
        assert!(!COMMITTED.contains(&format!("\"{word}")), "{word}");
    }
}

/// The source names no product, so no question is shown as being about one.
#[test]
fn no_source_question_sits_on_a_products_page() {
    let community = community();
    assert!(community.questions.iter().all(|q| q.offer_id.is_none()));
}

#[test]
fn the_file_is_in_the_builders_pretty_form() {
    assert!(community().to_json().unwrap() == COMMITTED);
}

/// The committed file is what the builder writes from the shared data and the committed
/// catalogue. Without the shared data folder beside the repository the check is skipped,
/// unless `REQUIRE_SHARED_DATA` is set.
#[test]
fn the_committed_file_is_what_the_builder_writes() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if !data.join(qna::FIQA_FILE).is_file() {
        assert!(
            std::env::var_os("REQUIRE_SHARED_DATA").is_none(),
            "no {}",
            data.join(qna::FIQA_FILE).display()
        );
        eprintln!("skipped: no shared data at {}", data.display());
        return;
    }
    let built = qna::build_from(&data).unwrap();
    assert!(
        built.community.to_json().unwrap() == COMMITTED,
        "fixtures/qna/community.json is stale: run `just build-fixtures`"
    );
}
