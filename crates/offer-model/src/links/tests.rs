use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::Value;
use site_urls::encoding::percent_decode_component;

use super::*;

const VECTORS: &str = include_str!("../../../../fixtures/vectors/offer-rules.json");

/// The cases of one rule in the shared vectors, as (input, expected) pairs.
fn vectors<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<(I, E)> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let cases = all[rule]
        .as_array()
        .unwrap_or_else(|| panic!("no rule {rule}"));
    assert!(!cases.is_empty(), "rule {rule} has no cases");
    cases
        .iter()
        .map(|case| {
            (
                serde_json::from_value(case["input"].clone()).unwrap(),
                serde_json::from_value(case["expected"].clone()).unwrap(),
            )
        })
        .collect()
}

fn context(
    affiliate: bool,
    logged_in_only_critical: bool,
    scope: Option<AffiliateScope>,
    signed_in: bool,
) -> AffiliateContext {
    AffiliateContext {
        affiliate,
        logged_in_only_critical,
        scope,
        signed_in,
    }
}

// Details path.

fn check_details(base: &str, page: &str, expected: &str) {
    assert_eq!(
        details_path(base, page).as_deref(),
        Ok(expected),
        "{page:?}"
    );
}

#[test]
fn details_prefix_is_added_when_missing() {
    check_details(
        "https://example.com",
        "card-a",
        "https://example.com/d/card-a",
    );
}

#[test]
fn details_prefix_is_not_doubled() {
    check_details(
        "https://example.com",
        "d/card-a",
        "https://example.com/d/card-a",
    );
    check_details(
        "https://example.com",
        "/d/card-a",
        "https://example.com/d/card-a",
    );
}

#[test]
fn details_page_with_a_leading_slash_is_tolerated() {
    check_details(
        "https://example.com",
        "/card-a",
        "https://example.com/d/card-a",
    );
}

#[test]
fn trailing_slash_of_the_base_is_ignored() {
    check_details(
        "https://example.com/",
        "card-a",
        "https://example.com/d/card-a",
    );
}

#[test]
fn details_page_starting_with_d_but_not_d_slash_gets_the_prefix() {
    check_details("", "dx/card-a", "/d/dx/card-a");
}

#[test]
fn empty_details_page_is_rejected() {
    assert_eq!(
        details_path("", "/d/"),
        Err(LinkError::EmptyDetailsPage {
            value: "/d/".to_owned()
        })
    );
}

#[test]
fn details_page_with_blanks_inside_is_rejected() {
    assert_eq!(
        details_path("", "card a"),
        Err(LinkError::InvalidDetailsPage {
            value: "card a".to_owned()
        })
    );
}

#[test]
fn details_path_vectors_pass() {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Input {
        base: String,
        details_page: String,
    }
    for (input, expected) in vectors::<Input, Option<String>>("detailsPath") {
        assert_eq!(
            details_path(&input.base, &input.details_page).ok(),
            expected,
            "{:?}",
            input.details_page
        );
    }
}

// Reviews anchor.

#[test]
fn reviews_link_appends_the_reviews_anchor() {
    assert_eq!(reviews_link("/d/card-a"), "/d/card-a#reviews");
}

#[test]
fn reviews_link_replaces_an_existing_fragment() {
    assert_eq!(reviews_link("/d/card-a#top"), "/d/card-a#reviews");
}

// Redirect links.

#[test]
fn card_redirect_ends_with_c() {
    assert_eq!(
        redirect_link("https://example.com", "123", RedirectKind::Card).as_deref(),
        Ok("https://example.com/r/?id=123c")
    );
}

#[test]
fn institution_redirect_ends_with_i() {
    assert_eq!(
        redirect_link("", "77", RedirectKind::Institution).as_deref(),
        Ok("/r/?id=77i")
    );
}

#[test]
fn redirect_id_as_given_gets_no_suffix() {
    assert_eq!(
        redirect_link("", "77c", RedirectKind::AsGiven).as_deref(),
        Ok("/r/?id=77c")
    );
}

#[test]
fn redirect_id_is_percent_encoded() {
    assert_eq!(
        redirect_link("", "1&x=2", RedirectKind::Card).as_deref(),
        Ok("/r/?id=1%26x%3D2c")
    );
}

#[test]
fn blank_redirect_id_is_rejected() {
    assert_eq!(
        redirect_link("", "  ", RedirectKind::Card),
        Err(LinkError::EmptyRedirectId)
    );
}

#[test]
fn rates_and_fees_link_adds_rf_1() {
    assert_eq!(
        rates_and_fees_link("https://example.com", "123").as_deref(),
        Ok("https://example.com/r/?id=123c&rf=1")
    );
}

// Apply link.

const ISSUER_PAGE: &str = "https://bank.example/cards/cash";

fn fields<'a>(
    tracking_url: Option<&'a str>,
    manual_apply: bool,
    issuer_page: Option<&'a str>,
) -> ApplyFields<'a> {
    ApplyFields {
        tracking_url,
        manual_apply,
        issuer_page,
    }
}

#[test]
fn tracking_url_without_manual_apply_is_the_apply_link() {
    for issuer_page in [None, Some(ISSUER_PAGE)] {
        let chosen = fields(Some("https://bank.example/go"), false, issuer_page);
        assert_eq!(
            apply_link("", "1", chosen),
            Ok(ApplyLink::Tracking {
                url: "https://bank.example/go".to_owned()
            })
        );
        assert_eq!(
            apply_destination(chosen),
            Ok(ApplyDestination::Tracking {
                url: "https://bank.example/go".to_owned()
            })
        );
    }
}

#[test]
fn tracking_url_with_manual_apply_gives_no_apply_link() {
    for issuer_page in [None, Some(ISSUER_PAGE)] {
        let chosen = fields(Some("https://bank.example/go"), true, issuer_page);
        let link = apply_link("", "1", chosen).unwrap();
        assert_eq!(link, ApplyLink::NoApplyLink);
        assert_eq!(link.url(), None);
        let destination = apply_destination(chosen).unwrap();
        assert_eq!(destination, ApplyDestination::Manual);
        assert_eq!(destination.url(), None);
    }
}

#[test]
fn missing_tracking_url_redirects_to_the_issuer_page() {
    for manual_apply in [false, true] {
        let chosen = fields(None, manual_apply, Some(ISSUER_PAGE));
        assert_eq!(
            apply_link("https://example.com", "9", chosen),
            Ok(ApplyLink::DefaultRedirect {
                url: "https://example.com/r/?id=9c".to_owned()
            })
        );
        assert_eq!(apply_destination(chosen).unwrap().url(), Some(ISSUER_PAGE));
    }
}

#[test]
fn missing_tracking_url_and_issuer_page_gives_no_apply_link() {
    for manual_apply in [false, true] {
        for issuer_page in [None, Some(""), Some("  ")] {
            let chosen = fields(None, manual_apply, issuer_page);
            assert_eq!(apply_link("", "9", chosen), Ok(ApplyLink::NoApplyLink));
            assert_eq!(apply_destination(chosen), Ok(ApplyDestination::Nowhere));
        }
    }
}

#[test]
fn an_issuer_page_that_is_no_web_address_counts_as_missing() {
    for page in [
        "http:www.360fcu.example",
        "www://credit-union.example",
        "//evil.example",
        "/d/card",
        "javascript:alert(1)",
        "ftp://bank.example/terms",
        "https://",
        "https:///terms",
        "https://bank.example@evil.example/",
        "https://[::1]/terms",
        "https://bank.example:80:90/",
        "https://bank.example:/",
        "https://bank.example:123456/",
        "https://bänk.example/",
        "https://bank.example/a b",
        "https://bank.example/<script>",
        "https://bank.example/\\evil",
        "https://bank.example/\"x\"",
        "https://bank.example/{x}",
        "https://bank.example/a\nb",
        "https://...",
    ] {
        assert!(!is_web_address(page), "{page:?}");
        assert_eq!(
            apply_destination(fields(None, false, Some(page))),
            Ok(ApplyDestination::Nowhere),
            "{page:?}"
        );
    }
    let long = format!("https://bank.example/{}", "a".repeat(MAX_WEB_ADDRESS_LEN));
    assert!(!is_web_address(&long));
}

#[test]
fn web_addresses_are_absolute_http_addresses_of_uri_characters() {
    for page in [
        ISSUER_PAGE,
        "http://bank.example",
        "HTTPS://Bank.Example:8443/Cards?x=1&y=%20#terms",
        "https://www.bank.example/cards/cash-back-card/",
        "https://bank.example/a;b=c,d!$'()*+~@:",
    ] {
        assert!(is_web_address(page), "{page}");
    }
    assert_eq!(
        apply_destination(fields(None, false, Some("  https://bank.example/x  "))),
        Ok(ApplyDestination::IssuerPage {
            url: "https://bank.example/x".to_owned()
        })
    );
}

#[test]
fn blank_tracking_url_counts_as_missing() {
    assert_eq!(
        apply_link("", "9", fields(Some("  "), true, Some(ISSUER_PAGE))),
        Ok(ApplyLink::DefaultRedirect {
            url: "/r/?id=9c".to_owned()
        })
    );
    assert_eq!(
        apply_link("", "9", fields(Some("  "), true, None)),
        Ok(ApplyLink::NoApplyLink)
    );
}

#[test]
fn script_tracking_url_is_refused_even_with_an_issuer_page() {
    for issuer_page in [None, Some(ISSUER_PAGE)] {
        let chosen = fields(Some("javascript:alert(1)"), false, issuer_page);
        let refused = LinkError::UnsafeTrackingUrl {
            url: "javascript:alert(1)".to_owned(),
        };
        assert_eq!(apply_link("", "9", chosen), Err(refused.clone()));
        assert_eq!(apply_destination(chosen), Err(refused));
    }
}

#[test]
fn a_redirect_without_an_id_is_refused() {
    assert_eq!(
        apply_link(" ", " ", fields(None, false, Some(ISSUER_PAGE))),
        Err(LinkError::EmptyRedirectId)
    );
}

#[test]
fn apply_fields_are_read_from_the_offer() {
    let offer = crate::Offer::from_json(&serde_json::json!({
        "ID": "card-1", "NAME": "Card", "TRACKING_URL": "https://track.example/1",
        "MANUAL_APPLY": "Y", "RATES_FEES_URL": ISSUER_PAGE,
    }))
    .unwrap();
    assert_eq!(
        ApplyFields::of(&offer.links),
        fields(Some("https://track.example/1"), true, Some(ISSUER_PAGE))
    );
}

#[test]
fn card_redirect_id_is_the_pid_else_the_id() {
    let mut identity =
        crate::offer::Identity::new("card-1".parse().unwrap(), "Card".parse().unwrap());
    assert_eq!(card_redirect_id(&identity), "card-1");
    identity.pid = Some(" p1 ".to_owned());
    assert_eq!(card_redirect_id(&identity), "p1");
    identity.pid = Some("  ".to_owned());
    assert_eq!(card_redirect_id(&identity), "card-1");
}

#[test]
fn apply_link_travels_tagged_by_kind() {
    assert_eq!(
        serde_json::to_value(ApplyLink::NoApplyLink).unwrap(),
        serde_json::json!({"kind": "noApplyLink"})
    );
    assert_eq!(
        serde_json::to_value(ApplyLink::Tracking {
            url: "https://x.example".to_owned()
        })
        .unwrap(),
        serde_json::json!({"kind": "tracking", "url": "https://x.example"})
    );
}

#[test]
fn apply_link_vectors_pass() {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Input {
        base: String,
        card_id: String,
        tracking_url: Option<String>,
        manual_apply: bool,
        issuer_page: Option<String>,
    }
    for (input, expected) in vectors::<Input, Option<ApplyLink>>("applyLink") {
        let chosen = fields(
            input.tracking_url.as_deref(),
            input.manual_apply,
            input.issuer_page.as_deref(),
        );
        let actual = apply_link(&input.base, &input.card_id, chosen);
        assert_eq!(
            actual.ok(),
            expected,
            "{:?} {:?}",
            input.tracking_url,
            input.issuer_page
        );
    }
}

// Affiliate visibility.

#[test]
fn affiliate_card_without_restrictions_is_an_affiliate_link() {
    assert!(is_affiliate_link(context(true, false, None, false)));
    assert!(is_affiliate_link(context(true, false, None, true)));
}

#[test]
fn card_without_the_affiliate_flag_is_never_an_affiliate_link() {
    assert!(!is_affiliate_link(context(false, false, None, true)));
}

#[test]
fn logged_in_only_critical_hides_the_affiliate_link_from_signed_out_visitors() {
    assert!(!is_affiliate_link(context(true, true, None, false)));
    assert!(is_affiliate_link(context(true, true, None, true)));
}

#[test]
fn scope_o_hides_the_affiliate_link_when_signed_in() {
    assert!(!is_affiliate_link(context(
        true,
        false,
        Some(AffiliateScope::OutOnly),
        true
    )));
    assert!(is_affiliate_link(context(
        true,
        false,
        Some(AffiliateScope::OutOnly),
        false
    )));
}

#[test]
fn scope_i_hides_the_affiliate_link_when_signed_out() {
    assert!(!is_affiliate_link(context(
        true,
        false,
        Some(AffiliateScope::InOnly),
        false
    )));
    assert!(is_affiliate_link(context(
        true,
        false,
        Some(AffiliateScope::InOnly),
        true
    )));
}

#[test]
fn logged_in_only_critical_with_scope_o_hides_the_link_from_everyone() {
    let out_only = Some(AffiliateScope::OutOnly);
    assert!(!is_affiliate_link(context(true, true, out_only, false)));
    assert!(!is_affiliate_link(context(true, true, out_only, true)));
}

#[test]
fn affiliate_visibility_vectors_hold_the_full_truth_table() {
    let cases = vectors::<AffiliateContext, bool>("affiliateVisibility");
    assert_eq!(cases.len(), 24);
    for (input, expected) in cases {
        assert_eq!(is_affiliate_link(input), expected, "{input:?}");
        assert_eq!(input.is_affiliate_link(), expected, "{input:?}");
    }
}

#[test]
fn affiliate_scope_field_is_read_ignoring_case_and_blanks() {
    assert_eq!(
        AffiliateScope::from_field(" o "),
        Ok(Some(AffiliateScope::OutOnly))
    );
    assert_eq!(
        AffiliateScope::from_field("I"),
        Ok(Some(AffiliateScope::InOnly))
    );
    assert_eq!(AffiliateScope::from_field(""), Ok(None));
}

#[test]
fn unknown_affiliate_scope_is_a_typed_error() {
    assert_eq!(
        AffiliateScope::from_field("X"),
        Err(UnknownAffiliateScope {
            value: "X".to_owned()
        })
    );
}

#[test]
fn affiliate_scope_travels_as_its_letter() {
    assert_eq!(
        serde_json::to_string(&AffiliateScope::OutOnly).unwrap(),
        "\"O\""
    );
    assert_eq!(AffiliateScope::InOnly.as_str(), "I");
}

// Large-bank asterisk.

#[test]
fn large_bank_without_affiliate_link_gets_an_asterisk() {
    assert!(has_large_bank_asterisk("Big Bank", &["Big Bank"], false));
}

#[test]
fn large_bank_with_affiliate_link_gets_no_asterisk() {
    assert!(!has_large_bank_asterisk("Big Bank", &["Big Bank"], true));
}

#[test]
fn large_bank_matches_ignoring_case() {
    assert!(has_large_bank_asterisk(
        "ÉTOILE BANK",
        &["étoile bank"],
        false
    ));
}

#[test]
fn issuer_not_in_the_list_gets_no_asterisk() {
    assert!(!has_large_bank_asterisk("Small Bank", &["Big Bank"], false));
    assert!(!has_large_bank_asterisk("Big Bank", &[] as &[&str], false));
}

#[test]
fn blank_issuer_gets_no_asterisk_even_with_a_blank_list_entry() {
    assert!(!has_large_bank_asterisk(" ", &[""], false));
}

#[test]
fn large_bank_vectors_pass() {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Input {
        issuer: String,
        large_banks: Vec<String>,
        affiliate_link: bool,
    }
    for (input, expected) in vectors::<Input, bool>("largeBankAsterisk") {
        assert_eq!(
            has_large_bank_asterisk(&input.issuer, &input.large_banks, input.affiliate_link),
            expected,
            "{:?}",
            input.issuer
        );
    }
}

// Properties.

/// An issuer page that is a web address.
fn web_address() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("https"), Just("http"), Just("HTTPS")],
        "[a-z0-9-]{1,10}(\\.[a-z]{2,6}){1,2}",
        prop::option::of(1u16..),
        "(/[a-zA-Z0-9._~!$&'()*+,;=@:%-]{0,10}){0,3}(\\?[a-z=&%0-9]{0,10})?(#[a-z]{0,5})?",
    )
        .prop_map(|(scheme, host, port, tail)| {
            let port = port.map(|p| format!(":{p}")).unwrap_or_default();
            format!("{scheme}://{host}{port}{tail}")
        })
}

#[test]
fn affiliate_visibility_follows_scope_and_the_logged_in_only_critical_setting() {
    let seen = |fields: serde_json::Value| {
        let mut raw = serde_json::json!({"ID": "c1", "NAME": "Card", "TYPE": "none", "WH_AFFILIATE_LINK": "Y"});
        if let (Some(raw), Some(fields)) = (raw.as_object_mut(), fields.as_object()) {
            raw.extend(fields.clone());
        }
        let offer = crate::Offer::from_json(&raw).unwrap();
        let v = AffiliateVisibility::of(&offer.links);
        (v.signed_in, v.signed_out)
    };
    assert_eq!(seen(serde_json::json!({})), (true, true));
    assert_eq!(
        seen(serde_json::json!({"AFFILIATE_INFLUENCE_SCOPE": "O"})),
        (false, true)
    );
    assert_eq!(
        seen(serde_json::json!({"AFFILIATE_INFLUENCE_SCOPE": "I"})),
        (true, false)
    );
    assert_eq!(
        seen(serde_json::json!({"CRITICAL_LOGGED_IN": "Members only"})),
        (true, false)
    );
    // A critical message for everyone, or for signed-out visitors too, is not logged-in-only.
    assert_eq!(
        seen(serde_json::json!({"CRITICAL_LOGGED_IN": "a", "CRITICAL_LOGGED_OUT": "b"})),
        (true, true)
    );
    assert_eq!(
        seen(serde_json::json!({"WH_AFFILIATE_LINK": "N"})),
        (false, false)
    );
}

proptest! {
    #[test]
    fn link_builders_do_not_panic(a in any::<String>(), b in any::<String>(), flag in any::<bool>()) {
        let _ = details_path(&a, &b);
        let _ = reviews_link(&a);
        let _ = redirect_link(&a, &b, RedirectKind::Card);
        let _ = rates_and_fees_link(&a, &b);
        let _ = apply_link(&a, &b, fields(Some(&b), flag, Some(&a)));
        let _ = apply_link(&a, &b, fields(None, flag, Some(&a)));
        let _ = apply_destination(fields(Some(&a), flag, Some(&b)));
        let _ = is_web_address(&a);
        let _ = AffiliateScope::from_field(&a);
        let _ = has_large_bank_asterisk(&a, &[b.as_str()], flag);
        let _ = percent_decode_component(&a);
        let _ = SameSitePath::from_page_address(&a, &b);
    }

    #[test]
    fn used_tracking_urls_are_http_or_same_site(url in any::<String>()) {
        if let Ok(ApplyLink::Tracking { url }) = apply_link("", "1", fields(Some(&url), false, None)) {
            let lower = url.to_ascii_lowercase();
            prop_assert!(
                lower.starts_with("http://")
                    || lower.starts_with("https://")
                    || SameSitePath::parse(&url).is_ok()
            );
        }
    }

    #[test]
    fn the_apply_link_is_a_redirect_exactly_when_the_redirect_has_an_issuer_page(
        tracking_url in prop::option::of(prop_oneof![Just("https://bank.example/go".to_owned()), Just(" ".to_owned()), any::<String>()]),
        manual_apply in any::<bool>(),
        issuer_page in prop::option::of(prop_oneof![web_address(), Just("http:bank.example".to_owned()), any::<String>()]),
    ) {
        let chosen = fields(tracking_url.as_deref(), manual_apply, issuer_page.as_deref());
        match (apply_link("", "1", chosen), apply_destination(chosen)) {
            (Ok(ApplyLink::Tracking { url }), Ok(ApplyDestination::Tracking { url: to })) => prop_assert_eq!(url, to),
            (Ok(ApplyLink::DefaultRedirect { url }), Ok(ApplyDestination::IssuerPage { url: to })) => {
                prop_assert_eq!(url, "/r/?id=1c");
                prop_assert!(is_web_address(&to));
            }
            (Ok(ApplyLink::NoApplyLink), Ok(ApplyDestination::Manual | ApplyDestination::Nowhere)) => {}
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (link, destination) => prop_assert!(false, "{:?} but {:?}", link, destination),
        }
    }

    #[test]
    fn well_formed_web_addresses_are_accepted(url in web_address()) {
        prop_assert!(is_web_address(&url), "{:?} refused", url);
    }

    #[test]
    fn web_addresses_hold_only_uri_characters_after_a_plain_host(url in prop_oneof![web_address(), any::<String>(), "(https?|HTTPS)://[a-z.:@\\[\\]0-9-]{0,12}[/?#]?\\PC{0,12}"]) {
        if is_web_address(&url) {
            let lower = url.to_ascii_lowercase();
            let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
            prop_assert!(rest.is_some());
            let authority = rest.unwrap_or_default().split(['/', '?', '#']).next().unwrap_or_default();
            prop_assert!(!authority.is_empty() && !authority.contains(['@', '[', ']', '%']));
            let outside_uris = b"\"<>\\^`{|}";
            prop_assert!(url.bytes().all(|b| b.is_ascii_graphic() && !outside_uris.contains(&b)));
            prop_assert!(url.len() <= MAX_WEB_ADDRESS_LEN);
        }
    }

    #[test]
    fn details_path_always_has_exactly_one_d_prefix(name in "[a-z0-9-]{1,20}", slash in any::<bool>(), prefixed in any::<bool>()) {
        let page = format!("{}{}{}", if slash { "/" } else { "" }, if prefixed { "d/" } else { "" }, name);
        prop_assert_eq!(details_path("https://example.com", &page), Ok(format!("https://example.com/d/{name}")));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_card_redirect_id_is_the_trimmed_pid_else_the_id(
        id in any::<String>().prop_filter("an id is not blank", |id| !id.trim().is_empty()),
        pid in prop::option::of(prop_oneof![any::<String>(), "[ \t\n\u{3000}]{0,3}", "[ \t]{0,2}[a-z0-9-]{1,8}[ \n]{0,2}"]),
    ) {
        let offer_id = crate::offer::OfferId::parse(&id)
            .map_err(|err| TestCaseError::fail(err.to_string()))?;
        let mut identity = crate::offer::Identity::new(offer_id, "Card".parse().unwrap());
        identity.pid = pid.clone();
        let chosen = card_redirect_id(&identity);
        prop_assert!(!chosen.is_empty());
        prop_assert_eq!(chosen, chosen.trim());
        match pid.as_deref().map(str::trim).filter(|pid| !pid.is_empty()) {
            Some(pid) => prop_assert_eq!(chosen, pid),
            None => prop_assert_eq!(chosen, id.trim()),
        }
    }
}
