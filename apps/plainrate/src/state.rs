//! What every handler shares: settings, the database, the signing secret and the
//! in-memory catalogue.

use std::sync::Arc;

use hmac::{Hmac, KeyInit, Mac};
use sea_orm::DatabaseConnection;
use sha2::Sha256;

use crate::config::Settings;
use crate::listings::SharedCatalogue;

/// Shared state: one allocation behind an `Arc`, so the per-request clone that every
/// extractor makes is a single reference-count increment. Fields are reached through
/// `Deref` (`state.db`, `state.settings`, ...).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    /// Wraps the shared parts.
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`AppState`] shares.
pub struct Shared {
    /// The server's settings.
    pub settings: Arc<Settings>,
    /// The database pool.
    pub db: DatabaseConnection,
    /// The secret shared by every instance (stored in the database).
    pub secret: Arc<Secret>,
    /// The catalogue view, rebuilt when the data changes.
    pub catalogue: SharedCatalogue,
    /// Ad views, clicks and pings, written in batches off the request path.
    pub tracking: crate::tracking::Tracker,
    /// Rating votes, committed in groups on SQLite.
    pub votes: crate::ratings::writer::VoteWriter,
    /// How many questions each community list has, reused for a moment.
    pub question_counts: crate::qna::counts::QuestionCounts,
    /// The built frontend and the content pages, read at start-up.
    pub site: crate::pages::Site,
    /// The experts gallery, read at start-up.
    pub experts: crate::community_extras::experts::Gallery,
    /// Where text messages go.
    pub sms: Arc<dyn crate::sms::SmsTransport>,
    /// Wakes the e-mail sender after a commit that queued an e-mail.
    pub mail: crate::email::Mailer,
}

/// The signing secret: every instance reads the same one from the database, so a window
/// id or token issued by one instance is accepted by all.
pub struct Secret {
    /// The MAC keyed with the secret, cloned for each signature so that the key is
    /// processed once, not per request.
    keyed: Hmac<Sha256>,
}

impl Secret {
    /// Wraps the secret bytes.
    pub fn new(bytes: Vec<u8>) -> Self {
        // HMAC takes keys of any length, so this cannot fail; an empty key stands in if
        // it ever did.
        let keyed = Hmac::<Sha256>::new_from_slice(&bytes)
            .unwrap_or_else(|_| KeyInit::new(&Default::default()));
        Self { keyed }
    }

    /// HMAC-SHA256 over the parts, each length-prefixed so that ("ab","c") and ("a","bc")
    /// differ. `purpose` separates uses of the one secret.
    pub fn sign(&self, purpose: &str, parts: &[&[u8]]) -> [u8; 32] {
        let mut mac = self.keyed.clone();
        for part in std::iter::once(purpose.as_bytes()).chain(parts.iter().copied()) {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }

    /// Constant-time check of a signature made by [`Secret::sign`].
    pub fn verify(&self, purpose: &str, parts: &[&[u8]], signature: &[u8]) -> bool {
        use subtle::ConstantTimeEq;
        self.sign(purpose, parts).ct_eq(signature).into()
    }
}

/// Fresh random bytes from the operating system's generator.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    rand::fill(&mut out);
    out
}
