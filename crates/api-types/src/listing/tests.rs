use super::*;
use catalogue::{Catalogue, ListingQuery, RouteTable};
use offer_model::Offer;
use serde_json::{Value, json};

fn catalogue() -> Catalogue {
    let offers: Vec<Offer> = serde_json::from_value(json!([
        {"ID": "a", "NAME": "Card A", "RATING": "4.5", "DETAILS_HTML_PAGE": "card-a",
         "SOURCE": "Survey", "SOURCE_URL": "https://example.org/survey", "SOURCE_AS_OF": "2025-12-31",
         "ILLUSTRATIVE": "N", "EDITORIAL_FIELDS": "EDITORS_NOTES,RATING",
         "MARKET_MEDIAN_APR": "24.49%", "MARKET_MEDIAN_APR_TIER": "620-719"},
        {"ID": "b", "NAME": "Card B", "RATING": "3.9", "SPONSORED": "Y"},
        {"ID": "g", "NAME": "Generated Card", "RATING": "5.0", "ILLUSTRATIVE": "Y"},
        {"ID": "c", "NAME": "Card C", "RATING": "4.1"},
        {"ID": "inst", "NAME": "First Bank", "TYPE": "inst"},
        {"ID": "loan", "NAME": "Loan", "TYPE": "prsn", "UID": "inst", "APR": "8.99%",
         "APR_ADDITIONAL_INFO": "Fixed APR from 8.99% to 18.99%"}
    ]))
    .unwrap();
    let routes = RouteTable::from_json(
        r#"{"routes": [{"path": "/best-credit-cards", "section": "bestOf", "title": "Best credit cards",
        "description": "Every card.", "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}}]}"#,
    )
    .unwrap();
    Catalogue::new(offers).with_routes(routes)
}

#[test]
fn a_listing_carries_placement_ranks_and_route() {
    let catalogue = catalogue();
    let listing = catalogue
        .listing(&ListingQuery::route("/best-credit-cards"))
        .unwrap();
    let wire = ListingResponse::from_listing(&listing, "", catalogue.large_banks());
    let ids: Vec<&str> = wire.items.iter().map(|e| e.offer.id.as_str()).collect();
    assert_eq!(ids, ["b", "a", "c"]);
    assert_eq!(wire.items[0].placement, Placement::Sponsored);
    assert_eq!(wire.items[0].editorial_rank, 3);
    assert!(wire.items[0].offer.sponsored);
    assert_eq!(wire.items[1].placement, Placement::Editorial);
    assert_eq!(wire.items[1].editorial_score.as_deref(), Some("4.5"));
    assert!(wire.has_sponsored_placement);
    assert_eq!(
        (wire.total, wire.pages, wire.page, wire.per_page),
        (3, 1, 1, 20)
    );
    assert_eq!(wire.sort, ListingSort::Editorial);
    assert_eq!(wire.sponsorship, Sponsorship::Default);
    assert_eq!(wire.editorial_order.kind, EditorialOrderKind::Need);
    assert_eq!(wire.editorial_order.label, "Earn Rewards");
    let route = wire.route.unwrap();
    assert_eq!(route.path, "/best-credit-cards");
    assert_eq!(route.section, RouteSection::BestOf);
    assert_eq!(route.scenario, None);
}

#[test]
fn provenance_and_market_apr_reach_the_wire() {
    let catalogue = catalogue();
    let a = OfferSummary::from_offer(catalogue.offer("a").unwrap(), "", catalogue.large_banks());
    assert_eq!(a.provenance.source.as_deref(), Some("Survey"));
    assert_eq!(a.provenance.as_of.as_deref(), Some("2025-12-31"));
    assert!(!a.provenance.illustrative);
    assert_eq!(a.provenance.editorial_fields, ["EDITORS_NOTES", "RATING"]);
    let market = a.market_apr.unwrap();
    assert_eq!(market.median_apr.display, "24.49%");
    assert_eq!(market.tiers.as_deref(), Some("620-719"));
    let b = OfferSummary::from_offer(catalogue.offer("b").unwrap(), "", catalogue.large_banks());
    assert!(!b.provenance.illustrative);
    assert_eq!(b.market_apr, None);
    // A generated offer is not in the catalogue's view at all.
    assert!(catalogue.offer("g").is_none());
    let loan = OfferSummary::from_offer(
        catalogue.offer("loan").unwrap(),
        "",
        catalogue.large_banks(),
    );
    assert_eq!(loan.apr.display, "8.99%");
    assert_eq!(
        loan.apr_additional_info.as_deref(),
        Some("Fixed APR from 8.99% to 18.99%")
    );
}

#[test]
fn wire_names_are_camel_case() {
    let catalogue = catalogue();
    let listing = catalogue
        .listing(
            &ListingQuery::from_pairs([
                ("route", "/best-credit-cards"),
                ("sponsorship", "none"),
                ("sort", "annualFee"),
            ])
            .unwrap(),
        )
        .unwrap();
    let json = serde_json::to_value(ListingResponse::from_listing(
        &listing,
        "",
        catalogue.large_banks(),
    ))
    .unwrap();
    assert_eq!(json["sort"], "annualFee");
    assert_eq!(json["sponsorship"], "none");
    assert_eq!(json["hasSponsoredPlacement"], false);
    assert_eq!(json["perPage"], 20);
    assert_eq!(
        json["editorialOrder"],
        json!({"kind": "need", "key": "rewards", "label": "Earn Rewards"})
    );
    let first = &json["items"][0];
    assert_eq!(first["placement"], "editorial");
    assert!(first["editorialRank"].is_u64());
    assert!(first["offer"]["provenance"]["editorialFields"].is_array());
    assert_eq!(json["route"]["section"], "bestOf");
    // Round trip.
    let back: ListingResponse = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(back).unwrap(), json);
}

#[test]
fn scenario_info_carries_its_balance_or_term() {
    let balance = ScenarioInfo::from(Scenario::SavingAverageAmount);
    assert_eq!(balance.balance.as_deref(), Some("10000"));
    assert_eq!(balance.term_months, None);
    let term = ScenarioInfo::from(Scenario::SavingTerm12Months);
    assert_eq!(term.balance, None);
    assert_eq!(term.term_months, Some(12));
    let order = EditorialOrder::from(EditorialBasis::Scenario(Scenario::SavingTerm12Months));
    assert_eq!(order.kind, EditorialOrderKind::Scenario);
    assert_eq!(order.key, "savingTerm12Months");
}

#[test]
fn institution_compare_and_routes() {
    let catalogue = catalogue();
    let view = catalogue.institution_with_products("inst").unwrap();
    let wire = InstitutionResponse::from_view(&view, "", catalogue.large_banks());
    assert_eq!(wire.institution.id, "inst");
    let products: Vec<&str> = wire.products.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(products, ["loan"]);
    let comparison = catalogue.compare(&["a", "c"]).unwrap();
    let wire = CompareResponse::from_comparison(
        &comparison,
        "https://example.com",
        catalogue.large_banks(),
    );
    assert_eq!(wire.offers.len(), 2);
    assert_eq!(
        wire.offers[0].details_path.as_deref(),
        Some("https://example.com/d/card-a")
    );
    let routes = RoutesResponse::from(&catalogue);
    assert_eq!(routes.routes.len(), 1);
    let json: Value = serde_json::to_value(&routes).unwrap();
    assert_eq!(json["routes"][0]["order"]["label"], "Earn Rewards");
}

#[test]
fn routes_carry_the_needs_their_offers_have_and_listings_say_what_they_rank_by() {
    let offers: Vec<Offer> = serde_json::from_value(json!([
        {"ID": "a", "NAME": "Card A", "RATING": "4.5", "ELIGIBLE_NEEDS": "travel,rewards"},
        {"ID": "b", "NAME": "Card B", "RATING": "3.9", "WH_RATINGS": "4.9", "WH_RATINGS_NEEDS": "travel"},
        {"ID": "s", "NAME": "Savings", "TYPE": "svg", "RATING": "4.0"}
    ]))
    .unwrap();
    let routes = RouteTable::from_json(
        r#"{"routes": [
        {"path": "/best-credit-cards", "section": "bestOf", "title": "Best credit cards",
         "description": "Every card.", "order": {"rating": "rating"}, "filter": {"productType": ["creditCard"]}},
        {"path": "/savings-accounts", "section": "banking", "title": "Savings", "description": "Savings.",
         "order": {"rating": "rating"}, "scenario": "savingAverageAmount", "filter": {"productType": ["savings"]}}
    ]}"#,
    )
    .unwrap();
    let catalogue = Catalogue::new(offers).with_routes(routes);
    let json = serde_json::to_value(RoutesResponse::from(&catalogue)).unwrap();
    assert_eq!(
        json["routes"][0]["needs"],
        json!([
            {"key": "rewards", "label": "Earn Rewards"},
            {"key": "travel", "label": "Travel Rewards"}
        ])
    );
    // A route without needs leaves the field out, as before.
    assert!(json["routes"][1].get("needs").is_none());
    let back: RoutesResponse = serde_json::from_value(json.clone()).unwrap();
    assert!(back.routes[1].needs.is_empty());
    assert_eq!(serde_json::to_value(back).unwrap(), json);
    // The route table alone knows no offers, so no needs.
    assert!(
        RoutesResponse::from(catalogue.routes())
            .routes
            .iter()
            .all(|r| r.needs.is_empty())
    );

    let query =
        ListingQuery::from_pairs([("route", "/best-credit-cards"), ("need", "travel")]).unwrap();
    let listing = catalogue.listing(&query).unwrap();
    let json = serde_json::to_value(ListingResponse::from_listing(
        &listing,
        "",
        catalogue.large_banks(),
    ))
    .unwrap();
    assert_eq!(
        json["editorialOrder"],
        json!({"kind": "need", "key": "travel", "label": "Travel Rewards"})
    );
    assert_eq!(json["route"]["order"]["kind"], "rating");
    assert_eq!(json["route"]["needs"][1]["key"], "travel");
    assert!(json.get("scenario").is_none());
    let ids: Vec<&str> = json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["offer"]["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["b", "a"]);
    assert_eq!(json["items"][0]["editorialScore"], "4.9");
}

#[test]
fn banking_routes_carry_the_scenarios_they_may_be_ranked_for() {
    let offers: Vec<Offer> = serde_json::from_value(json!([
        {"ID": "a", "NAME": "Card A", "RATING": "4.5", "ELIGIBLE_NEEDS": "rewards"},
        {"ID": "s", "NAME": "Savings", "TYPE": "svg", "RATING": "4.0"}
    ]))
    .unwrap();
    let routes = RouteTable::from_json(
        r#"{"routes": [
        {"path": "/best-credit-cards", "section": "bestOf", "title": "Best credit cards",
         "description": "Every card.", "order": {"rating": "rating"}, "filter": {"productType": ["creditCard"]}},
        {"path": "/checking-accounts", "section": "banking", "title": "Checking", "description": "Checking.",
         "order": {"rating": "rating"}, "scenario": "everydayCheckingAverageBalance", "filter": {"productType": ["checking"]}},
        {"path": "/cd-rates", "section": "banking", "title": "CDs", "description": "CDs.",
         "order": {"rating": "rating"}, "scenario": "savingAverageAmount", "filter": {"productType": ["cd"]}}
    ]}"#,
    )
    .unwrap();
    let catalogue = Catalogue::new(offers).with_routes(routes);
    let json = serde_json::to_value(RoutesResponse::from(&catalogue)).unwrap();
    // A route without a scenario leaves the field out, as before.
    assert!(json["routes"][0].get("scenarios").is_none());
    assert!(json["routes"][0].get("needs").is_some());
    let keys = |route: &Value| -> Vec<String> {
        route["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["key"].as_str().unwrap().to_owned())
            .collect()
    };
    let checking: Vec<String> =
        Scenario::of_family(offer_model::scenarios::ProductFamily::Checking)
            .map(|s| s.key().to_owned())
            .collect();
    assert_eq!(keys(&json["routes"][1]), checking);
    assert_eq!(keys(&json["routes"][2]).len(), 13);
    assert!(json["routes"][1].get("needs").is_none());
    // Each entry is the scenario's ScenarioInfo, balance and term included.
    assert_eq!(
        json["routes"][2]["scenarios"][2],
        json!({"key": "savingAverageAmount", "label": "Saving an average amount", "balance": "10000"})
    );
    assert_eq!(
        json["routes"][2]["scenarios"][7],
        json!({"key": "savingTerm3Months", "label": "Saving for a 3-month term", "termMonths": 3})
    );
    let back: RoutesResponse = serde_json::from_value(json.clone()).unwrap();
    assert!(back.routes[0].scenarios.is_empty());
    assert_eq!(serde_json::to_value(back).unwrap(), json);
    // The scenarios come from the route, so the route table alone has them too.
    assert_eq!(
        serde_json::to_value(RoutesResponse::from(catalogue.routes())).unwrap()["routes"][2]["scenarios"],
        json["routes"][2]["scenarios"]
    );

    // Every listing of the route carries them, whatever scenario it is ranked for.
    for pairs in [
        &[("route", "/cd-rates")][..],
        &[("route", "/cd-rates"), ("scenario", "savingTerm60Months")][..],
    ] {
        let listing = catalogue
            .listing(&ListingQuery::from_pairs(pairs.iter().copied()).unwrap())
            .unwrap();
        let wire = serde_json::to_value(ListingResponse::from_listing(
            &listing,
            "",
            catalogue.large_banks(),
        ))
        .unwrap();
        assert_eq!(wire["route"]["scenarios"], json["routes"][2]["scenarios"]);
    }
}

#[test]
fn offers_of_large_banks_without_an_affiliate_link_carry_the_asterisk() {
    let offers: Vec<Offer> = serde_json::from_value(json!([
        {"ID": "a", "NAME": "Card A", "ISSUER": "Big Bank", "RATING": "4.5"},
        {"ID": "b", "NAME": "Card B", "ISSUER": "Big Bank", "RATING": "4.4", "WH_AFFILIATE_LINK": "Y"},
        {"ID": "c", "NAME": "Card C", "ISSUER": "Small Bank", "RATING": "4.3"},
        {"ID": "big", "NAME": "Big Bank", "TYPE": "inst"}
    ]))
    .unwrap();
    let catalogue = Catalogue::new(offers).with_large_banks(LargeBanks::new(["Big Bank"]).unwrap());
    let listing = catalogue
        .listing(&ListingQuery::from_pairs([("type", "creditCard")]).unwrap())
        .unwrap();
    let json = serde_json::to_value(ListingResponse::from_listing(
        &listing,
        "",
        catalogue.large_banks(),
    ))
    .unwrap();
    let flags: Vec<(&str, Option<&Value>)> = json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            (
                item["offer"]["id"].as_str().unwrap(),
                item["offer"].get("largeBankAsterisk"),
            )
        })
        .collect();
    // Written only when true, so the other offers' JSON is as before.
    assert_eq!(flags, [("a", Some(&json!(true))), ("b", None), ("c", None)]);
    let back: ListingResponse = serde_json::from_value(json).unwrap();
    assert!(back.items[0].offer.large_bank_asterisk);
    assert!(!back.items[1].offer.large_bank_asterisk);

    let view = catalogue.institution_with_products("big").unwrap();
    let wire = InstitutionResponse::from_view(&view, "", catalogue.large_banks());
    assert!(wire.institution.large_bank_asterisk);
    let products: Vec<(&str, bool)> = wire
        .products
        .iter()
        .map(|p| (p.id.as_str(), p.large_bank_asterisk))
        .collect();
    assert_eq!(products, [("a", true), ("b", false)]);
    let comparison = catalogue.compare(&["c", "a"]).unwrap();
    let wire = CompareResponse::from_comparison(&comparison, "", catalogue.large_banks());
    let marked: Vec<bool> = wire.offers.iter().map(|o| o.large_bank_asterisk).collect();
    assert_eq!(marked, [false, true]);
    // Without the list, no offer is marked.
    let plain = OfferSummary::from_offer(catalogue.offer("a").unwrap(), "", &LargeBanks::default());
    assert!(!plain.large_bank_asterisk);
}
