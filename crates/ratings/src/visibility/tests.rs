use proptest::prelude::*;

use super::*;
use crate::arbitrary;

fn sources(user_review: bool, votes: u64, editor: bool) -> RatingSources {
    RatingSources {
        user_review: user_review.then_some(Rating::MAX),
        votes,
        editor_rating: editor.then_some(Rating::ZERO),
    }
}

fn check(input: RatingSources, show_user_review_score: bool, show_full_rating: bool) {
    assert_eq!(
        input.visibility(),
        RatingVisibility {
            show_user_review_score,
            show_full_rating,
        },
        "{input:?}"
    );
}

#[test]
fn ten_votes_allow_the_user_score() {
    assert!(votes_allow_user_score(10));
}

#[test]
fn nine_votes_do_not_allow_the_user_score() {
    assert!(!votes_allow_user_score(9));
}

#[test]
fn eleven_votes_allow_the_user_score() {
    assert!(votes_allow_user_score(11));
}

#[test]
fn user_review_with_ten_votes_shows_the_user_score_only() {
    check(sources(true, 10, false), true, false);
}

#[test]
fn user_review_with_nine_votes_shows_neither() {
    check(sources(true, 9, false), false, false);
}

#[test]
fn user_review_with_ten_votes_shows_the_user_score_beside_an_editor_rating() {
    check(sources(true, 10, true), true, false);
}

#[test]
fn no_user_review_nine_votes_and_no_editor_rating_shows_the_full_rating() {
    check(sources(false, 9, false), false, true);
}

#[test]
fn no_user_review_zero_votes_and_no_editor_rating_shows_the_full_rating() {
    check(sources(false, 0, false), false, true);
}

#[test]
fn ten_votes_without_a_user_review_hide_the_full_rating() {
    check(sources(false, 10, false), false, false);
}

#[test]
fn an_editor_rating_hides_the_full_rating() {
    check(sources(false, 9, true), false, false);
}

#[test]
fn sources_read_camel_case_json() {
    let parsed: RatingSources =
        serde_json::from_str(r#"{"userReview":"4.1","votes":12,"editorRating":null}"#).unwrap();
    assert!(parsed.shows_user_review_score());
}

proptest! {
    #[test]
    fn the_two_scores_never_show_together(
        user_review in proptest::option::of(arbitrary::rating()),
        votes in any::<u64>(),
        editor_rating in proptest::option::of(arbitrary::rating()),
    ) {
        let visibility = RatingSources { user_review, votes, editor_rating }.visibility();
        prop_assert!(!(visibility.show_user_review_score && visibility.show_full_rating));
        prop_assert_eq!(visibility.show_user_review_score, user_review.is_some() && votes >= 10);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_vote_count_allows_the_user_score_from_ten_votes_on(votes in prop_oneof![any::<u64>(), 0_u64..20, Just(u64::MAX)]) {
        prop_assert_eq!(votes_allow_user_score(votes), votes >= MIN_VOTES_FOR_USER_SCORE);
        if votes_allow_user_score(votes) {
            prop_assert!(votes_allow_user_score(votes.saturating_add(1)));
        }
    }
}
