//! Unit and property tests for cookie attributes.

use chrono::TimeZone;
use proptest::prelude::*;

use super::*;

fn check(host: &str, parent: &str, expected: Result<&str, &str>) {
    let actual = cookie_domain(host, parent).map(|d| d.to_string());
    match (actual, expected) {
        (Ok(domain), Ok(want)) => assert_eq!(domain, want, "{host} in {parent}"),
        (Err(error), Err(kind)) => assert_eq!(error.code(), kind, "{host} in {parent}"),
        (actual, expected) => panic!("{host} in {parent}: got {actual:?}, expected {expected:?}"),
    }
}

#[test]
fn parent_domain_itself_gets_the_parent_domain() {
    check("example.com", "example.com", Ok("example.com"));
}

#[test]
fn subdomain_gets_the_parent_domain() {
    check("www.example.com", "example.com", Ok("example.com"));
    check("a.b.example.com", "example.com", Ok("example.com"));
}

#[test]
fn host_is_compared_without_case_port_or_trailing_dot() {
    check(" WWW.Example.COM.:8443 ", "Example.com.", Ok("example.com"));
}

#[test]
fn host_that_only_ends_with_the_parent_text_is_rejected() {
    check(
        "evil-example.com",
        "example.com",
        Err("outsideParentDomain"),
    );
}

#[test]
fn host_that_contains_the_parent_as_a_prefix_is_rejected() {
    check(
        "example.com.evil.net",
        "example.com",
        Err("outsideParentDomain"),
    );
}

#[test]
fn parent_of_the_parent_is_rejected() {
    check("com", "example.com", Err("outsideParentDomain"));
}

#[test]
fn invalid_host_is_rejected() {
    for host in [
        "",
        "exa mple.com",
        "a..example.com",
        "-a.example.com",
        "bücher.example.com",
        "x.example.com:port",
    ] {
        check(host, "example.com", Err("invalidHost"));
    }
}

#[test]
fn invalid_parent_domain_is_rejected() {
    check(
        "www.example.com",
        "example.com:443",
        Err("invalidParentDomain"),
    );
    check("www.example.com", "", Err("invalidParentDomain"));
}

#[test]
fn label_of_sixty_three_characters_is_accepted_and_sixty_four_rejected() {
    let ok = format!("{}.example.com", "a".repeat(63));
    let too_long = format!("{}.example.com", "a".repeat(64));
    check(&ok, "example.com", Ok("example.com"));
    check(&too_long, "example.com", Err("invalidHost"));
}

#[test]
fn zero_days_is_a_session_cookie() {
    let expiry = CookieExpiry::from_days(0).unwrap();
    assert!(expiry.is_session());
    assert_eq!(expiry, CookieExpiry::SESSION);
    assert_eq!(expiry.max_age_seconds(), None);
}

#[test]
fn one_day_lasts_86400_seconds() {
    assert_eq!(
        CookieExpiry::from_days(1).unwrap().max_age_seconds(),
        Some(86_400)
    );
}

#[test]
fn expiry_of_exactly_the_maximum_is_accepted() {
    assert_eq!(
        CookieExpiry::from_days(MAX_COOKIE_EXPIRY_DAYS).map(CookieExpiry::days),
        Ok(400)
    );
}

#[test]
fn expiry_one_day_over_the_maximum_is_rejected() {
    assert_eq!(
        CookieExpiry::from_days(401),
        Err(CookieExpiryError::TooLong {
            days: 401,
            max: 400
        })
    );
}

#[test]
fn expiry_date_is_the_given_number_of_days_later() {
    let now = Utc.with_ymd_and_hms(2024, 2, 28, 12, 0, 0).unwrap();
    let later = CookieExpiry::from_days(365).unwrap().expires_at(now);
    assert_eq!(later, Utc.with_ymd_and_hms(2025, 2, 27, 12, 0, 0).single());
}

#[test]
fn session_cookie_has_no_expiry_date() {
    assert_eq!(
        CookieExpiry::SESSION.expires_at(Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0).unwrap()),
        None
    );
}

#[test]
fn spec_is_secure_with_root_path() {
    let spec = CookieSpec::new("www.example.com", "example.com", 365).unwrap();
    assert!(spec.secure());
    assert_eq!(spec.path(), "/");
    assert_eq!(spec.domain().as_str(), "example.com");
    assert_eq!(
        spec.attributes(),
        "Path=/; Domain=example.com; Max-Age=31536000; Secure"
    );
}

#[test]
fn spec_outside_the_parent_domain_is_rejected() {
    assert!(matches!(
        CookieSpec::new("example.org", "example.com", 1),
        Err(CookieSpecError::Domain(
            CookieDomainError::OutsideParentDomain { .. }
        ))
    ));
}

#[test]
fn spec_with_too_long_an_expiry_is_rejected() {
    assert!(matches!(
        CookieSpec::new("example.com", "example.com", 1_000),
        Err(CookieSpecError::Expiry(_))
    ));
}

proptest! {
    #[test]
    fn cookie_domain_never_panics(host in any::<String>(), parent in any::<String>()) {
        let _ = cookie_domain(&host, &parent);
    }

    #[test]
    fn accepted_domain_is_always_the_parent(sub in "[a-z0-9]{1,10}(\\.[a-z0-9]{1,10}){0,2}") {
        let host = format!("{sub}.example.com");
        prop_assert_eq!(cookie_domain(&host, "example.com").map(|d| d.to_string()), Ok("example.com".to_owned()));
    }

    #[test]
    fn expiry_above_the_maximum_is_refused_not_clamped(days in MAX_COOKIE_EXPIRY_DAYS + 1..) {
        prop_assert_eq!(
            CookieExpiry::from_days(days),
            Err(CookieExpiryError::TooLong { days, max: MAX_COOKIE_EXPIRY_DAYS })
        );
    }

    #[test]
    fn expiry_up_to_the_maximum_is_kept_as_given(days in 0..=MAX_COOKIE_EXPIRY_DAYS) {
        prop_assert_eq!(CookieExpiry::from_days(days).map(CookieExpiry::days), Ok(days));
    }

    #[test]
    fn expiry_never_panics(days in any::<u32>(), seconds in any::<i64>()) {
        if let Ok(expiry) = CookieExpiry::from_days(days) {
            let _ = expiry.max_age_seconds();
            if let Some(now) = DateTime::<Utc>::from_timestamp(seconds % 250_000_000_000, 0) {
                let _ = expiry.expires_at(now);
            }
        }
    }
}

/// A parent domain and a host that is mostly inside it, in assorted spellings.
fn host_and_parent() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        (any::<String>(), any::<String>()),
        (
            "([a-zA-Z0-9-]{0,8}\\.){0,2}",
            "[a-zA-Z0-9-]{1,10}(\\.[a-zA-Z0-9-]{1,10}){0,2}\\.?",
            "(:[0-9]{0,6})?",
            "[ \t]{0,2}",
        )
            .prop_map(|(sub, parent, port, blank)| (format!("{blank}{sub}{parent}{port}"), parent)),
        ("\\PC{0,12}", "[a-z.;= -]{0,12}"),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_cookie_spec_is_built_exactly_when_domain_and_expiry_are_acceptable(
        (host, parent) in host_and_parent(),
        days in prop_oneof![any::<u32>(), 0..=MAX_COOKIE_EXPIRY_DAYS + 1],
    ) {
        let spec = CookieSpec::new(&host, &parent, days);
        let acceptable = cookie_domain(&host, &parent).is_ok() && days <= MAX_COOKIE_EXPIRY_DAYS;
        prop_assert_eq!(spec.is_ok(), acceptable);
    }

    #[test]
    fn cookie_attributes_are_path_domain_max_age_and_secure_and_nothing_else(
        (host, parent) in host_and_parent(),
        days in 0..=MAX_COOKIE_EXPIRY_DAYS,
    ) {
        if let Ok(spec) = CookieSpec::new(&host, &parent, days) {
            let attributes = spec.attributes();
            let domain = spec.domain().as_str();
            prop_assert!(
                !domain.is_empty()
                    && domain.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'),
                "{:?}", domain
            );
            let mut expected = vec!["Path=/".to_owned(), format!("Domain={domain}")];
            if days > 0 {
                expected.push(format!("Max-Age={}", u64::from(days) * 86_400));
            }
            expected.push("Secure".to_owned());
            prop_assert_eq!(attributes.split("; ").map(str::to_owned).collect::<Vec<_>>(), expected);
            prop_assert_eq!(spec.expiry().days(), days);
        }
    }
}
