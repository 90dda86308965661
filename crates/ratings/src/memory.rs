//! The local, 7-day memory of a visitor's vote.
//!
//! Implements site-core §4 ("A previous vote is remembered locally 7 days and shows as
//! already voted") and §9 ("local vote memory 7 days (604800000 ms)").
//!
//! The memory is the one stored-lifetime rule of [`visitor_state::lifetime`] with a
//! lifetime of [`VOTE_MEMORY_MS`]: a vote is remembered while `now − voted_at <
//! VOTE_MEMORY_MS`. A vote exactly 7 days old is forgotten (half-open, like a cookie
//! whose expiry time has come), and a vote stamped in the future (the clock moved back,
//! or clocks differ between devices) is still remembered, so the visitor is not asked
//! again just because their clock moved.

use serde::{Deserialize, Serialize};
use visitor_state::lifetime;

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

/// True while a vote stored at `voted_at_ms` is still remembered at `now_ms`:
/// [`visitor_state::lifetime::is_live`] with the lifetime [`VOTE_MEMORY_MS`]
/// (`now − voted_at < 604800000`; a vote stamped in the future is remembered). Never
/// overflows.
///
/// ```
/// use ratings::memory::is_remembered;
///
/// assert!(is_remembered(0, 604_799_999));
/// assert!(!is_remembered(0, 604_800_000));
/// assert!(is_remembered(1_000, 0)); // stamped in the future: the clock moved back
/// ```
#[must_use]
pub fn is_remembered(voted_at_ms: i64, now_ms: i64) -> bool {
    lifetime::is_live(voted_at_ms, now_ms, VOTE_MEMORY_MS)
}

impl RememberedVote {
    /// True while this vote is still remembered at `now_ms` (see [`is_remembered`]).
    #[must_use]
    pub fn is_remembered_at(&self, now_ms: i64) -> bool {
        is_remembered(self.voted_at_ms, now_ms)
    }

    /// The stars of this vote if it is still remembered at `now_ms`.
    #[must_use]
    pub fn stars_at(&self, now_ms: i64) -> Option<StarCount> {
        self.is_remembered_at(now_ms).then_some(self.stars)
    }
}
