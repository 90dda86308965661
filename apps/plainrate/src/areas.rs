//! The one list of what answers requests, area by area: each area's actions on the
//! dispatch endpoint and its own paths, and whether those paths wait on the database.
//! The request pipeline's registry ([`crate::rpc`]) and the router ([`crate::router`])
//! both read it, so an area is registered here once.

use axum::Router;

use crate::AppState;
use crate::rpc::Action;

/// One area as the server composes it.
pub struct Area {
    /// Its module's name.
    pub name: &'static str,
    /// Its actions, reached by name on the dispatch endpoint.
    pub actions: fn() -> Vec<Action>,
    /// Its own paths.
    pub routes: fn() -> Router<AppState>,
    /// Whether its paths wait on the database (they get the request deadline; paths
    /// answered from memory cannot stall, and a timer per request is a measurable share of
    /// their cost).
    pub waits_on_database: bool,
}

fn no_actions() -> Vec<Action> {
    Vec::new()
}

fn no_routes() -> Router<AppState> {
    Router::new()
}

/// Every area, and the request protocol's own calls.
pub const AREAS: &[Area] = &[
    Area {
        name: "protocol",
        actions: crate::protocol::actions,
        routes: crate::protocol::routes,
        waits_on_database: false,
    },
    Area {
        name: "members",
        actions: crate::members::actions,
        routes: crate::members::routes,
        waits_on_database: true,
    },
    Area {
        name: "ratings",
        actions: crate::ratings::actions,
        routes: crate::ratings::routes,
        waits_on_database: true,
    },
    Area {
        name: "search",
        actions: no_actions,
        routes: crate::search::routes,
        waits_on_database: true,
    },
    Area {
        name: "listings",
        actions: crate::listings::actions,
        routes: crate::listings::routes,
        waits_on_database: false,
    },
    Area {
        name: "tracking",
        actions: crate::tracking::actions,
        routes: crate::tracking::routes,
        waits_on_database: false,
    },
    Area {
        name: "qna",
        actions: crate::qna::actions,
        routes: no_routes,
        waits_on_database: true,
    },
    Area {
        name: "reviews",
        actions: crate::reviews::actions,
        routes: no_routes,
        waits_on_database: true,
    },
    Area {
        name: "community_extras",
        actions: crate::community_extras::actions,
        routes: no_routes,
        waits_on_database: true,
    },
    Area {
        name: "history",
        actions: no_actions,
        routes: crate::history::routes,
        waits_on_database: true,
    },
    Area {
        name: "alerts",
        actions: crate::alerts::actions,
        routes: crate::alerts::routes,
        waits_on_database: true,
    },
    Area {
        name: "unsubscribe",
        actions: no_actions,
        routes: crate::unsubscribe::routes,
        waits_on_database: true,
    },
    Area {
        name: "card_value",
        actions: no_actions,
        routes: crate::card_value::routes,
        waits_on_database: false,
    },
    Area {
        name: "art",
        actions: no_actions,
        routes: crate::art::routes,
        waits_on_database: false,
    },
    Area {
        name: "openapi",
        actions: no_actions,
        routes: crate::openapi::routes,
        waits_on_database: false,
    },
    Area {
        name: "pages",
        actions: no_actions,
        routes: crate::pages::routes,
        waits_on_database: false,
    },
];
