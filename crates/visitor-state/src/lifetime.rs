//! The one freshness rule behind every stored lifetime: the saved-product expiry
//! (site-core §4, §9) and the stored user-info lifetimes (community §9).
//!
//! A value stored at `stored_at_ms` with a lifetime of `lifetime_ms` is live while its age
//! `now_ms - stored_at_ms` is **less than** the lifetime: it is live for the half-open
//! interval `[stored_at, stored_at + lifetime)` and has expired at exactly
//! `stored_at + lifetime`. A negative age (the stored time is after `now`, because the
//! clock was set back) counts as live. Ages are computed with saturating arithmetic, so no
//! pair of timestamps can overflow.

#[cfg(test)]
mod tests;

/// Whether a value stored at `stored_at_ms` is still live at `now_ms` (milliseconds since
/// the Unix epoch) for a lifetime of `lifetime_ms`.
///
/// ```
/// use visitor_state::lifetime::is_live;
///
/// assert!(is_live(1_000, 1_999, 1_000));
/// assert!(!is_live(1_000, 2_000, 1_000));
/// ```
#[must_use]
pub fn is_live(stored_at_ms: i64, now_ms: i64, lifetime_ms: i64) -> bool {
    now_ms.saturating_sub(stored_at_ms) < lifetime_ms
}
