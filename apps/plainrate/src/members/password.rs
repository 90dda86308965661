//! Password hashing: Argon2id with the crate's default parameters, off the async threads.
//! Checking a password costs one Argon2 verification whether or not the account exists,
//! so timing does not tell which e-mail addresses are registered.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use crate::ApiError;
use crate::state::random_bytes;

/// Hashes a password into an Argon2id PHC string.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|e| ApiError::Internal(format!("password hashing stopped: {e}")))?
}

fn hash_now(password: &str) -> Result<String, ApiError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(format!("password hashing failed: {e}")))
}

/// A hash no password is known for, with the same parameters as real ones: checked
/// when there is no account (or no password), so that path costs the same.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let unknown = hex::encode(random_bytes::<32>());
        hash_now(&unknown).unwrap_or_default()
    })
}

/// Whether `password` matches `stored`. With no stored hash (an unknown address or a
/// light member) the decoy hash is checked instead and the answer is `false`.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let real = stored.is_some();
        let phc = stored.unwrap_or_else(|| decoy().to_owned());
        let matches = match PasswordHash::new(&phc) {
            Ok(parsed) => Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok(),
            Err(_) => {
                tracing::error!("a stored password hash is unreadable");
                false
            }
        };
        real && matches
    })
    .await
    .map_err(|e| ApiError::Internal(format!("password check stopped: {e}")))
}

/// Computes the decoy hash on a background thread, so the first sign-in with an unknown
/// address is not slower than the others.
pub fn warm_up_in_background() {
    static STARTED: OnceLock<()> = OnceLock::new();
    if STARTED.set(()).is_ok() {
        std::thread::spawn(|| {
            let _ = decoy();
        });
    }
}
