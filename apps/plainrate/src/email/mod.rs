//! E-mail delivery: how an e-mail queued in the outbox reaches the recipient's mail server.
//!
//! A request that sends an e-mail only queues it: the outbox row is written in the same
//! transaction as the write that caused it, so a committed e-mail is never lost and a
//! failed write sends nothing. What happens next is chosen by `--email-transport`:
//!
//! - `outbox` (the default): nothing leaves the machine; a developer or a test reads the
//!   rows (`plainrate outbox`).
//! - `smtp`: a background sender ([`worker`]) claims due rows, sends each to the mail
//!   server ([`smtp`]) and records the result. A temporary failure is retried on the
//!   schedule of [`mail_delivery::retry`]; a permanent one is recorded and not retried.
//!   Every attempt at a row sends the same Message-ID, so the one repeat a crash can cause
//!   (a row the server accepted but the sender had not yet recorded) can be dropped by
//!   mail systems.
//!
//! No log line holds an e-mail address: the sender logs row numbers and reply codes.

pub mod smtp;
pub mod worker;

use std::sync::Arc;

use tokio::sync::Notify;

use crate::config::{Settings, Transport};

/// The handle requests hold: wakes this instance's sender after a commit that queued an
/// e-mail. With the outbox transport there is no sender and waking does nothing.
#[derive(Clone, Default)]
pub struct Mailer {
    wake: Option<Arc<Notify>>,
}

impl Mailer {
    /// Starts the sender the settings choose (none for `outbox`); an error names a setting
    /// that is missing or cannot be used.
    pub fn start(db: store::DatabaseConnection, settings: &Settings) -> Result<Self, String> {
        match settings.email_transport {
            Transport::Outbox => Ok(Self::default()),
            Transport::Smtp => {
                let sender = smtp::SmtpSender::from_settings(settings)?;
                let wake = Arc::new(Notify::new());
                worker::spawn(
                    db,
                    sender,
                    worker::Timing::from_settings(settings),
                    wake.clone(),
                );
                Ok(Self { wake: Some(wake) })
            }
        }
    }

    /// Tells the sender an e-mail was just committed (call after the commit).
    pub fn wake(&self) {
        if let Some(wake) = &self.wake {
            wake.notify_one();
        }
    }

    /// A short name for the logs: `outbox` or `smtp`.
    pub fn name(&self) -> &'static str {
        if self.wake.is_some() {
            "smtp"
        } else {
            "outbox"
        }
    }
}
