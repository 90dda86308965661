//! Ratings-breakdown categories and rating-needs keys.
//!
//! Implements site-core §3 "Ratings breakdown": "Categories: APR, User Reviews, Other
//! Features, approval, market comparison. Rating-needs keys: interest, reviews,
//! otherFeatures, marketComparison, editorsRating, total, approval, fees, cost."
//!
//! The serde keys are spelled exactly as the spec spells them (including the lower-case
//! "approval" and "market comparison"); [`BreakdownCategory::label`] and
//! [`RatingNeedKey::label`] give title-case display labels, which the spec does not quote
//! and we chose. [`RatingNeedKey::category`] links the five keys that name a category to
//! it (interest → APR, reviews → User Reviews, otherFeatures → Other Features, approval →
//! approval, marketComparison → market comparison); this mapping is our reading.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Why a key is not a known category or rating-needs key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BreakdownKeyError {
    /// Not one of the five breakdown-category keys.
    #[error("unknown ratings-breakdown category: {key:?}")]
    UnknownCategory {
        /// The key as given.
        key: String,
    },
    /// Not one of the nine rating-needs keys.
    #[error("unknown rating-needs key: {key:?}")]
    UnknownNeedKey {
        /// The key as given.
        key: String,
    },
}

/// A category of the ratings breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BreakdownCategory {
    /// Key `APR`.
    #[serde(rename = "APR")]
    Apr,
    /// Key `User Reviews`.
    #[serde(rename = "User Reviews")]
    UserReviews,
    /// Key `Other Features`.
    #[serde(rename = "Other Features")]
    OtherFeatures,
    /// Key `approval`.
    #[serde(rename = "approval")]
    Approval,
    /// Key `market comparison`.
    #[serde(rename = "market comparison")]
    MarketComparison,
}

impl BreakdownCategory {
    /// All categories in spec order.
    pub const ALL: [BreakdownCategory; 5] = [
        BreakdownCategory::Apr,
        BreakdownCategory::UserReviews,
        BreakdownCategory::OtherFeatures,
        BreakdownCategory::Approval,
        BreakdownCategory::MarketComparison,
    ];

    /// The key exactly as the spec spells it (and as serde writes it).
    pub fn key(self) -> &'static str {
        match self {
            BreakdownCategory::Apr => "APR",
            BreakdownCategory::UserReviews => "User Reviews",
            BreakdownCategory::OtherFeatures => "Other Features",
            BreakdownCategory::Approval => "approval",
            BreakdownCategory::MarketComparison => "market comparison",
        }
    }

    /// The display label (title case).
    pub fn label(self) -> &'static str {
        match self {
            BreakdownCategory::Apr => "APR",
            BreakdownCategory::UserReviews => "User Reviews",
            BreakdownCategory::OtherFeatures => "Other Features",
            BreakdownCategory::Approval => "Approval",
            BreakdownCategory::MarketComparison => "Market Comparison",
        }
    }

    /// Finds a category by its exact key (case-sensitive, no trimming).
    ///
    /// ```
    /// use ratings::BreakdownCategory;
    ///
    /// assert_eq!(BreakdownCategory::from_key("market comparison"), Ok(BreakdownCategory::MarketComparison));
    /// assert!(BreakdownCategory::from_key("Market Comparison").is_err());
    /// ```
    pub fn from_key(key: &str) -> Result<BreakdownCategory, BreakdownKeyError> {
        BreakdownCategory::ALL
            .into_iter()
            .find(|category| category.key() == key)
            .ok_or_else(|| BreakdownKeyError::UnknownCategory {
                key: key.to_owned(),
            })
    }
}

impl fmt::Display for BreakdownCategory {
    /// Writes the display label.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.label())
    }
}

impl FromStr for BreakdownCategory {
    type Err = BreakdownKeyError;

    fn from_str(key: &str) -> Result<BreakdownCategory, BreakdownKeyError> {
        BreakdownCategory::from_key(key)
    }
}

/// A key of a card's rating needs (`WH_RATINGS_NEEDS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RatingNeedKey {
    /// Key `interest`.
    Interest,
    /// Key `reviews`.
    Reviews,
    /// Key `otherFeatures`.
    OtherFeatures,
    /// Key `marketComparison`.
    MarketComparison,
    /// Key `editorsRating`.
    EditorsRating,
    /// Key `total`.
    Total,
    /// Key `approval`.
    Approval,
    /// Key `fees`.
    Fees,
    /// Key `cost`.
    Cost,
}

impl RatingNeedKey {
    /// All keys in spec order.
    pub const ALL: [RatingNeedKey; 9] = [
        RatingNeedKey::Interest,
        RatingNeedKey::Reviews,
        RatingNeedKey::OtherFeatures,
        RatingNeedKey::MarketComparison,
        RatingNeedKey::EditorsRating,
        RatingNeedKey::Total,
        RatingNeedKey::Approval,
        RatingNeedKey::Fees,
        RatingNeedKey::Cost,
    ];

    /// The key exactly as the spec spells it (and as serde writes it).
    pub fn key(self) -> &'static str {
        match self {
            RatingNeedKey::Interest => "interest",
            RatingNeedKey::Reviews => "reviews",
            RatingNeedKey::OtherFeatures => "otherFeatures",
            RatingNeedKey::MarketComparison => "marketComparison",
            RatingNeedKey::EditorsRating => "editorsRating",
            RatingNeedKey::Total => "total",
            RatingNeedKey::Approval => "approval",
            RatingNeedKey::Fees => "fees",
            RatingNeedKey::Cost => "cost",
        }
    }

    /// The display label (title case).
    pub fn label(self) -> &'static str {
        match self {
            RatingNeedKey::Interest => "Interest",
            RatingNeedKey::Reviews => "Reviews",
            RatingNeedKey::OtherFeatures => "Other Features",
            RatingNeedKey::MarketComparison => "Market Comparison",
            RatingNeedKey::EditorsRating => "Editor's Rating",
            RatingNeedKey::Total => "Total",
            RatingNeedKey::Approval => "Approval",
            RatingNeedKey::Fees => "Fees",
            RatingNeedKey::Cost => "Cost",
        }
    }

    /// The breakdown category this key feeds, for the five keys that name one.
    pub fn category(self) -> Option<BreakdownCategory> {
        match self {
            RatingNeedKey::Interest => Some(BreakdownCategory::Apr),
            RatingNeedKey::Reviews => Some(BreakdownCategory::UserReviews),
            RatingNeedKey::OtherFeatures => Some(BreakdownCategory::OtherFeatures),
            RatingNeedKey::Approval => Some(BreakdownCategory::Approval),
            RatingNeedKey::MarketComparison => Some(BreakdownCategory::MarketComparison),
            RatingNeedKey::EditorsRating
            | RatingNeedKey::Total
            | RatingNeedKey::Fees
            | RatingNeedKey::Cost => None,
        }
    }

    /// Finds a key by its exact spelling (case-sensitive, no trimming).
    ///
    /// ```
    /// use ratings::RatingNeedKey;
    ///
    /// assert_eq!(RatingNeedKey::from_key("editorsRating"), Ok(RatingNeedKey::EditorsRating));
    /// assert!(RatingNeedKey::from_key("editors_rating").is_err());
    /// ```
    pub fn from_key(key: &str) -> Result<RatingNeedKey, BreakdownKeyError> {
        RatingNeedKey::ALL
            .into_iter()
            .find(|need| need.key() == key)
            .ok_or_else(|| BreakdownKeyError::UnknownNeedKey {
                key: key.to_owned(),
            })
    }
}

impl fmt::Display for RatingNeedKey {
    /// Writes the display label.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.label())
    }
}

impl FromStr for RatingNeedKey {
    type Err = BreakdownKeyError;

    fn from_str(key: &str) -> Result<RatingNeedKey, BreakdownKeyError> {
        RatingNeedKey::from_key(key)
    }
}
