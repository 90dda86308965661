//! The one freshness rule behind every stored lifetime: the saved-product expiry
//! (site-core §4, §9), the stored user-info lifetimes (community §9), the rating
//! widget's 7-day local vote memory (site-core §4, §9; `ratings::memory`) and the
//! helpful widget's 7-day vote memory per page (community §4, §9;
//! `qna_validation::helpful`). Those modules name their lifetime and call [`is_live`];
//! none restates the comparison.
//!
//! A value stored at `stored_at_ms` with a lifetime of `lifetime_ms` is live while its age
//! `now_ms - stored_at_ms` is **less than** the lifetime: it is live for the half-open
//! interval `[stored_at, stored_at + lifetime)` and has expired at exactly
//! `stored_at + lifetime`, like a cookie whose expiry time has come.
//!
//! A stored time later than `now` (a negative age: the clock was moved back, or the
//! value was stamped on a device whose clock runs ahead) counts as live, because
//! forgetting a visitor's vote just because their clock moved would ask them again.
//!
//! Ages are computed with saturating arithmetic, so no pair of timestamps can overflow:
//! an age beyond `i64::MAX` counts as `i64::MAX` (expired for any lifetime), one below
//! `i64::MIN` as `i64::MIN` (live).

#[cfg(test)]
mod tests;

/// Whether a value stored at `stored_at_ms` is still live at `now_ms` (milliseconds since
/// the Unix epoch) for a lifetime of `lifetime_ms`: `now_ms - stored_at_ms < lifetime_ms`,
/// so a stored time in the future is live and a value exactly `lifetime_ms` old has
/// expired (see the [module docs](self)).
///
/// ```
/// use visitor_state::lifetime::is_live;
///
/// assert!(is_live(1_000, 1_999, 1_000));
/// assert!(!is_live(1_000, 2_000, 1_000));
/// assert!(is_live(1_000, 0, 1_000)); // stored in the future: the clock moved back
/// ```
#[must_use]
pub fn is_live(stored_at_ms: i64, now_ms: i64, lifetime_ms: i64) -> bool {
    now_ms.saturating_sub(stored_at_ms) < lifetime_ms
}
