//! Checks of the committed community question-and-answer fixture (`fixtures/qna/community.json`)
//! against the site's rules and the committed catalogue. All but the last read only committed
//! files; the last rebuilds the fixture from the shared data and compares.
#![cfg(test)]

use std::collections::{BTreeMap, BTreeSet};

use catalogue_build::qna::{self, Community, authors, categories};
use qna_validation::{question::QuestionText, reply::Reply};
use serde_json::Value;

const COMMITTED: &str = include_str!("../../../fixtures/qna/community.json");
const CREDIT_CARDS: &str = include_str!("../../../fixtures/catalogue/credit-cards.json");

fn community() -> Community {
    serde_json::from_str(COMMITTED).unwrap()
}

fn credit_cards() -> Vec<Value> {
    serde_json::from_str(CREDIT_CARDS).unwrap()
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
fn every_author_is_listed() {
    let community = community();
    let logins: BTreeSet<&str> = community.authors.iter().map(|a| a.login.as_str()).collect();
    assert_eq!(logins.len(), community.authors.len(), "logins are unique");
    assert!((12..=20).contains(&logins.len()));
    assert_eq!(community.authors.iter().filter(|a| a.staff).count(), 3);
    for question in &community.questions {
        assert!(logins.contains(question.author.as_str()), "{}", question.id);
        for answer in &question.answers {
            assert!(logins.contains(answer.author.as_str()), "{}", answer.id);
            assert_ne!(answer.author, question.author, "answer {}", answer.id);
        }
    }
}

#[test]
fn every_avatar_file_is_committed() {
    let public = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/public");
    for (index, author) in community().authors.iter().enumerate() {
        let path = public.join(author.avatar.trim_start_matches('/'));
        let svg = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert_eq!(Some(svg), authors::avatar_svg(index), "{}", path.display());
    }
}

#[test]
fn every_offer_id_is_a_card_of_the_catalogue() {
    let cards = credit_cards();
    let ids: BTreeSet<&str> = cards.iter().filter_map(|c| c["ID"].as_str()).collect();
    let community = community();
    let mut linked: BTreeMap<&str, usize> = BTreeMap::new();
    for question in &community.questions {
        if let Some(id) = &question.offer_id {
            assert!(ids.contains(id.as_str()), "question {}: {id}", question.id);
            assert_eq!(question.category_id, 1, "question {}", question.id);
            *linked.entry(id).or_default() += 1;
        }
    }
    assert!(linked.values().sum::<usize>() >= 15, "{linked:?}");
    assert!(linked.len() >= 5, "{linked:?}");
}

#[test]
fn answers_come_after_their_question_and_at_most_one_is_accepted() {
    let community = community();
    let (first, last) = ("2024-01-01T00:00:00Z", "2026-10-31T23:59:59Z");
    for question in &community.questions {
        assert!(question.created_at.as_str() >= first && question.created_at.as_str() <= last);
        for answer in &question.answers {
            assert!(
                answer.created_at > question.created_at,
                "answer {}",
                answer.id
            );
            assert!(answer.created_at.as_str() <= last, "answer {}", answer.id);
        }
        let accepted = question.answers.iter().filter(|a| a.accepted).count();
        assert!(accepted <= 1, "question {}", question.id);
    }
    let accepted = community
        .questions
        .iter()
        .filter(|q| q.answers.iter().any(|a| a.accepted))
        .count();
    let share = accepted * 100 / community.questions.len();
    assert!((40..=60).contains(&share), "{share}% accepted");
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
    let built = qna::build_from(&data, &credit_cards()).unwrap();
    assert!(
        built.community.to_json().unwrap() == COMMITTED,
        "fixtures/qna/community.json is stale: run `just build-fixtures`"
    );
}
