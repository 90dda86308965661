//! The shared case tables of these rules, for the unit tests.
//!
//! They stay in `fixtures/vectors/offer-rules.json` beside the offer link rules they were
//! first written with: the frontend's mirrors (`frontend/src/rules/links.test.ts`) and its
//! coverage test (`frontend/src/rules/coverage.test.ts`) read them by file and table name,
//! so the tables are read from that file rather than moved to one of their own.

use serde::de::DeserializeOwned;
use serde_json::Value;

const VECTORS: &str = include_str!("../../../fixtures/vectors/offer-rules.json");

/// The cases of one rule in the shared vectors, as (input, expected) pairs.
pub(crate) fn vectors<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<(I, E)> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let cases = all[rule]
        .as_array()
        .unwrap_or_else(|| panic!("no rule {rule}"));
    assert!(!cases.is_empty(), "rule {rule} has no cases");
    cases
        .iter()
        .map(|case| {
            (
                serde_json::from_value(case["input"].clone()).unwrap(),
                serde_json::from_value(case["expected"].clone()).unwrap(),
            )
        })
        .collect()
}
