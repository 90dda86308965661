//! The sample values FiQA does not have: who wrote each question and answer, when, its votes,
//! and which answers are accepted or edited. All come from a fixed hash of the text
//! ([`hash`]), so a rebuild gives the same values and no random numbers are drawn.
//!
//! - A question's date is between [`FIRST_DAY`] and [`ANSWER_ROOM_DAYS`] days before
//!   [`LAST_DAY`] ends; each answer comes 10 minutes to 4 days after the one before it (the
//!   first after the question), never after [`LAST_DAY`].
//! - Question votes: 0 to 62 up, skewed to few (the product of two hashed numbers), and 0 to
//!   3 down, plus up to 5 more on one question in ten. Answer votes: 0 to 94 up, 0 to 4 down.
//! - The first answer of about half the questions is accepted, and about one answer in ten is
//!   edited.

use chrono::{DateTime, NaiveDate, SecondsFormat};

use crate::{BuildError, raw::fnv1a};

/// The first day a question can date from.
pub const FIRST_DAY: (i32, u32, u32) = (2024, 1, 1);
/// The last day a question or answer can date from.
pub const LAST_DAY: (i32, u32, u32) = (2026, 10, 31);
/// Days before the end of [`LAST_DAY`] after which no question is dated, leaving room for
/// its answers.
pub const ANSWER_ROOM_DAYS: i64 = 30;

/// Seconds in a day.
const DAY: i64 = 86_400;

/// A fixed 64-bit hash of `purpose` and `text`: FNV-1a, then the SplitMix64 finaliser so
/// that every bit varies.
pub fn hash(purpose: &str, text: &str) -> u64 {
    let mut z = fnv1a(&format!("{purpose}\u{1f}{text}"));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `value` modulo `range` as an `i64` (0 when `range` is not positive).
fn below(value: u64, range: i64) -> i64 {
    u64::try_from(range)
        .ok()
        .and_then(|range| value.checked_rem(range))
        .and_then(|rest| i64::try_from(rest).ok())
        .unwrap_or_default()
}

/// The Unix time of the start of a day.
fn day_start((year, month, day): (i32, u32, u32)) -> Result<i64, BuildError> {
    NaiveDate::from_ymd_opt(year, month, day)
        .and_then(|date| date.and_hms_opt(0, 0, 0))
        .map(|time| time.and_utc().timestamp())
        .ok_or_else(|| BuildError::BadValue {
            file: super::FIQA_FILE.to_owned(),
            message: format!("no such day {year}-{month}-{day}"),
        })
}

/// The first and last second a sample date may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The start of [`FIRST_DAY`], Unix time.
    pub first: i64,
    /// The last second of [`LAST_DAY`], Unix time.
    pub last: i64,
}

impl Window {
    /// [`FIRST_DAY`] to [`LAST_DAY`].
    pub fn new() -> Result<Self, BuildError> {
        Ok(Self {
            first: day_start(FIRST_DAY)?,
            last: day_start(LAST_DAY)?.saturating_add(DAY - 1),
        })
    }

    /// A question's date, Unix time.
    pub fn question_time(&self, key: &str) -> i64 {
        let room = self
            .last
            .saturating_sub(self.first)
            .saturating_sub(ANSWER_ROOM_DAYS * DAY);
        self.first
            .saturating_add(below(hash("question-time", key), room))
    }

    /// The date of an answer that follows `after` (the question's or the previous answer's),
    /// Unix time.
    pub fn answer_time(&self, after: i64, key: &str) -> i64 {
        let delay = 600_i64.saturating_add(below(hash("answer-delay", key), 4 * DAY));
        after.saturating_add(delay).min(self.last)
    }
}

/// A Unix time as the fixture writes it: `2025-03-14T15:09:26Z`.
pub fn timestamp(seconds: i64) -> Result<String, BuildError> {
    DateTime::from_timestamp(seconds, 0)
        .map(|time| time.to_rfc3339_opts(SecondsFormat::Secs, true))
        .ok_or_else(|| BuildError::BadValue {
            file: super::FIQA_FILE.to_owned(),
            message: format!("no such time {seconds}"),
        })
}

/// Up and down votes of a question.
pub fn question_votes(key: &str) -> (u32, u32) {
    let h = hash("question-votes", key);
    let up = (h % 64).saturating_mul((h >> 8) % 64) / 64;
    let mut down = (h >> 16) % 4;
    if (h >> 20).is_multiple_of(10) {
        down = down.saturating_add((h >> 28) % 6);
    }
    (small(up), small(down))
}

/// Up and down votes of an answer.
pub fn answer_votes(key: &str) -> (u32, u32) {
    let h = hash("answer-votes", key);
    let up = (h % 96).saturating_mul((h >> 8) % 96) / 96;
    let down = (h >> 16) % 5;
    (small(up), small(down))
}

/// A vote count that is known to be small.
fn small(count: u64) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Whether the first answer of a question is accepted.
pub fn first_answer_accepted(key: &str) -> bool {
    hash("accepted", key).is_multiple_of(2)
}

/// Whether an answer was edited.
pub fn edited(key: &str) -> bool {
    hash("edited", key).is_multiple_of(10)
}

/// The persona (index into `choices`) who wrote something, by its hash, other than `not`.
pub fn pick(purpose: &str, key: &str, choices: &[usize], not: Option<usize>) -> Option<usize> {
    let allowed: Vec<usize> = choices
        .iter()
        .copied()
        .filter(|choice| Some(*choice) != not)
        .collect();
    let len = u64::try_from(allowed.len()).ok()?;
    let at = usize::try_from(hash(purpose, key).checked_rem(len)?).ok()?;
    allowed.get(at).copied()
}

#[cfg(test)]
mod tests;
