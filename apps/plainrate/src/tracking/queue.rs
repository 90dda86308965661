//! The tracking queue: handlers push events into a bounded in-memory queue without
//! waiting, and one background task writes them to the database in batches.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use sea_orm::DatabaseConnection;
use store::tracking::TrackingEvent;
use tokio::sync::{mpsc, oneshot};

use super::redirect::RedirectIndex;
use crate::listings::Snapshot;

/// How the queue and its writer behave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackerConfig {
    /// Events the queue holds; when it is full, new events are dropped and counted.
    pub capacity: usize,
    /// Most events written in one transaction.
    pub batch_size: usize,
    /// Longest wait after the first event of a batch before the batch is written.
    pub batch_interval: Duration,
}

impl Default for TrackerConfig {
    fn default() -> Self {
        Self {
            capacity: 65_536,
            batch_size: 500,
            batch_interval: Duration::from_millis(250),
        }
    }
}

/// What the queue carries.
enum Command {
    /// An event to store.
    Event(TrackingEvent),
    /// Write everything queued before this, then answer.
    Flush(oneshot::Sender<()>),
}

/// Counters of the queue, shared by every clone of the tracker.
struct Counters {
    accepted: AtomicU64,
    dropped: AtomicU64,
    written: AtomicU64,
    failed: AtomicU64,
    /// Milliseconds after `epoch` of the last "queue full" log line, plus one (0: never).
    last_drop_log: AtomicU64,
    epoch: Instant,
}

impl Counters {
    fn new() -> Self {
        Self {
            accepted: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            written: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            last_drop_log: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// Counts a dropped event and logs it, at most once a second.
    fn drop_one(&self) {
        let dropped = self
            .dropped
            .fetch_add(1, Ordering::Relaxed)
            .saturating_add(1);
        let now = u64::try_from(self.epoch.elapsed().as_millis())
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        let last = self.last_drop_log.load(Ordering::Relaxed);
        if (last == 0 || now.saturating_sub(last) >= 1000)
            && self
                .last_drop_log
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!(dropped, "tracking queue full: events dropped");
        }
    }
}

/// A snapshot of the queue's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrackingStats {
    /// Events taken into the queue.
    pub accepted: u64,
    /// Events dropped because the queue was full (or had no writer).
    pub dropped: u64,
    /// Events stored in the database.
    pub written: u64,
    /// Events lost because their batch could not be stored.
    pub failed: u64,
}

/// The redirect index of the last catalogue snapshot seen. The weak pointer keeps the
/// snapshot's address from being reused while the entry exists, so a pointer match
/// always means the same snapshot.
type IndexCache = Mutex<Option<(Weak<Snapshot>, Arc<RedirectIndex>)>>;

/// Records tracking events off the request path: ad views and clicks, redirect clicks and
/// the go-to-top ping. Cheap to clone; every clone feeds the same queue.
///
/// Views are analytics data: the request only pushes into a bounded queue (never waiting,
/// never touching the database) and a background task stores batches, one transaction
/// each. When the queue is full the event is dropped and counted. A crash loses at most
/// what is still queued, which the durability checklist allows for derivable counters.
#[derive(Clone)]
pub struct Tracker(Arc<Shared>);

/// What every clone of a tracker shares (one pointer, so cloning the state per request
/// stays one atomic increment).
struct Shared {
    sender: mpsc::Sender<Command>,
    counters: Arc<Counters>,
    redirects: IndexCache,
}

impl Default for Tracker {
    /// A tracker without a writer: every event is dropped and counted.
    fn default() -> Self {
        let (sender, _) = mpsc::channel(1);
        Self::over(sender)
    }
}

impl Tracker {
    fn over(sender: mpsc::Sender<Command>) -> Self {
        Self(Arc::new(Shared {
            sender,
            counters: Arc::new(Counters::new()),
            redirects: Mutex::new(None),
        }))
    }

    /// Starts the background writer over `db` with the default queue (65,536 events,
    /// batches of up to 500 events or 250 ms). Call it once, inside the runtime, when the
    /// state is built.
    pub fn start(db: DatabaseConnection) -> Self {
        Self::start_with(db, TrackerConfig::default())
    }

    /// Starts the background writer with explicit queue settings. Outside a tokio runtime
    /// no writer can run: the tracker then drops every event (and logs why).
    pub fn start_with(db: DatabaseConnection, config: TrackerConfig) -> Self {
        let (sender, receiver) = mpsc::channel(config.capacity.max(1));
        let tracker = Self::over(sender);
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                let counters = Arc::clone(&tracker.0.counters);
                runtime.spawn(write_batches(db, receiver, counters, config));
            }
            Err(_) => tracing::error!("tracking writer not started: no async runtime"),
        }
        tracker
    }

    /// Queues an event without waiting. Returns whether it was queued; when the queue is
    /// full (or has no writer) the event is dropped and counted instead.
    pub fn record(&self, event: TrackingEvent) -> bool {
        match self.0.sender.try_send(Command::Event(event)) {
            Ok(()) => {
                self.0.counters.accepted.fetch_add(1, Ordering::Relaxed);
                true
            }
            Err(_) => {
                self.0.counters.drop_one();
                false
            }
        }
    }

    /// Waits until every event queued before the call has been handed to the database
    /// (stored, or counted as failed). For tests and graceful shutdown. Returns false
    /// when there is no writer.
    pub async fn flush(&self) -> bool {
        let (done, wait) = oneshot::channel();
        if self.0.sender.send(Command::Flush(done)).await.is_err() {
            return false;
        }
        wait.await.is_ok()
    }

    /// The queue's counters.
    pub fn stats(&self) -> TrackingStats {
        let c = &self.0.counters;
        TrackingStats {
            accepted: c.accepted.load(Ordering::Relaxed),
            dropped: c.dropped.load(Ordering::Relaxed),
            written: c.written.load(Ordering::Relaxed),
            failed: c.failed.load(Ordering::Relaxed),
        }
    }

    /// The redirect index of `snapshot`, built once per snapshot.
    pub(crate) fn redirect_index(&self, snapshot: &Arc<Snapshot>) -> Arc<RedirectIndex> {
        let mut cache = match self.0.redirects.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some((seen, index)) = cache.as_ref()
            && std::ptr::eq(seen.as_ptr(), Arc::as_ptr(snapshot))
        {
            return Arc::clone(index);
        }
        let index = Arc::new(RedirectIndex::build(snapshot.offers()));
        *cache = Some((Arc::downgrade(snapshot), Arc::clone(&index)));
        index
    }
}

/// How often the writer looks at the queue while it gathers a batch. Gathering by ticks
/// rather than waking on every event keeps the writer's cost per event low under load.
const GATHER_TICK: Duration = Duration::from_millis(5);

/// What the writer is holding: the batch being gathered and the flushes to answer once
/// it is stored.
struct Pending {
    batch: Vec<TrackingEvent>,
    flushes: Vec<oneshot::Sender<()>>,
}

impl Pending {
    fn take(&mut self, command: Command) {
        match command {
            Command::Event(event) => self.batch.push(event),
            Command::Flush(done) => self.flushes.push(done),
        }
    }

    /// Stores the batch, then answers the flushes.
    async fn store(&mut self, db: &DatabaseConnection, counters: &Counters) {
        store_batch(db, &mut self.batch, counters).await;
        for done in self.flushes.drain(..) {
            let _ = done.send(());
        }
    }
}

/// The writer. Idle, it waits for the first event; then, every [`GATHER_TICK`], it takes
/// what is queued, and stores the batch in one transaction as soon as it is full, a flush
/// is asked for, or the batch interval has passed since its first event. When every
/// tracker is gone it stores what is left and stops.
async fn write_batches(
    db: DatabaseConnection,
    mut receiver: mpsc::Receiver<Command>,
    counters: Arc<Counters>,
    config: TrackerConfig,
) {
    let batch_size = config.batch_size.max(1);
    let mut pending = Pending {
        batch: Vec::with_capacity(batch_size),
        flushes: Vec::new(),
    };
    let mut open = true;
    while open {
        let Some(first) = receiver.recv().await else {
            break;
        };
        pending.take(first);
        let deadline = tokio::time::Instant::now() + config.batch_interval;
        loop {
            while pending.batch.len() < batch_size && pending.flushes.is_empty() {
                match receiver.try_recv() {
                    Ok(command) => pending.take(command),
                    Err(mpsc::error::TryRecvError::Empty) => break,
                    Err(mpsc::error::TryRecvError::Disconnected) => {
                        open = false;
                        break;
                    }
                }
            }
            let now = tokio::time::Instant::now();
            if pending.batch.len() >= batch_size
                || !pending.flushes.is_empty()
                || !open
                || now >= deadline
            {
                break;
            }
            tokio::time::sleep_until(deadline.min(now + GATHER_TICK)).await;
        }
        pending.store(&db, &counters).await;
    }
    // Every tracker is gone: store what is left.
    while let Ok(command) = receiver.try_recv() {
        pending.take(command);
    }
    pending.store(&db, &counters).await;
}

/// Stores one batch in one transaction, retrying once; a batch that still fails is
/// logged and counted as lost.
async fn store_batch(db: &DatabaseConnection, batch: &mut Vec<TrackingEvent>, counters: &Counters) {
    if batch.is_empty() {
        return;
    }
    let size = batch.len() as u64;
    let mut result = store::tracking::record(db, batch).await;
    if result.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
        result = store::tracking::record(db, batch).await;
    }
    match result {
        Ok(recorded) => {
            counters
                .written
                .fetch_add(recorded.total(), Ordering::Relaxed);
        }
        Err(err) => {
            counters.failed.fetch_add(size, Ordering::Relaxed);
            tracing::error!(%err, events = size, "tracking batch lost");
        }
    }
    batch.clear();
}
