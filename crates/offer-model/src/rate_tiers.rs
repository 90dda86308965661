//! The balance-tiered rate table of a deposit account, `RATE_INFO_STR` (site-core §3
//! "RATE_INFO_STR"; community §9 "Card rate table entries"), and the blended APY a balance
//! earns from it.
//!
//! # Format
//!
//! Entries are separated by [`ENTRY_SEPARATOR`] (`,`); each entry holds [`FIELDS_PER_ENTRY`]
//! fields separated by [`FIELD_SEPARATOR`] (`|`): low balance, high balance, rate, APY, e.g.
//! `0|9999.99|0.05|0.05,10000|99999999|0.10|0.10`. A high balance of [`OPEN_ENDED_HIGH`]
//! (99999999) or more is open-ended ("and above").
//!
//! Reading rules (our choices where the spec is silent):
//!
//! - A blank string is a table with no tiers ([`RateTiers::is_empty`]); an offer without
//!   `RATE_INFO_STR` has that empty table.
//! - Blanks around entries and fields are ignored, and so are blank entries (`a,,b` or a
//!   trailing comma). Entry positions in errors still count them, so they match the text.
//! - Each field is a plain decimal: digits, optionally a point and more digits. No sign, no
//!   `$`, `%`, thousands separator or exponent. A written minus sign is [`RateInfoError::Negative`].
//! - Low balance must not be above high balance, and each entry's low balance must be above
//!   the previous entry's: the table is written in ascending order.
//! - Numbers keep the scale they were written with, so [`RateTiers`] prints back the same
//!   string for canonical input (plain decimals without leading zeros, no blanks, no blank
//!   entries), including the written high balance of an open-ended tier.
//!
//! # Blended APY
//!
//! [`RateTiers::blended_apy`] splits a balance into parts, each earning the APY of the tier it
//! falls in, and weights the APYs by amount:
//!
//! - a tier covers from its low balance up to the next tier's low balance, so a gap between one
//!   tier's high and the next tier's low is covered by the lower tier;
//! - the last tier covers up to its high balance (inclusive), or without end when it is
//!   open-ended; the part of a balance above a closed last tier earns 0%;
//! - the first tier's low balance is the minimum to open or to earn: a condition on the
//!   balance, not a tier. A balance under it is not served at all
//!   ([`BlendError::BelowMinimum`]: the product is not available for that balance), and a
//!   balance at or above it earns the first tier's APY from its first dollar ("$1,000 and up
//!   5%" earns 5% on $10,000, not 4.50%).
//!
//! [`RateTiers::blended_apy_rounded`] rounds the result to [`BLENDED_APY_DECIMALS`] (2)
//! decimals, half away from zero, and always shows two decimals: the value the browser shows.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

/// A high balance of this or more is shown as open-ended: "A high balance of 99999999 or more
/// is shown as open-ended."
pub const OPEN_ENDED_HIGH: Decimal = Decimal::from_parts(99_999_999, 0, 0, false, 0);

/// Separates the entries of `RATE_INFO_STR`: "comma-separated entries".
pub const ENTRY_SEPARATOR: char = ',';

/// Separates the fields of one entry: "each entry is pipe-separated".
pub const FIELD_SEPARATOR: char = '|';

/// Fields in one entry: "low balance, high balance, rate, apy".
pub const FIELDS_PER_ENTRY: usize = 4;

/// Decimals of the blended APY as shown ([`RateTiers::blended_apy_rounded`]).
pub const BLENDED_APY_DECIMALS: u32 = 2;

/// One of the four fields of a rate entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TierField {
    /// The low balance, first field.
    Low,
    /// The high balance, second field.
    High,
    /// The interest rate, third field.
    Rate,
    /// The annual percentage yield, fourth field.
    Apy,
}

impl TierField {
    const IN_ORDER: [TierField; FIELDS_PER_ENTRY] = [Self::Low, Self::High, Self::Rate, Self::Apy];
}

impl fmt::Display for TierField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Low => "low balance",
            Self::High => "high balance",
            Self::Rate => "rate",
            Self::Apy => "apy",
        })
    }
}

/// Why a tier built from numbers is not valid ([`RateTier::new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateTierError {
    /// A field is below zero.
    #[error("{field} {value} is negative")]
    Negative {
        /// The field.
        field: TierField,
        /// Its value.
        value: Decimal,
    },
    /// The low balance is above the high balance.
    #[error("low balance {low} is above high balance {high}")]
    LowAboveHigh {
        /// The low balance.
        low: Decimal,
        /// The high balance.
        high: Decimal,
    },
}

/// Why a `RATE_INFO_STR` could not be read. Every variant names the entry by its 1-based
/// `position` in the comma-separated list and its trimmed text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateInfoError {
    /// The entry does not have exactly four pipe-separated fields.
    #[error("rate entry {position} \"{entry}\" has {found} fields, expected 4 (low|high|rate|apy)")]
    WrongFieldCount {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// How many fields it has.
        found: usize,
    },
    /// A field is not a plain decimal number.
    #[error("rate entry {position} \"{entry}\": {field} \"{text}\" is not a number")]
    NotANumber {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// The field.
        field: TierField,
        /// The field as written (trimmed).
        text: String,
    },
    /// A field is written with a minus sign.
    #[error("rate entry {position} \"{entry}\": {field} \"{text}\" is negative")]
    Negative {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// The field.
        field: TierField,
        /// The field as written (trimmed).
        text: String,
    },
    /// A field is a number too large or too precise for a decimal (28 digits).
    #[error("rate entry {position} \"{entry}\": {field} \"{text}\" is too large or too precise")]
    Unrepresentable {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// The field.
        field: TierField,
        /// The field as written (trimmed).
        text: String,
    },
    /// The low balance is above the high balance.
    #[error("rate entry {position} \"{entry}\": low balance {low} is above high balance {high}")]
    LowAboveHigh {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// The low balance.
        low: Decimal,
        /// The high balance.
        high: Decimal,
    },
    /// The low balance is not above the previous entry's low balance.
    #[error(
        "rate entry {position} \"{entry}\": low balance {low} is not above the previous entry's low balance {previous_low}"
    )]
    NotAscending {
        /// 1-based position of the entry.
        position: usize,
        /// The entry as written (trimmed).
        entry: String,
        /// This entry's low balance.
        low: Decimal,
        /// The previous entry's low balance.
        previous_low: Decimal,
    },
}

impl RateInfoError {
    /// 1-based position of the faulty entry in the comma-separated list.
    pub fn position(&self) -> usize {
        match self {
            Self::WrongFieldCount { position, .. }
            | Self::NotANumber { position, .. }
            | Self::Negative { position, .. }
            | Self::Unrepresentable { position, .. }
            | Self::LowAboveHigh { position, .. }
            | Self::NotAscending { position, .. } => *position,
        }
    }

    /// The faulty entry as written (trimmed).
    pub fn entry(&self) -> &str {
        match self {
            Self::WrongFieldCount { entry, .. }
            | Self::NotANumber { entry, .. }
            | Self::Negative { entry, .. }
            | Self::Unrepresentable { entry, .. }
            | Self::LowAboveHigh { entry, .. }
            | Self::NotAscending { entry, .. } => entry,
        }
    }

    /// A stable camelCase name of the problem, as used in the shared test vectors:
    /// `wrongFieldCount`, `notANumber`, `negative`, `unrepresentable`, `lowAboveHigh`,
    /// `notAscending`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::WrongFieldCount { .. } => "wrongFieldCount",
            Self::NotANumber { .. } => "notANumber",
            Self::Negative { .. } => "negative",
            Self::Unrepresentable { .. } => "unrepresentable",
            Self::LowAboveHigh { .. } => "lowAboveHigh",
            Self::NotAscending { .. } => "notAscending",
        }
    }
}

/// Why a blended APY could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlendError {
    /// The table has no tiers.
    #[error("there are no rate tiers to blend")]
    NoTiers,
    /// The balance is zero or below.
    #[error("balance {balance} is not above zero")]
    NotPositive {
        /// The balance given.
        balance: Decimal,
    },
    /// The balance is under the first tier's low balance, the minimum to open or to earn:
    /// the product is not available for it.
    #[error("balance {balance} is under the minimum of {minimum}")]
    BelowMinimum {
        /// The balance given.
        balance: Decimal,
        /// The first tier's low balance.
        minimum: Decimal,
    },
    /// The arithmetic would overflow a decimal.
    #[error("balance {balance} is too large to blend")]
    Overflow {
        /// The balance given.
        balance: Decimal,
    },
}

impl BlendError {
    /// A stable camelCase name of the problem, as used in the shared test vectors:
    /// `noTiers`, `notPositive`, `belowMinimum`, `overflow`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NoTiers => "noTiers",
            Self::NotPositive { .. } => "notPositive",
            Self::BelowMinimum { .. } => "belowMinimum",
            Self::Overflow { .. } => "overflow",
        }
    }
}

/// One row of the rate table: balances from `low` to `high` earn `rate` and `apy` (both in
/// percent, as written).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "RateTierRepr")]
pub struct RateTier {
    low: Decimal,
    high: Decimal,
    rate: Decimal,
    apy: Decimal,
}

/// The serde shape of [`RateTier`], checked on the way in.
#[derive(Deserialize)]
struct RateTierRepr {
    low: Decimal,
    high: Decimal,
    rate: Decimal,
    apy: Decimal,
}

impl TryFrom<RateTierRepr> for RateTier {
    type Error = RateTierError;

    fn try_from(repr: RateTierRepr) -> Result<Self, Self::Error> {
        Self::new(repr.low, repr.high, repr.rate, repr.apy)
    }
}

impl RateTier {
    /// Builds a tier; no field may be negative and `low` may not be above `high`.
    ///
    /// ```
    /// use offer_model::rate_tiers::RateTier;
    /// use rust_decimal::Decimal;
    ///
    /// let tier = RateTier::new(Decimal::ZERO, Decimal::from(99_999_999), Decimal::ONE, Decimal::ONE)?;
    /// assert!(tier.is_open_ended());
    /// # Ok::<(), offer_model::rate_tiers::RateTierError>(())
    /// ```
    pub fn new(
        low: Decimal,
        high: Decimal,
        rate: Decimal,
        apy: Decimal,
    ) -> Result<Self, RateTierError> {
        for (field, value) in TierField::IN_ORDER.into_iter().zip([low, high, rate, apy]) {
            if value.is_sign_negative() && !value.is_zero() {
                return Err(RateTierError::Negative { field, value });
            }
        }
        if low > high {
            return Err(RateTierError::LowAboveHigh { low, high });
        }
        // `abs` drops the sign of a negative zero, which would print as "-0".
        Ok(Self {
            low: low.abs(),
            high: high.abs(),
            rate: rate.abs(),
            apy: apy.abs(),
        })
    }

    /// The low balance.
    pub fn low(&self) -> Decimal {
        self.low
    }

    /// The high balance, as written (also when open-ended).
    pub fn high(&self) -> Decimal {
        self.high
    }

    /// The interest rate, in percent.
    pub fn rate(&self) -> Decimal {
        self.rate
    }

    /// The annual percentage yield, in percent.
    pub fn apy(&self) -> Decimal {
        self.apy
    }

    /// True when the high balance is [`OPEN_ENDED_HIGH`] (99999999) or more: the tier is shown
    /// as "and above".
    pub fn is_open_ended(&self) -> bool {
        self.high >= OPEN_ENDED_HIGH
    }
}

impl fmt::Display for RateTier {
    /// Writes the entry as `low|high|rate|apy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{FIELD_SEPARATOR}{}{FIELD_SEPARATOR}{}{FIELD_SEPARATOR}{}",
            self.low, self.high, self.rate, self.apy
        )
    }
}

/// A parsed `RATE_INFO_STR`: tiers in ascending order of low balance. Serialises as the
/// `RATE_INFO_STR` text; an empty table is the empty string.
///
/// ```
/// use offer_model::rate_tiers::RateTiers;
/// use rust_decimal::Decimal;
///
/// let tiers = RateTiers::parse("0|9999.99|1.00|1.00,10000|99999999|2.00|2.00")?;
/// assert_eq!(tiers.len(), 2);
/// assert!(tiers.tiers()[1].is_open_ended());
/// assert_eq!(tiers.to_string(), "0|9999.99|1.00|1.00,10000|99999999|2.00|2.00");
///
/// // 10,000 at 1% and 10,000 at 2%: 1.5% in all.
/// let apy = tiers.blended_apy_rounded(Decimal::from(20_000)).unwrap();
/// assert_eq!(apy.to_string(), "1.50");
/// # Ok::<(), offer_model::rate_tiers::RateInfoError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct RateTiers {
    tiers: Vec<RateTier>,
}

impl RateTiers {
    /// Reads a `RATE_INFO_STR` by the rules in the [module docs](self). Never panics.
    pub fn parse(raw: &str) -> Result<Self, RateInfoError> {
        let mut tiers: Vec<RateTier> = Vec::new();
        for (index, part) in raw.split(ENTRY_SEPARATOR).enumerate() {
            let entry = part.trim();
            if entry.is_empty() {
                continue;
            }
            let position = index.saturating_add(1);
            let tier = parse_entry(position, entry)?;
            if let Some(previous) = tiers.last()
                && tier.low <= previous.low
            {
                return Err(RateInfoError::NotAscending {
                    position,
                    entry: entry.to_owned(),
                    low: tier.low,
                    previous_low: previous.low,
                });
            }
            tiers.push(tier);
        }
        Ok(Self { tiers })
    }

    /// Builds a table from tiers, which must be in ascending order of low balance; the
    /// error names the first tier out of order by its 1-based position.
    pub fn from_tiers(tiers: Vec<RateTier>) -> Result<Self, RateInfoError> {
        for (index, pair) in tiers.windows(2).enumerate() {
            if let [previous, tier] = pair
                && tier.low <= previous.low
            {
                return Err(RateInfoError::NotAscending {
                    position: index.saturating_add(2),
                    entry: tier.to_string(),
                    low: tier.low,
                    previous_low: previous.low,
                });
            }
        }
        Ok(Self { tiers })
    }

    /// The tiers, in ascending order of low balance.
    pub fn tiers(&self) -> &[RateTier] {
        &self.tiers
    }

    /// How many tiers there are.
    pub fn len(&self) -> usize {
        self.tiers.len()
    }

    /// True when there are no tiers (a blank or missing `RATE_INFO_STR`).
    pub fn is_empty(&self) -> bool {
        self.tiers.is_empty()
    }

    /// Iterates over the tiers.
    pub fn iter(&self) -> std::slice::Iter<'_, RateTier> {
        self.tiers.iter()
    }

    /// The lowest APY in the table, if any.
    pub fn min_apy(&self) -> Option<Decimal> {
        self.tiers.iter().map(RateTier::apy).min()
    }

    /// The highest APY in the table, if any.
    pub fn max_apy(&self) -> Option<Decimal> {
        self.tiers.iter().map(RateTier::apy).max()
    }

    /// Where tier `index` stops covering balances: the next tier's low balance, the last
    /// tier's high balance, or `None` (no end) when the last tier is open-ended.
    fn coverage_end(&self, index: usize) -> Option<Decimal> {
        match self.tiers.get(index.saturating_add(1)) {
            Some(next) => Some(next.low),
            None => self
                .tiers
                .get(index)
                .filter(|tier| !tier.is_open_ended())
                .map(RateTier::high),
        }
    }

    /// The position (0-based) of the tier a balance falls in; see [`RateTiers::tier_for`].
    pub fn tier_index_for(&self, balance: Decimal) -> Option<usize> {
        let index = self.tiers.iter().rposition(|tier| tier.low <= balance)?;
        let is_last = index.saturating_add(1) == self.tiers.len();
        match self.coverage_end(index) {
            Some(high) if is_last && balance > high => None,
            _ => Some(index),
        }
    }

    /// The tier a balance falls in, the row to highlight: the last tier whose low balance is
    /// at or below the balance. `None` under the first tier's low balance, above a closed last
    /// tier's high balance, or when there are no tiers.
    ///
    /// ```
    /// use offer_model::rate_tiers::RateTiers;
    /// use rust_decimal::Decimal;
    ///
    /// let tiers = RateTiers::parse("100|999|0.5|0.5,1000|5000|1|1")?;
    /// assert_eq!(tiers.tier_for(Decimal::from(1000)).map(|t| t.apy()), Some(Decimal::ONE));
    /// assert_eq!(tiers.tier_for(Decimal::from(99)), None);
    /// assert_eq!(tiers.tier_for(Decimal::from(5001)), None);
    /// # Ok::<(), offer_model::rate_tiers::RateInfoError>(())
    /// ```
    pub fn tier_for(&self, balance: Decimal) -> Option<&RateTier> {
        self.tier_index_for(balance)
            .and_then(|index| self.tiers.get(index))
    }

    /// The APY a balance earns in all, each part of it earning the APY of the tier it falls
    /// in, weighted by amount, by the rules in the [module docs](self). Not rounded: see
    /// [`RateTiers::blended_apy_rounded`] for the value to show.
    ///
    /// ```
    /// use offer_model::rate_tiers::RateTiers;
    /// use rust_decimal::Decimal;
    ///
    /// let tiers = RateTiers::parse("0|999.99|1|1,1000|99999999|4|4")?;
    /// // 1,000 at 1% and 3,000 at 4%: (10 + 120) / 4,000 = 3.25%.
    /// assert_eq!(tiers.blended_apy(Decimal::from(4000)), Ok(Decimal::new(325, 2)));
    /// # Ok::<(), offer_model::rate_tiers::RateInfoError>(())
    /// ```
    pub fn blended_apy(&self, balance: Decimal) -> Result<Decimal, BlendError> {
        let Some(first) = self.tiers.first() else {
            return Err(BlendError::NoTiers);
        };
        if balance <= Decimal::ZERO {
            return Err(BlendError::NotPositive { balance });
        }
        if balance < first.low {
            return Err(BlendError::BelowMinimum {
                balance,
                minimum: first.low,
            });
        }
        let overflow = || BlendError::Overflow { balance };
        let mut earned = Decimal::ZERO;
        for (index, tier) in self.tiers.iter().enumerate() {
            // The minimum is a condition, not a tier: the first tier earns from zero.
            let low = if index == 0 { Decimal::ZERO } else { tier.low };
            if balance <= low {
                break;
            }
            let top = match self.coverage_end(index) {
                Some(end) => balance.min(end),
                None => balance,
            };
            if top <= low {
                continue;
            }
            let part = top.checked_sub(low).ok_or_else(overflow)?;
            let interest = part.checked_mul(tier.apy).ok_or_else(overflow)?;
            earned = earned.checked_add(interest).ok_or_else(overflow)?;
        }
        earned.checked_div(balance).ok_or_else(overflow)
    }

    /// The interest a balance earns in a year at its [`RateTiers::blended_apy`], in
    /// dollars, rounded to cents half away from zero: "$10,000 earns $500.00 a year".
    ///
    /// ```
    /// use offer_model::rate_tiers::RateTiers;
    /// use rust_decimal::Decimal;
    ///
    /// let tiers = RateTiers::parse("1000|99999999|5|5")?;
    /// assert_eq!(tiers.yearly_earnings(Decimal::from(10_000)), Ok(Decimal::new(50_000, 2)));
    /// # Ok::<(), offer_model::rate_tiers::RateInfoError>(())
    /// ```
    pub fn yearly_earnings(&self, balance: Decimal) -> Result<Decimal, BlendError> {
        let apy = self.blended_apy(balance)?;
        let overflow = || BlendError::Overflow { balance };
        let mut dollars = balance
            .checked_mul(apy)
            .and_then(|value| value.checked_div(Decimal::ONE_HUNDRED))
            .ok_or_else(overflow)?
            .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
        dollars.rescale(2);
        Ok(dollars)
    }

    /// [`RateTiers::blended_apy`] rounded to [`BLENDED_APY_DECIMALS`] decimals, half away
    /// from zero, written with exactly that many decimals (`1.50`, `0.00`).
    pub fn blended_apy_rounded(&self, balance: Decimal) -> Result<Decimal, BlendError> {
        let exact = self.blended_apy(balance)?;
        let mut rounded = exact
            .round_dp_with_strategy(BLENDED_APY_DECIMALS, RoundingStrategy::MidpointAwayFromZero);
        rounded.rescale(BLENDED_APY_DECIMALS);
        Ok(rounded)
    }
}

/// Reads one trimmed, non-blank entry.
fn parse_entry(position: usize, entry: &str) -> Result<RateTier, RateInfoError> {
    let fields: Vec<&str> = entry.split(FIELD_SEPARATOR).map(str::trim).collect();
    let [low, high, rate, apy] = fields.as_slice() else {
        return Err(RateInfoError::WrongFieldCount {
            position,
            entry: entry.to_owned(),
            found: fields.len(),
        });
    };
    let number = |field: TierField, text: &str| -> Result<Decimal, RateInfoError> {
        let owned = || (entry.to_owned(), text.to_owned());
        match parse_plain_decimal(text) {
            Ok(value) => Ok(value),
            Err(NumberProblem::NotANumber) => {
                let (entry, text) = owned();
                Err(RateInfoError::NotANumber {
                    position,
                    entry,
                    field,
                    text,
                })
            }
            Err(NumberProblem::Negative) => {
                let (entry, text) = owned();
                Err(RateInfoError::Negative {
                    position,
                    entry,
                    field,
                    text,
                })
            }
            Err(NumberProblem::Unrepresentable) => {
                let (entry, text) = owned();
                Err(RateInfoError::Unrepresentable {
                    position,
                    entry,
                    field,
                    text,
                })
            }
        }
    };
    let low = number(TierField::Low, low)?;
    let high = number(TierField::High, high)?;
    let rate = number(TierField::Rate, rate)?;
    let apy = number(TierField::Apy, apy)?;
    RateTier::new(low, high, rate, apy).map_err(|error| match error {
        // Unreachable in practice: a written minus sign is caught above.
        RateTierError::Negative { field, value } => RateInfoError::Negative {
            position,
            entry: entry.to_owned(),
            field,
            text: value.to_string(),
        },
        RateTierError::LowAboveHigh { low, high } => RateInfoError::LowAboveHigh {
            position,
            entry: entry.to_owned(),
            low,
            high,
        },
    })
}

/// What is wrong with a field that should be a plain decimal.
enum NumberProblem {
    NotANumber,
    Negative,
    Unrepresentable,
}

/// Reads `digits` or `digits.digits`; a leading minus before such a number is
/// [`NumberProblem::Negative`].
fn parse_plain_decimal(text: &str) -> Result<Decimal, NumberProblem> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if !is_plain_decimal(unsigned) {
        return Err(NumberProblem::NotANumber);
    }
    if negative {
        return Err(NumberProblem::Negative);
    }
    Decimal::from_str_exact(unsigned).map_err(|_| NumberProblem::Unrepresentable)
}

/// True for one or more ASCII digits, optionally followed by a point and one or more digits.
fn is_plain_decimal(text: &str) -> bool {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && fraction.is_none_or(digits)
}

impl fmt::Display for RateTiers {
    /// Writes the `RATE_INFO_STR`: entries `low|high|rate|apy` joined by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, tier) in self.tiers.iter().enumerate() {
            if index > 0 {
                write!(f, "{ENTRY_SEPARATOR}")?;
            }
            write!(f, "{tier}")?;
        }
        Ok(())
    }
}

impl FromStr for RateTiers {
    type Err = RateInfoError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl TryFrom<String> for RateTiers {
    type Error = RateInfoError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<RateTiers> for String {
    fn from(tiers: RateTiers) -> Self {
        tiers.to_string()
    }
}

impl<'a> IntoIterator for &'a RateTiers {
    type Item = &'a RateTier;
    type IntoIter = std::slice::Iter<'a, RateTier>;

    fn into_iter(self) -> Self::IntoIter {
        self.tiers.iter()
    }
}

#[cfg(test)]
mod tests;
