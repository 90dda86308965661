//! Drives the public API from the shared test vectors in
//! `fixtures/vectors/visitor-state.json`, which the frontend reads too.

use serde::Deserialize;
use serde_json::{Value, json};
use visitor_state::ad_pixel::{self, AdView, InvalidPixelText, PixelText};
use visitor_state::cookies::{CookieExpiry, cookie_domain};
use visitor_state::ids::{GroupId, ProductId};
use visitor_state::saved_products::{Balance, SavedProducts, validate_group_value};
use visitor_state::sign_on::{self, encode_json};
use visitor_state::status::VisitorStatus;
use visitor_state::user_info::{Expiring, StoredUserInfo, is_fresh};

const VECTORS: &str = include_str!("../../../fixtures/vectors/visitor-state.json");

#[derive(Deserialize)]
struct Case<I, E> {
    input: I,
    expected: E,
    #[serde(default)]
    note: Option<String>,
}

fn cases<I: for<'de> Deserialize<'de>, E: for<'de> Deserialize<'de>>(
    rule: &str,
) -> Result<Vec<Case<I, E>>, String> {
    let all: Value = serde_json::from_str(VECTORS).map_err(|e| e.to_string())?;
    let list = all
        .get(rule)
        .ok_or(format!("no rule {rule} in the vectors"))?;
    let cases: Vec<Case<I, E>> =
        serde_json::from_value(list.clone()).map_err(|e| format!("{rule}: {e}"))?;
    if cases.is_empty() {
        return Err(format!("rule {rule} has no cases"));
    }
    Ok(cases)
}

fn label<I: std::fmt::Debug, E>(case: &Case<I, E>) -> String {
    let input = format!("{:?}", case.input);
    let short: String = input.chars().take(120).collect();
    format!("{} {short}", case.note.as_deref().unwrap_or(""))
}

#[test]
fn vectors_have_an_about_text() {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    assert!(all["about"].as_str().is_some_and(|s| !s.is_empty()));
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignOnInput {
    cookie: String,
    has_active_session_cookie: bool,
}

#[test]
fn sign_on_decode_vectors() {
    for case in cases::<SignOnInput, Value>("signOnDecode").unwrap() {
        let status = VisitorStatus::from_cookie(
            Some(&case.input.cookie),
            case.input.has_active_session_cookie,
        );
        let actual = match sign_on::decode(&case.input.cookie) {
            Ok(data) => json!({
                "status": status,
                "delegated": data.is_delegated(),
                "signOn": serde_json::from_str::<Value>(&encode_json(&data)).unwrap(),
            }),
            Err(error) => json!({ "status": status, "error": error.code() }),
        };
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}

#[derive(Debug, Deserialize, Default)]
#[serde(default)]
struct BrowserAdView {
    id: Option<String>,
    pid: Option<String>,
    page: Option<String>,
    section: Option<String>,
    position: Option<i64>,
    totals: Option<i64>,
    click: bool,
}

/// The browser payload: null and empty strings are absent.
fn text(value: Option<&String>) -> Result<Option<PixelText>, InvalidPixelText> {
    value
        .filter(|v| !v.is_empty())
        .map(|v| PixelText::parse(v))
        .transpose()
}

#[test]
fn ad_pixel_query_vectors() {
    for case in cases::<BrowserAdView, Vec<(String, String)>>("adPixelQuery").unwrap() {
        let input = &case.input;
        let view = AdView {
            id: text(input.id.as_ref()).unwrap(),
            pid: text(input.pid.as_ref()).unwrap(),
            page: text(input.page.as_ref()).unwrap(),
            section: text(input.section.as_ref()).unwrap(),
            position: input.position,
            totals: input.totals,
            click: input.click,
        };
        let actual: Vec<(String, String)> = view
            .to_query()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}

#[test]
fn ad_pixel_parse_vectors() {
    for case in cases::<Vec<(String, String)>, Value>("adPixelParse").unwrap() {
        let actual = match AdView::from_query(case.input.iter().map(|(k, v)| (k, v))) {
            Ok(view) => json!({ "adView": view }),
            Err(error) => json!({ "error": error.code() }),
        };
        let expected = match case.expected.get("adView") {
            Some(view) => {
                json!({ "adView": serde_json::from_value::<AdView>(view.clone()).unwrap() })
            }
            None => case.expected.clone(),
        };
        assert_eq!(actual, expected, "{}", label(&case));
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TriggerInput {
    visible_px: u32,
    total_px: u32,
}

#[test]
fn ad_view_trigger_vectors() {
    for case in cases::<TriggerInput, bool>("adViewTrigger").unwrap() {
        assert_eq!(
            ad_pixel::is_viewed(case.input.visible_px, case.input.total_px),
            case.expected,
            "{}",
            label(&case)
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
enum Op {
    Save {
        group: Option<GroupId>,
        product: ProductId,
        now: i64,
    },
    Remove {
        group: Option<GroupId>,
        product: ProductId,
        now: i64,
    },
    SetBalance {
        group: Option<GroupId>,
        balance: Option<Balance>,
        now: i64,
    },
    Purge {
        now: i64,
    },
}

#[derive(Deserialize)]
struct SavedExpected {
    outcomes: Vec<Value>,
    stored: Value,
}

#[test]
fn saved_products_vectors() {
    for case in cases::<Vec<Op>, SavedExpected>("savedProducts").unwrap() {
        let mut state = SavedProducts::new();
        let outcomes: Vec<Value> = case
            .input
            .iter()
            .map(|op| match op {
                Op::Save {
                    group,
                    product,
                    now,
                } => json!(state.save(group.as_ref(), product, *now)),
                Op::Remove {
                    group,
                    product,
                    now,
                } => json!(state.remove(group.as_ref(), product, *now)),
                Op::SetBalance {
                    group,
                    balance,
                    now,
                } => json!(state.set_balance(group.as_ref(), *balance, *now)),
                Op::Purge { now } => {
                    state.purge_expired(*now);
                    Value::Null
                }
            })
            .collect();
        assert_eq!(outcomes, case.expected.outcomes, "{}", label(&case));
        let stored: Value = serde_json::from_str(&state.to_json()).unwrap();
        assert_eq!(stored, case.expected.stored, "{}", label(&case));
    }
}

#[test]
fn balance_vectors() {
    for case in cases::<String, Value>("balance").unwrap() {
        let actual = match Balance::parse(&case.input) {
            Ok(balance) => json!(balance.to_string()),
            Err(error) => json!({ "error": error.code() }),
        };
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}

#[test]
fn group_value_vectors() {
    for case in cases::<Value, bool>("groupValue").unwrap() {
        assert_eq!(
            validate_group_value(case.input.clone()).is_ok(),
            case.expected,
            "{}",
            label(&case)
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FreshnessInput {
    kind: Expiring,
    stored_at: i64,
    now: i64,
}

#[test]
fn freshness_vectors() {
    for case in cases::<FreshnessInput, bool>("freshness").unwrap() {
        let input = &case.input;
        assert_eq!(
            is_fresh(input.stored_at, input.now, input.kind),
            case.expected,
            "{}",
            label(&case)
        );
    }
}

#[test]
fn clear_user_info_vectors() {
    for case in cases::<Value, Value>("clearUserInfo").unwrap() {
        let mut info = StoredUserInfo::from(&case.input);
        info.clear();
        assert_eq!(
            serde_json::to_value(&info).unwrap(),
            case.expected,
            "{}",
            label(&case)
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HelpersInput {
    info: Value,
    has_session_cookie: bool,
}

#[test]
fn user_info_helper_vectors() {
    for case in cases::<HelpersInput, Value>("userInfoHelpers").unwrap() {
        let info = StoredUserInfo::from(&case.input.info);
        let cookie = case.input.has_session_cookie;
        let actual = json!({
            "loggedIn": info.is_logged_in(cookie),
            "fullUser": info.is_full_user(cookie),
            "institutionUser": info.is_institution_user(cookie),
            "lightEnhancedUser": info.is_light_enhanced_user(cookie),
            "delegated": info.is_delegated(),
        });
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DomainInput {
    host: String,
    parent_domain: String,
}

#[test]
fn cookie_domain_vectors() {
    for case in cases::<DomainInput, Value>("cookieDomain").unwrap() {
        let actual = match cookie_domain(&case.input.host, &case.input.parent_domain) {
            Ok(domain) => json!(domain.as_str()),
            Err(error) => json!({ "error": error.code() }),
        };
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}

#[test]
fn cookie_expiry_vectors() {
    for case in cases::<u32, Value>("cookieExpiry").unwrap() {
        let actual = match CookieExpiry::from_days(case.input) {
            Ok(expiry) => {
                json!({ "session": expiry.is_session(), "maxAgeSeconds": expiry.max_age_seconds() })
            }
            Err(error) => json!({ "error": error.code() }),
        };
        assert_eq!(actual, case.expected, "{}", label(&case));
    }
}
