//! JSON helpers shared by the sign-on cookie (site-core §3 "Signed-in session data",
//! community §3 "Shared sign-on cookie"), stored user info (community §3 "Stored user
//! info") and data groups (site-core §5): the kind of a JSON value, and the tolerant
//! field readers.
//!
//! The cookie and local storage are written by older pages and other services, so a known
//! field is read tolerantly: a value of an unusable shape counts as absent instead of
//! failing the whole record. The rules, one place for all readers:
//!
//! - flag: `true`, a non-zero number, or a string that is `1`, `true`, `y`, `yes` or `on`
//!   (trimmed, any case) is true; everything else (`false`, `0`, `"0"`, `""`, `null`,
//!   arrays, objects, other strings) is false;
//! - text: a non-empty string as is, or a number as its JSON text (`17` reads as `"17"`);
//!   an empty string and every other shape is absent;
//! - small number: a non-negative integer or a string holding one (trimmed) that fits the
//!   target type; everything else is absent;
//! - text list: an array whose items are read as text (unusable items are skipped), or one
//!   string split on commas (items trimmed, empty ones skipped); everything else is empty.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[cfg(test)]
mod tests;

/// The kind of a JSON value, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum JsonKind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonKind {
    /// The kind of `value`.
    #[must_use]
    pub fn of(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(_) => Self::Boolean,
            Value::Number(_) => Self::Number,
            Value::String(_) => Self::String,
            Value::Array(_) => Self::Array,
            Value::Object(_) => Self::Object,
        }
    }

    /// The kind in lowercase words: `null`, `boolean`, `number`, `string`, `array`, `object`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Boolean => "boolean",
            Self::Number => "number",
            Self::String => "string",
            Self::Array => "array",
            Self::Object => "object",
        }
    }
}

impl fmt::Display for JsonKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Strings read as a true flag (trimmed, compared ignoring ASCII case).
const TRUE_WORDS: [&str; 5] = ["1", "true", "y", "yes", "on"];

/// Reads a flag; see the module docs for the table.
pub(crate) fn flag(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u != 0
            } else if let Some(i) = n.as_i64() {
                i != 0
            } else {
                // A float such as `0.5` or `0.0`: true unless it is zero.
                n.as_f64().is_some_and(|f| f.abs() > 0.0)
            }
        }
        Value::String(s) => {
            let s = s.trim();
            TRUE_WORDS.iter().any(|word| s.eq_ignore_ascii_case(word))
        }
        Value::Null | Value::Array(_) | Value::Object(_) => false,
    }
}

/// Reads a text; see the module docs.
pub(crate) fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a non-negative integer that fits `T`; see the module docs.
pub(crate) fn small_number<T: TryFrom<u64>>(value: &Value) -> Option<T> {
    let n = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    }?;
    T::try_from(n).ok()
}

/// Reads a text list; see the module docs.
pub(crate) fn text_list(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().filter_map(text).collect(),
        Value::String(s) => s
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}

/// For `skip_serializing_if`: false flags are left out when writing.
pub(crate) fn is_false(flag: &bool) -> bool {
    !*flag
}

/// Serde adapters over the readers above, for `#[serde(deserialize_with = ...)]`.
///
/// Each reads any JSON value and never fails on a well-formed one.
pub(crate) mod de {
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    use crate::ids::GroupId;

    /// A flag.
    pub(crate) fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        Value::deserialize(d).map(|v| super::flag(&v))
    }

    /// An optional text.
    pub(crate) fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        Value::deserialize(d).map(|v| super::text(&v))
    }

    /// A text that is empty when absent.
    pub(crate) fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        opt_text(d).map(Option::unwrap_or_default)
    }

    /// An optional credit score.
    pub(crate) fn opt_u16<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
        Value::deserialize(d).map(|v| super::small_number(&v))
    }

    /// A text list.
    pub(crate) fn text_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        Value::deserialize(d).map(|v| super::text_list(&v))
    }

    /// An optional group id: read as text, then parsed; an invalid id is absent.
    pub(crate) fn opt_group_id<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<GroupId>, D::Error> {
        Value::deserialize(d).map(|v| super::text(&v).and_then(|s| GroupId::parse(&s).ok()))
    }
}
