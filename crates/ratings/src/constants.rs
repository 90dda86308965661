//! Every number, threshold and message the specification gives for ratings, in one place.
//!
//! Implements site-core §5 ("Star display", "User review score", "Rating popup wording"),
//! §4 and §9 (rating-widget timings), §6 (delegated-session alert), §7 ("Rating" call)
//! and §8 (rating messages). Each constant quotes the spec wording it comes from.

use rust_decimal::Decimal;

// Scale and display (site-core §5 "Star display").

/// Lowest rating: "Scale 0 to 5".
pub const RATING_MIN: Decimal = Decimal::ZERO;

/// Highest rating: "Scale 0 to 5".
pub const RATING_MAX: Decimal = Decimal::from_parts(5, 0, 0, false, 0);

/// Decimal places kept in the mean of member votes.
pub const MEAN_DECIMALS: u32 = 2;

/// Fewest whole stars a vote gives.
pub const MIN_STARS: u8 = 1;

/// Most whole stars a vote gives.
pub const MAX_STARS: u8 = 5;

/// Number of stars drawn: ratings are "shown as five stars".
pub const STARS_SHOWN: usize = 5;

/// "bar width is 20 percent per point": a 4.3 rating draws an 86 % bar.
pub const BAR_WIDTH_PERCENT_PER_POINT: Decimal = Decimal::from_parts(20, 0, 0, false, 0);

/// "one decimal shown": the number of decimal places of the rating text.
pub const DISPLAY_DECIMALS: u32 = 1;

/// First fractional threshold, 0.12: a star whose fraction is at least this (and below
/// [`HALF_STAR_THRESHOLD`]) is drawn as a quarter star; below it the star is empty.
pub const QUARTER_STAR_THRESHOLD: Decimal = Decimal::from_parts(12, 0, 0, false, 2);

/// Second fractional threshold, 0.38: from here (below [`THREE_QUARTER_STAR_THRESHOLD`])
/// a star is drawn as a half star.
pub const HALF_STAR_THRESHOLD: Decimal = Decimal::from_parts(38, 0, 0, false, 2);

/// Third fractional threshold, 0.62: from here (below [`FULL_STAR_THRESHOLD`]) a star is
/// drawn as a three-quarter star.
pub const THREE_QUARTER_STAR_THRESHOLD: Decimal = Decimal::from_parts(62, 0, 0, false, 2);

/// Fourth fractional threshold, 0.87: from here a star is drawn full.
pub const FULL_STAR_THRESHOLD: Decimal = Decimal::from_parts(87, 0, 0, false, 2);

// Which score shows (site-core §5).

/// "User review score is shown only when votes are 10 or more."
pub const MIN_VOTES_FOR_USER_SCORE: u64 = 10;

// Popup wording (site-core §5 "Rating popup wording").

/// Popup word for one star: "1 Bad".
pub const POPUP_WORD_BAD: &str = "Bad";

/// Popup word for two stars: "2 Below Average".
pub const POPUP_WORD_BELOW_AVERAGE: &str = "Below Average";

/// Popup word for three stars: "3 Average".
pub const POPUP_WORD_AVERAGE: &str = "Average";

/// Popup word for four stars: "4 Good".
pub const POPUP_WORD_GOOD: &str = "Good";

/// Popup word for five stars: "5 Excellent".
pub const POPUP_WORD_EXCELLENT: &str = "Excellent";

// User-visible messages (site-core §8, §4 and §6).

/// Hover-popup call to action: 'Click to submit your rating'.
pub const CLICK_TO_SUBMIT_MESSAGE: &str = "Click to submit your rating";

/// Offered before a changed vote, followed by the new choice: 'Change my rating to:'.
pub const CHANGE_RATING_PROMPT: &str = "Change my rating to:";

/// Offered before a changed vote, to keep the stored one: 'Keep my existing rating'.
pub const KEEP_EXISTING_RATING_LABEL: &str = "Keep my existing rating";

/// Thank-you popup text after a submitted vote: 'Thanks for your rating!'.
pub const THANK_YOU_MESSAGE: &str = "Thanks for your rating!";

/// Alert for "a user acting on another account through an admin-style login"; "the vote
/// is not sent". Defined once, beside the delegated-session flag, in `visitor-state`.
pub use visitor_state::status::PERMISSION_DENIED_MESSAGE;

// Timings and lifetimes (site-core §4 and §9).

/// "thank-you popup 8000 ms" ("thank-you popup shown 8 seconds").
pub const THANK_YOU_POPUP_MS: u64 = 8_000;

/// "Popup close delay 1000 ms": the hover popup "closes 1 second after the pointer leaves".
pub const POPUP_CLOSE_DELAY_MS: u64 = 1_000;

/// "local vote memory 7 days (604800000 ms)": the lifetime [`crate::memory`] passes to
/// the shared rule [`visitor_state::lifetime::is_live`]. An `i64` because it is compared
/// with millisecond timestamps since the Unix epoch.
pub const VOTE_MEMORY_MS: i64 = 604_800_000;

/// "ratings tracking cookie 365 days".
pub const RATINGS_TRACKING_COOKIE_DAYS: u32 = 365;

// Approval-odds text (site-core §5 "Approval-odds text to class").

/// Texts of the ultra class: "excellent, pre-selected, pre-approved, outstanding = ultra".
pub const APPROVAL_ODDS_ULTRA_TEXTS: [&str; 4] =
    ["excellent", "pre-selected", "pre-approved", "outstanding"];

/// Text of the high class: "very good = high".
pub const APPROVAL_ODDS_HIGH_TEXT: &str = "very good";

/// Text of the medium class: "good = medium".
pub const APPROVAL_ODDS_MEDIUM_TEXT: &str = "good";

/// Text of the low class: "fair = low".
pub const APPROVAL_ODDS_LOW_TEXT: &str = "fair";

// Rating call and outcomes (site-core §7 "Rating" and §8 "Rating outcomes").

/// Action of the product rating call: "action Details.SetRate, pid, rtg".
pub const PRODUCT_RATE_ACTION: &str = "Details.SetRate";

/// Action of the institution rating call: "action Reviews.SetInstRate, inst_uid, rating".
pub const INSTITUTION_RATE_ACTION: &str = "Reviews.SetInstRate";

/// Server message that, with `error` and a same-site `redirect_url`, sends the visitor to
/// that address: "error with message logged out".
pub const LOGGED_OUT_MESSAGE: &str = "logged out";
