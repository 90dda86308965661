//! Drives the shared browser/server test vectors in
//! `fixtures/vectors/qna-validation.json` through the Rust implementation.

use std::collections::BTreeSet;

use qna_validation::category::{Category, CategoryError, select_category};
use qna_validation::experts::{
    expert_fragment, expert_from_fragment, expert_scroll_target, experts_on_page, hashtag_matches,
    next_experts_page,
};
use qna_validation::guest::{GuestEmail, OneTimeCode};
use qna_validation::helpful::{FeedbackReason, HelpfulVote, VoteRecord};
use qna_validation::links::{
    FullSlug, FullSlugError, TRANSLITERATIONS, question_slug, report_abuse_link, transliterate,
};
use qna_validation::listing::{SortKey, parse_page};
use qna_validation::permissions::{Action, PermissionError, Permissions};
use qna_validation::profanity::profanity_message;
use qna_validation::question::{QuestionText, remaining_chars};
use qna_validation::reply::Reply;
use qna_validation::review::ReviewText;
use qna_validation::search::{SearchMode, search_mode};
use qna_validation::text::{char_count, is_white_space, word_count};
use qna_validation::text_message::{TextMessageOutcome, UsPhone};
use serde_json::{Value, json};
use site_urls::sign_up::join_light_link;
use visitor_state::actor::Actor;

const VECTORS: &str = include_str!("../../../fixtures/vectors/qna-validation.json");

#[expect(
    clippy::unwrap_used,
    clippy::panic,
    reason = "test support: a malformed vectors file fails the test"
)]
fn vectors() -> serde_json::Map<String, Value> {
    match serde_json::from_str(VECTORS).unwrap() {
        Value::Object(map) => map,
        other => panic!("vectors file is not an object: {other}"),
    }
}

/// Runs `actual` on every case of `rule` and compares with its expected value.
#[expect(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test support: a malformed vectors file fails the test"
)]
fn run(rule: &str, actual: impl Fn(&Value) -> Value) {
    let all = vectors();
    let cases = all[rule].as_array().unwrap();
    assert!(!cases.is_empty(), "{rule} has no cases");
    for case in cases {
        let input = &case["input"];
        assert_eq!(actual(input), case["expected"], "{rule}: input {input}");
    }
}

#[expect(
    clippy::unwrap_used,
    reason = "test support: a malformed vectors file fails the test"
)]
fn text(input: &Value) -> &str {
    input.as_str().unwrap()
}

fn outcome<T, E: ToString>(result: Result<T, E>, ok: impl Fn(T) -> Value) -> Value {
    match result {
        Ok(value) => json!({ "ok": ok(value) }),
        Err(error) => json!({ "error": error.to_string() }),
    }
}

#[test]
fn vectors_file_has_an_about_text_and_exactly_the_known_rules() {
    let all = vectors();
    assert!(
        all["about"]
            .as_str()
            .unwrap()
            .contains("/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@")
    );
    let keys: BTreeSet<&str> = all.keys().map(String::as_str).collect();
    let known: BTreeSet<&str> = [
        "about",
        "whiteSpace",
        "charCount",
        "wordCount",
        "question",
        "questionRemaining",
        "category",
        "guestEmail",
        "guestEmailOptional",
        "oneTimeCode",
        "reply",
        "review",
        "search",
        "usPhone",
        "textMessageOutcome",
        "feedbackReason",
        "helpfulVoteMemory",
        "permissions",
        "profanityMessage",
        "slug",
        "fullSlug",
        "parseFullSlug",
        "reportAbuseLink",
        "joinLightLink",
        "sortKey",
        "page",
        "hashtagMatch",
        "expertFragment",
        "expertFromFragment",
        "expertsNextPage",
        "expertsOnPage",
        "expertScrollTarget",
        "transliteration",
    ]
    .into();
    assert_eq!(keys, known);
}

#[test]
fn email_pattern_in_about_is_the_crate_constant() {
    let about = vectors()["about"].as_str().unwrap().to_owned();
    assert!(about.contains(&format!(
        "/{}/",
        qna_validation::guest::GUEST_EMAIL_JS_PATTERN
    )));
}

#[test]
fn white_space_vectors() {
    run("whiteSpace", |i| {
        let mut chars = text(i).chars();
        let c = chars.next().unwrap();
        assert_eq!(chars.next(), None);
        json!(is_white_space(c))
    });
}

#[test]
fn char_count_vectors() {
    run("charCount", |i| json!(char_count(text(i))));
}

#[test]
fn word_count_vectors() {
    run("wordCount", |i| json!(word_count(text(i))));
}

#[test]
fn question_vectors() {
    run("question", |i| {
        outcome(QuestionText::parse(text(i)), |q| json!(q.as_str()))
    });
}

#[test]
fn question_remaining_vectors() {
    run("questionRemaining", |i| json!(remaining_chars(text(i))));
}

#[test]
fn category_vectors() {
    run("category", |i| {
        let available: Vec<Category> = serde_json::from_value(i["available"].clone()).unwrap();
        match select_category(&available, i["chosen"].as_u64()) {
            Ok(id) => json!({ "ok": id }),
            Err(CategoryError::Unknown { .. }) => json!({ "error": "unknownCategory" }),
            Err(error) => json!({ "error": error.to_string() }),
        }
    });
}

#[test]
fn guest_email_vectors() {
    run("guestEmail", |i| {
        outcome(GuestEmail::parse(text(i)), |e| json!(e.as_str()))
    });
}

#[test]
fn guest_email_optional_vectors() {
    run("guestEmailOptional", |i| {
        outcome(GuestEmail::parse_optional(text(i)), |e| {
            json!(e.as_ref().map(GuestEmail::as_str))
        })
    });
}

#[test]
fn one_time_code_vectors() {
    run("oneTimeCode", |i| {
        outcome(OneTimeCode::parse(text(i)), |c| json!(c.as_str()))
    });
}

#[test]
fn reply_vectors() {
    run("reply", |i| {
        outcome(Reply::parse(text(i)), |r| json!(r.as_str()))
    });
}

#[test]
fn review_vectors() {
    run("review", |i| {
        outcome(ReviewText::parse(text(i)), |r| json!(r.as_str()))
    });
}

#[test]
fn search_vectors() {
    run("search", |i| match search_mode(text(i)) {
        SearchMode::Normal => Value::Null,
        SearchMode::Search(query) => json!(query.as_str()),
    });
}

#[test]
fn us_phone_vectors() {
    run("usPhone", |i| {
        outcome(UsPhone::parse(text(i)), |p| json!(p.digits()))
    });
}

#[test]
fn text_message_outcome_vectors() {
    run("textMessageOutcome", |i| {
        let messages: Vec<String> = serde_json::from_value(i["messages"].clone()).unwrap();
        let outcome = TextMessageOutcome::from_response(i["error"].as_bool().unwrap(), &messages);
        json!({ "outcome": outcome, "message": outcome.shown_message(&messages) })
    });
}

#[test]
fn feedback_reason_vectors() {
    run("feedbackReason", |i| {
        outcome(FeedbackReason::parse(text(i)), |r| json!(r.as_str()))
    });
}

#[test]
fn helpful_vote_memory_vectors() {
    run("helpfulVoteMemory", |i| {
        let vote: HelpfulVote = serde_json::from_value(i["vote"].clone()).unwrap();
        let record = VoteRecord::new(text(&i["votedOn"]), vote, i["votedAtMs"].as_i64().unwrap());
        json!(record.vote_for(text(&i["address"]), i["nowMs"].as_i64().unwrap()))
    });
}

#[test]
fn permission_vectors() {
    run("permissions", |i| {
        let actor: Actor = serde_json::from_value(i["actor"].clone()).unwrap();
        let action: Action = serde_json::from_value(i["action"].clone()).unwrap();
        match actor.can(action) {
            Ok(route) => json!({ "ok": route }),
            Err(PermissionError::SignInRequired { .. }) => json!({ "error": "signInRequired" }),
            Err(error) => json!({ "error": error.to_string() }),
        }
    });
}

#[test]
fn profanity_message_vectors() {
    run("profanityMessage", |i| json!(profanity_message(text(i))));
}

#[test]
fn slug_vectors() {
    run("slug", |i| json!(question_slug(text(i))));
}

#[test]
fn full_slug_vectors() {
    run("fullSlug", |i| {
        let full = FullSlug::new(text(&i["title"]), i["id"].as_u64().unwrap());
        json!({ "fullSlug": full.to_string(), "link": full.link() })
    });
}

#[test]
fn parse_full_slug_vectors() {
    run("parseFullSlug", |i| match FullSlug::parse(text(i)) {
        Ok(full) => json!({ "ok": { "slug": full.slug(), "id": full.id() } }),
        Err(FullSlugError::MissingId { .. }) => json!({ "error": "missingId" }),
        Err(FullSlugError::InvalidId { .. }) => json!({ "error": "invalidId" }),
        Err(FullSlugError::InvalidSlug { .. }) => json!({ "error": "invalidSlug" }),
    });
}

#[test]
fn report_abuse_link_vectors() {
    run("reportAbuseLink", |i| {
        json!(report_abuse_link(
            text(&i["address"]),
            i["answerId"].as_u64().unwrap()
        ))
    });
}

#[test]
fn join_light_link_vectors() {
    run("joinLightLink", |i| {
        json!(join_light_link(text(&i["siteOrigin"]), text(&i["address"])))
    });
}

#[test]
fn sort_key_vectors() {
    run("sortKey", |i| {
        let sort = SortKey::from_param(i.as_str());
        json!({ "key": sort.key(), "label": sort.label() })
    });
}

#[test]
fn page_vectors() {
    run("page", |i| json!(parse_page(i.as_str())));
}

#[test]
fn hashtag_match_vectors() {
    run("hashtagMatch", |i| {
        json!(hashtag_matches(text(&i["hashtag"]), text(&i["requested"])))
    });
}

#[test]
fn expert_fragment_vectors() {
    run("expertFragment", |i| json!(expert_fragment(text(i))));
}

#[test]
fn expert_from_fragment_vectors() {
    run("expertFromFragment", |i| {
        json!(expert_from_fragment(text(i)))
    });
}

#[expect(
    clippy::unwrap_used,
    reason = "test support: a malformed vectors file fails the test"
)]
fn usize_of(value: &Value) -> usize {
    usize::try_from(value.as_u64().unwrap()).unwrap()
}

#[test]
fn experts_next_page_vectors() {
    run("expertsNextPage", |i| {
        json!(next_experts_page(
            usize_of(&i["current"]),
            usize_of(&i["total"]),
            usize_of(&i["perPage"])
        ))
    });
}

#[test]
fn experts_on_page_vectors() {
    run("expertsOnPage", |i| {
        let range = experts_on_page(
            usize_of(&i["page"]),
            usize_of(&i["total"]),
            usize_of(&i["perPage"]),
        );
        json!({ "start": range.start, "end": range.end })
    });
}

#[test]
fn expert_scroll_target_vectors() {
    run("expertScrollTarget", |i| {
        json!(expert_scroll_target(i.as_i64().unwrap()))
    });
}

#[test]
fn transliteration_vectors() {
    run("transliteration", |i| {
        let c = text(i).chars().next().unwrap();
        json!(transliterate(c))
    });
}

#[test]
fn transliteration_vectors_list_the_whole_table() {
    let listed: BTreeSet<char> = vectors()["transliteration"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| text(&case["input"]).chars().next().unwrap())
        .collect();
    let table: BTreeSet<char> = TRANSLITERATIONS
        .iter()
        .flat_map(|&(first, last, _)| first..=last)
        .collect();
    assert_eq!(listed, table);
}
