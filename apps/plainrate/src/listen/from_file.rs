//! Large finished bodies sent from a file, as nginx sends its files: the kernel hands the
//! file's pages to the socket (`sendfile`) instead of copying the body from the process's
//! memory into the socket's buffers.
//!
//! A finished body that will be sent many times (a cached listing, a script of the built
//! frontend) is written once into an in-memory file of its own ([`FileCopy::of`]). While
//! that copy lives, a connection that is asked to write bytes lying inside the body's
//! memory sends them from the file instead ([`send`]): the same bytes, since the body never
//! changes and the copy keeps it alive. Every other write is an ordinary one.
//!
//! Why: the cached listing's 79 KB cost the server a copy into the kernel on every answer
//! that nginx, sending the same bytes from a file, does not make (docs/BENCHMARKS.md). The
//! files are bounded ([`MAX_FILES`]) so that they never take the descriptors connections
//! need; a body that finds none left is sent the ordinary way.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::File;
use std::io::{self, IoSlice, Write};
use std::os::fd::BorrowedFd;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{RwLock, RwLockReadGuard};

use axum::body::Bytes;
use rustix::fs::{MemfdFlags, SealFlags};
use rustix::net::{SendAncillaryBuffer, SendFlags};

/// Bodies smaller than this are copied: below a few pages, handing pages over costs
/// more than copying them.
pub const MIN_LEN: usize = 16 * 1024;

/// The most in-memory files the process keeps at once.
pub const MAX_FILES: usize = 256;

/// The in-memory copy of one body, registered while it lives.
#[derive(Debug)]
pub struct FileCopy {
    /// The body: kept alive while the copy is registered, so no other data can take its
    /// addresses meanwhile.
    body: Bytes,
}

/// A registered body's copy.
struct Registered {
    len: usize,
    file: File,
}

/// Registered copies by the address of their body's first byte.
static COPIES: RwLock<BTreeMap<usize, Registered>> = RwLock::new(BTreeMap::new());

/// Files taken, against [`MAX_FILES`].
static FILES: AtomicUsize = AtomicUsize::new(0);

impl FileCopy {
    /// Copies `body` into an in-memory file and registers it, so that writes of its bytes
    /// go out from the file. `None` (the body is sent the ordinary way) when the body is
    /// shorter than [`MIN_LEN`], the process already keeps [`MAX_FILES`], or the file could
    /// not be made.
    pub fn of(body: &Bytes) -> Option<Self> {
        if body.len() < MIN_LEN || !take_file() {
            return None;
        }
        match copy(body) {
            Ok(file) => {
                let mut copies = COPIES.write().unwrap_or_else(|p| p.into_inner());
                match copies.entry(body.as_ptr().addr()) {
                    Entry::Vacant(vacant) => {
                        vacant.insert(Registered {
                            len: body.len(),
                            file,
                        });
                        Some(Self { body: body.clone() })
                    }
                    // The same body has a copy already, which stays the only one.
                    Entry::Occupied(_) => {
                        FILES.fetch_sub(1, Ordering::Relaxed);
                        None
                    }
                }
            }
            Err(err) => {
                FILES.fetch_sub(1, Ordering::Relaxed);
                tracing::warn!(%err, "a body could not be copied into a file; it is sent from memory");
                None
            }
        }
    }
}

impl Drop for FileCopy {
    fn drop(&mut self) {
        let mut copies = COPIES.write().unwrap_or_else(|p| p.into_inner());
        if copies.remove(&self.body.as_ptr().addr()).is_some() {
            FILES.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// Takes one of the [`MAX_FILES`]; false when none is left.
fn take_file() -> bool {
    FILES
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |taken| {
            (taken < MAX_FILES).then_some(taken + 1)
        })
        .is_ok()
}

/// A sealed in-memory file holding `body`: nothing can change it afterwards.
fn copy(body: &[u8]) -> io::Result<File> {
    let fd = rustix::fs::memfd_create("body", MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING)?;
    let mut file = File::from(fd);
    file.write_all(body)?;
    rustix::fs::fcntl_add_seals(
        &file,
        SealFlags::SEAL | SealFlags::SHRINK | SealFlags::GROW | SealFlags::WRITE,
    )?;
    Ok(file)
}

/// Where in a write's buffers a registered body lies: the first buffer that is part of
/// one, and the file and place its bytes start at. Holds the registry, so the file stays
/// open until the write is done.
pub struct Found {
    copies: RwLockReadGuard<'static, BTreeMap<usize, Registered>>,
    index: usize,
    start: usize,
    offset: u64,
}

/// Looks for a buffer of `bufs` that lies inside a registered body. `None` (the caller
/// writes the buffers itself) when no buffer of at least [`MIN_LEN`] is registered; small
/// answers never touch the registry.
pub fn find(bufs: &[IoSlice<'_>]) -> Option<Found> {
    let first_large = bufs.iter().position(|buf| buf.len() >= MIN_LEN)?;
    let copies = COPIES.read().unwrap_or_else(|p| p.into_inner());
    let (index, start, offset) =
        bufs.iter()
            .enumerate()
            .skip(first_large)
            .find_map(|(index, buf)| {
                let (start, offset) = lookup(&copies, buf)?;
                Some((index, start, offset))
            })?;
    Some(Found {
        copies,
        index,
        start,
        offset,
    })
}

impl Found {
    /// Writes `bufs` (those `find` was given) to `socket`: the buffers before the body's
    /// as one send, held back to leave with the body's first packet, then the body's
    /// part from its file. As with any write, a part may be written: the count is of the
    /// buffers' bytes, in order.
    pub fn send(&self, socket: BorrowedFd<'_>, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
        let (Some(head), Some(body), Some(copy)) = (
            bufs.get(..self.index),
            bufs.get(self.index),
            self.copies.get(&self.start),
        ) else {
            return Err(io::ErrorKind::InvalidInput.into());
        };
        send_head_then_file(socket, head, &copy.file, self.offset, body.len())
    }
}

/// The registered body holding `buf`'s bytes (by its first byte's address) and where
/// they start in its file.
fn lookup(copies: &BTreeMap<usize, Registered>, buf: &[u8]) -> Option<(usize, u64)> {
    let address = buf.as_ptr().addr();
    let (start, copy) = copies.range(..=address).next_back()?;
    let offset = address - start;
    (offset.checked_add(buf.len())? <= copy.len).then_some((*start, offset as u64))
}

fn send_head_then_file(
    socket: BorrowedFd<'_>,
    head: &[IoSlice<'_>],
    file: &File,
    offset: u64,
    len: usize,
) -> io::Result<usize> {
    let head_len: usize = head.iter().map(|buf| buf.len()).sum();
    let mut sent = 0;
    if head_len > 0 {
        // `MORE`: the head waits in the socket for the body, so the two leave together.
        sent = rustix::net::sendmsg(
            socket,
            head,
            &mut SendAncillaryBuffer::default(),
            SendFlags::MORE | SendFlags::NOSIGNAL,
        )?;
        if sent < head_len {
            return Ok(sent);
        }
    }
    let mut at = offset;
    match rustix::fs::sendfile(socket, file, Some(&mut at), len) {
        Ok(n) => Ok(sent + n),
        // The head is written: that is the answer to this write; the error, if it lasts,
        // is the next one's.
        Err(_) if sent > 0 => Ok(sent),
        Err(err) => Err(err.into()),
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::net::{TcpListener, TcpStream};
    use std::os::fd::AsFd;

    use super::*;

    /// A connected pair of loopback sockets: (writer, reader).
    fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let writer = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (reader, _) = listener.accept().unwrap();
        (writer, reader)
    }

    fn body(len: usize) -> Bytes {
        Bytes::from((0..len).map(|i| (i % 251) as u8).collect::<Vec<u8>>())
    }

    /// Everything `bufs` says, written with [`send`] until all is out, as read by the
    /// other end (read meanwhile, so that a full socket is emptied).
    fn written(bufs: &[&[u8]]) -> (Vec<u8>, bool) {
        let (writer, mut reader) = pair();
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        let reading = std::thread::spawn(move || {
            let mut got = vec![0; total];
            reader.read_exact(&mut got).unwrap();
            got
        });
        let mut from_file = true;
        let (mut index, mut skip) = (0, 0);
        while index < bufs.len() {
            let rest: Vec<IoSlice<'_>> = bufs
                .iter()
                .enumerate()
                .skip(index)
                .map(|(i, b)| IoSlice::new(if i == index { &b[skip..] } else { b }))
                .collect();
            let mut n = match find(&rest) {
                Some(found) => found.send(writer.as_fd(), &rest).unwrap(),
                None => {
                    from_file = false;
                    (&writer).write_vectored(&rest).unwrap()
                }
            };
            while n > 0 {
                let left = bufs[index].len() - skip;
                if n >= left {
                    n -= left;
                    index += 1;
                    skip = 0;
                } else {
                    skip += n;
                    n = 0;
                }
            }
            while index < bufs.len() && bufs[index].len() == skip {
                index += 1;
                skip = 0;
            }
        }
        (reading.join().unwrap(), from_file)
    }

    #[test]
    fn a_registered_body_goes_out_from_its_file_with_the_head_before_it() {
        let body = body(200_000);
        let _copy = FileCopy::of(&body).expect("a large body gets a file");
        let head = b"HTTP/1.1 200 OK\r\ncontent-length: 200000\r\n\r\n".to_vec();
        let (got, from_file) = written(&[&head, &body]);
        assert!(from_file);
        assert_eq!(got.len(), head.len() + body.len());
        assert_eq!(&got[..head.len()], &head[..]);
        assert!(got[head.len()..] == body[..], "the body arrives as it is");
    }

    #[test]
    fn a_body_already_partly_written_goes_on_from_where_it_stopped() {
        let body = body(100_000);
        let _copy = FileCopy::of(&body).unwrap();
        // What is left after a short write: the body from its 30,001st byte.
        let (got, from_file) = written(&[&body[30_000..]]);
        assert!(from_file);
        assert!(got == body[30_000..]);
    }

    #[test]
    fn small_unregistered_and_dropped_bodies_are_left_to_the_caller() {
        let small = body(MIN_LEN - 1);
        assert!(FileCopy::of(&small).is_none());
        let unregistered = body(50_000);
        let bufs = [IoSlice::new(&unregistered)];
        assert!(find(&bufs).is_none());
        let dropped = body(50_000);
        drop(FileCopy::of(&dropped).unwrap());
        assert!(find(&[IoSlice::new(&dropped)]).is_none());
        // A slice running past the registered body is not sent from its file.
        let whole = body(60_000);
        let _copy = FileCopy::of(&whole.slice(..40_000)).unwrap();
        assert!(find(&[IoSlice::new(&whole)]).is_none());
        // A body registered twice keeps one copy, whose end ends its registration.
        let twice = body(50_000);
        let first = FileCopy::of(&twice).unwrap();
        assert!(FileCopy::of(&twice).is_none());
        assert!(find(&[IoSlice::new(&twice)]).is_some());
        drop(first);
        assert!(find(&[IoSlice::new(&twice)]).is_none());
    }
}
