//! Rating votes on products and institutions.
//!
//! A member has at most one vote per product (and per institution): voting again with a
//! different star count replaces the vote, the same star count changes nothing. Beside
//! the votes, `vote_totals` keeps a running count and star sum per product and
//! institution, updated by the same transaction as the vote, so the mean after a vote is
//! read from one row instead of re-averaging every vote.
//!
//! [`cast`] is the whole vote: one transaction holding the vote, the member's rate-limit
//! hit and the totals. [`cast_in`] runs the same steps inside a transaction (or
//! savepoint) the caller owns, and [`cast_batch_in`] runs a whole batch of votes in a few
//! statements, so that a single writer can commit several votes at once.

mod batch;
mod entity;
pub mod m0004_votes;

use chrono::{DateTime, Utc};
use ratings::{Rating, StarCount};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Statement,
};

pub use batch::{BatchVote, MAX_BATCH_VOTES, cast_batch_in};

use crate::StoreError;
use crate::by_key::by_key;
use crate::limits::LimitFor;
use crate::sql::statement;

/// What is voted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// A product (credit card, account, loan…): `Details.SetRate`.
    Product,
    /// An institution (bank, credit union): `Reviews.SetInstRate`.
    Institution,
}

impl TargetKind {
    /// The short name stored in `vote_totals.kind`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Product => "product",
            Self::Institution => "institution",
        }
    }

    /// The table holding this kind's votes.
    fn table(self) -> &'static str {
        match self {
            Self::Product => "product_votes",
            Self::Institution => "institution_votes",
        }
    }

    /// The column naming the voted target in [`TargetKind::table`].
    fn column(self) -> &'static str {
        match self {
            Self::Product => "product_id",
            Self::Institution => "institution_id",
        }
    }
}

/// One member's vote on one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ballot<'a> {
    /// Product or institution.
    pub kind: TargetKind,
    /// The offer id of the product or institution.
    pub target_id: &'a str,
    /// The voting member.
    pub member_id: i64,
    /// The vote.
    pub stars: StarCount,
}

/// The member votes on one target: how many, and the sum of their stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Number of member votes.
    pub votes: u64,
    /// Sum of their star counts.
    pub star_sum: u64,
}

/// Decimal places kept in the mean of the votes (the ratings crate's rule).
pub use ratings::constants::MEAN_DECIMALS;

impl Tally {
    /// The mean star count by [`Rating::mean_of_votes`]: rounded half away from zero to
    /// [`MEAN_DECIMALS`] places; none without votes.
    pub fn mean(self) -> Option<Rating> {
        Rating::mean_of_votes(self.star_sum, self.votes)
    }

    fn from_row(votes: i64, star_sum: i64) -> Result<Self, StoreError> {
        match (u64::try_from(votes), u64::try_from(star_sum)) {
            (Ok(votes), Ok(star_sum)) => Ok(Self { votes, star_sum }),
            _ => Err(StoreError::InvalidData(format!(
                "negative vote totals: {votes} votes, {star_sum} stars"
            ))),
        }
    }
}

/// What a vote did to the member's vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The member had not voted on the target: one more vote.
    Added,
    /// The member's earlier vote was replaced.
    Changed {
        /// The earlier vote.
        from: StarCount,
    },
    /// The member had already voted exactly this: nothing changed.
    Unchanged,
}

/// The outcome of a vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cast {
    /// The vote was taken (or was already the member's vote).
    Counted {
        /// What happened to the member's vote.
        change: Change,
        /// The target's totals after the vote.
        tally: Tally,
    },
    /// Too many votes from this member in the current window; nothing was written.
    RateLimited {
        /// Votes counted in the window, this one included.
        hits: u32,
    },
}

impl Cast {
    /// Whether the caller must roll back: the vote was written before the member turned
    /// out to be over the limit. A counted vote is committed; an unchanged one wrote
    /// nothing, so either ending leaves the tables as they were.
    pub fn must_roll_back(&self) -> bool {
        matches!(self, Self::RateLimited { .. })
    }
}

/// Takes a member's vote in one transaction: the vote, the member's rate-limit hit and
/// the totals, committed together. A repeated vote writes nothing (not even a rate-limit
/// hit); a rate-limited vote and any error roll everything back.
pub async fn cast(
    db: &DatabaseConnection,
    ballot: &Ballot<'_>,
    limit: &LimitFor<'_>,
    now: DateTime<Utc>,
) -> Result<Cast, StoreError> {
    let txn = crate::begin_write(db).await?;
    let cast = cast_in(&txn, ballot, limit, now).await?;
    if cast.must_roll_back() {
        txn.rollback().await?;
    } else {
        txn.commit().await?;
    }
    Ok(cast)
}

/// The steps of [`cast`] inside a transaction or savepoint the caller owns; the caller
/// rolls back when [`Cast::must_roll_back`] or on an error, and commits otherwise.
///
/// Three statements, each a single row:
/// 1. the vote upsert, which keeps the replaced star count in `previous_stars` and
///    returns it: no row back means the member had already voted exactly this, and
///    nothing was written;
/// 2. the member's rate-limit hit;
/// 3. the totals: upserted for a new vote, moved by the difference for a changed one,
///    and returned.
///
/// On PostgreSQL the upsert locks the member's vote row, so concurrent votes of one
/// member on one target apply one after the other, each seeing the other's result.
pub async fn cast_in(
    conn: &impl ConnectionTrait,
    ballot: &Ballot<'_>,
    limit: &LimitFor<'_>,
    now: DateTime<Utc>,
) -> Result<Cast, StoreError> {
    let backend = conn.get_database_backend();
    let (table, column) = (ballot.kind.table(), ballot.kind.column());
    let stars = i16::from(ballot.stars.get());
    let upserted = conn
        .query_one_raw(statement(
            backend,
            &format!(
                "INSERT INTO {table} \
                 (member_id, {column}, stars, previous_stars, created_at, updated_at) \
                 VALUES (?, ?, ?, NULL, ?, ?) \
                 ON CONFLICT (member_id, {column}) DO UPDATE SET \
                 previous_stars = {table}.stars, \
                 stars = excluded.stars, \
                 updated_at = excluded.updated_at \
                 WHERE {table}.stars <> excluded.stars \
                 RETURNING previous_stars"
            ),
            vec![
                ballot.member_id.into(),
                ballot.target_id.into(),
                stars.into(),
                now.into(),
                now.into(),
            ],
        ))
        .await?;
    let Some(row) = upserted else {
        let tally = tally(conn, ballot.kind, ballot.target_id).await?;
        return Ok(Cast::Counted {
            change: Change::Unchanged,
            tally,
        });
    };
    let change = match row.try_get_by_index::<Option<i16>>(0)? {
        None => Change::Added,
        Some(old) => Change::Changed {
            from: stored_stars(old)?,
        },
    };
    let hits = limit.hit(conn, now).await?;
    if hits.over {
        return Ok(Cast::RateLimited { hits: hits.count });
    }
    // A new vote may be the target's first, so its totals row is upserted; a changed vote
    // moves the sum of a row that must already exist (a negative candidate row would
    // break the table's checks even where it only conflicts).
    let totals = match change {
        Change::Changed { from } => statement(
            backend,
            "UPDATE vote_totals SET star_sum = star_sum + ?, updated_at = ? \
             WHERE kind = ? AND target_id = ? \
             RETURNING votes, star_sum",
            vec![
                (i64::from(stars) - i64::from(from.get())).into(),
                now.into(),
                ballot.kind.key().into(),
                ballot.target_id.into(),
            ],
        ),
        _ => statement(
            backend,
            "INSERT INTO vote_totals (kind, target_id, votes, star_sum, updated_at) \
             VALUES (?, ?, 1, ?, ?) \
             ON CONFLICT (kind, target_id) DO UPDATE SET \
             votes = vote_totals.votes + 1, \
             star_sum = vote_totals.star_sum + excluded.star_sum, \
             updated_at = excluded.updated_at \
             RETURNING votes, star_sum",
            vec![
                ballot.kind.key().into(),
                ballot.target_id.into(),
                i64::from(stars).into(),
                now.into(),
            ],
        ),
    };
    let row = conn.query_one_raw(totals).await?.ok_or_else(|| {
        StoreError::InvalidData(format!(
            "no vote totals for {} {}",
            ballot.kind.key(),
            ballot.target_id
        ))
    })?;
    let tally = Tally::from_row(row.try_get_by_index(0)?, row.try_get_by_index(1)?)?;
    Ok(Cast::Counted { change, tally })
}

/// A stored star count as a [`StarCount`].
fn stored_stars(stars: i16) -> Result<StarCount, StoreError> {
    u8::try_from(stars)
        .ok()
        .and_then(|v| StarCount::new(v).ok())
        .ok_or_else(|| StoreError::InvalidData(format!("stored vote of {stars} stars")))
}

/// The running totals of one target (zero when nobody voted).
pub async fn tally(
    db: &impl ConnectionTrait,
    kind: TargetKind,
    target_id: &str,
) -> Result<Tally, StoreError> {
    match by_key(
        entity::vote_total::Entity::find_by_id((kind.key().to_owned(), target_id.to_owned())),
        db,
    )
    .await?
    {
        Some(row) => Tally::from_row(row.votes, row.star_sum),
        None => Ok(Tally::default()),
    }
}

/// What the vote totals look like at a glance: rows, votes, stars and the latest change.
/// Any cast that writes moves the latest change, so a reader that keeps a copy of the
/// totals rebuilds it exactly when this differs from the one it was built at.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TotalsFingerprint {
    /// Voted targets.
    pub targets: i64,
    /// Votes over all targets.
    pub votes: i64,
    /// Stars over all targets.
    pub stars: i64,
    /// The latest change, as stored.
    pub latest: Option<DateTime<Utc>>,
}

/// The current [`TotalsFingerprint`], in one aggregate query over `vote_totals`.
pub async fn totals_fingerprint(
    db: &impl ConnectionTrait,
) -> Result<TotalsFingerprint, StoreError> {
    let statement = Statement::from_string(
        db.get_database_backend(),
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(votes), 0) AS BIGINT), \
         CAST(COALESCE(SUM(star_sum), 0) AS BIGINT), MAX(updated_at) FROM vote_totals",
    );
    let Some(row) = db.query_one_raw(statement).await? else {
        return Ok(TotalsFingerprint::default());
    };
    let number = |i: usize| -> Result<i64, StoreError> { Ok(row.try_get_by_index::<i64>(i)?) };
    Ok(TotalsFingerprint {
        targets: number(0)?,
        votes: number(1)?,
        stars: number(2)?,
        latest: row.try_get_by_index::<Option<DateTime<Utc>>>(3)?,
    })
}

/// The running totals of every voted target of a kind, by target id.
pub async fn tallies(
    db: &impl ConnectionTrait,
    kind: TargetKind,
) -> Result<Vec<(String, Tally)>, StoreError> {
    use entity::vote_total::Column;
    entity::vote_total::Entity::find()
        .filter(sea_orm::ColumnTrait::eq(&Column::Kind, kind.key()))
        .order_by_asc(Column::TargetId)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Ok((row.target_id, Tally::from_row(row.votes, row.star_sum)?)))
        .collect()
}

/// The totals of one target counted afresh from its votes (to check or repair
/// `vote_totals`).
pub async fn recount(
    db: &impl ConnectionTrait,
    kind: TargetKind,
    target_id: &str,
) -> Result<Tally, StoreError> {
    let (table, column) = (kind.table(), kind.column());
    let backend = db.get_database_backend();
    let row = db
        .query_one_raw(statement(
            backend,
            &format!(
                "SELECT COUNT(*), CAST(COALESCE(SUM(stars), 0) AS BIGINT) \
                 FROM {table} WHERE {column} = ?"
            ),
            vec![target_id.into()],
        ))
        .await?
        .ok_or_else(|| StoreError::InvalidData("count returned no row".into()))?;
    Tally::from_row(row.try_get_by_index(0)?, row.try_get_by_index(1)?)
}

/// The member's current vote on a target, if any.
pub async fn member_vote(
    db: &impl ConnectionTrait,
    kind: TargetKind,
    member_id: i64,
    target_id: &str,
) -> Result<Option<StarCount>, StoreError> {
    let stars = match kind {
        TargetKind::Product => by_key(
            entity::product_vote::Entity::find_by_id((member_id, target_id.to_owned())),
            db,
        )
        .await?
        .map(|row| row.stars),
        TargetKind::Institution => by_key(
            entity::institution_vote::Entity::find_by_id((member_id, target_id.to_owned())),
            db,
        )
        .await?
        .map(|row| row.stars),
    };
    stars.map(stored_stars).transpose()
}
