//! When a message that failed is tried again, and when it is given up.

use std::time::Duration;

use crate::reply::Failure;

/// The waits after the first, second, ... failed attempt of a temporary failure. After
/// [`MAX_ATTEMPTS`] attempts the message is given up.
pub const DELAYS: [Duration; 5] = [
    Duration::from_secs(30),
    Duration::from_secs(2 * 60),
    Duration::from_secs(10 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(60 * 60),
];

/// The most attempts a message gets: one, then one after each of [`DELAYS`].
pub const MAX_ATTEMPTS: u32 = DELAYS.len() as u32 + 1;

/// What to do with a message after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Try again after this wait.
    RetryAfter(Duration),
    /// Record it as failed and never try again.
    GiveUp,
}

/// What follows a failed attempt, when `attempts` attempts have been made (this one
/// included; an attempt a crash cut short counts too). A permanent failure is given up
/// at once; a temporary one is retried after the next of [`DELAYS`] until
/// [`MAX_ATTEMPTS`] have been made.
///
/// ```
/// use std::time::Duration;
/// use mail_delivery::{reply::Failure, retry::{Step, next_step, MAX_ATTEMPTS}};
/// assert_eq!(next_step(Failure::Temporary, 2), Step::RetryAfter(Duration::from_secs(120)));
/// assert_eq!(next_step(Failure::Temporary, MAX_ATTEMPTS), Step::GiveUp);
/// assert_eq!(next_step(Failure::Permanent, 1), Step::GiveUp);
/// ```
pub fn next_step(failure: Failure, attempts: u32) -> Step {
    if failure == Failure::Permanent {
        return Step::GiveUp;
    }
    // Attempt 0 cannot have failed; read it as the first.
    let index = attempts.max(1) as usize - 1;
    match DELAYS.get(index) {
        Some(delay) => Step::RetryAfter(*delay),
        None => Step::GiveUp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_temporary_failure_is_tried_six_times_in_all() {
        let mut attempts = 1;
        let mut waited = Duration::ZERO;
        while let Step::RetryAfter(delay) = next_step(Failure::Temporary, attempts) {
            waited += delay;
            attempts += 1;
        }
        assert_eq!(attempts, MAX_ATTEMPTS);
        assert_eq!(attempts, 6);
        assert_eq!(waited, Duration::from_secs(30 + 120 + 600 + 1800 + 3600));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn waits_never_shrink_and_a_permanent_failure_is_never_retried(attempts in 0u32..u32::MAX) {
            prop_assert_eq!(next_step(Failure::Permanent, attempts), Step::GiveUp);
            match (next_step(Failure::Temporary, attempts), next_step(Failure::Temporary, attempts.saturating_add(1))) {
                (Step::RetryAfter(now), Step::RetryAfter(later)) => prop_assert!(later >= now),
                (Step::GiveUp, Step::RetryAfter(_)) => prop_assert!(false, "retried after giving up"),
                _ => {}
            }
            prop_assert_eq!(next_step(Failure::Temporary, attempts) == Step::GiveUp, attempts >= MAX_ATTEMPTS);
        }
    }
}
