//! The local, 7-day memory of a visitor's vote.
//!
//! Implements site-core §4 ("A previous vote is remembered locally 7 days and shows as
//! already voted") and §9 ("local vote memory 7 days (604800000 ms)").
//!
//! Settled boundary: with `age = now − voted_at` in milliseconds, a vote is remembered
//! while `0 ≤ age < VOTE_MEMORY_MS`. A vote exactly 7 days old is forgotten (the memory
//! expires at that instant, like a cookie whose expiry time has come). A vote stamped in
//! the future (the clock moved back, or the stored value is corrupt) is forgotten too,
//! because its age cannot be trusted; the visitor may then vote again, which the server
//! accepts as a change.

use serde::{Deserialize, Serialize};

use crate::{constants::VOTE_MEMORY_MS, star_count::StarCount};

#[cfg(test)]
mod tests;

/// A vote kept in local storage with the time it was cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RememberedVote {
    /// The stars the visitor gave.
    pub stars: StarCount,
    /// When the vote was stored, in milliseconds since the Unix epoch.
    pub voted_at_ms: i64,
}

/// True while a vote stored at `voted_at_ms` is still remembered at `now_ms`
/// (`0 ≤ now − voted_at < 604800000`). Never overflows: an age that does not fit in
/// an `i64` is forgotten.
///
/// ```
/// use ratings::memory::is_remembered;
///
/// assert!(is_remembered(0, 604_799_999));
/// assert!(!is_remembered(0, 604_800_000));
/// ```
pub fn is_remembered(voted_at_ms: i64, now_ms: i64) -> bool {
    now_ms
        .checked_sub(voted_at_ms)
        .is_some_and(|age| (0..VOTE_MEMORY_MS).contains(&age))
}

impl RememberedVote {
    /// True while this vote is still remembered at `now_ms` (see [`is_remembered`]).
    pub fn is_remembered_at(&self, now_ms: i64) -> bool {
        is_remembered(self.voted_at_ms, now_ms)
    }

    /// The stars of this vote if it is still remembered at `now_ms`.
    pub fn stars_at(&self, now_ms: i64) -> Option<StarCount> {
        self.is_remembered_at(now_ms).then_some(self.stars)
    }
}
