//! Answering connections: one event loop per thread, all accepting from one socket.
//!
//! Each serving thread runs a single-threaded runtime that accepts connections from the
//! shared listening socket and answers them to the end, so a request is never handed
//! from one thread to another: the shape of nginx's worker processes. One work-stealing
//! runtime for every connection spent a measurable share of each small answer on waking
//! and stealing between its threads (the pixel about 15 % slower, docs/BENCHMARKS.md).
//! The process's own runtime keeps the background work (the vote and tracking writers,
//! the catalogue watch) and serves no connection: a writer sharing a loop with
//! connections waited behind them (votes 20 % slower).

use std::future::Future;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::num::NonZeroUsize;

use axum::serve::ListenerExt;
use tokio::sync::watch;

use crate::router::App;

/// The runtime of one event loop: single-threaded, with timers and I/O. Tasks woken from
/// another thread (a database reply, the vote writer's answer) are taken up within two
/// polls rather than the default 31, so requests waiting on the database are not held
/// behind every connection this loop serves.
pub fn event_loop() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .global_queue_interval(2)
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
/// `shutdown` completes; then every loop stops accepting, finishes the requests it has
/// started and returns. Call it on a runtime's thread: the background tasks started on
/// that runtime keep running there.
pub async fn serve(
    listener: TcpListener,
    app: App,
    threads: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let (stop, stopping) = watch::channel(false);
    let mut others = Vec::new();
    for n in 0..threads.max(1) {
        let (listener, app, stopping) = (listener.try_clone()?, app.clone(), stopping.clone());
        let thread = std::thread::Builder::new()
            .name(format!("serve-{n}"))
            .spawn(move || {
                let result = event_loop()
                    .and_then(|runtime| runtime.block_on(answer(listener, app, stopping)));
                if let Err(err) = &result {
                    tracing::error!(%err, thread = n, "a serving thread stopped");
                }
                result
            })?;
        others.push(thread);
    }
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop.send(true);
    });
    drop((listener, app, stopping));
    // Joined off this thread: a request still finishing elsewhere may wait on a task that
    // runs here (the vote writer), so this thread must keep running while they end.
    for thread in others {
        match tokio::task::spawn_blocking(move || thread.join()).await {
            Ok(Ok(result)) => result?,
            Ok(Err(_)) | Err(_) => return Err(io::Error::other("a serving thread panicked")),
        }
    }
    Ok(())
}

/// One event loop: accepts from its copy of the socket and answers until told to stop.
async fn answer(
    listener: TcpListener,
    app: App,
    mut stopping: watch::Receiver<bool>,
) -> io::Result<()> {
    // Answers go out as soon as they are written, as nginx's `tcp_nodelay on` does: with
    // Nagle's algorithm a keep-alive connection can hold an answer's last segment until
    // the client acknowledges the previous one.
    let listener = tokio::net::TcpListener::from_std(listener)?.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::warn!(%err, "could not turn off Nagle's algorithm on a connection");
        }
    });
    axum::serve(
        listener,
        axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<
            SocketAddr,
        >(app),
    )
    .with_graceful_shutdown(async move {
        let _ = stopping.wait_for(|stop| *stop).await;
    })
    .await
}
