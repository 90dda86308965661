//! The small typed values an offer is made of (site-core §3 "Card offer"; community §3
//! "Card"): money and rate amounts, Y/N flags, and the offer's id and name. Ratings are
//! [`ratings::Rating`] and the affiliate influence scope is
//! [`crate::links::AffiliateScope`], each defined once in its own place.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

/// Spellings of a true Y/N flag, compared without case after trimming.
pub const FLAG_YES: [&str; 4] = ["y", "yes", "true", "1"];

/// Spellings of a false Y/N flag, compared without case after trimming. A blank flag is
/// false too.
pub const FLAG_NO: [&str; 4] = ["n", "no", "false", "0"];

/// A money or rate field (`ANNUAL_FEE`, `APR`, `APY`, `BT_FEE`, ...): a number when the
/// field holds a plain amount, otherwise the text as written.
///
/// A plain amount is an optional `$`, digits (optionally grouped in thousands with `,`),
/// optional decimals, and an optional `%` instead of the `$`: `95`, `$1,000.00`, `17.99%`.
/// The number keeps the scale it was written with. Anything else, including negative
/// amounts, stays text: `"$0 intro, then $95"`, `"Up to 5%"`, `"N/A"`.
///
/// Serialises as `{"kind": "dollars" | "percent" | "number" | "text", "value": "..."}`.
///
/// ```
/// use offer_model::offer::Amount;
/// use rust_decimal::Decimal;
///
/// assert_eq!(Amount::parse("$1,000.00"), Some(Amount::Dollars(Decimal::new(100_000, 2))));
/// assert_eq!(Amount::parse("17.99%"), Some(Amount::Percent(Decimal::new(1799, 2))));
/// assert_eq!(
///     Amount::parse(" $0 intro, then $95 "),
///     Some(Amount::Text("$0 intro, then $95".into()))
/// );
/// assert_eq!(Amount::parse("  "), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum Amount {
    /// A dollar amount written with `$`.
    Dollars(Decimal),
    /// A percentage written with `%`, in percent (`17.99%` is `17.99`).
    Percent(Decimal),
    /// A bare number; its unit is the field's (dollars for a fee, percent for a rate).
    Number(Decimal),
    /// Anything that is not a plain amount, trimmed.
    Text(String),
}

impl Amount {
    /// Reads a field's text; `None` when it is blank.
    pub fn parse(raw: &str) -> Option<Self> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return None;
        }
        Some(match parse_number(trimmed) {
            Some(number) if !number.negative => match number.unit {
                Unit::Dollars => Self::Dollars(number.value),
                Unit::Percent => Self::Percent(number.value),
                Unit::None => Self::Number(number.value),
            },
            _ => Self::Text(trimmed.to_owned()),
        })
    }

    /// The number, when the field held a plain amount.
    pub fn value(&self) -> Option<Decimal> {
        match self {
            Self::Dollars(value) | Self::Percent(value) | Self::Number(value) => Some(*value),
            Self::Text(_) => None,
        }
    }

    /// The text, when the field did not hold a plain amount.
    pub fn text(&self) -> Option<&str> {
        match self {
            Self::Text(text) => Some(text),
            _ => None,
        }
    }
}

impl fmt::Display for Amount {
    /// Writes the amount as the raw data would: `$95`, `17.99%`, `95` or the text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Dollars(value) => write!(f, "${value}"),
            Self::Percent(value) => write!(f, "{value}%"),
            Self::Number(value) => write!(f, "{value}"),
            Self::Text(text) => f.write_str(text),
        }
    }
}

/// The unit a plain number was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    None,
    Dollars,
    Percent,
}

/// A plain number as read from text: its magnitude, its sign and its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlainNumber {
    /// The magnitude (never negative).
    pub(crate) value: Decimal,
    /// True when written with a leading `-`.
    pub(crate) negative: bool,
    /// `$`, `%` or none.
    pub(crate) unit: Unit,
}

impl PlainNumber {
    /// The signed value.
    pub(crate) fn signed(self) -> Decimal {
        if self.negative && !self.value.is_zero() {
            -self.value
        } else {
            self.value
        }
    }
}

/// Reads `[-][$]digits[,ddd...][.digits][%]` (not both `$` and `%`), or a number in
/// exponent form such as `1e3` as JSON numbers may print. `None` for anything else and for
/// numbers a decimal cannot hold.
pub(crate) fn parse_number(text: &str) -> Option<PlainNumber> {
    let text = text.trim();
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (dollars, rest) = match rest.strip_prefix('$') {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let (percent, body) = match rest.strip_suffix('%') {
        Some(body) => (true, body),
        None => (false, rest),
    };
    let unit = match (dollars, percent) {
        (false, false) => Unit::None,
        (true, false) => Unit::Dollars,
        (false, true) => Unit::Percent,
        (true, true) => return None,
    };
    let value = if unit == Unit::None && body.contains(['e', 'E']) {
        parse_exponent_form(body)?
    } else {
        Decimal::from_str_exact(&plain_digits(body)?).ok()?
    };
    Some(PlainNumber {
        value,
        negative,
        unit,
    })
}

/// `digits[.digits]` or `d{1,3}(,ddd)+[.digits]`, returned without the commas.
fn plain_digits(body: &str) -> Option<String> {
    let (whole, fraction) = match body.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (body, None),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !fraction.is_none_or(all_digits) {
        return None;
    }
    let mut groups = whole.split(',');
    let first = groups.next()?;
    let rest: Vec<&str> = groups.collect();
    let grouped_well = rest.is_empty()
        || ((1..=3).contains(&first.len())
            && rest
                .iter()
                .all(|group| group.len() == 3 && all_digits(group)));
    if !all_digits(first) || !grouped_well {
        return None;
    }
    let mut digits: String = whole.chars().filter(|c| *c != ',').collect();
    if let Some(fraction) = fraction {
        digits.push('.');
        digits.push_str(fraction);
    }
    Some(digits)
}

/// A number in exponent form (`1.5e3`), as `serde_json` prints large or tiny floats.
fn parse_exponent_form(body: &str) -> Option<Decimal> {
    let (mantissa, exponent) = body.split_once(['e', 'E'])?;
    let exponent = exponent.strip_prefix('+').unwrap_or(exponent);
    let exponent_digits = exponent.strip_prefix('-').unwrap_or(exponent);
    let mantissa_ok = plain_digits(mantissa).is_some_and(|digits| digits.len() == mantissa.len());
    let exponent_ok =
        !exponent_digits.is_empty() && exponent_digits.bytes().all(|b| b.is_ascii_digit());
    if !mantissa_ok || !exponent_ok {
        return None;
    }
    Decimal::from_scientific(&format!("{mantissa}e{exponent}")).ok()
}

/// A Y/N flag that is neither yes nor no.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlagError {
    /// The value is not one of [`FLAG_YES`] or [`FLAG_NO`].
    #[error("\"{value}\" is not a Y/N flag")]
    NotAFlag {
        /// The value as written (trimmed).
        value: String,
    },
}

/// Reads a Y/N flag (`WH_AFFILIATE_LINK`, `DISCONTINUED`, `PREQUAL`, ...): `Y`, `yes`,
/// `true`, `1` are true; `N`, `no`, `false`, `0` and a blank value are false. Case and
/// surrounding blanks are ignored.
///
/// ```
/// use offer_model::offer::parse_flag;
///
/// assert_eq!(parse_flag("Y"), Ok(true));
/// assert_eq!(parse_flag("n"), Ok(false));
/// assert_eq!(parse_flag(""), Ok(false));
/// assert!(parse_flag("maybe").is_err());
/// ```
pub fn parse_flag(raw: &str) -> Result<bool, FlagError> {
    let trimmed = raw.trim();
    let is = |spellings: &[&str]| {
        spellings
            .iter()
            .any(|spelling| trimmed.eq_ignore_ascii_case(spelling))
    };
    if trimmed.is_empty() || is(&FLAG_NO) {
        Ok(false)
    } else if is(&FLAG_YES) {
        Ok(true)
    } else {
        Err(FlagError::NotAFlag {
            value: trimmed.to_owned(),
        })
    }
}

/// Why an offer's id or name is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    /// The id is blank.
    #[error("offer id is blank")]
    BlankId,
    /// The name is blank.
    #[error("offer name is blank")]
    BlankName,
}

/// An offer's id (`ID`): any text that is not blank, trimmed. A numeric id is kept as its
/// digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OfferId(String);

impl OfferId {
    /// Trims the id; fails when it is blank.
    pub fn parse(raw: &str) -> Result<Self, IdentityError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            Err(IdentityError::BlankId)
        } else {
            Ok(Self(trimmed.to_owned()))
        }
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An offer's name (`NAME`): any text that is not blank, trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OfferName(String);

impl OfferName {
    /// Trims the name; fails when it is blank.
    pub fn parse(raw: &str) -> Result<Self, IdentityError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            Err(IdentityError::BlankName)
        } else {
            Ok(Self(trimmed.to_owned()))
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

macro_rules! text_newtype_impls {
    ($name:ident) => {
        impl TryFrom<String> for $name {
            type Error = IdentityError;

            fn try_from(raw: String) -> Result<Self, Self::Error> {
                Self::parse(&raw)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl FromStr for $name {
            type Err = IdentityError;

            fn from_str(raw: &str) -> Result<Self, Self::Err> {
                Self::parse(raw)
            }
        }
    };
}

text_newtype_impls!(OfferId);
text_newtype_impls!(OfferName);

#[cfg(test)]
mod tests;
