//! The large-bank issuers (site-core §5: "Issuers of a certain large-bank kind without an
//! affiliate link get an asterisk"). Which issuers are large is data, not code
//! (DECISIONS.md "Large-bank asterisk"): `fixtures/large-banks.json`, built from public
//! data by `catalogue-build` and read with [`LargeBanks::from_json`].
//!
//! ```
//! use catalogue::LargeBanks;
//! use offer_model::Offer;
//!
//! let banks = LargeBanks::from_json(r#"{"about": "…", "banks": ["Big Bank"]}"#)?;
//! let plain = Offer::from_json(&serde_json::json!({"ID": "a", "NAME": "A", "ISSUER": "big bank"}))?;
//! let affiliate = Offer::from_json(
//!     &serde_json::json!({"ID": "b", "NAME": "B", "ISSUER": "Big Bank", "WH_AFFILIATE_LINK": "Y"}),
//! )?;
//! assert!(banks.asterisk(&plain));
//! assert!(!banks.asterisk(&affiliate));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use offer_model::{Offer, links, product_type::ProductType};
use serde::Deserialize;

/// The issuers whose names get the large-bank asterisk, as the catalogue's `ISSUER` spells
/// them. The default is none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LargeBanks {
    banks: Vec<String>,
}

/// Why a large-bank list could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LargeBanksError {
    /// The text is not the list's JSON shape (`{"banks": ["…", …]}`).
    #[error("large-bank list is not valid: {message}")]
    Json {
        /// The JSON reader's message.
        message: String,
    },
    /// A name is blank, so it could never match an issuer.
    #[error("large-bank list: name {position} is blank")]
    Blank {
        /// Its position in `banks`, from 1.
        position: usize,
    },
}

/// The list file's shape; its other fields (`about`, `source`, `institutions`, …) are
/// notes for its readers.
#[derive(Deserialize)]
struct LargeBankFile {
    banks: Vec<String>,
}

impl LargeBanks {
    /// Reads the list file: an object whose `banks` is an array of issuer names.
    pub fn from_json(text: &str) -> Result<Self, LargeBanksError> {
        let file: LargeBankFile =
            serde_json::from_str(text).map_err(|error| LargeBanksError::Json {
                message: error.to_string(),
            })?;
        Self::new(file.banks)
    }

    /// A list of issuer names; a blank one is an error.
    pub fn new<S: Into<String>>(
        names: impl IntoIterator<Item = S>,
    ) -> Result<Self, LargeBanksError> {
        let banks: Vec<String> = names.into_iter().map(Into::into).collect();
        match banks.iter().position(|name| name.trim().is_empty()) {
            Some(index) => Err(LargeBanksError::Blank {
                position: index.saturating_add(1),
            }),
            None => Ok(Self { banks }),
        }
    }

    /// The names, as given.
    pub fn names(&self) -> &[String] {
        &self.banks
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.banks.is_empty()
    }

    /// Whether the offer's issuer gets the large-bank asterisk:
    /// [`links::has_large_bank_asterisk`] with the offer's `ISSUER` (an institution's own
    /// `NAME` when it has none) and its affiliate flag, `WH_AFFILIATE_LINK`.
    ///
    /// The flag is the offer's, not what one visitor sees, so the answer is the same for
    /// every visitor: an offer with an affiliate link never gets the asterisk, even for a
    /// visitor its link's scope hides the affiliate link from.
    pub fn asterisk(&self, offer: &Offer) -> bool {
        let issuer = offer.identity.issuer.as_deref().or_else(|| {
            (offer.product_type == ProductType::Institution).then(|| offer.identity.name.as_str())
        });
        issuer.is_some_and(|issuer| {
            links::has_large_bank_asterisk(issuer, &self.banks, offer.links.affiliate)
        })
    }
}

#[cfg(test)]
mod tests;
