//! Approval-odds text to display class.
//!
//! Implements site-core §5 "Approval-odds text to class: very good = high; good = medium;
//! fair = low; excellent, pre-selected, pre-approved, outstanding = ultra; anything else =
//! limited."
//!
//! Settled reading: the whole text is compared, after trimming surrounding whitespace and
//! lowercasing (Unicode lowercase); it is not a substring search, so "very good" is high
//! and never medium, and "good odds" is limited. Inner spacing and hyphens must match
//! exactly ("pre approved" and "very  good" are limited).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{
    APPROVAL_ODDS_HIGH_TEXT, APPROVAL_ODDS_LOW_TEXT, APPROVAL_ODDS_MEDIUM_TEXT,
    APPROVAL_ODDS_ULTRA_TEXTS,
};

#[cfg(test)]
mod tests;

/// The display class of an approval-odds text; serialises as its class name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ApprovalOddsClass {
    /// "excellent, pre-selected, pre-approved, outstanding = ultra".
    Ultra,
    /// "very good = high".
    High,
    /// "good = medium".
    Medium,
    /// "fair = low".
    Low,
    /// "anything else = limited".
    Limited,
}

impl ApprovalOddsClass {
    /// Classifies an approval-odds text (trimmed, case-insensitive, whole text).
    ///
    /// ```
    /// use ratings::ApprovalOddsClass;
    ///
    /// assert_eq!(ApprovalOddsClass::from_text(" Very Good "), ApprovalOddsClass::High);
    /// assert_eq!(ApprovalOddsClass::from_text("Good"), ApprovalOddsClass::Medium);
    /// assert_eq!(ApprovalOddsClass::from_text("Pre-Approved"), ApprovalOddsClass::Ultra);
    /// assert_eq!(ApprovalOddsClass::from_text("unknown"), ApprovalOddsClass::Limited);
    /// ```
    pub fn from_text(text: &str) -> ApprovalOddsClass {
        let key = text.trim().to_lowercase();
        if APPROVAL_ODDS_ULTRA_TEXTS.contains(&key.as_str()) {
            ApprovalOddsClass::Ultra
        } else if key == APPROVAL_ODDS_HIGH_TEXT {
            ApprovalOddsClass::High
        } else if key == APPROVAL_ODDS_MEDIUM_TEXT {
            ApprovalOddsClass::Medium
        } else if key == APPROVAL_ODDS_LOW_TEXT {
            ApprovalOddsClass::Low
        } else {
            ApprovalOddsClass::Limited
        }
    }

    /// The class name: `ultra`, `high`, `medium`, `low` or `limited`.
    pub fn class_name(self) -> &'static str {
        match self {
            ApprovalOddsClass::Ultra => "ultra",
            ApprovalOddsClass::High => "high",
            ApprovalOddsClass::Medium => "medium",
            ApprovalOddsClass::Low => "low",
            ApprovalOddsClass::Limited => "limited",
        }
    }
}

impl fmt::Display for ApprovalOddsClass {
    /// Writes the class name.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.class_name())
    }
}
