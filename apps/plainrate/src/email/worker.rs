//! The background sender: claims the e-mails that are due, sends each and records what
//! came of it. It runs on every instance with the SMTP transport; the claim (see
//! [`store::outbox::claim_due`]) keeps two senders off one row, and a claim that runs out
//! (its sender died mid-send) hands the row to the next sender.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use mail_delivery::retry::{Step, next_step};
use store::StoreError;
use store::outbox::{self, Channel, Outcome};
use tokio::sync::Notify;

use super::smtp::SmtpSender;
use crate::config::Settings;

/// The e-mails one sender claims at a time: one, so a claim never has to outlast more than
/// one conversation with the mail server ([`super::smtp::SMTP_TIMEOUT`] a command).
pub const BATCH: u64 = 1;

/// How often the sender looks for work and how long it holds what it takes.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// Between looks for rows queued by other instances or due for another attempt.
    pub poll: Duration,
    /// How long a claim holds: longer than a batch takes to send.
    pub claim: Duration,
}

impl Timing {
    /// `--email-poll-secs` and `--email-claim-secs`.
    pub fn from_settings(settings: &Settings) -> Self {
        Self {
            poll: Duration::from_secs(settings.email_poll_secs.max(1)),
            claim: Duration::from_secs(settings.email_claim_secs),
        }
    }
}

/// What one pass sent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    /// Accepted by the mail server.
    pub sent: usize,
    /// To be tried again.
    pub retried: usize,
    /// Given up.
    pub failed: usize,
    /// Not sent: the address left the e-mail's list after it was queued.
    pub withheld: usize,
}

/// What is recorded for a list e-mail not sent because its address left the list.
pub const WITHHELD: &str = "not sent: the address unsubscribed from this list";

/// Runs the sender until the process ends: a pass whenever a request wakes it, and one
/// every `timing.poll` for rows that came due meanwhile.
pub fn spawn(db: store::DatabaseConnection, sender: SmtpSender, timing: Timing, wake: Arc<Notify>) {
    tokio::spawn(async move {
        loop {
            // More may be due when a whole batch went out; look again at once then.
            match deliver_due(&db, &sender, Utc::now(), timing.claim).await {
                Ok(pass)
                    if pass.sent + pass.retried + pass.failed + pass.withheld >= BATCH as usize =>
                {
                    continue;
                }
                Ok(_) => {}
                Err(err) => {
                    tracing::warn!(%err, "e-mail sender: the outbox could not be read or written")
                }
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(timing.poll) => {}
            }
        }
    });
}

/// One pass: claims up to [`BATCH`] e-mails due at `now`, sends them one by one and records
/// each outcome. Nothing is claimed (and on SQLite no write is begun) when nothing is due.
pub async fn deliver_due(
    db: &store::DatabaseConnection,
    sender: &SmtpSender,
    now: DateTime<Utc>,
    claim: Duration,
) -> Result<Pass, StoreError> {
    if !outbox::any_due(db, Channel::Email, now).await? {
        return Ok(Pass::default());
    }
    let held_until = now + chrono::Duration::from_std(claim).unwrap_or(chrono::Duration::MAX);
    let txn = store::begin_write(db).await?;
    let claimed = outbox::claim_due(&txn, Channel::Email, now, held_until, BATCH).await?;
    txn.commit().await?;
    let mut pass = Pass::default();
    for row in claimed {
        let outcome = if left_its_list(db, &row).await? {
            pass.withheld += 1;
            crate::telemetry::mail_attempt("withheld");
            Outcome::Failed {
                error: WITHHELD.to_owned(),
            }
        } else {
            attempt(sender, &row, now, &mut pass).await
        };
        // Recorded only while this sender's claim holds: a sender whose claim ran out (and
        // whose row another took) cannot overwrite the other's result.
        let txn = store::begin_write(db).await?;
        let recorded = outbox::record(&txn, row.id, held_until, &outcome, now).await?;
        txn.commit().await?;
        if !recorded {
            tracing::warn!(
                row = row.id,
                "e-mail result not recorded: the claim had run out"
            );
        }
    }
    Ok(pass)
}

/// Whether `row` is a list e-mail to an address that left its list since it was queued.
async fn left_its_list(
    db: &store::DatabaseConnection,
    row: &outbox::Message,
) -> Result<bool, StoreError> {
    match &row.list {
        Some(list) => outbox::opt_outs::has_left(db, &row.recipient, &list.list).await,
        None => Ok(false),
    }
}

/// One attempt at `row`: sends it and says what to record.
async fn attempt(
    sender: &SmtpSender,
    row: &outbox::Message,
    now: DateTime<Utc>,
    pass: &mut Pass,
) -> Outcome {
    match sender.send(row).await {
        Ok(()) => {
            pass.sent += 1;
            crate::telemetry::mail_attempt("sent");
            tracing::info!(row = row.id, attempt = row.delivery.attempts, "e-mail sent");
            Outcome::Sent
        }
        Err(err) => {
            let step = next_step(err.failure, row.delivery.attempts);
            tracing::warn!(
                row = row.id,
                attempt = row.delivery.attempts,
                code = err.code,
                permanent = matches!(step, Step::GiveUp),
                "e-mail not sent"
            );
            match step {
                Step::RetryAfter(wait) => {
                    pass.retried += 1;
                    crate::telemetry::mail_attempt("retry");
                    Outcome::Retry {
                        error: err.reason,
                        retry_at: now + chrono::Duration::from_std(wait).unwrap_or_default(),
                    }
                }
                Step::GiveUp => {
                    pass.failed += 1;
                    crate::telemetry::mail_attempt("failed");
                    Outcome::Failed { error: err.reason }
                }
            }
        }
    }
}
