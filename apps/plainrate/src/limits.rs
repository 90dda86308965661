//! Every rate limit of the site, in one table of constants, counted in the shared
//! `rate_limits` table ([`store::limits`]) so every instance enforces the same totals.
//! Every attempt counts, including refused ones.

use std::net::IpAddr;

use chrono::{DateTime, Duration, Utc};
use sea_orm::ConnectionTrait;

use crate::ApiError;

pub use store::limits::{Limit, LimitFor};

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

/// Votes a member may cast per minute on products and institutions together.
pub const VOTE_MEMBER: Limit = Limit {
    name: "vote:member",
    max: 30,
    window: Duration::minutes(1),
};

/// Helpful-widget answers per client address per minute.
pub const FEEDBACK_IP_MINUTE: Limit = Limit {
    name: "feedback:ip",
    max: 10,
    window: Duration::minutes(1),
};
/// Helpful-widget answers per client address per day.
pub const FEEDBACK_IP_DAY: Limit = Limit {
    name: "feedback:ip",
    max: 50,
    window: Duration::days(1),
};

/// App-link text messages per phone number per hour.
pub const TEXT_PHONE_HOUR: Limit = Limit {
    name: "app-link:phone",
    max: 3,
    window: Duration::hours(1),
};
/// App-link text messages per client address per hour, whatever the numbers: one client
/// may not text many strangers.
pub const TEXT_IP_HOUR: Limit = Limit {
    name: "app-link:ip",
    max: 5,
    window: Duration::hours(1),
};
/// App-link text messages per day for the whole site (against SMS pumping: a cap on what
/// the site can be made to spend).
pub const TEXT_SITE_DAY: Limit = Limit {
    name: "app-link:site",
    max: 1_000,
    window: Duration::days(1),
};
/// The subject of [`TEXT_SITE_DAY`]: one counter for the whole site.
pub const SITE_SUBJECT: &str = "all";

/// The message of a refused attempt.
pub const TOO_MANY: &str = "Too many attempts. Please wait a few minutes and try again.";

/// The subject of a per-address limit.
pub fn ip_subject(ip: IpAddr) -> String {
    ip.to_string()
}

/// Counts one hit on every limit and refuses with 429 when any is over its maximum.
/// Every counter is hit, so a refused attempt still counts everywhere.
pub async fn check(
    db: &impl ConnectionTrait,
    hits: &[LimitFor<'_>],
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    if store::limits::hit_all(db, hits, now).await? {
        return Err(ApiError::RateLimited(TOO_MANY.to_owned()));
    }
    Ok(())
}
