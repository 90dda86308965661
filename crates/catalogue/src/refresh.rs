//! What an import of a new catalogue folder changes, worked out before anything is written:
//! the offers added, retired (gone from the new data: kept, shown as no longer offered),
//! restored (back after being retired) and, for each offer in both, the fields whose
//! values changed, old and new, by their names in the catalogue files.
//!
//! ```
//! use catalogue::refresh::{Plan, RefreshError};
//! use offer_model::Offer;
//! use serde_json::json;
//!
//! let offer = |id: &str, apy: &str| {
//!     Offer::from_json(&json!({"ID": id, "TYPE": "svg", "NAME": "Savings", "APY": apy})).unwrap()
//! };
//! let live = [offer("a", "4.10"), offer("b", "3.00")];
//! let incoming = [offer("a", "3.85"), offer("c", "2.00")];
//! let plan = Plan::new(&live, &[], &incoming);
//! assert_eq!(plan.added, ["c"]);
//! assert_eq!(plan.retired, ["b"]);
//! assert_eq!(plan.changed[0].id, "a");
//! assert_eq!(plan.changed[0].fields[0].field, "APY");
//! assert_eq!(plan.changed[0].fields[0].old.as_deref(), Some("4.10"));
//! assert_eq!(plan.changed[0].fields[0].new.as_deref(), Some("3.85"));
//! // Retiring one offer of two is half the catalogue: refused unless forced.
//! assert!(matches!(plan.check_retired_share(2, 20, false), Err(RefreshError::RetiresTooMany { .. })));
//! assert!(plan.check_retired_share(2, 20, true).is_ok());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use offer_model::Offer;
use serde_json::Value;

/// The share of the live catalogue (in percent) an import may retire unless forced: a
/// folder that would retire more is more likely a partial or mistyped one than a market
/// that changed overnight.
pub const DEFAULT_MAX_RETIRED_PERCENT: u32 = 20;

/// The fields that are a product's figures, by their names in the catalogue files: rates
/// and rate tiers, APRs, fees, the bonus, the minimum to open and the term. Their changes
/// are a product's history.
pub const FIGURE_FIELDS: [&str; 20] = [
    "APY",
    "RATE_INFO_STR",
    "REGULAR_PURCHASE_APR",
    "PURCHASE_INTRO_APR",
    "BT_INTRO_APR",
    "CASH_APR",
    "APR_GREAT",
    "APR_GOOD",
    "APR_POOR",
    "APR_NO_SCORE",
    "ANNUAL_FEE",
    "ACCOUNT_FEE",
    "MONTHLY_FEE",
    "BT_FEE",
    "CASH_ADVANCE_FEE",
    "FOREIGN_TRANSACTION_FEE",
    "LATE_FEE",
    "REWARDS_INITIAL_BONUS",
    "MIN_TO_OPEN",
    "TERM",
];

/// What a reader calls a figure: "APY", "Annual fee"… (the field's own name for any other).
pub fn figure_label(field: &str) -> &str {
    match field {
        "APY" => "APY",
        "RATE_INFO_STR" => "Rates by balance",
        "REGULAR_PURCHASE_APR" => "Purchase APR",
        "PURCHASE_INTRO_APR" => "Intro purchase APR",
        "BT_INTRO_APR" => "Intro balance transfer APR",
        "CASH_APR" => "Cash advance APR",
        "APR_GREAT" => "APR, excellent credit",
        "APR_GOOD" => "APR, good credit",
        "APR_POOR" => "APR, poor credit",
        "APR_NO_SCORE" => "APR, no credit score",
        "ANNUAL_FEE" => "Annual fee",
        "ACCOUNT_FEE" => "Account fee",
        "MONTHLY_FEE" => "Monthly fee",
        "BT_FEE" => "Balance transfer fee",
        "CASH_ADVANCE_FEE" => "Cash advance fee",
        "FOREIGN_TRANSACTION_FEE" => "Foreign transaction fee",
        "LATE_FEE" => "Late fee",
        "REWARDS_INITIAL_BONUS" => "Sign-up bonus",
        "MIN_TO_OPEN" => "Minimum to open",
        "TERM" => "Term",
        other => other,
    }
}

/// Whether `field` is one of the [`FIGURE_FIELDS`].
pub fn is_figure(field: &str) -> bool {
    FIGURE_FIELDS.contains(&field)
}

/// An offer's figures as changes from no value: where a product's history starts when it
/// first comes into the catalogue.
pub fn first_figures(offer: &Offer) -> Vec<FieldChange> {
    fields(offer)
        .into_iter()
        .filter(|(field, _)| is_figure(field))
        .map(|(field, value)| FieldChange {
            field,
            old: None,
            new: Some(value),
        })
        .collect()
}

/// One field whose value changed, by its name in the catalogue files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldChange {
    /// The field's name (`APY`, `ANNUAL_FEE`…).
    pub field: String,
    /// Its value before (none: it was not given).
    pub old: Option<String>,
    /// Its value after (none: it is no longer given).
    pub new: Option<String>,
}

/// An offer in both catalogues whose fields changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The offer's id.
    pub id: String,
    /// Its changed fields, by name.
    pub fields: Vec<FieldChange>,
}

/// What an import changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Ids new to the catalogue, in the new data's order.
    pub added: Vec<String>,
    /// Ids of live offers the new data no longer has, in id order.
    pub retired: Vec<String>,
    /// Ids of retired offers the new data has again, in the new data's order.
    pub restored: Vec<String>,
    /// Offers in both whose fields changed (restored ones included), in the new data's
    /// order.
    pub changed: Vec<Change>,
}

/// Why an import is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefreshError {
    /// It would retire more than the allowed share of the live catalogue.
    #[error(
        "the new data would retire {retiring} of {live} offers, more than {max_percent}% of the catalogue; check the folder, or force the import"
    )]
    RetiresTooMany {
        /// Offers it would retire.
        retiring: usize,
        /// Live offers now.
        live: usize,
        /// The allowed share, in percent.
        max_percent: u32,
    },
}

/// An offer's fields as the catalogue files write them, each value as text.
fn fields(offer: &Offer) -> BTreeMap<String, String> {
    match offer.to_raw_json() {
        Value::Object(map) => map
            .into_iter()
            .map(|(key, value)| {
                let text = match value {
                    Value::String(text) => text,
                    other => other.to_string(),
                };
                (key, text)
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

/// The fields of `new` that differ from `old`'s, by name.
pub fn field_changes(old: &Offer, new: &Offer) -> Vec<FieldChange> {
    let before = fields(old);
    let after = fields(new);
    let names: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    names
        .into_iter()
        .filter_map(|name| {
            let (old, new) = (before.get(name), after.get(name));
            (old != new).then(|| FieldChange {
                field: name.clone(),
                old: old.cloned(),
                new: new.cloned(),
            })
        })
        .collect()
}

/// `new` with the editors' own fields of `old` kept: each field `old` names as editorial
/// (`EDITORIAL_FIELDS`) that `new` does not give is carried over, and named editorial in
/// the result. A data refresh from a public source brings figures, not the editors' words,
/// and must not wipe them; a field the new data does give is the new data's.
pub fn keep_editors_fields(old: &Offer, new: &Offer) -> Offer {
    let (Value::Object(before), Value::Object(mut after)) = (old.to_raw_json(), new.to_raw_json())
    else {
        return new.clone();
    };
    let mut editorial = new.provenance.editorial_fields.clone();
    for name in &old.provenance.editorial_fields {
        if let Some(value) = before.get(name).filter(|_| !after.contains_key(name)) {
            after.insert(name.clone(), value.clone());
        }
        if !editorial.contains(name) && after.contains_key(name) {
            editorial.push(name.clone());
        }
    }
    if editorial.is_empty() {
        return new.clone();
    }
    after.insert(
        EDITORIAL_FIELDS.to_owned(),
        Value::String(editorial.join(",")),
    );
    Offer::from_json(&Value::Object(after)).unwrap_or_else(|_| new.clone())
}

/// The raw field that names an offer's editorial fields.
const EDITORIAL_FIELDS: &str = "EDITORIAL_FIELDS";

impl Plan {
    /// What importing `incoming` does to a catalogue of `live` offers and `retired` ones.
    /// Ids are unique within each list (the import has refused repeats before this).
    pub fn new(live: &[Offer], retired: &[Offer], incoming: &[Offer]) -> Self {
        let live_by_id: BTreeMap<&str, &Offer> =
            live.iter().map(|o| (o.identity.id.as_str(), o)).collect();
        let retired_by_id: BTreeMap<&str, &Offer> = retired
            .iter()
            .map(|o| (o.identity.id.as_str(), o))
            .collect();
        let incoming_ids: BTreeSet<&str> =
            incoming.iter().map(|o| o.identity.id.as_str()).collect();
        let mut plan = Self::default();
        for offer in incoming {
            let id = offer.identity.id.as_str();
            let before = match (live_by_id.get(id), retired_by_id.get(id)) {
                (Some(before), _) => before,
                (None, Some(before)) => {
                    plan.restored.push(id.to_owned());
                    before
                }
                (None, None) => {
                    plan.added.push(id.to_owned());
                    continue;
                }
            };
            let fields = field_changes(before, offer);
            if !fields.is_empty() {
                plan.changed.push(Change {
                    id: id.to_owned(),
                    fields,
                });
            }
        }
        plan.retired = live_by_id
            .keys()
            .filter(|id| !incoming_ids.contains(*id))
            .map(|id| (*id).to_owned())
            .collect();
        plan
    }

    /// Whether the import changes nothing.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.retired.is_empty()
            && self.restored.is_empty()
            && self.changed.is_empty()
    }

    /// Refuses a plan that retires more than `max_percent` of `live` offers, unless
    /// `force`d.
    pub fn check_retired_share(
        &self,
        live: usize,
        max_percent: u32,
        force: bool,
    ) -> Result<(), RefreshError> {
        let retiring = self.retired.len();
        // retiring / live > max_percent / 100, in integers.
        let too_many = (retiring as u128) * 100 > (live as u128) * u128::from(max_percent);
        if too_many && !force {
            return Err(RefreshError::RetiresTooMany {
                retiring,
                live,
                max_percent,
            });
        }
        Ok(())
    }
}

/// The plan as a report for an operator: counts, then each id added, retired and
/// restored, then each changed offer with its fields, `old → new` (`—` for no value).
impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} added, {} retired, {} restored, {} changed",
            self.added.len(),
            self.retired.len(),
            self.restored.len(),
            self.changed.len()
        )?;
        for (label, ids) in [
            ("added", &self.added),
            ("retired", &self.retired),
            ("restored", &self.restored),
        ] {
            for id in ids {
                writeln!(f, "{label} {id}")?;
            }
        }
        for change in &self.changed {
            writeln!(f, "changed {}", change.id)?;
            for field in &change.fields {
                writeln!(
                    f,
                    "  {}: {} → {}",
                    field.field,
                    field.old.as_deref().unwrap_or("—"),
                    field.new.as_deref().unwrap_or("—")
                )?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn offer(id: &str, extra: Value) -> Offer {
        let mut raw =
            json!({"ID": id, "TYPE": "svg", "PDT_TYPE": "CD", "NAME": format!("CD {id}")});
        if let (Value::Object(raw), Value::Object(extra)) = (&mut raw, extra) {
            raw.extend(extra);
        }
        Offer::from_json(&raw).unwrap()
    }

    #[test]
    fn a_retired_offer_that_comes_back_is_restored_with_its_changes() {
        let live = [offer("a", json!({}))];
        let retired = [offer("r", json!({"APY": "4.00"}))];
        let incoming = [offer("a", json!({})), offer("r", json!({"APY": "4.25"}))];
        let plan = Plan::new(&live, &retired, &incoming);
        assert_eq!(plan.restored, ["r"]);
        assert!(plan.added.is_empty() && plan.retired.is_empty());
        assert_eq!(
            plan.changed,
            [Change {
                id: "r".to_owned(),
                fields: vec![FieldChange {
                    field: "APY".to_owned(),
                    old: Some("4.00".to_owned()),
                    new: Some("4.25".to_owned())
                }]
            }]
        );
        let report = plan.to_string();
        assert!(
            report.starts_with("0 added, 0 retired, 1 restored, 1 changed\n"),
            "{report}"
        );
        assert!(
            report.contains("restored r\nchanged r\n  APY: 4.00 → 4.25\n"),
            "{report}"
        );
    }

    #[test]
    fn the_editors_fields_stay_when_the_new_data_does_not_give_them() {
        let old = offer(
            "a",
            json!({"APY": "4.00", "EDITORS_NOTES": "Our note.", "EDITORIAL_FIELDS": "EDITORS_NOTES"}),
        );
        let refreshed = keep_editors_fields(&old, &offer("a", json!({"APY": "3.90"})));
        let raw = refreshed.to_raw_json();
        assert_eq!(raw["EDITORS_NOTES"], "Our note.");
        assert_eq!(raw["APY"], "3.90");
        assert_eq!(raw["EDITORIAL_FIELDS"], "EDITORS_NOTES");
        // The new data's own note wins.
        let rewritten = offer("a", json!({"EDITORS_NOTES": "A new note."}));
        assert_eq!(
            keep_editors_fields(&old, &rewritten).to_raw_json()["EDITORS_NOTES"],
            "A new note."
        );
        // Only the fields named editorial are kept.
        let dropped = keep_editors_fields(&old, &offer("a", json!({})));
        assert!(dropped.to_raw_json().get("APY").is_none());
    }

    #[test]
    fn a_new_offer_s_history_starts_with_its_figures_only() {
        let first = first_figures(&offer(
            "a",
            json!({"APY": "4.00%", "TERM": "12 months", "EDITORS_NOTES": "x"}),
        ));
        let fields: Vec<&str> = first.iter().map(|c| c.field.as_str()).collect();
        assert_eq!(fields, ["APY", "TERM"]);
        assert!(first.iter().all(|c| c.old.is_none()));
        assert!(is_figure("APY") && !is_figure("NAME"));
        for field in FIGURE_FIELDS {
            assert_ne!(
                figure_label(field),
                field.to_lowercase(),
                "{field} has a reader's label"
            );
        }
        assert_eq!(figure_label("NAME"), "NAME");
    }

    #[test]
    fn the_same_data_again_changes_nothing() {
        let live = [offer("a", json!({"APY": "4.00"})), offer("b", json!({}))];
        let plan = Plan::new(&live, &[], &live);
        assert!(plan.is_empty(), "{plan:?}");
    }

    #[test]
    fn a_field_given_or_dropped_shows_as_from_or_to_no_value() {
        let changes = field_changes(&offer("a", json!({})), &offer("a", json!({"APY": "1.00"})));
        assert_eq!(changes[0].old, None);
        let changes = field_changes(&offer("a", json!({"APY": "1.00"})), &offer("a", json!({})));
        assert_eq!(changes[0].new, None);
    }

    #[test]
    fn the_retired_share_is_compared_exactly_at_its_bound() {
        let live: Vec<Offer> = (0..10).map(|n| offer(&n.to_string(), json!({}))).collect();
        let two_gone = Plan::new(&live, &[], &live[2..]);
        assert!(two_gone.check_retired_share(10, 20, false).is_ok());
        let three_gone = Plan::new(&live, &[], &live[3..]);
        assert_eq!(
            three_gone.check_retired_share(10, 20, false),
            Err(RefreshError::RetiresTooMany {
                retiring: 3,
                live: 10,
                max_percent: 20
            })
        );
        assert!(three_gone.check_retired_share(10, 20, true).is_ok());
        // An empty catalogue retires nothing.
        assert!(
            Plan::new(&[], &[], &live)
                .check_retired_share(0, 20, false)
                .is_ok()
        );
    }
}
