//! One-time links of the account e-mails: a password reset, a new member's address to
//! confirm, a new address to confirm. 256 random bits, stored as their SHA-256, good once
//! and for their purpose's lifetime ([`Purpose::lifetime`]). A new link voids the member's
//! earlier unused links of the same purpose, so only the newest e-mail works.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::entity::account_link::{ActiveModel, Column, Entity};
use super::token;
use crate::StoreError;
use crate::by_key::by_key;

/// What following a link does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Sets a new password (the forgotten-password e-mail).
    ResetPassword,
    /// Confirms a new member's address.
    ConfirmEmail,
    /// Moves the member to a new address, confirmed by this link sent there.
    ChangeEmail,
}

impl Purpose {
    /// Every purpose.
    pub const ALL: [Self; 3] = [Self::ResetPassword, Self::ConfirmEmail, Self::ChangeEmail];

    /// What a new password voids: the resets and moves sent before it. A link confirming
    /// the address the account still has stays good.
    pub const TAKEN_OVER_BY_A_NEW_PASSWORD: [Self; 2] = [Self::ResetPassword, Self::ChangeEmail];

    /// The stored name.
    pub fn key(self) -> &'static str {
        match self {
            Self::ResetPassword => "reset_password",
            Self::ConfirmEmail => "confirm_email",
            Self::ChangeEmail => "change_email",
        }
    }

    /// How long a link of this purpose works (qna_validation's account constants).
    pub fn lifetime(self) -> Duration {
        use qna_validation::constants as c;
        match self {
            Self::ResetPassword => Duration::minutes(c::RESET_LINK_LIFETIME_MINUTES),
            Self::ConfirmEmail | Self::ChangeEmail => {
                Duration::hours(c::EMAIL_CONFIRMATION_LIFETIME_HOURS)
            }
        }
    }
}

/// What a used link gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Used {
    /// The member it was made for.
    pub member_id: i64,
    /// The address to move to (a change of address only).
    pub new_email: Option<String>,
}

/// Makes a link for `member_id` (with the address to move to, for
/// [`Purpose::ChangeEmail`]) and returns its token (64 hex digits) for the e-mail. The
/// member's earlier unused links of this purpose stop working. An unknown member is
/// [`StoreError::NotFound`].
pub async fn create(
    db: &impl ConnectionTrait,
    member_id: i64,
    purpose: Purpose,
    new_email: Option<&str>,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(Some(now)))
        .filter(Column::MemberId.eq(member_id))
        .filter(Column::Purpose.eq(purpose.key()))
        .filter(Column::UsedAt.is_null())
        .exec(db)
        .await?;
    let link = token::new_token();
    let row = ActiveModel {
        token_hash: Set(token::digest(&link)),
        member_id: Set(member_id),
        purpose: Set(purpose.key().to_owned()),
        new_email: Set(new_email.map(super::normalise_email)),
        created_at: Set(now),
        expires_at: Set(now + purpose.lifetime()),
        used_at: Set(None),
    };
    match Entity::insert(row).exec_without_returning(db).await {
        Ok(_) => Ok(link),
        Err(err) if super::foreign_key_violation(&err) => {
            Err(StoreError::NotFound(format!("member {member_id}")))
        }
        Err(err) => Err(err.into()),
    }
}

/// Voids the member's unused links of these purposes (a reset or a new password voids the
/// resets and moves sent before it; a move voids every link, since each was sent to the
/// old address); how many.
pub async fn void(
    db: &impl ConnectionTrait,
    member_id: i64,
    purposes: &[Purpose],
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let done = Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(Some(now)))
        .filter(Column::MemberId.eq(member_id))
        .filter(Column::Purpose.is_in(purposes.iter().map(|p| p.key())))
        .filter(Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// The member a link of `purpose` is for, when it would work at `now` (a read: nothing is
/// used up), so a caller can refuse a dead link before costly work.
pub async fn peek(
    db: &impl ConnectionTrait,
    link: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<Option<i64>, StoreError> {
    if !token::is_well_formed(link) {
        return Ok(None);
    }
    Ok(by_key(Entity::find_by_id(token::digest(link)), db)
        .await?
        .filter(|row| row.purpose == purpose.key() && row.used_at.is_none() && row.expires_at > now)
        .map(|row| row.member_id))
}

/// Uses a link of `purpose`: `Some` once for a well-formed, known, unused and unexpired
/// one, `None` otherwise (a forged, altered, used, expired or other-purpose link). Marking
/// it used and reading it is one conditional update, so two requests racing with one link
/// cannot both succeed.
pub async fn redeem(
    db: &impl ConnectionTrait,
    link: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<Option<Used>, StoreError> {
    if !token::is_well_formed(link) {
        return Ok(None);
    }
    let hash = token::digest(link);
    let done = Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(Some(now)))
        .filter(Column::TokenHash.eq(hash.clone()))
        .filter(Column::Purpose.eq(purpose.key()))
        .filter(Column::UsedAt.is_null())
        .filter(Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if done.rows_affected == 0 {
        return Ok(None);
    }
    Ok(by_key(Entity::find_by_id(hash), db).await?.map(|row| Used {
        member_id: row.member_id,
        new_email: row.new_email,
    }))
}
