//! Where votes are written.
//!
//! SQLite takes one writer at a time and every commit waits for the disk (WAL with
//! `synchronous=FULL`), so votes sent one transaction each would queue behind each other's
//! disk syncs. Instead every SQLite database gets one writer task: it takes every vote
//! that arrived while the previous commit was syncing and commits them together, then
//! answers each. Each vote keeps its own rules — its rate-limit hit, vote and totals
//! stand or fall together — and is acknowledged only after the commit that holds it.
//!
//! The writer first runs a batch straight through, in a few statements for all its votes
//! ([`store::votes::cast_batch_in`]): each statement is a round trip to the database's
//! connection thread, and three of them for each vote were most of a vote's cost. When
//! one vote of the batch has to be undone (rate limited, or a failed statement), the batch
//! is rolled back and run again with a savepoint around each vote, so that only that vote
//! is undone.
//!
//! PostgreSQL lets concurrent transactions share a disk sync, so there each vote is
//! simply its own transaction ([`store::votes::cast`]).

use chrono::{DateTime, Utc};
use ratings::StarCount;
use sea_orm::{DatabaseConnection, DbBackend, TransactionTrait};
use store::limits::Limit;
use store::votes::{self, Ballot, BatchVote, Cast, TargetKind};
use tokio::sync::{mpsc, oneshot};

use crate::ApiError;

/// Most votes committed together.
pub const MAX_BATCH: usize = 256;

/// Votes waiting for the writer before senders wait in turn.
const QUEUE: usize = 4096;

/// One vote, owned so that it can wait in the writer's queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoteRequest {
    /// Product or institution.
    pub kind: TargetKind,
    /// The offer id voted on.
    pub target_id: String,
    /// The voting member.
    pub member_id: i64,
    /// The vote.
    pub stars: StarCount,
    /// The rate limit the vote counts against.
    pub limit: Limit,
    /// Whom the limit counts (the member).
    pub limit_subject: String,
    /// When the vote was made.
    pub now: DateTime<Utc>,
}

impl VoteRequest {
    fn ballot(&self) -> Ballot<'_> {
        Ballot {
            kind: self.kind,
            target_id: &self.target_id,
            member_id: self.member_id,
            stars: self.stars,
        }
    }

    fn limit(&self) -> store::limits::LimitFor<'_> {
        self.limit.on(&self.limit_subject)
    }
}

/// A vote's outcome, or why it could not be written (logged, never shown).
type Outcome = Result<Cast, String>;

struct Job {
    request: VoteRequest,
    reply: oneshot::Sender<Outcome>,
}

/// Where votes go: on SQLite the queue of the one writer task, on PostgreSQL straight to
/// the database. Part of the shared state; the task ends when the last clone is dropped.
#[derive(Clone)]
pub struct VoteWriter {
    db: DatabaseConnection,
    queue: Option<mpsc::Sender<Job>>,
}

impl VoteWriter {
    /// The writer of `db`: on SQLite its task starts now.
    pub fn start(db: DatabaseConnection) -> Self {
        let queue = (db.get_database_backend() == DbBackend::Sqlite).then(|| {
            let (sender, receiver) = mpsc::channel(QUEUE);
            tokio::spawn(run(db.clone(), receiver));
            sender
        });
        Self { db, queue }
    }

    /// Writes one vote and returns its outcome once it is durable (or rolled back).
    pub async fn cast(&self, request: VoteRequest) -> Result<Cast, ApiError> {
        let Some(queue) = &self.queue else {
            return Ok(
                votes::cast(&self.db, &request.ballot(), &request.limit(), request.now).await?,
            );
        };
        let (reply, answer) = oneshot::channel();
        queue
            .send(Job { request, reply })
            .await
            .map_err(|_| ApiError::Internal("the vote writer has stopped".to_owned()))?;
        answer
            .await
            .map_err(|_| ApiError::Internal("the vote writer dropped a vote".to_owned()))?
            .map_err(ApiError::Internal)
    }
}

/// The writer task: commits whatever votes are waiting, until every sender is gone.
async fn run(db: DatabaseConnection, mut receiver: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while receiver.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        crate::telemetry::vote_batch(jobs.len(), receiver.len());
        let requests: Vec<&VoteRequest> = jobs.iter().map(|j| &j.request).collect();
        let outcomes = match straight(&db, &requests).await {
            Some(outcomes) => outcomes,
            None => {
                tracing::debug!(
                    votes = requests.len(),
                    "a vote of the batch must be undone; writing each in a savepoint"
                );
                one_by_one(&db, &requests).await
            }
        };
        for (job, outcome) in jobs.drain(..).zip(outcomes) {
            // A caller that went away still had its vote written; nobody to tell.
            let _ = job.reply.send(outcome);
        }
    }
}

/// The whole batch in one transaction, in a few statements for all its votes
/// ([`votes::cast_batch_in`]). `None` when a vote has to be undone (the batch was rolled
/// back and must be run with savepoints).
async fn straight(db: &DatabaseConnection, requests: &[&VoteRequest]) -> Option<Vec<Outcome>> {
    let txn = match store::begin_write(db).await {
        Ok(txn) => txn,
        Err(err) => return Some(all_failed(requests.len(), &err.to_string())),
    };
    let batch: Vec<BatchVote<'_>> = requests
        .iter()
        .map(|request| BatchVote {
            ballot: request.ballot(),
            limit: request.limit(),
            now: request.now,
        })
        .collect();
    match votes::cast_batch_in(&txn, &batch).await {
        Ok(Some(casts)) => Some(match txn.commit().await {
            Ok(()) => casts.into_iter().map(Ok).collect(),
            Err(err) => all_failed(requests.len(), &err.to_string()),
        }),
        outcome => {
            // Over a limit is expected now and then; a failing batch is not.
            if let Err(err) = &outcome {
                tracing::warn!(%err, "a vote batch failed; writing each in a savepoint");
            }
            if let Err(err) = txn.rollback().await {
                tracing::warn!(%err, "rolling back a vote batch failed");
            }
            None
        }
    }
}

/// The batch in one transaction with a savepoint around each vote, so that a vote that
/// must be undone is undone alone.
async fn one_by_one(db: &DatabaseConnection, requests: &[&VoteRequest]) -> Vec<Outcome> {
    let txn = match store::begin_write(db).await {
        Ok(txn) => txn,
        Err(err) => return all_failed(requests.len(), &err.to_string()),
    };
    let mut outcomes = Vec::with_capacity(requests.len());
    for request in requests {
        outcomes.push(one(&txn, request).await);
    }
    match txn.commit().await {
        Ok(()) => outcomes,
        Err(err) => all_failed(requests.len(), &err.to_string()),
    }
}

/// One vote inside its own savepoint.
async fn one(txn: &sea_orm::DatabaseTransaction, request: &VoteRequest) -> Outcome {
    let savepoint = txn.begin().await.map_err(|e| e.to_string())?;
    match votes::cast_in(&savepoint, &request.ballot(), &request.limit(), request.now).await {
        Ok(cast) if !cast.must_roll_back() => {
            savepoint.commit().await.map_err(|e| e.to_string())?;
            Ok(cast)
        }
        Ok(cast) => {
            savepoint.rollback().await.map_err(|e| e.to_string())?;
            Ok(cast)
        }
        Err(err) => {
            if let Err(undo) = savepoint.rollback().await {
                tracing::warn!(%undo, "rolling back a vote failed");
            }
            Err(err.to_string())
        }
    }
}

fn all_failed(n: usize, why: &str) -> Vec<Outcome> {
    vec![Err(why.to_owned()); n]
}
