//! The members area's rate limits, counted in the shared `rate_limits` table so every
//! instance enforces the same totals. Every attempt counts, including refused ones.

use std::net::IpAddr;

use chrono::{DateTime, Duration, Utc};
use sea_orm::ConnectionTrait;

use crate::ApiError;

/// A limit: at most `max` hits per `window` for one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is limited (the first part of the counter key).
    pub name: &'static str,
    /// Hits allowed in one window.
    pub max: u32,
    /// Window length.
    pub window: Duration,
}

/// Sign-in attempts per address per minute.
pub const SIGN_IN_IP_MINUTE: Limit = Limit {
    name: "sign-in:ip",
    max: 6,
    window: Duration::minutes(1),
};
/// Sign-in attempts per address per hour.
pub const SIGN_IN_IP_HOUR: Limit = Limit {
    name: "sign-in:ip",
    max: 30,
    window: Duration::hours(1),
};
/// Sign-in attempts per account (e-mail address, known or not) per minute.
pub const SIGN_IN_ACCOUNT_MINUTE: Limit = Limit {
    name: "sign-in:account",
    max: 6,
    window: Duration::minutes(1),
};
/// Sign-in attempts per account per hour.
pub const SIGN_IN_ACCOUNT_HOUR: Limit = Limit {
    name: "sign-in:account",
    max: 30,
    window: Duration::hours(1),
};
/// Joins per address per hour.
pub const JOIN_IP_HOUR: Limit = Limit {
    name: "join:ip",
    max: 3,
    window: Duration::hours(1),
};
/// Sign-in link e-mails per e-mail address per 10 minutes.
pub const LIGHT_EMAIL: Limit = Limit {
    name: "light:email",
    max: 3,
    window: Duration::minutes(10),
};
/// Sign-in link e-mails per client address per 10 minutes, whatever the recipients: one
/// client may not mail many strangers.
pub const LIGHT_IP: Limit = Limit {
    name: "light:ip",
    max: 10,
    window: Duration::minutes(10),
};

/// The message of a refused attempt.
pub const TOO_MANY: &str = "Too many attempts. Please wait a few minutes and try again.";

impl Limit {
    /// The counter key for `subject` (the store adds the window length).
    pub fn key(&self, subject: &str) -> String {
        format!("{}:{subject}", self.name)
    }
}

/// The subject of a per-address limit.
pub fn ip_subject(ip: IpAddr) -> String {
    ip.to_string()
}

/// Counts one hit on every `(limit, subject)` and refuses with 429 when any is over its
/// maximum. Every counter is hit, so a refused attempt still counts everywhere.
pub async fn check(
    db: &impl ConnectionTrait,
    hits: &[(Limit, &str)],
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let mut over = false;
    for (limit, subject) in hits {
        let count =
            store::members::rate_limit::hit(db, &limit.key(subject), limit.window, now).await?;
        over |= count > limit.max;
    }
    if over {
        return Err(ApiError::RateLimited(TOO_MANY.to_owned()));
    }
    Ok(())
}
