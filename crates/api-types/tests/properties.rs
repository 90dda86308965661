//! Property tests: the conversions and writers that take outside text never panic, and keep
//! their contracts on arbitrary input (valid JSON out of valid JSON in, figures that read
//! back as their amounts, links that stay on this site or on https).

// Marked as test code so the workspace lints allow `unwrap` in the helpers too.
#![cfg(test)]

use std::str::FromStr;

use api_types::{
    offer::{Figure, FigureUnit, editors_review_link},
    page::{PageData, PageKind, PagePayload, page_data_json},
    protocol::{ErrorBody, ErrorCode},
    rating::RateResponse,
    write_status::WriteStatus,
};
use formatting::FieldKind;
use offer_model::Amount;
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::{Map, Value};

const PAGE_KINDS: [PageKind; 13] = [
    PageKind::Home,
    PageKind::Listing,
    PageKind::ListingError,
    PageKind::Offer,
    PageKind::Institution,
    PageKind::Compare,
    PageKind::CompareEmpty,
    PageKind::Content,
    PageKind::Answers,
    PageKind::Question,
    PageKind::Experts,
    PageKind::Form,
    PageKind::NotFound,
];

/// Field names and values the wire types use, so that generated JSON sometimes fits them.
const VOCABULARY: &[&str] = &[
    "error",
    "guest",
    "message",
    "redirect_url",
    "uid",
    "reviews",
    "total",
    "rating",
    "code",
    "field",
    "path",
    "page",
    "kind",
    "form",
    "notFound",
    "compareEmpty",
    "listingError",
    "validation",
    "notFound",
    "internal",
    "logged out",
    "4.5",
];

fn page_kind() -> impl Strategy<Value = PageKind> {
    proptest::sample::select(PAGE_KINDS.to_vec())
}

/// Any decimal: every mantissa, sign and scale, with the extremes weighted in.
fn any_decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        1 => Just(Decimal::MAX),
        1 => Just(Decimal::MIN),
        1 => Just(Decimal::ZERO),
        1 => Just(Decimal::new(1, 28)),
        6 => (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0_u32..=28)
            .prop_map(|(lo, mid, hi, negative, scale)| Decimal::from_parts(lo, mid, hi, negative, scale)),
        6 => (any::<i64>(), 0_u32..=6).prop_map(|(mantissa, scale)| Decimal::new(mantissa, scale)),
    ]
}

/// Any amount: each variant with any decimal or text, or whatever a field's text reads as.
fn any_amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        any_decimal().prop_map(Amount::Dollars),
        any_decimal().prop_map(Amount::Percent),
        any_decimal().prop_map(Amount::Number),
        any::<String>().prop_map(Amount::Text),
        "[ \t]{0,2}".prop_map(Amount::Text),
        prop_oneof![
            any::<String>(),
            "[ $-]{0,2}[0-9,]{0,30}(\\.[0-9]{0,30})?%?( ?[a-z]{1,5})?"
        ]
        .prop_filter_map("blank field", |text| Amount::parse(&text)),
    ]
}

fn unit() -> impl Strategy<Value = FigureUnit> {
    prop_oneof![Just(FigureUnit::Dollars), Just(FigureUnit::Percent)]
}

fn field_kind() -> impl Strategy<Value = FieldKind> {
    proptest::sample::select(FieldKind::ALL.to_vec())
}

/// Text a server might write for a rating: any text, or decimals with signs, blanks,
/// exponents and separators.
fn rating_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \t]{0,2}[+-]{0,2}[0-9_]{0,40}(\\.[0-9_]{0,40})?([eE][+-]?[0-9]{0,4})?[ \n]{0,2}",
        "-?[0-5](\\.[0-9]{1,30})?",
        Just("NaN".to_owned()),
        Just("79228162514264337593543950336".to_owned()),
    ]
}

/// A JSON value up to three levels deep, its keys and strings mostly from [`VOCABULARY`].
fn json_value() -> impl Strategy<Value = Value> {
    let word = || {
        prop_oneof![
            3 => proptest::sample::select(VOCABULARY).prop_map(str::to_owned),
            1 => "\\PC{0,8}",
        ]
    };
    let scalar = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        word().prop_map(Value::from),
    ];
    scalar.prop_recursive(3, 24, 5, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(word(), inner, 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// One change to a JSON object: drop a field, replace one with any value, or add one.
#[derive(Debug, Clone)]
enum Edit {
    Remove(proptest::sample::Index),
    Replace(proptest::sample::Index, Value),
    Add(String, Value),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<proptest::sample::Index>().prop_map(Edit::Remove),
        (any::<proptest::sample::Index>(), json_value())
            .prop_map(|(at, value)| Edit::Replace(at, value)),
        (
            proptest::sample::select(VOCABULARY).prop_map(str::to_owned),
            json_value()
        )
            .prop_map(|(key, value)| Edit::Add(key, value)),
    ]
}

/// Applies `edit` to `object` when it is an object.
fn apply(object: &mut Value, edit: Edit) {
    let Some(fields) = object.as_object_mut() else {
        return;
    };
    let keys: Vec<String> = fields.keys().cloned().collect();
    match edit {
        Edit::Remove(at) if !keys.is_empty() => {
            fields.remove(&keys[at.index(keys.len())]);
        }
        Edit::Replace(at, value) if !keys.is_empty() => {
            fields.insert(keys[at.index(keys.len())].clone(), value);
        }
        Edit::Add(key, value) => {
            fields.insert(key, value);
        }
        Edit::Remove(_) | Edit::Replace(..) => {}
    }
}

/// Arbitrary text for a JSON reader: any text, generated JSON, or a valid value with a few
/// fields dropped, replaced or added (in the value or in its `page`), whole or cut short.
fn json_text(valid: impl Strategy<Value = Value>) -> impl Strategy<Value = String> {
    let near = (
        valid,
        proptest::collection::vec((edit(), any::<bool>()), 0..3),
        proptest::option::of(any::<proptest::sample::Index>()),
    )
        .prop_map(|(mut value, edits, cut)| {
            for (edit, inside_page) in edits {
                match value.get_mut("page") {
                    Some(page) if inside_page => apply(page, edit),
                    _ => apply(&mut value, edit),
                }
            }
            let text = value.to_string();
            match cut {
                Some(cut) => text
                    .chars()
                    .take(cut.index(text.chars().count() + 1))
                    .collect(),
                None => text,
            }
        });
    prop_oneof![
        1 => any::<String>(),
        1 => json_value().prop_map(|value| value.to_string()),
        4 => near,
    ]
}

/// A valid rate response, as JSON.
fn rate_response() -> impl Strategy<Value = Value> {
    (
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(any::<String>()),
        proptest::option::of(any::<String>()),
        proptest::option::of(any::<String>()),
        proptest::option::of(any::<u64>()),
        proptest::option::of(any::<u64>()),
        proptest::option::of(rating_text()),
    )
        .prop_map(
            |(error, guest, message, redirect_url, uid, reviews, total, rating)| {
                serde_json::to_value(RateResponse {
                    status: WriteStatus {
                        error,
                        guest,
                        message,
                        redirect_url,
                    },
                    uid,
                    reviews,
                    total,
                    rating,
                })
                .unwrap()
            },
        )
}

/// A valid error body, as JSON.
fn error_body() -> impl Strategy<Value = Value> {
    let code = proptest::sample::select(vec![
        ErrorCode::BadRequest,
        ErrorCode::Validation,
        ErrorCode::Csrf,
        ErrorCode::Guest,
        ErrorCode::Forbidden,
        ErrorCode::NotFound,
        ErrorCode::RateLimited,
        ErrorCode::PayloadTooLarge,
        ErrorCode::Internal,
    ]);
    (code, any::<String>(), proptest::option::of(any::<String>())).prop_map(
        |(code, message, field)| {
            let body = ErrorBody::new(code, message);
            serde_json::to_value(match field {
                Some(field) => body.with_field(field),
                None => body,
            })
            .unwrap()
        },
    )
}

/// Valid page data of the kinds without content and of a listing error, as JSON.
fn page_data() -> impl Strategy<Value = Value> {
    (path(), proptest::option::of(error_body()), 0_usize..3).prop_map(|(path, error, which)| {
        let bytes = match error {
            Some(error) => page_data_json(
                &path,
                PageKind::ListingError,
                Some(error.to_string().as_bytes()),
            ),
            None => page_data_json(
                &path,
                [PageKind::Form, PageKind::NotFound, PageKind::CompareEmpty][which],
                None,
            ),
        };
        serde_json::from_slice(&bytes.unwrap()).unwrap()
    })
}

/// A path as a page might be asked for: any text, or a path with query, quotes and escapes.
fn path() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "/[a-z0-9/?=&%\"\\\\<>\u{0}\u{2028}é😀-]{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_rate_response_keeps_its_text_and_reads_its_rating_inside_the_scale(
        error in any::<bool>(),
        guest in any::<bool>(),
        message in proptest::option::of(any::<String>()),
        redirect_url in proptest::option::of(any::<String>()),
        uid in proptest::option::of(any::<String>()),
        reviews in proptest::option::of(any::<u64>()),
        total in proptest::option::of(any::<u64>()),
        rating in proptest::option::of(rating_text()),
    ) {
        let wire = RateResponse {
            status: WriteStatus { error, guest, message: message.clone(), redirect_url: redirect_url.clone() },
            uid: uid.clone(),
            reviews, total, rating: rating.clone(),
        };
        let read = ratings::VoteResponse::from(wire);
        prop_assert_eq!((read.error, read.guest), (error, guest));
        prop_assert_eq!(read.message, message);
        prop_assert_eq!(read.redirect_url, redirect_url);
        prop_assert_eq!(read.uid, uid);
        prop_assert_eq!((read.reviews, read.total), (reviews, total));
        let number = rating.as_deref().and_then(|text| Decimal::from_str(text.trim()).ok());
        prop_assert_eq!(read.rating.is_some(), number.is_some());
        if let (Some(shown), Some(number)) = (read.rating, number) {
            prop_assert!(shown >= ratings::Rating::ZERO && shown <= ratings::Rating::MAX);
            prop_assert_eq!(shown.value(), number.clamp(Decimal::ZERO, Decimal::from(5)));
        }
    }

    #[test]
    fn an_editors_review_link_is_a_clean_same_site_path_or_https_address(
        url in prop_oneof![
            any::<String>(),
            "[ \t]{0,2}(/|//|/\\\\|https://|http://|javascript:|HTTPS://)?[a-z./ \t\u{0}\u{85}]{0,12}[ \n]{0,2}",
        ],
    ) {
        if let Some(link) = editors_review_link(&url) {
            prop_assert_eq!(link.as_str(), url.trim());
            prop_assert!(!link.is_empty());
            prop_assert!(!link.chars().any(|c| c.is_whitespace() || c.is_control()), "{:?}", link);
            let same_site = link.starts_with('/') && !link.starts_with("//") && !link.starts_with("/\\");
            prop_assert!(same_site || link.starts_with("https://"), "{:?}", link);
            prop_assert_eq!(editors_review_link(&link), Some(link.clone()));
        }
    }

    #[test]
    fn page_data_json_never_panics_and_refuses_exactly_the_mismatched_content(
        path in path(),
        kind in page_kind(),
        content in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..64)),
    ) {
        let written = page_data_json(&path, kind, content.as_deref());
        prop_assert_eq!(written.is_ok(), kind.field().is_some() == content.is_some());
        if let (Ok(bytes), Some(content)) = (written, content) {
            let (start, end): (&[u8], &[u8]) = (b"{\"path\":", b"}}");
            prop_assert!(bytes.starts_with(start) && bytes.ends_with(end));
            prop_assert!(content.is_empty() || bytes.windows(content.len()).any(|w| w == content.as_slice()));
        }
    }

    #[test]
    fn page_data_json_around_valid_json_is_valid_json_with_the_path_kind_and_content(
        path in path(),
        kind in page_kind(),
        content in json_value(),
    ) {
        let content_bytes = serde_json::to_vec(&content).unwrap();
        // Read back as the page's JSON will be (serde_json reads floats to the nearest
        // value but not always to the written one).
        let content: Value = serde_json::from_slice(&content_bytes).unwrap();
        let given = kind.field().map(|_| content_bytes.as_slice());
        let bytes = page_data_json(&path, kind, given).unwrap();
        let read: Value = serde_json::from_slice(&bytes).unwrap();
        prop_assert_eq!(&read["path"], &Value::from(path.as_str()));
        prop_assert_eq!(&read["page"]["kind"], &Value::from(kind.tag()));
        let page_fields = read["page"].as_object().map_or(0, Map::len);
        match kind.field() {
            Some(field) => {
                prop_assert_eq!(&read["page"][field], &content);
                prop_assert_eq!(page_fields, 2);
            }
            None => prop_assert_eq!(page_fields, 1),
        }
    }

    #[test]
    fn page_data_json_without_content_is_the_serialised_page_data(
        path in path(),
        kind in prop_oneof![Just(PageKind::Form), Just(PageKind::NotFound), Just(PageKind::CompareEmpty)],
    ) {
        let page = match kind {
            PageKind::Form => PagePayload::Form {},
            PageKind::NotFound => PagePayload::NotFound {},
            _ => PagePayload::CompareEmpty {},
        };
        let expected = serde_json::to_vec(&PageData { path: path.clone(), page }).unwrap();
        prop_assert_eq!(page_data_json(&path, kind, None).unwrap(), expected);
    }

    #[test]
    fn a_figure_of_any_amount_is_never_blank_and_its_value_reads_back(
        amount in proptest::option::of(any_amount()),
        unit in unit(),
        kind in field_kind(),
    ) {
        let figure = Figure::of(amount.as_ref(), unit, kind);
        prop_assert!(!figure.display.trim().is_empty(), "{:?} shows as {:?}", amount, figure.display);
        match amount.as_ref().and_then(Amount::value) {
            Some(number) => {
                let value = figure.value.as_deref().map(Decimal::from_str);
                prop_assert_eq!(value, Some(Ok(number)));
            }
            None => prop_assert_eq!(figure.value, None),
        }
        match amount {
            Some(Amount::Text(text)) if !text.trim().is_empty() => prop_assert_eq!(figure.display, text),
            Some(Amount::Text(_)) | None => prop_assert_eq!(figure.display, kind.missing_label()),
            Some(_) => {}
        }
    }

    #[test]
    fn a_rate_response_read_from_any_json_writes_and_reads_back_the_same(text in json_text(rate_response())) {
        if let Ok(response) = serde_json::from_str::<RateResponse>(&text) {
            let json = serde_json::to_string(&response).unwrap();
            prop_assert_eq!(serde_json::from_str::<RateResponse>(&json).unwrap(), response.clone());
            let _ = ratings::VoteResponse::from(response);
        }
    }

    #[test]
    fn an_error_body_read_from_any_json_writes_and_reads_back_the_same(text in json_text(error_body())) {
        if let Ok(body) = serde_json::from_str::<ErrorBody>(&text) {
            let json = serde_json::to_string(&body).unwrap();
            prop_assert_eq!(serde_json::from_str::<ErrorBody>(&json).unwrap(), body);
        }
    }

    #[test]
    fn page_data_read_from_any_json_writes_and_reads_back_the_same(text in json_text(page_data())) {
        if let Ok(data) = serde_json::from_str::<PageData>(&text) {
            let json = serde_json::to_string(&data).unwrap();
            prop_assert_eq!(serde_json::from_str::<PageData>(&json).unwrap(), data);
        }
    }
}
