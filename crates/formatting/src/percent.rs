//! Rates, APRs and APYs: the percent display every rate on the site uses (site-core §3
//! fees and rates, RATE_INFO_STR rate and apy; §5 display formats).
//!
//! Rules (settled here, the spec shows rates but names no format):
//!
//! - The input is the percentage itself, as the data holds it: `4.35` means 4.35 %.
//! - Always exactly two decimals, rounded half away from zero (`4.3` → `4.30%`,
//!   `19.999` → `20.00%`, `0.005` → `0.01%`): fixed decimals keep comparison
//!   columns aligned, and two decimals is how APY must be disclosed (Regulation DD)
//!   and how card APRs are quoted (`19.99%`).
//! - Thousands separators as everywhere (`1,234.50%`); a negative rate keeps its
//!   sign (`-0.50%`), one that rounds to zero has none.
//! - A missing rate shows `N/A` (see [`crate::missing`]).

use rust_decimal::Decimal;

use crate::constants::{PERCENT_DECIMALS, PERCENT_SIGN};
use crate::digits;

/// Writes a rate, APR or APY with two decimals and a percent sign.
///
/// # Examples
///
/// ```
/// use formatting::percent::format_percent;
/// use rust_decimal::Decimal;
///
/// assert_eq!(format_percent(Decimal::new(435, 2)), "4.35%");
/// assert_eq!(format_percent(Decimal::new(43, 1)), "4.30%");
/// assert_eq!(format_percent(Decimal::new(19_999, 3)), "20.00%");
/// ```
pub fn format_percent(rate: Decimal) -> String {
    let rounded = digits::fixed(rate, PERCENT_DECIMALS);
    format!(
        "{}{}{PERCENT_SIGN}",
        rounded.sign(),
        rounded.grouped_magnitude()
    )
}

#[cfg(test)]
mod tests;
