//! Customer scenarios used to compare banking products (site-core §1).
//!
//! A [`Scenario`] names a kind of customer: everyday checking with a low, below-average,
//! average, above-average or high balance; checking for a traveler, student, cash business
//! or business; saving a small, below-average, average, above-average or large amount;
//! saving for a student or a business; saving for a term of 3, 6, 12, 24, 36 or 60 months.
//!
//! Keys: site-core spells only `everydayCheckingLowBalance`; the other keys follow the
//! same camelCase pattern and are our choice: `everydayChecking{Level}Balance`,
//! `checking{Customer}`, `saving{Level}Amount`, `saving{Customer}` and
//! `savingTerm{N}Months` (the full list is [`Scenario::ALL`]).
//!
//! Representative balances: a balance scenario carries the amount a listing uses to rank
//! products by what that customer earns. The amounts are an editorial choice, not part of
//! the spec (see the `*_CHECKING_BALANCE` and `*_SAVING_AMOUNT` constants).
//!
//! ```
//! use offer_model::scenarios::{ProductFamily, Scenario};
//! use rust_decimal::Decimal;
//!
//! let scenario = Scenario::parse("everydayCheckingLowBalance")?;
//! assert_eq!(scenario.family(), ProductFamily::Checking);
//! assert_eq!(scenario.representative_balance(), Some(Decimal::from(500)));
//! assert_eq!(Scenario::SavingTerm12Months.term_months(), Some(12));
//! # Ok::<(), offer_model::scenarios::UnknownScenario>(())
//! ```

use std::{fmt, str::FromStr};

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Editorial choice: the balance of the everyday-checking low-balance customer, $500.
pub const LOW_CHECKING_BALANCE: Decimal = Decimal::from_parts(500, 0, 0, false, 0);

/// Editorial choice: the balance of the everyday-checking below-average customer, $2,000.
pub const BELOW_AVERAGE_CHECKING_BALANCE: Decimal = Decimal::from_parts(2_000, 0, 0, false, 0);

/// Editorial choice: the balance of the everyday-checking average customer, $5,000.
pub const AVERAGE_CHECKING_BALANCE: Decimal = Decimal::from_parts(5_000, 0, 0, false, 0);

/// Editorial choice: the balance of the everyday-checking above-average customer, $10,000.
pub const ABOVE_AVERAGE_CHECKING_BALANCE: Decimal = Decimal::from_parts(10_000, 0, 0, false, 0);

/// Editorial choice: the balance of the everyday-checking high-balance customer, $100,000.
pub const HIGH_CHECKING_BALANCE: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// Editorial choice: the amount of the customer saving a small amount, $1,000.
pub const SMALL_SAVING_AMOUNT: Decimal = Decimal::from_parts(1_000, 0, 0, false, 0);

/// Editorial choice: the amount of the customer saving a below-average amount, $5,000.
pub const BELOW_AVERAGE_SAVING_AMOUNT: Decimal = Decimal::from_parts(5_000, 0, 0, false, 0);

/// Editorial choice: the amount of the customer saving an average amount, $10,000.
pub const AVERAGE_SAVING_AMOUNT: Decimal = Decimal::from_parts(10_000, 0, 0, false, 0);

/// Editorial choice: the amount of the customer saving an above-average amount, $25,000.
pub const ABOVE_AVERAGE_SAVING_AMOUNT: Decimal = Decimal::from_parts(25_000, 0, 0, false, 0);

/// Editorial choice: the amount of the customer saving a large amount, $100,000.
pub const LARGE_SAVING_AMOUNT: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// Site-core §1: saving scenarios exist "for terms of 3, 6, 12, 24, 36 and 60 months".
pub const SAVING_TERMS_MONTHS: [u32; 6] = [3, 6, 12, 24, 36, 60];

/// A scenario key that is none of the keys in [`Scenario::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown customer scenario `{key}`")]
pub struct UnknownScenario {
    /// The key that was given.
    pub key: String,
}

/// The product family a scenario applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ProductFamily {
    /// Checking accounts.
    Checking,
    /// Savings, money-market and CD accounts.
    Saving,
}

/// A customer scenario (site-core §1). Travels as its key string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum Scenario {
    /// `everydayCheckingLowBalance`.
    EverydayCheckingLowBalance,
    /// `everydayCheckingBelowAverageBalance`.
    EverydayCheckingBelowAverageBalance,
    /// `everydayCheckingAverageBalance`.
    EverydayCheckingAverageBalance,
    /// `everydayCheckingAboveAverageBalance`.
    EverydayCheckingAboveAverageBalance,
    /// `everydayCheckingHighBalance`.
    EverydayCheckingHighBalance,
    /// `checkingTraveler`.
    CheckingTraveler,
    /// `checkingStudent`.
    CheckingStudent,
    /// `checkingCashBusiness`.
    CheckingCashBusiness,
    /// `checkingBusiness`.
    CheckingBusiness,
    /// `savingSmallAmount`.
    SavingSmallAmount,
    /// `savingBelowAverageAmount`.
    SavingBelowAverageAmount,
    /// `savingAverageAmount`.
    SavingAverageAmount,
    /// `savingAboveAverageAmount`.
    SavingAboveAverageAmount,
    /// `savingLargeAmount`.
    SavingLargeAmount,
    /// `savingStudent`.
    SavingStudent,
    /// `savingBusiness`.
    SavingBusiness,
    /// `savingTerm3Months`.
    SavingTerm3Months,
    /// `savingTerm6Months`.
    SavingTerm6Months,
    /// `savingTerm12Months`.
    SavingTerm12Months,
    /// `savingTerm24Months`.
    SavingTerm24Months,
    /// `savingTerm36Months`.
    SavingTerm36Months,
    /// `savingTerm60Months`.
    SavingTerm60Months,
}

/// One row of the scenario table.
#[derive(Clone, Copy)]
struct ScenarioRow {
    key: &'static str,
    label: &'static str,
    family: ProductFamily,
    term_months: Option<u32>,
    balance: Option<Decimal>,
}

impl Scenario {
    /// Every scenario: checking first, then saving, then the saving terms.
    pub const ALL: [Self; 22] = [
        Self::EverydayCheckingLowBalance,
        Self::EverydayCheckingBelowAverageBalance,
        Self::EverydayCheckingAverageBalance,
        Self::EverydayCheckingAboveAverageBalance,
        Self::EverydayCheckingHighBalance,
        Self::CheckingTraveler,
        Self::CheckingStudent,
        Self::CheckingCashBusiness,
        Self::CheckingBusiness,
        Self::SavingSmallAmount,
        Self::SavingBelowAverageAmount,
        Self::SavingAverageAmount,
        Self::SavingAboveAverageAmount,
        Self::SavingLargeAmount,
        Self::SavingStudent,
        Self::SavingBusiness,
        Self::SavingTerm3Months,
        Self::SavingTerm6Months,
        Self::SavingTerm12Months,
        Self::SavingTerm24Months,
        Self::SavingTerm36Months,
        Self::SavingTerm60Months,
    ];

    /// The scenario table: the one place that gives each scenario its key, label, family,
    /// term and representative balance.
    const fn row(self) -> ScenarioRow {
        use ProductFamily::{Checking, Saving};
        let (key, label, family, term_months, balance) = match self {
            Self::EverydayCheckingLowBalance => (
                "everydayCheckingLowBalance",
                "Everyday checking with a low balance",
                Checking,
                None,
                Some(LOW_CHECKING_BALANCE),
            ),
            Self::EverydayCheckingBelowAverageBalance => (
                "everydayCheckingBelowAverageBalance",
                "Everyday checking with a below-average balance",
                Checking,
                None,
                Some(BELOW_AVERAGE_CHECKING_BALANCE),
            ),
            Self::EverydayCheckingAverageBalance => (
                "everydayCheckingAverageBalance",
                "Everyday checking with an average balance",
                Checking,
                None,
                Some(AVERAGE_CHECKING_BALANCE),
            ),
            Self::EverydayCheckingAboveAverageBalance => (
                "everydayCheckingAboveAverageBalance",
                "Everyday checking with an above-average balance",
                Checking,
                None,
                Some(ABOVE_AVERAGE_CHECKING_BALANCE),
            ),
            Self::EverydayCheckingHighBalance => (
                "everydayCheckingHighBalance",
                "Everyday checking with a high balance",
                Checking,
                None,
                Some(HIGH_CHECKING_BALANCE),
            ),
            Self::CheckingTraveler => (
                "checkingTraveler",
                "Checking for a traveler",
                Checking,
                None,
                None,
            ),
            Self::CheckingStudent => (
                "checkingStudent",
                "Checking for a student",
                Checking,
                None,
                None,
            ),
            Self::CheckingCashBusiness => (
                "checkingCashBusiness",
                "Checking for a cash business",
                Checking,
                None,
                None,
            ),
            Self::CheckingBusiness => (
                "checkingBusiness",
                "Checking for a business",
                Checking,
                None,
                None,
            ),
            Self::SavingSmallAmount => (
                "savingSmallAmount",
                "Saving a small amount",
                Saving,
                None,
                Some(SMALL_SAVING_AMOUNT),
            ),
            Self::SavingBelowAverageAmount => (
                "savingBelowAverageAmount",
                "Saving a below-average amount",
                Saving,
                None,
                Some(BELOW_AVERAGE_SAVING_AMOUNT),
            ),
            Self::SavingAverageAmount => (
                "savingAverageAmount",
                "Saving an average amount",
                Saving,
                None,
                Some(AVERAGE_SAVING_AMOUNT),
            ),
            Self::SavingAboveAverageAmount => (
                "savingAboveAverageAmount",
                "Saving an above-average amount",
                Saving,
                None,
                Some(ABOVE_AVERAGE_SAVING_AMOUNT),
            ),
            Self::SavingLargeAmount => (
                "savingLargeAmount",
                "Saving a large amount",
                Saving,
                None,
                Some(LARGE_SAVING_AMOUNT),
            ),
            Self::SavingStudent => ("savingStudent", "Saving for a student", Saving, None, None),
            Self::SavingBusiness => (
                "savingBusiness",
                "Saving for a business",
                Saving,
                None,
                None,
            ),
            Self::SavingTerm3Months => (
                "savingTerm3Months",
                "Saving for a 3-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[0]),
                None,
            ),
            Self::SavingTerm6Months => (
                "savingTerm6Months",
                "Saving for a 6-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[1]),
                None,
            ),
            Self::SavingTerm12Months => (
                "savingTerm12Months",
                "Saving for a 12-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[2]),
                None,
            ),
            Self::SavingTerm24Months => (
                "savingTerm24Months",
                "Saving for a 24-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[3]),
                None,
            ),
            Self::SavingTerm36Months => (
                "savingTerm36Months",
                "Saving for a 36-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[4]),
                None,
            ),
            Self::SavingTerm60Months => (
                "savingTerm60Months",
                "Saving for a 60-month term",
                Saving,
                Some(SAVING_TERMS_MONTHS[5]),
                None,
            ),
        };
        ScenarioRow {
            key,
            label,
            family,
            term_months,
            balance,
        }
    }

    /// Reads a scenario key. Keys are exact and case-sensitive.
    ///
    /// ```
    /// use offer_model::scenarios::Scenario;
    ///
    /// assert_eq!(Scenario::parse("savingTerm60Months"), Ok(Scenario::SavingTerm60Months));
    /// assert!(Scenario::parse("savingTerm7Months").is_err());
    /// ```
    pub fn parse(key: &str) -> Result<Self, UnknownScenario> {
        Self::ALL
            .into_iter()
            .find(|scenario| scenario.key() == key)
            .ok_or_else(|| UnknownScenario {
                key: key.to_owned(),
            })
    }

    /// The scenario for a saving term, if the spec names that term.
    pub fn for_term(months: u32) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|scenario| scenario.term_months() == Some(months))
    }

    /// The scenarios of one product family, in [`Scenario::ALL`] order.
    pub fn of_family(family: ProductFamily) -> impl Iterator<Item = Self> {
        Self::ALL
            .into_iter()
            .filter(move |scenario| scenario.family() == family)
    }

    /// The key, such as `everydayCheckingLowBalance`.
    pub fn key(self) -> &'static str {
        self.row().key
    }

    /// The meaning, worded as in site-core §1, such as "Everyday checking with a low
    /// balance".
    pub fn label(self) -> &'static str {
        self.row().label
    }

    /// The product family the scenario applies to: checking, or savings / money-market /
    /// CD.
    pub fn family(self) -> ProductFamily {
        self.row().family
    }

    /// The term in months, for the term scenarios.
    pub fn term_months(self) -> Option<u32> {
        self.row().term_months
    }

    /// The representative balance (editorial choice), for the balance scenarios.
    pub fn representative_balance(self) -> Option<Decimal> {
        self.row().balance
    }
}

impl TryFrom<String> for Scenario {
    type Error = UnknownScenario;

    fn try_from(key: String) -> Result<Self, Self::Error> {
        Self::parse(&key)
    }
}

impl From<Scenario> for &'static str {
    fn from(scenario: Scenario) -> Self {
        scenario.key()
    }
}

impl FromStr for Scenario {
    type Err = UnknownScenario;

    fn from_str(key: &str) -> Result<Self, Self::Err> {
        Self::parse(key)
    }
}

impl fmt::Display for Scenario {
    /// Writes the key; use [`Scenario::label`] for the meaning.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}
