//! Missing values: site-core §5 "Missing values show N/A or None".
//!
//! The spec names both labels but not which field shows which. The rule: `None` is a
//! claim that the product has none of the thing, so it is shown only where the data
//! leaves a field empty because the product lacks that extra. Every other field
//! holds a fact the product has (a rate, a fee schedule, a term, a minimum), and an
//! empty one means we do not know it: it shows `N/A`, because showing "None" for an
//! unknown fee would tell a visitor the product is free of it.
//!
//! | [`FieldKind`] | Fields (site-core §3) | Missing shows |
//! |---|---|---|
//! | `Rate` | REGULAR_PURCHASE_APR, cash APR, APR, APY, RATE_INFO_STR rate and apy | `N/A` |
//! | `Fee` | ANNUAL_FEE, MONTHLY_FEE, ONE_TIME_SETUP_FEES, activation, foreign transaction, balance transfer, cash advance and late fees, ACCOUNT_FEE, SIGNATURE_TX_FEE, ATM_TX_FEE, ORIG_FEE | `N/A` |
//! | `Amount` | MIN_TO_OPEN, MIN_SECURITY_DEPOSIT, balances | `N/A` |
//! | `Term` | TERM, MAX_TERM, grace period | `N/A` |
//! | `Requirement` | MIN_CREDIT_REQUIRED, MIN_CREDIT_REQUIRED_LAST | `N/A` |
//! | `Perk` | REWARDS_EARN_RATE, REWARDS_INITIAL_BONUS, SIGNUP_BONUS, PURCHASE_INTRO_APR and BT_INTRO_APR with their periods | `None` |
//!
//! A zero is a value, not a missing one: a zero fee is formatted as money (`$0.00`)
//! by the caller. A present value that is empty or only whitespace counts as
//! missing in [`or_missing`], because the data feeds send blanks for absent fields.

use serde::{Deserialize, Serialize};

use crate::constants::{NONE, NOT_AVAILABLE};

/// The kind of a displayed field, which decides the label of a missing value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    /// A rate, APR or APY.
    Rate,
    /// A fee of any kind.
    Fee,
    /// An amount of money the product asks for or applies to (MIN_TO_OPEN,
    /// MIN_SECURITY_DEPOSIT, balances).
    Amount,
    /// A duration (TERM, MAX_TERM, grace period).
    Term,
    /// An eligibility requirement (minimum credit).
    Requirement,
    /// An extra the product may not offer: rewards, a sign-up or initial bonus, an
    /// introductory APR offer and its period.
    Perk,
}

impl FieldKind {
    /// Every kind, in table order.
    pub const ALL: [Self; 6] = [
        Self::Rate,
        Self::Fee,
        Self::Amount,
        Self::Term,
        Self::Requirement,
        Self::Perk,
    ];

    /// The label shown when a field of this kind is missing: `None` for a
    /// [`FieldKind::Perk`], `N/A` for every other kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use formatting::missing::FieldKind;
    ///
    /// assert_eq!(FieldKind::Fee.missing_label(), "N/A");
    /// assert_eq!(FieldKind::Perk.missing_label(), "None");
    /// ```
    pub const fn missing_label(self) -> &'static str {
        match self {
            Self::Perk => NONE,
            Self::Rate | Self::Fee | Self::Amount | Self::Term | Self::Requirement => NOT_AVAILABLE,
        }
    }
}

/// The shown text of a field: the value when it is present and not blank, the
/// missing label of its kind otherwise.
///
/// # Examples
///
/// ```
/// use formatting::missing::{or_missing, FieldKind};
///
/// assert_eq!(or_missing(Some("$95.00"), FieldKind::Fee), "$95.00");
/// assert_eq!(or_missing(None::<String>, FieldKind::Rate), "N/A");
/// assert_eq!(or_missing(Some("  "), FieldKind::Perk), "None");
/// ```
pub fn or_missing<S: Into<String>>(value: Option<S>, kind: FieldKind) -> String {
    match value.map(Into::into) {
        Some(text) if !text.trim().is_empty() => text,
        _ => kind.missing_label().to_owned(),
    }
}

#[cfg(test)]
mod tests;
