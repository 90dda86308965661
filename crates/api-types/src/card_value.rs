//! The card-value estimate (`GET /api/card-values`): every credit card's yearly value
//! for the visitor's own spending, balance and credit tier, highest first, each with its
//! working ([`catalogue::value`] has the method).

use catalogue::value::{AprSource, Assumptions, BonusOutcome, CardValue};
use formatting::money::{MoneyOptions, Truncation, format_money};
use offer_model::Offer;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The assumptions used, as the page shows and edits them (money as plain numbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ValueAssumptions {
    /// Monthly groceries.
    pub groceries: String,
    /// Monthly restaurants.
    pub dining: String,
    /// Monthly gas.
    pub gas: String,
    /// Monthly travel.
    pub travel: String,
    /// Monthly everything else.
    pub other: String,
    /// The carried balance.
    pub balance: String,
    /// `none`, `poor`, `good` or `great`.
    pub tier: String,
    /// The tier in the survey's words ("620-719").
    pub tier_label: String,
    /// Cents a point or mile is worth.
    pub cents_per_point: String,
    /// The monthly spending of every category together.
    pub monthly_total: String,
}

impl From<&Assumptions> for ValueAssumptions {
    fn from(a: &Assumptions) -> Self {
        let s = a.spending;
        Self {
            groceries: s.groceries.normalize().to_string(),
            dining: s.dining.normalize().to_string(),
            gas: s.gas.normalize().to_string(),
            travel: s.travel.normalize().to_string(),
            other: s.other.normalize().to_string(),
            balance: a.balance.normalize().to_string(),
            tier: a.tier.key().to_owned(),
            tier_label: a.tier.label().to_owned(),
            cents_per_point: a.cents_per_point.normalize().to_string(),
            monthly_total: a.spending.monthly_total().normalize().to_string(),
        }
    }
}

/// One card's estimate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CardValueItem {
    /// The offer's id.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// The issuer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub issuer: Option<String>,
    /// Its details page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub details_path: Option<String>,
    /// The yearly value ("$1,234", "-$80"); none without an estimate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub value: Option<String>,
    /// Why there is no estimate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub unknown: Option<String>,
    /// The card earns rewards at no rate a source gives: `value` is before rewards.
    pub rewards_left_out: bool,
    /// The working, one line per figure ("Rewards: $360 (1% in points at 1.5¢)").
    pub working: Vec<String>,
}

/// A page of estimates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CardValueResponse {
    /// The assumptions used.
    pub assumptions: ValueAssumptions,
    /// The cards of the page, highest value first.
    pub cards: Vec<CardValueItem>,
    /// The page (from 1).
    pub page: u32,
    /// Cards on a full page.
    pub per_page: u32,
    /// Pages in all.
    pub pages: u32,
    /// Credit cards in all.
    pub total: u32,
    /// Cards with an estimate.
    pub estimated: u32,
    /// Cards whose rewards the estimate leaves out (no source gives their earn rate).
    pub rewards_left_out: u32,
}

fn dollars(amount: Decimal) -> String {
    format_money(
        amount,
        MoneyOptions {
            truncation: Truncation::DropZeroCents,
            ..MoneyOptions::default()
        },
    )
}

fn percent(rate: Decimal) -> String {
    format!("{}%", rate.normalize())
}

impl CardValueItem {
    /// A card's estimate with its working in words.
    pub fn new(offer: &Offer, v: &CardValue, a: &Assumptions) -> Self {
        let mut working = Vec::new();
        match (v.rewards, v.earn_rate) {
            (Some(r), Some(rate)) if v.in_points => working.push(format!(
                "Rewards: {} ({} back in points, each worth {}¢)",
                dollars(r),
                percent(rate),
                a.cents_per_point.normalize()
            )),
            (Some(r), Some(rate)) => {
                working.push(format!("Rewards: {} ({} back)", dollars(r), percent(rate)));
            }
            (Some(_), None) => working.push("Rewards: none (the card earns none)".to_owned()),
            (None, _) if v.rewards_left_out => working.push(
                "Rewards: left out (no source gives this card's earn rate on every purchase)"
                    .to_owned(),
            ),
            (None, _) => working.push("Rewards: too large to be right".to_owned()),
        }
        match v.bonus_outcome {
            BonusOutcome::None => {}
            BonusOutcome::Counted => {
                working.push(format!("First-year bonus: {}", dollars(v.bonus)))
            }
            BonusOutcome::Missed { required, days } => working.push(format!(
                "First-year bonus: not counted (needs {} in {days} days)",
                dollars(required)
            )),
        }
        match v.annual_fee {
            Some(fee) => working.push(format!("Annual fee: −{}", dollars(fee))),
            None => working.push("Annual fee: not a plain amount".to_owned()),
        }
        if !a.balance.is_zero() {
            match (v.interest, v.apr) {
                (Some(i), Some((rate, source))) => working.push(format!(
                    "Interest: −{} ({} APR, {}{})",
                    dollars(i),
                    percent(rate),
                    match source {
                        AprSource::Tier => format!("the survey's APR for {}", a.tier.label()),
                        AprSource::TopOfRange => "the top of the card's range".to_owned(),
                    },
                    if v.intro_months > 0 {
                        format!("; the first {} months at 0%", v.intro_months)
                    } else {
                        String::new()
                    }
                )),
                _ => working.push("Interest: unknown (no APR reported)".to_owned()),
            }
        }
        Self {
            id: offer.identity.id.as_str().to_owned(),
            name: offer.identity.name.as_str().to_owned(),
            issuer: offer.identity.issuer.clone(),
            details_path: offer
                .identity
                .details_html_page
                .as_deref()
                .and_then(|page| offer_model::links::details_path("", page).ok()),
            value: v.value.map(dollars),
            unknown: v.unknown.map(|u| u.reason().to_owned()),
            rewards_left_out: v.rewards_left_out,
            working,
        }
    }
}
