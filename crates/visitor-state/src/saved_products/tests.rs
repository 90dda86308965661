//! Unit and property tests for saved products and data-group values.

use proptest::prelude::*;
use serde_json::json;

use super::*;

const T0: i64 = 1_700_000_000_000;
const DAY_MS: i64 = 86_400_000;

fn group() -> GroupId {
    GroupId::parse("g1").unwrap()
}

fn product(id: &str) -> ProductId {
    ProductId::parse(id).unwrap()
}

fn saved_at_t0() -> SavedProducts {
    let mut state = SavedProducts::new();
    assert_eq!(
        state.save(Some(&group()), &product("p1"), T0),
        Outcome::Applied
    );
    state
}

#[test]
fn saved_product_is_listed_as_saved() {
    let state = saved_at_t0();
    assert_eq!(state.saved_ids(Some(&group()), T0), [&product("p1")]);
    assert!(state.is_saved(Some(&group()), &product("p1"), T0));
}

#[test]
fn saving_a_skipped_product_removes_it_from_skipped() {
    let mut state = SavedProducts::new();
    let _ = state.remove(Some(&group()), &product("p1"), T0);
    let _ = state.save(Some(&group()), &product("p1"), T0 + 1);
    assert!(state.skipped_ids(Some(&group()), T0 + 1).is_empty());
    assert!(state.is_saved(Some(&group()), &product("p1"), T0 + 1));
}

#[test]
fn removing_a_saved_product_moves_it_to_skipped() {
    let mut state = saved_at_t0();
    let _ = state.remove(Some(&group()), &product("p1"), T0 + 1);
    assert!(state.saved_ids(Some(&group()), T0 + 1).is_empty());
    assert!(state.is_skipped(Some(&group()), &product("p1"), T0 + 1));
}

#[test]
fn removing_a_product_that_is_not_saved_records_it_as_skipped() {
    let mut state = SavedProducts::new();
    let _ = state.remove(Some(&group()), &product("p9"), T0);
    assert_eq!(state.skipped_ids(Some(&group()), T0), [&product("p9")]);
}

#[test]
fn saving_without_a_group_is_ignored() {
    let mut state = SavedProducts::new();
    assert_eq!(
        state.save(None, &product("p1"), T0),
        Outcome::IgnoredNoGroup
    );
    assert_eq!(state, SavedProducts::new());
}

#[test]
fn removing_without_a_group_is_ignored() {
    let mut state = saved_at_t0();
    assert_eq!(
        state.remove(None, &product("p1"), T0),
        Outcome::IgnoredNoGroup
    );
    assert_eq!(state, saved_at_t0());
}

#[test]
fn setting_a_balance_without_a_group_is_ignored() {
    let mut state = SavedProducts::new();
    let balance = Balance::parse("10").ok();
    assert_eq!(
        state.set_balance(None, balance, T0),
        Outcome::IgnoredNoGroup
    );
    assert_eq!(state, SavedProducts::new());
}

#[test]
fn reads_without_a_group_are_empty() {
    let state = saved_at_t0();
    assert!(state.saved_ids(None, T0).is_empty());
    assert!(!state.is_saved(None, &product("p1"), T0));
    assert_eq!(state.balance(None), None);
}

#[test]
fn groups_are_kept_apart() {
    let state = saved_at_t0();
    let other = GroupId::parse("g2").unwrap();
    assert!(state.saved_ids(Some(&other), T0).is_empty());
}

fn alive_after(age_ms: i64) -> bool {
    let mut state = saved_at_t0();
    state.purge_expired(T0 + age_ms);
    state.is_saved(Some(&group()), &product("p1"), T0 + age_ms)
}

#[test]
fn entry_is_kept_at_fourteen_point_nine_nine_days() {
    assert!(alive_after(1_295_136_000));
}

#[test]
fn entry_is_kept_one_millisecond_before_fifteen_days() {
    assert!(alive_after(SAVED_PRODUCT_EXPIRY_MS - 1));
}

#[test]
fn entry_expires_at_exactly_fifteen_days() {
    assert!(!alive_after(15 * DAY_MS));
}

#[test]
fn entry_is_gone_at_fifteen_point_zero_one_days() {
    assert!(!alive_after(1_296_864_000));
}

#[test]
fn expired_entry_is_hidden_from_reads_before_any_purge() {
    let state = saved_at_t0();
    assert!(!state.is_saved(Some(&group()), &product("p1"), T0 + SAVED_PRODUCT_EXPIRY_MS));
    assert!(state.group(&group()).is_some());
}

#[test]
fn applied_operation_purges_expired_entries_in_every_group() {
    let mut state = saved_at_t0();
    let other = GroupId::parse("g2").unwrap();
    let _ = state.save(Some(&other), &product("p2"), T0 + SAVED_PRODUCT_EXPIRY_MS);
    assert!(state.group(&group()).is_none());
}

#[test]
fn saving_again_restarts_the_fifteen_days() {
    let mut state = saved_at_t0();
    let _ = state.save(Some(&group()), &product("p1"), T0 + DAY_MS);
    state.purge_expired(T0 + SAVED_PRODUCT_EXPIRY_MS);
    assert!(state.is_saved(Some(&group()), &product("p1"), T0 + SAVED_PRODUCT_EXPIRY_MS));
}

#[test]
fn balance_does_not_expire() {
    let mut state = SavedProducts::new();
    let _ = state.set_balance(Some(&group()), Balance::parse("2500").ok(), T0);
    state.purge_expired(T0 + 100 * SAVED_PRODUCT_EXPIRY_MS);
    assert_eq!(
        state.balance(Some(&group())).map(|b| b.to_string()),
        Some("2500.00".into())
    );
}

#[test]
fn clearing_the_last_data_of_a_group_drops_the_group() {
    let mut state = SavedProducts::new();
    let _ = state.set_balance(Some(&group()), Balance::parse("1").ok(), T0);
    let _ = state.set_balance(Some(&group()), None, T0);
    assert_eq!(state.to_json(), "{}");
}

#[test]
fn stored_shape_is_compact() {
    let mut state = saved_at_t0();
    let _ = state.remove(Some(&group()), &product("p2"), T0 + 5);
    let _ = state.set_balance(Some(&group()), Balance::parse("2500.5").ok(), T0 + 6);
    assert_eq!(
        state.to_json(),
        r#"{"g1":{"saved":{"p1":1700000000000},"skipped":{"p2":1700000000005},"balance":"2500.50"}}"#
    );
}

#[test]
fn stored_shape_reads_back() {
    let mut state = saved_at_t0();
    let _ = state.set_balance(Some(&group()), Balance::parse("3").ok(), T0);
    assert_eq!(SavedProducts::from_json(&state.to_json()), Ok(state));
}

#[test]
fn id_in_both_stored_lists_keeps_its_later_entry() {
    let state =
        SavedProducts::from_json(r#"{"g1":{"saved":{"a":5,"b":9},"skipped":{"a":7,"b":8}}}"#)
            .unwrap();
    assert_eq!(
        state.to_json(),
        r#"{"g1":{"saved":{"b":9},"skipped":{"a":7}}}"#
    );
}

#[test]
fn id_in_both_stored_lists_at_the_same_time_stays_saved() {
    let state = SavedProducts::from_json(r#"{"g1":{"saved":{"a":5},"skipped":{"a":5}}}"#).unwrap();
    assert_eq!(state.to_json(), r#"{"g1":{"saved":{"a":5}}}"#);
}

#[test]
fn stored_balance_may_be_a_number() {
    let state = SavedProducts::from_json(r#"{"g1":{"balance":2500.5}}"#).unwrap();
    assert_eq!(
        state.balance(Some(&group())).map(Balance::cents),
        Some(250_050)
    );
}

#[test]
fn stored_empty_groups_are_dropped() {
    assert_eq!(
        SavedProducts::from_json(r#"{"g1":{}}"#),
        Ok(SavedProducts::new())
    );
}

#[test]
fn stored_text_that_is_not_the_shape_is_malformed() {
    for stored in [
        "",
        "[]",
        r#"{"g1":[]}"#,
        r#"{"g1":{"saved":{"a":1.5}}}"#,
        r#"{"":{}}"#,
        r#"{"g1":{"balance":"-1"}}"#,
    ] {
        assert!(
            matches!(
                SavedProducts::from_json(stored),
                Err(SavedProductsError::Malformed { .. })
            ),
            "{stored}"
        );
    }
}

fn check_balance(raw: &str, expected: Result<&str, InvalidBalance>) {
    assert_eq!(
        Balance::parse(raw).map(|b| b.to_string()),
        expected.map(str::to_owned),
        "{raw:?}"
    );
}

#[test]
fn plain_decimals_are_balances() {
    check_balance("0", Ok("0.00"));
    check_balance("2500", Ok("2500.00"));
    check_balance(" 2500.5 ", Ok("2500.50"));
    check_balance("2500.05", Ok("2500.05"));
    check_balance("007", Ok("7.00"));
}

#[test]
fn largest_balance_is_accepted() {
    check_balance("999999999.99", Ok("999999999.99"));
}

#[test]
fn balance_one_cent_over_the_cap_is_rejected() {
    check_balance("1000000000.00", Err(InvalidBalance::TooLarge));
    assert_eq!(
        Balance::from_cents(MAX_BALANCE_CENTS + 1),
        Err(InvalidBalance::TooLarge)
    );
}

#[test]
fn huge_balance_is_rejected_without_overflow() {
    check_balance(&"9".repeat(40), Err(InvalidBalance::TooLarge));
}

#[test]
fn balance_with_three_decimals_is_rejected() {
    check_balance("1.005", Err(InvalidBalance::TooManyDecimals));
}

#[test]
fn negative_balance_is_rejected() {
    check_balance("-5", Err(InvalidBalance::Negative));
}

#[test]
fn empty_balance_is_rejected() {
    check_balance("  ", Err(InvalidBalance::Empty));
}

#[test]
fn balance_that_is_not_a_plain_decimal_is_rejected() {
    for raw in ["abc", "1e5", "+5", "1,000", ".5", "5.", "1.2.3", "--5", "٣"] {
        assert!(
            matches!(Balance::parse(raw), Err(InvalidBalance::NotANumber { .. })),
            "{raw:?}"
        );
    }
}

#[test]
fn objects_and_arrays_can_be_stored_in_data_groups() {
    assert_eq!(
        validate_group_value(json!({"a": 1})).map(GroupValue::into_value),
        Ok(json!({"a": 1}))
    );
    assert_eq!(
        validate_group_value(json!([])).map(GroupValue::into_value),
        Ok(json!([]))
    );
}

#[test]
fn scalars_cannot_be_stored_in_data_groups() {
    for (value, found) in [
        (json!(null), JsonKind::Null),
        (json!(true), JsonKind::Boolean),
        (json!(1), JsonKind::Number),
        (json!("s"), JsonKind::String),
    ] {
        assert_eq!(
            validate_group_value(value),
            Err(GroupValueError::NotObjectOrArray { found })
        );
    }
}

#[test]
fn group_value_travels_as_the_plain_json_value() {
    assert_eq!(
        serde_json::to_string(&validate_group_value(json!([1])).unwrap()).unwrap(),
        "[1]"
    );
    assert!(serde_json::from_str::<GroupValue>("5").is_err());
}

#[derive(Debug, Clone)]
enum Op {
    Save(Option<GroupId>, ProductId, i64),
    Remove(Option<GroupId>, ProductId, i64),
    SetBalance(Option<GroupId>, Option<Balance>, i64),
    Purge(i64),
}

fn run(state: &mut SavedProducts, op: &Op) -> Option<Outcome> {
    match op {
        Op::Save(g, p, t) => Some(state.save(g.as_ref(), p, *t)),
        Op::Remove(g, p, t) => Some(state.remove(g.as_ref(), p, *t)),
        Op::SetBalance(g, b, t) => Some(state.set_balance(g.as_ref(), *b, *t)),
        Op::Purge(t) => {
            state.purge_expired(*t);
            None
        }
    }
}

fn op() -> impl Strategy<Value = Op> {
    let group = proptest::option::of(
        prop_oneof![Just("g1"), Just("g2")].prop_map(|g| GroupId::parse(g).unwrap()),
    );
    let product =
        prop_oneof![Just("a"), Just("b"), Just("c")].prop_map(|p| ProductId::parse(p).unwrap());
    let time = T0..T0 + 40 * DAY_MS;
    let balance =
        proptest::option::of((0..=MAX_BALANCE_CENTS).prop_map(|c| Balance::from_cents(c).unwrap()));
    prop_oneof![
        (group.clone(), product.clone(), time.clone()).prop_map(|(g, p, t)| Op::Save(g, p, t)),
        (group.clone(), product, time.clone()).prop_map(|(g, p, t)| Op::Remove(g, p, t)),
        (group, balance, time.clone()).prop_map(|(g, b, t)| Op::SetBalance(g, b, t)),
        time.prop_map(Op::Purge),
    ]
}

fn disjoint(state: &SavedProducts) -> bool {
    state.groups().all(|(_, entry)| {
        entry
            .saved()
            .all(|(id, _)| entry.skipped().all(|(other, _)| other != id))
    })
}

proptest! {
    #[test]
    fn saved_and_skipped_are_disjoint_after_any_operations(ops in proptest::collection::vec(op(), 0..40)) {
        let mut state = SavedProducts::new();
        for op in &ops {
            let _ = run(&mut state, op);
            prop_assert!(disjoint(&state));
        }
    }

    #[test]
    fn operations_without_a_group_change_nothing(ops in proptest::collection::vec(op(), 0..20), extra in op()) {
        let mut state = SavedProducts::new();
        for op in &ops {
            let _ = run(&mut state, op);
        }
        let before = state.clone();
        let without_group = match extra {
            Op::Save(_, p, t) => Op::Save(None, p, t),
            Op::Remove(_, p, t) => Op::Remove(None, p, t),
            Op::SetBalance(_, b, t) => Op::SetBalance(None, b, t),
            Op::Purge(t) => Op::SetBalance(None, None, t),
        };
        prop_assert_eq!(run(&mut state, &without_group), Some(Outcome::IgnoredNoGroup));
        prop_assert_eq!(state, before);
    }

    #[test]
    fn nothing_expires_before_fifteen_days(
        saved_at in T0..T0 + 10 * DAY_MS,
        age in 0..SAVED_PRODUCT_EXPIRY_MS,
        others in proptest::collection::vec(op(), 0..20),
    ) {
        let mut state = SavedProducts::new();
        let _ = state.save(Some(&group()), &product("kept"), saved_at);
        let now = saved_at + age;
        for op in &others {
            // Other products and groups only, at times up to now.
            let op = match op.clone() {
                Op::Save(g, p, t) => Op::Save(g, p, t.clamp(saved_at, now)),
                Op::Remove(g, p, t) => Op::Remove(g, p, t.clamp(saved_at, now)),
                Op::SetBalance(g, b, t) => Op::SetBalance(g, b, t.clamp(saved_at, now)),
                Op::Purge(t) => Op::Purge(t.clamp(saved_at, now)),
            };
            let _ = run(&mut state, &op);
        }
        state.purge_expired(now);
        prop_assert!(state.is_saved(Some(&group()), &product("kept"), now));
    }

    #[test]
    fn everything_expires_at_fifteen_days(ops in proptest::collection::vec(op(), 0..40)) {
        let mut state = SavedProducts::new();
        for op in &ops {
            let _ = run(&mut state, op);
        }
        let latest = ops.iter().map(|op| match op {
            Op::Save(_, _, t) | Op::Remove(_, _, t) | Op::SetBalance(_, _, t) | Op::Purge(t) => *t,
        }).max().unwrap_or(T0);
        state.purge_expired(latest + SAVED_PRODUCT_EXPIRY_MS);
        prop_assert!(state.groups().all(|(_, e)| e.saved().count() == 0 && e.skipped().count() == 0));
    }

    #[test]
    fn stored_shape_reads_back_after_any_operations(ops in proptest::collection::vec(op(), 0..40)) {
        let mut state = SavedProducts::new();
        for op in &ops {
            let _ = run(&mut state, op);
        }
        prop_assert_eq!(SavedProducts::from_json(&state.to_json()), Ok(state));
    }

    #[test]
    fn from_json_never_panics(stored in any::<String>()) {
        let _ = SavedProducts::from_json(&stored);
    }

    #[test]
    fn from_json_of_any_shaped_groups_is_disjoint(
        groups in proptest::collection::btree_map(
            "[a-z]{1,3}",
            (
                proptest::collection::btree_map("[a-c]", any::<i64>(), 0..3),
                proptest::collection::btree_map("[a-c]", any::<i64>(), 0..3),
            ),
            0..3,
        )
    ) {
        let value: serde_json::Map<String, Value> = groups
            .into_iter()
            .map(|(g, (saved, skipped))| (g, json!({"saved": saved, "skipped": skipped})))
            .collect();
        let state = SavedProducts::from_json(&Value::Object(value).to_string()).unwrap();
        prop_assert!(disjoint(&state));
    }

    #[test]
    fn balance_parse_never_panics_and_display_parses_back(raw in any::<String>()) {
        if let Ok(balance) = Balance::parse(&raw) {
            prop_assert_eq!(Balance::parse(&balance.to_string()), Ok(balance));
        }
    }

    #[test]
    fn balance_display_parses_back_for_every_amount(cents in 0..=MAX_BALANCE_CENTS) {
        let balance = Balance::from_cents(cents).unwrap();
        prop_assert_eq!(Balance::parse(&balance.to_string()), Ok(balance));
    }

    #[test]
    fn only_objects_and_arrays_are_group_values(value in prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC*".prop_map(Value::from),
        proptest::collection::vec(any::<i32>(), 0..3).prop_map(|v| json!(v)),
        proptest::collection::btree_map("\\PC{0,3}", any::<i32>(), 0..3).prop_map(|m| json!(m)),
    ]) {
        let is_container = value.is_object() || value.is_array();
        prop_assert_eq!(validate_group_value(value).is_ok(), is_container);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn an_entry_is_live_exactly_while_younger_than_fifteen_days(
        stored in prop_oneof![any::<i64>(), Just(i64::MIN), Just(i64::MAX)],
        now in prop_oneof![any::<i64>(), Just(i64::MIN), Just(i64::MAX)],
    ) {
        let age = i128::from(now) - i128::from(stored);
        prop_assert_eq!(is_entry_live(stored, now), age < i128::from(SAVED_PRODUCT_EXPIRY_MS));
    }

    #[test]
    fn a_group_value_reads_from_json_exactly_when_it_is_an_object_or_an_array(
        text in crate::test_json::json_text(&["saved", "skipped", "balance", "a", "1"]),
    ) {
        let parsed = serde_json::from_str::<GroupValue>(&text);
        match serde_json::from_str::<Value>(&text) {
            Ok(value) => {
                let is_container = value.is_object() || value.is_array();
                prop_assert_eq!(parsed.is_ok(), is_container, "{:?}", text);
                if let Ok(group_value) = parsed {
                    prop_assert_eq!(group_value.clone().into_value(), value.clone());
                    prop_assert_eq!(validate_group_value(value), Ok(group_value));
                }
            }
            Err(_) => prop_assert!(parsed.is_err()),
        }
    }
}
