//! The catalogue's tables, one module each, named after its table.

pub mod figure_change;
pub mod institution;
pub mod need;
pub mod offer;
pub mod offer_event;
pub mod rate_tier;
