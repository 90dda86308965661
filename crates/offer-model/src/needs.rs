//! Credit-card need keys and their labels (site-core §3 "Need aliases", community §3
//! "Credit-card need aliases"), in one table: [`NeedKey::ALL`] with [`NeedKey::label`].
//!
//! The quoted labels are verbatim: rebuild "Rebuild Damaged Credit", improving
//! "Improve Credit", student "Build Credit (Students)", rewards "Earn Rewards", financing
//! "Finance New Purchases", lowerDebt "Lower Cost of Existing Debt".
//! Business variants are the personal label prefixed "Business - " ([`BUSINESS_PREFIX`]).
//!
//! The specs do not quote the other labels; DECISIONS.md says "choose clear labels", and
//! these are our choices:
//!
//! - Reward kinds read "{kind} Rewards": travel "Travel Rewards" (the DECISIONS.md
//!   example), airline "Airline Rewards", hotel "Hotel Rewards", gas "Gas Rewards",
//!   storeRewards "Store Rewards".
//! - The other store variants are the base label followed by "(Store Cards)":
//!   storeRebuild "Rebuild Damaged Credit (Store Cards)", storeFinancing
//!   "Finance New Purchases (Store Cards)".
//! - What "NB" means is not known (DECISIONS.md: only say "No Bank Account" if the data
//!   says so). So an NB variant keeps its base label with the marker "NB" in parentheses,
//!   which keeps it apart from its base without inventing a meaning: rebuildNB
//!   "Rebuild Damaged Credit (NB)", improvingNB "Improve Credit (NB)", studentNB
//!   "Build Credit (Students, NB)" (merged into the existing parenthesis).
//!   Replace these once the data owner says what NB stands for.
//! - businessLoweringDebt is the business variant of lowerDebt, despite its spelling:
//!   "Business - Lower Cost of Existing Debt".
//!
//! ```
//! use offer_model::needs::NeedKey;
//!
//! let need = NeedKey::parse("businessTravel")?;
//! assert_eq!(need.label(), "Business - Travel Rewards");
//! assert!(need.is_business());
//! assert_eq!(need.personal(), NeedKey::Travel);
//! # Ok::<(), offer_model::needs::UnknownNeedKey>(())
//! ```

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// The prefix of every business variant's label (site-core §3, community §3):
/// "Business - ".
pub const BUSINESS_PREFIX: &str = "Business - ";

/// A need key that is none of the keys the specs name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown need key `{key}`")]
pub struct UnknownNeedKey {
    /// The key that was given.
    pub key: String,
}

/// A credit-card need a visitor shops for, such as `rebuild` or `businessTravel`.
///
/// Travels as its exact key string (`"rebuildNB"`, `"businessLoweringDebt"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum NeedKey {
    /// `rebuild`: "Rebuild Damaged Credit".
    Rebuild,
    /// `storeRebuild`: "Rebuild Damaged Credit (Store Cards)".
    StoreRebuild,
    /// `rebuildNB`: "Rebuild Damaged Credit (NB)".
    RebuildNb,
    /// `improving`: "Improve Credit".
    Improving,
    /// `improvingNB`: "Improve Credit (NB)".
    ImprovingNb,
    /// `student`: "Build Credit (Students)".
    Student,
    /// `studentNB`: "Build Credit (Students, NB)".
    StudentNb,
    /// `rewards`: "Earn Rewards".
    Rewards,
    /// `travel`: "Travel Rewards".
    Travel,
    /// `airline`: "Airline Rewards".
    Airline,
    /// `hotel`: "Hotel Rewards".
    Hotel,
    /// `gas`: "Gas Rewards".
    Gas,
    /// `storeRewards`: "Store Rewards".
    StoreRewards,
    /// `financing`: "Finance New Purchases".
    Financing,
    /// `storeFinancing`: "Finance New Purchases (Store Cards)".
    StoreFinancing,
    /// `lowerDebt`: "Lower Cost of Existing Debt".
    LowerDebt,
    /// `businessRebuild`: "Business - Rebuild Damaged Credit".
    BusinessRebuild,
    /// `businessRebuildNB`: "Business - Rebuild Damaged Credit (NB)".
    BusinessRebuildNb,
    /// `businessImproving`: "Business - Improve Credit".
    BusinessImproving,
    /// `businessImprovingNB`: "Business - Improve Credit (NB)".
    BusinessImprovingNb,
    /// `businessRewards`: "Business - Earn Rewards".
    BusinessRewards,
    /// `businessTravel`: "Business - Travel Rewards".
    BusinessTravel,
    /// `businessStoreRewards`: "Business - Store Rewards".
    BusinessStoreRewards,
    /// `businessFinancing`: "Business - Finance New Purchases".
    BusinessFinancing,
    /// `businessStoreFinancing`: "Business - Finance New Purchases (Store Cards)".
    BusinessStoreFinancing,
    /// `businessLoweringDebt`: "Business - Lower Cost of Existing Debt".
    BusinessLoweringDebt,
}

/// One row of the need table: the exact key string, the label, and the personal need it
/// is the business variant of (itself for a personal need).
#[derive(Clone, Copy)]
struct NeedRow {
    key: &'static str,
    label: &'static str,
    personal: NeedKey,
}

impl NeedKey {
    /// The need table: the one place that maps keys to labels. The compiler checks that
    /// every variant has a row.
    const fn row(self) -> NeedRow {
        use NeedKey as N;
        let (key, label, personal) = match self {
            N::Rebuild => ("rebuild", "Rebuild Damaged Credit", N::Rebuild),
            N::StoreRebuild => (
                "storeRebuild",
                "Rebuild Damaged Credit (Store Cards)",
                N::StoreRebuild,
            ),
            N::RebuildNb => ("rebuildNB", "Rebuild Damaged Credit (NB)", N::RebuildNb),
            N::Improving => ("improving", "Improve Credit", N::Improving),
            N::ImprovingNb => ("improvingNB", "Improve Credit (NB)", N::ImprovingNb),
            N::Student => ("student", "Build Credit (Students)", N::Student),
            N::StudentNb => ("studentNB", "Build Credit (Students, NB)", N::StudentNb),
            N::Rewards => ("rewards", "Earn Rewards", N::Rewards),
            N::Travel => ("travel", "Travel Rewards", N::Travel),
            N::Airline => ("airline", "Airline Rewards", N::Airline),
            N::Hotel => ("hotel", "Hotel Rewards", N::Hotel),
            N::Gas => ("gas", "Gas Rewards", N::Gas),
            N::StoreRewards => ("storeRewards", "Store Rewards", N::StoreRewards),
            N::Financing => ("financing", "Finance New Purchases", N::Financing),
            N::StoreFinancing => (
                "storeFinancing",
                "Finance New Purchases (Store Cards)",
                N::StoreFinancing,
            ),
            N::LowerDebt => ("lowerDebt", "Lower Cost of Existing Debt", N::LowerDebt),
            N::BusinessRebuild => (
                "businessRebuild",
                "Business - Rebuild Damaged Credit",
                N::Rebuild,
            ),
            N::BusinessRebuildNb => (
                "businessRebuildNB",
                "Business - Rebuild Damaged Credit (NB)",
                N::RebuildNb,
            ),
            N::BusinessImproving => (
                "businessImproving",
                "Business - Improve Credit",
                N::Improving,
            ),
            N::BusinessImprovingNb => (
                "businessImprovingNB",
                "Business - Improve Credit (NB)",
                N::ImprovingNb,
            ),
            N::BusinessRewards => ("businessRewards", "Business - Earn Rewards", N::Rewards),
            N::BusinessTravel => ("businessTravel", "Business - Travel Rewards", N::Travel),
            N::BusinessStoreRewards => (
                "businessStoreRewards",
                "Business - Store Rewards",
                N::StoreRewards,
            ),
            N::BusinessFinancing => (
                "businessFinancing",
                "Business - Finance New Purchases",
                N::Financing,
            ),
            N::BusinessStoreFinancing => (
                "businessStoreFinancing",
                "Business - Finance New Purchases (Store Cards)",
                N::StoreFinancing,
            ),
            N::BusinessLoweringDebt => (
                "businessLoweringDebt",
                "Business - Lower Cost of Existing Debt",
                N::LowerDebt,
            ),
        };
        NeedRow {
            key,
            label,
            personal,
        }
    }

    /// Every need key, in the order the specs list them: the personal needs, then the
    /// business variants.
    pub const ALL: [Self; 26] = [
        Self::Rebuild,
        Self::StoreRebuild,
        Self::RebuildNb,
        Self::Improving,
        Self::ImprovingNb,
        Self::Student,
        Self::StudentNb,
        Self::Rewards,
        Self::Travel,
        Self::Airline,
        Self::Hotel,
        Self::Gas,
        Self::StoreRewards,
        Self::Financing,
        Self::StoreFinancing,
        Self::LowerDebt,
        Self::BusinessRebuild,
        Self::BusinessRebuildNb,
        Self::BusinessImproving,
        Self::BusinessImprovingNb,
        Self::BusinessRewards,
        Self::BusinessTravel,
        Self::BusinessStoreRewards,
        Self::BusinessFinancing,
        Self::BusinessStoreFinancing,
        Self::BusinessLoweringDebt,
    ];

    /// Reads a need key. Keys are exact and case-sensitive, as they travel in the data.
    ///
    /// ```
    /// use offer_model::needs::NeedKey;
    ///
    /// assert_eq!(NeedKey::parse("rebuildNB"), Ok(NeedKey::RebuildNb));
    /// assert!(NeedKey::parse("Rebuild").is_err());
    /// ```
    pub fn parse(key: &str) -> Result<Self, UnknownNeedKey> {
        Self::ALL
            .into_iter()
            .find(|need| need.key() == key)
            .ok_or_else(|| UnknownNeedKey {
                key: key.to_owned(),
            })
    }

    /// The exact key string, such as `rebuildNB`.
    pub fn key(self) -> &'static str {
        self.row().key
    }

    /// The label shown to visitors, such as "Rebuild Damaged Credit".
    pub fn label(self) -> &'static str {
        self.row().label
    }

    /// Whether this is a business variant (its key starts with `business`).
    pub fn is_business(self) -> bool {
        self.personal() != self
    }

    /// The personal need a business variant belongs to (`businessLoweringDebt` →
    /// `lowerDebt`); a personal need returns itself.
    pub fn personal(self) -> Self {
        self.row().personal
    }
}

impl TryFrom<String> for NeedKey {
    type Error = UnknownNeedKey;

    fn try_from(key: String) -> Result<Self, Self::Error> {
        Self::parse(&key)
    }
}

impl From<NeedKey> for &'static str {
    fn from(need: NeedKey) -> Self {
        need.key()
    }
}

impl FromStr for NeedKey {
    type Err = UnknownNeedKey;

    fn from_str(key: &str) -> Result<Self, Self::Err> {
        Self::parse(key)
    }
}

impl fmt::Display for NeedKey {
    /// Writes the key string; use [`NeedKey::label`] for the label.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}
