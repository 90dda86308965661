use super::*;
use offer_model::needs::NeedKey;

fn route_json(path: &str) -> String {
    format!(
        r#"{{"path": "{path}", "section": "creditCards", "title": "T", "description": "D",
            "order": {{"need": "rewards"}}, "filter": {{"productType": ["creditCard"]}}}}"#
    )
}

fn table(routes: &[String]) -> Result<RouteTable, RouteTableError> {
    RouteTable::from_json(&format!(r#"{{"routes": [{}]}}"#, routes.join(",")))
}

#[test]
fn reads_a_route_with_every_field() {
    let text = r#"{"description": "pages", "routes": [{
        "path": "/savings-accounts", "section": "banking", "title": "Savings accounts",
        "description": "Savings accounts by what $10,000 earns.",
        "order": {"rating": "rating"}, "scenario": "savingAverageAmount",
        "filter": {"all": [{"productType": ["savings"]}, "tieredRates"]}}]}"#;
    let table = RouteTable::from_json(text).unwrap();
    assert_eq!(table.len(), 1);
    let route = table.get("/savings-accounts/").unwrap();
    assert_eq!(route.section, RouteSection::Banking);
    assert_eq!(route.scenario, Some(Scenario::SavingAverageAmount));
    assert_eq!(table.get("/savings"), None);
    assert_eq!((&table).into_iter().count(), 1);
}

#[test]
fn keeps_file_order() {
    let table = table(&[route_json("/b"), route_json("/a")]).unwrap();
    let paths: Vec<&str> = table.routes().iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["/b", "/a"]);
    assert_eq!(
        table.routes()[0].order,
        crate::order::RouteOrder::Need(NeedKey::Rewards)
    );
}

#[test]
fn refuses_bad_paths() {
    for path in [
        "cd-rates",
        "/cd-rates/",
        "/CD-rates",
        "/cd rates",
        "//x",
        "/a?b=1",
        "/a#b",
        "",
    ] {
        assert!(
            matches!(
                table(&[route_json(path)]),
                Err(RouteTableError::InvalidPath { .. })
            ),
            "{path}"
        );
    }
    assert!(table(&[route_json("/")]).is_ok());
}

#[test]
fn refuses_duplicates_blanks_and_bad_filters() {
    assert_eq!(
        table(&[route_json("/a"), route_json("/a")]),
        Err(RouteTableError::DuplicatePath {
            path: "/a".to_owned()
        })
    );
    let blank = route_json("/a").replace(r#""title": "T""#, r#""title": "  ""#);
    assert_eq!(
        table(&[blank]),
        Err(RouteTableError::Blank {
            path: "/a".to_owned(),
            field: "title"
        })
    );
    let empty = route_json("/a").replace(r#"{"productType": ["creditCard"]}"#, r#"{"any": []}"#);
    assert!(matches!(
        table(&[empty]),
        Err(RouteTableError::Filter { .. })
    ));
}

#[test]
fn refuses_unknown_fields_and_bad_json_without_panicking() {
    let typo = route_json("/a").replace("\"filter\"", "\"filtre\"");
    assert!(matches!(table(&[typo]), Err(RouteTableError::Json { .. })));
    for text in [
        "",
        "[]",
        "{",
        "{\"routes\": 3}",
        "{\"routes\": [], \"extra\": 1}",
        "null",
    ] {
        assert!(
            matches!(
                RouteTable::from_json(text),
                Err(RouteTableError::Json { .. })
            ),
            "{text}"
        );
    }
    assert_eq!(
        RouteTable::from_json(r#"{"routes": []}"#).map(|t| t.is_empty()),
        Ok(true)
    );
}

#[test]
fn section_keys() {
    assert_eq!(
        RouteSection::ALL.map(RouteSection::key),
        ["creditCards", "bestOf", "banking", "loans"]
    );
}

#[test]
fn routes_that_can_list_credit_cards_take_needs() {
    let route = |filter: &str| -> Route {
        serde_json::from_str(&format!(
            r#"{{"path": "/x", "section": "bestOf", "title": "T", "description": "D",
                "order": {{"rating": "rating"}}, "filter": {filter}}}"#
        ))
        .unwrap()
    };
    assert!(route(r#"{"productType": ["creditCard"]}"#).takes_needs());
    assert!(route(r#"{"cardKind": "secured"}"#).takes_needs());
    assert!(route(r#""noAnnualFee""#).takes_needs());
    assert!(route(r#"{"productType": ["prepaid", "creditCard"]}"#).takes_needs());
    assert!(!route(r#"{"productType": ["checking"]}"#).takes_needs());
    assert!(
        !route(r#"{"all": [{"productType": ["institution"]}, {"tag": ["bank"]}]}"#).takes_needs()
    );
    assert!(!route(r#"{"not": {"productType": ["creditCard"]}}"#).takes_needs());
}

#[test]
fn a_route_takes_the_scenarios_of_its_own_scenarios_family_in_table_order() {
    let route = |scenario: Option<&str>| -> Route {
        let scenario = scenario.map_or(String::new(), |s| format!(r#""scenario": "{s}","#));
        serde_json::from_str(&format!(
            r#"{{"path": "/x", "section": "banking", "title": "T", "description": "D",
                "order": {{"rating": "rating"}}, {scenario} "filter": {{"productType": ["cd"]}}}}"#
        ))
        .unwrap()
    };
    let checking: Vec<Scenario> = route(Some("checkingStudent")).scenarios().collect();
    assert_eq!(
        checking,
        [
            Scenario::EverydayCheckingLowBalance,
            Scenario::EverydayCheckingBelowAverageBalance,
            Scenario::EverydayCheckingAverageBalance,
            Scenario::EverydayCheckingAboveAverageBalance,
            Scenario::EverydayCheckingHighBalance,
            Scenario::CheckingTraveler,
            Scenario::CheckingStudent,
            Scenario::CheckingCashBusiness,
            Scenario::CheckingBusiness,
        ]
    );
    // The family follows the route's scenario, not its filter; the own scenario is listed.
    let saving: Vec<Scenario> = route(Some("savingTerm12Months")).scenarios().collect();
    assert_eq!(saving.len(), 13);
    assert_eq!(saving.first(), Some(&Scenario::SavingSmallAmount));
    assert_eq!(saving.last(), Some(&Scenario::SavingTerm60Months));
    assert!(saving.contains(&Scenario::SavingTerm12Months));
    assert!(
        saving
            .iter()
            .all(|s| s.family() == offer_model::scenarios::ProductFamily::Saving)
    );
    assert_eq!(route(None).scenarios().count(), 0);
}

#[test]
fn term_scenarios_are_offered_only_where_the_route_can_list_cds() {
    let route = |types: &str| -> Route {
        serde_json::from_str(&format!(
            r#"{{"path": "/x", "section": "banking", "title": "T", "description": "D",
                "order": {{"rating": "rating"}}, "scenario": "savingAverageAmount",
                "filter": {{"productType": [{types}]}}}}"#
        ))
        .unwrap()
    };
    let savings: Vec<Scenario> = route(r#""savings""#).scenarios().collect();
    assert_eq!(savings.len(), 7);
    assert!(savings.iter().all(|s| s.term_months().is_none()));
    assert!(!savings.contains(&Scenario::SavingTerm12Months));
    let both: Vec<Scenario> = route(r#""savings", "cd""#).scenarios().collect();
    assert_eq!(both.len(), 13);
}
