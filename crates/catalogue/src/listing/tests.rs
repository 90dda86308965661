use super::*;
use crate::query::QueryField;
use serde_json::{Value, json};

fn offer(raw: Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

/// Cards rated 4.9, 4.8, ... with the given ones sponsored.
fn cards(count: usize, sponsored: &[usize]) -> Vec<Offer> {
    (0..count)
        .map(|i| {
            let rating = Decimal::from(49 - i as i64 % 50) / Decimal::from(10);
            offer(json!({
                "ID": format!("card-{i:02}"),
                "NAME": format!("Card {i:02}"),
                "RATING": rating.to_string(),
                "ANNUAL_FEE": if i % 2 == 0 { "$0" } else { "$95" },
                "SPONSORED": if sponsored.contains(&i) { "Y" } else { "N" },
                "ELIGIBLE_NEEDS": "rewards",
                "DETAILS_HTML_PAGE": format!("card-{i:02}"),
            }))
        })
        .collect()
}

fn routes() -> RouteTable {
    RouteTable::from_json(
        r#"{"routes": [
        {"path": "/best-credit-cards", "section": "bestOf", "title": "Best", "description": "All cards.",
         "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}},
        {"path": "/best-credit-cards-no-annual-fee", "section": "bestOf", "title": "No fee",
         "description": "No annual fee.", "order": {"rating": "rating"},
         "filter": {"all": [{"productType": ["creditCard"]}, "noAnnualFee"]}},
        {"path": "/savings-accounts", "section": "banking", "title": "Savings", "description": "Savings.",
         "order": {"rating": "rating"}, "scenario": "savingSmallAmount",
         "filter": {"productType": ["savings", "moneyMarket"]}}
    ]}"#,
    )
    .unwrap()
}

fn ids(listing: &Listing<'_>) -> Vec<String> {
    listing
        .items
        .iter()
        .map(|item| item.offer.identity.id.as_str().to_owned())
        .collect()
}

fn query(pairs: &[(&str, &str)]) -> ListingQuery {
    ListingQuery::from_pairs(pairs.iter().copied()).unwrap()
}

#[test]
fn editorial_listing_without_sponsors_is_the_rating_order() {
    let catalogue = Catalogue::new(cards(5, &[])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[("route", "/best-credit-cards")]))
        .unwrap();
    assert_eq!(
        ids(&listing),
        ["card-00", "card-01", "card-02", "card-03", "card-04"]
    );
    assert_eq!(listing.total, 5);
    assert_eq!(listing.pages, 1);
    assert!(!listing.has_sponsored_placement);
    let ranks: Vec<usize> = listing.items.iter().map(|i| i.editorial_rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4, 5]);
    assert!(
        listing
            .items
            .iter()
            .all(|i| i.placement == Placement::Editorial)
    );
    assert_eq!(listing.items[0].editorial_score, Some(Decimal::new(49, 1)));
    assert_eq!(
        listing.route.map(|r| r.path.as_str()),
        Some("/best-credit-cards")
    );
    assert_eq!(listing.basis, EditorialBasis::Need(NeedKey::Rewards));
}

#[test]
fn one_sponsored_placement_on_top_labelled_and_not_repeated() {
    let catalogue = Catalogue::new(cards(6, &[3, 5])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[("route", "/best-credit-cards")]))
        .unwrap();
    assert_eq!(
        ids(&listing),
        [
            "card-03", "card-00", "card-01", "card-02", "card-04", "card-05"
        ]
    );
    assert_eq!(listing.items[0].placement, Placement::Sponsored);
    assert_eq!(listing.items[0].editorial_rank, 4);
    // The second sponsored offer keeps its editorial place and label.
    assert_eq!(listing.items[5].placement, Placement::Editorial);
    assert_eq!(listing.items[5].editorial_rank, 6);
    assert!(listing.items[5].offer.links.sponsored);
    assert_eq!(listing.total, 6);
    assert!(listing.has_sponsored_placement);
}

#[test]
fn sponsorship_none_is_the_pure_editorial_order() {
    let catalogue = Catalogue::new(cards(6, &[3, 5])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards"),
            ("sponsorship", "none"),
        ]))
        .unwrap();
    assert_eq!(
        ids(&listing),
        [
            "card-00", "card-01", "card-02", "card-03", "card-04", "card-05"
        ]
    );
    assert!(
        listing
            .items
            .iter()
            .all(|i| i.placement == Placement::Editorial)
    );
    assert!(!listing.has_sponsored_placement);
    assert_eq!(listing.sponsorship, SponsorshipMode::None);
}

#[test]
fn a_top_ranked_sponsor_is_the_placement_in_its_own_place() {
    let catalogue = Catalogue::new(cards(3, &[0])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[("route", "/best-credit-cards")]))
        .unwrap();
    assert_eq!(ids(&listing), ["card-00", "card-01", "card-02"]);
    assert_eq!(listing.items[0].placement, Placement::Sponsored);
    assert_eq!(listing.items[0].editorial_rank, 1);
}

#[test]
fn paging_with_a_placement_covers_every_offer_once() {
    let catalogue = Catalogue::new(cards(7, &[4])).with_routes(routes());
    let page = |n: &str| {
        catalogue
            .listing(&query(&[
                ("route", "/best-credit-cards"),
                ("per_page", "3"),
                ("page", n),
            ]))
            .unwrap()
    };
    let (one, two, three) = (page("1"), page("2"), page("3"));
    assert_eq!(ids(&one), ["card-04", "card-00", "card-01"]);
    assert_eq!(ids(&two), ["card-02", "card-03", "card-05"]);
    assert_eq!(ids(&three), ["card-06"]);
    assert_eq!((one.pages, one.total), (3, 7));
    assert!(
        two.items
            .iter()
            .all(|i| i.placement == Placement::Editorial)
    );
    assert_eq!(
        catalogue.listing(&query(&[
            ("route", "/best-credit-cards"),
            ("per_page", "3"),
            ("page", "4")
        ])),
        Err(ListingError::PageOutOfRange { page: 4, pages: 3 })
    );
}

#[test]
fn other_sorts_show_no_placement_and_keep_editorial_ranks() {
    let catalogue = Catalogue::new(cards(4, &[2])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards"),
            ("sort", "annualFee"),
        ]))
        .unwrap();
    // Fee $0 first (cards 0 and 2, in editorial order), then $95.
    assert_eq!(ids(&listing), ["card-00", "card-02", "card-01", "card-03"]);
    let ranks: Vec<usize> = listing.items.iter().map(|i| i.editorial_rank).collect();
    assert_eq!(ranks, [1, 3, 2, 4]);
    assert!(
        listing
            .items
            .iter()
            .all(|i| i.placement == Placement::Editorial)
    );
    let by_name = catalogue
        .listing(&query(&[("route", "/best-credit-cards"), ("sort", "name")]))
        .unwrap();
    assert_eq!(ids(&by_name), ["card-00", "card-01", "card-02", "card-03"]);
}

#[test]
fn route_filters_apply() {
    let catalogue = Catalogue::new(cards(5, &[])).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[("route", "/best-credit-cards-no-annual-fee")]))
        .unwrap();
    assert_eq!(ids(&listing), ["card-00", "card-02", "card-04"]);
    assert_eq!(
        catalogue.route_size("/best-credit-cards-no-annual-fee/"),
        Some(3)
    );
    assert_eq!(catalogue.route_size("/nowhere"), None);
}

#[test]
fn empty_listings_have_one_empty_page() {
    let catalogue = Catalogue::new(Vec::new()).with_routes(routes());
    let listing = catalogue
        .listing(&query(&[("route", "/best-credit-cards")]))
        .unwrap();
    assert_eq!(
        (listing.total, listing.pages, listing.items.len()),
        (0, 1, 0)
    );
    assert!(matches!(
        catalogue.listing(&query(&[("route", "/best-credit-cards"), ("page", "2")])),
        Err(ListingError::PageOutOfRange { page: 2, pages: 1 })
    ));
    assert!(catalogue.is_empty());
}

#[test]
fn unknown_routes_and_foreign_scenarios_are_errors() {
    let catalogue = Catalogue::new(cards(2, &[])).with_routes(routes());
    assert_eq!(
        catalogue.listing(&query(&[("route", "/credit-cards/gold/")])),
        Err(ListingError::UnknownRoute {
            path: "/credit-cards/gold".to_owned()
        })
    );
    assert_eq!(
        catalogue.listing(&query(&[
            ("route", "/best-credit-cards"),
            ("scenario", "savingStudent")
        ])),
        Err(ListingError::ScenarioNotForRoute {
            path: "/best-credit-cards".to_owned(),
            scenario: Scenario::SavingStudent
        })
    );
    assert!(matches!(
        catalogue.listing(&query(&[
            ("route", "/savings-accounts"),
            ("scenario", "checkingStudent")
        ])),
        Err(ListingError::ScenarioNotForRoute { .. })
    ));
    // A query naming the route's own scenario is the route's listing.
    assert!(
        catalogue
            .listing(&query(&[
                ("route", "/savings-accounts"),
                ("scenario", "savingSmallAmount")
            ]))
            .is_ok()
    );
}

fn savings() -> Vec<Offer> {
    vec![
        // Best for small balances.
        offer(
            json!({"ID": "flat", "NAME": "Flat", "TYPE": "svg", "RATING": "3", "MIN_TO_OPEN": "$0",
            "RATE_INFO_STR": "0|99999999|2|2"}),
        ),
        // Best for large balances.
        offer(
            json!({"ID": "tiered", "NAME": "Tiered", "TYPE": "svg", "RATING": "4", "MIN_TO_OPEN": "$0",
            "RATE_INFO_STR": "0|24999.99|0.5|0.5,25000|99999999|4|4"}),
        ),
        // Opens only with $5,000.
        offer(
            json!({"ID": "mm", "NAME": "Money Market", "PDT_TYPE": "Money Market", "RATING": "5",
            "MIN_TO_OPEN": "$5,000", "RATE_INFO_STR": "0|99999999|3|3"}),
        ),
        offer(
            json!({"ID": "cd12", "NAME": "CD 12", "PDT_TYPE": "CD", "TERM": "12", "MIN_TO_OPEN": "$500",
            "RATE_INFO_STR": "500|99999999|3.5|3.5"}),
        ),
    ]
}

#[test]
fn scenarios_rank_by_what_the_balance_earns() {
    let catalogue = Catalogue::new(savings()).with_routes(routes());
    let small = catalogue
        .listing(&query(&[("route", "/savings-accounts")]))
        .unwrap();
    assert_eq!(ids(&small), ["flat", "tiered"]);
    assert_eq!(small.scenario, Some(Scenario::SavingSmallAmount));
    assert_eq!(small.items[0].editorial_score, Some(Decimal::new(200, 2)));
    let large = catalogue
        .listing(&query(&[
            ("route", "/savings-accounts"),
            ("scenario", "savingLargeAmount"),
        ]))
        .unwrap();
    // $100,000: tiered earns (25,000 × 0.5 + 75,000 × 4) / 100,000 = 3.125%.
    // The money market earns 3% and opens with $5,000.
    assert_eq!(ids(&large), ["tiered", "mm", "flat"]);
    assert_eq!(large.items[0].editorial_score, Some(Decimal::new(313, 2)));
    let term = catalogue
        .listing(&query(&[("scenario", "savingTerm12Months")]))
        .unwrap();
    assert_eq!(ids(&term), ["cd12"]);
    assert_eq!(term.route, None);
}

#[test]
fn need_and_type_selectors() {
    let mut offers = cards(3, &[]);
    offers.extend(savings());
    offers.push(offer(
        json!({"ID": "gone", "NAME": "Gone", "ELIGIBLE_NEEDS": "rewards", "RATING": "5",
        "DISCONTINUED": "Y"}),
    ));
    let catalogue = Catalogue::new(offers);
    let rewards = catalogue.listing(&query(&[("need", "rewards")])).unwrap();
    assert_eq!(ids(&rewards), ["card-00", "card-01", "card-02"]);
    let cds = catalogue.listing(&query(&[("type", "CD")])).unwrap();
    assert_eq!(ids(&cds), ["cd12"]);
    let gas = catalogue.listing(&query(&[("need", "gas")])).unwrap();
    assert_eq!(gas.total, 0);
    // Discontinued offers are not listed but can still be found.
    assert!(catalogue.offer("gone").is_some());
}

#[test]
fn lookups_by_id_pid_and_details_page() {
    let mut offers = cards(2, &[]);
    offers.push(offer(
        json!({"ID": "x1", "PID": "777", "NAME": "X", "DETAILS_HTML_PAGE": "/d/x-card"}),
    ));
    offers.push(offer(json!({"ID": "x1", "NAME": "Duplicate id"})));
    let catalogue = Catalogue::new(offers);
    assert_eq!(catalogue.len(), 4);
    assert_eq!(
        catalogue.offer("x1").map(|o| o.identity.name.as_str()),
        Some("X")
    );
    assert_eq!(
        catalogue.offer("777").map(|o| o.identity.id.as_str()),
        Some("x1")
    );
    assert_eq!(catalogue.offer("778"), None);
    for page in ["x-card", "/x-card", "d/x-card", "/d/x-card", " /d/x-card "] {
        assert_eq!(
            catalogue
                .offer_by_details_page(page)
                .map(|o| o.identity.id.as_str()),
            Some("x1"),
            "{page}"
        );
    }
    assert_eq!(
        catalogue
            .offer_by_details_page("/d/card-01")
            .map(|o| o.identity.id.as_str()),
        Some("card-01")
    );
    assert_eq!(catalogue.offer_by_details_page("/d/"), None);
    assert_eq!(catalogue.offer_by_details_page("x card"), None);
}

#[test]
fn institutions_with_their_products() {
    let offers = vec![
        offer(json!({"ID": "fdic-1", "UID": "fdic-1", "NAME": "First Bank", "TYPE": "inst"})),
        offer(
            json!({"ID": "fdic-1-cd", "UID": "fdic-1", "NAME": "First CD", "PDT_TYPE": "CD", "RATING": "4"}),
        ),
        offer(
            json!({"ID": "fdic-1-savings", "UID": "fdic-1", "NAME": "First Savings", "TYPE": "svg", "RATING": "3"}),
        ),
        offer(
            json!({"ID": "fdic-1-high", "UID": "fdic-1", "NAME": "First High Savings", "TYPE": "svg", "RATING": "5"}),
        ),
        offer(json!({"ID": "card", "NAME": "First Card", "ISSUER": " first bank "})),
        offer(json!({"ID": "other", "UID": "fdic-2", "NAME": "Other Savings", "TYPE": "svg"})),
    ];
    let catalogue = Catalogue::new(offers);
    let view = catalogue.institution_with_products("fdic-1").unwrap();
    assert_eq!(view.institution.identity.name.as_str(), "First Bank");
    let products: Vec<&str> = view
        .products
        .iter()
        .map(|o| o.identity.id.as_str())
        .collect();
    assert_eq!(
        products,
        ["card", "fdic-1-high", "fdic-1-savings", "fdic-1-cd"]
    );
    assert_eq!(
        catalogue.institution_with_products("fdic-9"),
        Err(InstitutionError::Unknown {
            id: "fdic-9".to_owned()
        })
    );
    assert_eq!(
        catalogue.institution_with_products("card"),
        Err(InstitutionError::NotAnInstitution {
            id: "card".to_owned(),
            product_type: "Credit Card"
        })
    );
}

#[test]
fn compare_takes_two_to_four_known_distinct_offers() {
    let mut offers = cards(5, &[]);
    offers.push(offer(json!({"ID": "p", "PID": "pid-p", "NAME": "P"})));
    let catalogue = Catalogue::new(offers);
    let found = catalogue.compare(&["card-03", "pid-p"]).unwrap();
    let names: Vec<&str> = found
        .offers
        .iter()
        .map(|o| o.identity.name.as_str())
        .collect();
    assert_eq!(names, ["Card 03", "P"]);
    assert!(
        catalogue
            .compare(&["card-00", "card-01", "card-02", "card-03"])
            .is_ok()
    );
    assert_eq!(
        catalogue.compare(&["card-00"]),
        Err(CompareError::TooFew { count: 1 })
    );
    assert_eq!(
        catalogue.compare::<&str>(&[]),
        Err(CompareError::TooFew { count: 0 })
    );
    assert_eq!(
        catalogue.compare(&["card-00", "card-01", "card-02", "card-03", "card-04"]),
        Err(CompareError::TooMany { count: 5 })
    );
    assert_eq!(
        catalogue.compare(&["card-00", "nope"]),
        Err(CompareError::UnknownOffer {
            id: "nope".to_owned()
        })
    );
    assert_eq!(
        catalogue.compare(&["p", "pid-p"]),
        Err(CompareError::Repeated { id: "p".to_owned() })
    );
}

#[test]
fn query_errors_and_listing_errors_stay_apart() {
    // The query names its field; the listing knows the routes.
    let error = ListingQuery::from_pairs([("route", "/x"), ("page", "0")]).unwrap_err();
    assert_eq!(error.field(), Some(QueryField::Page));
    let catalogue = Catalogue::new(cards(1, &[]));
    assert!(matches!(
        catalogue.listing(&ListingQuery::route("/x")),
        Err(ListingError::UnknownRoute { .. })
    ));
}

/// Cards with needs and need ratings, a discontinued one, and a savings account.
fn cards_with_needs() -> Vec<Offer> {
    let mut offers = vec![
        // The best overall, for rewards only.
        offer(
            json!({"ID": "a", "NAME": "A", "RATING": "4.9", "ANNUAL_FEE": "$95",
            "ELIGIBLE_NEEDS": "rewards"}),
        ),
        // Rated 5 for travel, 4 overall; sponsored.
        offer(
            json!({"ID": "b", "NAME": "B", "RATING": "4.0", "ANNUAL_FEE": "$0",
            "WH_RATINGS": "5.0", "WH_RATINGS_NEEDS": "travel", "SPONSORED": "Y"}),
        ),
        offer(
            json!({"ID": "c", "NAME": "C", "RATING": "4.5", "ANNUAL_FEE": "$0",
            "ELIGIBLE_NEEDS": "travel,rewards"}),
        ),
        offer(
            json!({"ID": "d", "NAME": "D", "RATING": "4.8", "ANNUAL_FEE": "$95",
            "ELIGIBLE_NEEDS": "travel"}),
        ),
        // Discontinued: its need is not offered.
        offer(
            json!({"ID": "gone", "NAME": "Gone", "RATING": "5", "ANNUAL_FEE": "$0",
            "ELIGIBLE_NEEDS": "hotel", "DISCONTINUED": "Y"}),
        ),
    ];
    offers.extend(savings());
    offers
}

#[test]
fn a_route_with_a_need_lists_its_offers_with_the_need_ranked_for_it() {
    let catalogue = Catalogue::new(cards_with_needs()).with_routes(routes());
    let pairs = [
        ("route", "/best-credit-cards"),
        ("need", "travel"),
        ("sponsorship", "none"),
    ];
    let travel = catalogue.listing(&query(&pairs)).unwrap();
    // B's travel rating (5.0) beats D's and C's overall ratings; A lacks the need.
    assert_eq!(ids(&travel), ["b", "d", "c"]);
    assert_eq!(travel.basis, EditorialBasis::Need(NeedKey::Travel));
    assert_eq!(travel.scenario, None);
    assert_eq!(
        travel.route.map(|r| r.path.as_str()),
        Some("/best-credit-cards")
    );
    let scores: Vec<Option<Decimal>> = travel.items.iter().map(|i| i.editorial_score).collect();
    assert_eq!(
        scores,
        [
            Some(Decimal::new(50, 1)),
            Some(Decimal::new(48, 1)),
            Some(Decimal::new(45, 1))
        ]
    );
    // The same order as the need listing, narrowed to the route.
    let need = catalogue
        .listing(&query(&[("need", "travel"), ("sponsorship", "none")]))
        .unwrap();
    assert_eq!(ids(&need), ids(&travel));
    // The route's filter still applies.
    let no_fee = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards-no-annual-fee"),
            ("need", "travel"),
            ("sponsorship", "none"),
        ]))
        .unwrap();
    assert_eq!(ids(&no_fee), ["b", "c"]);
    // Sorting and the sponsored placement work as on any listing.
    let placed = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards"),
            ("need", "travel"),
        ]))
        .unwrap();
    assert_eq!(ids(&placed), ["b", "d", "c"]);
    assert!(placed.has_sponsored_placement);
    assert_eq!(placed.items[0].placement, Placement::Sponsored);
    assert_eq!(placed.items[0].editorial_rank, 1);
    let rewards = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards"),
            ("need", "rewards"),
        ]))
        .unwrap();
    assert_eq!(ids(&rewards), ["a", "c"]);
    assert!(!rewards.has_sponsored_placement);
    let by_name = catalogue
        .listing(&query(&[
            ("route", "/best-credit-cards"),
            ("need", "travel"),
            ("sort", "name"),
        ]))
        .unwrap();
    assert_eq!(ids(&by_name), ["b", "c", "d"]);
    let ranks: Vec<usize> = by_name.items.iter().map(|i| i.editorial_rank).collect();
    assert_eq!(ranks, [1, 3, 2]);
}

#[test]
fn a_route_lists_the_needs_its_offers_have_in_need_table_order() {
    let catalogue = Catalogue::new(cards_with_needs()).with_routes(routes());
    let needs = [NeedKey::Rewards, NeedKey::Travel];
    assert_eq!(
        catalogue.route_needs("/best-credit-cards/"),
        Some(needs.as_slice())
    );
    assert_eq!(
        catalogue.route_needs("/best-credit-cards-no-annual-fee"),
        Some(needs.as_slice())
    );
    assert_eq!(catalogue.route_needs("/savings-accounts"), Some(&[][..]));
    assert_eq!(catalogue.route_needs("/nowhere"), None);
    let listed: Vec<(&str, &[NeedKey])> = catalogue
        .routes_with_needs()
        .map(|(route, needs)| (route.path.as_str(), needs))
        .collect();
    assert_eq!(
        listed,
        [
            ("/best-credit-cards", &needs[..]),
            ("/best-credit-cards-no-annual-fee", &needs[..]),
            ("/savings-accounts", &[][..]),
        ]
    );
    // A listing carries its route's needs, whatever it is filtered by.
    for pairs in [
        &[("route", "/best-credit-cards")][..],
        &[("route", "/best-credit-cards"), ("need", "gas")][..],
    ] {
        assert_eq!(catalogue.listing(&query(pairs)).unwrap().route_needs, needs);
    }
    assert!(
        catalogue
            .listing(&query(&[("need", "travel")]))
            .unwrap()
            .route_needs
            .is_empty()
    );
    // Without routes, or without offers, no route has a need.
    assert_eq!(
        Catalogue::new(cards_with_needs())
            .routes_with_needs()
            .count(),
        0
    );
    let empty = Catalogue::new(Vec::new()).with_routes(routes());
    assert!(empty.routes_with_needs().all(|(_, needs)| needs.is_empty()));
}

#[test]
fn a_need_no_offer_of_the_route_has_is_an_empty_listing() {
    let catalogue = Catalogue::new(cards_with_needs()).with_routes(routes());
    for need in ["gas", "hotel", "businessRewards"] {
        let listing = catalogue
            .listing(&query(&[("route", "/best-credit-cards"), ("need", need)]))
            .unwrap();
        assert_eq!((listing.total, listing.pages), (0, 1), "{need}");
        assert_eq!(
            listing.basis,
            EditorialBasis::Need(NeedKey::parse(need).unwrap())
        );
    }
    assert_eq!(
        catalogue.listing(&query(&[
            ("route", "/best-credit-cards"),
            ("need", "gas"),
            ("page", "2")
        ])),
        Err(ListingError::PageOutOfRange { page: 2, pages: 1 })
    );
}

#[test]
fn a_route_of_another_product_family_refuses_a_need() {
    let catalogue = Catalogue::new(cards_with_needs()).with_routes(routes());
    let error = catalogue
        .listing(&query(&[
            ("route", "/savings-accounts/"),
            ("need", "rewards"),
        ]))
        .unwrap_err();
    assert_eq!(
        error,
        ListingError::NeedNotForRoute {
            path: "/savings-accounts".to_owned(),
            need: NeedKey::Rewards
        }
    );
    assert_eq!(
        error.to_string(),
        "/savings-accounts cannot be filtered by the need rewards"
    );
    // An unknown route is still not found.
    assert!(matches!(
        catalogue.listing(&ListingQuery::route_need("/nowhere", NeedKey::Rewards)),
        Err(ListingError::UnknownRoute { .. })
    ));
}
