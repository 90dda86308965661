//! Fixed-window rate-limit counters kept in the database, so every instance of the site
//! counts against the same limit.
//!
//! A window of length `w` starts at a multiple of `w` since the Unix epoch; one UPSERT
//! (`INSERT … ON CONFLICT DO UPDATE SET hits = hits + 1 RETURNING hits`) counts a hit and
//! reads the total in one statement, inside the caller's transaction when given one.
//! The stored key is the caller's key followed by the window length (`sign-in@60s`), so
//! one key limited over a minute and over an hour counts in separate rows.

mod entity;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use self::entity::{Column, Entity};

use crate::StoreError;
use crate::by_key::by_key;

/// A limit: at most `max` hits per `window` for one subject (a member, an address, an
/// e-mail address, a phone number). Every area declares its limits as constants of this
/// type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is limited (the first part of the counter key), e.g. `sign-in:ip`.
    pub name: &'static str,
    /// Hits allowed in one window.
    pub max: u32,
    /// Window length.
    pub window: Duration,
}

impl Limit {
    /// The counter key for `subject` (the window length is added when stored).
    pub fn key(&self, subject: &str) -> String {
        format!("{}:{subject}", self.name)
    }

    /// This limit applied to `subject`.
    pub fn on<'a>(self, subject: &'a str) -> LimitFor<'a> {
        LimitFor {
            limit: self,
            subject,
        }
    }
}

/// A limit applied to one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitFor<'a> {
    /// The limit.
    pub limit: Limit,
    /// Whom it counts.
    pub subject: &'a str,
}

impl LimitFor<'_> {
    /// The counter this limit counts in: its key with the window length.
    pub fn counter(&self) -> String {
        stored_key(&self.limit.key(self.subject), self.limit.window)
    }

    /// Counts one hit and says whether the limit is now exceeded (the hit still counts,
    /// so a refused attempt is remembered too).
    pub async fn hit(
        &self,
        db: &impl ConnectionTrait,
        now: DateTime<Utc>,
    ) -> Result<Hits, StoreError> {
        let count = hit(db, &self.limit.key(self.subject), self.limit.window, now).await?;
        Ok(Hits {
            count,
            over: count > self.limit.max,
        })
    }
}

/// The hits counted in a window, and whether they exceed the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hits {
    /// Hits in the window, this one included.
    pub count: u32,
    /// Whether `count` is over the limit's maximum.
    pub over: bool,
}

/// Counts one hit on every limit and says whether any is exceeded. Every counter is hit,
/// so a refused attempt counts everywhere.
pub async fn hit_all(
    db: &impl ConnectionTrait,
    limits: &[LimitFor<'_>],
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let mut over = false;
    for limit in limits {
        over |= limit.hit(db, now).await?.over;
    }
    Ok(over)
}

/// Counts one hit on each limit, each at its own time, in as few statements as the
/// bound-value limits allow (one for a few thousand): the hits of
/// each (this one included) in the order given, as [`LimitFor::hit`] would answer one by
/// one. Every counter (a limit's key and window length) may appear only once: a second
/// hit on the same counter is [`StoreError::InvalidData`], as its answer could not be told
/// from the first's.
pub async fn hit_each(
    db: &impl ConnectionTrait,
    hits: &[(LimitFor<'_>, DateTime<Utc>)],
) -> Result<Vec<Hits>, StoreError> {
    let mut keys = std::collections::HashMap::with_capacity(hits.len());
    let mut rows = Vec::with_capacity(hits.len());
    for (at, (limit, now)) in hits.iter().enumerate() {
        let key = limit.counter();
        let start = window_start(limit.limit.window, *now)?;
        rows.push(vec![key.clone().into(), start.into(), 1i32.into()]);
        if keys.insert(key, at).is_some() {
            return Err(StoreError::InvalidData(
                "a counter is hit twice at once".to_owned(),
            ));
        }
    }
    let returned = crate::sql::insert_rows_returning(
        db,
        "rate_limits",
        &["\"key\"", "window_start", "hits"],
        rows,
        "ON CONFLICT (\"key\", window_start) DO UPDATE SET hits = rate_limits.hits + 1 \
         RETURNING \"key\", hits",
    )
    .await?;
    let mut counted = vec![None; hits.len()];
    for row in returned {
        let key: String = row.try_get_by_index(0)?;
        let hits: i32 = row.try_get_by_index(1)?;
        let count = u32::try_from(hits).unwrap_or(0);
        if let Some(slot) = keys.get(&key).and_then(|&at| counted.get_mut(at)) {
            *slot = Some(count);
        }
    }
    hits.iter()
        .zip(counted)
        .map(|((limit, _), count)| {
            let count = count.ok_or_else(|| {
                StoreError::InvalidData("rate-limit upsert returned too few rows".to_owned())
            })?;
            Ok(Hits {
                count,
                over: count > limit.limit.max,
            })
        })
        .collect()
}

/// Start of the window of length `window` holding `now`.
pub fn window_start(window: Duration, now: DateTime<Utc>) -> Result<DateTime<Utc>, StoreError> {
    let seconds = window.num_seconds();
    if seconds <= 0 {
        return Err(StoreError::InvalidData(format!(
            "rate-limit window of {seconds} s"
        )));
    }
    let at = now.timestamp();
    DateTime::from_timestamp(at - at.rem_euclid(seconds), 0)
        .ok_or_else(|| StoreError::InvalidData("rate-limit window out of range".to_owned()))
}

/// The stored form of a key: the window length is part of it.
fn stored_key(key: &str, window: Duration) -> String {
    format!("{key}@{}s", window.num_seconds())
}

/// Counts one hit on `key` in the window of length `window` holding `now`, and returns the
/// hits in that window including this one. A window shorter than one second is
/// [`StoreError::InvalidData`].
pub async fn hit(
    db: &impl ConnectionTrait,
    key: &str,
    window: Duration,
    now: DateTime<Utc>,
) -> Result<u32, StoreError> {
    let start = window_start(window, now)?;
    let statement = Query::insert()
        .into_table(Entity)
        .columns([Column::Key, Column::WindowStart, Column::Hits])
        .values([stored_key(key, window).into(), start.into(), 1i32.into()])
        .map_err(|e| StoreError::InvalidData(e.to_string()))?
        .on_conflict(
            OnConflict::columns([Column::Key, Column::WindowStart])
                .value(Column::Hits, Expr::col((Entity, Column::Hits)).add(1))
                .to_owned(),
        )
        .returning_col(Column::Hits)
        .to_owned();
    let row = db
        .query_one(&statement)
        .await?
        .ok_or_else(|| StoreError::InvalidData("rate-limit upsert returned nothing".to_owned()))?;
    let hits: i32 = row.try_get_by_index(0)?;
    Ok(u32::try_from(hits).unwrap_or(0))
}

/// The hits on `key` in the window of length `window` holding `now`, without counting.
pub async fn peek(
    db: &impl ConnectionTrait,
    key: &str,
    window: Duration,
    now: DateTime<Utc>,
) -> Result<u32, StoreError> {
    let start = window_start(window, now)?;
    let row = by_key(Entity::find_by_id((stored_key(key, window), start)), db).await?;
    Ok(row.map_or(0, |r| u32::try_from(r.hits).unwrap_or(0)))
}

/// Deletes windows that started before `before`; how many rows went.
pub async fn prune(db: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, StoreError> {
    let done = Entity::delete_many()
        .filter(Column::WindowStart.lt(before))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
