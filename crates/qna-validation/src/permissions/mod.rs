//! Who may ask, reply, vote and edit in the question-and-answer box
//! (community §5, §6; site-core §6; `DECISIONS.md` "Delegated sessions").
//!
//! | | ask | reply, review | vote, rate | edit | report | join, sign in |
//! |---|---|---|---|---|---|---|
//! | guest | through the e-mail (+ optional code) step | sign in | sign in (to `/join/light?ref=…`) | sign in | directly | directly |
//! | member | directly | directly | yes | yes | directly | directly |
//! | delegated | permission message | permission message | permission message | permission message | permission message | permission message |
//!
//! The spec lists what guests may do (read, search, open the ask overlay,
//! ask through the e-mail step); replying, writing a review and editing are not
//! among them, so they need sign-in like voting. Anyone may report abuse or say
//! whether something helped (community §2, the helpful widget), except a delegated
//! session, which writes nothing. Whether a member owns what they edit, or is a
//! moderator, is the caller's check, not this module's.
//!
//! Who is acting is [`Actor`] of `visitor_state::actor`; these rules are the
//! [`Permissions`] trait it implements here, so bring the trait into scope to ask.

use std::fmt;

use serde::{Deserialize, Serialize};
use visitor_state::actor::Actor;

use crate::constants::PERMISSION_DENIED_MESSAGE;

#[cfg(test)]
mod tests;

/// A write in the question-and-answer box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Submitting a new question.
    AskQuestion,
    /// Posting a reply to a question.
    Reply,
    /// Voting on a question or answer.
    Vote,
    /// Editing a question or answer, a profile, or a moderator's action on an item.
    Edit,
    /// Writing a review of a product (site-core §7).
    Review,
    /// Reporting abuse, or saying whether something helped: open to guests.
    Report,
    /// Joining, signing in or confirming a sign-in link: anyone but a delegated session,
    /// which acts on another's account and may not change whose it is.
    Account,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::AskQuestion => "ask a question",
            Self::Reply => "reply",
            Self::Vote => "vote",
            Self::Edit => "edit",
            Self::Review => "write a review",
            Self::Report => "report",
            Self::Account => "sign in",
        })
    }
}

/// What kind of post is being made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Post {
    /// A new question.
    Question,
    /// A reply to a question.
    Reply,
}

/// How an allowed post goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PostRoute {
    /// Goes through at once (a signed-in member; a guest's report).
    Direct,
    /// A guest's question: first the e-mail step, then the one-time code if the server asks.
    GuestVerification,
}

/// Why an actor may not do something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PermissionError {
    /// A guest tried something that needs a signed-in member; the page sends
    /// them to the light sign-up ([`site_urls::sign_up::join_light_link`]).
    #[error("sign-in required to {action}")]
    SignInRequired {
        /// What the guest tried.
        action: Action,
    },
    /// A delegated session tried to write; displays the spec message.
    #[error("{}", PERMISSION_DENIED_MESSAGE)]
    Delegated {
        /// What the session tried.
        action: Action,
    },
}

/// What an [`Actor`] may do in the question-and-answer box, and how.
pub trait Permissions: Sized {
    /// Whether this actor may do `action`, and how.
    ///
    /// ```
    /// use qna_validation::permissions::{Action, Permissions, PostRoute};
    /// use visitor_state::actor::Actor;
    /// assert_eq!(Actor::Guest.can(Action::AskQuestion), Ok(PostRoute::GuestVerification));
    /// assert_eq!(
    ///     Actor::Delegated.can(Action::Vote).unwrap_err().to_string(),
    ///     "Oops. You don't have permission to make edits on this account."
    /// );
    /// ```
    fn can(self, action: Action) -> Result<PostRoute, PermissionError>;

    /// Whether this actor may post a question or a reply, and how.
    ///
    /// ```
    /// use qna_validation::permissions::{Permissions, Post, PostRoute};
    /// use visitor_state::actor::Actor;
    /// assert_eq!(Actor::Member.can_post(Post::Reply), Ok(PostRoute::Direct));
    /// assert!(Actor::Guest.can_post(Post::Reply).is_err());
    /// ```
    fn can_post(self, post: Post) -> Result<PostRoute, PermissionError> {
        self.can(match post {
            Post::Question => Action::AskQuestion,
            Post::Reply => Action::Reply,
        })
    }

    /// Whether this actor may vote (members only).
    ///
    /// ```
    /// use qna_validation::permissions::{Action, PermissionError, Permissions};
    /// use visitor_state::actor::Actor;
    /// assert_eq!(
    ///     Actor::Guest.can_vote(),
    ///     Err(PermissionError::SignInRequired { action: Action::Vote })
    /// );
    /// ```
    fn can_vote(self) -> Result<(), PermissionError> {
        self.can(Action::Vote).map(|_| ())
    }

    /// Whether this actor may edit (members only).
    fn can_edit(self) -> Result<(), PermissionError> {
        self.can(Action::Edit).map(|_| ())
    }
}

impl Permissions for Actor {
    fn can(self, action: Action) -> Result<PostRoute, PermissionError> {
        match (self, action) {
            (Self::Delegated, action) => Err(PermissionError::Delegated { action }),
            (Self::Member, _) => Ok(PostRoute::Direct),
            (Self::Guest, Action::AskQuestion) => Ok(PostRoute::GuestVerification),
            (Self::Guest, Action::Report | Action::Account) => Ok(PostRoute::Direct),
            (Self::Guest, action) => Err(PermissionError::SignInRequired { action }),
        }
    }
}
