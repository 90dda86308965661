//! How a member's write went, as the answers of rating, voting and writing a review all
//! begin (site-core §7's rating widget reads these four fields): done, refused with a
//! message, or refused because a guest must sign up first (with where to go).

use serde::{Deserialize, Serialize};

/// The four fields every member write answers with, flattened into its answer so the JSON
/// reads `{"error":…,"guest":…,"message":…,"redirect_url":…, …the write's own fields}`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WriteStatus {
    /// The write was refused or failed.
    pub error: bool,
    /// The visitor is a guest and must sign up first: send them to `redirect_url`.
    pub guest: bool,
    /// What happened or why it was refused (the permission message for a delegated
    /// session).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub message: Option<String>,
    /// A same-site address to go to: the light sign-up, for a guest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub redirect_url: Option<String>,
}

impl WriteStatus {
    /// A delegated session's write: refused with the permission message, nothing written.
    ///
    /// ```
    /// let status = api_types::write_status::WriteStatus::delegated();
    /// assert!(status.error && !status.guest);
    /// assert_eq!(status.message.as_deref(), Some("Oops. You don't have permission to make edits on this account."));
    /// ```
    pub fn delegated() -> Self {
        Self {
            error: true,
            message: Some(visitor_state::status::PERMISSION_DENIED_MESSAGE.to_owned()),
            ..Self::default()
        }
    }

    /// A guest's write: refused, with the sign-up to go to and an optional message.
    pub fn guest(redirect_url: String, message: Option<String>) -> Self {
        Self {
            error: true,
            guest: true,
            message,
            redirect_url: Some(redirect_url),
        }
    }

    /// A write that went through, with what happened when there is something to say.
    pub fn done(message: Option<String>) -> Self {
        Self {
            message,
            ..Self::default()
        }
    }
}
