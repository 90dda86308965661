//! The server over a real socket, on every backend: several event loops answer from one
//! listening socket, from memory and from the database, work queued by any of them
//! reaches the background writer, and a shutdown closes idle keep-alive connections,
//! drains once every loop has stopped, and lets every loop return.

use crate::common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

const PIXEL: &str = "/pixel.png?adview_id=a1&adview_pid=42&adview_page=listen&adview_version=2";
const SEARCH: &str = "/api/search?q=card";

/// Sends one GET on `stream` and reads its whole answer (the answers here carry a
/// `content-length`); returns the status line and the body.
async fn get_body(stream: &mut TcpStream, path: &str) -> (String, Vec<u8>) {
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = Vec::new();
    let mut buffer = [0u8; 16384];
    loop {
        let read = stream.read(&mut buffer).await.unwrap();
        assert!(read > 0, "the connection closed before the answer ended");
        seen.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&seen).into_owned();
        let Some(head_end) = text.find("\r\n\r\n") else {
            continue;
        };
        let length: usize = text[..head_end]
            .lines()
            .find_map(|line| {
                line.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap())
            })
            .expect("a content-length");
        if seen.len() >= head_end + 4 + length {
            let status = text.lines().next().unwrap_or("").to_owned();
            return (status, seen[head_end + 4..head_end + 4 + length].to_vec());
        }
    }
}

/// [`get_body`] for answers where only the length matters.
async fn get(stream: &mut TcpStream, path: &str) -> (String, usize) {
    let (status, body) = get_body(stream, path).await;
    (status, body.len())
}

#[tokio::test]
async fn two_event_loops_answer_every_connection_and_stop_together() {
    for app in common::apps().await {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address: SocketAddr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let tracking = app.state.tracking.clone();
        let drained = Arc::new(AtomicBool::new(false));
        let drain = {
            let drained = Arc::clone(&drained);
            async move {
                // The loops have stopped accepting before the drain runs.
                assert!(TcpStream::connect(address).await.is_err());
                assert!(tracking.flush().await);
                drained.store(true, Ordering::SeqCst);
            }
        };
        let server = tokio::spawn(plainrate::listen::serve(
            listener,
            app.router.clone(),
            2,
            async move {
                let _ = stopped.await;
            },
            drain,
        ));

        // 24 connections at once, each asking on one keep-alive connection for the pixel
        // (answered from memory, its view queued) and for a search (which reads the
        // database), twice: every answer is a 200 of the right kind.
        let clients = (0..24).map(|_| {
            tokio::spawn(async move {
                let mut stream = TcpStream::connect(address).await.unwrap();
                let mut answers = Vec::new();
                for _ in 0..2 {
                    answers.push((true, get(&mut stream, PIXEL).await));
                    answers.push((false, get(&mut stream, SEARCH).await));
                }
                answers
            })
        });
        for client in clients.collect::<Vec<_>>() {
            for (pixel, (status, length)) in client.await.unwrap() {
                assert_eq!(status, "HTTP/1.1 200 OK", "{}", app.name);
                if pixel {
                    assert_eq!(length, plainrate::tracking::PIXEL_PNG.len(), "{}", app.name);
                } else {
                    assert!(length > 0, "{}", app.name);
                }
            }
        }

        // An idle keep-alive connection does not hold the shutdown up: it is closed.
        let mut idle = TcpStream::connect(address).await.unwrap();
        let (status, _) = get(&mut idle, "/healthz").await;
        assert_eq!(status, "HTTP/1.1 200 OK", "{}", app.name);
        stop.send(()).unwrap();
        let returned = tokio::time::timeout(Duration::from_secs(10), server)
            .await
            .expect("every loop returns after the shutdown");
        assert!(returned.unwrap().is_ok(), "{}", app.name);
        assert!(
            drained.load(Ordering::SeqCst),
            "{}: the drain ran",
            app.name
        );
        // Every view queued on either loop reached the writer, which runs on this thread.
        let stats = app.state.tracking.stats();
        assert_eq!(stats.accepted, 48, "{}: {stats:?}", app.name);
        assert_eq!(stats.written, 48, "{}: {stats:?}", app.name);
        let mut rest = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), idle.read_to_end(&mut rest))
            .await
            .expect("the idle connection is closed");
        assert!(read.is_ok(), "{}", app.name);
        app.cleanup_over_new_pool().await;
    }
}

/// A large body survives the socket's partial writes: over a real socket, from both loops
/// at once, each answer of the API's document is byte for byte the answer the router
/// gives in memory.
#[tokio::test]
async fn a_large_body_arrives_whole_on_every_connection() {
    const DOCUMENT: &str = "/api/openapi.json";
    for app in common::apps().await {
        let expected = app.get(DOCUMENT, &[]).await;
        assert_eq!(expected.status, 200, "{}", app.name);
        assert!(
            expected.body.len() > 64 * 1024,
            "{}: the document spans many segments ({} bytes)",
            app.name,
            expected.body.len()
        );
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address: SocketAddr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(plainrate::listen::serve(
            listener,
            app.router.clone(),
            2,
            async move {
                let _ = stopped.await;
            },
            async {},
        ));
        let clients = (0..8).map(|_| {
            tokio::spawn(async move {
                let mut stream = TcpStream::connect(address).await.unwrap();
                let mut bodies = Vec::new();
                for _ in 0..3 {
                    bodies.push(get_body(&mut stream, DOCUMENT).await);
                }
                bodies
            })
        });
        for client in clients.collect::<Vec<_>>() {
            for (status, body) in client.await.unwrap() {
                assert_eq!(status, "HTTP/1.1 200 OK", "{}", app.name);
                assert!(body == expected.body, "{}: the bytes differ", app.name);
            }
        }
        stop.send(()).unwrap();
        let returned = tokio::time::timeout(Duration::from_secs(10), server)
            .await
            .expect("every loop returns after the shutdown");
        assert!(returned.unwrap().is_ok(), "{}", app.name);
        app.cleanup_over_new_pool().await;
    }
}
