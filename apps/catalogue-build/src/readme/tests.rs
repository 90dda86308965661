use super::*;

const ROUTES: &str = r#"{"routes": [
    {"path": "/cards", "section": "bestOf", "title": "Cards", "description": "Cards.",
     "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}},
    {"path": "/savings", "section": "banking", "title": "Savings", "description": "Savings.",
     "order": {"rating": "rating"}, "scenario": "savingAverageAmount", "filter": {"productType": ["savings"]}}
]}"#;

fn offers() -> Vec<offer_model::Offer> {
    serde_json::from_str(
        r#"[{"ID": "a", "NAME": "A"}, {"ID": "b", "NAME": "B"},
            {"ID": "s", "NAME": "S", "TYPE": "svg"}]"#,
    )
    .unwrap()
}

#[test]
fn tables_count_by_type_and_route() {
    let tables = size_tables(&view(offers(), ROUTES).unwrap());
    assert!(tables.contains("| Credit Card | 2 |"), "{tables}");
    assert!(tables.contains("| Savings | 1 |"), "{tables}");
    assert!(tables.contains("| **total** | **3** |"), "{tables}");
    assert!(
        tables.contains("| `/cards` | Cards | 2 | need `rewards` |"),
        "{tables}"
    );
    assert!(
        tables.contains("| `/savings` | Savings | 1 | scenario `savingAverageAmount` |"),
        "{tables}"
    );
}

#[test]
fn update_replaces_only_between_the_markers() {
    let readme = format!("intro\n{BEGIN}\nold\n{END}\noutro\n");
    let updated = update(&readme, "new\n").unwrap();
    assert_eq!(updated, format!("intro\n{BEGIN}\n\nnew\n\n{END}\noutro\n"));
    assert_eq!(update(&updated, "new\n").unwrap(), updated);
    assert!(update("no markers", "x").is_err());
    assert!(view(Vec::new(), "{").is_err());
}
