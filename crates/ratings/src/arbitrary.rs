//! Proptest strategies for the crate's values, for property suites here and in other
//! crates (feature `proptest`).
//!
//! Valid values only: every strategy yields values the crate's constructors accept.

use proptest::{collection::vec, option, prelude::*};
use rust_decimal::Decimal;

use crate::{
    memory::RememberedVote,
    rating::Rating,
    star_count::StarCount,
    vote::{VoteContext, VoteEvent, VoteResponse, VoteState},
};

/// Any rating, with 0 to 6 decimal places, including both ends of the scale.
pub fn rating() -> impl Strategy<Value = Rating> {
    (0_u32..=6).prop_flat_map(|scale| {
        let top = 5 * 10_i64.pow(scale);
        prop_oneof![
            1 => Just(Rating::ZERO),
            1 => Just(Rating::MAX),
            8 => (0..=top).prop_map(move |mantissa| Rating::clamped(Decimal::new(mantissa, scale))),
        ]
    })
}

/// Any star count, 1 to 5.
pub fn star_count() -> impl Strategy<Value = StarCount> {
    proptest::sample::select(StarCount::ALL.to_vec())
}

/// Any session context (delegated or not, native app or not).
pub fn vote_context() -> impl Strategy<Value = VoteContext> {
    (any::<bool>(), any::<bool>()).prop_map(|(delegated_session, native_app)| VoteContext {
        delegated_session,
        native_app,
    })
}

/// Any remembered vote, with any timestamp.
pub fn remembered_vote() -> impl Strategy<Value = RememberedVote> {
    (star_count(), any::<i64>())
        .prop_map(|(stars, voted_at_ms)| RememberedVote { stars, voted_at_ms })
}

/// Any response of the rating call, leaning towards the messages and addresses the rules
/// look at ("logged out", same-site paths).
pub fn vote_response() -> impl Strategy<Value = VoteResponse> {
    let message = option::of(prop_oneof![
        Just("logged out".to_owned()),
        Just(" Logged Out ".to_owned()),
        any::<String>(),
    ]);
    let redirect = option::of(prop_oneof![
        Just("/login".to_owned()),
        Just(String::new()),
        any::<String>(),
    ]);
    (
        (any::<bool>(), any::<bool>(), message, redirect),
        (
            option::of(any::<String>()),
            option::of(any::<u64>()),
            option::of(any::<u64>()),
            option::of(rating()),
        ),
    )
        .prop_map(
            |((error, guest, message, redirect_url), (uid, reviews, total, rating))| VoteResponse {
                error,
                guest,
                message,
                redirect_url,
                uid,
                reviews,
                total,
                rating,
            },
        )
}

/// Any widget state that [`crate::vote::next`] can reach (a change prompt never offers
/// the stored vote).
pub fn vote_state() -> impl Strategy<Value = VoteState> {
    prop_oneof![
        Just(VoteState::NotVoted),
        star_count().prop_map(|stars| VoteState::Voted { stars }),
        (star_count(), option::of(star_count()))
            .prop_filter(
                "a change differs from the stored vote",
                |(chosen, previous)| { *previous != Some(*chosen) }
            )
            .prop_map(|(chosen, previous)| VoteState::Voting { chosen, previous }),
        (star_count(), star_count())
            .prop_filter(
                "a change differs from the stored vote",
                |(previous, chosen)| { previous != chosen }
            )
            .prop_map(|(previous, chosen)| VoteState::ConfirmingChange { previous, chosen }),
    ]
}

/// Any event.
pub fn vote_event() -> impl Strategy<Value = VoteEvent> {
    prop_oneof![
        3 => star_count().prop_map(|stars| VoteEvent::Choose { stars }),
        1 => Just(VoteEvent::ConfirmChange),
        1 => Just(VoteEvent::KeepExisting),
        2 => (vote_response(), any::<bool>()).prop_map(|(response, redirect_is_same_site)| {
            VoteEvent::Answered {
                response,
                redirect_is_same_site,
            }
        }),
        1 => Just(VoteEvent::Failed),
    ]
}

/// Sequences of up to 12 events.
pub fn vote_events() -> impl Strategy<Value = Vec<VoteEvent>> {
    vec(vote_event(), 0..12)
}
