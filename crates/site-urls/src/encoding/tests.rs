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
