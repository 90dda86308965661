//! Members, their server-side sessions and the sign-in codes of light sign-up links.
//! (The migration also creates the `outbox` and `rate_limits` tables, which
//! [`crate::outbox`] and [`crate::limits`] serve to every area.)
//!
//! - A member is full (with an Argon2id password hash, made by the server) or light (an
//!   e-mail address only, from the light sign-up). E-mail addresses are stored trimmed and
//!   lowercased, and are unique.
//! - A session is a 256-bit random token carried by the session cookie; the table keeps
//!   only its SHA-256. It ends after [`SESSION_IDLE`] without use (the last use is
//!   recorded at most once per [`SESSION_TOUCH`]) and at the latest [`SESSION_ABSOLUTE`]
//!   after it began.
//! - Every function takes `now`, so tests move the clock instead of waiting.

pub mod account_links;
pub(crate) mod entity;
pub mod m0003_members;
pub mod m0009_sign_in_pending_vote;
pub mod m0012_account_links;
pub mod profile;
pub mod sign_in_codes;
pub mod token;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    SqlErr,
};

use crate::StoreError;
use crate::by_key::by_key;
use entity::{member, session};

/// A session ends after this long without use (7 days).
pub const SESSION_IDLE: Duration = Duration::days(7);
/// A session ends this long after it began, used or not (30 days).
pub const SESSION_ABSOLUTE: Duration = Duration::days(30);
/// The last use of a session is written at most this often (1 hour).
pub const SESSION_TOUCH: Duration = Duration::hours(1);
/// The plan of a new member.
pub const DEFAULT_PLAN: &str = visitor_state::sign_on::BASIC_PLAN;

/// What a new member is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMember {
    /// E-mail address; stored trimmed and lowercased.
    pub email: String,
    /// Argon2id PHC string, or none for a light member.
    pub password_hash: Option<String>,
    /// Display name.
    pub name: Option<String>,
}

/// A stored member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Member id.
    pub id: i64,
    /// E-mail address, lowercased.
    pub email: String,
    /// Argon2id PHC string; none for a light member.
    pub password_hash: Option<String>,
    /// Display name.
    pub name: Option<String>,
    /// Plan key.
    pub plan: String,
    /// Group id, when set.
    pub group_id: Option<String>,
    /// Opted out of sharing personal info.
    pub private_info_opt_out: bool,
    /// When the member joined.
    pub created_at: DateTime<Utc>,
    /// Public handle in the question-and-answer area; none until set.
    pub login: Option<String>,
    /// Job title or caption shown beside the member's answers.
    pub title: Option<String>,
    /// Address of the member's avatar picture.
    pub avatar: Option<String>,
    /// What the member may do in the question-and-answer area.
    pub role: Role,
    /// When the member proved the address; none until a link e-mailed to it was followed.
    pub email_confirmed_at: Option<DateTime<Utc>>,
}

impl From<member::Model> for Member {
    fn from(m: member::Model) -> Self {
        Self {
            id: m.id,
            email: m.email,
            password_hash: m.password_hash,
            name: m.display_name,
            plan: m.plan,
            group_id: m.group_id,
            private_info_opt_out: m.private_info_opt_out,
            created_at: m.created_at,
            login: m.login,
            title: m.title,
            avatar: m.avatar,
            role: Role::from_stored(&m.role),
            email_confirmed_at: m.email_confirmed_at,
        }
    }
}

/// What kind of session to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SessionKind {
    /// A delegated (auth-user) session: someone acting on the member's account, read-only.
    pub delegated: bool,
    /// Fully signed in (password entered), as opposed to a light sign-in.
    pub full: bool,
}

/// A live session with its member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Hex SHA-256 of the token: identifies the session without revealing the token.
    pub token_hash: String,
    /// The member.
    pub member: Member,
    /// Delegated (read-only).
    pub delegated: bool,
    /// Fully signed in.
    pub full: bool,
    /// When the session began.
    pub created_at: DateTime<Utc>,
    /// Last recorded use.
    pub last_seen_at: DateTime<Utc>,
    /// Absolute end.
    pub expires_at: DateTime<Utc>,
}

/// The stored form of an e-mail address: trimmed and lowercased.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

fn unique_violation(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn foreign_key_violation(err: &DbErr) -> bool {
    matches!(
        err.sql_err(),
        Some(SqlErr::ForeignKeyConstraintViolation(_))
    )
}

/// Adds a member and returns its id. The address is stored trimmed and lowercased; an
/// address already registered (in any case) is [`StoreError::Conflict`].
pub async fn create_member(db: &impl ConnectionTrait, new: NewMember) -> Result<i64, StoreError> {
    create_member_at(db, new, Utc::now()).await
}

/// [`create_member`] with the join time given.
pub async fn create_member_at(
    db: &impl ConnectionTrait,
    new: NewMember,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let email = normalise_email(&new.email);
    if email.is_empty() {
        return Err(StoreError::InvalidData("empty e-mail address".to_owned()));
    }
    let row = member::ActiveModel {
        email: Set(email),
        password_hash: Set(new.password_hash),
        display_name: Set(new.name),
        plan: Set(DEFAULT_PLAN.to_owned()),
        group_id: Set(None),
        private_info_opt_out: Set(false),
        created_at: Set(now),
        ..Default::default()
    };
    match member::Entity::insert(row).exec(db).await {
        Ok(done) => Ok(done.last_insert_id),
        Err(err) if unique_violation(&err) => Err(StoreError::Conflict(
            "e-mail address already registered".to_owned(),
        )),
        Err(err) => Err(err.into()),
    }
}

/// A member by id.
pub async fn member(db: &impl ConnectionTrait, id: i64) -> Result<Option<Member>, StoreError> {
    Ok(by_key(member::Entity::find_by_id(id), db)
        .await?
        .map(Member::from))
}

/// A member by e-mail address (compared trimmed and lowercased).
pub async fn member_by_email(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<Option<Member>, StoreError> {
    Ok(by_key(
        member::Entity::find().filter(member::Column::Email.eq(normalise_email(email))),
        db,
    )
    .await?
    .map(Member::from))
}

/// Sets a member's opt-out of sharing personal info. An unknown member is
/// [`StoreError::NotFound`].
pub async fn set_private_info_opt_out(
    db: &impl ConnectionTrait,
    member_id: i64,
    opt_out: bool,
) -> Result<(), StoreError> {
    set_member_column(db, member_id, member::Column::PrivateInfoOptOut, opt_out).await
}

/// Sets one column of a member's row. An unknown member is [`StoreError::NotFound`].
async fn set_member_column(
    db: &impl ConnectionTrait,
    member_id: i64,
    column: member::Column,
    value: impl Into<sea_orm::Value>,
) -> Result<(), StoreError> {
    let done = member::Entity::update_many()
        .col_expr(column, Expr::value(value))
        .filter(member::Column::Id.eq(member_id))
        .exec(db)
        .await?;
    if done.rows_affected == 0 {
        return Err(StoreError::NotFound(format!("member {member_id}")));
    }
    Ok(())
}

/// Opens a session for a member and returns its token, the value of the session cookie
/// (64 hex digits, 256 random bits). Only the token's SHA-256 is stored.
///
/// This is the only way to open a delegated (`kind.delegated`) session: the site itself
/// opens only member sessions (join, sign-in, sign-in link); delegated ones are opened
/// from the command line (`plainrate member delegated-session`). An unknown member is
/// [`StoreError::NotFound`].
pub async fn create_session(
    db: &impl ConnectionTrait,
    member_id: i64,
    kind: SessionKind,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let token = token::new_token();
    let row = session::ActiveModel {
        token_hash: Set(token::digest(&token)),
        member_id: Set(member_id),
        delegated: Set(kind.delegated),
        full: Set(kind.full),
        created_at: Set(now),
        last_seen_at: Set(now),
        expires_at: Set(now + SESSION_ABSOLUTE),
    };
    match session::Entity::insert(row)
        .exec_without_returning(db)
        .await
    {
        Ok(_) => Ok(token),
        Err(err) if foreign_key_violation(&err) => {
            Err(StoreError::NotFound(format!("member {member_id}")))
        }
        Err(err) => Err(err.into()),
    }
}

/// Whether a stored session is live at `now`: used within [`SESSION_IDLE`] and before its
/// absolute end.
fn is_live(row: &session::Model, now: DateTime<Utc>) -> bool {
    now < row.expires_at && now < row.last_seen_at + SESSION_IDLE
}

/// The live session behind a cookie token, with its member; `None` for a malformed,
/// unknown, revoked or expired token. An expired session is deleted. The last use is
/// written when it is [`SESSION_TOUCH`] or more old.
pub async fn session(
    db: &impl ConnectionTrait,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Option<Session>, StoreError> {
    if !token::is_well_formed(token) {
        return Ok(None);
    }
    let hash = token::digest(token);
    // The session and its member in one read: this runs on every signed-in request.
    // (No `.one()`: see `by_key`.)
    let found = session::Entity::find_by_id(hash.clone())
        .find_also_related(member::Entity)
        .all(db)
        .await?
        .into_iter()
        .next();
    let Some((row, member)) = found else {
        return Ok(None);
    };
    if !is_live(&row, now) {
        session::Entity::delete_by_id(hash).exec(db).await?;
        return Ok(None);
    }
    let Some(member) = member.map(Member::from) else {
        return Ok(None);
    };
    let mut last_seen_at = row.last_seen_at;
    if now - row.last_seen_at >= SESSION_TOUCH {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::TokenHash.eq(hash.clone()))
            .exec(db)
            .await?;
        last_seen_at = now;
    }
    Ok(Some(Session {
        token_hash: hash,
        member,
        delegated: row.delegated,
        full: row.full,
        created_at: row.created_at,
        last_seen_at,
        expires_at: row.expires_at,
    }))
}

/// Ends the session behind a token; whether one existed.
pub async fn revoke_session(db: &impl ConnectionTrait, token: &str) -> Result<bool, StoreError> {
    if !token::is_well_formed(token) {
        return Ok(false);
    }
    let done = session::Entity::delete_by_id(token::digest(token))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// Records that the member proved the address at `now` (kept when it was proved before).
pub async fn confirm_email(
    db: &impl ConnectionTrait,
    member_id: i64,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    member::Entity::update_many()
        .col_expr(member::Column::EmailConfirmedAt, Expr::value(Some(now)))
        .filter(member::Column::Id.eq(member_id))
        .filter(member::Column::EmailConfirmedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Replaces a member's password hash only if it is still `expected` (none: the member has
/// no password yet); whether it was. A change that found another hash (a reset came first)
/// changes nothing.
pub async fn replace_password_hash(
    db: &impl ConnectionTrait,
    member_id: i64,
    expected: Option<&str>,
    hash: String,
) -> Result<bool, StoreError> {
    let still = match expected {
        Some(old) => member::Column::PasswordHash.eq(old),
        None => member::Column::PasswordHash.is_null(),
    };
    let done = member::Entity::update_many()
        .col_expr(member::Column::PasswordHash, Expr::value(Some(hash)))
        .filter(member::Column::Id.eq(member_id))
        .filter(still)
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// Sets a member's password hash (an Argon2id PHC string). An unknown member is
/// [`StoreError::NotFound`].
pub async fn set_password_hash(
    db: &impl ConnectionTrait,
    member_id: i64,
    hash: String,
) -> Result<(), StoreError> {
    set_member_column(db, member_id, member::Column::PasswordHash, Some(hash)).await
}

/// Moves a member to a new address, proved at `now`. An address another member has is
/// [`StoreError::Conflict`]; an unknown member [`StoreError::NotFound`].
pub async fn change_email(
    db: &impl ConnectionTrait,
    member_id: i64,
    email: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let done = member::Entity::update_many()
        .col_expr(member::Column::Email, Expr::value(normalise_email(email)))
        .col_expr(member::Column::EmailConfirmedAt, Expr::value(Some(now)))
        .filter(member::Column::Id.eq(member_id))
        .exec(db)
        .await;
    match done {
        Ok(done) if done.rows_affected == 0 => {
            Err(StoreError::NotFound(format!("member {member_id}")))
        }
        Ok(_) => Ok(()),
        Err(err) if unique_violation(&err) => Err(StoreError::Conflict(
            "e-mail address already registered".to_owned(),
        )),
        Err(err) => Err(err.into()),
    }
}

/// The shown name of a deleted account.
pub const FORMER_MEMBER: &str = "a former member";

/// Deletes a member's account but not what they wrote: the address, password, name,
/// handle, caption and picture are removed, every session, sign-in code and account link
/// ends, and what they wrote and voted stays, shown as by [`FORMER_MEMBER`]. The address
/// becomes `deleted-member:{id}`, which is no e-mail address, so no one can receive mail
/// at it, join with it or take it in advance; the outbox's e-mails to the old address and
/// its unsubscribe records go, as do the products and listings they followed.
/// An unknown member is [`StoreError::NotFound`].
pub async fn delete_account(db: &impl ConnectionTrait, member_id: i64) -> Result<(), StoreError> {
    let Some(old) = member(db, member_id).await? else {
        return Err(StoreError::NotFound(format!("member {member_id}")));
    };
    crate::outbox::forget_recipient(db, &old.email).await?;
    crate::outbox::opt_outs::forget(db, &old.email).await?;
    crate::alerts::forget(db, member_id).await?;
    let done = member::Entity::update_many()
        .col_expr(
            member::Column::Email,
            Expr::value(format!("deleted-member:{member_id}")),
        )
        .col_expr(
            member::Column::PasswordHash,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            member::Column::DisplayName,
            Expr::value(Some(FORMER_MEMBER)),
        )
        .col_expr(member::Column::Login, Expr::value(Option::<String>::None))
        .col_expr(member::Column::Title, Expr::value(Option::<String>::None))
        .col_expr(member::Column::Avatar, Expr::value(Option::<String>::None))
        .col_expr(
            member::Column::EmailConfirmedAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(member::Column::Id.eq(member_id))
        .exec(db)
        .await?;
    if done.rows_affected == 0 {
        return Err(StoreError::NotFound(format!("member {member_id}")));
    }
    revoke_member_sessions(db, member_id).await?;
    entity::sign_in_code::Entity::delete_many()
        .filter(entity::sign_in_code::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    entity::account_link::Entity::delete_many()
        .filter(entity::account_link::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every session of a member but one (the one the request came with); how many ended.
pub async fn revoke_other_sessions(
    db: &impl ConnectionTrait,
    member_id: i64,
    keep_token: &str,
) -> Result<u64, StoreError> {
    let done = session::Entity::delete_many()
        .filter(session::Column::MemberId.eq(member_id))
        .filter(session::Column::TokenHash.ne(token::digest(keep_token)))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Ends every session of a member; how many there were.
pub async fn revoke_member_sessions(
    db: &impl ConnectionTrait,
    member_id: i64,
) -> Result<u64, StoreError> {
    let done = session::Entity::delete_many()
        .filter(session::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// How many sessions a member has open (live or not yet cleaned up).
pub async fn session_count(db: &impl ConnectionTrait, member_id: i64) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(session::Entity::find()
        .filter(session::Column::MemberId.eq(member_id))
        .count(db)
        .await?)
}

/// Deletes sessions that are no longer live at `now`; how many.
pub async fn prune_sessions(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let done = session::Entity::delete_many()
        .filter(
            Condition::any()
                .add(session::Column::ExpiresAt.lte(now))
                .add(session::Column::LastSeenAt.lte(now - SESSION_IDLE)),
        )
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// What a member may do in the question-and-answer area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Role {
    /// An ordinary member (the default).
    #[default]
    Member,
    /// Site staff: answers are shown as an expert's; may moderate.
    Staff,
    /// A moderator: answers are shown as an expert's; may moderate.
    Moderator,
}

impl Role {
    /// The stored name: `member`, `staff` or `moderator`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::Staff => "staff",
            Self::Moderator => "moderator",
        }
    }

    /// The role a stored name names.
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "member" => Some(Self::Member),
            "staff" => Some(Self::Staff),
            "moderator" => Some(Self::Moderator),
            _ => None,
        }
    }

    /// The role of a stored row. The column's check allows only the three names; anything
    /// else reads as the least privileged role.
    pub(crate) fn from_stored(key: &str) -> Self {
        Self::from_key(key).unwrap_or_default()
    }

    /// Whether the member's answers are shown as an expert's (staff and moderators).
    pub fn is_expert(self) -> bool {
        matches!(self, Self::Staff | Self::Moderator)
    }

    /// Whether the member may hide and restore questions and answers.
    pub fn can_moderate(self) -> bool {
        matches!(self, Self::Staff | Self::Moderator)
    }
}
