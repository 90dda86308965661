//! Members made directly in the database, each with a fully signed-in session and the
//! anti-forgery token bound to it: the vote benchmark (`bench-seed`) and the crash harness
//! (`chaos`) load the server with them. Not used by the site itself.

use sea_orm::DatabaseConnection;
use store::members::{NewMember, SessionKind, create_member, create_session};

use crate::state::Secret;

/// Why seeding failed.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    /// The server has not started on this database yet, so there is no signing secret.
    #[error("no signing secret: start the server on this database first")]
    NoSecret,
    /// The stored secret is not hex.
    #[error("the stored signing secret is not hex: {0}")]
    BadSecret(#[from] hex::FromHexError),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// A member with a session: their id, the session token (the session cookie's value) and
/// the anti-forgery token bound to that session.
#[derive(Debug, Clone)]
pub struct SeededMember {
    /// The member id.
    pub id: i64,
    /// The session token.
    pub session: String,
    /// The anti-forgery token for that session.
    pub token: String,
}

/// The signing secret every instance shares (stored when the server first starts).
pub async fn shared_secret(db: &DatabaseConnection) -> Result<Secret, SeedError> {
    let hex_secret = store::meta::get(db, store::meta::SECRET_KEY)
        .await?
        .ok_or(SeedError::NoSecret)?;
    Ok(Secret::new(hex::decode(hex_secret)?))
}

/// Makes a member with this e-mail address and name, and a fully signed-in session.
pub async fn seeded_member(
    db: &DatabaseConnection,
    secret: &Secret,
    email: String,
    name: Option<String>,
) -> Result<SeededMember, SeedError> {
    let id = create_member(
        db,
        NewMember {
            email,
            password_hash: None,
            name,
        },
    )
    .await?;
    let kind = SessionKind {
        delegated: false,
        full: true,
    };
    let session = create_session(db, id, kind, chrono::Utc::now()).await?;
    let token = crate::protocol::csrf::new_token(secret, Some(&session));
    Ok(SeededMember { id, session, token })
}
