//! Shared digit handling for every number format of site-core §5: rounding half away
//! from zero, thousands grouping and the sign.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::constants::{DECIMAL_SEPARATOR, MAX_DECIMALS, MINUS_SIGN, THOUSANDS_SEPARATOR};

/// A decimal rounded to a fixed number of places, split into the parts a format
/// writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fixed {
    /// Whether a minus sign is written: never for a value that rounds to zero.
    pub(crate) negative: bool,
    /// Integer digits, without sign or separators (at least `"0"`).
    pub(crate) integer: String,
    /// Exactly as many fraction digits as were asked for.
    pub(crate) fraction: String,
}

impl Fixed {
    /// Whether every fraction digit is zero (also true with no fraction digits).
    pub(crate) fn fraction_is_zero(&self) -> bool {
        self.fraction.chars().all(|c| c == '0')
    }

    /// The integer digits with a thousands separator every three digits.
    pub(crate) fn grouped_integer(&self) -> String {
        group_thousands(&self.integer)
    }

    /// Grouped integer digits, then the fraction after the decimal separator when
    /// there is one, without the sign.
    pub(crate) fn grouped_magnitude(&self) -> String {
        let mut out = self.grouped_integer();
        if !self.fraction.is_empty() {
            out.push(DECIMAL_SEPARATOR);
            out.push_str(&self.fraction);
        }
        out
    }

    /// The sign prefix: [`MINUS_SIGN`] for a negative value, `""` otherwise.
    pub(crate) fn sign(&self) -> &'static str {
        if self.negative { MINUS_SIGN } else { "" }
    }
}

/// Rounds `value` to `decimals` places, half away from zero (`2.345` → `2.35`,
/// `-2.345` → `-2.35`), and splits it into its written parts. `decimals` above
/// [`MAX_DECIMALS`] is clamped.
pub(crate) fn fixed(value: Decimal, decimals: u32) -> Fixed {
    let decimals = decimals.min(MAX_DECIMALS);
    split(round_half_away(value, decimals), decimals)
}

/// Rounds `value` to `decimals` places, half away from zero; never panics (rounding
/// only lowers the scale, so it cannot overflow).
pub(crate) fn round_half_away(value: Decimal, decimals: u32) -> Decimal {
    value.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero)
}

/// Cuts `value` to whole units without rounding (`1,999.99` → `1,999`).
pub(crate) fn whole(value: Decimal) -> Fixed {
    split(value.trunc(), 0)
}

/// Splits an already rounded value into sign, integer and `decimals` fraction digits.
fn split(rounded: Decimal, decimals: u32) -> Fixed {
    // `Decimal`'s Display is plain positional notation (never an exponent).
    let text = rounded.abs().to_string();
    let (integer, fraction) = text.split_once('.').unwrap_or((text.as_str(), ""));
    let width = usize::try_from(decimals).unwrap_or(usize::MAX);
    let mut fraction: String = fraction.chars().take(width).collect();
    while fraction.chars().count() < width {
        fraction.push('0');
    }
    let integer = if integer.is_empty() { "0" } else { integer };
    Fixed {
        negative: rounded.is_sign_negative() && !rounded.is_zero(),
        integer: integer.to_owned(),
        fraction,
    }
}

/// Inserts [`THOUSANDS_SEPARATOR`] every three digits from the right
/// (`1234567` → `1,234,567`).
pub(crate) fn group_thousands(digits: &str) -> String {
    let len = digits.chars().count();
    let mut out = String::with_capacity(len.saturating_add(len / 3));
    for (position, digit) in digits.chars().enumerate() {
        let remaining = len.saturating_sub(position);
        if position > 0 && remaining % 3 == 0 {
            out.push(THOUSANDS_SEPARATOR);
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests;
