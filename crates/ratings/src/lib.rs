#![doc = include_str!("../README.md")]

pub mod approval_odds;
pub mod breakdown;
pub mod card;
pub mod constants;
pub mod display;
pub mod memory;
pub mod pending;
pub mod rating;
pub mod star_count;
pub mod visibility;
pub mod vote;

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;

pub use approval_odds::ApprovalOddsClass;
pub use breakdown::{BreakdownCategory, BreakdownKeyError, RatingNeedKey};
pub use card::{CardRatings, RatingComponent};
pub use display::{RatingDisplay, StarMode, StarPiece};
pub use memory::RememberedVote;
pub use rating::{Rating, RatingError};
pub use star_count::{StarCount, StarCountError};
pub use visibility::{RatingSources, RatingVisibility};
pub use vote::{
    Transition, VoteContext, VoteEffect, VoteEvent, VoteResponse, VoteState, VoteTarget,
};
