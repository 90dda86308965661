//! Property tests: no public function panics on arbitrary input, each
//! validator accepts exactly what its rule says (checked against independent
//! oracles written here), and the parsers round-trip with their printers.

use proptest::prelude::*;
use qna_validation::category::{Category, select_category};
use qna_validation::experts::{
    expert_fragment, expert_from_fragment, expert_scroll_target, experts_on_page,
    experts_page_count, hashtag_matches, next_experts_page,
};
use qna_validation::guest::{GuestEmail, OneTimeCode};
use qna_validation::helpful::{FeedbackReason, HelpfulVote, VoteRecord};
use qna_validation::links::{FullSlug, question_slug, report_abuse_link};
use qna_validation::listing::{SortKey, parse_page};
use qna_validation::profanity::profanity_message;
use qna_validation::question::{QuestionText, remaining_chars};
use qna_validation::reply::Reply;
use qna_validation::search::{SearchMode, search_mode};
use qna_validation::submit::SubmitGuard;
use qna_validation::text::{char_count, collapse_white_space, trim, word_count};
use qna_validation::text_message::{TextMessageOutcome, UsPhone};
use site_urls::encoding::percent_decode_component;
use site_urls::same_site::SameSitePath;
use site_urls::sign_up::join_light_link;

// --- Independent oracles -------------------------------------------------

/// Unicode `White_Space`, as code points.
const WHITE_SPACE: &[u32] = &[
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
];

fn ws(c: char) -> bool {
    WHITE_SPACE.contains(&u32::from(c))
}

/// Trimming by index search over a char vector.
fn oracle_trim(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    match (
        chars.iter().position(|&c| !ws(c)),
        chars.iter().rposition(|&c| !ws(c)),
    ) {
        (Some(first), Some(last)) => chars.iter().skip(first).take(last + 1 - first).collect(),
        _ => String::new(),
    }
}

/// Characters as UTF-8 lead bytes.
fn oracle_chars(s: &str) -> usize {
    s.bytes().filter(|b| b & 0xC0 != 0x80).count()
}

/// Words as white-space-to-solid transitions.
fn oracle_words(s: &str) -> usize {
    let mut words = 0;
    let mut in_word = false;
    for c in s.chars() {
        if ws(c) {
            in_word = false;
        } else if !in_word {
            in_word = true;
            words += 1;
        }
    }
    words
}

fn oracle_question(s: &str) -> bool {
    let t = oracle_trim(s);
    oracle_words(&t) >= 3 && oracle_chars(&t) <= 140
}

fn oracle_reply(s: &str) -> bool {
    oracle_chars(&oracle_trim(s)) >= 30
}

fn oracle_search(s: &str) -> bool {
    oracle_chars(&oracle_trim(s)) >= 2
}

fn oracle_code(s: &str) -> bool {
    let t = oracle_trim(s);
    t.len() == 6 && t.bytes().all(|b| b.wrapping_sub(b'0') < 10)
}

fn oracle_phone(s: &str) -> bool {
    let kept: Vec<u8> = s
        .chars()
        .filter(|&c| !(ws(c) || "-.()".contains(c)))
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'x'))
        .collect();
    let number = match kept.as_slice() {
        [b'+', b'1', rest @ ..] => rest,
        other => other,
    };
    number.len() == 10 && number.iter().all(u8::is_ascii_digit)
}

/// The feedback reason length by arithmetic over the words.
fn oracle_feedback(s: &str) -> bool {
    let words: Vec<&str> = s.split(ws).filter(|w| !w.is_empty()).collect();
    let letters: usize = words.iter().map(|w| oracle_chars(w)).sum();
    let cleaned = letters + words.len().saturating_sub(1);
    cleaned >= 10
}

/// The e-mail rule as a character-by-character state machine.
fn oracle_email(raw: &str) -> bool {
    enum State {
        LocalStart,
        Local,
        LabelStart,
        Label { len: usize, last_solid: bool },
    }
    let s = oracle_trim(raw);
    if oracle_chars(&s) > 254 {
        return false;
    }
    let local_punct = ".!#$%&'*+/=?^_`{|}~-";
    let mut state = State::LocalStart;
    let mut dots = 0;
    for c in s.chars() {
        state = match state {
            State::LocalStart | State::Local => {
                if c.is_ascii_alphanumeric() || local_punct.contains(c) {
                    State::Local
                } else if c == '@' && matches!(state, State::Local) {
                    State::LabelStart
                } else {
                    return false;
                }
            }
            State::LabelStart => {
                if c.is_ascii_alphanumeric() {
                    State::Label {
                        len: 1,
                        last_solid: true,
                    }
                } else {
                    return false;
                }
            }
            State::Label { len, last_solid } => {
                if c.is_ascii_alphanumeric() || c == '-' {
                    if len == 63 {
                        return false;
                    }
                    State::Label {
                        len: len + 1,
                        last_solid: c != '-',
                    }
                } else if c == '.' && last_solid {
                    dots += 1;
                    State::LabelStart
                } else {
                    return false;
                }
            }
        };
    }
    matches!(
        state,
        State::Label {
            last_solid: true,
            ..
        }
    ) && dots >= 1
}

fn oracle_page(value: Option<&str>) -> u32 {
    let Some(t) = value.map(oracle_trim) else {
        return 1;
    };
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return 1;
    }
    let significant = t.trim_start_matches('0');
    if significant.is_empty() || significant.len() > 5 {
        return 1;
    }
    let n = significant
        .bytes()
        .fold(0_u32, |n, digit| n * 10 + u32::from(digit - b'0'));
    if n <= 10_000 { n } else { 1 }
}

// --- Input strategies ----------------------------------------------------

/// Text made of words and white space of many kinds, with multi-byte characters.
fn texty() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-z é😀日\t\n\u{A0}\u{85}\u{FEFF}\u{3000}\u{2028}]{0,160}",
        "( ?[a-zé😀\u{FEFF}]{1,70}){0,4}[ \u{85}]?",
        "[ \u{A0}]{0,3}([a-zA-Z0-9?é]{1,12}[ \t]{1,2}){0,15}[ \u{3000}]{0,3}",
    ]
}

fn emailish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z0-9.@_+ é-]{0,30}",
        " ?[a-z.+!{]{0,5}@[a-z0-9-]{0,5}(\\.[a-z0-9-]{0,5}){0,3} ?",
        "[a-z]{1,3}@[a-z]{60,66}\\.[a-z]{1,3}",
        "[a-z]{1,3}@([a-z]{60}\\.){3}[a-z]{8,12}",
    ]
}

fn phoneish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9 ().+-]{0,20}",
        "\\+?1?[ (]{0,2}[0-9]{3}[ ).-]{0,2}[0-9]{3}[ .-]?[0-9]{3,5}",
        "[0-9a\u{A0}\u{FF15}]{8,12}",
    ]
}

fn codeish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \u{A0}]{0,2}[0-9]{4,8}[ \n]{0,2}",
        "[0-9a ٣.]{5,7}",
    ]
}

// --- Properties ----------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn no_public_function_panics_on_arbitrary_text(s in any::<String>(), n in any::<u64>(), i in any::<i64>()) {
        let _ = QuestionText::parse(&s);
        let _ = remaining_chars(&s);
        let _ = Reply::parse(&s);
        let _ = GuestEmail::parse_optional(&s);
        let _ = OneTimeCode::parse(&s);
        let _ = search_mode(&s);
        let _ = UsPhone::parse(&s);
        let _ = FeedbackReason::parse(&s);
        let _ = TextMessageOutcome::from_response(n % 2 == 0, std::slice::from_ref(&s));
        let _ = profanity_message(&s);
        let _ = question_slug(&s);
        let _ = FullSlug::parse(&s);
        let _ = FullSlug::new(&s, n).link();
        let _ = report_abuse_link(&s, n);
        let _ = join_light_link(&s, &s);
        let _ = SortKey::from_param(Some(&s));
        let _ = parse_page(Some(&s));
        let _ = hashtag_matches(&s, &s);
        let _ = expert_fragment(&s);
        let _ = expert_from_fragment(&s);
        let _ = expert_scroll_target(i);
        let _ = VoteRecord::new(&s, HelpfulVote::Helpful, i).vote_for(&s, i.wrapping_neg());
        let _ = select_category(&[Category { id: n, name: s.clone() }], Some(n ^ 1));
    }

    #[test]
    fn no_paging_function_panics_on_huge_numbers(a in any::<usize>(), b in any::<usize>(), c in any::<usize>()) {
        let _ = experts_page_count(b, c);
        let _ = next_experts_page(a, b, c);
        let range = experts_on_page(a, b, c);
        prop_assert!(range.start <= range.end && range.end <= b);
    }

    #[test]
    fn trim_chars_and_words_agree_with_the_oracles(s in texty()) {
        prop_assert_eq!(trim(&s), oracle_trim(&s));
        prop_assert_eq!(char_count(&s), oracle_chars(&s));
        prop_assert_eq!(word_count(&s), oracle_words(&s));
    }

    #[test]
    fn question_is_accepted_exactly_by_its_rule(s in texty()) {
        let parsed = QuestionText::parse(&s);
        prop_assert_eq!(parsed.is_ok(), oracle_question(&s));
        if let Ok(q) = parsed {
            prop_assert_eq!(q.as_str(), oracle_trim(&s));
        }
    }

    #[test]
    fn remaining_counter_is_non_negative_exactly_when_length_is_allowed(s in texty()) {
        let remaining = remaining_chars(&s);
        prop_assert_eq!(remaining >= 0, oracle_chars(&oracle_trim(&s)) <= 140);
        prop_assert_eq!(remaining, 140 - i64::try_from(oracle_chars(&oracle_trim(&s))).unwrap());
    }

    #[test]
    fn reply_is_accepted_exactly_by_its_rule(s in texty()) {
        prop_assert_eq!(Reply::parse(&s).is_ok(), oracle_reply(&s));
    }

    #[test]
    fn search_starts_exactly_at_two_characters(s in texty()) {
        let searching = matches!(search_mode(&s), SearchMode::Search(_));
        prop_assert_eq!(searching, oracle_search(&s));
    }

    #[test]
    fn feedback_reason_is_accepted_exactly_by_its_rule(s in texty()) {
        let parsed = FeedbackReason::parse(&s);
        prop_assert_eq!(parsed.is_ok(), oracle_feedback(&s));
        prop_assert_eq!(collapse_white_space(&s), collapse_white_space(&collapse_white_space(&s)));
    }

    #[test]
    fn one_time_code_is_accepted_exactly_by_its_rule(s in codeish()) {
        prop_assert_eq!(OneTimeCode::parse(&s).is_ok(), oracle_code(&s));
    }

    #[test]
    fn phone_is_accepted_exactly_by_its_rule(s in phoneish()) {
        let parsed = UsPhone::parse(&s);
        prop_assert_eq!(parsed.is_ok(), oracle_phone(&s));
        if let Ok(phone) = parsed {
            prop_assert_eq!(phone.digits().len(), 10);
        }
    }

    #[test]
    fn email_is_accepted_exactly_by_its_rule(s in emailish()) {
        prop_assert_eq!(GuestEmail::parse(&s).is_ok(), oracle_email(&s));
    }

    #[test]
    fn page_is_read_exactly_by_its_rule(s in prop_oneof![any::<String>(), "[ 0-9+-]{0,8}", "0{0,3}[0-9]{4,6}"]) {
        prop_assert_eq!(parse_page(Some(&s)), oracle_page(Some(&s)));
    }

    #[test]
    fn slugs_are_canonical_capped_and_stable(title in texty()) {
        let slug = question_slug(&title);
        prop_assert!(!slug.is_empty() && slug.len() <= 80);
        prop_assert!(slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));
        prop_assert!(!slug.starts_with('-') && !slug.ends_with('-') && !slug.contains("--"));
        prop_assert_eq!(question_slug(&slug), slug);
    }

    #[test]
    fn full_slug_round_trips_from_title_and_id(title in texty(), id in any::<u64>()) {
        let full = FullSlug::new(&title, id);
        prop_assert_eq!(FullSlug::parse(&full.to_string()), Ok(full.clone()));
        prop_assert_eq!(full.link(), format!("/answers/{}", full));
    }

    #[test]
    fn parsed_full_slug_prints_back_to_its_input(s in prop_oneof![any::<String>(), "[a-z0-9-]{0,12}-[0-9]{0,22}"]) {
        if let Ok(full) = FullSlug::parse(&s) {
            prop_assert_eq!(full.to_string(), s);
        }
    }

    #[test]
    fn join_light_link_ref_is_always_a_same_site_path(
        address in prop_oneof![
            any::<String>(),
            "(https://site\\.test|HTTPS://SITE\\.TEST|https://evil\\.test|//evil\\.test|https://site\\.test\\.evil)?[/?#:%a-z]{0,12}",
        ]
    ) {
        let link = join_light_link("https://site.test", &address);
        let encoded = link.strip_prefix("/join/light?ref=");
        prop_assert!(encoded.is_some(), "{}", link);
        let decoded = encoded.and_then(percent_decode_component).unwrap_or_default();
        prop_assert!(SameSitePath::parse(&decoded).is_ok(), "{:?} gave {}", address, link);
    }

    #[test]
    fn expert_deep_link_round_trips(tag in "#?[a-zA-Z0-9 &=#é]{1,20}") {
        let stripped = tag.strip_prefix('#').unwrap_or(&tag).to_owned();
        let expected = (!stripped.is_empty()).then_some(stripped);
        prop_assert_eq!(expert_from_fragment(&expert_fragment(&tag)), expected);
    }

    #[test]
    fn hashtags_match_themselves_with_or_without_hash_and_in_lowercase(tag in "[^#]\\PC{0,15}") {
        prop_assert!(hashtag_matches(&tag, &tag));
        let with_hash = format!("#{}", tag);
        prop_assert!(hashtag_matches(&with_hash, &tag));
        prop_assert!(hashtag_matches(&tag, &with_hash));
        prop_assert!(hashtag_matches(&tag, &tag.to_lowercase()));
    }

    #[test]
    fn experts_pages_cover_the_list_once_and_more_cycles(total in 0_usize..200, per_page in 0_usize..20) {
        let pages = experts_page_count(total, per_page);
        let mut covered = 0;
        for page in 1..=pages {
            let range = experts_on_page(page, total, per_page);
            prop_assert_eq!(range.start, covered);
            prop_assert!(!range.is_empty());
            covered = range.end;
        }
        prop_assert_eq!(covered, total);
        let mut page = 1;
        for _ in 0..pages {
            page = next_experts_page(page, total, per_page);
        }
        prop_assert_eq!(page, 1);
        prop_assert!(experts_on_page(pages + 1, total, per_page).is_empty());
    }

    #[test]
    fn vote_is_remembered_for_seven_days_exactly(at in any::<i64>(), now in any::<i64>(), same_page in any::<bool>()) {
        let record = VoteRecord::new("/page", HelpfulVote::NotHelpful, at);
        let address = if same_page { "/page?x#y" } else { "/other" };
        let remembered = same_page && i128::from(now) - i128::from(at) < 604_800_000;
        prop_assert_eq!(record.vote_for(address, now).is_some(), remembered);
    }

    #[test]
    fn vote_is_remembered_exactly_while_younger_than_seven_days(
        at in -1_000_000_000_000_000_i64..1_000_000_000_000_000,
        age in -2 * 604_800_000_i64..2 * 604_800_000,
    ) {
        let record = VoteRecord::new("/page", HelpfulVote::Helpful, at);
        prop_assert_eq!(record.vote_for("/page", at + age).is_some(), age < 604_800_000);
    }

    #[test]
    fn submit_guard_lets_one_save_run_at_a_time(steps in prop::collection::vec(any::<bool>(), 0..40)) {
        let mut guard = SubmitGuard::new();
        let mut saving = false;
        for begin in steps {
            if begin {
                prop_assert_eq!(guard.begin().is_ok(), !saving);
                saving = true;
            } else {
                guard.finish();
                saving = false;
            }
            prop_assert_eq!(guard.is_saving(), saving);
        }
    }
}

#[cfg(feature = "proptest")]
mod strategies {
    use proptest::prelude::*;
    use qna_validation::arbitrary;

    use super::*;

    proptest! {
        #[test]
        fn valid_questions_are_accepted(s in arbitrary::valid_question()) {
            prop_assert!(QuestionText::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_questions_are_rejected(s in arbitrary::invalid_question()) {
            prop_assert!(QuestionText::parse(&s).is_err(), "{:?}", s);
        }

        #[test]
        fn valid_replies_are_accepted(s in arbitrary::valid_reply()) {
            prop_assert!(Reply::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_replies_are_rejected(s in arbitrary::invalid_reply()) {
            prop_assert!(Reply::parse(&s).is_err(), "{:?}", s);
        }

        #[test]
        fn valid_codes_are_accepted(s in arbitrary::valid_one_time_code()) {
            prop_assert!(OneTimeCode::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_codes_are_rejected(s in arbitrary::invalid_one_time_code()) {
            prop_assert!(OneTimeCode::parse(&s).is_err(), "{:?}", s);
        }

        #[test]
        fn valid_phones_are_accepted(s in arbitrary::valid_us_phone()) {
            prop_assert!(UsPhone::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_phones_are_rejected(s in arbitrary::invalid_us_phone()) {
            prop_assert!(UsPhone::parse(&s).is_err(), "{:?}", s);
        }

        #[test]
        fn valid_emails_are_accepted(s in arbitrary::valid_guest_email()) {
            prop_assert!(GuestEmail::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_emails_are_rejected(s in arbitrary::invalid_guest_email()) {
            prop_assert!(GuestEmail::parse(&s).is_err(), "{:?}", s);
        }

        #[test]
        fn valid_feedback_reasons_are_accepted(s in arbitrary::valid_feedback_reason()) {
            prop_assert!(FeedbackReason::parse(&s).is_ok(), "{:?}", s);
        }

        #[test]
        fn invalid_feedback_reasons_are_rejected(s in arbitrary::invalid_feedback_reason()) {
            prop_assert!(FeedbackReason::parse(&s).is_err(), "{:?}", s);
        }
    }
}
