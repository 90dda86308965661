//! What a listing asks for, and how query parameters become one.
//!
//! [`ListingQuery::from_pairs`] reads these parameters (parsing the query string itself is
//! the server's job):
//!
//! | parameter | value | default |
//! |---|---|---|
//! | `route` | a route path such as `/credit-cards/secured` | |
//! | `need` | a need key such as `rewards` (exact case) | |
//! | `scenario` | a customer scenario key such as `savingAverageAmount` | |
//! | `type` | a product type: key, type code or `PDT_TYPE` name (`savings`, `svg`, `CD`) | |
//! | `sort` | `editorial`, `rating`, `reviews`, `apy`, `annualFee`, `apr`, `name` | `editorial` |
//! | `page` | a whole number from 1 | 1 |
//! | `per_page` | a whole number from 1 to 50 | 20 |
//! | `sponsorship` | `default` or `none` | `default` |
//!
//! Exactly one of `route`, `need`, `scenario` and `type` chooses what to list, except that
//! `route` may come with one of `need` and `scenario` ([`RouteRefinement`]): a page's offers
//! with that need ranked for it, or a banking page ranked for another customer. `need` and
//! `scenario` never come together. An empty value counts as not given; a parameter given twice is refused; other parameters (the
//! request layer's own, such as `action`) are ignored. Every error names the field.

use std::{fmt, num::NonZeroU32};

use offer_model::{ProductType, needs::NeedKey, scenarios::Scenario};
use serde::{Deserialize, Serialize};

use crate::order::SortKey;

#[cfg(test)]
mod tests;

/// Listing items per page when the query does not say.
pub const DEFAULT_PER_PAGE: u8 = 20;
/// The most listing items a page may hold.
pub const MAX_PER_PAGE: u8 = 50;
/// The longest value an error message repeats; longer values are cut.
const MAX_ECHO_CHARS: usize = 64;

/// What a listing lists.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Selector {
    /// A route of the route table, optionally narrowed to a need or ranked for another
    /// customer scenario.
    Route {
        /// The route's path.
        path: String,
        /// A need or scenario chosen instead of the route's own order.
        refinement: Option<RouteRefinement>,
    },
    /// Every offer eligible or rated for a need.
    Need(NeedKey),
    /// Every offer a customer scenario compares.
    Scenario(Scenario),
    /// Every offer of a product type.
    ProductType(ProductType),
}

/// What a route listing is narrowed to and ranked by instead of the route's own order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RouteRefinement {
    /// The route's offers a customer scenario compares, ranked for that scenario (a
    /// scenario of the route's own product family).
    Scenario(Scenario),
    /// The route's offers eligible or rated for a need
    /// ([`has_need`](crate::filter::has_need)), ranked by the rating for that need, as a
    /// need listing ranks (for a route that [takes needs](crate::Route::takes_needs)).
    Need(NeedKey),
}

/// A 1-based page number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Page(NonZeroU32);

impl Page {
    /// The first page.
    pub const FIRST: Self = Self(NonZeroU32::MIN);

    /// A page number; `None` for 0.
    pub fn new(page: u32) -> Option<Self> {
        NonZeroU32::new(page).map(Self)
    }

    /// The page number, from 1.
    pub fn get(self) -> u32 {
        self.0.get()
    }
}

impl Default for Page {
    fn default() -> Self {
        Self::FIRST
    }
}

/// Items per page: 1 to [`MAX_PER_PAGE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PerPage(u8);

impl PerPage {
    /// A page size; `None` outside 1 to [`MAX_PER_PAGE`].
    pub fn new(size: u32) -> Option<Self> {
        u8::try_from(size)
            .ok()
            .filter(|size| (1..=MAX_PER_PAGE).contains(size))
            .map(Self)
    }

    /// The page size.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for PerPage {
    fn default() -> Self {
        Self(DEFAULT_PER_PAGE)
    }
}

/// Whether a listing may show a sponsored placement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SponsorshipMode {
    /// At most one sponsored placement on top of the editorial order, labelled sponsored.
    #[default]
    Default,
    /// The pure editorial order, no placement.
    None,
}

impl SponsorshipMode {
    /// The key as the query parameter spells it (`default`, `none`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::None => "none",
        }
    }
}

/// A query parameter of a listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum QueryField {
    /// `route`.
    Route,
    /// `need`.
    Need,
    /// `scenario`.
    Scenario,
    /// `type`.
    Type,
    /// `sort`.
    Sort,
    /// `page`.
    Page,
    /// `per_page`.
    PerPage,
    /// `sponsorship`.
    Sponsorship,
}

impl QueryField {
    /// Every parameter, in the order of the table in the [module docs](self).
    pub const ALL: [Self; 8] = [
        Self::Route,
        Self::Need,
        Self::Scenario,
        Self::Type,
        Self::Sort,
        Self::Page,
        Self::PerPage,
        Self::Sponsorship,
    ];

    /// The parameter name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Route => "route",
            Self::Need => "need",
            Self::Scenario => "scenario",
            Self::Type => "type",
            Self::Sort => "sort",
            Self::Page => "page",
            Self::PerPage => "per_page",
            Self::Sponsorship => "sponsorship",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|field| field.name() == name)
    }
}

impl fmt::Display for QueryField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why query parameters do not make a listing query. Each names the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// None of `route`, `need`, `scenario` and `type` is given.
    #[error("choose what to list with one of route, need, scenario or type")]
    MissingSelector,
    /// Two selectors that cannot go together.
    #[error("{first} and {second} cannot be combined")]
    Conflict {
        /// The first field (in [`QueryField::ALL`] order).
        first: QueryField,
        /// The second field.
        second: QueryField,
    },
    /// A parameter is given more than once.
    #[error("{field} is given more than once")]
    Repeated {
        /// The field.
        field: QueryField,
    },
    /// A value cannot be read.
    #[error("invalid {field} `{value}`: expected {expected}")]
    Invalid {
        /// The field.
        field: QueryField,
        /// The value as given (cut to 64 characters).
        value: String,
        /// What the field takes.
        expected: String,
    },
}

impl QueryError {
    /// The field at fault; `None` when no selector is given.
    pub fn field(&self) -> Option<QueryField> {
        match self {
            Self::MissingSelector => None,
            Self::Conflict { second, .. } => Some(*second),
            Self::Repeated { field } | Self::Invalid { field, .. } => Some(*field),
        }
    }
}

/// A listing request: what to list, in which order, which page, with or without a
/// sponsored placement.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListingQuery {
    /// What to list.
    pub selector: Selector,
    /// The order; editorial by default.
    pub sort: SortKey,
    /// The page, from 1.
    pub page: Page,
    /// Items per page.
    pub per_page: PerPage,
    /// Whether a sponsored placement may show.
    pub sponsorship: SponsorshipMode,
}

impl ListingQuery {
    /// The first page of a selector in the default order, size and sponsorship mode.
    pub fn new(selector: Selector) -> Self {
        Self {
            selector,
            sort: SortKey::default(),
            page: Page::default(),
            per_page: PerPage::default(),
            sponsorship: SponsorshipMode::default(),
        }
    }

    /// The first page of a route.
    pub fn route(path: impl Into<String>) -> Self {
        Self::new(Selector::Route {
            path: path.into(),
            refinement: None,
        })
    }

    /// The first page of a route's offers that have a need, ranked for that need.
    pub fn route_need(path: impl Into<String>, need: NeedKey) -> Self {
        Self::new(Selector::Route {
            path: path.into(),
            refinement: Some(RouteRefinement::Need(need)),
        })
    }

    /// The same query with another order.
    #[must_use]
    pub fn with_sort(mut self, sort: SortKey) -> Self {
        self.sort = sort;
        self
    }

    /// The same query for another page.
    #[must_use]
    pub fn with_page(mut self, page: Page, per_page: PerPage) -> Self {
        self.page = page;
        self.per_page = per_page;
        self
    }

    /// The same query with another sponsorship mode.
    #[must_use]
    pub fn with_sponsorship(mut self, sponsorship: SponsorshipMode) -> Self {
        self.sponsorship = sponsorship;
        self
    }

    /// Reads a listing query from query parameters, by the rules in the
    /// [module docs](self). Never panics.
    ///
    /// ```
    /// use catalogue::query::{ListingQuery, QueryError, QueryField, Selector};
    ///
    /// let query = ListingQuery::from_pairs([("route", "/cd-rates"), ("page", "2"), ("action", "x")])?;
    /// assert_eq!(query.page.get(), 2);
    /// assert!(matches!(query.selector, Selector::Route { .. }));
    ///
    /// let error = ListingQuery::from_pairs([("need", "rewards"), ("per_page", "51")]).unwrap_err();
    /// assert_eq!(error.field(), Some(QueryField::PerPage));
    /// assert_eq!(error.to_string(), "invalid per_page `51`: expected a whole number from 1 to 50");
    /// # Ok::<(), QueryError>(())
    /// ```
    pub fn from_pairs<I, K, V>(pairs: I) -> Result<Self, QueryError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut values: [Option<String>; QueryField::ALL.len()] = Default::default();
        for (key, value) in pairs {
            let Some(field) = QueryField::from_name(key.as_ref()) else {
                continue;
            };
            let value = value.as_ref();
            if value.is_empty() {
                continue;
            }
            let slot = values
                .get_mut(field as usize)
                .ok_or(QueryError::Repeated { field })?;
            if slot.is_some() {
                return Err(QueryError::Repeated { field });
            }
            *slot = Some(value.to_owned());
        }
        let get = |field: QueryField| values.get(field as usize).and_then(Option::as_deref);

        let route = get(QueryField::Route).map(parse_route).transpose()?;
        let need = get(QueryField::Need)
            .map(|v| {
                NeedKey::parse(v)
                    .map_err(|_| invalid(QueryField::Need, v, "a need key such as rewards"))
            })
            .transpose()?;
        let scenario = get(QueryField::Scenario)
            .map(|v| {
                Scenario::parse(v).map_err(|_| {
                    invalid(
                        QueryField::Scenario,
                        v,
                        "a customer scenario key such as savingAverageAmount",
                    )
                })
            })
            .transpose()?;
        let product_type = get(QueryField::Type)
            .map(|v| {
                ProductType::parse(v).map_err(|_| {
                    invalid(
                        QueryField::Type,
                        v,
                        "a product type such as creditCard, savings, svg or CD",
                    )
                })
            })
            .transpose()?;

        // `need` and `scenario` may each come with `route`, never with each other.
        let given: Vec<QueryField> = [
            (QueryField::Route, route.is_some()),
            (QueryField::Need, need.is_some() && route.is_none()),
            (QueryField::Scenario, scenario.is_some() && route.is_none()),
            (QueryField::Type, product_type.is_some()),
        ]
        .into_iter()
        .filter_map(|(field, present)| present.then_some(field))
        .collect();
        let conflict = match given.as_slice() {
            [first, second, ..] => Some((*first, *second)),
            _ if need.is_some() && scenario.is_some() => {
                Some((QueryField::Need, QueryField::Scenario))
            }
            _ => None,
        };
        if let Some((first, second)) = conflict {
            return Err(QueryError::Conflict { first, second });
        }
        let selector = match (route, need, scenario, product_type) {
            (Some(path), None, None, None) => Selector::Route {
                path,
                refinement: None,
            },
            (Some(path), Some(need), None, None) => Selector::Route {
                path,
                refinement: Some(RouteRefinement::Need(need)),
            },
            (Some(path), None, Some(scenario), None) => Selector::Route {
                path,
                refinement: Some(RouteRefinement::Scenario(scenario)),
            },
            (None, Some(need), None, None) => Selector::Need(need),
            (None, None, Some(scenario), None) => Selector::Scenario(scenario),
            (None, None, None, Some(product_type)) => Selector::ProductType(product_type),
            (None, None, None, None) => return Err(QueryError::MissingSelector),
            // Every other combination has two selectors and was refused above.
            _ => return Err(QueryError::MissingSelector),
        };

        let sort = get(QueryField::Sort)
            .map(|v| {
                SortKey::parse(v).ok_or_else(|| {
                    invalid(
                        QueryField::Sort,
                        v,
                        &format!("one of {}", SortKey::ALL.map(SortKey::key).join(", ")),
                    )
                })
            })
            .transpose()?
            .unwrap_or_default();
        let page = get(QueryField::Page)
            .map(|v| {
                whole_number(v)
                    .and_then(Page::new)
                    .ok_or_else(|| invalid(QueryField::Page, v, "a whole number from 1"))
            })
            .transpose()?
            .unwrap_or_default();
        let per_page = get(QueryField::PerPage)
            .map(|v| {
                whole_number(v).and_then(PerPage::new).ok_or_else(|| {
                    invalid(
                        QueryField::PerPage,
                        v,
                        &format!("a whole number from 1 to {MAX_PER_PAGE}"),
                    )
                })
            })
            .transpose()?
            .unwrap_or_default();
        let sponsorship = get(QueryField::Sponsorship)
            .map(|v| match v {
                "default" => Ok(SponsorshipMode::Default),
                "none" => Ok(SponsorshipMode::None),
                _ => Err(invalid(QueryField::Sponsorship, v, "default or none")),
            })
            .transpose()?
            .unwrap_or_default();
        Ok(Self {
            selector,
            sort,
            page,
            per_page,
            sponsorship,
        })
    }
}

/// ASCII digits only (leading zeros allowed), as a `u32`.
fn whole_number(value: &str) -> Option<u32> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// A route path as the route table spells paths: `/` then lower-case letters, digits, `-`
/// and `/`; one trailing `/` is dropped.
fn parse_route(value: &str) -> Result<String, QueryError> {
    let path = crate::route::normalise_path(value);
    let plain = path.starts_with('/')
        && path
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'/');
    if plain {
        Ok(path.to_owned())
    } else {
        Err(invalid(
            QueryField::Route,
            value,
            "a site path such as /credit-cards/secured",
        ))
    }
}

fn invalid(field: QueryField, value: &str, expected: &str) -> QueryError {
    QueryError::Invalid {
        field,
        value: value.chars().take(MAX_ECHO_CHARS).collect(),
        expected: expected.to_owned(),
    }
}
