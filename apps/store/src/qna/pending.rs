//! Guests' questions waiting for the code e-mailed to them.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveValue::NotSet, ActiveValue::Set, ConnectionTrait, DbBackend, EntityTrait, QuerySelect,
};

use super::entity::pending::{ActiveModel, Entity, Model};
use super::write::{NewQuestion, create_question};
use crate::StoreError;
use crate::by_key::by_key;
use crate::members::{self, NewMember, token};
use crate::sql::statement;

/// A guest's question to hold until the guest enters the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewPending<'a> {
    /// The guest's e-mail address (stored trimmed and lowercased).
    pub email: &'a str,
    /// The code e-mailed to the guest; only its SHA-256 is stored.
    pub code: &'a str,
    /// The address slug the question gets when published.
    pub slug: &'a str,
    /// The chosen category.
    pub category_id: i64,
    /// The product page it was asked on, if any.
    pub offer_id: Option<&'a str>,
    /// The question.
    pub title: &'a str,
    /// Further details.
    pub more_info: &'a str,
}

/// What entering a code did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmOutcome {
    /// The code was right: the question is published.
    Published {
        /// The new question.
        question_id: i64,
        /// The member it was published under (found or made for the e-mail address).
        member_id: i64,
    },
    /// The code was wrong; the attempt was counted.
    WrongCode {
        /// Attempts left before the code stops working.
        attempts_left: u32,
    },
    /// The code's time is up (a resend gives a new one).
    Expired,
    /// Too many wrong codes (a resend gives a new one).
    TooManyAttempts,
    /// The question was already published.
    AlreadyUsed,
    /// No such pending question.
    NotFound,
}

/// What sending the code again did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResendOutcome {
    /// The new code replaces the old one, with fresh attempts and expiry.
    Resent {
        /// The address to send it to.
        email: String,
    },
    /// The code was sent again too often.
    TooManyResends,
    /// The question was already published.
    AlreadyUsed,
    /// No such pending question.
    NotFound,
}

/// Whether two digests are equal, in time that does not depend on where they differ.
fn same_digest(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let diff = a
        .iter()
        .zip(b)
        .fold(0_u8, |acc, (x, y)| std::hint::black_box(acc | (x ^ y)));
    diff == 0
}

fn attempts(row: &Model) -> u32 {
    u32::try_from(row.attempts).unwrap_or(0)
}

/// Holds a guest's question until the code is entered; returns the pending id. The
/// code works for `lifetime`.
pub async fn create_pending(
    conn: &impl ConnectionTrait,
    new: &NewPending<'_>,
    lifetime: Duration,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let row = ActiveModel {
        id: NotSet,
        email: Set(members::normalise_email(new.email)),
        code_hash: Set(token::digest(new.code)),
        category_id: Set(new.category_id),
        offer_id: Set(new.offer_id.map(str::to_owned)),
        slug: Set(new.slug.to_owned()),
        title: Set(new.title.to_owned()),
        more_info: Set(new.more_info.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + lifetime),
        attempts: Set(0),
        resends: Set(0),
        published_question_id: Set(None),
        used_at: Set(None),
    };
    match Entity::insert(row).exec(conn).await {
        Ok(done) => Ok(done.last_insert_id),
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::ForeignKeyConstraintViolation(_))
            ) =>
        {
            Err(StoreError::NotFound(format!(
                "category {}",
                new.category_id
            )))
        }
        Err(err) => Err(err.into()),
    }
}

/// Checks a guest's code. The right code, entered in time and within `max_attempts`
/// wrong ones, publishes the question once, under the member of the e-mail address (a
/// light, passwordless member is made when none exists). A wrong code counts an attempt.
pub async fn confirm_pending(
    conn: &impl ConnectionTrait,
    pending_id: i64,
    code: &str,
    max_attempts: u32,
    now: DateTime<Utc>,
) -> Result<ConfirmOutcome, StoreError> {
    // On PostgreSQL the row is locked until the caller's transaction ends, so concurrent
    // guesses are counted one after the other and none slips past `max_attempts` (on
    // SQLite the caller's write transaction already runs alone).
    let row = if conn.get_database_backend() == DbBackend::Postgres {
        Entity::find_by_id(pending_id)
            .lock_exclusive()
            .one(conn)
            .await?
    } else {
        by_key(Entity::find_by_id(pending_id), conn).await?
    };
    let Some(row) = row else {
        return Ok(ConfirmOutcome::NotFound);
    };
    if row.used_at.is_some() {
        return Ok(ConfirmOutcome::AlreadyUsed);
    }
    if attempts(&row) >= max_attempts {
        return Ok(ConfirmOutcome::TooManyAttempts);
    }
    if now >= row.expires_at {
        return Ok(ConfirmOutcome::Expired);
    }
    let backend = conn.get_database_backend();
    if !same_digest(&token::digest(code), &row.code_hash) {
        let counted = conn
            .query_one_raw(statement(
                backend,
                "UPDATE qna_pending_questions SET attempts = attempts + 1 \
                 WHERE id = ? RETURNING attempts",
                vec![pending_id.into()],
            ))
            .await?;
        let used = match counted {
            Some(r) => u32::try_from(r.try_get_by_index::<i32>(0)?).unwrap_or(u32::MAX),
            None => return Ok(ConfirmOutcome::NotFound),
        };
        return Ok(ConfirmOutcome::WrongCode {
            attempts_left: max_attempts.saturating_sub(used),
        });
    }
    // Claimed by one conditional update, so two requests with the right code cannot
    // both publish.
    let claimed = conn
        .query_one_raw(statement(
            backend,
            "UPDATE qna_pending_questions SET used_at = ? \
             WHERE id = ? AND used_at IS NULL RETURNING id",
            vec![now.into(), pending_id.into()],
        ))
        .await?;
    if claimed.is_none() {
        return Ok(ConfirmOutcome::AlreadyUsed);
    }
    let member_id = match members::member_by_email(conn, &row.email).await? {
        Some(member) => member.id,
        None => {
            members::create_member_at(
                conn,
                NewMember {
                    email: row.email.clone(),
                    password_hash: None,
                    name: None,
                },
                now,
            )
            .await?
        }
    };
    // The code e-mailed to the address proves it, as a sign-in link does.
    members::confirm_email(conn, member_id, now).await?;
    let question_id = create_question(
        conn,
        &NewQuestion {
            category_id: row.category_id,
            offer_id: row.offer_id.as_deref(),
            slug: &row.slug,
            title: &row.title,
            more_info: &row.more_info,
            author_id: member_id,
        },
        now,
    )
    .await?;
    conn.execute_raw(statement(
        backend,
        "UPDATE qna_pending_questions SET published_question_id = ? WHERE id = ?",
        vec![question_id.into(), pending_id.into()],
    ))
    .await?;
    Ok(ConfirmOutcome::Published {
        question_id,
        member_id,
    })
}

/// Replaces the code of a pending question with `new_code`, good for `lifetime` from
/// `now` with no attempts used, at most `max_resends` times.
pub async fn resend_pending(
    conn: &impl ConnectionTrait,
    pending_id: i64,
    new_code: &str,
    max_resends: u32,
    lifetime: Duration,
    now: DateTime<Utc>,
) -> Result<ResendOutcome, StoreError> {
    let Some(row) = by_key(Entity::find_by_id(pending_id), conn).await? else {
        return Ok(ResendOutcome::NotFound);
    };
    if row.used_at.is_some() {
        return Ok(ResendOutcome::AlreadyUsed);
    }
    if u32::try_from(row.resends).unwrap_or(0) >= max_resends {
        return Ok(ResendOutcome::TooManyResends);
    }
    let done = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            "UPDATE qna_pending_questions SET code_hash = ?, attempts = 0, \
             resends = resends + 1, expires_at = ? \
             WHERE id = ? AND used_at IS NULL AND resends = ? RETURNING id",
            vec![
                token::digest(new_code).into(),
                (now + lifetime).into(),
                pending_id.into(),
                row.resends.into(),
            ],
        ))
        .await?;
    if done.is_none() {
        // A concurrent confirm or resend came first; the caller may try again.
        return Ok(ResendOutcome::AlreadyUsed);
    }
    Ok(ResendOutcome::Resent { email: row.email })
}

#[cfg(test)]
mod tests {
    use super::same_digest;

    #[test]
    fn digests_compare_equal_only_when_identical() {
        assert!(same_digest("abc", "abc"));
        assert!(!same_digest("abc", "abd"));
        assert!(!same_digest("abc", "abcd"));
        assert!(same_digest("", ""));
    }
}
