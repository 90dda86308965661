//! Handing connections to the event loops: one acceptor takes every connection from the
//! listening socket and gives it to the loop with the fewest open connections.
//!
//! Loops that each accepted from the shared socket raced for every connection, and a burst
//! of connections (a browser's, a load balancer's pool) often went all to one loop while
//! the other sat idle: that loop's core did all the work and the cached listing ran at
//! about 0.8× nginx in such turns, against about 1.0× when the loops shared the
//! connections (docs/BENCHMARKS.md, 2026-11-28, afternoon). Handing out by open
//! connections keeps the loops within one connection of each other, whichever loop is
//! awake when a burst arrives.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};

/// How long the acceptor waits after an error that is not about one connection (the
/// process is out of file descriptors, say) before it accepts again, as axum's own accept
/// loop does.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_secs(1);

/// Open connections of each loop, shared by the acceptor and the loops.
type Loads = Arc<[AtomicUsize]>;

/// One loop's count of open connections, held as long as the connection is: dropping it
/// (the connection closed, or never reached its loop) takes the connection off the count.
struct Open {
    loads: Loads,
    lane: usize,
}

impl Open {
    fn new(loads: &Loads, lane: usize) -> Self {
        if let Some(load) = loads.get(lane) {
            load.fetch_add(1, Ordering::Relaxed);
        }
        Self {
            loads: Arc::clone(loads),
            lane,
        }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        if let Some(load) = self.loads.get(self.lane) {
            load.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// A connection on its way to a loop.
struct Accepted {
    stream: std::net::TcpStream,
    peer: SocketAddr,
    open: Open,
}

/// The acceptor's side: a sender to each loop, and their loads.
pub(super) struct Acceptor {
    lanes: Vec<mpsc::UnboundedSender<Accepted>>,
    loads: Loads,
}

/// Makes the acceptor and one listener for each of `loops` event loops; every listener
/// reports `local` as its address.
pub(super) fn lanes(loops: usize, local: SocketAddr) -> (Acceptor, Vec<LoopListener>) {
    let loads: Loads = (0..loops).map(|_| AtomicUsize::new(0)).collect();
    let (lanes, listeners) = (0..loops)
        .map(|_| {
            let (sender, receiver) = mpsc::unbounded_channel();
            (sender, LoopListener { receiver, local })
        })
        .unzip();
    (Acceptor { lanes, loads }, listeners)
}

impl Acceptor {
    /// Accepts from `listener` and hands each connection out until `stopping` turns true
    /// (or its sender is gone) or no loop is left to take one; then drops the listener, so
    /// that new connections are refused.
    pub(super) async fn run(self, listener: TcpListener, mut stopping: watch::Receiver<bool>) {
        loop {
            let accepted = tokio::select! {
                biased;
                _ = stopping.wait_for(|stop| *stop) => break,
                accepted = listener.accept() => accepted,
            };
            match accepted {
                Ok((stream, peer)) => match stream.into_std() {
                    Ok(stream) => {
                        if !self.hand(stream, peer) {
                            tracing::error!("no event loop is left to answer connections");
                            break;
                        }
                    }
                    Err(err) => tracing::warn!(%err, "an accepted connection was lost"),
                },
                Err(err) if is_about_one_connection(&err) => {}
                Err(err) => {
                    tracing::error!(%err, "accept error");
                    tokio::select! {
                        _ = stopping.wait_for(|stop| *stop) => break,
                        () = tokio::time::sleep(ACCEPT_ERROR_PAUSE) => {}
                    }
                }
            }
        }
    }

    /// Gives the connection to the loop with the fewest open connections (the first of
    /// them on a tie) among those still taking connections. False when none is.
    fn hand(&self, mut stream: std::net::TcpStream, peer: SocketAddr) -> bool {
        loop {
            let Some((lane, sender)) = self.least_loaded() else {
                return false;
            };
            let accepted = Accepted {
                stream,
                peer,
                open: Open::new(&self.loads, lane),
            };
            match sender.send(accepted) {
                Ok(()) => return true,
                // That loop stopped meanwhile (its count drops with `returned.open`).
                Err(mpsc::error::SendError(returned)) => stream = returned.stream,
            }
        }
    }

    /// The loop still taking connections with the fewest open, and its sender.
    fn least_loaded(&self) -> Option<(usize, &mpsc::UnboundedSender<Accepted>)> {
        self.lanes
            .iter()
            .zip(self.loads.iter())
            .enumerate()
            .filter(|(_, (sender, _))| !sender.is_closed())
            .min_by_key(|(_, (_, load))| load.load(Ordering::Relaxed))
            .map(|(lane, (sender, _))| (lane, sender))
    }
}

/// Errors about one connection (it was reset or aborted before it was accepted): the next
/// accept may go on at once.
fn is_about_one_connection(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// What one event loop accepts from: the connections the acceptor hands it.
pub struct LoopListener {
    receiver: mpsc::UnboundedReceiver<Accepted>,
    local: SocketAddr,
}

impl axum::serve::Listener for LoopListener {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        loop {
            // The acceptor has stopped: the loop is stopping too and answers no more.
            let Some(accepted) = self.receiver.recv().await else {
                return std::future::pending().await;
            };
            // Registered with this loop's reactor, so this loop alone does its I/O.
            match TcpStream::from_std(accepted.stream) {
                Ok(stream) => {
                    let connection = Connection {
                        stream,
                        _open: accepted.open,
                    };
                    return (connection, accepted.peer);
                }
                Err(err) => tracing::warn!(%err, "an accepted connection was lost"),
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.local)
    }
}

/// A connection a loop answers; it counts as open on that loop until it is dropped.
pub struct Connection {
    stream: TcpStream,
    _open: Open,
}

impl Connection {
    /// The socket, for its options.
    pub fn stream(&self) -> &TcpStream {
        &self.stream
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    // Passed on, so that an answer's head and body still leave in one `writev` without
    // being copied together first.
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use axum::serve::Listener as _;
    use tokio::task::JoinHandle;

    use super::*;

    /// An acceptor on a fresh loopback socket feeding `loops` listeners.
    async fn start(
        loops: usize,
    ) -> (
        SocketAddr,
        Vec<LoopListener>,
        watch::Sender<bool>,
        JoinHandle<()>,
    ) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (acceptor, listeners) = lanes(loops, address);
        let (stop, stopping) = watch::channel(false);
        let accepting = tokio::spawn(acceptor.run(listener, stopping));
        (address, listeners, stop, accepting)
    }

    /// Every connection `listener` has been handed, once none has come for 200 ms.
    async fn taken(listener: &mut LoopListener) -> Vec<(Connection, SocketAddr)> {
        let mut connections = Vec::new();
        while let Ok(connection) =
            tokio::time::timeout(Duration::from_millis(200), listener.accept()).await
        {
            connections.push(connection);
        }
        connections
    }

    /// Opens `count` connections to `address`.
    async fn connect(address: SocketAddr, count: usize) -> Vec<TcpStream> {
        let mut clients = Vec::new();
        for _ in 0..count {
            clients.push(TcpStream::connect(address).await.unwrap());
        }
        clients
    }

    #[tokio::test]
    async fn a_burst_of_connections_is_shared_between_the_loops() {
        let (address, mut listeners, _stop, _accepting) = start(2).await;
        let clients = connect(address, 10).await;
        let first = taken(&mut listeners[0]).await;
        let second = taken(&mut listeners[1]).await;
        assert_eq!((first.len(), second.len()), (5, 5));
        // Each loop learns the address the connection came from.
        let mut peers: Vec<SocketAddr> = first.iter().chain(&second).map(|(_, p)| *p).collect();
        let mut expected: Vec<SocketAddr> =
            clients.iter().map(|c| c.local_addr().unwrap()).collect();
        peers.sort();
        expected.sort();
        assert_eq!(peers, expected);
    }

    #[tokio::test]
    async fn a_new_connection_goes_to_the_loop_with_the_fewest_open() {
        let (address, mut listeners, _stop, _accepting) = start(2).await;
        let _clients = connect(address, 6).await;
        let mut first = taken(&mut listeners[0]).await;
        let second = taken(&mut listeners[1]).await;
        assert_eq!((first.len(), second.len()), (3, 3));
        // Two of the first loop's connections close (1 open against 3): new connections
        // go to it until it has as many open as the second, then they alternate again,
        // a tie going to the first loop.
        first.truncate(1);
        let _more = connect(address, 4).await;
        let first = taken(&mut listeners[0]).await;
        let second = taken(&mut listeners[1]).await;
        assert_eq!((first.len(), second.len()), (3, 1));
    }

    #[tokio::test]
    async fn a_loop_that_stopped_gets_no_connection_and_without_loops_the_acceptor_ends() {
        let (address, mut listeners, _stop, accepting) = start(2).await;
        let second = listeners.pop().unwrap();
        drop(second);
        let _clients = connect(address, 3).await;
        assert_eq!(taken(&mut listeners[0]).await.len(), 3);
        drop(listeners);
        let _last = TcpStream::connect(address).await.unwrap();
        tokio::time::timeout(Duration::from_secs(5), accepting)
            .await
            .expect("the acceptor ends when no loop is left")
            .unwrap();
        assert!(TcpStream::connect(address).await.is_err());
    }

    #[tokio::test]
    async fn when_told_to_stop_the_acceptor_closes_the_socket() {
        let (address, _listeners, stop, accepting) = start(2).await;
        stop.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(5), accepting)
            .await
            .expect("the acceptor stops")
            .unwrap();
        assert!(TcpStream::connect(address).await.is_err());
    }
}
