//! The headline figures of a credit card: its regular purchase APR, its intro APR with the
//! period it lasts, and what it earns. Every card shows these three or says plainly why
//! not; [`CardHeadlines::missing`] names the ones a card lacks, which the fixtures check
//! refuses.
//!
//! - **Regular APR:** the field as written ("17.99% - 27.99%", "21.24%"), or the source's
//!   own words when it has no number ("Not reported to the CFPB survey").
//! - **Intro APR:** "0% for 15 months": the combined text when the data has it, else the
//!   rate and its period. A card without an intro offer shows "None". A rate without its
//!   period is missing: "0%" alone misleads.
//! - **Earns:** the earn rate, else the base rate with the reward kind ("1.5% (Cash back)"),
//!   else the reward kind alone ("Cash back, travel rewards"). A card that earns nothing
//!   shows "None"; a card that earns rewards never does.
//!
//! ```
//! use offer_model::{headline::{CardHeadlines, Headline}, Offer};
//!
//! let offer = Offer::from_json(&serde_json::json!({
//!     "ID": "c1", "NAME": "Card", "TYPE": "none",
//!     "REGULAR_PURCHASE_APR": "18.24% - 28.24%",
//!     "OFFERS_PURCHASE_INTRO_APR": "Y", "PURCHASE_INTRO_APR": "0%",
//!     "PURCHASE_INTRO_APR_PERIOD": "15",
//!     "REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back",
//! }))?;
//! let headlines = CardHeadlines::of(&offer);
//! assert_eq!(headlines.regular_apr.display(), "18.24% - 28.24%");
//! assert_eq!(headlines.intro_apr.display(), "0% for 15 months");
//! assert_eq!(headlines.earns.display(), "Cash back");
//! assert!(headlines.missing().is_empty());
//! # Ok::<(), offer_model::OfferError>(())
//! ```

use crate::{Amount, Offer};

#[cfg(test)]
mod tests;

/// One headline figure as a page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Headline {
    /// What the data says, ready to show.
    Figure(String),
    /// A rate, with the reward kind it is paid in when the data names it ("1.5%", "Cash
    /// back"): shown as "1.5% (Cash back)", its number formatted as the page formats rates.
    Rate {
        /// The rate.
        rate: Amount,
        /// The reward kind.
        kind: Option<String>,
    },
    /// The card has no such offer (no intro APR, no rewards): shown as "None".
    NoneOffered,
    /// The data has nothing and no reason: a defect, shown as "N/A".
    Missing,
}

impl Headline {
    /// The text a page shows; a rate's number as the data writes it.
    pub fn display(&self) -> String {
        match self {
            Self::Figure(text) => text.clone(),
            Self::Rate { rate, kind } => with_kind(&rate.to_string(), kind.as_deref()),
            Self::NoneOffered => "None".to_owned(),
            Self::Missing => "N/A".to_owned(),
        }
    }
}

/// The three headline figures of a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardHeadlines {
    /// The regular purchase APR, a range or a single rate.
    pub regular_apr: Headline,
    /// The intro purchase APR with its period.
    pub intro_apr: Headline,
    /// What the card earns.
    pub earns: Headline,
}

impl CardHeadlines {
    /// The headline figures of an offer (meaningful for credit cards).
    pub fn of(offer: &Offer) -> Self {
        Self {
            regular_apr: regular_apr(offer),
            intro_apr: intro_apr(offer),
            earns: earns(offer),
        }
    }

    /// The names of the headline figures that are missing, empty when the card has all.
    pub fn missing(&self) -> Vec<&'static str> {
        [
            ("regular APR", &self.regular_apr),
            ("intro APR", &self.intro_apr),
            ("earns", &self.earns),
        ]
        .into_iter()
        .filter(|(_, headline)| **headline == Headline::Missing)
        .map(|(name, _)| name)
        .collect()
    }
}

fn regular_apr(offer: &Offer) -> Headline {
    offer
        .rates
        .regular_purchase_apr
        .as_ref()
        .map_or(Headline::Missing, |apr| Headline::Figure(apr.to_string()))
}

fn intro_apr(offer: &Offer) -> Headline {
    let rates = &offer.rates;
    if let Some(combo) = rates.purchase_intro_apr_combo.as_deref().map(str::trim)
        && !combo.is_empty()
    {
        return Headline::Figure(combo.to_owned());
    }
    match (&rates.purchase_intro_apr, &rates.purchase_intro_apr_period) {
        (Some(apr), Some(period)) => Headline::Figure(format!("{apr} for {}", months(period))),
        (Some(_), None) => Headline::Missing,
        (None, _) if rates.offers_purchase_intro_apr => Headline::Missing,
        (None, _) => Headline::NoneOffered,
    }
}

/// A period as written: a bare number is months ("15 months"), text stays as it is.
fn months(period: &Amount) -> String {
    match period {
        Amount::Number(value) if *value == rust_decimal::Decimal::ONE => "1 month".to_owned(),
        Amount::Number(value) => format!("{} months", value.normalize()),
        other => other.to_string(),
    }
}

fn earns(offer: &Offer) -> Headline {
    let rewards = &offer.rewards;
    let kind = rewards
        .redeem_type
        .as_deref()
        .map(str::trim)
        .filter(|kind| !kind.is_empty());
    let earns_anything = rewards.has_rewards || rewards.earn_rate.is_some();
    if !earns_anything {
        return Headline::NoneOffered;
    }
    if let Some(rate) = &rewards.earn_rate {
        return Headline::Rate {
            rate: rate.clone(),
            kind: None,
        };
    }
    match (&rewards.base_rate, kind) {
        (Some(rate), kind) => Headline::Rate {
            rate: rate.clone(),
            kind: kind.map(str::to_owned),
        },
        (None, Some(kind)) => Headline::Figure(kind.to_owned()),
        (None, None) => Headline::Missing,
    }
}

/// A rate followed by its reward kind in parentheses, when there is one: "1.5% (Cash back)".
pub fn with_kind(rate: &str, kind: Option<&str>) -> String {
    match kind {
        Some(kind) => format!("{rate} ({kind})"),
        None => rate.to_owned(),
    }
}
