//! Unit and property tests for the ad-view pixel payload.

use proptest::prelude::*;

use super::*;

fn text(value: &str) -> Option<PixelText> {
    Some(PixelText::parse(value).unwrap())
}

fn placed(position: i64, totals: i64) -> AdView {
    AdView {
        id: text("c1"),
        position: Some(position),
        totals: Some(totals),
        ..AdView::default()
    }
}

fn check(view: &AdView, expected: &[(&str, &str)]) {
    let query = view.to_query();
    let actual: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(actual, expected);
}

#[test]
fn full_payload_is_sent_in_the_spec_order() {
    let view = AdView {
        id: text("123"),
        pid: text("p-9"),
        page: text("/credit-cards"),
        section: text("top"),
        position: Some(2),
        totals: Some(10),
        click: true,
    };
    check(
        &view,
        &[
            ("adview_id", "123"),
            ("adview_pid", "p-9"),
            ("adview_page", "/credit-cards"),
            ("adview_version", "2"),
            ("adview_section", "top"),
            ("adview_position", "2"),
            ("adview_totals", "10"),
            ("adview_click", "1"),
        ],
    );
}

#[test]
fn empty_view_sends_only_the_version() {
    check(&AdView::default(), &[("adview_version", "2")]);
}

#[test]
fn position_and_totals_both_zero_are_dropped() {
    check(
        &placed(0, 0),
        &[("adview_id", "c1"), ("adview_version", "2")],
    );
}

#[test]
fn position_and_totals_both_minus_one_are_dropped() {
    check(
        &placed(-1, -1),
        &[("adview_id", "c1"), ("adview_version", "2")],
    );
}

#[test]
fn position_zero_with_totals_minus_one_is_kept() {
    check(
        &placed(0, -1),
        &[
            ("adview_id", "c1"),
            ("adview_version", "2"),
            ("adview_position", "0"),
            ("adview_totals", "-1"),
        ],
    );
}

#[test]
fn position_minus_one_with_totals_zero_is_kept() {
    check(
        &placed(-1, 0),
        &[
            ("adview_id", "c1"),
            ("adview_version", "2"),
            ("adview_position", "-1"),
            ("adview_totals", "0"),
        ],
    );
}

#[test]
fn position_zero_with_totals_five_is_kept() {
    check(
        &placed(0, 5),
        &[
            ("adview_id", "c1"),
            ("adview_version", "2"),
            ("adview_position", "0"),
            ("adview_totals", "5"),
        ],
    );
}

#[test]
fn lone_zero_position_is_kept() {
    let view = AdView {
        position: Some(0),
        ..AdView::default()
    };
    check(&view, &[("adview_version", "2"), ("adview_position", "0")]);
}

#[test]
fn view_that_is_not_a_click_sends_no_click_field() {
    assert!(
        placed(1, 2)
            .to_query()
            .iter()
            .all(|(k, _)| *k != FIELD_CLICK)
    );
}

#[test]
fn empty_pixel_text_is_rejected() {
    assert_eq!(PixelText::parse(""), Err(InvalidPixelText::Empty));
}

#[test]
fn pixel_text_at_the_maximum_length_is_accepted() {
    assert!(PixelText::parse(&"ü".repeat(MAX_AD_VIEW_VALUE_CHARS)).is_ok());
}

#[test]
fn pixel_text_over_the_maximum_length_is_rejected() {
    assert_eq!(
        PixelText::parse(&"a".repeat(MAX_AD_VIEW_VALUE_CHARS + 1)),
        Err(InvalidPixelText::TooLong {
            len: MAX_AD_VIEW_VALUE_CHARS + 1,
            max: MAX_AD_VIEW_VALUE_CHARS
        })
    );
}

fn parse(pairs: &[(&str, &str)]) -> Result<AdView, AdViewError> {
    AdView::from_query(pairs.iter().copied())
}

#[test]
fn full_query_is_read_back() {
    let view = parse(&[
        ("adview_id", "123"),
        ("adview_version", "2"),
        ("adview_position", "-1"),
        ("adview_totals", "7"),
        ("adview_click", "1"),
    ])
    .unwrap();
    assert_eq!(
        view,
        AdView {
            id: text("123"),
            position: Some(-1),
            totals: Some(7),
            click: true,
            ..AdView::default()
        }
    );
}

#[test]
fn query_without_version_is_rejected() {
    assert_eq!(
        parse(&[("adview_id", "1")]),
        Err(AdViewError::MissingVersion)
    );
}

#[test]
fn query_with_empty_version_is_rejected_as_missing() {
    assert_eq!(
        parse(&[("adview_version", "")]),
        Err(AdViewError::MissingVersion)
    );
}

#[test]
fn query_with_version_one_or_three_is_rejected() {
    for found in ["1", "3", "2.0", " 2"] {
        assert_eq!(
            parse(&[("adview_version", found)]),
            Err(AdViewError::WrongVersion {
                found: found.into()
            })
        );
    }
}

#[test]
fn non_numeric_position_is_rejected() {
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_position", "first")]),
        Err(AdViewError::NotANumber {
            field: FIELD_POSITION,
            value: "first".into()
        })
    );
}

#[test]
fn non_numeric_totals_is_rejected() {
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_totals", "1.5")])
            .unwrap_err()
            .code(),
        "notANumber"
    );
}

#[test]
fn totals_beyond_the_integer_range_is_rejected() {
    let huge = "9".repeat(30);
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_totals", &huge)])
            .unwrap_err()
            .code(),
        "notANumber"
    );
}

#[test]
fn click_that_is_not_a_flag_is_rejected() {
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_click", "yes")]),
        Err(AdViewError::NotAFlag {
            value: "yes".into()
        })
    );
}

#[test]
fn click_zero_is_a_view() {
    assert!(
        !parse(&[("adview_version", "2"), ("adview_click", "0")])
            .unwrap()
            .click
    );
}

#[test]
fn value_at_the_maximum_length_is_accepted() {
    let page = "p".repeat(MAX_AD_VIEW_VALUE_CHARS);
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_page", &page)])
            .unwrap()
            .page,
        text(&page)
    );
}

#[test]
fn value_over_the_maximum_length_is_rejected() {
    let page = "p".repeat(MAX_AD_VIEW_VALUE_CHARS + 1);
    assert_eq!(
        parse(&[("adview_version", "2"), ("adview_page", &page)]),
        Err(AdViewError::TooLong {
            field: FIELD_PAGE,
            len: MAX_AD_VIEW_VALUE_CHARS + 1,
            max: MAX_AD_VIEW_VALUE_CHARS
        })
    );
}

#[test]
fn repeated_field_is_rejected() {
    assert_eq!(
        parse(&[
            ("adview_version", "2"),
            ("adview_id", ""),
            ("adview_id", "5")
        ]),
        Err(AdViewError::Duplicate { field: FIELD_ID })
    );
}

#[test]
fn empty_values_count_as_absent() {
    let view = parse(&[
        ("adview_version", "2"),
        ("adview_id", ""),
        ("adview_position", ""),
    ])
    .unwrap();
    assert_eq!(view, AdView::default());
}

#[test]
fn unknown_fields_are_ignored() {
    assert_eq!(
        parse(&[("buster", "x"), ("adview_version", "2")]),
        Ok(AdView::default())
    );
}

#[test]
fn parsed_view_is_normalized() {
    let view = parse(&[
        ("adview_version", "2"),
        ("adview_position", "0"),
        ("adview_totals", "0"),
    ])
    .unwrap();
    assert_eq!((view.position, view.totals), (None, None));
}

#[test]
fn fourteen_percent_visible_is_not_a_view() {
    assert!(!is_viewed(1_499, 10_000));
}

#[test]
fn exactly_fifteen_percent_visible_is_a_view() {
    assert!(is_viewed(1_500, 10_000));
}

#[test]
fn just_over_fifteen_percent_visible_is_a_view() {
    assert!(is_viewed(1_501, 10_000));
}

#[test]
fn ad_without_height_is_never_viewed() {
    assert!(!is_viewed(0, 0));
    assert!(!is_viewed(10, 0));
}

#[test]
fn ad_view_travels_as_camel_case_json() {
    let json = serde_json::to_value(placed(3, 4)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"id": "c1", "pid": null, "page": null, "section": null, "position": 3, "totals": 4, "click": false})
    );
}

fn pixel_text() -> impl Strategy<Value = PixelText> {
    proptest::string::string_regex("\\PC{1,256}")
        .unwrap()
        .prop_filter_map("valid pixel text", |s| PixelText::parse(&s).ok())
}

fn placement() -> impl Strategy<Value = Option<i64>> {
    proptest::option::of(prop_oneof![Just(0_i64), Just(-1_i64), any::<i64>()])
}

fn ad_view() -> impl Strategy<Value = AdView> {
    (
        proptest::option::of(pixel_text()),
        proptest::option::of(pixel_text()),
        proptest::option::of(pixel_text()),
        proptest::option::of(pixel_text()),
        placement(),
        placement(),
        any::<bool>(),
    )
        .prop_map(|(id, pid, page, section, position, totals, click)| AdView {
            id,
            pid,
            page,
            section,
            position,
            totals,
            click,
        })
}

proptest! {
    #[test]
    fn query_reads_back_as_the_normalized_view(view in ad_view()) {
        prop_assert_eq!(AdView::from_query(view.to_query()), Ok(view.normalized()));
    }

    #[test]
    fn query_always_holds_version_two_and_no_empty_value(view in ad_view()) {
        let query = view.to_query();
        prop_assert!(query.contains(&(FIELD_VERSION, "2".to_owned())));
        prop_assert!(query.iter().all(|(_, v)| !v.is_empty()));
    }

    #[test]
    fn from_query_never_panics(
        pairs in proptest::collection::vec(
            (
                prop_oneof![
                    Just(FIELD_ID.to_owned()), Just(FIELD_VERSION.to_owned()),
                    Just(FIELD_POSITION.to_owned()), Just(FIELD_TOTALS.to_owned()),
                    Just(FIELD_CLICK.to_owned()), any::<String>()
                ],
                prop_oneof![Just("2".to_owned()), any::<String>(), "-?[0-9]{1,25}"],
            ),
            0..12,
        )
    ) {
        let _ = AdView::from_query(pairs);
    }

    #[test]
    fn is_viewed_never_panics(visible in any::<u32>(), total in any::<u32>()) {
        let _ = is_viewed(visible, total);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn an_ad_view_read_from_any_json_keeps_its_value_rules(
        text in crate::test_json::json_text(&["id", "pid", "page", "section", "position", "totals", "click"]),
    ) {
        if let Ok(view) = serde_json::from_str::<AdView>(&text) {
            for value in [&view.id, &view.pid, &view.page, &view.section].into_iter().flatten() {
                let chars = value.as_str().chars().count();
                prop_assert!((1..=MAX_AD_VIEW_VALUE_CHARS).contains(&chars), "{:?}", value);
            }
            let json = serde_json::to_string(&view).unwrap();
            prop_assert_eq!(serde_json::from_str::<AdView>(&json).unwrap(), view.clone());
            prop_assert_eq!(AdView::from_query(view.to_query()), Ok(view.normalized()));
        }
    }
}

#[test]
fn the_version_text_is_the_version() {
    assert_eq!(AD_VIEW_VERSION.to_string(), AD_VIEW_VERSION_TEXT);
}
