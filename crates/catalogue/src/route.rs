//! The route table: every listing page of the site as data (community §2 "Footer": credit
//! card category pages, best-of pages, banking and loan pages).
//!
//! The table is JSON: `{"routes": [...]}`, each route with its `path`, `section`, `title`,
//! a short `description`, the `order` its editorial ranking uses (`{"need": "rewards"}` or
//! `{"rating": "rating"}`), an optional customer `scenario` (banking pages) and a
//! [`Filter`]. Unknown fields are refused, so a typo cannot silently widen a page.

use std::collections::BTreeSet;

use offer_model::product_type::ProductType;
use offer_model::scenarios::Scenario;
use serde::{Deserialize, Serialize};

use crate::{
    filter::{Filter, FilterError, NEED_PRODUCT_TYPES},
    order::RouteOrder,
};

#[cfg(test)]
mod tests;

/// Which part of the site a route belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RouteSection {
    /// Credit card category pages under `/credit-cards/`.
    CreditCards,
    /// Best-of pages (`/best-credit-cards`, ...).
    BestOf,
    /// Banking pages (`/cd-rates`, `/banks`, ...).
    Banking,
    /// Loan pages (`/best-personal-loans`, ...).
    Loans,
}

impl RouteSection {
    /// Every section, in the order the footer lists them.
    pub const ALL: [Self; 4] = [Self::CreditCards, Self::BestOf, Self::Banking, Self::Loans];

    /// The section's key (`creditCards`, `bestOf`, `banking`, `loans`).
    pub fn key(self) -> &'static str {
        match self {
            Self::CreditCards => "creditCards",
            Self::BestOf => "bestOf",
            Self::Banking => "banking",
            Self::Loans => "loans",
        }
    }
}

/// One listing page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Route {
    /// The site path, e.g. `/credit-cards/secured`: starts with `/`, no trailing `/`.
    pub path: String,
    /// The part of the site it belongs to.
    pub section: RouteSection,
    /// The page title.
    pub title: String,
    /// A short, honest description of what the page lists and how it is ordered.
    pub description: String,
    /// What the editorial order ranks by.
    pub order: RouteOrder,
    /// The customer scenario a banking page ranks by by default; a visitor may choose
    /// another scenario of the same product family.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// Which offers the page lists.
    pub filter: Filter,
}

impl Route {
    /// Whether a visitor may filter the route by need: its filter can match a product type
    /// needs describe ([`NEED_PRODUCT_TYPES`], credit cards), by [`Filter::product_types`].
    /// Read from the route alone, so the answer does not change with the catalogue.
    pub fn takes_needs(&self) -> bool {
        let types = self.filter.product_types();
        NEED_PRODUCT_TYPES
            .iter()
            .any(|product_type| types.contains(product_type))
    }

    /// The customer scenarios a visitor may rank the route for (`scenario` with `route`):
    /// for a route with a [`scenario`](Route::scenario), every scenario of that scenario's
    /// product family, its own included, in [`Scenario::ALL`] order (the scenario table's);
    /// none for a route without one. A term scenario ("a 12-month CD") only where the
    /// route can list CDs, or as the route's own: a savings or money market account has no
    /// term, so there it would match nothing. A listing of the route takes exactly these. Read from the
    /// route alone, so the answer does not change with the catalogue.
    ///
    /// ```
    /// use catalogue::Route;
    /// use offer_model::scenarios::Scenario;
    ///
    /// let route: Route = serde_json::from_str(
    ///     r#"{"path": "/checking-accounts", "section": "banking", "title": "Checking",
    ///         "description": "Checking accounts.", "order": {"rating": "rating"},
    ///         "scenario": "everydayCheckingAverageBalance",
    ///         "filter": {"productType": ["checking"]}}"#,
    /// )?;
    /// let scenarios: Vec<Scenario> = route.scenarios().collect();
    /// assert_eq!(scenarios.len(), 9);
    /// assert_eq!(scenarios.first(), Some(&Scenario::EverydayCheckingLowBalance));
    /// assert_eq!(scenarios.last(), Some(&Scenario::CheckingBusiness));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn scenarios(&self) -> impl Iterator<Item = Scenario> + use<> {
        let terms = self.filter.product_types().contains(&ProductType::Cd);
        let own = self.scenario;
        own.into_iter()
            .flat_map(|own| Scenario::of_family(own.family()))
            .filter(move |scenario| {
                terms || scenario.term_months().is_none() || Some(*scenario) == own
            })
    }
}

/// The route table file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteFile {
    /// What the file is, for people reading it.
    #[serde(default)]
    #[allow(dead_code)]
    description: Option<String>,
    routes: Vec<Route>,
}

/// Why a route table cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RouteTableError {
    /// The text is not the route table's JSON shape.
    #[error("route table is not valid: {message}")]
    Json {
        /// The JSON reader's message.
        message: String,
    },
    /// A path is not a plain site path.
    #[error("route `{path}`: {reason}")]
    InvalidPath {
        /// The path as written.
        path: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Two routes have the same path.
    #[error("route `{path}` is listed twice")]
    DuplicatePath {
        /// The path.
        path: String,
    },
    /// A title or description is blank.
    #[error("route `{path}`: {field} is blank")]
    Blank {
        /// The route's path.
        path: String,
        /// `title` or `description`.
        field: &'static str,
    },
    /// The filter cannot be used.
    #[error("route `{path}`: {problem}")]
    Filter {
        /// The route's path.
        path: String,
        /// What is wrong with the filter.
        problem: FilterError,
    },
}

/// Every route, in the order of the file. Paths are unique.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RouteTable {
    routes: Vec<Route>,
}

impl RouteTable {
    /// Reads and checks the route table. Never panics.
    pub fn from_json(text: &str) -> Result<Self, RouteTableError> {
        let file: RouteFile =
            serde_json::from_str(text).map_err(|error| RouteTableError::Json {
                message: error.to_string(),
            })?;
        Self::new(file.routes)
    }

    /// Checks routes built in code: plain unique paths, non-blank texts, usable filters.
    pub fn new(routes: Vec<Route>) -> Result<Self, RouteTableError> {
        let mut seen = BTreeSet::new();
        for route in &routes {
            check_path(&route.path)?;
            if !seen.insert(route.path.as_str()) {
                return Err(RouteTableError::DuplicatePath {
                    path: route.path.clone(),
                });
            }
            for (field, text) in [("title", &route.title), ("description", &route.description)] {
                if text.trim().is_empty() {
                    return Err(RouteTableError::Blank {
                        path: route.path.clone(),
                        field,
                    });
                }
            }
            route
                .filter
                .check()
                .map_err(|problem| RouteTableError::Filter {
                    path: route.path.clone(),
                    problem,
                })?;
        }
        Ok(Self { routes })
    }

    /// Every route, in file order.
    pub fn routes(&self) -> &[Route] {
        &self.routes
    }

    /// The route at a path, compared after [`normalise_path`].
    pub fn get(&self, path: &str) -> Option<&Route> {
        let path = normalise_path(path);
        self.routes.iter().find(|route| route.path == path)
    }

    /// The number of routes.
    pub fn len(&self) -> usize {
        self.routes.len()
    }

    /// Whether the table has no route.
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }
}

impl<'a> IntoIterator for &'a RouteTable {
    type Item = &'a Route;
    type IntoIter = std::slice::Iter<'a, Route>;

    fn into_iter(self) -> Self::IntoIter {
        self.routes.iter()
    }
}

/// A path as routes are keyed: trimmed, with one trailing `/` removed (except for `/`).
///
/// ```
/// use catalogue::route::normalise_path;
///
/// assert_eq!(normalise_path(" /cd-rates/ "), "/cd-rates");
/// assert_eq!(normalise_path("/"), "/");
/// ```
pub fn normalise_path(path: &str) -> &str {
    let trimmed = path.trim();
    match trimmed.strip_suffix('/') {
        Some(rest) if !rest.is_empty() => rest,
        _ => trimmed,
    }
}

fn check_path(path: &str) -> Result<(), RouteTableError> {
    let invalid = |reason| {
        Err(RouteTableError::InvalidPath {
            path: path.to_owned(),
            reason,
        })
    };
    if !path.starts_with('/') {
        return invalid("a path starts with /");
    }
    if path.len() > 1 && path.ends_with('/') {
        return invalid("a path has no trailing /");
    }
    if path.contains("//") {
        return invalid("a path has no empty segment");
    }
    let plain = path
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'/');
    if !plain {
        return invalid("a path holds only lower-case letters, digits, - and /");
    }
    Ok(())
}
