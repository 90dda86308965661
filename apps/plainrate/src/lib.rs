//! The site server: an axum app that composes the domain crates behind the site's HTTP
//! protocol (site-core §7), keeps its data through the `store` crate and answers listings
//! from an in-memory view of the catalogue.
//!
//! Each area is a module with its routes and its `action` handlers; [`router::build`]
//! puts them together behind the shared middleware.

pub mod art;
pub mod card_value;
pub mod cli;
pub mod community_extras;
pub mod config;
pub mod cookies;
pub mod error;
pub mod limits;
pub mod listen;
pub mod listings;
pub mod members;
pub mod middleware;
pub mod openapi;
pub mod operator;
pub mod pages;
pub mod protocol;
pub mod qna;
pub mod ratings;
pub mod router;
pub mod rpc;
pub mod search;
pub mod seeding;
pub mod sms;
pub mod state;
pub mod tracking;
pub mod visitor;

pub use error::ApiError;
pub use state::AppState;
