//! Handing connections to the event loops: one acceptor takes every connection from the
//! listening socket and gives it to the loop with the fewest open connections.
//!
//! Loops that each accepted from the shared socket raced for every connection, and a burst
//! of connections (a browser's, a load balancer's pool) often went all to one loop while
//! the other sat idle: that loop's core did all the work and the cached listing ran at
//! 0.80× and 0.89× nginx in such turns, against 0.94× to 1.11× in turns where the loops
//! shared the connections (docs/BENCHMARKS.md, 2026-11-28, afternoon). Now each new
//! connection goes to the loop with the fewest open, whichever loop is awake when it
//! arrives; ties go round in turn.
//!
//! At a stop the acceptor stops first, closing the listening socket; each loop then
//! accepts whatever was already handed to it before it stops, so no connection taken
//! from the socket is dropped unanswered.

use std::io;
use std::net::SocketAddr;
use std::os::fd::AsFd;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};

use super::from_file;

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
    /// Where the next search for the least loaded loop starts, so that ties go round.
    turn: usize,
}

/// Makes the acceptor and one listener for each of `loops` event loops; every listener
/// reports `local` as its address.
pub(super) fn lanes(loops: usize, local: SocketAddr) -> (Acceptor, Vec<LoopListener>) {
    let loads: Loads = (0..loops).map(|_| AtomicUsize::new(0)).collect();
    let (lanes, listeners) = (0..loops)
        .map(|_| {
            let (sender, receiver) = mpsc::unbounded_channel();
            let (handed_all, all_handed) = oneshot::channel();
            let listener = LoopListener {
                receiver,
                local,
                tell_handed_all: Some(handed_all),
                all_handed: Some(all_handed),
            };
            (sender, listener)
        })
        .unzip();
    let acceptor = Acceptor {
        lanes,
        loads,
        turn: 0,
    };
    (acceptor, listeners)
}

impl Acceptor {
    /// Accepts from `listener` and hands each connection out until `stopping` turns true
    /// (or its sender is gone) or no loop is left to take one; then drops the listener, so
    /// that new connections are refused, and its senders, so that each loop learns it has
    /// been handed all it will get.
    pub(super) async fn run(mut self, listener: TcpListener, mut stopping: watch::Receiver<bool>) {
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

    /// Gives the connection to the loop with the fewest open connections among those still
    /// taking connections ([`Acceptor::least_loaded`]). False when none is.
    fn hand(&mut self, mut stream: std::net::TcpStream, peer: SocketAddr) -> bool {
        loop {
            let Some(lane) = self.least_loaded() else {
                return false;
            };
            let Some(sender) = self.lanes.get(lane) else {
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

    /// The loop still taking connections with the fewest open; among equals, the first
    /// from this turn's starting loop.
    fn least_loaded(&mut self) -> Option<usize> {
        let count = self.lanes.len();
        let start = self.turn;
        self.turn = self.turn.wrapping_add(1);
        (0..count)
            .map(|k| start.wrapping_add(k) % count)
            .filter_map(|lane| Some((lane, self.lanes.get(lane)?, self.loads.get(lane)?)))
            .filter(|(_, sender, _)| !sender.is_closed())
            .min_by_key(|(_, _, load)| load.load(Ordering::Relaxed))
            .map(|(lane, _, _)| lane)
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
    /// Told once the acceptor has stopped and every connection it handed over is taken.
    tell_handed_all: Option<oneshot::Sender<()>>,
    /// The other end, until [`LoopListener::handed_all`] takes it.
    all_handed: Option<oneshot::Receiver<()>>,
}

impl LoopListener {
    /// Completes once the acceptor has stopped and this loop has taken every connection it
    /// was handed (or the listener is gone): the loop's signal to stop accepting.
    pub fn handed_all(&mut self) -> impl Future<Output = ()> + Send + 'static {
        let all_handed = self.all_handed.take();
        async move {
            if let Some(all_handed) = all_handed {
                let _ = all_handed.await;
            }
        }
    }
}

impl axum::serve::Listener for LoopListener {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        loop {
            // The acceptor has stopped and every connection it handed over is taken: the
            // loop stops accepting (axum's graceful shutdown) and answers what it has.
            let Some(accepted) = self.receiver.recv().await else {
                if let Some(tell) = self.tell_handed_all.take() {
                    let _ = tell.send(());
                }
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
    // being copied together first; a large finished body with a file of its own is sent
    // from that file (`from_file`).
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if let Some(found) = from_file::find(bufs) {
            loop {
                std::task::ready!(self.stream.poll_write_ready(cx))?;
                let stream = &self.stream;
                match stream.try_io(Interest::WRITABLE, || found.send(stream.as_fd())) {
                    Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
                    Err(err) if from_file::cannot_send_files(&err) => break,
                    done => return Poll::Ready(done),
                }
            }
        }
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
    use axum::body::Bytes;
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
    async fn connections_handed_out_before_a_stop_are_still_taken_then_each_loop_is_told() {
        let (address, mut listeners, stop, accepting) = start(2).await;
        let mut all_handed: Vec<_> = listeners.iter_mut().map(|l| l.handed_all()).collect();
        let _clients = connect(address, 4).await;
        // Time for the acceptor to take the four from the socket and hand them out.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let second = all_handed.pop().unwrap();
        let first = all_handed.pop().unwrap();
        tokio::pin!(first, second);
        assert!(
            tokio::time::timeout(Duration::from_millis(100), &mut first)
                .await
                .is_err(),
            "no loop is told to stop while the acceptor runs"
        );
        stop.send(true).unwrap();
        accepting.await.unwrap();
        assert!(TcpStream::connect(address).await.is_err());
        // What was handed out before the stop is still there to answer.
        assert_eq!(taken(&mut listeners[0]).await.len(), 2);
        assert_eq!(taken(&mut listeners[1]).await.len(), 2);
        tokio::time::timeout(Duration::from_secs(1), async {
            tokio::join!(first, second)
        })
        .await
        .expect("each loop learns it has been handed all it will get");
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

    #[tokio::test]
    // The budget's lock is held for the whole test, so that the file stays within it; other
    // tests waiting for it run on threads of their own.
    #[allow(clippy::await_holding_lock)]
    async fn a_large_body_with_a_file_arrives_whole_through_a_full_socket() {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

        let (address, mut listeners, _stop, _accepting) = start(1).await;
        let mut client = TcpStream::connect(address).await.unwrap();
        let (mut connection, _) = taken(&mut listeners[0]).await.pop().unwrap();
        // Larger than the socket's buffers, and read only after a pause: the connection's
        // writes find the socket full, wait, and go on from where they stopped.
        let body = Bytes::from((0..4_000_000).map(|i| (i % 253) as u8).collect::<Vec<u8>>());
        let _budget = from_file::tests::budget();
        let _file = from_file::FileCopy::of(&body).expect("a large body gets a file");
        let head = b"HTTP/1.1 200 OK\r\ncontent-length: 4000000\r\n\r\n";
        let reading = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let mut got = Vec::new();
            client.read_to_end(&mut got).await.unwrap();
            got
        });
        let sent_before = from_file::tests::sent_from_files();
        let (mut head_left, mut body_left): (&[u8], &[u8]) = (head, &body);
        let mut writes = 0;
        while !body_left.is_empty() {
            let bufs = [io::IoSlice::new(head_left), io::IoSlice::new(body_left)];
            let mut n = connection.write_vectored(&bufs).await.unwrap();
            assert!(n > 0);
            let from_head = n.min(head_left.len());
            head_left = &head_left[from_head..];
            n -= from_head;
            body_left = &body_left[n..];
            writes += 1;
        }
        connection.shutdown().await.unwrap();
        drop(connection);
        let got = reading.await.unwrap();
        assert!(writes > 1, "the socket filled at least once");
        assert!(
            from_file::tests::sent_from_files() > sent_before,
            "sent from the file"
        );
        assert_eq!(got.len(), head.len() + body.len());
        assert!(got[..head.len()] == head[..] && got[head.len()..] == body[..]);
    }
}
