#![doc = include_str!("../README.md")]

pub mod credit;
pub mod headline;
pub mod labels;
pub mod links;
pub mod needs;
pub mod offer;
pub mod product_type;
pub mod rate_tiers;
pub mod scenarios;
pub mod text_lists;

#[cfg(feature = "proptest")]
pub mod arbitrary;

pub use offer::{Amount, Offer, OfferError, OfferId, OfferName};
pub use product_type::ProductType;
pub use rate_tiers::{RateTier, RateTiers};
pub use text_lists::{ListSource, ProsCons};
