//! A rate's recent move, as a listing marks it ("APY up 0.25 points"), read from one
//! recorded change of the product's history. Only a change between two stated rates is a
//! move: a rate first given, or no longer given, is not.
//!
//! ```
//! use catalogue::rate_moves::RateMove;
//! use catalogue::refresh::FieldChange;
//!
//! let change = |old: &str, new: &str| FieldChange {
//!     field: "APY".into(), old: Some(old.into()), new: Some(new.into()),
//! };
//! assert_eq!(RateMove::of(&change("3.00%", "3.25%")).unwrap().describe(), "APY up 0.25 points");
//! assert_eq!(RateMove::of(&change("4.00", "3.00")).unwrap().describe(), "APY down 1.00 point");
//! assert!(RateMove::of(&change("3.00%", "3.00")).is_none());
//! assert!(RateMove::of(&change("Variable", "3.00%")).is_none());
//! ```

use rust_decimal::Decimal;

use crate::refresh::FieldChange;

/// How many days a move marks a listing.
pub const RECENT_DAYS: u32 = 30;

/// The figure whose moves listings mark.
pub const FIELD: &str = "APY";

/// A move of a product's APY from one stated rate to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateMove {
    old: Decimal,
    new: Decimal,
}

/// A rate as the catalogue writes it ("3.00%" or "3.00").
fn percent(text: &str) -> Option<Decimal> {
    text.trim().trim_end_matches('%').trim().parse().ok()
}

impl RateMove {
    /// The move `change` records, when it is one of [`FIELD`] between two different rates.
    pub fn of(change: &FieldChange) -> Option<Self> {
        if change.field != FIELD {
            return None;
        }
        let old = percent(change.old.as_deref()?)?;
        let new = percent(change.new.as_deref()?)?;
        (old != new).then_some(Self { old, new })
    }

    /// The rate before, in percent.
    pub fn before(&self) -> Decimal {
        self.old
    }

    /// The rate after, in percent.
    pub fn after(&self) -> Decimal {
        self.new
    }

    /// Whether the rate rose.
    pub fn is_up(&self) -> bool {
        self.new > self.old
    }

    /// By how many percentage points it moved.
    pub fn points(&self) -> Decimal {
        (self.new - self.old).abs()
    }

    /// "APY up 0.25 points", "APY down 1.00 point".
    pub fn describe(&self) -> String {
        let points = self.points();
        format!(
            "{FIELD} {} {points:.2} point{}",
            if self.is_up() { "up" } else { "down" },
            if points == Decimal::ONE { "" } else { "s" }
        )
    }
}
