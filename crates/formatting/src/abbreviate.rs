//! Abbreviated numbers: site-core §5 "formatnr (abbreviates with k, m, g suffixes)".
//!
//! Rules (settled here, the spec only names the suffixes):
//!
//! - Units: `k` = 1,000, `m` = 1,000,000, `g` = 1,000,000,000. Below 1,000 there is
//!   no suffix.
//! - The number is divided by the largest unit it reaches, then rounded to at most
//!   one decimal, half away from zero; a trailing `.0` is dropped
//!   (`1,000` → `1k`, `1,500` → `1.5k`, `1,049` → `1k`, `1,050` → `1.1k`,
//!   `12.34` → `12.3`).
//! - The unit is chosen after rounding, so a reader never sees `1000k`:
//!   `999,949` → `999.9k` but `999,950` → `1m`; `999.95` → `1k`.
//! - `g` is the largest suffix: a thousand billions and more stay in `g`, with
//!   thousands separators (`2,500g`).
//! - A negative number keeps its sign (`-1.5k`); a number that rounds to zero has
//!   none (`-0.04` → `0`).
//! - Property: the shown number times its unit is within half a unit of the last
//!   shown digit (0.05 × unit) of the input.

use rust_decimal::Decimal;

use crate::constants::{ABBREVIATED_DECIMALS, BILLIONS_SUFFIX, MILLIONS_SUFFIX, THOUSANDS_SUFFIX};
use crate::digits;

/// The units of formatnr, smallest first: (unit value, suffix).
const UNITS: [(i64, &str); 4] = [
    (1, ""),
    (1_000, THOUSANDS_SUFFIX),
    (1_000_000, MILLIONS_SUFFIX),
    (1_000_000_000, BILLIONS_SUFFIX),
];

/// The number at which a unit's shown value rolls over to the next unit.
const ROLLOVER: i64 = 1_000;

/// Abbreviates `value` with a `k`, `m` or `g` suffix and at most one decimal
/// (site-core §5 formatnr).
///
/// # Examples
///
/// ```
/// use formatting::abbreviate::format_nr;
/// use rust_decimal::Decimal;
///
/// assert_eq!(format_nr(Decimal::from(999)), "999");
/// assert_eq!(format_nr(Decimal::from(1_500)), "1.5k");
/// assert_eq!(format_nr(Decimal::from(999_999)), "1m");
/// assert_eq!(format_nr(Decimal::from(1_000_000_000)), "1g");
/// assert_eq!(format_nr(Decimal::from(-12_345)), "-12.3k");
/// ```
#[doc(alias = "formatnr")]
pub fn format_nr(value: Decimal) -> String {
    let magnitude = value.abs();
    let rollover = Decimal::from(ROLLOVER);
    // Start from the largest unit the magnitude reaches, then move up while the
    // rounded value would read 1000 of a unit.
    let mut index = UNITS
        .iter()
        .rposition(|&(unit, _)| magnitude >= Decimal::from(unit))
        .unwrap_or(0);
    while let Some(&(unit, suffix)) = UNITS.get(index) {
        let Some(scaled) = magnitude.checked_div(Decimal::from(unit)) else {
            break;
        };
        let has_larger_unit = index.saturating_add(1) < UNITS.len();
        if has_larger_unit && digits::round_half_away(scaled, ABBREVIATED_DECIMALS) >= rollover {
            index = index.saturating_add(1);
            continue;
        }
        let signed = if value.is_sign_negative() {
            -scaled
        } else {
            scaled
        };
        let rounded = digits::fixed(signed, ABBREVIATED_DECIMALS);
        return format!("{}{}{suffix}", rounded.sign(), trimmed(&rounded));
    }
    // Unreachable in practice (dividing by a unit never overflows); fall back to the
    // unabbreviated number rather than panic.
    let rounded = digits::fixed(value, ABBREVIATED_DECIMALS);
    format!("{}{}", rounded.sign(), trimmed(&rounded))
}

/// The grouped magnitude without a fraction of zeros (`1.0` → `1`).
fn trimmed(rounded: &digits::Fixed) -> String {
    if rounded.fraction_is_zero() {
        rounded.grouped_integer()
    } else {
        rounded.grouped_magnitude()
    }
}

#[cfg(test)]
mod tests;
