//! Answering connections: one event loop per thread, each answering the connections
//! handed to it.
//!
//! Each serving thread runs a single-threaded runtime that answers its connections to the
//! end, so the work of answering is never handed between the serving threads: the shape of
//! nginx's worker processes. One acceptor on the process's own runtime takes every
//! connection from the listening socket and hands it to the loop with the fewest open
//! connections (the `handoff` module), so a burst of connections is shared between the loops. One
//! work-stealing runtime for every connection spent a measurable share of each small
//! answer on waking and stealing between its threads (the pixel about 15 % slower,
//! docs/BENCHMARKS.md). The process's own runtime keeps the background work (the vote and
//! tracking writers, the catalogue watch) and serves no connection: a writer sharing a
//! loop with connections waited behind them (votes 20 % slower). A database connection
//! belongs to the loop that opened it and serves the others too, so every loop's runtime
//! lasts until all of them have finished.

use std::future::Future;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::num::NonZeroUsize;

use axum::serve::ListenerExt;
use tokio::sync::{mpsc, watch};

use crate::router::App;

pub mod from_file;
mod handoff;

use handoff::LoopListener;

/// Blocking tasks (password hashes, 19 MiB of memory each) one loop runs at once; more
/// wait their turn. Tokio's default of 512 per runtime would allow that many per loop.
const MAX_BLOCKING_THREADS: usize = 16;

/// The runtime of one event loop: single-threaded, with timers and I/O. Tasks woken from
/// another thread (a database reply, the vote writer's answer) are taken up within two
/// polls rather than the default 31, so requests waiting on the database are not held
/// behind every connection this loop serves.
pub fn event_loop() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .global_queue_interval(2)
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .build()
}

/// How many threads answer when `setting` threads are asked for: the setting, or with 0
/// one per CPU core.
pub fn thread_count(setting: usize) -> usize {
    if setting > 0 {
        return setting;
    }
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Answers `app` on `listener` with `threads` event loops of their own threads until
/// `shutdown` completes (or a loop fails); then the listener closes, every loop finishes
/// the requests it has started, `drain` runs, and the loops' runtimes end. Call it on a
/// runtime's thread: the acceptor and the background tasks started on that runtime run
/// there until it returns. Database connections the loops opened end with them, so `serve`
/// returning is the end of the app's connection pool too (the process exits; a test opens
/// a new pool).
pub async fn serve(
    listener: TcpListener,
    app: App,
    threads: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
    drain: impl Future<Output = ()>,
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let (acceptor, lanes) = handoff::lanes(threads.max(1), listener.local_addr()?);
    let (stop, stopping) = watch::channel(false);
    let (release, released) = watch::channel(false);
    let (finished, mut results) = mpsc::unbounded_channel::<io::Result<()>>();
    let mut first_error = None;
    let mut loops = Vec::new();
    for (n, lane) in lanes.into_iter().enumerate() {
        let (app, released, finished) = (app.clone(), released.clone(), finished.clone());
        let started = std::thread::Builder::new()
            .name(format!("serve-{n}"))
            .spawn(move || run_loop(n, lane, app, released, finished));
        match started {
            Ok(thread) => loops.push(thread),
            Err(err) => {
                first_error = Some(err);
                let _ = stop.send(true);
                break;
            }
        }
    }
    // The loops stop once the acceptor has stopped and they have answered every connection
    // it handed them; the acceptor stops on `stop` or when no loop is left.
    let accepting = tokio::spawn(acceptor.run(listener, stopping));
    drop((app, released, finished));
    let stopper = stop.clone();
    tokio::spawn(async move {
        shutdown.await;
        let _ = stopper.send(true);
    });
    // Every loop reports once it has finished its requests (or drops its sender when it
    // could not start); the first failure stops the others.
    while let Some(result) = results.recv().await {
        if let Err(err) = result {
            let _ = stop.send(true);
            first_error.get_or_insert(err);
        }
    }
    // The loops are done, so the acceptor has stopped and the listener is closed.
    if accepting.await.is_err() {
        first_error.get_or_insert_with(|| io::Error::other("the acceptor panicked"));
    }
    drain.await;
    let _ = release.send(true);
    // Joined off this thread, which keeps running the background tasks meanwhile.
    for thread in loops {
        if !matches!(
            tokio::task::spawn_blocking(move || thread.join()).await,
            Ok(Ok(()))
        ) {
            first_error.get_or_insert_with(|| io::Error::other("a serving thread panicked"));
        }
    }
    first_error.map_or(Ok(()), Err)
}

/// A serving thread: runs one event loop until its connections stop coming, reports, and keeps its
/// runtime until every loop has reported. Database connections opened on this loop serve
/// every loop's requests, and would fail if its runtime ended while another loop still
/// finishes a request.
fn run_loop(
    n: usize,
    listener: LoopListener,
    app: App,
    mut released: watch::Receiver<bool>,
    finished: mpsc::UnboundedSender<io::Result<()>>,
) {
    let runtime = match event_loop() {
        Ok(runtime) => runtime,
        Err(err) => {
            tracing::error!(%err, thread = n, "a serving thread could not start");
            let _ = finished.send(Err(err));
            return;
        }
    };
    runtime.block_on(async move {
        let result = answer(listener, app).await;
        if let Err(err) = &result {
            tracing::error!(%err, thread = n, "a serving thread stopped");
        }
        let _ = finished.send(result);
        drop(finished);
        let _ = released.wait_for(|release| *release).await;
    });
}

/// One event loop: answers the connections handed to it until the acceptor has stopped,
/// then finishes the requests it has started.
async fn answer(mut listener: LoopListener, app: App) -> io::Result<()> {
    let handed_all = listener.handed_all();
    // Answers go out as soon as they are written, as nginx's `tcp_nodelay on` does: with
    // Nagle's algorithm a keep-alive connection can hold an answer's last segment until
    // the client acknowledges the previous one. (`tap_io` is also what gives the app each
    // connection's peer address: axum has no `ConnectInfo` for a listener of its own.)
    let listener = listener.tap_io(|connection| {
        if let Err(err) = connection.stream().set_nodelay(true) {
            tracing::warn!(%err, "could not turn off Nagle's algorithm on a connection");
        }
    });
    axum::serve(
        listener,
        axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<
            SocketAddr,
        >(app),
    )
    .with_graceful_shutdown(handed_all)
    .await
}
