use proptest::prelude::*;

use super::*;

const DAY: i64 = 24 * 60 * 60 * 1000;

fn check(input: &str, expected: Result<&str, FeedbackReasonError>) {
    let actual = FeedbackReason::parse(input);
    assert_eq!(
        actual.as_ref().map(FeedbackReason::as_str),
        expected.as_ref().map(|s| *s),
        "input {input:?}"
    );
}

#[test]
fn reason_of_10_characters_is_accepted() {
    check("0123456789", Ok("0123456789"));
}

#[test]
fn reason_of_9_characters_is_rejected() {
    check("012345678", Err(FeedbackReasonError::TooShort { chars: 9 }));
}

#[test]
fn reason_of_11_characters_is_accepted() {
    check("01234567890", Ok("01234567890"));
}

#[test]
fn inner_white_space_runs_count_as_one_space() {
    check("abcd    efghi", Ok("abcd efghi"));
    check(
        "abcd    efgh",
        Err(FeedbackReasonError::TooShort { chars: 9 }),
    );
    check("abcd \n\t efghi", Ok("abcd efghi"));
}

#[test]
fn surrounding_white_space_does_not_count() {
    check(
        "   abcdefghi   ",
        Err(FeedbackReasonError::TooShort { chars: 9 }),
    );
}

#[test]
fn blank_reason_is_rejected_with_zero_characters() {
    check(" \n ", Err(FeedbackReasonError::TooShort { chars: 0 }));
}

#[test]
fn multi_byte_characters_count_once() {
    check("ééééééééé", Err(FeedbackReasonError::TooShort { chars: 9 }));
    check("éééééééééé", Ok("éééééééééé"));
}

#[test]
fn reason_error_displays_the_decided_message() {
    assert_eq!(
        FeedbackReasonError::TooShort { chars: 1 }.to_string(),
        "Content must have at least 10 characters."
    );
}

#[test]
fn votes_are_stored_as_one_and_zero() {
    assert_eq!(HelpfulVote::Helpful.value(), 1);
    assert_eq!(HelpfulVote::NotHelpful.value(), 0);
    assert_eq!(serde_json::to_string(&HelpfulVote::Helpful).unwrap(), "1");
    assert_eq!(
        serde_json::from_str::<HelpfulVote>("0").unwrap(),
        HelpfulVote::NotHelpful
    );
}

#[test]
fn other_stored_values_are_refused() {
    assert_eq!(
        HelpfulVote::try_from(2),
        Err(HelpfulVoteError::UnknownValue { value: 2 })
    );
    assert!(serde_json::from_str::<HelpfulVote>("2").is_err());
}

#[test]
fn vote_is_remembered_just_before_seven_days() {
    let record = VoteRecord::new("/a", HelpfulVote::NotHelpful, 1_000);
    assert_eq!(
        record.vote_for("/a", 1_000 + 7 * DAY - 1),
        Some(HelpfulVote::NotHelpful)
    );
}

#[test]
fn vote_is_forgotten_at_seven_days() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 1_000);
    assert_eq!(record.vote_for("/a", 1_000 + 7 * DAY), None);
    assert_eq!(record.vote_for("/a", 1_000 + 7 * DAY + 1), None);
}

#[test]
fn vote_memory_is_604800000_milliseconds() {
    assert_eq!(HELPFUL_VOTE_MEMORY_MS, 604_800_000);
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 0);
    assert_eq!(record.expires_at_ms(), 604_800_000);
}

#[test]
fn vote_cast_just_now_is_remembered() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 1_000);
    assert_eq!(record.vote_for("/a", 1_000), Some(HelpfulVote::Helpful));
}

#[test]
fn vote_is_remembered_when_the_clock_went_back() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 10 * DAY);
    assert_eq!(record.vote_for("/a", 0), Some(HelpfulVote::Helpful));
}

#[test]
fn vote_stamped_one_millisecond_in_the_future_is_remembered() {
    let record = VoteRecord::new("/a", HelpfulVote::NotHelpful, 1_001);
    assert_eq!(record.vote_for("/a", 1_000), Some(HelpfulVote::NotHelpful));
}

#[test]
fn vote_memory_is_the_shared_lifetime_rule_with_seven_days() {
    for (voted_at, now) in [(0, 0), (0, 7 * DAY - 1), (0, 7 * DAY), (5, 0)] {
        let record = VoteRecord::new("/a", HelpfulVote::Helpful, voted_at);
        assert_eq!(
            record.is_remembered_at(now),
            visitor_state::lifetime::is_live(voted_at, now, HELPFUL_VOTE_MEMORY_MS),
            "voted at {voted_at}, now {now}"
        );
    }
}

#[test]
fn vote_is_per_page() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 0);
    assert_eq!(record.vote_for("/b", 1), None);
    assert_eq!(record.vote_for("/a/", 1), None);
}

#[test]
fn query_and_hash_do_not_change_the_page() {
    let record = VoteRecord::new("https://x.test/a?utm=1#top", HelpfulVote::Helpful, 0);
    assert_eq!(record.page, "https://x.test/a");
    assert_eq!(
        record.vote_for("https://x.test/a#reviews", 1),
        Some(HelpfulVote::Helpful)
    );
}

#[test]
fn expiry_saturates_instead_of_overflowing() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, i64::MAX);
    assert_eq!(record.expires_at_ms(), i64::MAX);
    assert_eq!(record.vote_for("/a", i64::MAX), Some(HelpfulVote::Helpful));
}

#[test]
fn extreme_timestamps_do_not_overflow() {
    let old = VoteRecord::new("/a", HelpfulVote::Helpful, i64::MIN);
    assert_eq!(old.vote_for("/a", i64::MAX), None);
    let future = VoteRecord::new("/a", HelpfulVote::Helpful, i64::MAX);
    assert_eq!(future.vote_for("/a", i64::MIN), Some(HelpfulVote::Helpful));
}

#[test]
fn vote_record_uses_camel_case_json() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, 5);
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        r#"{"page":"/a","vote":1,"votedAtMs":5}"#
    );
}

#[test]
fn every_stored_byte_is_a_vote_exactly_when_it_is_zero_or_one() {
    for value in 0..=u8::MAX {
        match HelpfulVote::try_from(value) {
            Ok(vote) => {
                assert!(value <= 1, "{value}");
                assert_eq!(u8::from(vote), value);
                assert_eq!(vote.is_helpful(), value == 1);
            }
            Err(error) => {
                assert!(value > 1, "{value}");
                assert_eq!(error, HelpfulVoteError::UnknownValue { value });
            }
        }
    }
}

#[test]
fn expiry_of_the_earliest_vote_is_seven_days_after_it() {
    let record = VoteRecord::new("/a", HelpfulVote::Helpful, i64::MIN);
    assert_eq!(record.expires_at_ms(), i64::MIN + 7 * DAY);
}

// Properties.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_stored_byte_reads_as_a_vote_only_when_it_is_zero_or_one(value in any::<u8>()) {
        let vote = HelpfulVote::try_from(value);
        prop_assert_eq!(vote.is_ok(), value <= 1);
        prop_assert_eq!(vote.map(u8::from), if value <= 1 { Ok(value) } else { Err(HelpfulVoteError::UnknownValue { value }) });
    }

    #[test]
    fn expiry_is_seven_days_after_the_vote_saturating_at_the_last_instant(
        voted_at in prop_oneof![
            any::<i64>(),
            Just(i64::MIN),
            Just(i64::MAX),
            (i64::MAX - 2 * HELPFUL_VOTE_MEMORY_MS)..=i64::MAX,
        ],
    ) {
        let record = VoteRecord::new("/a", HelpfulVote::Helpful, voted_at);
        let expires = record.expires_at_ms();
        let exact = i128::from(voted_at) + i128::from(HELPFUL_VOTE_MEMORY_MS);
        prop_assert_eq!(i128::from(expires), exact.min(i128::from(i64::MAX)));
        prop_assert!(expires >= voted_at);
        if i128::from(expires) == exact {
            // Not saturated: the vote is forgotten exactly at its expiry.
            prop_assert!(!record.is_remembered_at(expires));
            prop_assert!(record.is_remembered_at(expires - 1));
        } else {
            prop_assert!(record.is_remembered_at(expires));
        }
    }
}
