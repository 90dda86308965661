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
/// Password-reset e-mails per e-mail address (known or not) per hour.
pub const RESET_EMAIL: Limit = Limit {
    name: "reset:email",
    max: 3,
    window: Duration::hours(1),
};
/// Password-reset requests per client address per hour, whatever the addresses.
pub const RESET_IP: Limit = Limit {
    name: "reset:ip",
    max: 10,
    window: Duration::hours(1),
};
/// Uses of reset links (each hashes a password) per client address per hour.
pub const RESET_LINK_IP: Limit = Limit {
    name: "reset-link:ip",
    max: 20,
    window: Duration::hours(1),
};
/// Wrong passwords a signed-in member may give per hour (changing the password or the
/// address, deleting the account): only failures count, so the member is never locked
/// out by using the right one.
pub const WRONG_PASSWORD_MEMBER: Limit = Limit {
    name: "wrong-password:member",
    max: 10,
    window: Duration::hours(1),
};
/// Changes of address (each e-mails the new address) per member per day.
pub const CHANGE_EMAIL_MEMBER: Limit = Limit {
    name: "change-email:member",
    max: 5,
    window: Duration::days(1),
};

/// Votes a member may cast per minute on products and institutions together.
pub const VOTE_MEMBER: Limit = Limit {
    name: "vote:member",
    max: 30,
    window: Duration::minutes(1),
};

/// Questions a member may ask in 10 minutes.
pub const QNA_ASK_MEMBER: Limit = Limit {
    name: "qna-ask:member",
    max: 5,
    window: Duration::minutes(10),
};
/// Questions a member may ask in a day.
pub const QNA_ASK_MEMBER_DAY: Limit = Limit {
    name: "qna-ask:member",
    max: 20,
    window: Duration::days(1),
};
/// Questions asked from one client address in 10 minutes, members together.
pub const QNA_ASK_IP: Limit = Limit {
    name: "qna-ask:ip",
    max: 10,
    window: Duration::minutes(10),
};
/// Question codes e-mailed to one address in 10 minutes.
pub const QNA_CODE_EMAIL: Limit = Limit {
    name: "qna-code:email",
    max: 3,
    window: Duration::minutes(10),
};
/// Question codes e-mailed for one client address in 10 minutes, whatever the recipients.
pub const QNA_CODE_IP: Limit = Limit {
    name: "qna-code:ip",
    max: 10,
    window: Duration::minutes(10),
};
/// Codes entered from one client address in 10 minutes (each code also allows only
/// `qna::MAX_CODE_ATTEMPTS` wrong tries).
pub const QNA_CODE_CHECK_IP: Limit = Limit {
    name: "qna-code-check:ip",
    max: 30,
    window: Duration::minutes(10),
};
/// Answers a member may post in 10 minutes.
pub const QNA_ANSWER_MEMBER: Limit = Limit {
    name: "qna-answer:member",
    max: 10,
    window: Duration::minutes(10),
};
/// Answers a member may post in a day.
pub const QNA_ANSWER_MEMBER_DAY: Limit = Limit {
    name: "qna-answer:member",
    max: 60,
    window: Duration::days(1),
};
/// Answers posted from one client address in 10 minutes.
pub const QNA_ANSWER_IP: Limit = Limit {
    name: "qna-answer:ip",
    max: 30,
    window: Duration::minutes(10),
};
/// Reviews a member may write (or rewrite) in an hour.
pub const REVIEW_MEMBER: Limit = Limit {
    name: "review:member",
    max: 5,
    window: Duration::hours(1),
};
/// Reviews a member may write (or rewrite) in a day.
pub const REVIEW_MEMBER_DAY: Limit = Limit {
    name: "review:member",
    max: 20,
    window: Duration::days(1),
};
/// Reviews written from one client address in an hour.
pub const REVIEW_IP: Limit = Limit {
    name: "review:ip",
    max: 20,
    window: Duration::hours(1),
};
/// Question and answer votes a member may cast in a minute.
pub const QNA_VOTE_MEMBER: Limit = Limit {
    name: "qna-vote:member",
    max: 30,
    window: Duration::minutes(1),
};
/// Question and answer votes a member may cast in a day.
pub const QNA_VOTE_MEMBER_DAY: Limit = Limit {
    name: "qna-vote:member",
    max: 200,
    window: Duration::days(1),
};
/// Abuse reports from one client address in an hour.
pub const QNA_REPORT_IP: Limit = Limit {
    name: "qna-report:ip",
    max: 10,
    window: Duration::hours(1),
};
/// Abuse reports a member may send in a day.
pub const QNA_REPORT_MEMBER_DAY: Limit = Limit {
    name: "qna-report:member",
    max: 20,
    window: Duration::days(1),
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
        refused(hits);
        return Err(ApiError::RateLimited(TOO_MANY.to_owned()));
    }
    Ok(())
}

/// Counts one hit on every limit and, when any is over, refuses with 429 and a message
/// that starts with `what` and says when the visitor can try again (when the longest of
/// the exceeded windows ends).
pub async fn check_or_wait(
    db: &impl ConnectionTrait,
    hits: &[LimitFor<'_>],
    now: DateTime<Utc>,
    what: &str,
) -> Result<(), ApiError> {
    let mut wait: Option<Duration> = None;
    for hit in hits {
        if hit.hit(db, now).await?.over {
            let start = store::limits::window_start(hit.limit.window, now)?;
            let left = start + hit.limit.window - now;
            wait = Some(wait.map_or(left, |w| w.max(left)));
        }
    }
    match wait {
        None => Ok(()),
        Some(left) => Err({
            refused(hits);
            ApiError::RateLimited(format!("{what} Please try again in {}.", say_wait(left)))
        }),
    }
}

/// Refuses with 429 when `limit` is spent, without counting this attempt (for a limit that
/// counts failures only, hit by the caller when the attempt fails).
pub async fn refuse_when_spent(
    db: &impl ConnectionTrait,
    limit: &LimitFor<'_>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let spent =
        store::limits::peek(db, &limit.limit.key(limit.subject), limit.limit.window, now).await?;
    if spent >= limit.limit.max {
        refused(std::slice::from_ref(limit));
        return Err(ApiError::RateLimited(TOO_MANY.to_owned()));
    }
    Ok(())
}

/// Counts a refusal in the metrics, by the first limit the write counts on.
fn refused(hits: &[LimitFor<'_>]) {
    if let Some(first) = hits.first() {
        crate::telemetry::rate_limited(first.limit.name);
    }
}

/// A wait in words, rounded up: "40 seconds", "1 minute", "3 hours".
pub fn say_wait(left: Duration) -> String {
    let seconds = left.num_seconds().max(1);
    let (n, unit) = if seconds < 60 {
        (seconds, "second")
    } else if seconds < 3600 {
        ((seconds + 59) / 60, "minute")
    } else {
        ((seconds + 3599) / 3600, "hour")
    };
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}
