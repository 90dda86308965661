//! Saved products (site-core §3 "Saved-product data", §4 "Saved products", §5, §9) and the
//! data-group value rule (site-core §5: "Only plain objects or arrays can be stored in
//! data groups").
//!
//! # Rules
//!
//! - Per group: saved product ids, skipped product ids and a balance.
//! - Saving a product removes its id from skipped. Removing a product moves it to skipped;
//!   removing a product that is not saved records it as skipped (this is how a product is
//!   skipped).
//! - An id is never both saved and skipped.
//! - Entries expire after 15 days ([`SAVED_PRODUCT_EXPIRY_MS`]): an entry stored at `t` is
//!   live while `now - t < 1_296_000_000` and has expired at exactly
//!   `t + 1_296_000_000` (the rule of [`crate::lifetime`]). Saving or removing again
//!   restarts the entry's 15 days. The balance does not expire.
//! - With no group set, everything is ignored: every operation is a no-op that returns
//!   [`Outcome::IgnoredNoGroup`] and every read is empty.
//! - Every operation takes the current time; an applied operation first drops the expired
//!   entries of every group, and groups left with nothing in them are dropped.
//!
//! # Stored shape
//!
//! The browser keeps the whole state as one local-storage value, a JSON object keyed by
//! group id; each group is an object with `saved` and `skipped` (objects mapping a product
//! id to the time it was stored, in milliseconds since the Unix epoch) and `balance` (a
//! decimal string with two decimals). Empty lists and an absent balance are left out:
//!
//! ```json
//! {"g1":{"saved":{"123":1700000000000},"skipped":{"456":1700000005000},"balance":"2500.00"}}
//! ```
//!
//! When reading, unknown fields are ignored, a balance may be a JSON number, and an id
//! found in both lists keeps only its later entry (saved wins a tie).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::ids::{GroupId, ProductId};
use crate::json::JsonKind;
use crate::lifetime;

#[cfg(test)]
mod tests;

/// How long a saved or skipped entry lives: 15 days (site-core §9: "Saved or skipped
/// product expiry 1296000000 ms (15 days)").
pub const SAVED_PRODUCT_EXPIRY_MS: i64 = 1_296_000_000;

/// Largest accepted balance, in cents: 999,999,999.99 (our cap).
pub const MAX_BALANCE_CENTS: u64 = 99_999_999_999;

/// Why a text is not a balance.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidBalance {
    /// The text is empty or only whitespace.
    #[error("balance is empty")]
    Empty,
    /// The text is not a plain decimal number (digits, optionally a point and digits).
    #[error("balance is not a decimal number: {value:?}")]
    NotANumber {
        /// The trimmed text.
        value: String,
    },
    /// The number is negative.
    #[error("balance is negative")]
    Negative,
    /// The number has more than two decimals.
    #[error("balance has more than two decimals")]
    TooManyDecimals,
    /// The number is above [`MAX_BALANCE_CENTS`].
    #[error("balance is more than 999999999.99")]
    TooLarge,
}

impl InvalidBalance {
    /// A stable camelCase code for the error kind, as used in the shared test vectors:
    /// `empty`, `notANumber`, `negative`, `tooManyDecimals`, `tooLarge`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::NotANumber { .. } => "notANumber",
            Self::Negative => "negative",
            Self::TooManyDecimals => "tooManyDecimals",
            Self::TooLarge => "tooLarge",
        }
    }
}

/// A group's balance: a non-negative amount with at most two decimals, up to
/// 999,999,999.99, held exactly as cents (no floating point).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Balance {
    cents: u64,
}

impl Balance {
    /// Parses a plain decimal such as `2500`, `2500.5` or `2500.50` (trimmed). No sign, no
    /// exponent, no thousands separators, at least one digit before the point and one
    /// after it when there is a point.
    ///
    /// ```
    /// use visitor_state::saved_products::Balance;
    ///
    /// assert_eq!(Balance::parse("2500.5").map(|b| b.to_string()), Ok("2500.50".to_owned()));
    /// assert!(Balance::parse("-1").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`InvalidBalance`] when the text is empty, not a plain decimal, negative, has more
    /// than two decimals or is above the cap.
    pub fn parse(raw: &str) -> Result<Self, InvalidBalance> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(InvalidBalance::Empty);
        }
        let not_a_number = || InvalidBalance::NotANumber {
            value: text.to_owned(),
        };
        let unsigned = match text.strip_prefix('-') {
            Some(rest) if is_plain_decimal(rest) => return Err(InvalidBalance::Negative),
            Some(_) => return Err(not_a_number()),
            None => text,
        };
        if !is_plain_decimal(unsigned) {
            return Err(not_a_number());
        }
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        if fraction.len() > 2 {
            return Err(InvalidBalance::TooManyDecimals);
        }
        let whole_cents = digits_value(whole)
            .and_then(|w| w.checked_mul(100))
            .ok_or(InvalidBalance::TooLarge)?;
        let fraction_cents = match fraction.len() {
            0 => Some(0),
            1 => digits_value(fraction).and_then(|f| f.checked_mul(10)),
            _ => digits_value(fraction),
        }
        .ok_or_else(not_a_number)?;
        let cents = whole_cents
            .checked_add(fraction_cents)
            .ok_or(InvalidBalance::TooLarge)?;
        Self::from_cents(cents)
    }

    /// A balance of `cents` hundredths.
    ///
    /// # Errors
    ///
    /// [`InvalidBalance::TooLarge`] above [`MAX_BALANCE_CENTS`].
    pub fn from_cents(cents: u64) -> Result<Self, InvalidBalance> {
        if cents > MAX_BALANCE_CENTS {
            Err(InvalidBalance::TooLarge)
        } else {
            Ok(Self { cents })
        }
    }

    /// The balance in cents.
    #[must_use]
    pub fn cents(self) -> u64 {
        self.cents
    }
}

/// Digits, optionally followed by a point and at least one digit.
fn is_plain_decimal(text: &str) -> bool {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match text.split_once('.') {
        Some((whole, fraction)) => all_digits(whole) && all_digits(fraction),
        None => all_digits(text),
    }
}

/// The value of a run of ASCII digits, or `None` on overflow.
fn digits_value(digits: &str) -> Option<u64> {
    digits.bytes().try_fold(0_u64, |acc, b| {
        acc.checked_mul(10)?
            .checked_add(u64::from(b.checked_sub(b'0')?))
    })
}

/// Written with exactly two decimals, such as `2500.50`.
impl fmt::Display for Balance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.cents / 100, self.cents % 100)
    }
}

impl Serialize for Balance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read from a decimal string or a JSON number.
impl<'de> Deserialize<'de> for Balance {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = match Value::deserialize(deserializer)? {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            other => {
                return Err(serde::de::Error::custom(format!(
                    "balance is a json {}, not a string or number",
                    JsonKind::of(&other)
                )));
            }
        };
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// What an operation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[must_use]
pub enum Outcome {
    /// The operation was applied.
    Applied,
    /// No group is set, so the operation was ignored and nothing changed.
    IgnoredNoGroup,
}

/// One group's saved products, skipped products and balance. Saved and skipped are
/// always disjoint.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct GroupProducts {
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    saved: BTreeMap<ProductId, i64>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    skipped: BTreeMap<ProductId, i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    balance: Option<Balance>,
}

impl GroupProducts {
    /// Saved ids with the time each was stored, by id (expired entries included until the
    /// next applied operation).
    pub fn saved(&self) -> impl Iterator<Item = (&ProductId, i64)> {
        self.saved.iter().map(|(id, at)| (id, *at))
    }

    /// Skipped ids with the time each was stored, by id (expired entries included until
    /// the next applied operation).
    pub fn skipped(&self) -> impl Iterator<Item = (&ProductId, i64)> {
        self.skipped.iter().map(|(id, at)| (id, *at))
    }

    /// The balance, if set.
    #[must_use]
    pub fn balance(&self) -> Option<Balance> {
        self.balance
    }

    /// Nothing saved, nothing skipped, no balance.
    fn is_empty(&self) -> bool {
        self.saved.is_empty() && self.skipped.is_empty() && self.balance.is_none()
    }

    /// Drops the entries expired at `now_ms`.
    fn purge_expired(&mut self, now_ms: i64) {
        let live = |_: &ProductId, at: &mut i64| is_entry_live(*at, now_ms);
        self.saved.retain(live);
        self.skipped.retain(live);
    }
}

/// A group as stored, before the disjointness fix.
#[derive(Deserialize, Default)]
#[serde(default)]
struct RawGroup {
    saved: BTreeMap<ProductId, i64>,
    skipped: BTreeMap<ProductId, i64>,
    balance: Option<Balance>,
}

/// Read from a JSON object only (serde would also take an array for a struct).
impl<'de> Deserialize<'de> for GroupProducts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        if !value.is_object() {
            return Err(serde::de::Error::custom(format!(
                "a group is a json {}, not an object",
                JsonKind::of(&value)
            )));
        }
        RawGroup::deserialize(value)
            .map(Self::from)
            .map_err(serde::de::Error::custom)
    }
}

impl From<RawGroup> for GroupProducts {
    fn from(raw: RawGroup) -> Self {
        let RawGroup {
            mut saved,
            mut skipped,
            balance,
        } = raw;
        // An id in both lists keeps only its later entry; saved wins a tie.
        skipped.retain(|id, skipped_at| match saved.get(id) {
            Some(saved_at) if *skipped_at > *saved_at => {
                saved.remove(id);
                true
            }
            Some(_) => false,
            None => true,
        });
        Self {
            saved,
            skipped,
            balance,
        }
    }
}

/// Whether an entry stored at `stored_at_ms` is live at `now_ms` (15 days, half-open).
///
/// ```
/// use visitor_state::saved_products::{SAVED_PRODUCT_EXPIRY_MS, is_entry_live};
///
/// assert!(is_entry_live(0, SAVED_PRODUCT_EXPIRY_MS - 1));
/// assert!(!is_entry_live(0, SAVED_PRODUCT_EXPIRY_MS));
/// ```
#[must_use]
pub fn is_entry_live(stored_at_ms: i64, now_ms: i64) -> bool {
    lifetime::is_live(stored_at_ms, now_ms, SAVED_PRODUCT_EXPIRY_MS)
}

/// Why stored saved-product data could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedProductsError {
    /// The stored text is not JSON of the documented shape.
    #[error("stored saved products are malformed: {reason}")]
    Malformed {
        /// What the reader reported.
        reason: String,
    },
}

/// Every group's saved products: the whole local-storage value.
///
/// ```
/// use visitor_state::ids::{GroupId, ProductId};
/// use visitor_state::saved_products::{Outcome, SavedProducts};
///
/// let group = GroupId::parse("g1")?;
/// let card = ProductId::parse("123")?;
/// let mut state = SavedProducts::new();
/// assert_eq!(state.save(Some(&group), &card, 1_000), Outcome::Applied);
/// assert_eq!(state.save(None, &card, 1_000), Outcome::IgnoredNoGroup);
/// assert_eq!(state.remove(Some(&group), &card, 2_000), Outcome::Applied);
/// assert_eq!(state.skipped_ids(Some(&group), 2_000), [&card]);
/// assert_eq!(state.to_json(), r#"{"g1":{"skipped":{"123":2000}}}"#);
/// # Ok::<(), visitor_state::ids::InvalidId>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SavedProducts {
    groups: BTreeMap<GroupId, GroupProducts>,
}

impl SavedProducts {
    /// No groups.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Saves `product` in `group` at `now_ms`, removing it from skipped.
    pub fn save(&mut self, group: Option<&GroupId>, product: &ProductId, now_ms: i64) -> Outcome {
        self.apply(group, now_ms, |entry| {
            entry.skipped.remove(product);
            entry.saved.insert(product.clone(), now_ms);
        })
    }

    /// Removes `product` from saved in `group` at `now_ms` and records it as skipped (also
    /// when it was not saved: this is how a product is skipped).
    pub fn remove(&mut self, group: Option<&GroupId>, product: &ProductId, now_ms: i64) -> Outcome {
        self.apply(group, now_ms, |entry| {
            entry.saved.remove(product);
            entry.skipped.insert(product.clone(), now_ms);
        })
    }

    /// Sets (or, with `None`, clears) the balance of `group`.
    pub fn set_balance(
        &mut self,
        group: Option<&GroupId>,
        balance: Option<Balance>,
        now_ms: i64,
    ) -> Outcome {
        self.apply(group, now_ms, |entry| entry.balance = balance)
    }

    /// Drops every entry expired at `now_ms`, and groups left empty.
    pub fn purge_expired(&mut self, now_ms: i64) {
        for entry in self.groups.values_mut() {
            entry.purge_expired(now_ms);
        }
        self.groups.retain(|_, entry| !entry.is_empty());
    }

    /// The ids saved in `group` and live at `now_ms`, by id; empty without a group.
    #[must_use]
    pub fn saved_ids(&self, group: Option<&GroupId>, now_ms: i64) -> Vec<&ProductId> {
        self.live(group, now_ms, |entry| &entry.saved)
    }

    /// The ids skipped in `group` and live at `now_ms`, by id; empty without a group.
    #[must_use]
    pub fn skipped_ids(&self, group: Option<&GroupId>, now_ms: i64) -> Vec<&ProductId> {
        self.live(group, now_ms, |entry| &entry.skipped)
    }

    /// Whether `product` is saved in `group` and live at `now_ms`; false without a group.
    #[must_use]
    pub fn is_saved(&self, group: Option<&GroupId>, product: &ProductId, now_ms: i64) -> bool {
        self.saved_ids(group, now_ms).contains(&product)
    }

    /// Whether `product` is skipped in `group` and live at `now_ms`; false without a group.
    #[must_use]
    pub fn is_skipped(&self, group: Option<&GroupId>, product: &ProductId, now_ms: i64) -> bool {
        self.skipped_ids(group, now_ms).contains(&product)
    }

    /// The balance of `group`; `None` without a group.
    #[must_use]
    pub fn balance(&self, group: Option<&GroupId>) -> Option<Balance> {
        group
            .and_then(|g| self.groups.get(g))
            .and_then(GroupProducts::balance)
    }

    /// One group's stored data, as is.
    #[must_use]
    pub fn group(&self, group: &GroupId) -> Option<&GroupProducts> {
        self.groups.get(group)
    }

    /// Every group with stored data, by group id.
    pub fn groups(&self) -> impl Iterator<Item = (&GroupId, &GroupProducts)> {
        self.groups.iter()
    }

    /// Reads the stored local-storage value (the shape in the module docs).
    ///
    /// # Errors
    ///
    /// [`SavedProductsError::Malformed`] when the text is not JSON of that shape (an
    /// invalid id, a timestamp that is not an integer, an invalid balance, ...).
    pub fn from_json(stored: &str) -> Result<Self, SavedProductsError> {
        serde_json::from_str(stored).map_err(|e| SavedProductsError::Malformed {
            reason: e.to_string(),
        })
    }

    /// The local-storage value (the shape in the module docs).
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serialising cannot fail: group and product ids are string keys, timestamps are
        // integers and balances are strings.
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }

    /// Applies `change` to `group` after purging expired entries; ignored without a group.
    fn apply(
        &mut self,
        group: Option<&GroupId>,
        now_ms: i64,
        change: impl FnOnce(&mut GroupProducts),
    ) -> Outcome {
        let Some(group) = group else {
            return Outcome::IgnoredNoGroup;
        };
        self.purge_expired(now_ms);
        change(self.groups.entry(group.clone()).or_default());
        self.groups.retain(|_, entry| !entry.is_empty());
        Outcome::Applied
    }

    /// The live ids of one list of `group`.
    fn live(
        &self,
        group: Option<&GroupId>,
        now_ms: i64,
        list: impl Fn(&GroupProducts) -> &BTreeMap<ProductId, i64>,
    ) -> Vec<&ProductId> {
        group
            .and_then(|g| self.groups.get(g))
            .map(|entry| {
                list(entry)
                    .iter()
                    .filter(|(_, at)| is_entry_live(**at, now_ms))
                    .map(|(id, _)| id)
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Serialize for SavedProducts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.groups.serialize(serializer)
    }
}

/// Reads the stored shape; empty groups are dropped.
impl<'de> Deserialize<'de> for SavedProducts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut groups = BTreeMap::<GroupId, GroupProducts>::deserialize(deserializer)?;
        groups.retain(|_, entry| !entry.is_empty());
        Ok(Self { groups })
    }
}

/// Why a value cannot be stored in a data group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupValueError {
    /// The value is a scalar (`null`, a boolean, a number or a string).
    #[error("only plain objects or arrays can be stored in data groups, not a {found}")]
    NotObjectOrArray {
        /// What the value is.
        found: JsonKind,
    },
}

/// A value that can be stored in a data group: a plain object or an array, nothing else
/// (site-core §5). It travels as the plain JSON value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum GroupValue {
    /// A plain object.
    Object(Map<String, Value>),
    /// An array.
    Array(Vec<Value>),
}

impl GroupValue {
    /// The plain JSON value.
    #[must_use]
    pub fn into_value(self) -> Value {
        match self {
            Self::Object(map) => Value::Object(map),
            Self::Array(items) => Value::Array(items),
        }
    }
}

/// Accepts a plain object or an array for a data group and rejects scalars.
///
/// ```
/// use serde_json::json;
/// use visitor_state::saved_products::validate_group_value;
///
/// assert!(validate_group_value(json!({"a": 1})).is_ok());
/// assert!(validate_group_value(json!([1, 2])).is_ok());
/// assert_eq!(
///     validate_group_value(json!(5)).unwrap_err().to_string(),
///     "only plain objects or arrays can be stored in data groups, not a number"
/// );
/// ```
///
/// # Errors
///
/// [`GroupValueError::NotObjectOrArray`] for `null`, booleans, numbers and strings.
pub fn validate_group_value(value: Value) -> Result<GroupValue, GroupValueError> {
    match value {
        Value::Object(map) => Ok(GroupValue::Object(map)),
        Value::Array(items) => Ok(GroupValue::Array(items)),
        other => Err(GroupValueError::NotObjectOrArray {
            found: JsonKind::of(&other),
        }),
    }
}
