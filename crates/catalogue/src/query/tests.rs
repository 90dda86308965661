use super::*;

fn read(pairs: &[(&str, &str)]) -> Result<ListingQuery, QueryError> {
    ListingQuery::from_pairs(pairs.iter().copied())
}

#[test]
fn defaults() {
    let query = read(&[("route", "/credit-cards/secured")]).unwrap();
    assert_eq!(query, ListingQuery::route("/credit-cards/secured"));
    assert_eq!(query.sort, SortKey::Editorial);
    assert_eq!(query.page, Page::FIRST);
    assert_eq!(query.per_page.get(), DEFAULT_PER_PAGE);
    assert_eq!(query.sponsorship, SponsorshipMode::Default);
}

#[test]
fn every_parameter() {
    let query = read(&[
        ("route", "/savings-accounts/"),
        ("scenario", "savingLargeAmount"),
        ("sort", "apy"),
        ("page", "003"),
        ("per_page", "50"),
        ("sponsorship", "none"),
    ])
    .unwrap();
    assert_eq!(
        query.selector,
        Selector::Route {
            path: "/savings-accounts".to_owned(),
            refinement: Some(RouteRefinement::Scenario(Scenario::SavingLargeAmount))
        }
    );
    assert_eq!(query.sort, SortKey::Apy);
    assert_eq!(query.page.get(), 3);
    assert_eq!(query.per_page.get(), 50);
    assert_eq!(query.sponsorship, SponsorshipMode::None);
}

#[test]
fn each_selector_alone() {
    assert_eq!(
        read(&[("need", "rebuildNB")]).unwrap().selector,
        Selector::Need(NeedKey::RebuildNb)
    );
    assert_eq!(
        read(&[("scenario", "savingTerm6Months")]).unwrap().selector,
        Selector::Scenario(Scenario::SavingTerm6Months)
    );
    assert_eq!(
        read(&[("type", "svg")]).unwrap().selector,
        Selector::ProductType(ProductType::Savings)
    );
    assert_eq!(
        read(&[("type", "CD")]).unwrap().selector,
        Selector::ProductType(ProductType::Cd)
    );
    assert_eq!(
        read(&[("type", "creditCard")]).unwrap().selector,
        Selector::ProductType(ProductType::CreditCard)
    );
}

#[test]
fn need_and_scenario_each_combine_with_route_but_not_with_each_other() {
    assert_eq!(
        read(&[("need", "rewards"), ("route", "/credit-cards/rewards/")])
            .unwrap()
            .selector,
        Selector::Route {
            path: "/credit-cards/rewards".to_owned(),
            refinement: Some(RouteRefinement::Need(NeedKey::Rewards))
        }
    );
    assert_eq!(
        read(&[("route", "/best-credit-cards"), ("need", "rebuildNB")]).unwrap(),
        ListingQuery::route_need("/best-credit-cards", NeedKey::RebuildNb)
    );
    assert_eq!(
        read(&[("route", "/cd-rates"), ("scenario", "savingStudent")])
            .unwrap()
            .selector,
        Selector::Route {
            path: "/cd-rates".to_owned(),
            refinement: Some(RouteRefinement::Scenario(Scenario::SavingStudent))
        }
    );
    let error = read(&[
        ("route", "/best-credit-cards"),
        ("need", "rewards"),
        ("scenario", "savingStudent"),
    ])
    .unwrap_err();
    assert_eq!(error.field(), Some(QueryField::Scenario));
    assert_eq!(error.to_string(), "need and scenario cannot be combined");
    // A need that cannot be read names its field even with a route.
    let error = read(&[("route", "/best-credit-cards"), ("need", "Rewards")]).unwrap_err();
    assert_eq!(error.field(), Some(QueryField::Need));
}

#[test]
fn selector_errors() {
    assert_eq!(read(&[]), Err(QueryError::MissingSelector));
    assert_eq!(
        read(&[("route", ""), ("sort", "apy")]),
        Err(QueryError::MissingSelector)
    );
    assert_eq!(
        read(&[
            ("need", "rewards"),
            ("route", "/a"),
            ("scenario", "savingStudent")
        ]),
        Err(QueryError::Conflict {
            first: QueryField::Need,
            second: QueryField::Scenario
        })
    );
    assert_eq!(
        read(&[("need", "rewards"), ("route", "/a"), ("type", "svg")]),
        Err(QueryError::Conflict {
            first: QueryField::Route,
            second: QueryField::Type
        })
    );
    assert_eq!(
        read(&[
            ("scenario", "savingStudent"),
            ("route", "/a"),
            ("type", "svg")
        ]),
        Err(QueryError::Conflict {
            first: QueryField::Route,
            second: QueryField::Type
        })
    );
    assert_eq!(
        read(&[("need", "rewards"), ("scenario", "savingStudent")]),
        Err(QueryError::Conflict {
            first: QueryField::Need,
            second: QueryField::Scenario
        })
    );
    assert_eq!(
        read(&[("type", "svg"), ("scenario", "savingStudent")]),
        Err(QueryError::Conflict {
            first: QueryField::Scenario,
            second: QueryField::Type
        })
    );
    assert_eq!(
        read(&[("route", "/a"), ("route", "/b")]),
        Err(QueryError::Repeated {
            field: QueryField::Route
        })
    );
    assert_eq!(
        QueryError::MissingSelector.to_string(),
        "choose what to list with one of route, need, scenario or type"
    );
    assert_eq!(QueryError::MissingSelector.field(), None);
}

#[test]
fn invalid_values_name_their_field() {
    let cases: &[(&[(&str, &str)], QueryField)] = &[
        (&[("route", "credit-cards")], QueryField::Route),
        (&[("route", "/Credit-Cards")], QueryField::Route),
        (&[("route", "/a b")], QueryField::Route),
        (&[("need", "Rewards")], QueryField::Need),
        (&[("scenario", "savingTerm7Months")], QueryField::Scenario),
        (&[("type", "boat")], QueryField::Type),
        (&[("need", "gas"), ("sort", "popular")], QueryField::Sort),
        (&[("need", "gas"), ("sort", "Editorial")], QueryField::Sort),
        (&[("need", "gas"), ("page", "0")], QueryField::Page),
        (&[("need", "gas"), ("page", "-1")], QueryField::Page),
        (&[("need", "gas"), ("page", "+2")], QueryField::Page),
        (&[("need", "gas"), ("page", "1.5")], QueryField::Page),
        (&[("need", "gas"), ("page", " 2")], QueryField::Page),
        (&[("need", "gas"), ("page", "4294967296")], QueryField::Page),
        (&[("need", "gas"), ("per_page", "0")], QueryField::PerPage),
        (&[("need", "gas"), ("per_page", "51")], QueryField::PerPage),
        (&[("need", "gas"), ("per_page", "1e1")], QueryField::PerPage),
        (
            &[("need", "gas"), ("sponsorship", "off")],
            QueryField::Sponsorship,
        ),
    ];
    for (pairs, field) in cases {
        let error = read(pairs).unwrap_err();
        assert_eq!(error.field(), Some(*field), "{pairs:?}");
        assert!(error.to_string().contains(field.name()), "{error}");
    }
}

#[test]
fn boundaries_of_page_and_size() {
    assert_eq!(
        read(&[("need", "gas"), ("page", "1")]).unwrap().page.get(),
        1
    );
    assert_eq!(
        read(&[("need", "gas"), ("page", "4294967295")])
            .unwrap()
            .page
            .get(),
        u32::MAX
    );
    assert_eq!(
        read(&[("need", "gas"), ("per_page", "1")])
            .unwrap()
            .per_page
            .get(),
        1
    );
    assert_eq!(
        read(&[("need", "gas"), ("per_page", "050")])
            .unwrap()
            .per_page
            .get(),
        50
    );
    assert_eq!(PerPage::new(0), None);
    assert_eq!(PerPage::new(51), None);
    assert_eq!(PerPage::new(256 + 20), None);
    assert_eq!(Page::new(0), None);
}

#[test]
fn error_messages_are_clear_and_do_not_echo_long_values() {
    let error = read(&[("need", "gas"), ("sort", "best")]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid sort `best`: expected one of editorial, rating, reviews, apy, annualFee, apr, name"
    );
    let long = "x".repeat(1000);
    let error = read(&[("need", long.as_str())]).unwrap_err();
    assert!(error.to_string().len() < 200, "{error}");
    assert_eq!(
        read(&[("type", "svg"), ("sponsorship", "maybe")])
            .unwrap_err()
            .to_string(),
        "invalid sponsorship `maybe`: expected default or none"
    );
}

#[test]
fn other_parameters_are_ignored_and_empty_values_are_absent() {
    let query = read(&[
        ("action", "Catalogue.List"),
        ("need", "travel"),
        ("sort", ""),
        ("buster", "1"),
    ])
    .unwrap();
    assert_eq!(query.selector, Selector::Need(NeedKey::Travel));
    assert_eq!(query.sort, SortKey::Editorial);
}

#[test]
fn owned_pairs_work_too() {
    let pairs = vec![("type".to_owned(), "prsn".to_owned())];
    assert_eq!(
        ListingQuery::from_pairs(pairs).unwrap().selector,
        Selector::ProductType(ProductType::PersonalLoan)
    );
}

#[test]
fn builders() {
    let query = ListingQuery::new(Selector::Need(NeedKey::Gas))
        .with_sort(SortKey::Name)
        .with_page(Page::new(2).unwrap(), PerPage::new(5).unwrap())
        .with_sponsorship(SponsorshipMode::None);
    assert_eq!(query.sort, SortKey::Name);
    assert_eq!((query.page.get(), query.per_page.get()), (2, 5));
    assert_eq!(query.sponsorship.key(), "none");
    assert_eq!(QueryField::ALL.map(QueryField::name).len(), 8);
}
