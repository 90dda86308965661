//! Unit and property tests for stored user info.

use proptest::prelude::*;
use serde_json::json;

use super::*;

fn check_fresh(age_ms: i64, kind: Expiring, expected: bool) {
    let stored_at = 1_700_000_000_000;
    assert_eq!(
        is_fresh(stored_at, stored_at + age_ms, kind),
        expected,
        "{kind:?} at {age_ms} ms"
    );
}

#[test]
fn access_token_is_fresh_one_millisecond_before_twenty_minutes() {
    check_fresh(1_199_999, Expiring::AccessToken, true);
}

#[test]
fn access_token_is_stale_at_twenty_minutes() {
    check_fresh(1_200_000, Expiring::AccessToken, false);
}

#[test]
fn access_token_is_stale_after_twenty_minutes() {
    check_fresh(1_200_001, Expiring::AccessToken, false);
}

#[test]
fn standing_and_score_are_fresh_one_millisecond_before_thirty_minutes() {
    check_fresh(1_799_999, Expiring::Standing, true);
    check_fresh(1_799_999, Expiring::Score, true);
}

#[test]
fn standing_and_score_are_stale_at_thirty_minutes() {
    check_fresh(1_800_000, Expiring::Standing, false);
    check_fresh(1_800_000, Expiring::Score, false);
}

#[test]
fn group_id_is_fresh_one_millisecond_before_twenty_four_hours() {
    check_fresh(86_399_999, Expiring::GroupId, true);
}

#[test]
fn group_id_is_stale_at_twenty_four_hours() {
    check_fresh(86_400_000, Expiring::GroupId, false);
}

#[test]
fn value_just_stored_is_fresh() {
    check_fresh(0, Expiring::AccessToken, true);
}

#[test]
fn expiring_values_name_their_stored_keys() {
    assert_eq!(Expiring::AccessToken.key().as_str(), "userAccessToken");
    assert_eq!(Expiring::GroupId.key().as_str(), "groupId");
}

#[test]
fn every_key_round_trips_through_its_name() {
    for key in StoredKey::ALL {
        assert_eq!(StoredKey::from_name(key.as_str()), Some(key));
        assert_eq!(serde_json::to_value(key).unwrap(), json!(key.as_str()));
    }
}

#[test]
fn unknown_key_name_is_not_a_key() {
    assert_eq!(StoredKey::from_name("userid"), None);
}

fn everything_set() -> StoredUserInfo {
    StoredUserInfo::from(&json!({
        "userDashboards": ["credit"], "full": 1, "id": "u1", "lo_pvt_id": "lo9",
        "groupId": "g1", "standing": "Good", "score": "720", "institution": true,
        "has_transactions": 1, "has_investment_activities": 1, "userPlan": "premium",
        "userAccessToken": "at", "refreshToken": "rt", "enhanced": 1,
        "activePlan": {"planId": "p"}, "accountId": 5, "auth-user": "agent", "has_debt": 1
    }))
}

#[test]
fn stored_info_reads_every_key() {
    let info = everything_set();
    let written = serde_json::to_value(&info).unwrap();
    let names: Vec<&str> = written
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected: Vec<&str> = StoredKey::ALL.iter().map(|k| k.as_str()).collect();
    expected.sort_unstable();
    let mut names = names;
    names.sort_unstable();
    assert_eq!(names, expected);
    assert_eq!(info.score, Some(720));
}

#[test]
fn clearing_user_info_keeps_only_group_id_private_id_and_institution() {
    let mut info = everything_set();
    info.clear();
    assert_eq!(
        info,
        StoredUserInfo {
            lo_pvt_id: Some("lo9".into()),
            group_id: GroupId::parse("g1").ok(),
            institution: true,
            ..StoredUserInfo::default()
        }
    );
}

#[test]
fn clearing_user_info_removes_tokens() {
    let mut info = everything_set();
    info.clear();
    assert!(info.user_access_token.is_none() && info.refresh_token.is_none());
}

#[test]
fn removing_each_cleared_key_changes_the_info() {
    for key in CLEARED_BY_CLEAR_USER_INFO {
        let mut info = everything_set();
        info.remove(key);
        assert_ne!(info, everything_set(), "{key}");
    }
}

#[test]
fn non_object_reads_as_empty_info() {
    assert_eq!(
        StoredUserInfo::from(&json!([1, 2])),
        StoredUserInfo::default()
    );
}

#[test]
fn token_debug_output_is_redacted() {
    let info = everything_set();
    let debug = format!("{info:?}");
    assert!(!debug.contains("\"at\"") && !debug.contains("\"rt\""));
    assert!(debug.contains("Token(<redacted>)"));
}

#[test]
fn empty_token_is_rejected() {
    assert_eq!(Token::parse(""), Err(InvalidToken::Empty));
}

fn with(id: bool, full: bool, enhanced: bool, institution: bool) -> StoredUserInfo {
    StoredUserInfo {
        id: id.then(|| "u1".to_owned()),
        full,
        enhanced,
        institution,
        ..StoredUserInfo::default()
    }
}

#[test]
fn visitor_with_id_and_session_cookie_is_logged_in() {
    assert!(with(true, false, false, false).is_logged_in(true));
}

#[test]
fn visitor_without_session_cookie_is_not_logged_in() {
    assert!(!with(true, true, true, true).is_logged_in(false));
}

#[test]
fn visitor_without_stored_id_is_not_logged_in() {
    assert!(!with(false, true, true, true).is_logged_in(true));
}

#[test]
fn full_user_needs_the_full_flag_and_a_login() {
    assert!(with(true, true, false, false).is_full_user(true));
    assert!(!with(true, false, false, false).is_full_user(true));
    assert!(!with(true, true, false, false).is_full_user(false));
}

#[test]
fn institution_user_needs_the_institution_flag_and_a_login() {
    assert!(with(true, false, false, true).is_institution_user(true));
    assert!(!with(true, false, false, false).is_institution_user(true));
    assert!(!with(false, false, false, true).is_institution_user(true));
}

#[test]
fn light_enhanced_user_is_enhanced_but_not_full() {
    assert!(with(true, false, true, false).is_light_enhanced_user(true));
    assert!(!with(true, true, true, false).is_light_enhanced_user(true));
    assert!(!with(true, false, false, false).is_light_enhanced_user(true));
    assert!(!with(true, false, true, false).is_light_enhanced_user(false));
}

#[test]
fn group_membership_compares_the_stored_group_id() {
    let info = everything_set();
    let g1 = GroupId::parse("g1").unwrap();
    let g2 = GroupId::parse("g2").unwrap();
    assert!(info.is_in_group(&[g2.clone(), g1]));
    assert!(!info.is_in_group(&[g2]));
    assert!(!StoredUserInfo::default().is_in_group(&[GroupId::parse("g1").unwrap()]));
}

#[test]
fn auth_user_marks_a_delegated_session() {
    assert!(everything_set().is_delegated());
    assert!(!StoredUserInfo::default().is_delegated());
}

proptest! {
    #[test]
    fn freshness_never_panics_and_matches_the_lifetime(
        stored in any::<i64>(),
        now in any::<i64>(),
    ) {
        for kind in [Expiring::AccessToken, Expiring::Standing, Expiring::Score, Expiring::GroupId] {
            let fresh = is_fresh(stored, now, kind);
            if let Some(age) = now.checked_sub(stored) {
                prop_assert_eq!(fresh, age < kind.lifetime_ms());
            }
        }
    }

    #[test]
    fn reading_any_json_object_never_panics(
        map in proptest::collection::hash_map(
            proptest::sample::select(StoredKey::ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>()),
            prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::from),
                any::<i64>().prop_map(Value::from),
                any::<f64>().prop_map(Value::from),
                "\\PC{0,8}".prop_map(Value::from),
            ],
            0..18,
        )
    ) {
        let value = Value::Object(map.into_iter().map(|(k, v)| (k.to_owned(), v)).collect());
        let info = StoredUserInfo::from(&value);
        let written = serde_json::to_value(&info).unwrap();
        prop_assert_eq!(StoredUserInfo::from(&written), info);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_non_empty_text_is_a_token_kept_as_given_and_never_shown(raw in any::<String>()) {
        match Token::parse(&raw) {
            Ok(token) => {
                prop_assert!(!raw.is_empty());
                prop_assert_eq!(token.expose(), raw.as_str());
                prop_assert_eq!(format!("{token:?}"), "Token(<redacted>)");
                prop_assert_eq!(Token::try_from(raw.clone()), Ok(token.clone()));
                let json = serde_json::to_string(&token).unwrap();
                prop_assert_eq!(serde_json::from_str::<Token>(&json).unwrap(), token);
            }
            Err(error) => {
                prop_assert!(raw.is_empty());
                prop_assert_eq!(error, InvalidToken::Empty);
            }
        }
    }

    #[test]
    fn a_stored_key_is_found_only_by_its_exact_name(
        name in prop_oneof![
            any::<String>(),
            proptest::sample::select(StoredKey::ALL.to_vec()).prop_map(|key| key.as_str().to_owned()),
            (proptest::sample::select(StoredKey::ALL.to_vec()), "[ A-Z_]{0,2}")
                .prop_map(|(key, extra)| format!("{}{extra}", key.as_str())),
            proptest::sample::select(StoredKey::ALL.to_vec()).prop_map(|key| key.as_str().to_uppercase()),
        ],
    ) {
        let known = StoredKey::ALL.iter().any(|key| key.as_str() == name);
        match StoredKey::from_name(&name) {
            Some(key) => prop_assert_eq!(key.as_str(), name.as_str()),
            None => prop_assert!(!known, "{:?}", name),
        }
        prop_assert_eq!(StoredKey::from_name(&name).is_some(), known);
    }
}
