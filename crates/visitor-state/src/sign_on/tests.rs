//! Unit and property tests for the sign-on cookie.

use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use proptest::prelude::*;

use super::*;

const SAMPLE: &str = r#"{"groupId":"g1","userPlan":"premium","activePlan":{"planId":"p9","cancelled":true,"orderId":42},"accountId":7,"has_transactions":1,"enhanced":"1","full":true,"dashboards":["credit","debt"],"firstName":"Ann","username":"ann","id":"u1","sharedAccounts":[{"id":"a2","name":"Bob","avatar":"b.png","profileId":"p2","profile":1},{"name":"no id"}]}"#;

fn decoded(value: &str) -> SignOn {
    decode(value).unwrap()
}

fn error_code(value: &str) -> &'static str {
    decode(value).unwrap_err().code()
}

#[test]
fn plain_json_object_is_read_with_all_its_fields() {
    let data = decoded(SAMPLE);
    assert_eq!(data.group_id, Some(GroupId::parse("g1").unwrap()));
    assert_eq!(data.user_plan.as_str(), "premium");
    assert_eq!(data.account_id.as_deref(), Some("7"));
    assert!(data.has_transactions && data.enhanced && data.full);
    assert_eq!(data.dashboards, ["credit", "debt"]);
    assert_eq!(data.first_name.as_deref(), Some("Ann"));
    assert_eq!(data.id.as_deref(), Some("u1"));
}

#[test]
fn active_plan_fields_are_read() {
    let plan = decoded(SAMPLE).active_plan.unwrap();
    assert_eq!(plan.plan_id.as_deref(), Some("p9"));
    assert_eq!(plan.order_id.as_deref(), Some("42"));
    assert!(plan.cancelled);
    assert!(!plan.pending_downgrade);
}

#[test]
fn active_plan_held_as_a_json_string_is_read() {
    let data = decoded(r#"{"activePlan":"{\"isInfluencer\":1}"}"#);
    assert!(data.active_plan.unwrap().is_influencer);
}

#[test]
fn shared_account_without_an_id_is_dropped() {
    let accounts = decoded(SAMPLE).shared_accounts;
    assert_eq!(
        accounts,
        [SharedAccount {
            id: "a2".into(),
            name: "Bob".into(),
            avatar: "b.png".into(),
            image: None,
            profile_id: Some("p2".into()),
            profile: true,
        }]
    );
}

#[test]
fn standard_base64_with_padding_is_read() {
    assert_eq!(decoded(&STANDARD.encode(SAMPLE)), decoded(SAMPLE));
}

#[test]
fn standard_base64_without_padding_is_read() {
    assert_eq!(decoded(&STANDARD_NO_PAD.encode(SAMPLE)), decoded(SAMPLE));
}

#[test]
fn url_safe_base64_with_and_without_padding_is_read() {
    // A username full of `?` forces `/` (standard) or `_` (URL-safe) into the encoding.
    let json = r#"{"username":"???>>>"}"#;
    assert!(URL_SAFE_NO_PAD.encode(json).contains('_'));
    assert_eq!(
        decoded(&URL_SAFE.encode(json)).username.as_deref(),
        Some("???>>>")
    );
    assert_eq!(
        decoded(&URL_SAFE_NO_PAD.encode(json)).username.as_deref(),
        Some("???>>>")
    );
}

#[test]
fn base64_mixing_both_alphabets_is_rejected() {
    let mixed = STANDARD
        .encode(r#"{"username":"???>>>"}"#)
        .replacen('/', "_", 1)
        + "+";
    assert_eq!(error_code(&mixed), "badBase64");
}

#[test]
fn percent_encoded_json_is_read() {
    assert_eq!(decoded("%7B%22full%22%3A1%7D"), decoded(r#"{"full":1}"#));
}

#[test]
fn percent_encoded_base64_is_read() {
    let encoded = STANDARD.encode(r#"{"full":1,"x":"ab"}"#);
    assert!(encoded.ends_with('='));
    let escaped = encoded.replace('=', "%3D");
    assert!(decoded(&escaped).full);
}

#[test]
fn raw_json_with_a_literal_percent_sign_is_not_unescaped() {
    assert_eq!(
        decoded(r#"{"username":"100%zz"}"#).username.as_deref(),
        Some("100%zz")
    );
}

#[test]
fn quoted_cookie_value_is_unquoted() {
    let quoted = format!("\"{}\"", STANDARD.encode(r#"{"full":1}"#));
    assert!(decoded(&quoted).full);
}

#[test]
fn percent_encoded_quoted_value_is_unquoted() {
    let quoted = format!("%22{}%22", STANDARD.encode(r#"{"full":1}"#));
    assert!(decoded(&quoted).full);
}

#[test]
fn empty_value_is_rejected() {
    assert_eq!(decode(""), Err(SignOnError::Empty));
}

#[test]
fn whitespace_or_empty_quotes_are_rejected_as_empty() {
    assert_eq!(decode("  "), Err(SignOnError::Empty));
    assert_eq!(decode("\"\""), Err(SignOnError::Empty));
}

/// A JSON object of exactly `len` bytes.
fn object_of_len(len: usize) -> String {
    let overhead = r#"{"username":""}"#.len();
    format!(r#"{{"username":"{}"}}"#, "a".repeat(len - overhead))
}

#[test]
fn value_of_exactly_the_maximum_length_is_read() {
    let value = object_of_len(MAX_SIGN_ON_COOKIE_BYTES);
    assert_eq!(value.len(), MAX_SIGN_ON_COOKIE_BYTES);
    assert!(decode(&value).is_ok());
}

#[test]
fn value_one_byte_over_the_maximum_is_rejected() {
    let value = object_of_len(MAX_SIGN_ON_COOKIE_BYTES + 1);
    assert_eq!(
        decode(&value),
        Err(SignOnError::TooLong {
            len: MAX_SIGN_ON_COOKIE_BYTES + 1,
            max: MAX_SIGN_ON_COOKIE_BYTES
        })
    );
}

#[test]
fn malformed_json_is_rejected_as_not_json() {
    assert_eq!(error_code("{oops"), "notJson");
}

#[test]
fn json_array_is_rejected_as_not_an_object() {
    assert_eq!(
        decode("[1,2]"),
        Err(SignOnError::NotAnObject {
            found: JsonKind::Array
        })
    );
}

#[test]
fn base64_of_a_json_string_is_rejected_as_not_an_object() {
    assert_eq!(
        decode(&STANDARD.encode(r#""hello""#)),
        Err(SignOnError::NotAnObject {
            found: JsonKind::String
        })
    );
}

#[test]
fn base64_of_plain_text_is_rejected_as_not_json() {
    assert_eq!(error_code(&STANDARD.encode("hello")), "notJson");
}

#[test]
fn base64_of_binary_is_rejected_as_not_json() {
    assert_eq!(error_code(&STANDARD.encode([0xff, 0xfe, 0x00])), "notJson");
}

#[test]
fn text_outside_the_base64_alphabet_is_rejected_as_bad_base64() {
    assert_eq!(error_code("not a cookie!"), "badBase64");
}

#[test]
fn truncated_percent_escape_is_rejected() {
    assert_eq!(decode("abc%4"), Err(SignOnError::BadPercentEncoding));
}

#[test]
fn percent_escape_with_non_hex_digits_is_rejected() {
    assert_eq!(decode("abc%zz"), Err(SignOnError::BadPercentEncoding));
}

#[test]
fn percent_escapes_that_are_not_utf8_are_rejected() {
    assert_eq!(decode("%FF%FE"), Err(SignOnError::BadPercentEncoding));
}

#[test]
fn unknown_fields_are_ignored() {
    assert_eq!(
        decoded(r#"{"full":1,"colour":"red","nested":{"a":[1]}}"#),
        decoded(r#"{"full":1}"#)
    );
}

#[test]
fn field_of_an_unusable_shape_counts_as_absent() {
    let data = decoded(r#"{"groupId":{"a":1},"accountId":true,"dashboards":7,"activePlan":5}"#);
    assert_eq!(data, SignOn::default());
}

#[test]
fn invalid_group_id_counts_as_absent() {
    assert_eq!(decoded(r#"{"groupId":"   "}"#).group_id, None);
}

#[test]
fn numeric_group_id_is_read_as_text() {
    assert_eq!(
        decoded(r#"{"groupId":17}"#).group_id.map(String::from),
        Some("17".into())
    );
}

#[test]
fn flag_written_as_zero_string_is_false() {
    assert!(!decoded(r#"{"full":"0"}"#).full);
}

#[test]
fn missing_user_plan_is_the_basic_plan() {
    assert_eq!(decoded("{}").user_plan, Plan::Basic);
}

#[test]
fn empty_or_differently_cased_basic_plan_is_the_basic_plan() {
    assert_eq!(decoded(r#"{"userPlan":""}"#).user_plan, Plan::Basic);
    assert_eq!(decoded(r#"{"userPlan":" BASIC "}"#).user_plan, Plan::Basic);
}

#[test]
fn other_plan_keeps_its_trimmed_name() {
    assert_eq!(
        decoded(r#"{"userPlan":" premium "}"#).user_plan.as_str(),
        "premium"
    );
}

#[test]
fn comma_separated_dashboards_are_split() {
    assert_eq!(
        decoded(r#"{"dashboards":"credit, debt"}"#).dashboards,
        ["credit", "debt"]
    );
}

#[test]
fn session_with_auth_user_is_delegated() {
    assert!(decoded(r#"{"auth-user":"agent7"}"#).is_delegated());
    assert!(decoded(r#"{"auth-user":12}"#).is_delegated());
    assert!(decoded(r#"{"auth-user":true}"#).is_delegated());
    assert!(decoded(r#"{"auth-user":{"id":3}}"#).is_delegated());
}

#[test]
fn session_with_empty_or_false_auth_user_is_not_delegated() {
    for value in [
        r#""""#,
        r#""0""#,
        r#"" false ""#,
        "0",
        "false",
        "null",
        "{}",
        "[]",
    ] {
        let cookie = format!(r#"{{"auth-user":{value}}}"#);
        assert!(!decoded(&cookie).is_delegated(), "{cookie}");
    }
}

#[test]
fn session_without_auth_user_is_not_delegated() {
    assert!(!decoded(SAMPLE).is_delegated());
}

#[test]
fn default_sign_on_encodes_as_an_empty_object() {
    assert_eq!(encode_json(&SignOn::default()), "{}");
}

#[test]
fn encoding_uses_the_spec_wire_names() {
    let data = SignOn {
        group_id: GroupId::parse("g").ok(),
        has_transactions: true,
        auth_user: Some("agent".into()),
        active_plan: Some(ActivePlan {
            pending_plan_change: true,
            ..ActivePlan::default()
        }),
        ..SignOn::default()
    };
    assert_eq!(
        encode_json(&data),
        r#"{"groupId":"g","activePlan":{"pendingPlanChange":true},"has_transactions":true,"auth-user":"agent"}"#
    );
}

#[test]
fn base64_encoding_is_a_valid_cookie_value() {
    let encoded = encode_base64(&decoded(SAMPLE));
    assert!(
        encoded
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
    );
}

#[test]
fn error_messages_are_lowercase_without_a_trailing_period() {
    let message = SignOnError::TooLong {
        len: 9000,
        max: 8192,
    }
    .to_string();
    assert_eq!(message, "sign-on cookie is 9000 bytes long, more than 8192");
}

fn text() -> impl Strategy<Value = String> {
    "[^\\x00]{1,24}".prop_filter("non-blank", |s| !s.trim().is_empty())
}

fn flag() -> impl Strategy<Value = bool> {
    any::<bool>()
}

fn active_plan() -> impl Strategy<Value = ActivePlan> {
    (
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::array::uniform6(flag()),
    )
        .prop_map(|(plan_id, order_id, flags)| {
            let [
                cancelled,
                pending_downgrade,
                pending_plan_change,
                has_coming_subscription,
                is_apple_order,
                is_influencer,
            ] = flags;
            ActivePlan {
                plan_id,
                cancelled,
                pending_downgrade,
                pending_plan_change,
                has_coming_subscription,
                is_apple_order,
                order_id,
                is_influencer,
            }
        })
}

fn shared_account() -> impl Strategy<Value = SharedAccount> {
    (
        text(),
        "\\PC{0,12}",
        "\\PC{0,12}",
        proptest::option::of(text()),
        proptest::option::of(text()),
        flag(),
    )
        .prop_map(
            |(id, name, avatar, image, profile_id, profile)| SharedAccount {
                id,
                name,
                avatar,
                image,
                profile_id,
                profile,
            },
        )
}

fn sign_on() -> impl Strategy<Value = SignOn> {
    let ids = (
        proptest::option::of(text().prop_filter_map("valid group id", |s| GroupId::parse(&s).ok())),
        text().prop_map(|s| Plan::parse(&s).unwrap_or_default()),
        proptest::option::of(active_plan()),
        proptest::option::of(text()),
        proptest::collection::vec(text(), 0..3),
    );
    let names = (
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::collection::vec(shared_account(), 0..3),
        proptest::option::of("[a-z][a-z0-9.]{0,11}".prop_filter("not false", |s| s != "false")),
    );
    (ids, names, proptest::array::uniform4(flag())).prop_map(
        |(
            (group_id, user_plan, active_plan, account_id, dashboards),
            (first_name, real_name, username, profile_picture, id, shared_accounts, auth_user),
            [has_transactions, enhanced, full, profile],
        )| SignOn {
            group_id,
            user_plan,
            active_plan,
            account_id,
            has_transactions,
            enhanced,
            full,
            dashboards,
            first_name,
            real_name,
            username,
            profile_picture,
            id,
            profile,
            shared_accounts,
            auth_user,
        },
    )
}

proptest! {
    #[test]
    fn decode_never_panics_on_any_string(value in any::<String>()) {
        let _ = decode(&value);
    }

    #[test]
    fn decode_never_panics_on_json_looking_strings(body in "\\PC{0,64}") {
        let _ = decode(&format!("{{{body}"));
        let _ = decode(&format!("%7B{body}"));
    }

    #[test]
    fn decode_never_panics_on_base64_of_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = decode(&STANDARD.encode(&bytes));
        let _ = decode(&URL_SAFE_NO_PAD.encode(&bytes));
    }

    #[test]
    fn decode_reads_any_small_json_object(value in proptest::collection::hash_map("\\PC{0,8}", any::<i64>(), 0..20)) {
        let text = serde_json::to_string(&value).unwrap();
        prop_assert!(decode(&text).is_ok());
    }

    #[test]
    fn json_encoding_reads_back_unchanged(data in sign_on()) {
        prop_assert_eq!(decode(&encode_json(&data)), Ok(data));
    }

    #[test]
    fn base64_encoding_reads_back_unchanged(data in sign_on()) {
        prop_assert_eq!(decode(&encode_base64(&data)), Ok(data));
    }
}
