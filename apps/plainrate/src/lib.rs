//! The site server: an axum app that composes the domain crates behind the site's HTTP
//! protocol (site-core §7), keeps its data through the `store` crate and answers listings
//! from an in-memory view of the catalogue.
//!
//! Each area is a module with its routes and its `action` handlers, listed once in
//! [`areas::AREAS`]; [`router::build`] puts them together behind the shared middleware.

// The areas: what a visitor or a member does, each with its routes, actions and pages.
pub mod alerts;
pub mod art;
pub mod card_value;
pub mod community_extras;
pub mod history;
pub mod listings;
pub mod members;
pub mod qna;
pub mod ratings;
pub mod reviews;
pub mod search;
pub mod tracking;
pub mod unsubscribe;

// The pages every area's data is shown on.
pub mod pages;

// Infrastructure every area runs on: the list of areas, answering connections, the request pipeline and its
// protocol, middleware, the API document, shared state and settings, rate limits, the
// one error type, cookies, escaping, outgoing e-mail and text messages.
pub mod areas;
pub mod config;
pub mod cookies;
pub mod email;
pub mod error;
pub mod escaping;
pub mod limits;
pub mod listen;
pub mod middleware;
pub mod openapi;
pub mod protocol;
pub mod router;
pub mod rpc;
pub mod sms;
pub mod state;
pub mod telemetry;
pub mod visitor;

// Running the site: its command line, operators' commands and test members.
pub mod cli;
pub mod operator;
pub mod seeding;

pub use error::ApiError;
pub use state::AppState;
