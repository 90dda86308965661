//! What a person running the site does from the command line: set a member's role, open
//! a delegated (read-only) session for support staff, and read the outbox. The
//! functions return what the command prints; `cli` only writes it out.

use std::fmt;

use chrono::{DateTime, Utc};
use sea_orm::DatabaseConnection;
use store::StoreError;
use store::members::Role;
use store::members::{SESSION_IDLE, SessionKind};
use store::outbox::{Channel, Delivery, DeliveryState, Message};

use crate::config::Settings;

/// Why an operator command failed.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    /// No member has this e-mail address.
    #[error("no member has the e-mail address {0:?}")]
    UnknownMember(String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The member an e-mail address belongs to, or [`OperatorError::UnknownMember`].
async fn member_of(
    db: &DatabaseConnection,
    email: &str,
) -> Result<store::members::Member, OperatorError> {
    store::members::member_by_email(db, email)
        .await?
        .ok_or_else(|| OperatorError::UnknownMember(email.trim().to_owned()))
}

/// A role that was set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleChange {
    /// The member.
    pub member_id: i64,
    /// The member's e-mail address.
    pub email: String,
    /// The role before.
    pub previous: Role,
    /// The role now.
    pub role: Role,
}

impl fmt::Display for RoleChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "member {} ({}): role {} (was {})",
            self.member_id,
            self.email,
            self.role.key(),
            self.previous.key()
        )
    }
}

/// Sets the role of the member with this e-mail address.
pub async fn set_role(
    db: &DatabaseConnection,
    email: &str,
    role: Role,
) -> Result<RoleChange, OperatorError> {
    let member = member_of(db, email).await?;
    store::members::profile::set_role(db, member.id, role).await?;
    Ok(RoleChange {
        member_id: member.id,
        email: member.email,
        previous: member.role,
        role,
    })
}

/// A delegated session that was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelegatedSession {
    /// The member whose account it acts on.
    pub member_id: i64,
    /// The member's e-mail address.
    pub email: String,
    /// The session cookie's name under the site's settings.
    pub cookie_name: &'static str,
    /// The session token, the cookie's value.
    pub token: String,
    /// When the session ends at the latest.
    pub expires_at: DateTime<Utc>,
}

impl DelegatedSession {
    /// The cookie to set: `name=value`.
    pub fn cookie(&self) -> String {
        format!("{}={}", self.cookie_name, self.token)
    }
}

impl fmt::Display for DelegatedSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.cookie())?;
        write!(
            f,
            "Read-only (delegated) session on the account of member {} ({}): every change is \
             refused. It expires at {} UTC, or after {} days without use.",
            self.member_id,
            self.email,
            self.expires_at.format("%Y-%m-%d %H:%M"),
            SESSION_IDLE.num_days()
        )
    }
}

/// Opens a delegated (read-only) session on the account of the member with this e-mail
/// address, for support staff acting on it, as of `now`.
pub async fn delegated_session(
    db: &DatabaseConnection,
    settings: &Settings,
    email: &str,
    now: DateTime<Utc>,
) -> Result<DelegatedSession, OperatorError> {
    let member = member_of(db, email).await?;
    let kind = SessionKind {
        delegated: true,
        full: true,
    };
    let token = store::members::create_session(db, member.id, kind, now).await?;
    Ok(DelegatedSession {
        member_id: member.id,
        email: member.email,
        cookie_name: crate::members::session_cookie_name(settings),
        token,
        expires_at: now + store::members::SESSION_ABSOLUTE,
    })
}

/// The newest `limit` outbox messages, newest first; only those to `to` (an e-mail
/// address, compared trimmed and lowercased, or a phone number) when given.
pub async fn outbox(
    db: &DatabaseConnection,
    limit: u64,
    to: Option<&str>,
) -> Result<Vec<Message>, OperatorError> {
    let to = to.map(store::members::normalise_email);
    Ok(store::outbox::newest(db, to.as_deref(), limit).await?)
}

/// The messages as the `outbox` command prints them: for each, a line starting with
/// `---` that gives the time, channel, recipient and subject; for an e-mail a line in
/// brackets with its delivery (state, attempts, why it failed, when it went or goes next);
/// then the body and a blank line. A text message needs no delivery line: the outbox keeps
/// one only once its transport took it.
pub fn format_outbox(messages: &[Message]) -> String {
    if messages.is_empty() {
        return "The outbox is empty.\n".to_owned();
    }
    let mut out = String::new();
    for m in messages {
        out.push_str(&format!(
            "--- {}  {}  to {}  {}\n",
            m.created_at.format(TIME),
            m.channel.as_str(),
            m.recipient,
            m.subject.as_deref().unwrap_or("(no subject)"),
        ));
        if m.channel == Channel::Email {
            out.push_str(&format!("[{}]\n", delivery_line(&m.delivery)));
        }
        out.push_str(&format!("{}\n\n", m.body.trim_end()));
    }
    out
}

/// How the outbox command writes a time.
const TIME: &str = "%Y-%m-%d %H:%M:%S UTC";

/// One e-mail's delivery in words: `queued, no attempt yet`, `sent 2026-… after 1
/// attempt`, `queued, 2 attempts, next at 2026-…, last error: …`, `failed after 3
/// attempts: …`.
fn delivery_line(d: &Delivery) -> String {
    let attempts = match d.attempts {
        0 => "no attempt yet".to_owned(),
        1 => "1 attempt".to_owned(),
        n => format!("{n} attempts"),
    };
    let error = d.last_error.as_deref().unwrap_or("no reason recorded");
    match d.state {
        DeliveryState::Sent => match d.sent_at {
            Some(at) => format!("sent {} after {attempts}", at.format(TIME)),
            None => format!("sent after {attempts}"),
        },
        DeliveryState::Failed => format!("failed after {attempts}: {error}"),
        DeliveryState::Queued => {
            let mut line = format!("queued, {attempts}");
            if let Some(next) = d.next_attempt_at {
                line.push_str(&format!(", next at {}", next.format(TIME)));
            }
            if let Some(error) = &d.last_error {
                line.push_str(&format!(", last error: {error}"));
            }
            line
        }
    }
}
