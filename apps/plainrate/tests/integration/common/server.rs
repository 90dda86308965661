//! The real server binary, started on a fresh SQLite database with the shipped fixtures,
//! for the tests that read what the process itself writes (its log lines, its metrics).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running server process and where its standard output goes.
pub struct Server {
    child: Child,
    pub base: String,
    pub log: PathBuf,
    folder: PathBuf,
}

impl Server {
    /// Starts the server with `env` beside the test defaults; waits until it answers.
    pub async fn start(env: &[(&str, String)]) -> Self {
        let folder = std::env::temp_dir().join(format!(
            "server-{}-{}",
            std::process::id(),
            super::smtp::free_port()
        ));
        std::fs::create_dir_all(&folder).unwrap();
        let port = super::smtp::free_port();
        let base = format!("http://127.0.0.1:{port}");
        let log = folder.join("server.log");
        let mut command = Command::new(env!("CARGO_BIN_EXE_plainrate"));
        command
            .arg("serve")
            .env("BIND_ADDR", format!("127.0.0.1:{port}"))
            .env(
                "DATABASE_URL",
                format!("sqlite://{}?mode=rwc", folder.join("site.sqlite").display()),
            )
            .env("PUBLIC_BASE_URL", &base)
            .env("SECURE_COOKIES", "false")
            .env(
                "FIXTURES_DIR",
                concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures"),
            )
            .env("ASSETS_DIR", folder.join("no-frontend"))
            .env("RUST_LOG", "info")
            .stdout(std::fs::File::create(&log).unwrap())
            .stderr(Stdio::null());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut server = Self {
            child: command.spawn().unwrap(),
            base,
            log,
            folder,
        };
        let http = reqwest::Client::new();
        for _ in 0..600 {
            if http
                .get(format!("{}/healthz", server.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server.stop();
        panic!("the server did not start");
    }

    /// Stops the server (SIGKILL) and returns everything it wrote to standard output.
    pub fn stop(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// The anti-forgery headers and the cookie they belong to, as a guest's browser gets them.
pub async fn anti_forgery(http: &reqwest::Client, base: &str) -> Vec<(String, String)> {
    let window: serde_json::Value = http
        .get(format!("{base}/sid.php"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let whid = window["__whid"].as_str().unwrap().to_owned();
    let answer = http
        .get(format!("{base}/home/rpc?action=get-csrf-token"))
        .header("x-xsrf-whid", &whid)
        .send()
        .await
        .unwrap();
    let cookies: Vec<String> = answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .collect();
    let token = answer.text().await.unwrap();
    vec![
        ("x-xsrf-whid".to_owned(), whid),
        ("x-xsrf-token".to_owned(), token),
        ("cookie".to_owned(), cookies.join("; ")),
    ]
}
