//! Credit-score bands, minimum scores, the min-credit class and approval-odds breakpoints
//! (site-core §3 "Eligibility", §5 "Min-credit class", §9 "Credit score bands").
//!
//! Scores are VantageScore 3.0 values from 300 to 850 ([`CreditScore`]).
//! The site does not pull credit reports: a score is self-reported by the visitor
//! (DECISIONS.md "Credit scores"), and the bands, minimum scores and breakpoints below
//! then apply as site-core §9 states them.
//!
//! ```
//! use offer_model::credit::{CreditBand, CreditLabel, CreditScore, MinCreditClass, MinimumScore};
//!
//! let score = CreditScore::new(705)?;
//! assert_eq!(score.band(), CreditBand::Good);
//! assert_eq!(score.approval_odds_breakpoint(), 700);
//! assert_eq!(CreditLabel::Bad.minimum_score(true), MinimumScore::Score { score: CreditScore::new(300)? });
//! assert_eq!(CreditLabel::Excellent.min_credit_class().class_name(), "ultra-approval");
//! # Ok::<(), offer_model::credit::CreditScoreError>(())
//! ```

use std::{fmt, ops::RangeInclusive, str::FromStr};

use chrono::{Months, NaiveDate};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// The lowest VantageScore 3.0 score (site-core §9: "Bad 300-639").
pub const MIN_CREDIT_SCORE: u16 = 300;

/// The highest VantageScore 3.0 score (site-core §9: "Excellent 750-850").
pub const MAX_CREDIT_SCORE: u16 = 850;

/// Site-core §9 "Credit score bands": Excellent 750-850.
pub const EXCELLENT_SCORES: RangeInclusive<u16> = 750..=850;

/// Site-core §9 "Credit score bands": Good 700-749.
pub const GOOD_SCORES: RangeInclusive<u16> = 700..=749;

/// Site-core §9 "Credit score bands": Fair 640-699.
pub const FAIR_SCORES: RangeInclusive<u16> = 640..=699;

/// Site-core §9 "Credit score bands": Bad 300-639.
pub const BAD_SCORES: RangeInclusive<u16> = 300..=639;

/// Site-core §9: "Limited credit means under 3 years of history."
pub const LIMITED_HISTORY_YEARS: u32 = 3;

/// Site-core §9 "Minimum score by label": bad, 300 for secured cards.
pub const MIN_SCORE_BAD_SECURED: u16 = 300;

/// Site-core §9 "Minimum score by label": bad, 500 for cards that are not secured.
pub const MIN_SCORE_BAD_UNSECURED: u16 = 500;

/// Site-core §9 "Minimum score by label": fair 640.
pub const MIN_SCORE_FAIR: u16 = 640;

/// Site-core §9 "Minimum score by label": good 700.
pub const MIN_SCORE_GOOD: u16 = 700;

/// Site-core §9 "Minimum score by label": excellent 750.
pub const MIN_SCORE_EXCELLENT: u16 = 750;

/// Site-core §9 "Approval-odds score breakpoints: 795, 765, 750, 735, 720, 700, 685, 665,
/// 640, 620, 570, 300", highest first.
pub const APPROVAL_ODDS_BREAKPOINTS: [u16; 12] =
    [795, 765, 750, 735, 720, 700, 685, 665, 640, 620, 570, 300];

/// Why a credit score was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CreditScoreError {
    /// The number lies outside 300..=850.
    #[error("credit score {score} is outside {MIN_CREDIT_SCORE}..={MAX_CREDIT_SCORE}")]
    OutOfRange {
        /// The number that was given.
        score: i64,
    },
    /// The text is not a whole number.
    #[error("credit score `{input}` is not a whole number")]
    NotANumber {
        /// The text that was given.
        input: String,
    },
}

/// A VantageScore 3.0 credit score, 300 to 850 inclusive (site-core §9).
///
/// Travels as a JSON number; deserialising a number outside the range fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "u16")]
pub struct CreditScore(u16);

impl CreditScore {
    /// Accepts a score from 300 to 850 inclusive.
    ///
    /// ```
    /// use offer_model::credit::CreditScore;
    ///
    /// assert!(CreditScore::new(300).is_ok());
    /// assert!(CreditScore::new(851).is_err());
    /// ```
    pub fn new(score: i64) -> Result<Self, CreditScoreError> {
        u16::try_from(score)
            .ok()
            .filter(|value| (MIN_CREDIT_SCORE..=MAX_CREDIT_SCORE).contains(value))
            .map(Self)
            .ok_or(CreditScoreError::OutOfRange { score })
    }

    /// Reads a score typed by a visitor: a whole number, surrounding blanks ignored.
    pub fn parse(raw: &str) -> Result<Self, CreditScoreError> {
        let trimmed = raw.trim();
        let value = trimmed
            .parse::<i64>()
            .map_err(|_| CreditScoreError::NotANumber {
                input: trimmed.to_owned(),
            })?;
        Self::new(value)
    }

    /// The score as a number.
    pub fn value(self) -> u16 {
        self.0
    }

    /// The band the score falls in (site-core §9).
    pub fn band(self) -> CreditBand {
        CreditBand::of(self)
    }

    /// The approval-odds breakpoint the score reaches; see [`approval_odds_breakpoint`].
    pub fn approval_odds_breakpoint(self) -> u16 {
        approval_odds_breakpoint(self)
    }
}

impl TryFrom<i64> for CreditScore {
    type Error = CreditScoreError;

    fn try_from(score: i64) -> Result<Self, Self::Error> {
        Self::new(score)
    }
}

impl From<CreditScore> for u16 {
    fn from(score: CreditScore) -> Self {
        score.0
    }
}

impl FromStr for CreditScore {
    type Err = CreditScoreError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl fmt::Display for CreditScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A credit-score band (site-core §9): Excellent 750-850, Good 700-749, Fair 640-699,
/// Bad 300-639. Travels as its label ("Excellent", …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CreditBand {
    /// 750 to 850.
    Excellent,
    /// 700 to 749.
    Good,
    /// 640 to 699.
    Fair,
    /// 300 to 639.
    Bad,
}

impl CreditBand {
    /// Every band, best first.
    pub const ALL: [Self; 4] = [Self::Excellent, Self::Good, Self::Fair, Self::Bad];

    /// The band of a score. The four ranges cover 300..=850 without gaps or overlaps.
    pub fn of(score: CreditScore) -> Self {
        let value = score.value();
        if value >= *EXCELLENT_SCORES.start() {
            Self::Excellent
        } else if value >= *GOOD_SCORES.start() {
            Self::Good
        } else if value >= *FAIR_SCORES.start() {
            Self::Fair
        } else {
            Self::Bad
        }
    }

    /// The scores of the band, both ends included.
    pub fn scores(self) -> RangeInclusive<u16> {
        match self {
            Self::Excellent => EXCELLENT_SCORES,
            Self::Good => GOOD_SCORES,
            Self::Fair => FAIR_SCORES,
            Self::Bad => BAD_SCORES,
        }
    }

    /// The band's label as the site shows it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Excellent => "Excellent",
            Self::Good => "Good",
            Self::Fair => "Fair",
            Self::Bad => "Bad",
        }
    }
}

impl fmt::Display for CreditBand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Whether a credit history of `years` counts as limited: under 3 years (site-core §9).
///
/// Exactly 3 years is not limited. A negative length (bad data) is under 3 years and so
/// counts as limited.
///
/// ```
/// use offer_model::credit::is_limited_history;
/// use rust_decimal::Decimal;
///
/// assert!(is_limited_history(Decimal::new(299, 2)));
/// assert!(!is_limited_history(Decimal::from(3)));
/// ```
pub fn is_limited_history(years: Decimal) -> bool {
    years < Decimal::from(LIMITED_HISTORY_YEARS)
}

/// Whether a credit history that began on `first_account` is limited on `today`: `today`
/// comes before the third anniversary of `first_account` (site-core §9).
///
/// A start date in the future counts as limited. A start date whose third anniversary
/// cannot be represented (near the end of chrono's calendar) is not limited.
/// An anniversary of 29 February falls on 28 February (chrono's month arithmetic).
pub fn is_limited_history_since(first_account: NaiveDate, today: NaiveDate) -> bool {
    first_account
        .checked_add_months(Months::new(LIMITED_HISTORY_YEARS.saturating_mul(12)))
        .is_some_and(|anniversary| today < anniversary)
}

/// The approval-odds breakpoint a score reaches: the highest of
/// [`APPROVAL_ODDS_BREAKPOINTS`] that is at or below the score (site-core §9).
///
/// Every valid score reaches at least 300, the lowest breakpoint.
///
/// ```
/// use offer_model::credit::{approval_odds_breakpoint, CreditScore};
///
/// assert_eq!(approval_odds_breakpoint(CreditScore::new(794)?), 765);
/// assert_eq!(approval_odds_breakpoint(CreditScore::new(795)?), 795);
/// assert_eq!(approval_odds_breakpoint(CreditScore::new(569)?), 300);
/// # Ok::<(), offer_model::credit::CreditScoreError>(())
/// ```
pub fn approval_odds_breakpoint(score: CreditScore) -> u16 {
    APPROVAL_ODDS_BREAKPOINTS
        .iter()
        .copied()
        .find(|breakpoint| *breakpoint <= score.value())
        .unwrap_or(MIN_CREDIT_SCORE)
}

/// The approval-odds text of a self-reported score for a card that asks for `minimum`
/// (DECISIONS.md "Credit scores": the breakpoints and classes of the specs apply to the
/// visitor's own score), or `None` when the card states no minimum.
///
/// The specs give the breakpoints (site-core §9) and the texts' classes (site-core §5) but
/// not how a score becomes a text; our reading counts the breakpoints the visitor's score
/// stands above the card's minimum: 4 or more "Excellent", 3 "Very Good", 1 or 2 "Good",
/// the minimum's own breakpoint "Fair", and below the minimum "Limited". A card for
/// limited history asks for no score, so its minimum is the lowest score, 300.
///
/// ```
/// use offer_model::credit::{approval_odds_text, CreditLabel, CreditScore};
///
/// let fair = CreditLabel::Fair.minimum_score(false);
/// let odds = |score| Ok::<_, offer_model::credit::CreditScoreError>(
///     approval_odds_text(CreditScore::new(score)?, fair));
/// assert_eq!(odds(720)?, Some("Excellent"));
/// assert_eq!(odds(700)?, Some("Very Good"));
/// assert_eq!(odds(665)?, Some("Good"));
/// assert_eq!(odds(645)?, Some("Fair"));
/// assert_eq!(odds(600)?, Some("Limited"));
/// # Ok::<(), offer_model::credit::CreditScoreError>(())
/// ```
pub fn approval_odds_text(score: CreditScore, minimum: MinimumScore) -> Option<&'static str> {
    let least = match minimum {
        MinimumScore::Score { score } => score.value(),
        MinimumScore::LimitedHistory => MIN_CREDIT_SCORE,
        MinimumScore::NotStated => return None,
    };
    if score.value() < least {
        return Some("Limited");
    }
    let position = |value: u16| {
        APPROVAL_ODDS_BREAKPOINTS
            .iter()
            .position(|breakpoint| *breakpoint <= value)
            .unwrap_or(APPROVAL_ODDS_BREAKPOINTS.len() - 1)
    };
    let above = position(least).saturating_sub(position(score.value()));
    Some(match above {
        0 => "Fair",
        1 | 2 => "Good",
        3 => "Very Good",
        _ => "Excellent",
    })
}

/// The least credit an offer's label asks for (site-core §9 "Minimum score by label").
///
/// Travels as `{"kind": "score", "score": 640}`, `{"kind": "limitedHistory"}` or
/// `{"kind": "notStated"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MinimumScore {
    /// A minimum score.
    Score {
        /// The minimum score.
        score: CreditScore,
    },
    /// "Limited History": under 3 years of history, no score minimum.
    LimitedHistory,
    /// The label is one the spec gives no minimum for ("other").
    NotStated,
}

/// The min-credit class (site-core §5): "Excellent is ultra-approval class, Good is high,
/// all others medium". Travels as its class name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MinCreditClass {
    /// `ultra-approval`, for Excellent.
    #[serde(rename = "ultra-approval")]
    UltraApproval,
    /// `high`, for Good.
    #[serde(rename = "high")]
    High,
    /// `medium`, for every other label.
    #[serde(rename = "medium")]
    Medium,
}

impl MinCreditClass {
    /// The class name, verbatim from site-core §5.
    pub fn class_name(self) -> &'static str {
        match self {
            Self::UltraApproval => "ultra-approval",
            Self::High => "high",
            Self::Medium => "medium",
        }
    }
}

impl fmt::Display for MinCreditClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.class_name())
    }
}

/// The credit label an offer names as the least it needs (`MIN_CREDIT_REQUIRED`,
/// `MIN_CREDIT_REQUIRED_LAST`).
///
/// Parsing never fails: a label the spec does not name is kept as [`CreditLabel::Other`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum CreditLabel {
    /// "Excellent".
    Excellent,
    /// "Good".
    Good,
    /// "Fair".
    Fair,
    /// "Bad".
    Bad,
    /// "Limited History": under 3 years of credit history.
    LimitedHistory,
    /// Any other label, kept as written.
    Other(String),
}

impl CreditLabel {
    /// Reads a label, ignoring case and surrounding blanks.
    pub fn parse(raw: &str) -> Self {
        let trimmed = raw.trim();
        match trimmed.to_ascii_lowercase().as_str() {
            "excellent" => Self::Excellent,
            "good" => Self::Good,
            "fair" => Self::Fair,
            "bad" => Self::Bad,
            "limited history" | "limited" => Self::LimitedHistory,
            _ => Self::Other(trimmed.to_owned()),
        }
    }

    /// The label as the site shows it.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Excellent => "Excellent",
            Self::Good => "Good",
            Self::Fair => "Fair",
            Self::Bad => "Bad",
            Self::LimitedHistory => "Limited History",
            Self::Other(label) => label,
        }
    }

    /// The minimum score the label asks for (site-core §9): limited history, no score
    /// minimum; bad 300 for secured cards and 500 otherwise; fair 640; good 700;
    /// excellent 750; any other label, not stated.
    ///
    /// `secured` says whether the card is secured; see [`is_secured`].
    pub fn minimum_score(&self, secured: bool) -> MinimumScore {
        let score = match self {
            Self::Excellent => MIN_SCORE_EXCELLENT,
            Self::Good => MIN_SCORE_GOOD,
            Self::Fair => MIN_SCORE_FAIR,
            Self::Bad if secured => MIN_SCORE_BAD_SECURED,
            Self::Bad => MIN_SCORE_BAD_UNSECURED,
            Self::LimitedHistory => return MinimumScore::LimitedHistory,
            Self::Other(_) => return MinimumScore::NotStated,
        };
        // Every constant above lies in 300..=850, so the fallback is never taken.
        CreditScore::new(i64::from(score)).map_or(MinimumScore::NotStated, |score| {
            MinimumScore::Score { score }
        })
    }

    /// The min-credit class of the label (site-core §5): Excellent is ultra-approval,
    /// Good is high, all others medium.
    pub fn min_credit_class(&self) -> MinCreditClass {
        match self {
            Self::Excellent => MinCreditClass::UltraApproval,
            Self::Good => MinCreditClass::High,
            Self::Fair | Self::Bad | Self::LimitedHistory | Self::Other(_) => {
                MinCreditClass::Medium
            }
        }
    }
}

impl From<String> for CreditLabel {
    fn from(raw: String) -> Self {
        Self::parse(&raw)
    }
}

impl From<CreditLabel> for String {
    fn from(label: CreditLabel) -> Self {
        label.as_str().to_owned()
    }
}

impl fmt::Display for CreditLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a `PICK_TYPE` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PickTypeError {
    /// The field is empty or blank.
    #[error("pick type is empty")]
    Empty,
    /// The value is none of the pick types the specs name.
    #[error("unknown pick type `{value}`")]
    Unknown {
        /// The value that was given, trimmed.
        value: String,
    },
}

/// A card's `PICK_TYPE` (site-core §3 "Eligibility": secured, limited-college;
/// community §3: secured, unsecured, with or without a 'card' suffix).
///
/// Travels as its canonical spelling: `secured`, `unsecured` or `limited-college`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum PickType {
    /// `secured` or `secured card`.
    Secured,
    /// `unsecured` or `unsecured card`.
    Unsecured,
    /// `limited-college`: for students and visitors with limited history.
    LimitedCollege,
}

impl PickType {
    /// Reads a `PICK_TYPE` value, ignoring case and surrounding blanks, and one trailing
    /// `card` word joined by a space, `-` or `_` (`Secured Card`, `unsecured-card`).
    ///
    /// ```
    /// use offer_model::credit::PickType;
    ///
    /// assert_eq!(PickType::parse("Secured Card"), Ok(PickType::Secured));
    /// assert_eq!(PickType::parse("limited-college"), Ok(PickType::LimitedCollege));
    /// assert!(PickType::parse("gold").is_err());
    /// ```
    pub fn parse(raw: &str) -> Result<Self, PickTypeError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(PickTypeError::Empty);
        }
        let lower = trimmed.to_lowercase();
        let without_suffix = [" card", "-card", "_card"]
            .iter()
            .find_map(|suffix| lower.strip_suffix(suffix))
            .map_or(lower.as_str(), str::trim_end);
        match without_suffix {
            "secured" => Ok(Self::Secured),
            "unsecured" => Ok(Self::Unsecured),
            "limited-college" => Ok(Self::LimitedCollege),
            _ => Err(PickTypeError::Unknown {
                value: trimmed.to_owned(),
            }),
        }
    }

    /// The canonical spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Secured => "secured",
            Self::Unsecured => "unsecured",
            Self::LimitedCollege => "limited-college",
        }
    }

    /// Whether the pick type marks a secured card.
    pub fn is_secured(self) -> bool {
        self == Self::Secured
    }
}

impl TryFrom<String> for PickType {
    type Error = PickTypeError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<PickType> for &'static str {
    fn from(pick: PickType) -> Self {
        pick.as_str()
    }
}

impl FromStr for PickType {
    type Err = PickTypeError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl fmt::Display for PickType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a card is secured: its `PICK_TYPE` is secured, or its card type (site-core §3:
/// secured, prepaid, charge card) is `secured` or `secured card`, ignoring case and blanks.
///
/// Pass the raw fields; an empty or unknown `PICK_TYPE` does not make a card secured.
///
/// ```
/// use offer_model::credit::is_secured;
///
/// assert!(is_secured("Secured Card", ""));
/// assert!(is_secured("", "secured"));
/// assert!(!is_secured("unsecured", "charge card"));
/// ```
pub fn is_secured(pick_type: &str, card_type: &str) -> bool {
    PickType::parse(pick_type).is_ok_and(PickType::is_secured)
        || PickType::parse(card_type).is_ok_and(PickType::is_secured)
}
