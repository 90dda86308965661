use proptest::prelude::*;

use super::*;
use crate::test_vectors::vectors;

fn path(raw: &str) -> SameSitePath {
    SameSitePath::parse(raw).unwrap()
}

// Same-site paths.

fn check_path(raw: &str, expected: Result<(), SameSitePathError>) {
    assert_eq!(SameSitePath::parse(raw).map(|_| ()), expected, "{raw:?}");
}

#[test]
fn plain_site_path_is_accepted() {
    check_path("/answers/what-is-apr-12?qpage=2#top", Ok(()));
}

#[test]
fn root_path_is_accepted() {
    check_path("/", Ok(()));
}

#[test]
fn empty_path_is_rejected() {
    check_path("", Err(SameSitePathError::Empty));
}

#[test]
fn protocol_relative_address_is_rejected() {
    check_path("//evil.com", Err(SameSitePathError::DoubleSlash));
}

#[test]
fn slash_backslash_address_is_rejected() {
    check_path("/\\evil.com", Err(SameSitePathError::Backslash));
}

#[test]
fn scheme_without_slashes_is_rejected() {
    check_path("https:evil.com", Err(SameSitePathError::NotRooted));
}

#[test]
fn encoded_double_slash_is_rejected() {
    check_path("%2F%2Fevil.com", Err(SameSitePathError::NotRooted));
    check_path("/%2F%2Fevil.com", Err(SameSitePathError::DoubleSlash));
    check_path("/%2fevil.com", Err(SameSitePathError::DoubleSlash));
}

#[test]
fn encoded_backslash_is_rejected() {
    check_path("/%5Cevil.com", Err(SameSitePathError::Backslash));
}

#[test]
fn javascript_address_is_rejected() {
    check_path("javascript:alert(1)", Err(SameSitePathError::NotRooted));
}

#[test]
fn absolute_http_address_is_rejected() {
    check_path("http://x.evil.com", Err(SameSitePathError::NotRooted));
}

#[test]
fn colon_anywhere_is_rejected() {
    check_path("/a:b", Err(SameSitePathError::Colon));
    check_path("/x?next=https%3Aevil.com", Err(SameSitePathError::Colon));
}

#[test]
fn control_characters_are_rejected_raw_and_encoded() {
    check_path(
        "/\t/evil.com",
        Err(SameSitePathError::ForbiddenCharacter { character: '\t' }),
    );
    check_path(
        "/%09/evil.com",
        Err(SameSitePathError::ForbiddenCharacter { character: '\t' }),
    );
}

#[test]
fn whitespace_is_rejected() {
    check_path(
        " /d/card",
        Err(SameSitePathError::ForbiddenCharacter { character: ' ' }),
    );
}

#[test]
fn encoding_to_bytes_that_are_not_utf8_is_rejected() {
    check_path("/%FF", Err(SameSitePathError::BadEncoding));
}

#[test]
fn stray_percent_sign_is_rejected() {
    check_path("/100%", Err(SameSitePathError::BadEncoding));
    check_path("/%zz", Err(SameSitePathError::BadEncoding));
    check_path("/100%25", Ok(()));
}

#[test]
fn path_at_the_length_limit_is_accepted() {
    let raw = format!("/{}", "a".repeat(MAX_SAME_SITE_PATH_LEN - 1));
    check_path(&raw, Ok(()));
}

#[test]
fn path_one_byte_over_the_length_limit_is_rejected() {
    let raw = format!("/{}", "a".repeat(MAX_SAME_SITE_PATH_LEN));
    check_path(
        &raw,
        Err(SameSitePathError::TooLong {
            len: MAX_SAME_SITE_PATH_LEN + 1,
        }),
    );
}

#[test]
fn same_site_path_error_messages_are_lowercase() {
    assert_eq!(
        SameSitePathError::DoubleSlash.to_string(),
        "path contains `//`"
    );
    assert_eq!(
        SameSitePathError::TooLong { len: 3000 }.to_string(),
        "path is 3000 bytes long, more than 2048"
    );
}

#[test]
fn same_site_path_vectors_pass() {
    for (input, expected) in vectors::<String, bool>("sameSitePath") {
        assert_eq!(SameSitePath::parse(&input).is_ok(), expected, "{input:?}");
    }
}

// Same-site path of a page.

const ORIGIN: &str = "https://example.com";

fn check_page(address: &str, expected: &str) {
    assert_eq!(
        SameSitePath::from_page_address(ORIGIN, address).as_str(),
        expected,
        "{address:?}"
    );
}

#[test]
fn address_of_this_site_is_reduced_to_its_path_query_and_fragment() {
    check_page(
        "https://example.com/d/card-a?x=1#reviews",
        "/d/card-a?x=1#reviews",
    );
}

#[test]
fn origin_is_compared_ignoring_case_and_trailing_slashes() {
    check_page("HTTPS://Example.COM/answers/", "/answers/");
    assert_eq!(
        SameSitePath::from_page_address("https://example.com//", "https://example.com/d/a")
            .as_str(),
        "/d/a"
    );
}

#[test]
fn address_of_this_site_without_a_path_is_the_root() {
    check_page("https://example.com", "/");
    check_page("https://example.com?x=1", "/?x=1");
    check_page("https://example.com#top", "/#top");
}

#[test]
fn same_site_path_of_a_page_is_kept() {
    check_page("/answers/?qpage=2", "/answers/?qpage=2");
}

#[test]
fn address_of_another_site_gives_the_root() {
    for address in [
        "https://evil.test/d/card-a",
        "https://example.com.evil.test/d/card-a",
        "https://example.com@evil.test/",
        "https://example.com:8443/d/card-a",
        "http://example.com/d/card-a",
        "//evil.test",
    ] {
        check_page(address, ROOT_PATH);
    }
}

#[test]
fn address_of_this_site_that_would_leave_it_gives_the_root() {
    check_page("https://example.com//evil.test", ROOT_PATH);
    check_page("https://example.com/%2F%2Fevil.test", ROOT_PATH);
}

#[test]
fn relative_or_unsafe_address_gives_the_root() {
    for address in ["d/card-a", "javascript:alert(1)", "", " /d/card-a", "/100%"] {
        check_page(address, ROOT_PATH);
    }
}

#[test]
fn empty_origin_matches_no_absolute_address() {
    assert_eq!(
        SameSitePath::from_page_address("", "https://example.com/d/a").as_str(),
        "/"
    );
    assert_eq!(SameSitePath::from_page_address("", "/d/a").as_str(), "/d/a");
}

#[test]
fn same_site_path_of_page_vectors_pass() {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Input {
        site_origin: String,
        address: String,
    }
    for (input, expected) in vectors::<Input, String>("sameSitePathOfPage") {
        assert_eq!(
            SameSitePath::from_page_address(&input.site_origin, &input.address).as_str(),
            expected,
            "{:?}",
            input.address
        );
    }
}

#[test]
fn same_site_path_travels_as_a_string_and_is_checked_when_read() {
    let accepted = path("/d/card-a");
    assert_eq!(serde_json::to_string(&accepted).unwrap(), "\"/d/card-a\"");
    assert_eq!(
        serde_json::from_str::<SameSitePath>("\"/d/card-a\"").unwrap(),
        accepted
    );
    assert!(serde_json::from_str::<SameSitePath>("\"//evil.com\"").is_err());
}

// Properties.

/// A well-formed segment of a site path.
const PATH_SEGMENT: &str = "[a-zA-Z0-9._~!$&'()*+,;=@?#-]{1,12}";

fn starts_with_a_scheme(raw: &str) -> bool {
    let mut chars = raw.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars
            .take_while(|c| *c != ':')
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && raw.contains(':')
}

/// Strings that look like addresses often, plus any string at all.
fn tricky_address() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "/\\PC{0,16}",
        "[/\\\\:%25FfCcA-Za-z.\t ]{0,16}",
        "(/|//|%2F|%2f|%5C|\\\\|https?:|javascript:){1,3}[a-z.:/]{0,10}",
    ]
}

proptest! {
    #[test]
    fn well_formed_paths_are_accepted_and_round_trip(
        segments in prop::collection::vec(PATH_SEGMENT, 0..6)
    ) {
        let raw = format!("/{}", segments.join("/"));
        let parsed = SameSitePath::parse(&raw);
        prop_assert!(parsed.is_ok(), "{:?} refused: {:?}", raw, parsed);
        let parsed = parsed.unwrap();
        prop_assert_eq!(parsed.as_str(), raw.as_str());
        let shown = parsed.to_string();
        prop_assert_eq!(SameSitePath::parse(&shown), Ok(parsed.clone()));
        let json = serde_json::to_string(&parsed).unwrap();
        prop_assert_eq!(serde_json::from_str::<SameSitePath>(&json).unwrap(), parsed);
    }

    #[test]
    fn same_site_path_never_starts_with_two_slashes_or_holds_a_scheme(raw in tricky_address()) {
        if let Ok(path) = SameSitePath::parse(&raw) {
            prop_assert!(path.as_str().starts_with('/'));
            prop_assert!(!path.as_str().starts_with("//"));
            prop_assert!(!path.as_str().starts_with("/\\"));
            prop_assert!(!path.as_str().contains(':'));
            prop_assert!(!starts_with_a_scheme(path.as_str()));
            let decoded = percent_decode_component(path.as_str()).unwrap_or_default();
            prop_assert!(decoded.starts_with('/') && !decoded.starts_with("//"));
            prop_assert!(!decoded.contains(':') && !decoded.contains('\\'));
        }
    }

    #[test]
    fn prefixed_attacks_are_always_rejected(
        prefix in prop_oneof![
            Just("//"), Just("/\\"), Just("\\\\"), Just("%2F%2F"), Just("/%2F"), Just("/%5C"),
            Just("http://"), Just("https:"), Just("javascript:"), Just("data:"),
        ],
        rest in any::<String>(),
    ) {
        let raw = format!("{prefix}{rest}");
        prop_assert!(SameSitePath::parse(&raw).is_err());
    }

    #[test]
    fn path_of_a_page_is_always_a_same_site_path(
        origin in prop_oneof![Just("https://example.com".to_owned()), Just(String::new()), any::<String>()],
        address in prop_oneof![tricky_address(), "(https://example\\.com|HTTPS://EXAMPLE\\.COM)\\PC{0,16}"],
    ) {
        let path = SameSitePath::from_page_address(&origin, &address);
        prop_assert_eq!(SameSitePath::parse(path.as_str()), Ok(path));
    }

    #[test]
    fn path_on_this_site_is_its_own_path_of_page(
        segments in prop::collection::vec(PATH_SEGMENT, 0..6)
    ) {
        let raw = format!("/{}", segments.join("/"));
        prop_assert_eq!(SameSitePath::from_page_address("https://example.com", &raw).into_string(), raw.clone());
        let full = format!("https://example.com{raw}");
        prop_assert_eq!(SameSitePath::from_page_address("https://example.com", &full).into_string(), raw);
    }
}
