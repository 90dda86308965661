#![doc = include_str!("../README.md")]

pub mod alerts;
pub mod art;
pub mod breakdown;
pub mod feed;
pub mod figures;
pub mod filter;
pub mod large_banks;
pub mod listing;
pub mod order;
pub mod query;
pub mod rate_moves;
pub mod refresh;
pub mod route;
pub mod search;
pub mod value;

pub use filter::{CardKind, Filter, RewardsKind};
pub use large_banks::{LargeBanks, LargeBanksError};
pub use listing::{
    Catalogue, CompareError, Comparison, InstitutionError, InstitutionView, Listing, ListingError,
    ListingItem, Placement,
};
pub use order::{EditorialBasis, RatingField, RouteOrder, SortKey};
pub use query::{
    ListingQuery, Page, PerPage, QueryError, QueryField, RouteRefinement, Selector, SponsorshipMode,
};
pub use route::{Route, RouteSection, RouteTable, RouteTableError};
