//! A real SMTP server for the e-mail tests: `scripts/smtp_sink.py` (aiosmtpd) run from the
//! virtual environment `just smtp-venv` makes (`target/smtp-venv`). It keeps every message
//! it accepts as a file; recipients starting with `refuse`, `busy` or `drop` make it refuse
//! for good (550), for now (451) or drop the connection.
//!
//! Without the environment the e-mail tests are skipped with a message, unless
//! `REQUIRE_SMTP=1` (as CI sets it), which makes that a failure.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Python that has aiosmtpd, when `just smtp-venv` made it.
fn python() -> Option<PathBuf> {
    let python = root().join("target/smtp-venv/bin/python");
    if python.exists() {
        return Some(python);
    }
    if std::env::var("REQUIRE_SMTP").is_ok_and(|v| v == "1") {
        panic!("REQUIRE_SMTP=1 but target/smtp-venv is missing: run `just smtp-venv`");
    }
    eprintln!("skipped: no SMTP test server (run `just smtp-venv`)");
    None
}

/// A free port on 127.0.0.1, for a server started later.
pub fn free_port() -> u16 {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    probe.local_addr().unwrap().port()
}

/// A running SMTP test server and the folder its messages land in.
pub struct SmtpSink {
    child: Child,
    pub port: u16,
    folder: PathBuf,
}

impl SmtpSink {
    /// Starts a server on a port of its choosing; none when the tests are skipped.
    pub fn start() -> Option<Self> {
        Self::start_on(0)
    }

    /// Starts a server on `port` (0: any free one); none when the tests are skipped.
    pub fn start_on(port: u16) -> Option<Self> {
        let python = python()?;
        let folder =
            std::env::temp_dir().join(format!("smtp-sink-{}-{}", std::process::id(), free_port()));
        Some(Self::start_in(&python, folder, port))
    }

    fn start_in(python: &Path, folder: PathBuf, port: u16) -> Self {
        let mut child = Command::new(python)
            .arg(root().join("scripts/smtp_sink.py"))
            .arg(&folder)
            .arg(port.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the SMTP test server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("the SMTP test server printed {line:?}, not its port"));
        Self {
            child,
            port,
            folder,
        }
    }

    /// Stops the server (as a crash would: SIGKILL); what it received stays readable.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts the server again on the same port, keeping what it received.
    pub fn restart(&mut self) {
        self.stop();
        let python = python().unwrap();
        *self = Self::start_in(&python, self.folder.clone(), self.port);
    }

    /// Every message received so far, oldest first, as the raw text the server got.
    pub fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    }

    /// Waits up to 20 seconds for `count` messages in all; all received by then.
    pub async fn wait_for(&self, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let messages = self.messages();
            if messages.len() >= count || Instant::now() > deadline {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// A received message's header (the first of that name), unfolded.
pub fn header(message: &str, name: &str) -> Option<String> {
    let head = message.split("\r\n\r\n").next().unwrap_or("");
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    unfolded.split("\r\n").find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_owned())
    })
}

/// A received message's text with quoted-printable soft breaks and escapes undone (the
/// transport encodes long lines so).
pub fn decoded(message: &str) -> String {
    let joined = message.replace("=\r\n", "");
    let mut out = Vec::with_capacity(joined.len());
    let bytes = joined.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && let Some(byte) = bytes
                .get(i + 1..i + 3)
                .and_then(|hex| std::str::from_utf8(hex).ok())
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `message`'s DKIM signature verifies against `public_key` (the base64 DER of an
/// RSA public key, as its DNS record publishes it), checked by dkimpy.
pub fn dkim_verifies(message: &str, public_key: &str) -> bool {
    let python = python().expect("the SMTP test environment");
    let script = format!(
        "import dkim, sys\n\
         record = b'v=DKIM1; k=rsa; p={public_key}'\n\
         print(dkim.verify(sys.stdin.buffer.read(), dnsfunc=lambda name, timeout=5: record))"
    );
    let mut child = Command::new(python)
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(message.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim() == "True"
}
