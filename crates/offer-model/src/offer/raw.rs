//! Reading and writing the raw, spec-shaped offer JSON (site-core §3 "Field names exist in
//! upper-case and lower-case variants"): case-blind field lookup and one codec per kind of
//! field. Crate-private; [`Offer`](super::Offer) is the public face.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{FieldError, OfferError};

/// A raw offer object with its keys matched without regard to case.
///
/// When several keys differ only in case, the first present value wins in this order:
/// the all-upper-case key, the all-lower-case key, then other spellings in byte order.
/// `null`, `""` and blank strings count as absent, so they never hide a value.
pub(crate) struct RawOffer<'a> {
    fields: HashMap<String, (u8, &'a str, &'a Value)>,
}

impl<'a> RawOffer<'a> {
    pub(crate) fn new(object: &'a Map<String, Value>) -> Self {
        let mut fields: HashMap<String, (u8, &'a str, &'a Value)> = HashMap::new();
        for (key, value) in object {
            if is_absent(value) {
                continue;
            }
            let rank = if !key.bytes().any(|b| b.is_ascii_lowercase()) {
                0
            } else if !key.bytes().any(|b| b.is_ascii_uppercase()) {
                1
            } else {
                2
            };
            let candidate = (rank, key.as_str(), value);
            fields
                .entry(key.to_ascii_lowercase())
                .and_modify(|held| {
                    if (candidate.0, candidate.1) < (held.0, held.1) {
                        *held = candidate;
                    }
                })
                .or_insert(candidate);
        }
        Self { fields }
    }

    /// The value of the first of `names` that is present.
    pub(crate) fn get(&self, names: &[&str]) -> Option<&'a Value> {
        names.iter().find_map(|name| {
            self.fields
                .get(&name.to_ascii_lowercase())
                .map(|(_, _, value)| *value)
        })
    }

    /// The value of the first of `names` as trimmed text; numbers are read as their digits.
    pub(crate) fn text(&self, names: &[&'static str]) -> Result<Option<String>, OfferError> {
        match self.get(names) {
            None => Ok(None),
            Some(value) => value_text(value)
                .map(Some)
                .map_err(|problem| invalid(names, problem)),
        }
    }
}

/// `null` or a blank string.
fn is_absent(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

/// A JSON value as trimmed text: strings and numbers are text; anything else is the wrong
/// type.
fn value_text(value: &Value) -> Result<String, FieldError> {
    match value {
        Value::String(text) => Ok(text.trim().to_owned()),
        Value::Number(number) => Ok(number.to_string()),
        other => Err(FieldError::WrongJsonType {
            expected: "text or a number",
            found: json_kind(other),
        }),
    }
}

/// The name of a JSON value's type, for error messages.
pub(crate) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The canonical name of a field: the first of its names.
fn canonical(names: &[&'static str]) -> &'static str {
    names.first().copied().unwrap_or_default()
}

/// An error naming the field by its canonical name.
pub(crate) fn invalid(names: &[&'static str], problem: impl Into<FieldError>) -> OfferError {
    OfferError::InvalidField {
        field: canonical(names),
        problem: problem.into(),
    }
}

/// Writes `value` under the canonical name.
fn put(out: &mut Map<String, Value>, names: &[&'static str], value: Value) {
    out.insert(canonical(names).to_owned(), value);
}

/// One codec per kind of field: `read` from a [`RawOffer`] under the field's names, `write`
/// back under its canonical name (the raw upper-case form).
pub(crate) mod codec {
    use super::{RawOffer, canonical, invalid, json_kind, put, value_text};
    use crate::offer::{FieldError, OfferError};
    use serde_json::{Map, Value};

    /// Optional free text, trimmed.
    pub(crate) mod text {
        use super::*;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<String>, OfferError> {
            raw.text(names)
        }

        pub(crate) fn write(
            value: &Option<String>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(text) = value {
                put(out, names, Value::String(text.clone()));
            }
        }
    }

    /// The required offer id.
    pub(crate) mod offer_id {
        use super::*;
        use crate::offer::OfferId;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<OfferId, OfferError> {
            let text = raw.text(names)?.ok_or(OfferError::MissingField {
                field: canonical(names),
            })?;
            OfferId::parse(&text).map_err(|_| OfferError::MissingField {
                field: canonical(names),
            })
        }

        pub(crate) fn write(value: &OfferId, names: &[&'static str], out: &mut Map<String, Value>) {
            put(out, names, Value::String(value.as_str().to_owned()));
        }
    }

    /// The required offer name.
    pub(crate) mod offer_name {
        use super::*;
        use crate::offer::OfferName;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<OfferName, OfferError> {
            let text = raw.text(names)?.ok_or(OfferError::MissingField {
                field: canonical(names),
            })?;
            OfferName::parse(&text).map_err(|_| OfferError::MissingField {
                field: canonical(names),
            })
        }

        pub(crate) fn write(
            value: &OfferName,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            put(out, names, Value::String(value.as_str().to_owned()));
        }
    }

    /// A Y/N flag: also a JSON boolean, or the numbers 0 and 1. Missing is false.
    pub(crate) mod flag {
        use super::*;
        use crate::offer::parse_flag;

        pub(crate) fn read(raw: &RawOffer<'_>, names: &[&'static str]) -> Result<bool, OfferError> {
            match raw.get(names) {
                None => Ok(false),
                Some(Value::Bool(flag)) => Ok(*flag),
                Some(value @ (Value::String(_) | Value::Number(_))) => {
                    let text = value_text(value).map_err(|problem| invalid(names, problem))?;
                    parse_flag(&text).map_err(|problem| invalid(names, problem))
                }
                Some(other) => Err(invalid(
                    names,
                    FieldError::WrongJsonType {
                        expected: "a Y/N flag",
                        found: json_kind(other),
                    },
                )),
            }
        }

        pub(crate) fn write(value: &bool, names: &[&'static str], out: &mut Map<String, Value>) {
            let flag = if *value { "Y" } else { "N" };
            put(out, names, Value::String(flag.to_owned()));
        }
    }

    /// A money or rate amount.
    pub(crate) mod amount {
        use super::*;
        use crate::offer::Amount;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<Amount>, OfferError> {
            Ok(raw.text(names)?.and_then(|text| Amount::parse(&text)))
        }

        pub(crate) fn write(
            value: &Option<Amount>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(amount) = value {
                put(out, names, Value::String(amount.to_string()));
            }
        }
    }

    /// A rating from 0 to 5, a [`ratings::Rating`]. The field's text (a string trimmed, or a
    /// JSON number's digits) is read with the syntax of every numeric field
    /// ([`parse_number`](crate::offer::values::parse_number): `$`, `%`, thousands separators,
    /// exponent form as JSON numbers may print), then placed on the scale by
    /// [`Rating::new`](ratings::Rating::new), which owns the 0-to-5 rule. `Rating::parse` is
    /// not used: its stricter grammar would refuse spellings offers have always accepted.
    pub(crate) mod rating {
        use super::*;
        use crate::offer::values::parse_number;
        use ratings::{Rating, RatingError};

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<Rating>, OfferError> {
            let Some(text) = raw.text(names)? else {
                return Ok(None);
            };
            parse_number(&text)
                .map(|number| number.signed())
                .ok_or(RatingError::NotANumber { input: text })
                .and_then(Rating::new)
                .map(Some)
                .map_err(|problem| invalid(names, problem))
        }

        pub(crate) fn write(
            value: &Option<Rating>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(rating) = value {
                put(out, names, Value::String(rating.to_string()));
            }
        }
    }

    /// A count of votes: a whole number, zero or more.
    pub(crate) mod count {
        use super::*;
        use crate::offer::values::parse_number;
        use rust_decimal::prelude::ToPrimitive;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<u64>, OfferError> {
            let Some(text) = raw.text(names)? else {
                return Ok(None);
            };
            parse_number(&text)
                .filter(|number| number.value.fract().is_zero())
                .and_then(|number| number.signed().to_u64())
                .map(Some)
                .ok_or_else(|| invalid(names, FieldError::NotACount { value: text }))
        }

        pub(crate) fn write(
            value: &Option<u64>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(count) = value {
                put(out, names, Value::from(*count));
            }
        }
    }

    /// Reads a list field: a JSON list of texts, or text split by `split`.
    fn read_list(
        raw: &RawOffer<'_>,
        names: &[&'static str],
        split: fn(&str) -> Vec<String>,
    ) -> Result<Vec<String>, OfferError> {
        match raw.get(names) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => {
                let mut entries = Vec::new();
                for item in items {
                    match item {
                        Value::Null => {}
                        Value::String(_) | Value::Number(_) => {
                            let text =
                                value_text(item).map_err(|problem| invalid(names, problem))?;
                            entries.extend(split(&text));
                        }
                        other => {
                            return Err(invalid(
                                names,
                                FieldError::WrongJsonType {
                                    expected: "a list of texts",
                                    found: json_kind(other),
                                },
                            ));
                        }
                    }
                }
                Ok(entries)
            }
            Some(_) => Ok(raw
                .text(names)?
                .map(|text| split(&text))
                .unwrap_or_default()),
        }
    }

    fn write_list(
        entries: &[String],
        separator: &str,
        names: &[&'static str],
        out: &mut Map<String, Value>,
    ) {
        if !entries.is_empty() {
            put(out, names, Value::String(entries.join(separator)));
        }
    }

    /// A `__`-separated list (`DESCRIPTION`, `REWARD_DETAILS`).
    pub(crate) mod double_underscore_list {
        use super::*;
        use crate::text_lists::{DOUBLE_UNDERSCORE_SEPARATOR, split_double_underscore_list};

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Vec<String>, OfferError> {
            read_list(raw, names, split_double_underscore_list)
        }

        pub(crate) fn write(
            value: &[String],
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            write_list(value, DOUBLE_UNDERSCORE_SEPARATOR, names, out);
        }
    }

    /// An optional calendar date written `YYYY-MM-DD`.
    pub(crate) mod date {
        use super::*;
        use chrono::NaiveDate;

        /// How a date is written in a raw offer.
        const FORMAT: &str = "%Y-%m-%d";

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<NaiveDate>, OfferError> {
            match raw.text(names)? {
                None => Ok(None),
                Some(text) => NaiveDate::parse_from_str(&text, FORMAT)
                    .map(Some)
                    .map_err(|_| invalid(names, FieldError::NotADate { value: text })),
            }
        }

        pub(crate) fn write(
            value: &Option<NaiveDate>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(date) = value {
                put(out, names, Value::String(date.format(FORMAT).to_string()));
            }
        }
    }

    /// A comma-separated list (needs, tags).
    pub(crate) mod comma_list {
        use super::*;
        use crate::offer::LIST_SEPARATOR;

        fn split(text: &str) -> Vec<String> {
            text.split(LIST_SEPARATOR)
                .map(str::trim)
                .filter(|entry| !entry.is_empty())
                .map(str::to_owned)
                .collect()
        }

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Vec<String>, OfferError> {
            read_list(raw, names, split)
        }

        pub(crate) fn write(
            value: &[String],
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            write_list(value, &LIST_SEPARATOR.to_string(), names, out);
        }
    }

    /// Pros and cons: names are the source, the pros and the cons fields, in that order.
    pub(crate) mod pros_cons {
        use super::*;
        use crate::text_lists::{ListSource, ProsCons, join_pipe_list, split_pipe_list};

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<ProsCons, OfferError> {
            let [source, pros, cons] = names else {
                return Ok(ProsCons::default());
            };
            let source = match raw.text(&[*source])? {
                Some(text) => {
                    ListSource::parse(&text).map_err(|problem| invalid(&[*source], problem))?
                }
                None => ListSource::default(),
            };
            let pros = read_list(raw, &[*pros], split_pipe_list)?;
            let cons = read_list(raw, &[*cons], split_pipe_list)?;
            Ok(ProsCons::new(source, pros, cons))
        }

        pub(crate) fn write(
            value: &ProsCons,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            let [source, pros, cons] = names else {
                return;
            };
            put(
                out,
                &[*source],
                Value::String(value.source().as_str().to_owned()),
            );
            if !value.pros().is_empty() {
                put(out, &[*pros], Value::String(join_pipe_list(value.pros())));
            }
            if !value.cons().is_empty() {
                put(out, &[*cons], Value::String(join_pipe_list(value.cons())));
            }
        }
    }

    /// A credit label (`MIN_CREDIT_REQUIRED`); any text is a label.
    pub(crate) mod credit_label {
        use super::*;
        use crate::credit::CreditLabel;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<CreditLabel>, OfferError> {
            Ok(raw.text(names)?.map(|text| CreditLabel::parse(&text)))
        }

        pub(crate) fn write(
            value: &Option<CreditLabel>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(label) = value {
                put(out, names, Value::String(label.as_str().to_owned()));
            }
        }
    }

    /// The `RATE_INFO_STR` table; missing is an empty table.
    pub(crate) mod rate_tiers {
        use super::*;
        use crate::rate_tiers::RateTiers;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<RateTiers, OfferError> {
            raw.text(names)?
                .map(|text| RateTiers::parse(&text).map_err(|problem| invalid(names, problem)))
                .transpose()
                .map(Option::unwrap_or_default)
        }

        pub(crate) fn write(
            value: &RateTiers,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if !value.is_empty() {
                put(out, names, Value::String(value.to_string()));
            }
        }
    }

    /// The affiliate influence scope, `O` or `I` in any case
    /// ([`AffiliateScope::from_field`](crate::links::AffiliateScope::from_field)).
    pub(crate) mod scope {
        use super::*;
        use crate::links::AffiliateScope;

        pub(crate) fn read(
            raw: &RawOffer<'_>,
            names: &[&'static str],
        ) -> Result<Option<AffiliateScope>, OfferError> {
            match raw.text(names)? {
                Some(text) => {
                    AffiliateScope::from_field(&text).map_err(|problem| invalid(names, problem))
                }
                None => Ok(None),
            }
        }

        pub(crate) fn write(
            value: &Option<AffiliateScope>,
            names: &[&'static str],
            out: &mut Map<String, Value>,
        ) {
            if let Some(scope) = value {
                put(out, names, Value::String(scope.as_str().to_owned()));
            }
        }
    }
}
