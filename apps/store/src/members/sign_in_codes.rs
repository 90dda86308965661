//! One-time codes of sign-in links (the light sign-up): 256 random bits, stored as their
//! SHA-256, good once and for [`CODE_LIFETIME`].

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::entity::sign_in_code::{ActiveModel, Column, Entity};
use super::token;
use crate::StoreError;
use crate::by_key::by_key;

/// How long a sign-in code works (10 minutes).
pub const CODE_LIFETIME: Duration =
    Duration::minutes(qna_validation::constants::SIGN_IN_LINK_LIFETIME_MINUTES);

/// What a used code gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redeemed {
    /// The member to sign in.
    pub member_id: i64,
    /// The same-site path to return to.
    pub return_to: String,
    /// The rating the visitor chose before signing up, in its wire form
    /// (`ratings::pending::PendingVote`), to cast now; none for a plain sign-in.
    pub pending_vote: Option<String>,
}

/// Makes a code for `member_id` returning to `return_to`, and returns the code (64 hex
/// digits) for the link. An unknown member is [`StoreError::NotFound`].
pub async fn create(
    db: &impl ConnectionTrait,
    member_id: i64,
    return_to: &str,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    create_with_vote(db, member_id, return_to, None, now).await
}

/// [`create`], keeping with the code the rating the visitor chose before signing up
/// (`pending_vote`, its wire form), which [`redeem`] gives back.
pub async fn create_with_vote(
    db: &impl ConnectionTrait,
    member_id: i64,
    return_to: &str,
    pending_vote: Option<&str>,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let code = token::new_token();
    let row = ActiveModel {
        code_hash: Set(token::digest(&code)),
        member_id: Set(member_id),
        return_to: Set(return_to.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + CODE_LIFETIME),
        used_at: Set(None),
        pending_vote: Set(pending_vote.map(str::to_owned)),
    };
    match Entity::insert(row).exec_without_returning(db).await {
        Ok(_) => Ok(code),
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::ForeignKeyConstraintViolation(_))
            ) =>
        {
            Err(StoreError::NotFound(format!("member {member_id}")))
        }
        Err(err) => Err(err.into()),
    }
}

/// Voids every unused sign-in code of the member (a reset or a new password makes the
/// sign-in links sent before it stop working); how many.
pub async fn void_all(
    db: &impl ConnectionTrait,
    member_id: i64,
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let done = Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(Some(now)))
        .filter(Column::MemberId.eq(member_id))
        .filter(Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Uses a code: `Some` once for a well-formed, known, unused and unexpired code, `None`
/// otherwise. Marking it used and reading it is one conditional update, so two requests
/// racing with the same code cannot both succeed.
pub async fn redeem(
    db: &impl ConnectionTrait,
    code: &str,
    now: DateTime<Utc>,
) -> Result<Option<Redeemed>, StoreError> {
    if !token::is_well_formed(code) {
        return Ok(None);
    }
    let hash = token::digest(code);
    let done = Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(Some(now)))
        .filter(Column::CodeHash.eq(hash.clone()))
        .filter(Column::UsedAt.is_null())
        .filter(Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if done.rows_affected == 0 {
        return Ok(None);
    }
    Ok(by_key(Entity::find_by_id(hash), db)
        .await?
        .map(|row| Redeemed {
            member_id: row.member_id,
            return_to: row.return_to,
            pending_vote: row.pending_vote,
        }))
}
