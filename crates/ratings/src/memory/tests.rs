use proptest::prelude::*;

use super::*;
use crate::arbitrary;

const DAY_MS: i64 = 86_400_000;

#[test]
fn the_memory_lasts_seven_days() {
    assert_eq!(VOTE_MEMORY_MS, 7 * DAY_MS);
}

#[test]
fn a_vote_cast_just_now_is_remembered() {
    assert!(is_remembered(1_000, 1_000));
}

#[test]
fn a_vote_one_millisecond_short_of_seven_days_is_remembered() {
    assert!(is_remembered(1_000, 1_000 + VOTE_MEMORY_MS - 1));
}

#[test]
fn a_vote_exactly_seven_days_old_is_forgotten() {
    assert!(!is_remembered(1_000, 1_000 + VOTE_MEMORY_MS));
}

#[test]
fn a_vote_older_than_seven_days_is_forgotten() {
    assert!(!is_remembered(1_000, 1_000 + VOTE_MEMORY_MS + 1));
}

#[test]
fn a_vote_stamped_one_millisecond_in_the_future_is_remembered() {
    assert!(is_remembered(1_001, 1_000));
}

#[test]
fn a_vote_stamped_days_in_the_future_is_remembered() {
    assert!(is_remembered(10 * DAY_MS, 0));
}

#[test]
fn an_age_too_large_for_an_i64_is_forgotten() {
    assert!(!is_remembered(i64::MIN, i64::MAX));
}

#[test]
fn an_age_too_negative_for_an_i64_is_remembered() {
    assert!(is_remembered(i64::MAX, i64::MIN));
}

#[test]
fn the_memory_is_the_shared_lifetime_rule_with_seven_days() {
    for (voted_at, now) in [(0, 0), (0, VOTE_MEMORY_MS - 1), (0, VOTE_MEMORY_MS), (5, 0)] {
        assert_eq!(
            is_remembered(voted_at, now),
            visitor_state::lifetime::is_live(voted_at, now, VOTE_MEMORY_MS),
            "voted at {voted_at}, now {now}"
        );
    }
}

#[test]
fn stars_at_gives_the_vote_while_remembered() {
    let vote = RememberedVote {
        stars: StarCount::TWO,
        voted_at_ms: 0,
    };
    assert_eq!(vote.stars_at(DAY_MS), Some(StarCount::TWO));
    assert_eq!(vote.stars_at(VOTE_MEMORY_MS), None);
}

#[test]
fn remembered_votes_use_camel_case_json() {
    let vote: RememberedVote = serde_json::from_str(r#"{"stars":3,"votedAtMs":42}"#).unwrap();
    assert_eq!(vote.voted_at_ms, 42);
}

proptest! {
    #[test]
    fn is_remembered_never_panics(voted_at in any::<i64>(), now in any::<i64>()) {
        let _ = is_remembered(voted_at, now);
    }

    #[test]
    fn remembered_exactly_while_younger_than_seven_days(vote in arbitrary::remembered_vote(), age in -2 * VOTE_MEMORY_MS..2 * VOTE_MEMORY_MS) {
        if let Some(now) = vote.voted_at_ms.checked_add(age) {
            prop_assert_eq!(vote.is_remembered_at(now), age < VOTE_MEMORY_MS);
        }
    }

    #[test]
    fn remembered_exactly_while_the_exact_age_is_under_seven_days(voted_at in any::<i64>(), now in any::<i64>()) {
        let exact_age = i128::from(now) - i128::from(voted_at);
        prop_assert_eq!(is_remembered(voted_at, now), exact_age < i128::from(VOTE_MEMORY_MS));
    }
}
