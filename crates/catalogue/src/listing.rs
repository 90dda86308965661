//! The catalogue: every offer in memory with its indexes and precomputed listings, and
//! the listings, lookups and comparisons it answers.

use std::collections::{BTreeMap, HashMap};

use offer_model::{Offer, ProductType, links, needs::NeedKey, scenarios::Scenario};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::{
    filter::{has_need, matches_scenario},
    large_banks::LargeBanks,
    order::{EditorialBasis, RatingField, SortKey, editorial_cmp, tie_break},
    query::{ListingQuery, Page, PerPage, RouteRefinement, Selector, SponsorshipMode},
    route::{Route, RouteTable, normalise_path},
};

#[cfg(test)]
mod tests;

/// The fewest offers a comparison holds.
pub const MIN_COMPARE: usize = 2;
/// The most offers a comparison holds.
pub const MAX_COMPARE: usize = 4;

/// How an item came to its place in a listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Placement {
    /// Its place in the order the listing uses.
    Editorial,
    /// A paid placement on top of the listing, labelled as such; its editorial rank says
    /// where it would stand otherwise.
    Sponsored,
}

/// One item of a listing page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListingItem<'a> {
    /// The offer.
    pub offer: &'a Offer,
    /// How it came to its place.
    pub placement: Placement,
    /// Its rank in the editorial order, from 1, whatever order the listing uses.
    pub editorial_rank: usize,
    /// The score its editorial rank is earned by (a rating or an APY), when it has one.
    pub editorial_score: Option<Decimal>,
}

/// One page of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing<'a> {
    /// The route, when the query named one.
    pub route: Option<&'a Route>,
    /// The needs the route may be filtered by (see [`Catalogue::route_needs`]); empty
    /// without a route.
    pub route_needs: &'a [NeedKey],
    /// What was listed.
    pub selector: Selector,
    /// What the editorial order ranks by.
    pub basis: EditorialBasis,
    /// The customer scenario the listing is for, if any.
    pub scenario: Option<Scenario>,
    /// The order used.
    pub sort: SortKey,
    /// The sponsorship mode used.
    pub sponsorship: SponsorshipMode,
    /// Whether the first item of the listing (on page 1) is a sponsored placement.
    pub has_sponsored_placement: bool,
    /// This page, from 1.
    pub page: Page,
    /// Items per page.
    pub per_page: PerPage,
    /// Items in the whole listing, each counted once.
    pub total: usize,
    /// Pages in the whole listing (at least 1).
    pub pages: usize,
    /// This page's items.
    pub items: Vec<ListingItem<'a>>,
}

/// Why a listing cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListingError {
    /// No route has that path.
    #[error("no listing at {path}")]
    UnknownRoute {
        /// The path asked for.
        path: String,
    },
    /// The scenario is not one the route takes ([`Route::scenarios`]): the route does not
    /// rank by customer scenario, or the scenario is of another product family.
    #[error("{path} cannot be ranked for the scenario {scenario}")]
    ScenarioNotForRoute {
        /// The route's path.
        path: String,
        /// The scenario asked for.
        scenario: Scenario,
    },
    /// The route does not list the product type needs describe (credit cards).
    #[error("{path} cannot be filtered by the need {need}")]
    NeedNotForRoute {
        /// The route's path.
        path: String,
        /// The need asked for.
        need: NeedKey,
    },
    /// The page is past the last one.
    #[error("page {page} is past the last page, {pages}")]
    PageOutOfRange {
        /// The page asked for.
        page: u32,
        /// The number of pages.
        pages: usize,
    },
}

/// Why a comparison cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompareError {
    /// Fewer than [`MIN_COMPARE`] ids.
    #[error("compare at least {MIN_COMPARE} products, found {count}")]
    TooFew {
        /// The number of ids given.
        count: usize,
    },
    /// More than [`MAX_COMPARE`] ids.
    #[error("compare at most {MAX_COMPARE} products, found {count}")]
    TooMany {
        /// The number of ids given.
        count: usize,
    },
    /// An id names no offer.
    #[error("no product with id {id}")]
    UnknownOffer {
        /// The id as given.
        id: String,
    },
    /// An offer is named twice.
    #[error("product {id} is listed twice")]
    Repeated {
        /// The offer's id.
        id: String,
    },
}

/// Why an institution page cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InstitutionError {
    /// No offer has that id.
    #[error("no institution with id {id}")]
    Unknown {
        /// The id as given.
        id: String,
    },
    /// The id names a product that is not an institution.
    #[error("{id} is a {product_type}, not an institution")]
    NotAnInstitution {
        /// The id as given.
        id: String,
        /// The product's type label.
        product_type: &'static str,
    },
}

/// An institution with the products it offers, in editorial order within each product type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstitutionView<'a> {
    /// The institution.
    pub institution: &'a Offer,
    /// Its products, grouped by product type (in [`ProductType::ALL`] order).
    pub products: Vec<&'a Offer>,
}

/// The offers of a comparison, in the order asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison<'a> {
    /// The offers.
    pub offers: Vec<&'a Offer>,
}

/// One precomputed listing: its members in editorial order, and in every other sort order
/// as (member, editorial rank) pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct View {
    basis: EditorialBasis,
    scenario: Option<Scenario>,
    editorial: Vec<u32>,
    /// The position in `editorial` of the first sponsored offer.
    first_sponsored: Option<usize>,
    sorted: BTreeMap<SortKey, Vec<(u32, u32)>>,
}

/// Every offer, indexed, with precomputed listings. See the crate docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    offers: Vec<Offer>,
    by_id: HashMap<String, u32>,
    by_details_page: HashMap<String, u32>,
    by_institution: HashMap<String, Vec<u32>>,
    routes: RouteTable,
    large_banks: LargeBanks,
    /// Every route's view; for a route with a scenario, its view for every other scenario
    /// of the same product family; for a route that takes needs, its view for every need.
    route_views: HashMap<(usize, Option<RouteRefinement>), View>,
    /// For every route, the needs at least one of its offers has, in [`NeedKey::ALL`] order.
    route_needs: Vec<Vec<NeedKey>>,
    need_views: BTreeMap<NeedKey, View>,
    scenario_views: BTreeMap<Scenario, View>,
    type_views: BTreeMap<ProductType, View>,
}

/// The key of a details page: its name without `/d/`, leading slashes or blanks.
fn details_key(page: &str) -> Option<String> {
    let path = links::details_path("", page).ok()?;
    path.strip_prefix(links::DETAILS_PREFIX).map(str::to_owned)
}

/// A name compared without case and surrounding blanks, for institution lookups.
fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Catalogue {
    /// Indexes the offers: by id and `PID`, by details-page name (with or without `/d/`), by
    /// institution (an institution's products are the offers whose `UID` is its id or `UID`,
    /// or whose issuer is its name). When two offers share an id, `PID` or page, the first
    /// keeps it. Precomputes the listings of every need, scenario and product type.
    ///
    /// A generated offer (`ILLUSTRATIVE` = Y) is left out, so no listing, ranking, search,
    /// institution page, feed or sitemap built on the view can show one: the site shows
    /// named products of their sources only. More than `u32::MAX` offers are not indexed
    /// past that count.
    pub fn new(offers: Vec<Offer>) -> Self {
        let limit = usize::try_from(u32::MAX).unwrap_or(usize::MAX);
        let mut offers = offers;
        offers.retain(|offer| !offer.provenance.illustrative);
        offers.truncate(limit);
        let mut by_id = HashMap::with_capacity(offers.len() * 2);
        let mut by_details_page = HashMap::with_capacity(offers.len());
        let indexed = || {
            offers
                .iter()
                .enumerate()
                .filter_map(|(i, o)| Some((u32::try_from(i).ok()?, o)))
        };
        for (index, offer) in indexed() {
            by_id
                .entry(offer.identity.id.as_str().to_owned())
                .or_insert(index);
        }
        for (index, offer) in indexed() {
            if let Some(pid) = &offer.identity.pid {
                by_id.entry(pid.clone()).or_insert(index);
            }
            if let Some(key) = offer
                .identity
                .details_html_page
                .as_deref()
                .and_then(details_key)
            {
                by_details_page.entry(key).or_insert(index);
            }
        }
        let mut institution_keys: HashMap<String, String> = HashMap::new();
        for (_, offer) in indexed().filter(|(_, o)| o.product_type == ProductType::Institution) {
            let id = offer.identity.id.as_str().to_owned();
            for key in [Some(id.clone()), offer.identity.uid.clone()]
                .into_iter()
                .flatten()
            {
                institution_keys.entry(key).or_insert_with(|| id.clone());
            }
            institution_keys
                .entry(format!("name:{}", name_key(offer.identity.name.as_str())))
                .or_insert_with(|| id.clone());
        }
        let mut by_institution: HashMap<String, Vec<u32>> = HashMap::new();
        for (index, offer) in indexed().filter(|(_, o)| o.product_type != ProductType::Institution)
        {
            let by_uid = offer
                .identity
                .uid
                .as_ref()
                .and_then(|uid| institution_keys.get(uid));
            let by_issuer = offer
                .identity
                .issuer
                .as_deref()
                .and_then(|issuer| institution_keys.get(&format!("name:{}", name_key(issuer))));
            if let Some(institution) = by_uid.or(by_issuer) {
                by_institution
                    .entry(institution.clone())
                    .or_default()
                    .push(index);
            }
        }
        let mut catalogue = Self {
            offers,
            by_id,
            by_details_page,
            by_institution,
            routes: RouteTable::default(),
            large_banks: LargeBanks::default(),
            route_views: HashMap::new(),
            route_needs: Vec::new(),
            need_views: BTreeMap::new(),
            scenario_views: BTreeMap::new(),
            type_views: BTreeMap::new(),
        };
        for products in catalogue.by_institution.values_mut() {
            let offers = &catalogue.offers;
            products.sort_by(|a, b| {
                let (Some(a), Some(b)) = (offers.get(*a as usize), offers.get(*b as usize)) else {
                    return std::cmp::Ordering::Equal;
                };
                a.product_type
                    .cmp(&b.product_type)
                    .then_with(|| editorial_cmp(EditorialBasis::Rating(RatingField::Rating), a, b))
            });
        }
        catalogue.need_views = NeedKey::ALL
            .into_iter()
            .map(|need| {
                let view = catalogue.view(EditorialBasis::Need(need), None, |o| has_need(o, need));
                (need, view)
            })
            .collect();
        catalogue.scenario_views = Scenario::ALL
            .into_iter()
            .map(|scenario| {
                let view =
                    catalogue.view(EditorialBasis::Scenario(scenario), Some(scenario), |o| {
                        matches_scenario(o, scenario)
                    });
                (scenario, view)
            })
            .collect();
        catalogue.type_views = ProductType::ALL
            .into_iter()
            .map(|product_type| {
                let view = catalogue.view(EditorialBasis::Rating(RatingField::Rating), None, |o| {
                    o.product_type == product_type
                });
                (product_type, view)
            })
            .collect();
        catalogue
    }

    /// The catalogue with a route table: precomputes every route's listing; for a route
    /// that ranks by a customer scenario, its listing for every scenario it takes
    /// ([`Route::scenarios`], the scenarios of that family); for
    /// a route that [takes needs](Route::takes_needs), its listing for every need (its
    /// offers with that need, ranked for it) and the needs at least one of its offers has.
    #[must_use]
    pub fn with_routes(mut self, routes: RouteTable) -> Self {
        let mut views = HashMap::new();
        let mut route_needs = Vec::with_capacity(routes.len());
        for (index, route) in routes.routes().iter().enumerate() {
            views.insert((index, None), self.route_view(route, route.scenario));
            for scenario in route.scenarios() {
                views.insert(
                    (index, Some(RouteRefinement::Scenario(scenario))),
                    self.route_view(route, Some(scenario)),
                );
            }
            let mut needs = Vec::new();
            if route.takes_needs() {
                let members = self.members(|offer| route.filter.matches(offer));
                for need in NeedKey::ALL {
                    let with_need = members
                        .iter()
                        .copied()
                        .filter(|index| self.get(*index).is_some_and(|o| has_need(o, need)))
                        .collect();
                    let view = self.view_of(EditorialBasis::Need(need), None, with_need);
                    if !view.editorial.is_empty() {
                        needs.push(need);
                    }
                    views.insert((index, Some(RouteRefinement::Need(need))), view);
                }
            }
            route_needs.push(needs);
        }
        self.route_views = views;
        self.route_needs = route_needs;
        self.routes = routes;
        self
    }

    /// The catalogue with the large-bank issuers (site-core §5), whose offers without an
    /// affiliate link get an asterisk ([`LargeBanks::asterisk`]). Without them, none does.
    #[must_use]
    pub fn with_large_banks(mut self, large_banks: LargeBanks) -> Self {
        self.large_banks = large_banks;
        self
    }

    /// The large-bank issuers.
    pub fn large_banks(&self) -> &LargeBanks {
        &self.large_banks
    }

    /// Every offer, in the order given.
    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    /// The number of offers.
    pub fn len(&self) -> usize {
        self.offers.len()
    }

    /// Whether there is no offer.
    pub fn is_empty(&self) -> bool {
        self.offers.is_empty()
    }

    /// The route table.
    pub fn routes(&self) -> &RouteTable {
        &self.routes
    }

    /// The offer with this id, or else this `PID`.
    pub fn offer(&self, id: &str) -> Option<&Offer> {
        self.by_id.get(id).and_then(|index| self.get(*index))
    }

    /// The offer whose details page this is: `card`, `/card`, `d/card` and `/d/card` all
    /// name the page `/d/card` (site-core §2).
    pub fn offer_by_details_page(&self, page: &str) -> Option<&Offer> {
        let key = details_key(page)?;
        self.by_details_page
            .get(&key)
            .and_then(|index| self.get(*index))
    }

    /// An institution (by id or `UID`) with its products.
    pub fn institution_with_products(
        &self,
        id: &str,
    ) -> Result<InstitutionView<'_>, InstitutionError> {
        let institution = self
            .by_id
            .get(id)
            .and_then(|index| self.get(*index))
            .or_else(|| {
                self.offers.iter().find(|o| {
                    o.product_type == ProductType::Institution
                        && o.identity.uid.as_deref() == Some(id)
                })
            })
            .ok_or_else(|| InstitutionError::Unknown { id: id.to_owned() })?;
        if institution.product_type != ProductType::Institution {
            return Err(InstitutionError::NotAnInstitution {
                id: id.to_owned(),
                product_type: institution.product_type.label(),
            });
        }
        let products = self
            .by_institution
            .get(institution.identity.id.as_str())
            .map(|indexes| indexes.iter().filter_map(|i| self.get(*i)).collect())
            .unwrap_or_default();
        Ok(InstitutionView {
            institution,
            products,
        })
    }

    /// The offers to compare, by id or `PID`: from [`MIN_COMPARE`] to [`MAX_COMPARE`], each
    /// once.
    pub fn compare<S: AsRef<str>>(&self, ids: &[S]) -> Result<Comparison<'_>, CompareError> {
        let count = ids.len();
        if count < MIN_COMPARE {
            return Err(CompareError::TooFew { count });
        }
        if count > MAX_COMPARE {
            return Err(CompareError::TooMany { count });
        }
        let mut offers: Vec<&Offer> = Vec::with_capacity(count);
        for id in ids {
            let id = id.as_ref();
            let offer = self.offer(id).ok_or_else(|| CompareError::UnknownOffer {
                id: id.chars().take(64).collect(),
            })?;
            if offers.iter().any(|o| o.identity.id == offer.identity.id) {
                return Err(CompareError::Repeated {
                    id: offer.identity.id.as_str().to_owned(),
                });
            }
            offers.push(offer);
        }
        Ok(Comparison { offers })
    }

    /// The needs a visitor may filter a route by: the needs at least one offer the route
    /// lists has, in [`NeedKey::ALL`] order (the need table's). Empty for a route that does
    /// not [take needs](Route::takes_needs); `None` for an unknown route.
    ///
    /// Every need here gives a route listing with at least one offer. A need the route
    /// takes but that is not here gives an empty listing, not an error.
    pub fn route_needs(&self, path: &str) -> Option<&[NeedKey]> {
        let (index, _) = self.route_at(path)?;
        Some(self.needs_at(index))
    }

    /// Every route in route-table order, with the needs it may be filtered by (as
    /// [`Catalogue::route_needs`] gives them).
    pub fn routes_with_needs(&self) -> impl Iterator<Item = (&Route, &[NeedKey])> {
        self.routes
            .routes()
            .iter()
            .enumerate()
            .map(|(index, route)| (route, self.needs_at(index)))
    }

    /// The number of offers a route lists, or `None` for an unknown route.
    pub fn route_size(&self, path: &str) -> Option<usize> {
        let (index, _) = self.route_at(path)?;
        self.route_views
            .get(&(index, None))
            .map(|view| view.editorial.len())
    }

    /// One page of a listing. See the crate docs for the order and the sponsored placement.
    ///
    /// A route with a need lists the route's offers that have the need, ranked by the rating
    /// for that need; a route that does not [take needs](Route::takes_needs) refuses it.
    pub fn listing(&self, query: &ListingQuery) -> Result<Listing<'_>, ListingError> {
        let mut route = None;
        let view = match &query.selector {
            Selector::Route { path, refinement } => {
                let key = normalise_path(path);
                let (index, found) =
                    self.route_at(key)
                        .ok_or_else(|| ListingError::UnknownRoute {
                            path: key.to_owned(),
                        })?;
                route = Some((found, self.needs_at(index)));
                // Naming the route's own scenario is the route's own listing.
                let own = found.scenario.map(RouteRefinement::Scenario);
                let chosen = refinement.filter(|wanted| own != Some(*wanted));
                self.route_views
                    .get(&(index, chosen))
                    .ok_or_else(|| match chosen {
                        Some(RouteRefinement::Scenario(scenario)) => {
                            ListingError::ScenarioNotForRoute {
                                path: found.path.clone(),
                                scenario,
                            }
                        }
                        Some(RouteRefinement::Need(need)) => ListingError::NeedNotForRoute {
                            path: found.path.clone(),
                            need,
                        },
                        None => ListingError::UnknownRoute {
                            path: key.to_owned(),
                        },
                    })?
            }
            Selector::Need(need) => self
                .need_views
                .get(need)
                .ok_or_else(|| unreachable_view(query))?,
            Selector::Scenario(scenario) => self
                .scenario_views
                .get(scenario)
                .ok_or_else(|| unreachable_view(query))?,
            Selector::ProductType(product_type) => self
                .type_views
                .get(product_type)
                .ok_or_else(|| unreachable_view(query))?,
        };
        self.page_of(view, route, query)
    }

    /// The route at a path (after [`normalise_path`]) with its position in the table.
    fn route_at(&self, path: &str) -> Option<(usize, &Route)> {
        let path = normalise_path(path);
        self.routes
            .routes()
            .iter()
            .enumerate()
            .find(|(_, route)| route.path == path)
    }

    fn get(&self, index: u32) -> Option<&Offer> {
        self.offers.get(index as usize)
    }

    /// The needs of the route at a position in the table.
    fn needs_at(&self, index: usize) -> &[NeedKey] {
        self.route_needs.get(index).map_or(&[], Vec::as_slice)
    }

    /// The view of a route for a scenario (its own, another, or none).
    fn route_view(&self, route: &Route, scenario: Option<Scenario>) -> View {
        let basis = scenario.map_or(route.order.into(), EditorialBasis::Scenario);
        self.view(basis, scenario, |offer| {
            route.filter.matches(offer)
                && scenario.is_none_or(|scenario| matches_scenario(offer, scenario))
        })
    }

    /// Precomputes a listing: the non-discontinued offers that match, in editorial order and
    /// in every other sort order.
    fn view(
        &self,
        basis: EditorialBasis,
        scenario: Option<Scenario>,
        matches: impl Fn(&Offer) -> bool,
    ) -> View {
        self.view_of(basis, scenario, self.members(matches))
    }

    /// The positions of the non-discontinued offers that match, in catalogue order.
    fn members(&self, matches: impl Fn(&Offer) -> bool) -> Vec<u32> {
        self.offers
            .iter()
            .enumerate()
            .filter(|(_, offer)| !offer.links.discontinued && matches(offer))
            .filter_map(|(index, _)| u32::try_from(index).ok())
            .collect()
    }

    /// Precomputes a listing of these members (positions in the catalogue), in editorial
    /// order and in every other sort order.
    fn view_of(
        &self,
        basis: EditorialBasis,
        scenario: Option<Scenario>,
        members: Vec<u32>,
    ) -> View {
        let offers = &self.offers;
        let mut editorial = members;
        let mut scored: Vec<(u32, Option<Decimal>)> = editorial
            .iter()
            .map(|index| {
                (
                    *index,
                    offers.get(*index as usize).and_then(|o| basis.score(o)),
                )
            })
            .collect();
        scored.sort_by(|(a, score_a), (b, score_b)| {
            let (Some(offer_a), Some(offer_b)) = (offers.get(*a as usize), offers.get(*b as usize))
            else {
                return std::cmp::Ordering::Equal;
            };
            crate::order::higher_first(*score_a, *score_b).then_with(|| tie_break(offer_a, offer_b))
        });
        editorial = scored.into_iter().map(|(index, _)| index).collect();
        let first_sponsored = editorial.iter().position(|index| {
            offers
                .get(*index as usize)
                .is_some_and(|offer| offer.links.sponsored)
        });
        let sorted = SortKey::ALL
            .into_iter()
            .filter(|sort| *sort != SortKey::Editorial)
            .map(|sort| {
                let mut pairs: Vec<(u32, u32)> = editorial
                    .iter()
                    .enumerate()
                    .filter_map(|(rank, index)| Some((*index, u32::try_from(rank).ok()?)))
                    .collect();
                pairs.sort_by(|(a, rank_a), (b, rank_b)| {
                    match (offers.get(*a as usize), offers.get(*b as usize)) {
                        (Some(offer_a), Some(offer_b)) => sort
                            .cmp(scenario, offer_a, offer_b)
                            .then_with(|| rank_a.cmp(rank_b)),
                        _ => rank_a.cmp(rank_b),
                    }
                });
                (sort, pairs)
            })
            .collect();
        View {
            basis,
            scenario,
            editorial,
            first_sponsored,
            sorted,
        }
    }

    /// Cuts one page out of a view.
    fn page_of<'a>(
        &'a self,
        view: &View,
        route: Option<(&'a Route, &'a [NeedKey])>,
        query: &ListingQuery,
    ) -> Result<Listing<'a>, ListingError> {
        let total = view.editorial.len();
        let per_page = usize::from(query.per_page.get());
        let pages = total.div_ceil(per_page).max(1);
        let page = query.page.get();
        let page_index = usize::try_from(page - 1).unwrap_or(usize::MAX);
        if page_index >= pages {
            return Err(ListingError::PageOutOfRange { page, pages });
        }
        let start = page_index.saturating_mul(per_page);
        let end = start.saturating_add(per_page).min(total);
        let placement = (query.sort == SortKey::Editorial
            && query.sponsorship == SponsorshipMode::Default)
            .then_some(view.first_sponsored)
            .flatten();
        let item = |offer_index: u32, rank: usize, placement: Placement| {
            let offer = self.get(offer_index)?;
            Some(ListingItem {
                offer,
                placement,
                editorial_rank: rank + 1,
                editorial_score: view.basis.score(offer),
            })
        };
        let items: Vec<ListingItem<'_>> = if query.sort == SortKey::Editorial {
            (start..end)
                .filter_map(|position| {
                    // The sequence is the placed offer, then the editorial order without it.
                    let (rank, placed) = match placement {
                        Some(p) if position == 0 => (p, Placement::Sponsored),
                        Some(p) if position <= p => (position - 1, Placement::Editorial),
                        _ => (position, Placement::Editorial),
                    };
                    item(*view.editorial.get(rank)?, rank, placed)
                })
                .collect()
        } else {
            view.sorted
                .get(&query.sort)
                .and_then(|pairs| pairs.get(start..end))
                .unwrap_or_default()
                .iter()
                .filter_map(|(index, rank)| item(*index, *rank as usize, Placement::Editorial))
                .collect()
        };
        Ok(Listing {
            route: route.map(|(route, _)| route),
            route_needs: route.map_or(&[], |(_, needs)| needs),
            selector: query.selector.clone(),
            basis: view.basis,
            scenario: view.scenario,
            sort: query.sort,
            sponsorship: query.sponsorship,
            has_sponsored_placement: placement.is_some(),
            page: query.page,
            per_page: query.per_page,
            total,
            pages,
            items,
        })
    }
}

/// Every need, scenario and product type has a view; this error is never returned.
fn unreachable_view(query: &ListingQuery) -> ListingError {
    ListingError::UnknownRoute {
        path: format!("{:?}", query.selector),
    }
}
