//! Money amounts: site-core §5 "moneyformat (thousands and decimal separators,
//! optional truncation)" and "MIN_TO_OPEN is shown as a number with 2 decimals".
//!
//! Rules (the spec names the format, these are the settled details):
//!
//! - US separators: `,` every three integer digits, `.` before the decimals.
//! - The amount is rounded to [`MoneyOptions::decimals`] places, half away from zero
//!   (`0.005` → `0.01`, `-0.005` → `-0.01`), as a visitor rounds by hand.
//! - The currency symbol `$` is optional; a negative amount is written `-$5.00`.
//!   An amount that rounds to zero never shows a minus sign.
//! - "Optional truncation" is [`Truncation`]: off (always every decimal), drop the
//!   decimals when they round to zero (`$1,000` but `$1,000.50`), or cut to whole
//!   units without rounding (`$1,999.99` → `$1,999`).
//! - MIN_TO_OPEN is a plain number (no symbol) with exactly 2 decimals and thousands
//!   separators (`1,000.00`); a missing MIN_TO_OPEN shows `N/A`, like every missing
//!   amount (see [`crate::missing`]).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::constants::{CURRENCY_SYMBOL, MIN_TO_OPEN_DECIMALS, MONEY_DECIMALS};
use crate::digits::{self, Fixed};
use crate::missing::FieldKind;

/// The "optional truncation" of moneyformat (site-core §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Truncation {
    /// No truncation: every decimal is shown (`$1,000.00`).
    #[default]
    Off,
    /// The decimals are dropped when they round to zero (`$1,000`, but `$1,000.50`).
    DropZeroCents,
    /// The amount is cut to whole units without rounding (`$1,999.99` → `$1,999`,
    /// `-$1.99` → `-$1`); [`MoneyOptions::decimals`] is then ignored.
    WholeUnits,
}

/// How [`format_money`] writes an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MoneyOptions {
    /// Whether the currency symbol `$` is written.
    pub symbol: bool,
    /// Decimals after rounding half away from zero; values above 28
    /// ([`MAX_DECIMALS`](crate::constants::MAX_DECIMALS), the most a `Decimal` holds)
    /// are treated as 28.
    pub decimals: u32,
    /// The optional truncation.
    pub truncation: Truncation,
}

impl Default for MoneyOptions {
    /// Dollars and cents with the symbol, no truncation: `$1,234.50`.
    fn default() -> Self {
        Self {
            symbol: true,
            decimals: MONEY_DECIMALS,
            truncation: Truncation::Off,
        }
    }
}

impl MoneyOptions {
    /// The format of MIN_TO_OPEN: no symbol, 2 decimals, no truncation (`1,000.00`).
    pub const MIN_TO_OPEN: Self = Self {
        symbol: false,
        decimals: MIN_TO_OPEN_DECIMALS,
        truncation: Truncation::Off,
    };
}

/// Writes `amount` with thousands and decimal separators, an optional `$` and an
/// optional truncation (site-core §5 moneyformat).
///
/// # Examples
///
/// ```
/// use formatting::money::{format_money, MoneyOptions, Truncation};
/// use rust_decimal::Decimal;
///
/// let amount = Decimal::new(123_456_789, 3); // 123456.789
/// assert_eq!(format_money(amount, MoneyOptions::default()), "$123,456.79");
///
/// let plain = MoneyOptions { symbol: false, decimals: 0, truncation: Truncation::Off };
/// assert_eq!(format_money(amount, plain), "123,457");
///
/// let whole = MoneyOptions { truncation: Truncation::WholeUnits, ..MoneyOptions::default() };
/// assert_eq!(format_money(amount, whole), "$123,456");
///
/// let tidy = MoneyOptions { truncation: Truncation::DropZeroCents, ..MoneyOptions::default() };
/// assert_eq!(format_money(Decimal::new(-1000, 0), tidy), "-$1,000");
/// ```
#[doc(alias = "moneyformat")]
pub fn format_money(amount: Decimal, options: MoneyOptions) -> String {
    // `digits::fixed` clamps the decimals to what a `Decimal` holds.
    let fixed = match options.truncation {
        Truncation::Off => digits::fixed(amount, options.decimals),
        Truncation::DropZeroCents => {
            let rounded = digits::fixed(amount, options.decimals);
            if rounded.fraction_is_zero() {
                Fixed {
                    fraction: String::new(),
                    ..rounded
                }
            } else {
                rounded
            }
        }
        Truncation::WholeUnits => digits::whole(amount),
    };
    let symbol = if options.symbol { CURRENCY_SYMBOL } else { "" };
    format!("{}{symbol}{}", fixed.sign(), fixed.grouped_magnitude())
}

/// Writes MIN_TO_OPEN as a number with 2 decimals and thousands separators
/// (`0` → `0.00`, `25` → `25.00`, `1000` → `1,000.00`), or `N/A` when it is missing
/// (site-core §5).
///
/// # Examples
///
/// ```
/// use formatting::money::format_min_to_open;
/// use rust_decimal::Decimal;
///
/// assert_eq!(format_min_to_open(Some(Decimal::ZERO)), "0.00");
/// assert_eq!(format_min_to_open(Some(Decimal::new(1000, 0))), "1,000.00");
/// assert_eq!(format_min_to_open(None), "N/A");
/// ```
pub fn format_min_to_open(amount: Option<Decimal>) -> String {
    match amount {
        Some(amount) => format_money(amount, MoneyOptions::MIN_TO_OPEN),
        None => FieldKind::Amount.missing_label().to_owned(),
    }
}

#[cfg(test)]
mod tests;
