//! Arbitrary JSON text for the property tests of the stored and sent payloads: any text,
//! JSON values whose object keys are mostly the payload's own field names, and such JSON
//! cut short.

use proptest::prelude::*;
use serde_json::{Map, Value};

/// A JSON scalar, with strings that look like numbers, flags and long values.
fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        "-?[0-9]{1,24}".prop_map(Value::from),
        Just(Value::from("")),
        "[a-z]{250,260}".prop_map(Value::from),
    ]
}

/// A JSON value up to three levels deep whose object keys are mostly from `keys`.
pub(crate) fn json_value(keys: &'static [&'static str]) -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        3 => proptest::sample::select(keys).prop_map(str::to_owned),
        1 => "\\PC{0,6}",
    ];
    scalar().prop_recursive(3, 24, 5, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(key.clone(), inner, 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Arbitrary text for a JSON reader: any text, JSON built from `keys`, or such JSON cut
/// at any character.
pub(crate) fn json_text(keys: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        json_value(keys).prop_map(|value| value.to_string()),
        (json_value(keys), any::<proptest::sample::Index>()).prop_map(|(value, cut)| {
            let text = value.to_string();
            let keep = cut.index(text.chars().count() + 1);
            text.chars().take(keep).collect()
        }),
    ]
}
