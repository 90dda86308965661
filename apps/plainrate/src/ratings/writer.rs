//! Where votes are written.
//!
//! SQLite takes one writer at a time and every commit waits for the disk (WAL with
//! `synchronous=FULL`), so votes sent one transaction each would queue behind each other's
//! disk syncs. Instead every SQLite database gets one writer task: it takes every vote
//! that arrived while the previous commit was syncing and commits them together, then
//! answers each. Each vote keeps its own rules — its rate-limit hit, vote and totals
//! stand or fall together — and is acknowledged only after the commit that holds it.
//!
//! The writer first runs a batch straight through. When one vote of the batch has to be
//! undone (rate limited, or a failed statement), the batch is rolled back and run again
//! with a savepoint around each vote, so that only that vote is undone.
//!
//! PostgreSQL lets concurrent transactions share a disk sync, so there each vote is
//! simply its own transaction ([`store::votes::cast`]).

use std::sync::{Arc, Mutex, Weak};

use chrono::{DateTime, Duration, Utc};
use ratings::StarCount;
use sea_orm::sqlx::sqlite::SqliteConnectOptions;
use sea_orm::{DatabaseConnection, DbBackend, TransactionTrait};
use store::votes::{self, Ballot, Cast, TargetKind, VoteLimit};
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
    /// The rate-limit counter's key.
    pub limit_key: String,
    /// The rate-limit window.
    pub window: Duration,
    /// Votes allowed per window.
    pub max_hits: u32,
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

    fn limit(&self) -> VoteLimit<'_> {
        VoteLimit {
            key: &self.limit_key,
            window: self.window,
            max_hits: self.max_hits,
        }
    }
}

/// A vote's outcome, or why it could not be written (logged, never shown).
type Outcome = Result<Cast, String>;

struct Job {
    request: VoteRequest,
    reply: oneshot::Sender<Outcome>,
}

/// The writer task of one SQLite database: the options of its pool identify the
/// database (they live exactly as long as the pool).
struct Registered {
    pool: Weak<SqliteConnectOptions>,
    sender: mpsc::Sender<Job>,
}

fn registry() -> &'static Mutex<Vec<Registered>> {
    static REGISTRY: Mutex<Vec<Registered>> = Mutex::new(Vec::new());
    &REGISTRY
}

/// The writer of `db`'s database, started on first use. Entries of closed pools and
/// of writers whose runtime ended are dropped on the way.
fn sender_for(db: &DatabaseConnection) -> mpsc::Sender<Job> {
    let options = db.get_sqlite_connection_pool().connect_options();
    let mut entries = match registry().lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    entries.retain(|e| e.pool.strong_count() > 0 && !e.sender.is_closed());
    if let Some(entry) = entries
        .iter()
        .find(|e| std::ptr::eq(e.pool.as_ptr(), Arc::as_ptr(&options)))
    {
        return entry.sender.clone();
    }
    let (sender, receiver) = mpsc::channel(QUEUE);
    tokio::spawn(run(db.clone(), receiver));
    entries.push(Registered {
        pool: Arc::downgrade(&options),
        sender: sender.clone(),
    });
    sender
}

/// Writes one vote and returns its outcome once it is durable (or rolled back).
pub async fn cast(db: &DatabaseConnection, request: VoteRequest) -> Result<Cast, ApiError> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return Ok(votes::cast(db, &request.ballot(), &request.limit(), request.now).await?);
    }
    let (reply, answer) = oneshot::channel();
    sender_for(db)
        .send(Job { request, reply })
        .await
        .map_err(|_| ApiError::Internal("the vote writer has stopped".to_owned()))?;
    answer
        .await
        .map_err(|_| ApiError::Internal("the vote writer dropped a vote".to_owned()))?
        .map_err(ApiError::Internal)
}

/// The writer task: commits whatever votes are waiting, until every sender is gone.
async fn run(db: DatabaseConnection, mut receiver: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while receiver.recv_many(&mut jobs, MAX_BATCH).await > 0 {
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

/// The whole batch in one transaction, no savepoints. `None` when a vote has to be undone
/// (the batch was rolled back and must be run with savepoints).
async fn straight(db: &DatabaseConnection, requests: &[&VoteRequest]) -> Option<Vec<Outcome>> {
    let txn = match votes::begin_write(db).await {
        Ok(txn) => txn,
        Err(err) => return Some(all_failed(requests.len(), &err.to_string())),
    };
    let mut outcomes = Vec::with_capacity(requests.len());
    for request in requests {
        match votes::cast_in(&txn, &request.ballot(), &request.limit(), request.now).await {
            Ok(cast) if !cast.must_roll_back() => outcomes.push(Ok(cast)),
            _ => {
                if let Err(err) = txn.rollback().await {
                    tracing::warn!(%err, "rolling back a vote batch failed");
                }
                return None;
            }
        }
    }
    Some(match txn.commit().await {
        Ok(()) => outcomes,
        Err(err) => all_failed(requests.len(), &err.to_string()),
    })
}

/// The batch in one transaction with a savepoint around each vote, so that a vote that
/// must be undone is undone alone.
async fn one_by_one(db: &DatabaseConnection, requests: &[&VoteRequest]) -> Vec<Outcome> {
    let txn = match votes::begin_write(db).await {
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
