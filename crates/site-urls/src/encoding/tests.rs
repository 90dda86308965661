use proptest::prelude::*;

use super::*;
use crate::test_vectors::vectors;

#[test]
fn encoder_keeps_the_encode_uri_component_set() {
    assert_eq!(percent_encode_component("aZ09-_.!~*'()"), "aZ09-_.!~*'()");
}

#[test]
fn encoder_writes_utf8_bytes_in_upper_case_hex() {
    assert_eq!(percent_encode_component("é €"), "%C3%A9%20%E2%82%AC");
}

#[test]
fn percent_encode_vectors_pass() {
    for (input, expected) in vectors::<String, String>("percentEncode") {
        assert_eq!(percent_encode_component(&input), expected, "{input:?}");
    }
}

#[test]
fn encoder_escapes_reserved_characters() {
    assert_eq!(
        percent_encode_component(" #$&+,/:;=?@[]%"),
        "%20%23%24%26%2B%2C%2F%3A%3B%3D%3F%40%5B%5D%25"
    );
}

#[test]
fn decoder_reads_escapes_in_either_case_and_keeps_plus() {
    assert_eq!(percent_decode_component("%c3%A9+x").as_deref(), Some("é+x"));
}

#[test]
fn decoder_refuses_stray_percent_signs() {
    for input in ["/100%", "%", "%4", "/%zz", "%%41"] {
        assert_eq!(percent_decode_component(input), None, "{input:?}");
    }
}

#[test]
fn decoder_decodes_only_once() {
    assert_eq!(percent_decode_component("/%252F").as_deref(), Some("/%2F"));
}

#[test]
fn decoder_refuses_bytes_that_are_not_utf8() {
    assert_eq!(percent_decode_component("/%FF"), None);
    assert_eq!(percent_decode_component("%C3"), None);
}

#[test]
fn form_decoder_reads_plus_as_space_and_keeps_escaped_plus() {
    assert_eq!(
        form_decode_component("x+y%20z%2B").as_deref(),
        Some("x y z+")
    );
    assert!(matches!(
        form_decode_component("a-b_c"),
        Some(Cow::Borrowed("a-b_c"))
    ));
    for input in ["100%", "%zz", "%4", "%FF", "a+%C3"] {
        assert_eq!(form_decode_component(input), None, "{input:?}");
    }
}

#[test]
fn form_decoder_agrees_with_the_component_decoder_without_plus() {
    for (input, expected) in vectors::<String, Option<String>>("percentDecode") {
        if !input.contains('+') {
            assert_eq!(
                form_decode_component(&input).map(Cow::into_owned),
                expected,
                "{input:?}"
            );
        }
    }
}

#[test]
fn percent_decode_vectors_pass() {
    for (input, expected) in vectors::<String, Option<String>>("percentDecode") {
        assert_eq!(percent_decode_component(&input), expected, "{input:?}");
    }
}

// Properties.

proptest! {
    #[test]
    fn encoded_path_is_an_accepted_query_value(raw in any::<String>()) {
        let encoded = percent_encode_component(&raw);
        prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.!~*'()%".contains(&b)));
        prop_assert_eq!(percent_decode_component(&encoded), Some(raw));
    }
}

/// Text rich in escapes, stray `%` signs and plus signs.
fn escapy() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "(%[0-9a-fA-F]{2}|%[0-9a-fA-FzZ]?|\\+|[a-z ]|é|%25|%2[bB]|%C3%A9|%E2%82|%F0%9F%98%80)*",
        "[%+0-9a-fA-Fg-z é]{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn form_decoding_is_percent_decoding_with_plus_as_space(raw in escapy()) {
        let decoded = form_decode_component(&raw).map(Cow::into_owned);
        prop_assert_eq!(decoded, percent_decode_component(&raw.replace('+', "%20")));
    }

    #[test]
    fn form_decoding_borrows_exactly_when_there_is_nothing_to_decode(raw in escapy()) {
        let plain = !raw.contains(['%', '+']);
        match form_decode_component(&raw) {
            Some(Cow::Borrowed(text)) => {
                prop_assert!(plain);
                prop_assert_eq!(text, raw.as_str());
            }
            Some(Cow::Owned(text)) => {
                prop_assert!(!plain);
                prop_assert!(!text.contains('+') || raw.contains('%'));
            }
            None => prop_assert!(raw.contains('%')),
        }
    }

    #[test]
    fn form_decoding_reads_back_every_encoded_component(raw in any::<String>()) {
        let encoded = percent_encode_component(&raw);
        prop_assert_eq!(form_decode_component(&encoded).map(Cow::into_owned), Some(raw));
    }
}

/// The reading [`form_pairs`] must agree with, written the obvious way: split on `&`, skip
/// empty segments, split each at its first `=`, decode both sides.
fn pairs_by_splitting(query: &str) -> Option<Vec<(String, String)>> {
    query
        .split('&')
        .filter(|segment| !segment.is_empty())
        .map(|segment| {
            let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
            Some((
                form_decode_component(name)?.into_owned(),
                form_decode_component(value)?.into_owned(),
            ))
        })
        .collect()
}

/// Queries of escapy names and values joined by `&` and `=`, with empty segments, segments
/// without `=` and values holding `=`.
fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        proptest::collection::vec((escapy(), "(=|==|)", escapy(), "(&|&&|)"), 0..6).prop_map(
            |parts| parts
                .into_iter()
                .map(|(n, e, v, a)| n + &e + &v + &a)
                .collect()
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn form_pairs_read_a_query_as_splitting_it_does(raw in query()) {
        let read = form_pairs(&raw)
            .map(|pairs| pairs.into_iter().map(|(n, v)| (n.into_owned(), v.into_owned())).collect());
        prop_assert_eq!(read, pairs_by_splitting(&raw));
    }

}

#[test]
fn form_pairs_of_empty_queries() {
    assert_eq!(form_pairs(""), Some(Vec::new()));
    assert_eq!(form_pairs("&&"), Some(Vec::new()));
    assert_eq!(form_pairs("=").map(|p| p.len()), Some(1));
}
