//! Unit and property tests for the signed-in rules.

use proptest::prelude::*;

use super::*;

fn check(sign_on: Option<SignOn>, active: bool, expected: VisitorStatus) {
    assert_eq!(VisitorStatus::of(sign_on.as_ref(), active), expected);
}

fn full() -> SignOn {
    SignOn {
        full: true,
        ..SignOn::default()
    }
}

#[test]
fn visitor_without_sign_on_data_is_signed_out() {
    check(None, false, VisitorStatus::SignedOut);
}

#[test]
fn active_session_cookie_alone_does_not_sign_in() {
    check(None, true, VisitorStatus::SignedOut);
}

#[test]
fn visitor_with_empty_sign_on_data_is_signed_in() {
    check(Some(SignOn::default()), false, VisitorStatus::SignedIn);
}

#[test]
fn full_flag_without_active_session_cookie_is_only_signed_in() {
    check(Some(full()), false, VisitorStatus::SignedIn);
}

#[test]
fn active_session_cookie_without_full_flag_is_only_signed_in() {
    check(Some(SignOn::default()), true, VisitorStatus::SignedIn);
}

#[test]
fn full_flag_with_active_session_cookie_is_fully_signed_in() {
    check(Some(full()), true, VisitorStatus::FullySignedIn);
}

#[test]
fn unreadable_cookie_means_signed_out() {
    assert_eq!(
        VisitorStatus::from_cookie(Some("%%%"), true),
        VisitorStatus::SignedOut
    );
}

#[test]
fn missing_cookie_means_signed_out() {
    assert_eq!(
        VisitorStatus::from_cookie(None, true),
        VisitorStatus::SignedOut
    );
}

#[test]
fn readable_cookie_with_full_flag_means_fully_signed_in() {
    assert_eq!(
        VisitorStatus::from_cookie(Some(r#"{"full":"1"}"#), true),
        VisitorStatus::FullySignedIn
    );
}

#[test]
fn only_signed_out_is_not_signed_in() {
    assert!(!VisitorStatus::SignedOut.is_signed_in());
    assert!(VisitorStatus::SignedIn.is_signed_in());
    assert!(VisitorStatus::FullySignedIn.is_signed_in());
}

#[test]
fn status_travels_as_a_camel_case_string() {
    assert_eq!(
        serde_json::to_string(&VisitorStatus::FullySignedIn).unwrap(),
        r#""fullySignedIn""#
    );
}

proptest! {
    #[test]
    fn from_cookie_never_panics(value in any::<String>(), active in any::<bool>()) {
        let _ = VisitorStatus::from_cookie(Some(&value), active);
    }
}
