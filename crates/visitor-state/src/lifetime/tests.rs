//! Unit and property tests for the freshness rule.

use proptest::prelude::*;

use super::*;

#[test]
fn value_is_live_when_just_stored() {
    assert!(is_live(1_000, 1_000, 1_000));
}

#[test]
fn value_is_live_one_millisecond_before_its_lifetime_ends() {
    assert!(is_live(0, 999, 1_000));
}

#[test]
fn value_has_expired_exactly_when_its_lifetime_ends() {
    assert!(!is_live(0, 1_000, 1_000));
}

#[test]
fn value_has_expired_after_its_lifetime_ends() {
    assert!(!is_live(0, 1_001, 1_000));
}

#[test]
fn value_stored_one_millisecond_in_the_future_is_live() {
    assert!(is_live(1_001, 1_000, 1_000));
}

#[test]
fn value_stored_far_in_the_future_is_live() {
    assert!(is_live(5_000, 0, 1_000));
}

#[test]
fn extreme_timestamps_do_not_overflow() {
    assert!(!is_live(i64::MIN, i64::MAX, i64::MAX));
    assert!(is_live(i64::MAX, i64::MIN, 1));
    assert!(is_live(i64::MAX, i64::MAX, 1));
}

proptest! {
    #[test]
    fn value_is_live_exactly_when_younger_than_its_lifetime(
        stored in -1_000_000_000_000_i64..1_000_000_000_000,
        age in -10_000_000_000_i64..10_000_000_000,
        lifetime in 1_i64..10_000_000_000,
    ) {
        prop_assert_eq!(is_live(stored, stored + age, lifetime), age < lifetime);
    }

    #[test]
    fn is_live_never_panics_and_matches_the_exact_age(
        stored in any::<i64>(),
        now in any::<i64>(),
        lifetime in 1_i64..=i64::MAX,
    ) {
        let exact_age = i128::from(now) - i128::from(stored);
        prop_assert_eq!(is_live(stored, now, lifetime), exact_age < i128::from(lifetime));
    }
}
