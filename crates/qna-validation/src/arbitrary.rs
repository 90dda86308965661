//! Proptest strategies for other crates' property suites (feature `proptest`):
//! texts that each validator of community §5 accepts, and texts it refuses.
//!
//! Every `valid_*` strategy yields only accepted input and every `invalid_*`
//! strategy only refused input; this crate's own tests check both.

use proptest::prelude::*;

use crate::constants::{QUESTION_MAX_CHARS, REPLY_MIN_CHARS};

/// Optional white space to wrap around an input (trimmed by every rule).
fn padding() -> impl Strategy<Value = String> {
    "[ \t\n\u{A0}\u{3000}]{0,3}"
}

/// One word: 1–10 non-white-space characters, some of them multi-byte.
fn word() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9?!,'éü日😀-]{1,10}"
}

fn wrap(core: String, before: String, after: String) -> String {
    format!("{before}{core}{after}")
}

fn words_joined(words: Vec<String>, separators: Vec<String>) -> String {
    let mut text = String::new();
    for (i, word) in words.into_iter().enumerate() {
        if i > 0 {
            text.push_str(separators.get(i).map_or(" ", String::as_str));
        }
        text.push_str(&word);
    }
    text
}

/// Questions of 3–10 words and at most 140 characters, possibly padded.
pub fn valid_question() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(word(), 3..=10),
        prop::collection::vec("[ \t\u{A0}]{1,2}", 10),
        padding(),
        padding(),
    )
        .prop_map(|(words, seps, before, after)| wrap(words_joined(words, seps), before, after))
}

/// Questions with fewer than 3 words, or with more than 140 characters.
pub fn invalid_question() -> impl Strategy<Value = String> {
    let too_few_words = (prop::collection::vec(word(), 0..=2), padding(), padding())
        .prop_map(|(words, before, after)| wrap(words.join(" "), before, after));
    let too_long = (
        prop::collection::vec("[a-zé日]{47,80}", 3..=5),
        padding(),
        padding(),
    )
        .prop_map(|(words, before, after)| wrap(words.join(" "), before, after))
        .prop_filter("longer than the limit", |q| {
            crate::text::char_count(crate::text::trim(q)) > QUESTION_MAX_CHARS
        });
    prop_oneof![too_few_words, too_long]
}

/// A non-white-space character.
fn solid() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9.é€😀]"
}

/// Replies of at least 30 characters after trimming.
pub fn valid_reply() -> impl Strategy<Value = String> {
    (
        solid(),
        "[a-zA-Z0-9 .,é€😀\n]{28,200}",
        solid(),
        padding(),
        padding(),
    )
        .prop_map(|(first, middle, last, before, after)| {
            wrap(format!("{first}{middle}{last}"), before, after)
        })
}

/// Replies of at most 29 characters after trimming.
pub fn invalid_reply() -> impl Strategy<Value = String> {
    ("[a-zA-Z0-9 .,é€😀]{0,29}", padding(), padding())
        .prop_map(|(core, before, after)| wrap(core, before, after))
        .prop_filter("shorter than the minimum", |r| {
            crate::text::char_count(crate::text::trim(r)) < REPLY_MIN_CHARS
        })
}

/// Six ASCII digits, possibly padded.
pub fn valid_one_time_code() -> impl Strategy<Value = String> {
    ("[0-9]{6}", padding(), padding()).prop_map(|(code, before, after)| wrap(code, before, after))
}

/// Codes of the wrong length, or six characters with a non-digit among them.
pub fn invalid_one_time_code() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{0,5}",
        "[0-9]{7,12}",
        ("[0-9]{5}", "[a-zA-Z٣ _.-]", 0..=5_usize).prop_map(|(digits, bad, at)| {
            let (before, after) = digits.split_at_checked(at).unwrap_or((&digits, ""));
            format!("{before}{bad}{after}")
        }),
    ]
}

/// Ten digits typed plain or with common separators and an optional `+1`.
pub fn valid_us_phone() -> impl Strategy<Value = String> {
    ("[0-9]{3}", "[0-9]{3}", "[0-9]{4}", 0..5_u8).prop_map(|(area, exchange, line, style)| {
        match style {
            0 => format!("{area}{exchange}{line}"),
            1 => format!("({area}) {exchange}-{line}"),
            2 => format!("{area}-{exchange}-{line}"),
            3 => format!("{area}.{exchange}.{line}"),
            _ => format!("+1 {area} {exchange} {line}"),
        }
    })
}

/// Numbers with 9 or fewer digits, 11 or more bare digits, or a letter.
pub fn invalid_us_phone() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{0,9}",
        "[0-9]{11,15}",
        "\\+1[0-9]{0,9}",
        ("[0-9]{3}", "[a-zA-Z#/]", "[0-9]{6}").prop_map(|(a, bad, b)| format!("{a}{bad}{b}")),
    ]
}

/// One domain label: 1–12 letters, digits and inner hyphens.
fn label() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9]([a-zA-Z0-9-]{0,10}[a-zA-Z0-9])?"
}

/// Addresses that follow the WHATWG rule with a dotted domain.
pub fn valid_guest_email() -> impl Strategy<Value = String> {
    (
        "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,20}",
        prop::collection::vec(label(), 2..=4),
        padding(),
    )
        .prop_map(|(local, labels, before)| format!("{before}{local}@{}", labels.join(".")))
}

/// Addresses that break exactly one part of the rule.
pub fn invalid_guest_email() -> impl Strategy<Value = String> {
    let local = "[a-zA-Z0-9._+-]{1,12}";
    prop_oneof![
        // No `@`.
        "[a-zA-Z0-9.]{0,20}",
        // Empty local part.
        prop::collection::vec(label(), 2..=3).prop_map(|l| format!("@{}", l.join("."))),
        // A forbidden character in the local part.
        (local, "[ ()<>\\[\\]:;,\"é]", label(), label())
            .prop_map(|(a, bad, d1, d2)| format!("{a}{bad}x@{d1}.{d2}")),
        // A single-label domain.
        (local, label()).prop_map(|(a, d)| format!("{a}@{d}")),
        // An empty label.
        (local, label()).prop_map(|(a, d)| format!("{a}@{d}..com")),
        // A label that starts with a hyphen.
        (local, label()).prop_map(|(a, d)| format!("{a}@-{d}.com")),
        // More than 254 characters.
        (local, "[a-z]{250,300}").prop_map(|(a, d)| format!("{a}@{d}.com")),
    ]
}

/// Feedback reasons whose cleaned text has at least 10 characters.
pub fn valid_feedback_reason() -> impl Strategy<Value = String> {
    ("[a-zA-Zé€]{10,40}", padding(), padding())
        .prop_map(|(core, before, after)| wrap(core, before, after))
}

/// Feedback reasons whose cleaned text has at most 9 characters.
pub fn invalid_feedback_reason() -> impl Strategy<Value = String> {
    (
        prop::collection::vec("[a-zé€]{1,2}", 0..=3),
        padding(),
        padding(),
    )
        .prop_map(|(words, before, after)| wrap(words.join(" \n  "), before, after))
}
