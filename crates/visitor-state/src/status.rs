//! The signed-in rules (site-core §4 "Signed in"): a visitor counts as signed in if
//! sign-on data exists; fully signed in additionally needs an active-session cookie and
//! the `full` flag.
//!
//! This status drives what the page shows. It is read from the sign-on cookie, a display
//! mirror, so it never authorises anything on the server (DECISIONS.md "Sessions").

use serde::{Deserialize, Serialize};

use crate::sign_on::{self, SignOn};

#[cfg(test)]
mod tests;

/// Shown when a delegated (auth-user) session tries to make any edit: post, vote or change
/// anything (site-core §6, community §5 and §8). Delegated sessions are read-only; this is the
/// one definition every crate re-uses.
pub const PERMISSION_DENIED_MESSAGE: &str =
    "Oops. You don't have permission to make edits on this account.";

/// Whether the visitor is signed out, signed in, or fully signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum VisitorStatus {
    /// No sign-on data.
    SignedOut,
    /// Sign-on data exists, but the active-session cookie or the `full` flag is missing.
    SignedIn,
    /// Sign-on data with the `full` flag, and an active-session cookie.
    FullySignedIn,
}

impl VisitorStatus {
    /// The status from the decoded sign-on data (if any) and whether the active-session
    /// cookie is present.
    ///
    /// ```
    /// use visitor_state::{sign_on::SignOn, status::VisitorStatus};
    ///
    /// let full = SignOn { full: true, ..SignOn::default() };
    /// assert_eq!(VisitorStatus::of(None, true), VisitorStatus::SignedOut);
    /// assert_eq!(VisitorStatus::of(Some(&SignOn::default()), true), VisitorStatus::SignedIn);
    /// assert_eq!(VisitorStatus::of(Some(&full), true), VisitorStatus::FullySignedIn);
    /// ```
    #[must_use]
    pub fn of(sign_on: Option<&SignOn>, has_active_session_cookie: bool) -> Self {
        match sign_on {
            None => Self::SignedOut,
            Some(data) if data.full && has_active_session_cookie => Self::FullySignedIn,
            Some(_) => Self::SignedIn,
        }
    }

    /// The status from the raw sign-on cookie value (if the cookie is set). A value that
    /// [`sign_on::decode`] rejects is no sign-on data, so the visitor is signed out.
    #[must_use]
    pub fn from_cookie(cookie_value: Option<&str>, has_active_session_cookie: bool) -> Self {
        let data = cookie_value.and_then(|value| sign_on::decode(value).ok());
        Self::of(data.as_ref(), has_active_session_cookie)
    }

    /// Whether the visitor counts as signed in (fully or not).
    #[must_use]
    pub fn is_signed_in(self) -> bool {
        !matches!(self, Self::SignedOut)
    }
}
