//! The rating widget's vote state machine and the rating call.
//!
//! Implements site-core §4 "Rating widget" (not voted → voting with a spinner → voted and
//! submitted, thank-you popup 8 s; previous vote remembered 7 days; 'Change my rating to:'
//! or 'Keep my existing rating' before a changed vote), §5 ("A rating equal to the stored
//! previous one is not re-sent"), §6 (guests go to light sign-up or raise the native-app
//! event; delegated sessions get the alert and the vote is not sent), §7 "Rating" (the
//! call and the response fields read) and §8 "Rating outcomes".
//!
//! [`next`] is pure: it takes the current [`VoteState`], one [`VoteEvent`] and the
//! [`VoteContext`], and returns the new state with the [`VoteEffect`]s the page must carry
//! out (send the vote, show popups, navigate, clear the tracking cookie, …), in order.
//!
//! Transitions (`d` = delegated session; events not listed leave the state unchanged and
//! have no effects):
//!
//! | state | event | new state | effects |
//! |---|---|---|---|
//! | any but Voting | Choose (d) | NotVoted, or Voted with the stored vote | ShowPermissionAlert |
//! | NotVoted | Choose s | Voting s | SendVote s |
//! | Voted p | Choose p | Voted p | none (not re-sent) |
//! | Voted p | Choose s ≠ p | ConfirmingChange p → s | ShowChangePrompt |
//! | ConfirmingChange p → c | Choose p | Voted p | none |
//! | ConfirmingChange p → c | Choose s ≠ p | ConfirmingChange p → s | ShowChangePrompt |
//! | ConfirmingChange p → c | ConfirmChange | Voting c (previous p) | SendVote c |
//! | ConfirmingChange p → c | ConfirmChange (d) | Voted p | ShowPermissionAlert |
//! | ConfirmingChange p → c | KeepExisting | Voted p | none |
//! | Voting | Choose, ConfirmChange, KeepExisting | unchanged | none (never sends while voting) |
//! | Voting c | Answered ok (no error, no guest) | Voted c | RememberVote, UpdateSummary (when the response has a rating or count), ShowThankYou |
//! | Voting | Answered with `error` | the state before voting | ClearTrackingCookie, then OpenLightSignUp / RaiseNativeSessionEvent if `guest`, else Navigate if the message is "logged out" and `redirect_url` is same-site |
//! | Voting | Answered, no `error`, `guest` | the state before voting | OpenLightSignUp / RaiseNativeSessionEvent |
//! | Voting | Failed (request rejected) | the state before voting | ClearTrackingCookie |
//!
//! Settled readings:
//! * "Any failure or rejection clears the ratings tracking cookie": every response with
//!   `error` set and every rejected request emits [`VoteEffect::ClearTrackingCookie`],
//!   first; the sign-up or redirect navigation, when it applies, follows it. A non-error
//!   guest response is not a failure and does not clear the cookie.
//! * The guest outcome is the same for both guest cases: light sign-up with the current
//!   page as `ref`, or, inside the native app, the native session event (site-core §6).
//! * "logged out" is matched after trimming, ignoring ASCII case; an empty or missing
//!   `redirect_url` never navigates.
//! * The "state before voting" is Voted with the stored vote when there was one, else
//!   NotVoted: a failed change keeps the old vote.
//! * Choosing the stored vote again does nothing: no request, no popup.
//! * The thank-you popup is an effect carrying its duration, not a state: the widget stays
//!   Voted after it hides.

use serde::{Deserialize, Serialize};

use crate::{
    constants::{
        CHANGE_RATING_PROMPT, INSTITUTION_RATE_ACTION, LOGGED_OUT_MESSAGE,
        PERMISSION_DENIED_MESSAGE, PRODUCT_RATE_ACTION, THANK_YOU_MESSAGE, THANK_YOU_POPUP_MS,
    },
    memory::RememberedVote,
    rating::Rating,
    star_count::StarCount,
};

#[cfg(test)]
mod tests;

/// What the page knows about the session when the visitor votes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoteContext {
    /// The visitor acts on another account through an admin-style login (a delegated or
    /// auth-user session): votes are not sent and the permission alert shows.
    pub delegated_session: bool,
    /// The page runs inside the native app: guests raise the native session event
    /// instead of going to light sign-up.
    pub native_app: bool,
}

/// Where the rating widget is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VoteState {
    /// No vote is remembered; hovering offers 'Click to submit your rating'.
    NotVoted,
    /// The visitor chose a star different from the stored vote; the widget offers
    /// 'Change my rating to:' (the new choice) or 'Keep my existing rating'.
    ConfirmingChange {
        /// The stored vote.
        previous: StarCount,
        /// The new choice, never equal to `previous`.
        chosen: StarCount,
    },
    /// The vote is on its way to the server; the spinner shows.
    Voting {
        /// The stars sent.
        chosen: StarCount,
        /// The stored vote this one replaces, if any.
        previous: Option<StarCount>,
    },
    /// A vote is stored (just submitted, or remembered): the widget shows as already voted.
    Voted {
        /// The stored vote.
        stars: StarCount,
    },
}

impl VoteState {
    /// The starting state: Voted when a vote is remembered at `now_ms` (see
    /// [`crate::memory`]), else NotVoted.
    pub fn initial(remembered: Option<&RememberedVote>, now_ms: i64) -> VoteState {
        match remembered.and_then(|vote| vote.stars_at(now_ms)) {
            Some(stars) => VoteState::Voted { stars },
            None => VoteState::NotVoted,
        }
    }

    /// The stored previous vote, if any: the one a new choice is compared with.
    pub fn stored_vote(&self) -> Option<StarCount> {
        match *self {
            VoteState::NotVoted => None,
            VoteState::ConfirmingChange { previous, .. } => Some(previous),
            VoteState::Voting { previous, .. } => previous,
            VoteState::Voted { stars } => Some(stars),
        }
    }

    /// True while the spinner shows (the vote is being sent).
    pub fn is_voting(&self) -> bool {
        matches!(self, VoteState::Voting { .. })
    }

    /// The state to go back to when the vote in progress does not go through.
    fn settled(self) -> VoteState {
        match self.stored_vote() {
            Some(stars) => VoteState::Voted { stars },
            None => VoteState::NotVoted,
        }
    }
}

/// The response of the rating call, with the fields site-core §7 says are read
/// ("error, guest, message, redirect_url, uid, reviews or total, rating"). Field names
/// are the wire names; missing fields take their defaults.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct VoteResponse {
    /// The server refused or failed the vote.
    pub error: bool,
    /// The visitor is a guest and must sign up to vote.
    pub guest: bool,
    /// The server's message, e.g. "logged out".
    pub message: Option<String>,
    /// Where to go when the visitor is logged out (followed only when same-site).
    pub redirect_url: Option<String>,
    /// The id of the voting user.
    pub uid: Option<String>,
    /// The product's vote count after the vote (product call).
    pub reviews: Option<u64>,
    /// The vote count after the vote, when sent as `total` (institution call).
    pub total: Option<u64>,
    /// The product's rating after the vote.
    pub rating: Option<Rating>,
}

impl VoteResponse {
    /// The vote count after the vote: `reviews`, or else `total`.
    pub fn votes(&self) -> Option<u64> {
        self.reviews.or(self.total)
    }

    /// True when the message is "logged out" (trimmed, ASCII case ignored).
    pub fn is_logged_out(&self) -> bool {
        self.message
            .as_deref()
            .is_some_and(|message| message.trim().eq_ignore_ascii_case(LOGGED_OUT_MESSAGE))
    }

    /// The trimmed redirect address, when present and not empty.
    pub fn redirect(&self) -> Option<&str> {
        self.redirect_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
    }
}

/// Something that happens to the rating widget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VoteEvent {
    /// The visitor clicked a star in the popup.
    Choose {
        /// The star clicked.
        stars: StarCount,
    },
    /// The visitor picked 'Change my rating to:'.
    ConfirmChange,
    /// The visitor picked 'Keep my existing rating'.
    KeepExisting,
    /// The server answered the rating call.
    Answered {
        /// The parsed response.
        response: VoteResponse,
        /// Whether `response.redirect_url` points to this site (decided by the caller,
        /// which validates addresses).
        #[serde(default)]
        redirect_is_same_site: bool,
    },
    /// The rating call was rejected (network failure, HTTP error, request-layer error).
    Failed,
}

/// Something the page must do; [`next`] returns them in the order to carry out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VoteEffect {
    /// Send the rating call with these stars (see [`VoteTarget::form_fields`]).
    SendVote {
        /// The stars to send.
        stars: StarCount,
    },
    /// Show 'Change my rating to:' with the new choice, and 'Keep my existing rating'.
    ShowChangePrompt {
        /// The stored vote.
        previous: StarCount,
        /// The new choice.
        chosen: StarCount,
    },
    /// Remember the vote locally with the current time (7 days, see [`crate::memory`]).
    RememberVote {
        /// The stars to remember.
        stars: StarCount,
    },
    /// Update the shown rating and vote count from the response.
    UpdateSummary {
        /// The new rating, if the response had one.
        rating: Option<Rating>,
        /// The new vote count, if the response had one.
        votes: Option<u64>,
    },
    /// Show 'Thanks for your rating!' for `duration_ms`.
    ShowThankYou {
        /// How long the popup shows: [`THANK_YOU_POPUP_MS`].
        duration_ms: u64,
    },
    /// Go to light sign-up, `/join/light?ref={current page address}`.
    OpenLightSignUp,
    /// Inside the native app: raise the event asking the app for a session.
    RaiseNativeSessionEvent,
    /// Navigate to the server's same-site `redirect_url`.
    Navigate {
        /// The address to go to.
        url: String,
    },
    /// Clear the ratings tracking cookie and stay on the page.
    ClearTrackingCookie,
    /// Alert 'Oops. You don't have permission to make edits on this account.'.
    ShowPermissionAlert,
}

impl VoteEffect {
    /// The user-visible text the effect shows, if it shows a fixed one.
    pub fn message(&self) -> Option<&'static str> {
        match self {
            VoteEffect::ShowChangePrompt { .. } => Some(CHANGE_RATING_PROMPT),
            VoteEffect::ShowThankYou { .. } => Some(THANK_YOU_MESSAGE),
            VoteEffect::ShowPermissionAlert => Some(PERMISSION_DENIED_MESSAGE),
            _ => None,
        }
    }
}

/// The outcome of one or more events: the new state and the effects, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    /// The state after the event(s).
    pub state: VoteState,
    /// What the page must do, in order.
    pub effects: Vec<VoteEffect>,
}

impl Transition {
    fn to(state: VoteState, effects: Vec<VoteEffect>) -> Transition {
        Transition { state, effects }
    }
}

/// Applies one event to the widget.
///
/// ```
/// use ratings::{StarCount, VoteContext, VoteEffect, VoteEvent, VoteState, vote::next};
///
/// let context = VoteContext::default();
/// let voted = VoteState::Voted { stars: StarCount::FOUR };
///
/// // The stored vote is not re-sent.
/// let same = next(voted, &VoteEvent::Choose { stars: StarCount::FOUR }, &context);
/// assert!(same.effects.is_empty());
///
/// // A different one asks first.
/// let change = next(voted, &VoteEvent::Choose { stars: StarCount::TWO }, &context);
/// assert_eq!(change.effects, vec![VoteEffect::ShowChangePrompt {
///     previous: StarCount::FOUR,
///     chosen: StarCount::TWO,
/// }]);
/// ```
pub fn next(state: VoteState, event: &VoteEvent, context: &VoteContext) -> Transition {
    let unchanged = Transition::to(state, Vec::new());
    match (state, event) {
        (VoteState::Voting { .. }, VoteEvent::Choose { .. })
        | (VoteState::Voting { .. }, VoteEvent::ConfirmChange)
        | (VoteState::Voting { .. }, VoteEvent::KeepExisting) => unchanged,
        (_, VoteEvent::Choose { .. }) if context.delegated_session => {
            Transition::to(state.settled(), vec![VoteEffect::ShowPermissionAlert])
        }
        (VoteState::NotVoted, VoteEvent::Choose { stars }) => Transition::to(
            VoteState::Voting {
                chosen: *stars,
                previous: None,
            },
            vec![VoteEffect::SendVote { stars: *stars }],
        ),
        (VoteState::Voted { stars: previous }, VoteEvent::Choose { stars })
        | (VoteState::ConfirmingChange { previous, .. }, VoteEvent::Choose { stars }) => {
            if *stars == previous {
                Transition::to(VoteState::Voted { stars: previous }, Vec::new())
            } else {
                Transition::to(
                    VoteState::ConfirmingChange {
                        previous,
                        chosen: *stars,
                    },
                    vec![VoteEffect::ShowChangePrompt {
                        previous,
                        chosen: *stars,
                    }],
                )
            }
        }
        (VoteState::ConfirmingChange { previous, .. }, VoteEvent::ConfirmChange)
            if context.delegated_session =>
        {
            Transition::to(
                VoteState::Voted { stars: previous },
                vec![VoteEffect::ShowPermissionAlert],
            )
        }
        (VoteState::ConfirmingChange { previous, chosen }, VoteEvent::ConfirmChange) => {
            Transition::to(
                VoteState::Voting {
                    chosen,
                    previous: Some(previous),
                },
                vec![VoteEffect::SendVote { stars: chosen }],
            )
        }
        (VoteState::ConfirmingChange { previous, .. }, VoteEvent::KeepExisting) => {
            Transition::to(VoteState::Voted { stars: previous }, Vec::new())
        }
        (
            VoteState::Voting { chosen, .. },
            VoteEvent::Answered {
                response,
                redirect_is_same_site,
            },
        ) => answered(state, chosen, response, *redirect_is_same_site, context),
        (VoteState::Voting { .. }, VoteEvent::Failed) => {
            Transition::to(state.settled(), vec![VoteEffect::ClearTrackingCookie])
        }
        _ => unchanged,
    }
}

/// The §8 rating outcomes for a response to the vote in progress.
fn answered(
    voting: VoteState,
    chosen: StarCount,
    response: &VoteResponse,
    redirect_is_same_site: bool,
    context: &VoteContext,
) -> Transition {
    let guest_effect = if context.native_app {
        VoteEffect::RaiseNativeSessionEvent
    } else {
        VoteEffect::OpenLightSignUp
    };
    if response.error {
        let mut effects = vec![VoteEffect::ClearTrackingCookie];
        if response.guest {
            effects.push(guest_effect);
        } else if let Some(url) = response
            .redirect()
            .filter(|_| response.is_logged_out() && redirect_is_same_site)
        {
            effects.push(VoteEffect::Navigate {
                url: url.to_owned(),
            });
        }
        Transition::to(voting.settled(), effects)
    } else if response.guest {
        Transition::to(voting.settled(), vec![guest_effect])
    } else {
        let mut effects = vec![VoteEffect::RememberVote { stars: chosen }];
        if response.rating.is_some() || response.votes().is_some() {
            effects.push(VoteEffect::UpdateSummary {
                rating: response.rating,
                votes: response.votes(),
            });
        }
        effects.push(VoteEffect::ShowThankYou {
            duration_ms: THANK_YOU_POPUP_MS,
        });
        Transition::to(VoteState::Voted { stars: chosen }, effects)
    }
}

/// Applies events in order from `state`, collecting every effect.
///
/// ```
/// use ratings::{StarCount, VoteContext, VoteEvent, VoteResponse, VoteState, vote::run};
///
/// let events = [
///     VoteEvent::Choose { stars: StarCount::FIVE },
///     VoteEvent::Answered { response: VoteResponse::default(), redirect_is_same_site: false },
/// ];
/// let outcome = run(VoteState::NotVoted, &events, &VoteContext::default());
/// assert_eq!(outcome.state, VoteState::Voted { stars: StarCount::FIVE });
/// ```
pub fn run(state: VoteState, events: &[VoteEvent], context: &VoteContext) -> Transition {
    events
        .iter()
        .fold(Transition::to(state, Vec::new()), |mut outcome, event| {
            let step = next(outcome.state, event, context);
            outcome.state = step.state;
            outcome.effects.extend(step.effects);
            outcome
        })
}

/// What is being rated, which picks the call of site-core §7.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VoteTarget {
    /// A product: "action Details.SetRate, pid, rtg".
    Product {
        /// The product id.
        pid: String,
    },
    /// An institution: "action Reviews.SetInstRate, inst_uid, rating".
    Institution {
        /// The institution id.
        inst_uid: String,
    },
}

impl VoteTarget {
    /// The form fields of the rating call (form-encoded POST to the ajax endpoint), in
    /// order; encoding them is the caller's job.
    ///
    /// ```
    /// use ratings::{StarCount, VoteTarget};
    ///
    /// let target = VoteTarget::Product { pid: "123".to_owned() };
    /// assert_eq!(
    ///     target.form_fields(StarCount::FOUR),
    ///     vec![("action", "Details.SetRate".to_owned()), ("pid", "123".to_owned()), ("rtg", "4".to_owned())],
    /// );
    /// ```
    pub fn form_fields(&self, stars: StarCount) -> Vec<(&'static str, String)> {
        match self {
            VoteTarget::Product { pid } => vec![
                ("action", PRODUCT_RATE_ACTION.to_owned()),
                ("pid", pid.clone()),
                ("rtg", stars.to_string()),
            ],
            VoteTarget::Institution { inst_uid } => vec![
                ("action", INSTITUTION_RATE_ACTION.to_owned()),
                ("inst_uid", inst_uid.clone()),
                ("rating", stars.to_string()),
            ],
        }
    }
}
