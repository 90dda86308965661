//! Properties of listings over arbitrary catalogues: paging covers every item once, the
//! editorial order never rises, a sponsored placement is labelled and never repeated, and
//! the readers of queries and route tables never panic.
#![cfg(test)]

use std::collections::BTreeSet;

use catalogue::{
    CardKind, Catalogue, EditorialBasis, Filter, Listing, ListingError, ListingQuery, Placement,
    RatingField, Route, RouteOrder, RouteRefinement, RouteSection, RouteTable, SortKey,
    SponsorshipMode,
    query::{Page, PerPage, Selector},
};
use offer_model::{Offer, OfferId, ProductType, arbitrary, needs::NeedKey, scenarios::Scenario};
use proptest::{collection::vec, prelude::*, sample::select};

const ROUTES: &str = r#"{"routes": [
    {"path": "/all-cards", "section": "bestOf", "title": "Cards", "description": "Every card.",
     "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}},
    {"path": "/no-fee", "section": "bestOf", "title": "No fee", "description": "No annual fee.",
     "order": {"rating": "rating"}, "filter": {"any": ["noAnnualFee", {"not": "business"}]}},
    {"path": "/savings", "section": "banking", "title": "Savings", "description": "Savings.",
     "order": {"rating": "rating"}, "scenario": "savingAverageAmount",
     "filter": {"productType": ["savings", "moneyMarket", "cd"]}}
]}"#;

/// An arbitrary offer with a unique id, real need keys and random sponsorship.
fn offer(index: usize) -> impl Strategy<Value = Offer> {
    (
        select(vec![
            ProductType::CreditCard,
            ProductType::Savings,
            ProductType::MoneyMarket,
            ProductType::Cd,
        ])
        .prop_flat_map(arbitrary::offer_of),
        vec(select(NeedKey::ALL.to_vec()), 0..3),
        any::<bool>(),
        prop::bool::weighted(0.1),
    )
        .prop_map(move |(mut offer, needs, sponsored, discontinued)| {
            if let Ok(id) = OfferId::parse(&format!("offer-{index}")) {
                offer.identity.id = id;
            }
            offer.identity.pid = None;
            offer.needs.eligible_needs = needs.iter().map(|n| n.key().to_owned()).collect();
            offer.links.sponsored = sponsored;
            offer.links.discontinued = discontinued;
            offer
        })
}

/// Up to 39 arbitrary offers with unique ids.
fn offers() -> impl Strategy<Value = Vec<Offer>> {
    (0_usize..40).prop_flat_map(|count| (0..count).map(offer).collect::<Vec<_>>())
}

fn catalogue() -> impl Strategy<Value = Catalogue> {
    offers().prop_map(|offers| {
        let routes = RouteTable::from_json(ROUTES).unwrap_or_default();
        Catalogue::new(offers).with_routes(routes)
    })
}

fn selector() -> impl Strategy<Value = Selector> {
    prop_oneof![
        select(vec!["/all-cards", "/no-fee", "/savings"]).prop_map(|path| Selector::Route {
            path: path.to_owned(),
            refinement: None
        }),
        select(Scenario::ALL.to_vec()).prop_map(|scenario| Selector::Route {
            path: "/savings".to_owned(),
            refinement: Some(RouteRefinement::Scenario(scenario))
        }),
        (
            select(vec!["/all-cards", "/no-fee", "/savings"]),
            select(NeedKey::ALL.to_vec())
        )
            .prop_map(|(path, need)| Selector::Route {
                path: path.to_owned(),
                refinement: Some(RouteRefinement::Need(need))
            }),
        select(NeedKey::ALL.to_vec()).prop_map(Selector::Need),
        select(Scenario::ALL.to_vec()).prop_map(Selector::Scenario),
        select(ProductType::ALL.to_vec()).prop_map(Selector::ProductType),
    ]
}

/// Every page of a listing, in order; `None` when the listing itself is refused (a
/// checking scenario on the savings route).
fn all_pages<'a>(
    catalogue: &'a Catalogue,
    selector: &Selector,
    sort: SortKey,
    per_page: PerPage,
    sponsorship: SponsorshipMode,
) -> Option<Vec<Listing<'a>>> {
    let query = |page| {
        ListingQuery::new(selector.clone())
            .with_sort(sort)
            .with_page(page, per_page)
            .with_sponsorship(sponsorship)
    };
    let first = catalogue.listing(&query(Page::FIRST)).ok()?;
    let mut pages = vec![first];
    let count = pages.first().map_or(1, |p| p.pages);
    for number in 2..=count {
        let page = Page::new(u32::try_from(number).ok()?)?;
        pages.push(catalogue.listing(&query(page)).ok()?);
    }
    Some(pages)
}

/// The ids of every item of a listing in pure editorial order; `None` when refused.
fn editorial_ids(catalogue: &Catalogue, selector: &Selector) -> Option<Vec<String>> {
    let pages = all_pages(
        catalogue,
        selector,
        SortKey::Editorial,
        PerPage::new(7)?,
        SponsorshipMode::None,
    )?;
    Some(
        pages
            .iter()
            .flat_map(|p| {
                p.items
                    .iter()
                    .map(|i| i.offer.identity.id.as_str().to_owned())
            })
            .collect(),
    )
}

/// A filter built from predicates that narrow by product type and others that do not.
fn filter() -> impl Strategy<Value = Filter> {
    let leaf = prop_oneof![
        vec(select(ProductType::ALL.to_vec()), 1..4).prop_map(Filter::ProductType),
        select(vec![
            CardKind::Secured,
            CardKind::Unsecured,
            CardKind::Charge,
            CardKind::Store
        ])
        .prop_map(Filter::CardKind),
        vec(select(NeedKey::ALL.to_vec()), 1..3).prop_map(Filter::Need),
        Just(Filter::NoAnnualFee),
        Just(Filter::Business),
        Just(Filter::SignupBonus),
        Just(Filter::TieredRates),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            vec(inner.clone(), 1..4).prop_map(Filter::All),
            vec(inner.clone(), 1..4).prop_map(Filter::Any),
            inner.prop_map(|f| Filter::Not(Box::new(f))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_route_with_a_need_is_the_need_listing_narrowed_to_the_route(
        catalogue in catalogue(),
        path in select(vec!["/all-cards", "/no-fee", "/savings"]),
        need in select(NeedKey::ALL.to_vec()),
    ) {
        let selector = Selector::Route {
            path: path.to_owned(),
            refinement: Some(RouteRefinement::Need(need)),
        };
        let route_needs = catalogue.route_needs(path).unwrap_or_default();
        let Some(narrowed) = editorial_ids(&catalogue, &selector) else {
            // Only the savings route refuses needs, and it offers none.
            prop_assert_eq!(path, "/savings");
            prop_assert!(route_needs.is_empty());
            let refused = catalogue.listing(&ListingQuery::route_need(path, need));
            let refused_for_need = matches!(refused, Err(ListingError::NeedNotForRoute { .. }));
            prop_assert!(refused_for_need);
            return Ok(());
        };
        prop_assert_ne!(path, "/savings");
        let of_route: BTreeSet<String> = editorial_ids(&catalogue, &Selector::Route {
            path: path.to_owned(),
            refinement: None,
        })
        .unwrap_or_default()
        .into_iter()
        .collect();
        let expected: Vec<String> = editorial_ids(&catalogue, &Selector::Need(need))
            .unwrap_or_default()
            .into_iter()
            .filter(|id| of_route.contains(id))
            .collect();
        prop_assert_eq!(&narrowed, &expected);
        // The route offers exactly the needs that list something.
        prop_assert_eq!(route_needs.contains(&need), !narrowed.is_empty());
        let first = catalogue.listing(&ListingQuery::new(selector.clone()));
        prop_assert!(first.is_ok_and(|l| l.basis == EditorialBasis::Need(need) && l.scenario.is_none()));
    }

    #[test]
    fn a_route_takes_exactly_the_scenarios_it_lists_in_scenario_table_order(
        offers in offers(),
        own in proptest::option::of(select(Scenario::ALL.to_vec())),
        section in select(RouteSection::ALL.to_vec()),
        filter in filter(),
    ) {
        const PATH: &str = "/page";
        let route = Route {
            path: PATH.to_owned(),
            section,
            title: "Page".to_owned(),
            description: "A page.".to_owned(),
            order: RouteOrder::Rating(RatingField::Rating),
            scenario: own,
            filter,
        };
        let Ok(table) = RouteTable::new(vec![route.clone()]) else {
            return Ok(());
        };
        let catalogue = Catalogue::new(offers).with_routes(table);
        let listed: Vec<Scenario> = route.scenarios().collect();
        let in_table_order: Vec<Scenario> = Scenario::ALL
            .into_iter()
            .filter(|scenario| listed.contains(scenario))
            .collect();
        prop_assert_eq!(&listed, &in_table_order);
        // A route with a scenario lists its whole family (the terms only where it can list
        // CDs); one without lists none.
        let terms = route.filter.product_types().contains(&offer_model::product_type::ProductType::Cd);
        prop_assert_eq!(
            listed,
            own.map_or_else(Vec::new, |own| Scenario::of_family(own.family())
                .filter(|s| terms || s.term_months().is_none() || *s == own)
                .collect())
        );
        for scenario in Scenario::ALL {
            let query = ListingQuery::from_pairs([("route", PATH), ("scenario", scenario.key())]);
            prop_assert!(query.is_ok(), "{:?}", query);
            let Ok(query) = query else { continue };
            let answer = catalogue.listing(&query);
            if in_table_order.contains(&scenario) {
                prop_assert!(
                    answer.as_ref().is_ok_and(|listing| listing.scenario == Some(scenario)
                        && listing.basis == EditorialBasis::Scenario(scenario)),
                    "{}: {:?}", scenario, answer
                );
            } else {
                prop_assert_eq!(
                    answer.err(),
                    Some(ListingError::ScenarioNotForRoute { path: PATH.to_owned(), scenario })
                );
            }
        }
    }

    #[test]
    fn the_needs_of_a_route_follow_the_need_table(catalogue in catalogue()) {
        for (_, needs) in catalogue.routes_with_needs() {
            let positions: Vec<usize> = needs
                .iter()
                .filter_map(|need| NeedKey::ALL.iter().position(|n| n == need))
                .collect();
            prop_assert_eq!(positions.len(), needs.len());
            prop_assert!(positions.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn a_filter_matches_only_offers_of_its_product_types(
        filter in filter(),
        offer in select(ProductType::ALL.to_vec()).prop_flat_map(arbitrary::offer_of),
    ) {
        if filter.matches(&offer) {
            prop_assert!(filter.product_types().contains(&offer.product_type), "{:?}", filter);
        }
    }

    #[test]
    fn paging_covers_every_item_exactly_once(
        catalogue in catalogue(),
        selector in selector(),
        sort in select(SortKey::ALL.to_vec()),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
        sponsorship in select(vec![SponsorshipMode::Default, SponsorshipMode::None]),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, sort, per_page, sponsorship) else {
            return Ok(());
        };
        let total = pages.first().map_or(0, |p| p.total);
        let ids: Vec<&str> = pages
            .iter()
            .flat_map(|p| p.items.iter().map(|i| i.offer.identity.id.as_str()))
            .collect();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        prop_assert_eq!(ids.len(), total);
        prop_assert_eq!(unique.len(), total);
        // Every page but the last is full; editorial ranks are 1..=total, each once.
        for page in pages.iter().take(pages.len().saturating_sub(1)) {
            prop_assert_eq!(page.items.len(), usize::from(per_page.get()));
        }
        let ranks: BTreeSet<usize> = pages
            .iter()
            .flat_map(|p| p.items.iter().map(|i| i.editorial_rank))
            .collect();
        prop_assert_eq!(ranks, (1..=total).collect::<BTreeSet<usize>>());
        // Nothing discontinued is listed.
        prop_assert!(pages.iter().flat_map(|p| &p.items).all(|i| !i.offer.links.discontinued));
        // The page after the last is refused.
        let past = ListingQuery::new(selector.clone())
            .with_sort(sort)
            .with_page(Page::new(u32::try_from(pages.len() + 1).unwrap_or(u32::MAX)).unwrap_or(Page::FIRST), per_page)
            .with_sponsorship(sponsorship);
        prop_assert!(catalogue.listing(&past).is_err());
    }

    #[test]
    fn without_sponsorship_the_order_never_rises_in_editorial_score(
        catalogue in catalogue(),
        selector in selector(),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, SortKey::Editorial, per_page, SponsorshipMode::None) else {
            return Ok(());
        };
        let items: Vec<_> = pages.iter().flat_map(|p| p.items.iter()).collect();
        prop_assert!(items.iter().all(|i| i.placement == Placement::Editorial));
        for (position, pair) in items.windows(2).enumerate() {
            let [a, b] = pair else { continue };
            // Scores never rise; a missing score comes after every score.
            match (a.editorial_score, b.editorial_score) {
                (Some(a), Some(b)) => prop_assert!(a >= b, "{} < {} at {}", a, b, position),
                (None, Some(_)) => prop_assert!(false, "missing score before a score at {}", position),
                _ => {}
            }
            prop_assert_eq!(a.editorial_rank + 1, b.editorial_rank);
        }
        if let Some(first) = items.first() {
            prop_assert_eq!(first.editorial_rank, 1);
        }
    }

    #[test]
    fn a_sponsored_placement_is_labelled_first_and_never_repeated(
        catalogue in catalogue(),
        selector in selector(),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, SortKey::Editorial, per_page, SponsorshipMode::Default) else {
            return Ok(());
        };
        let items: Vec<_> = pages.iter().flat_map(|p| p.items.iter()).collect();
        let placed: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, i)| i.placement == Placement::Sponsored)
            .map(|(position, _)| position)
            .collect();
        let any_sponsored = items.iter().any(|i| i.offer.links.sponsored);
        prop_assert!(placed.len() <= 1);
        prop_assert_eq!(placed.len() == 1, any_sponsored);
        prop_assert_eq!(pages.first().is_some_and(|p| p.has_sponsored_placement), any_sponsored);
        if let Some(position) = placed.first() {
            prop_assert_eq!(*position, 0);
            let top = items[0];
            prop_assert!(top.offer.links.sponsored);
            // It is the best-ranked sponsored offer, and it is not repeated below.
            let best_sponsored = items
                .iter()
                .filter(|i| i.offer.links.sponsored)
                .map(|i| i.editorial_rank)
                .min();
            prop_assert_eq!(Some(top.editorial_rank), best_sponsored);
            let repeats = items.iter().filter(|i| i.offer.identity.id == top.offer.identity.id).count();
            prop_assert_eq!(repeats, 1);
        }
        // Apart from the placement, the order is the editorial order.
        let rest: Vec<usize> = items
            .iter()
            .filter(|i| i.placement == Placement::Editorial)
            .map(|i| i.editorial_rank)
            .collect();
        prop_assert!(rest.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn query_reading_never_panics(pairs in vec(("[a-z_]{0,12}", "\\PC{0,20}"), 0..8)) {
        let _ = ListingQuery::from_pairs(pairs);
    }

    #[test]
    fn query_reading_accepts_every_valid_combination(
        selector in selector(),
        sort in select(SortKey::ALL.to_vec()),
        page in 1_u32..10_000,
        per_page in 1_u32..=50,
        none in any::<bool>(),
    ) {
        let mut pairs: Vec<(String, String)> = match &selector {
            Selector::Route { path, refinement } => {
                let mut pairs = vec![("route".to_owned(), path.clone())];
                match refinement {
                    Some(RouteRefinement::Scenario(scenario)) => {
                        pairs.push(("scenario".to_owned(), scenario.key().to_owned()));
                    }
                    Some(RouteRefinement::Need(need)) => {
                        pairs.push(("need".to_owned(), need.key().to_owned()));
                    }
                    None => {}
                }
                pairs
            }
            Selector::Need(need) => vec![("need".to_owned(), need.key().to_owned())],
            Selector::Scenario(scenario) => vec![("scenario".to_owned(), scenario.key().to_owned())],
            Selector::ProductType(product_type) => vec![("type".to_owned(), product_type.key().to_owned())],
        };
        pairs.push(("sort".to_owned(), sort.key().to_owned()));
        pairs.push(("page".to_owned(), page.to_string()));
        pairs.push(("per_page".to_owned(), per_page.to_string()));
        pairs.push(("sponsorship".to_owned(), if none { "none" } else { "default" }.to_owned()));
        let query = ListingQuery::from_pairs(pairs);
        prop_assert!(query.is_ok(), "{:?}", query);
        let query = query.unwrap_or_else(|_| ListingQuery::route("/"));
        prop_assert_eq!(query.selector, selector);
        prop_assert_eq!(query.sort, sort);
        prop_assert_eq!(query.page.get(), page);
        prop_assert_eq!(u32::from(query.per_page.get()), per_page);
    }

    #[test]
    fn route_table_reading_never_panics(text in "\\PC{0,200}") {
        let _ = RouteTable::from_json(&text);
    }
}
