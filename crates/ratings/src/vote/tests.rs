use proptest::prelude::*;
use rust_decimal_macros::dec;

use super::*;
use crate::{arbitrary, constants::VOTE_MEMORY_MS};

const WEB: VoteContext = VoteContext {
    delegated_session: false,
    native_app: false,
};

const APP: VoteContext = VoteContext {
    delegated_session: false,
    native_app: true,
};

const DELEGATED: VoteContext = VoteContext {
    delegated_session: true,
    native_app: false,
};

fn choose(stars: StarCount) -> VoteEvent {
    VoteEvent::Choose { stars }
}

fn answered(response: VoteResponse, redirect_is_same_site: bool) -> VoteEvent {
    VoteEvent::Answered {
        response,
        redirect_is_same_site,
    }
}

fn voting(chosen: StarCount, previous: Option<StarCount>) -> VoteState {
    VoteState::Voting { chosen, previous }
}

fn voted(stars: StarCount) -> VoteState {
    VoteState::Voted { stars }
}

fn check(
    state: VoteState,
    event: VoteEvent,
    context: VoteContext,
    expected_state: VoteState,
    expected_effects: Vec<VoteEffect>,
) {
    assert_eq!(
        next(state, &event, &context),
        Transition {
            state: expected_state,
            effects: expected_effects,
        },
        "{state:?} + {event:?}"
    );
}

fn error_response() -> VoteResponse {
    VoteResponse {
        error: true,
        ..VoteResponse::default()
    }
}

fn logged_out(redirect_url: &str) -> VoteResponse {
    VoteResponse {
        error: true,
        message: Some("logged out".to_owned()),
        redirect_url: Some(redirect_url.to_owned()),
        ..VoteResponse::default()
    }
}

fn thank_you() -> VoteEffect {
    VoteEffect::ShowThankYou {
        duration_ms: THANK_YOU_POPUP_MS,
    }
}

// Starting state.

#[test]
fn a_fresh_remembered_vote_starts_as_voted() {
    let vote = RememberedVote {
        stars: StarCount::FOUR,
        voted_at_ms: 0,
    };
    assert_eq!(
        VoteState::initial(Some(&vote), VOTE_MEMORY_MS - 1),
        voted(StarCount::FOUR)
    );
}

#[test]
fn an_expired_remembered_vote_starts_as_not_voted() {
    let vote = RememberedVote {
        stars: StarCount::FOUR,
        voted_at_ms: 0,
    };
    assert_eq!(
        VoteState::initial(Some(&vote), VOTE_MEMORY_MS),
        VoteState::NotVoted
    );
}

#[test]
fn a_remembered_vote_stamped_in_the_future_starts_as_voted() {
    let vote = RememberedVote {
        stars: StarCount::FOUR,
        voted_at_ms: 1_000,
    };
    assert_eq!(VoteState::initial(Some(&vote), 0), voted(StarCount::FOUR));
}

#[test]
fn no_remembered_vote_starts_as_not_voted() {
    assert_eq!(VoteState::initial(None, 0), VoteState::NotVoted);
}

// Choosing.

#[test]
fn a_first_choice_sends_the_vote_and_shows_the_spinner() {
    check(
        VoteState::NotVoted,
        choose(StarCount::THREE),
        WEB,
        voting(StarCount::THREE, None),
        vec![VoteEffect::SendVote {
            stars: StarCount::THREE,
        }],
    );
}

#[test]
fn choosing_the_stored_vote_again_is_not_re_sent() {
    check(
        voted(StarCount::FOUR),
        choose(StarCount::FOUR),
        WEB,
        voted(StarCount::FOUR),
        vec![],
    );
}

#[test]
fn choosing_a_different_star_offers_the_change_prompt() {
    check(
        voted(StarCount::FOUR),
        choose(StarCount::ONE),
        WEB,
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        vec![VoteEffect::ShowChangePrompt {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        }],
    );
}

#[test]
fn confirming_the_change_sends_the_new_vote() {
    check(
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        VoteEvent::ConfirmChange,
        WEB,
        voting(StarCount::ONE, Some(StarCount::FOUR)),
        vec![VoteEffect::SendVote {
            stars: StarCount::ONE,
        }],
    );
}

#[test]
fn keeping_the_existing_rating_sends_nothing() {
    check(
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        VoteEvent::KeepExisting,
        WEB,
        voted(StarCount::FOUR),
        vec![],
    );
}

#[test]
fn choosing_another_star_during_the_prompt_updates_it() {
    check(
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        choose(StarCount::TWO),
        WEB,
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::TWO,
        },
        vec![VoteEffect::ShowChangePrompt {
            previous: StarCount::FOUR,
            chosen: StarCount::TWO,
        }],
    );
}

#[test]
fn choosing_the_stored_vote_during_the_prompt_closes_it() {
    check(
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        choose(StarCount::FOUR),
        WEB,
        voted(StarCount::FOUR),
        vec![],
    );
}

#[test]
fn choosing_while_voting_is_ignored() {
    check(
        voting(StarCount::THREE, None),
        choose(StarCount::FIVE),
        WEB,
        voting(StarCount::THREE, None),
        vec![],
    );
}

#[test]
fn confirm_and_keep_outside_the_prompt_are_ignored() {
    for event in [VoteEvent::ConfirmChange, VoteEvent::KeepExisting] {
        check(
            voted(StarCount::TWO),
            event,
            WEB,
            voted(StarCount::TWO),
            vec![],
        );
    }
}

// Delegated sessions.

#[test]
fn a_delegated_session_gets_the_alert_and_the_vote_is_not_sent() {
    check(
        VoteState::NotVoted,
        choose(StarCount::FIVE),
        DELEGATED,
        VoteState::NotVoted,
        vec![VoteEffect::ShowPermissionAlert],
    );
}

#[test]
fn a_delegated_session_cannot_confirm_a_change() {
    check(
        VoteState::ConfirmingChange {
            previous: StarCount::FOUR,
            chosen: StarCount::ONE,
        },
        VoteEvent::ConfirmChange,
        DELEGATED,
        voted(StarCount::FOUR),
        vec![VoteEffect::ShowPermissionAlert],
    );
}

#[test]
fn the_permission_alert_carries_the_spec_message() {
    assert_eq!(
        VoteEffect::ShowPermissionAlert.message(),
        Some("Oops. You don't have permission to make edits on this account.")
    );
}

// Server answers (site-core §8 rating outcomes).

#[test]
fn a_successful_answer_remembers_the_vote_and_thanks_the_visitor() {
    check(
        voting(StarCount::FIVE, None),
        answered(VoteResponse::default(), false),
        WEB,
        voted(StarCount::FIVE),
        vec![
            VoteEffect::RememberVote {
                stars: StarCount::FIVE,
            },
            thank_you(),
        ],
    );
}

#[test]
fn a_successful_answer_with_totals_updates_the_summary() {
    let response = VoteResponse {
        rating: Some(Rating::clamped(dec!(4.2))),
        total: Some(31),
        ..VoteResponse::default()
    };
    check(
        voting(StarCount::FIVE, None),
        answered(response, false),
        WEB,
        voted(StarCount::FIVE),
        vec![
            VoteEffect::RememberVote {
                stars: StarCount::FIVE,
            },
            VoteEffect::UpdateSummary {
                rating: Some(Rating::clamped(dec!(4.2))),
                votes: Some(31),
            },
            thank_you(),
        ],
    );
}

#[test]
fn the_thank_you_popup_shows_eight_seconds_with_the_spec_message() {
    assert_eq!(thank_you().message(), Some("Thanks for your rating!"));
    assert_eq!(THANK_YOU_POPUP_MS, 8_000);
}

#[test]
fn an_error_with_the_guest_flag_opens_light_sign_up() {
    let response = VoteResponse {
        guest: true,
        ..error_response()
    };
    check(
        voting(StarCount::TWO, None),
        answered(response, false),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie, VoteEffect::OpenLightSignUp],
    );
}

#[test]
fn an_error_with_the_guest_flag_in_the_app_raises_the_native_event() {
    let response = VoteResponse {
        guest: true,
        ..error_response()
    };
    check(
        voting(StarCount::TWO, None),
        answered(response, false),
        APP,
        VoteState::NotVoted,
        vec![
            VoteEffect::ClearTrackingCookie,
            VoteEffect::RaiseNativeSessionEvent,
        ],
    );
}

#[test]
fn logged_out_with_a_same_site_redirect_navigates_there() {
    check(
        voting(StarCount::TWO, None),
        answered(logged_out("/login?next=/d/card"), true),
        WEB,
        VoteState::NotVoted,
        vec![
            VoteEffect::ClearTrackingCookie,
            VoteEffect::Navigate {
                url: "/login?next=/d/card".to_owned(),
            },
        ],
    );
}

#[test]
fn logged_out_is_matched_ignoring_case_and_spaces() {
    let response = VoteResponse {
        message: Some("  Logged Out ".to_owned()),
        ..logged_out("/login")
    };
    assert!(response.is_logged_out());
}

#[test]
fn logged_out_with_a_foreign_redirect_stays_on_the_page() {
    check(
        voting(StarCount::TWO, None),
        answered(logged_out("https://elsewhere.example/"), false),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn logged_out_with_an_empty_redirect_stays_on_the_page() {
    check(
        voting(StarCount::TWO, None),
        answered(logged_out("  "), true),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn another_error_message_with_a_redirect_does_not_navigate() {
    let response = VoteResponse {
        message: Some("banned".to_owned()),
        ..logged_out("/login")
    };
    check(
        voting(StarCount::TWO, None),
        answered(response, true),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn a_plain_error_clears_the_tracking_cookie_and_stays() {
    check(
        voting(StarCount::TWO, None),
        answered(error_response(), false),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn a_failed_change_keeps_the_stored_vote() {
    check(
        voting(StarCount::TWO, Some(StarCount::FIVE)),
        answered(error_response(), false),
        WEB,
        voted(StarCount::FIVE),
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn a_rejected_request_clears_the_tracking_cookie_and_stays() {
    check(
        voting(StarCount::TWO, None),
        VoteEvent::Failed,
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::ClearTrackingCookie],
    );
}

#[test]
fn a_non_error_guest_answer_opens_light_sign_up() {
    let response = VoteResponse {
        guest: true,
        ..VoteResponse::default()
    };
    check(
        voting(StarCount::TWO, None),
        answered(response, false),
        WEB,
        VoteState::NotVoted,
        vec![VoteEffect::OpenLightSignUp],
    );
}

#[test]
fn a_non_error_guest_answer_in_the_app_raises_the_native_event() {
    let response = VoteResponse {
        guest: true,
        ..VoteResponse::default()
    };
    check(
        voting(StarCount::TWO, None),
        answered(response, false),
        APP,
        VoteState::NotVoted,
        vec![VoteEffect::RaiseNativeSessionEvent],
    );
}

#[test]
fn an_answer_when_not_voting_is_ignored() {
    check(
        voted(StarCount::ONE),
        answered(VoteResponse::default(), false),
        WEB,
        voted(StarCount::ONE),
        vec![],
    );
}

// Responses and targets.

#[test]
fn votes_prefer_reviews_over_total() {
    let response = VoteResponse {
        reviews: Some(4),
        total: Some(9),
        ..VoteResponse::default()
    };
    assert_eq!(response.votes(), Some(4));
}

#[test]
fn a_response_reads_the_wire_field_names() {
    let response: VoteResponse = serde_json::from_str(
        r#"{"error":true,"message":"logged out","redirect_url":"/login","rating":"3.5"}"#,
    )
    .unwrap();
    assert!(response.is_logged_out());
    assert_eq!(response.redirect(), Some("/login"));
    assert_eq!(response.rating, Some(Rating::clamped(dec!(3.5))));
    assert!(!response.guest);
}

#[test]
fn an_institution_vote_uses_the_institution_call() {
    let target = VoteTarget::Institution {
        inst_uid: "77".to_owned(),
    };
    assert_eq!(
        target.form_fields(StarCount::TWO),
        vec![
            ("action", "Reviews.SetInstRate".to_owned()),
            ("inst_uid", "77".to_owned()),
            ("rating", "2".to_owned()),
        ]
    );
}

#[test]
fn events_and_effects_use_tagged_camel_case_json() {
    let event: VoteEvent =
        serde_json::from_str(r#"{"type":"answered","response":{},"redirectIsSameSite":true}"#)
            .unwrap();
    assert_eq!(event, answered(VoteResponse::default(), true));
    let effect = serde_json::to_string(&thank_you()).unwrap();
    assert_eq!(effect, r#"{"type":"showThankYou","durationMs":8000}"#);
}

#[test]
fn run_applies_events_in_order_and_collects_effects() {
    let outcome = run(
        voted(StarCount::FOUR),
        &[
            choose(StarCount::TWO),
            VoteEvent::ConfirmChange,
            VoteEvent::Failed,
        ],
        &WEB,
    );
    assert_eq!(
        outcome,
        Transition {
            state: voted(StarCount::FOUR),
            effects: vec![
                VoteEffect::ShowChangePrompt {
                    previous: StarCount::FOUR,
                    chosen: StarCount::TWO,
                },
                VoteEffect::SendVote {
                    stars: StarCount::TWO,
                },
                VoteEffect::ClearTrackingCookie,
            ],
        }
    );
}

proptest! {
    #[test]
    fn next_never_panics(
        state in arbitrary::vote_state(),
        event in arbitrary::vote_event(),
        context in arbitrary::vote_context(),
    ) {
        let _ = next(state, &event, &context);
    }

    #[test]
    fn never_sends_the_stored_vote_nor_while_voting(
        state in arbitrary::vote_state(),
        event in arbitrary::vote_event(),
        context in arbitrary::vote_context(),
    ) {
        let outcome = next(state, &event, &context);
        for effect in &outcome.effects {
            if let VoteEffect::SendVote { stars } = effect {
                prop_assert!(!state.is_voting());
                prop_assert_ne!(state.stored_vote(), Some(*stars));
            }
        }
    }

    #[test]
    fn a_delegated_session_never_sends(
        state in arbitrary::vote_state(),
        events in arbitrary::vote_events(),
    ) {
        let outcome = run(state, &events, &DELEGATED);
        let sent = outcome.effects.iter().any(|effect| matches!(effect, VoteEffect::SendVote { .. }));
        prop_assert!(!sent);
    }

    #[test]
    fn every_sequence_sends_at_most_one_vote_per_answer(
        events in arbitrary::vote_events(),
        context in arbitrary::vote_context(),
    ) {
        // Each send moves to Voting, and only an answer or a failure leaves Voting, so
        // sends never outnumber the events that settle them by more than one.
        let outcome = run(VoteState::NotVoted, &events, &context);
        let sends = outcome.effects.iter().filter(|effect| matches!(effect, VoteEffect::SendVote { .. })).count();
        let settles = events.iter().filter(|event| matches!(event, VoteEvent::Answered { .. } | VoteEvent::Failed)).count();
        prop_assert!(sends <= settles + 1);
    }

    #[test]
    fn reachable_states_keep_a_change_different_from_the_stored_vote(
        state in arbitrary::vote_state(),
        events in arbitrary::vote_events(),
        context in arbitrary::vote_context(),
    ) {
        let mut current = state;
        for event in &events {
            current = next(current, event, &context).state;
            match current {
                VoteState::ConfirmingChange { previous, chosen } => prop_assert_ne!(previous, chosen),
                VoteState::Voting { chosen, previous } => prop_assert_ne!(previous, Some(chosen)),
                VoteState::NotVoted | VoteState::Voted { .. } => {}
            }
        }
    }

    #[test]
    fn json_round_trips(state in arbitrary::vote_state(), event in arbitrary::vote_event()) {
        let state_json = serde_json::to_string(&state).unwrap();
        prop_assert_eq!(serde_json::from_str::<VoteState>(&state_json).unwrap(), state);
        let event_json = serde_json::to_string(&event).unwrap();
        prop_assert_eq!(serde_json::from_str::<VoteEvent>(&event_json).unwrap(), event);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_form_fields_carry_any_id_as_given_and_the_stars_as_a_digit(
        id in prop_oneof![any::<String>(), Just(String::new()), "[ &=%+]{0,3}\\PC{0,12}"],
        institution in any::<bool>(),
        stars in arbitrary::star_count(),
    ) {
        let target = if institution {
            VoteTarget::Institution { inst_uid: id.clone() }
        } else {
            VoteTarget::Product { pid: id.clone() }
        };
        let fields = target.form_fields(stars);
        let expected = if institution {
            vec![("action", "Reviews.SetInstRate".to_owned()), ("inst_uid", id), ("rating", stars.get().to_string())]
        } else {
            vec![("action", "Details.SetRate".to_owned()), ("pid", id), ("rtg", stars.get().to_string())]
        };
        prop_assert_eq!(fields, expected);
    }

    #[test]
    fn the_initial_state_shows_a_vote_exactly_while_it_is_remembered(
        remembered in proptest::option::of(arbitrary::remembered_vote()),
        now in prop_oneof![any::<i64>(), Just(i64::MIN), Just(i64::MAX)],
    ) {
        let state = VoteState::initial(remembered.as_ref(), now);
        let shown = remembered.filter(|vote| {
            i128::from(now) - i128::from(vote.voted_at_ms) < i128::from(VOTE_MEMORY_MS)
        });
        match shown {
            Some(vote) => prop_assert_eq!(state, VoteState::Voted { stars: vote.stars }),
            None => prop_assert_eq!(state, VoteState::NotVoted),
        }
    }
}
