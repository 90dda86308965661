//! Large finished bodies sent from a file, as nginx sends its files: the kernel hands the
//! file's pages to the socket (`sendfile`) instead of copying the body from the process's
//! memory into the socket's buffers.
//!
//! A finished body kept to be sent many times (a cached listing, a script of the built
//! frontend) is written once into an in-memory file of its own ([`FileCopy::of`]). While
//! that copy lives, a connection asked to write bytes lying inside the body's memory sends
//! them from the file instead ([`find`], [`Found::send`]): the same bytes, since the body
//! never changes and the copy keeps it alive. Every other write is made from memory.
//!
//! Why: the listing's 79 KB copy into the kernel was the largest single cost of answering
//! it, which nginx, sending the same bytes from a file, does not pay; the file path's own
//! work in the kernel is smaller (docs/BENCHMARKS.md, "a fifth session"). The files are
//! bounded ([`MAX_FILES`], [`MAX_BYTES`]) so that they leave most of the process's
//! descriptors to connections; a body that finds the budget spent is sent from memory.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::File;
use std::io::{self, IoSlice, Write};
use std::os::fd::BorrowedFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, RwLock, RwLockReadGuard};

use axum::body::Bytes;
use rustix::fs::{MemfdFlags, SealFlags};
use rustix::io::Errno;
use rustix::net::{SendAncillaryBuffer, SendFlags};

/// Bodies smaller than this are sent from memory: for a few pages the file path's own
/// work (looking up and handing over each page) would take most of what it saves.
pub const MIN_LEN: usize = 16 * 1024;

/// The most in-memory files the process keeps at once, and no more than an eighth of the
/// descriptors it may open, so connections keep the rest.
pub const MAX_FILES: usize = 256;

/// The most bytes all the files hold together: they are a second copy of their bodies,
/// counted as the process's shared memory rather than its resident set.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

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

/// What the files take, against [`MAX_FILES`] and [`MAX_BYTES`].
struct Taken {
    files: usize,
    bytes: usize,
}

static TAKEN: Mutex<Taken> = Mutex::new(Taken { files: 0, bytes: 0 });

/// Set while the budget has no room for another body, so that bodies waiting for a file
/// ([`has_room`]) look at one flag rather than take the lock.
static FULL: AtomicBool = AtomicBool::new(false);

/// Set once this system refused to send from a file (see [`cannot_send_files`]): every
/// write is made from memory from then on.
static REFUSED: AtomicBool = AtomicBool::new(false);

impl FileCopy {
    /// Copies `body` into an in-memory file and registers it, so that writes of its bytes
    /// go out from the file. `None` (the body is sent from memory) when the body is shorter
    /// than [`MIN_LEN`], already has a copy, would pass the budget, or the file could not
    /// be made. For bodies kept to be sent many times: making the file costs more than
    /// one copy into the socket.
    pub fn of(body: &Bytes) -> Option<Self> {
        if body.len() < MIN_LEN || !take(body.len()) {
            return None;
        }
        let made = copy(body)
            .inspect_err(|err| {
                tracing::warn!(%err, "a body could not be copied into a file; it is sent from memory");
            })
            .ok()
            .and_then(|file| register(body, file));
        if made.is_none() {
            give_back(body.len());
        }
        made
    }
}

/// Registers `file` as `body`'s copy, unless the body has one already.
fn register(body: &Bytes, file: File) -> Option<FileCopy> {
    let mut copies = COPIES.write().unwrap_or_else(|p| p.into_inner());
    match copies.entry(body.as_ptr().addr()) {
        Entry::Occupied(_) => None,
        Entry::Vacant(vacant) => {
            vacant.insert(Registered {
                len: body.len(),
                file,
            });
            Some(FileCopy { body: body.clone() })
        }
    }
}

impl Drop for FileCopy {
    fn drop(&mut self) {
        let mut copies = COPIES.write().unwrap_or_else(|p| p.into_inner());
        let removed = copies.remove(&self.body.as_ptr().addr());
        drop(copies);
        if removed.is_some() {
            give_back(self.body.len());
        }
    }
}

/// Whether the budget may have room for another body's file (and this system sends from
/// files): one flag, read on every answer of a kept body still without its file.
pub fn has_room() -> bool {
    !FULL.load(Ordering::Relaxed) && !REFUSED.load(Ordering::Relaxed)
}

/// Takes a file of `len` bytes from the budget; false when it would pass it.
fn take(len: usize) -> bool {
    let mut taken = TAKEN.lock().unwrap_or_else(|p| p.into_inner());
    let fits = taken.files < max_files() && taken.bytes.saturating_add(len) <= MAX_BYTES;
    if fits {
        taken.files += 1;
        taken.bytes += len;
    }
    note_room(&taken);
    fits
}

fn give_back(len: usize) {
    let mut taken = TAKEN.lock().unwrap_or_else(|p| p.into_inner());
    taken.files = taken.files.saturating_sub(1);
    taken.bytes = taken.bytes.saturating_sub(len);
    note_room(&taken);
}

/// Full when no other file fits, or no other body of the smallest size.
fn note_room(taken: &Taken) {
    let full = taken.files >= max_files() || taken.bytes.saturating_add(MIN_LEN) > MAX_BYTES;
    FULL.store(full, Ordering::Relaxed);
}

/// [`MAX_FILES`], or an eighth of the descriptors the process may open if that is fewer.
fn max_files() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
        limit.map_or(MAX_FILES, |open| {
            MAX_FILES.min(usize::try_from(open / 8).unwrap_or(MAX_FILES))
        })
    })
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
/// one, and the place its bytes start at in its file. Holds the registry, so the file
/// stays open until the write is done.
pub struct Found<'a> {
    bufs: &'a [IoSlice<'a>],
    copies: RwLockReadGuard<'static, BTreeMap<usize, Registered>>,
    index: usize,
    start: usize,
    offset: u64,
}

/// Looks for a buffer of `bufs`, from the first of at least [`MIN_LEN`] on, that lies
/// inside a registered body. `None` (the caller writes the buffers from memory) when there
/// is none; answers without such a buffer never touch the registry.
pub fn find<'a>(bufs: &'a [IoSlice<'a>]) -> Option<Found<'a>> {
    if REFUSED.load(Ordering::Relaxed) {
        return None;
    }
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
        bufs,
        copies,
        index,
        start,
        offset,
    })
}

impl Found<'_> {
    /// Writes the buffers to `socket`: those before the body's as one send, held back to
    /// leave with the body's first packet, then the body's part from its file. As with any
    /// write, a part may be written: the count is of the buffers' bytes, in order.
    pub fn send(&self, socket: BorrowedFd<'_>) -> io::Result<usize> {
        let (Some(head), Some(body), Some(copy)) = (
            self.bufs.get(..self.index),
            self.bufs.get(self.index),
            self.copies.get(&self.start),
        ) else {
            return Err(io::ErrorKind::InvalidInput.into());
        };
        send_head_then_file(socket, head, &copy.file, self.offset, body.len())
    }
}

/// Whether a failed send says that this system cannot send from a file here (a filter on
/// system calls, say), so that the write is better made from memory. When the refusal is
/// the system's and not this file's, it is remembered: no later write tries again.
pub fn cannot_send_files(err: &io::Error) -> bool {
    match err.raw_os_error().map(Errno::from_raw_os_error) {
        Some(Errno::NOSYS | Errno::PERM | Errno::OPNOTSUPP) => {
            if !REFUSED.swap(true, Ordering::Relaxed) {
                tracing::warn!(%err, "this system cannot send from files; bodies are sent from memory");
            }
            true
        }
        Some(Errno::INVAL) => true,
        _ => false,
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
    // `sendfile` takes no `NOSIGNAL`: a peer gone away is an error here rather than a
    // signal because Rust programs ignore `SIGPIPE`.
    let mut at = offset;
    match rustix::fs::sendfile(socket, file, Some(&mut at), len) {
        Ok(n) => {
            #[cfg(test)]
            tests::SENT_FROM_FILES.with(|sent| sent.set(sent.get() + 1));
            Ok(sent + n)
        }
        // The head is written: that is the answer to this write; the error, if it lasts,
        // is the next one's.
        Err(_) if sent > 0 => Ok(sent),
        Err(err) => Err(err.into()),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Read;
    use std::net::{TcpListener, TcpStream};
    use std::os::fd::AsFd;

    use super::*;

    thread_local! {
        /// Sends made from a file on this thread, so a test can tell the file path was taken.
        pub static SENT_FROM_FILES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Sends made from a file on this thread so far.
    pub fn sent_from_files() -> usize {
        SENT_FROM_FILES.with(std::cell::Cell::get)
    }

    /// Held by every test that makes files, since they share the process's budget: one
    /// test fills it on purpose.
    pub fn budget() -> std::sync::MutexGuard<'static, ()> {
        static BUDGET: Mutex<()> = Mutex::new(());
        BUDGET.lock().unwrap_or_else(|p| p.into_inner())
    }

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
                Some(found) => found.send(writer.as_fd()).unwrap(),
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
        let _budget = budget();
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
        let _budget = budget();
        let body = body(100_000);
        let _copy = FileCopy::of(&body).unwrap();
        // What is left after a short write: the body from its 30,001st byte.
        let (got, from_file) = written(&[&body[30_000..]]);
        assert!(from_file);
        assert!(got == body[30_000..]);
    }

    #[test]
    fn small_unregistered_and_dropped_bodies_are_left_to_the_caller() {
        let _budget = budget();
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
        // Past the budget's bytes, a body is sent from memory.
        assert!(FileCopy::of(&Bytes::from(vec![0; MAX_BYTES + 1])).is_none());
        // A body registered twice keeps one copy, whose end ends its registration.
        let twice = body(50_000);
        let first = FileCopy::of(&twice).unwrap();
        assert!(FileCopy::of(&twice).is_none());
        assert!(find(&[IoSlice::new(&twice)]).is_some());
        drop(first);
        assert!(find(&[IoSlice::new(&twice)]).is_none());
    }
}
