//! Many votes in a few statements: how a single writer commits a batch.
//!
//! [`cast_in`](super::cast_in) takes three statements a vote, and each statement is a
//! round trip to the database's connection; for a writer committing dozens of votes at
//! once those round trips were most of the cost of a vote. [`cast_batch_in`] writes a
//! whole batch in about six statements and answers each vote exactly as `cast_in` would
//! have, had the votes been cast one after the other in the order given.
//!
//! The votes are written in rounds: a round holds at most one vote of each member on each
//! target and one hit on each rate-limit counter, so that every row a multi-row statement
//! returns belongs to one vote. Votes that would share a row go to a later round, so a
//! member's votes are written in their order. Most batches are one round.
//!
//! The totals of each target move once for the whole batch; the totals each vote answers
//! with are worked out from the final ones, in the order given.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, Value};

use super::{Ballot, Cast, Change, Tally, TargetKind, stored_stars};
use crate::StoreError;
use crate::limits::{self, LimitFor};
use crate::sql::{insert_rows_returning, placeholders, statement};

/// The most votes [`cast_batch_in`] takes at once: its statements bind a few values per
/// vote and target, far below the databases' limits at this size.
pub const MAX_BATCH_VOTES: usize = 1000;

/// One vote of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchVote<'a> {
    /// The vote.
    pub ballot: Ballot<'a>,
    /// The rate limit it counts against.
    pub limit: LimitFor<'a>,
    /// When it was made.
    pub now: DateTime<Utc>,
}

/// Casts every vote of `batch` inside the caller's transaction, in a few statements for
/// the whole batch, and answers each as [`cast_in`](super::cast_in) would have, one vote
/// after the other in the order given.
///
/// `None` when a vote is over its rate limit: the caller rolls back and casts the batch
/// one vote at a time (in savepoints), so that only that vote is undone. On an error the
/// caller rolls back too; a batch of more than [`MAX_BATCH_VOTES`] is an error, as is a
/// changed vote whose target has no totals row (as [`cast_in`](super::cast_in) finds).
///
/// Meant for SQLite's single writer: rows are locked in the batch's order, so on
/// PostgreSQL two batches at once could deadlock (there each vote is cast on its own).
pub async fn cast_batch_in(
    conn: &impl ConnectionTrait,
    batch: &[BatchVote<'_>],
) -> Result<Option<Vec<Cast>>, StoreError> {
    if batch.len() > MAX_BATCH_VOTES {
        return Err(StoreError::InvalidData(format!(
            "a batch of {} votes (at most {MAX_BATCH_VOTES})",
            batch.len()
        )));
    }
    let mut changes = vec![Change::Unchanged; batch.len()];
    for round in rounds(batch) {
        for kind in [TargetKind::Product, TargetKind::Institution] {
            let of_kind: Vec<usize> = round
                .iter()
                .copied()
                .filter(|&i| batch.get(i).is_some_and(|v| v.ballot.kind == kind))
                .collect();
            upsert_votes(conn, kind, batch, &of_kind, &mut changes).await?;
        }
        let hits: Vec<_> = round
            .iter()
            .filter(|&&i| changes.get(i).is_some_and(|c| *c != Change::Unchanged))
            .filter_map(|&i| batch.get(i).map(|v| (v.limit, v.now)))
            .collect();
        if limits::hit_each(conn, &hits).await?.iter().any(|h| h.over) {
            return Ok(None);
        }
    }
    let moves = totals_moves(batch, &changes);
    move_totals(conn, &moves).await?;
    let finals = read_totals(conn, batch).await?;
    tallies(batch, &changes, &finals).map(Some)
}

/// A target of a vote: its kind and id.
type Target<'a> = (TargetKind, &'a str);

/// The votes' positions in `batch`, in rounds: within a round no two votes share a
/// member's vote on a target or a rate-limit counter, and a vote comes after every earlier
/// vote it shares one with.
fn rounds(batch: &[BatchVote<'_>]) -> Vec<Vec<usize>> {
    let mut pairs: HashMap<(TargetKind, i64, &str), usize> = HashMap::new();
    let mut counters: HashMap<String, usize> = HashMap::new();
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    for (i, vote) in batch.iter().enumerate() {
        let pair = (
            vote.ballot.kind,
            vote.ballot.member_id,
            vote.ballot.target_id,
        );
        let counter = vote.limit.counter();
        let after = |seen: Option<&usize>| seen.map_or(0, |r| r + 1);
        let round = after(pairs.get(&pair)).max(after(counters.get(&counter)));
        pairs.insert(pair, round);
        counters.insert(counter, round);
        if rounds.len() <= round {
            rounds.resize_with(round + 1, Vec::new);
        }
        if let Some(votes) = rounds.get_mut(round) {
            votes.push(i);
        }
    }
    rounds
}

/// Writes the votes at positions `at` (one kind, at most one per member and target) in one
/// statement, and records what each did in `changes`.
async fn upsert_votes(
    conn: &impl ConnectionTrait,
    kind: TargetKind,
    batch: &[BatchVote<'_>],
    at: &[usize],
    changes: &mut [Change],
) -> Result<(), StoreError> {
    if at.is_empty() {
        return Ok(());
    }
    let (table, column) = (kind.table(), kind.column());
    let rows = at
        .iter()
        .filter_map(|&i| batch.get(i))
        .map(|v| {
            vec![
                v.ballot.member_id.into(),
                v.ballot.target_id.into(),
                i16::from(v.ballot.stars.get()).into(),
                Value::SmallInt(None),
                v.now.into(),
                v.now.into(),
            ]
        })
        .collect();
    // The statement of `cast_in`, for many rows.
    let returned = insert_rows_returning(
        conn,
        table,
        &[
            "member_id",
            column,
            "stars",
            "previous_stars",
            "created_at",
            "updated_at",
        ],
        rows,
        &format!(
            "ON CONFLICT (member_id, {column}) DO UPDATE SET \
             previous_stars = {table}.stars, \
             stars = excluded.stars, \
             updated_at = excluded.updated_at \
             WHERE {table}.stars <> excluded.stars \
             RETURNING member_id, {column}, previous_stars"
        ),
    )
    .await?;
    let position: HashMap<(i64, &str), usize> = at
        .iter()
        .filter_map(|&i| {
            batch
                .get(i)
                .map(|v| ((v.ballot.member_id, v.ballot.target_id), i))
        })
        .collect();
    for row in returned {
        let member: i64 = row.try_get_by_index(0)?;
        let target: String = row.try_get_by_index(1)?;
        let change = match row.try_get_by_index::<Option<i16>>(2)? {
            None => Change::Added,
            Some(old) => Change::Changed {
                from: stored_stars(old)?,
            },
        };
        let slot = position
            .get(&(member, target.as_str()))
            .and_then(|&i| changes.get_mut(i))
            .ok_or_else(|| {
                StoreError::InvalidData(format!("a vote upsert returned {member} {target}"))
            })?;
        *slot = change;
    }
    Ok(())
}

/// How a vote moves its target's totals: votes and stars.
fn delta(vote: &Ballot<'_>, change: Change) -> (i64, i64) {
    let stars = i64::from(vote.stars.get());
    match change {
        Change::Added => (1, stars),
        Change::Changed { from } => (0, stars - i64::from(from.get())),
        Change::Unchanged => (0, 0),
    }
}

/// How the batch moves one target's totals.
#[derive(Debug, Clone, Copy)]
struct Move {
    votes: i64,
    stars: i64,
    /// When the target's last changing vote was made.
    at: DateTime<Utc>,
}

/// Each target's move over the whole batch, for targets that any vote changed, in the
/// order they first changed.
fn totals_moves<'a>(batch: &[BatchVote<'a>], changes: &[Change]) -> Vec<(Target<'a>, Move)> {
    let mut moves: Vec<(Target<'a>, Move)> = Vec::new();
    for (vote, &change) in batch.iter().zip(changes) {
        if change == Change::Unchanged {
            continue;
        }
        let (votes, stars) = delta(&vote.ballot, change);
        let target = (vote.ballot.kind, vote.ballot.target_id);
        match moves.iter_mut().find(|(t, _)| *t == target) {
            Some((_, m)) => {
                m.votes += votes;
                m.stars += stars;
                m.at = vote.now;
            }
            None => moves.push((
                target,
                Move {
                    votes,
                    stars,
                    at: vote.now,
                },
            )),
        }
    }
    moves
}

/// Moves the totals: rows are made (empty) for targets that may have none yet, then every
/// row moves by its batch's difference in one statement. A new vote may be a target's
/// first; an empty row keeps the table's checks, which a row of negative differences
/// would break even where it only conflicts.
async fn move_totals(
    conn: &impl ConnectionTrait,
    moves: &[(Target<'_>, Move)],
) -> Result<(), StoreError> {
    if moves.is_empty() {
        return Ok(());
    }
    let backend = conn.get_database_backend();
    let new: Vec<Vec<Value>> = moves
        .iter()
        .filter(|(_, m)| m.votes > 0)
        .map(|((kind, target), m)| {
            vec![
                kind.key().into(),
                (*target).into(),
                0i64.into(),
                0i64.into(),
                m.at.into(),
            ]
        })
        .collect();
    insert_rows_returning(
        conn,
        "vote_totals",
        &["kind", "target_id", "votes", "star_sum", "updated_at"],
        new,
        "ON CONFLICT (kind, target_id) DO NOTHING",
    )
    .await?;
    // At most `MAX_BATCH_VOTES` targets: far below the bound-value limits.
    let rows = vec![format!("({})", placeholders(5)); moves.len()].join(", ");
    let mut values = Vec::with_capacity(moves.len() * 5);
    for ((kind, target), m) in moves {
        values.extend([
            Value::from(kind.key()),
            Value::from(*target),
            m.votes.into(),
            m.stars.into(),
            m.at.into(),
        ]);
    }
    let moved = conn
        .execute_raw(statement(
            backend,
            &format!(
                "UPDATE vote_totals SET votes = vote_totals.votes + d.column3, \
                 star_sum = vote_totals.star_sum + d.column4, updated_at = d.column5 \
                 FROM (VALUES {rows}) AS d \
                 WHERE vote_totals.kind = d.column1 AND vote_totals.target_id = d.column2"
            ),
            values,
        ))
        .await?
        .rows_affected();
    // A changed vote's target without a totals row: the totals are not what the votes
    // say, and moving the others would hide it.
    if usize::try_from(moved).ok() != Some(moves.len()) {
        return Err(StoreError::InvalidData(format!(
            "{moved} of {} vote totals rows moved",
            moves.len()
        )));
    }
    Ok(())
}

/// The totals of every target of the batch after it, as stored.
async fn read_totals<'a>(
    conn: &impl ConnectionTrait,
    batch: &[BatchVote<'a>],
) -> Result<HashMap<Target<'a>, Tally>, StoreError> {
    let mut targets: Vec<Target<'a>> = Vec::new();
    for vote in batch {
        let target = (vote.ballot.kind, vote.ballot.target_id);
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    let mut finals = HashMap::with_capacity(targets.len());
    if targets.is_empty() {
        return Ok(finals);
    }
    let wanted = vec!["(kind = ? AND target_id = ?)"; targets.len()].join(" OR ");
    let values = targets
        .iter()
        .flat_map(|(kind, target)| [Value::from(kind.key()), Value::from(*target)])
        .collect();
    let rows = conn
        .query_all_raw(statement(
            conn.get_database_backend(),
            &format!("SELECT kind, target_id, votes, star_sum FROM vote_totals WHERE {wanted}"),
            values,
        ))
        .await?;
    for row in rows {
        let kind: String = row.try_get_by_index(0)?;
        let target: String = row.try_get_by_index(1)?;
        let tally = Tally::from_row(row.try_get_by_index(2)?, row.try_get_by_index(3)?)?;
        if let Some(&found) = targets
            .iter()
            .find(|(k, t)| k.key() == kind && *t == target)
        {
            finals.insert(found, tally);
        }
    }
    Ok(finals)
}

/// Each vote's answer: its change and its target's totals right after it, worked back
/// from the totals after the whole batch (a target with no row has none).
fn tallies(
    batch: &[BatchVote<'_>],
    changes: &[Change],
    finals: &HashMap<Target<'_>, Tally>,
) -> Result<Vec<Cast>, StoreError> {
    let signed = |tally: Tally| -> (i64, i64) {
        (
            i64::try_from(tally.votes).unwrap_or(i64::MAX),
            i64::try_from(tally.star_sum).unwrap_or(i64::MAX),
        )
    };
    // Totals before the batch: the final ones less every vote's move.
    let mut running: HashMap<Target<'_>, (i64, i64)> = finals
        .iter()
        .map(|(target, tally)| (*target, signed(*tally)))
        .collect();
    for (vote, &change) in batch.iter().zip(changes) {
        let (votes, stars) = delta(&vote.ballot, change);
        let totals = running
            .entry((vote.ballot.kind, vote.ballot.target_id))
            .or_insert((0, 0));
        totals.0 -= votes;
        totals.1 -= stars;
    }
    batch
        .iter()
        .zip(changes)
        .map(|(vote, &change)| {
            let (votes, stars) = delta(&vote.ballot, change);
            let totals = running
                .entry((vote.ballot.kind, vote.ballot.target_id))
                .or_insert((0, 0));
            totals.0 += votes;
            totals.1 += stars;
            Ok(Cast::Counted {
                change,
                tally: Tally::from_row(totals.0, totals.1)?,
            })
        })
        .collect()
}
