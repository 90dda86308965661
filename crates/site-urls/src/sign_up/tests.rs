use super::*;
use crate::test_vectors::vectors;

fn path(raw: &str) -> SameSitePath {
    SameSitePath::parse(raw).unwrap()
}

// Light sign-up link.

#[test]
fn light_signup_link_percent_encodes_the_address() {
    assert_eq!(
        light_signup_link(&path("/d/card-a?x=1&y=2")),
        "/join/light?ref=%2Fd%2Fcard-a%3Fx%3D1%26y%3D2"
    );
}

#[test]
fn light_signup_vectors_pass() {
    for (input, expected) in vectors::<String, Option<String>>("lightSignupLink") {
        let link = SameSitePath::parse(&input)
            .ok()
            .map(|path| light_signup_link(&path));
        assert_eq!(link, expected, "{input:?}");
    }
}

// Light sign-up link of a page.

const ORIGIN: &str = "https://site.test";

#[test]
fn join_light_link_reduces_an_address_of_this_site_to_its_path() {
    assert_eq!(
        join_light_link(ORIGIN, "https://site.test/d/card?x=1#reviews"),
        "/join/light?ref=%2Fd%2Fcard%3Fx%3D1%23reviews"
    );
}

#[test]
fn join_light_link_keeps_a_same_site_path() {
    assert_eq!(
        join_light_link(ORIGIN, "/answers/?qpage=2"),
        "/join/light?ref=%2Fanswers%2F%3Fqpage%3D2"
    );
}

#[test]
fn join_light_link_sends_an_address_of_another_site_back_to_the_root() {
    for address in [
        "https://evil.test/d/card",
        "https://site.test.evil.test/d/card",
        "//evil.test",
        "javascript:alert(1)",
        "",
    ] {
        assert_eq!(
            join_light_link(ORIGIN, address),
            "/join/light?ref=%2F",
            "{address:?}"
        );
    }
}
