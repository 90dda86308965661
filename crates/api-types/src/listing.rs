//! Listings on the wire: a listing page (a route, need, scenario or product type, in
//! editorial or another order, with at most one labelled sponsored placement), the route
//! table, an institution with its products, and a comparison. Converted explicitly from the
//! `catalogue` crate's types; every offer travels as an [`OfferSummary`] with its provenance.

use catalogue::{
    Catalogue, Comparison, EditorialBasis, InstitutionView, LargeBanks, Listing, ListingItem,
    Route, RouteOrder,
};
use offer_model::{needs::NeedKey, scenarios::Scenario};
use serde::{Deserialize, Serialize};

use crate::offer::OfferSummary;

/// The part of the site a route belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum RouteSection {
    /// Credit card category pages under `/credit-cards/`.
    CreditCards,
    /// Best-of pages.
    BestOf,
    /// Banking pages.
    Banking,
    /// Loan pages.
    Loans,
}

impl From<catalogue::RouteSection> for RouteSection {
    fn from(section: catalogue::RouteSection) -> Self {
        match section {
            catalogue::RouteSection::CreditCards => Self::CreditCards,
            catalogue::RouteSection::BestOf => Self::BestOf,
            catalogue::RouteSection::Banking => Self::Banking,
            catalogue::RouteSection::Loans => Self::Loans,
        }
    }
}

/// What kind of basis an editorial order ranks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum EditorialOrderKind {
    /// The rating for a need (falling back to the overall rating).
    Need,
    /// A rating field.
    Rating,
    /// What a customer scenario earns.
    Scenario,
}

/// What an editorial order ranks by, with a label a reader understands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EditorialOrder {
    /// Need, rating field or scenario.
    pub kind: EditorialOrderKind,
    /// The need key (`rewards`), rating field (`rating`) or scenario key
    /// (`savingAverageAmount`).
    pub key: String,
    /// For a reader: "Earn Rewards", "Overall rating", "Saving an average amount".
    pub label: String,
}

/// The label of a rating field.
fn rating_label(field: catalogue::RatingField) -> &'static str {
    match field {
        catalogue::RatingField::Rating => "Overall rating",
        catalogue::RatingField::EditorsRating => "Editors' rating",
        catalogue::RatingField::WhRating => "Site rating",
    }
}

impl From<EditorialBasis> for EditorialOrder {
    fn from(basis: EditorialBasis) -> Self {
        match basis {
            EditorialBasis::Need(need) => Self {
                kind: EditorialOrderKind::Need,
                key: need.key().to_owned(),
                label: need.label().to_owned(),
            },
            EditorialBasis::Rating(field) => Self {
                kind: EditorialOrderKind::Rating,
                key: field.key().to_owned(),
                label: rating_label(field).to_owned(),
            },
            EditorialBasis::Scenario(scenario) => Self {
                kind: EditorialOrderKind::Scenario,
                key: scenario.key().to_owned(),
                label: scenario.label().to_owned(),
            },
        }
    }
}

impl From<RouteOrder> for EditorialOrder {
    fn from(order: RouteOrder) -> Self {
        EditorialBasis::from(order).into()
    }
}

/// A customer scenario (site-core §1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ScenarioInfo {
    /// The key, e.g. `savingAverageAmount`.
    pub key: String,
    /// What it means, e.g. "Saving an average amount".
    pub label: String,
    /// The balance it ranks by, as a decimal string, for a balance scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub balance: Option<String>,
    /// The term in months, for a term scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub term_months: Option<u32>,
}

impl From<Scenario> for ScenarioInfo {
    fn from(scenario: Scenario) -> Self {
        Self {
            key: scenario.key().to_owned(),
            label: scenario.label().to_owned(),
            balance: scenario
                .representative_balance()
                .map(|balance| balance.normalize().to_string()),
            term_months: scenario.term_months(),
        }
    }
}

/// A need a listing page may be filtered by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NeedInfo {
    /// The need key, as the `need` parameter takes it, e.g. `rewards`.
    pub key: String,
    /// For a reader, from the need table, e.g. "Earn Rewards".
    pub label: String,
}

impl From<NeedKey> for NeedInfo {
    fn from(need: NeedKey) -> Self {
        Self {
            key: need.key().to_owned(),
            label: need.label().to_owned(),
        }
    }
}

/// A listing page of the route table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RouteInfo {
    /// The site path, e.g. `/credit-cards/secured`.
    pub path: String,
    /// The part of the site it belongs to.
    pub section: RouteSection,
    /// The page title.
    pub title: String,
    /// What the page lists and how it is ordered.
    pub description: String,
    /// What its editorial order ranks by when no scenario applies.
    pub order: EditorialOrder,
    /// The customer scenario a banking page ranks by by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub scenario: Option<ScenarioInfo>,
    /// The customer scenarios the page may be ranked for (`scenario` with `route`): every
    /// scenario of its own scenario's product family, its own included, in the scenario
    /// table's order. Left out when there is none (pages without a scenario).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<Vec<ScenarioInfo>>", optional))]
    pub scenarios: Vec<ScenarioInfo>,
    /// The needs the page may be filtered by (`need` with `route`): those at least one of
    /// its offers has, in the need table's order. Left out when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<Vec<NeedInfo>>", optional))]
    pub needs: Vec<NeedInfo>,
    /// The product types the page can list (its filter's), as `ProductType::key` gives
    /// them, e.g. `checking`: what a page that lists none of them speaks about.
    pub product_types: Vec<String>,
}

impl RouteInfo {
    /// A route with the needs it may be filtered by ([`Catalogue::route_needs`]) and the
    /// scenarios it may be ranked for ([`Route::scenarios`], read from the route).
    pub fn new(route: &Route, needs: &[NeedKey]) -> Self {
        Self {
            path: route.path.clone(),
            section: route.section.into(),
            title: route.title.clone(),
            description: route.description.clone(),
            order: route.order.into(),
            scenario: route.scenario.map(ScenarioInfo::from),
            scenarios: route.scenarios().map(ScenarioInfo::from).collect(),
            needs: needs.iter().copied().map(NeedInfo::from).collect(),
            product_types: route
                .filter
                .product_types()
                .into_iter()
                .map(|product_type| product_type.key().to_owned())
                .collect(),
        }
    }
}

/// A route alone, without needs: the needs come from the catalogue's offers
/// ([`RouteInfo::new`]). Its scenarios come from the route, so they are there.
impl From<&Route> for RouteInfo {
    fn from(route: &Route) -> Self {
        Self::new(route, &[])
    }
}

/// Every listing page, for navigation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RoutesResponse {
    /// The routes, in the route table's order.
    pub routes: Vec<RouteInfo>,
}

/// The routes alone, without needs (a route table does not know the offers); the site's
/// answer is built from the [`Catalogue`].
impl From<&catalogue::RouteTable> for RoutesResponse {
    fn from(table: &catalogue::RouteTable) -> Self {
        Self {
            routes: table.routes().iter().map(RouteInfo::from).collect(),
        }
    }
}

/// Every route of the catalogue with the needs it may be filtered by.
impl From<&Catalogue> for RoutesResponse {
    fn from(catalogue: &Catalogue) -> Self {
        Self {
            routes: catalogue
                .routes_with_needs()
                .map(|(route, needs)| RouteInfo::new(route, needs))
                .collect(),
        }
    }
}

/// The order a listing is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ListingSort {
    /// The editorial order.
    Editorial,
    /// Overall rating, highest first.
    Rating,
    /// Member reviews, most first.
    Reviews,
    /// APY, highest first.
    Apy,
    /// Annual fee, lowest first.
    AnnualFee,
    /// Regular APR, lowest first.
    Apr,
    /// Name, A to Z.
    Name,
}

impl From<catalogue::SortKey> for ListingSort {
    fn from(sort: catalogue::SortKey) -> Self {
        match sort {
            catalogue::SortKey::Editorial => Self::Editorial,
            catalogue::SortKey::Rating => Self::Rating,
            catalogue::SortKey::Reviews => Self::Reviews,
            catalogue::SortKey::Apy => Self::Apy,
            catalogue::SortKey::AnnualFee => Self::AnnualFee,
            catalogue::SortKey::Apr => Self::Apr,
            catalogue::SortKey::Name => Self::Name,
        }
    }
}

/// Whether a listing may show a sponsored placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Sponsorship {
    /// At most one labelled sponsored placement on top.
    Default,
    /// The pure editorial order.
    None,
}

impl From<catalogue::SponsorshipMode> for Sponsorship {
    fn from(mode: catalogue::SponsorshipMode) -> Self {
        match mode {
            catalogue::SponsorshipMode::Default => Self::Default,
            catalogue::SponsorshipMode::None => Self::None,
        }
    }
}

/// How an item came to its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Placement {
    /// Its place in the listing's order.
    Editorial,
    /// A paid placement on top, to be labelled "Sponsored".
    Sponsored,
}

impl From<catalogue::Placement> for Placement {
    fn from(placement: catalogue::Placement) -> Self {
        match placement {
            catalogue::Placement::Editorial => Self::Editorial,
            catalogue::Placement::Sponsored => Self::Sponsored,
        }
    }
}

/// One item of a listing page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ListingEntry {
    /// The offer.
    pub offer: OfferSummary,
    /// How it came to its place.
    pub placement: Placement,
    /// Its rank in the editorial order, from 1, whatever order the page is in.
    pub editorial_rank: u64,
    /// The score its editorial rank is earned by (a rating, or an APY less a year of the
    /// account's monthly fee as a share of the balance), as a decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub editorial_score: Option<String>,
}

impl ListingEntry {
    /// The entry of a listing item, with links built under `base` and the asterisk of the
    /// issuers in `large_banks`.
    pub fn from_item(item: &ListingItem<'_>, base: &str, large_banks: &LargeBanks) -> Self {
        Self {
            offer: OfferSummary::from_offer(item.offer, base, large_banks),
            placement: item.placement.into(),
            editorial_rank: u64::try_from(item.editorial_rank).unwrap_or(u64::MAX),
            editorial_score: item
                .editorial_score
                .map(|score| score.normalize().to_string()),
        }
    }
}

/// One page of a listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ListingResponse {
    /// The route, when a route was listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub route: Option<RouteInfo>,
    /// What the editorial order ranks by.
    pub editorial_order: EditorialOrder,
    /// The customer scenario the listing is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub scenario: Option<ScenarioInfo>,
    /// The order used.
    pub sort: ListingSort,
    /// The sponsorship mode used.
    pub sponsorship: Sponsorship,
    /// Whether the listing's first item is a sponsored placement.
    pub has_sponsored_placement: bool,
    /// This page's items.
    pub items: Vec<ListingEntry>,
    /// Items in the whole listing.
    pub total: u64,
    /// Pages in the whole listing (at least 1).
    pub pages: u64,
    /// This page, from 1.
    pub page: u32,
    /// Items per page.
    pub per_page: u32,
}

impl ListingResponse {
    /// The answer for a listing page, with links built under `base` (the site's base
    /// address, empty for site-relative links) and the asterisk of the issuers in
    /// `large_banks`.
    pub fn from_listing(listing: &Listing<'_>, base: &str, large_banks: &LargeBanks) -> Self {
        Self {
            route: listing
                .route
                .map(|route| RouteInfo::new(route, listing.route_needs)),
            editorial_order: listing.basis.into(),
            scenario: listing.scenario.map(ScenarioInfo::from),
            sort: listing.sort.into(),
            sponsorship: listing.sponsorship.into(),
            has_sponsored_placement: listing.has_sponsored_placement,
            items: listing
                .items
                .iter()
                .map(|item| ListingEntry::from_item(item, base, large_banks))
                .collect(),
            total: u64::try_from(listing.total).unwrap_or(u64::MAX),
            pages: u64::try_from(listing.pages).unwrap_or(u64::MAX),
            page: listing.page.get(),
            per_page: u32::from(listing.per_page.get()),
        }
    }
}

/// An institution with the products it offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InstitutionResponse {
    /// The institution.
    pub institution: OfferSummary,
    /// Its products, grouped by product type, best rated first within each.
    pub products: Vec<OfferSummary>,
}

impl InstitutionResponse {
    /// The answer for an institution page, with links built under `base` and the asterisk
    /// of the issuers in `large_banks`.
    pub fn from_view(view: &InstitutionView<'_>, base: &str, large_banks: &LargeBanks) -> Self {
        Self {
            institution: OfferSummary::from_offer(view.institution, base, large_banks),
            products: view
                .products
                .iter()
                .map(|offer| OfferSummary::from_offer(offer, base, large_banks))
                .collect(),
        }
    }
}

/// The offers of a comparison, in the order asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompareResponse {
    /// The offers, two to four.
    pub offers: Vec<OfferSummary>,
}

impl CompareResponse {
    /// The answer for a comparison, with links built under `base` and the asterisk of the
    /// issuers in `large_banks`.
    pub fn from_comparison(
        comparison: &Comparison<'_>,
        base: &str,
        large_banks: &LargeBanks,
    ) -> Self {
        Self {
            offers: comparison
                .offers
                .iter()
                .map(|offer| OfferSummary::from_offer(offer, base, large_banks))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests;
