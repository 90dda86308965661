//! Test support: the app over every test database, and a small request helper.
#![allow(dead_code)]

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use plainrate::AppState;
use plainrate::config::Settings;
use store::testing::{self, TestDatabase};
use tower::ServiceExt;

pub mod members;
pub mod server;
pub mod smtp;

/// The app over one test database.
pub struct TestApp {
    pub name: &'static str,
    pub state: AppState,
    pub router: plainrate::router::App,
    db: TestDatabase,
}

/// A response, read whole.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Every `Set-Cookie` header.
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_owned))
            .collect()
    }
}

/// A form-encoded body of these pairs, each value percent-encoded.
pub fn form(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", site_urls::encoding::percent_encode_component(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Catalogue offers from their raw JSON, as the fixtures hold them.
pub fn offers_from(raws: &[serde_json::Value]) -> Vec<offer_model::Offer> {
    raws.iter()
        .map(|raw| offer_model::Offer::from_json(raw).unwrap())
        .collect()
}

/// The card and the bank most tests rate, review and vote on: card `ccb-1` (product id
/// `pid-1`) and institution `bank-1`.
pub fn card_and_bank() -> Vec<serde_json::Value> {
    vec![
        serde_json::json!({"ID": "ccb-1", "PID": "pid-1", "NAME": "Everyday Cash Card"}),
        serde_json::json!({"ID": "bank-1", "UID": "bank-1", "NAME": "First Test Bank", "TYPE": "inst"}),
    ]
}

/// Settings for tests; `adjust` changes what a test needs.
pub fn settings(url: &str) -> Settings {
    let mut s = Settings::for_tests(url);
    // The app-link dialog's tests need an app; the site has none unless configured.
    s.app_store_url = Some("https://apps.example.test/plainrate".to_owned());
    s.play_store_url = Some("https://play.example.test/plainrate".to_owned());
    s.fixtures_dir =
        std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures"));
    // No such folder: the tests never depend on a frontend build (the page tests make
    // their own).
    s.assets_dir = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/no-frontend-build"
    ));
    s
}

/// The app on every backend (SQLite, and PostgreSQL when configured), with an empty
/// catalogue. `adjust` edits the settings first.
pub async fn apps_with(adjust: impl Fn(&mut Settings)) -> Vec<TestApp> {
    let mut out = Vec::new();
    for db in testing::all().await.unwrap() {
        let mut s = settings(&db.url);
        adjust(&mut s);
        let state = AppState::with_database(s, db.db.clone()).await.unwrap();
        let router = plainrate::router::build(state.clone());
        out.push(TestApp {
            name: db.name,
            state,
            router,
            db,
        });
    }
    out
}

/// The app on every backend with default settings.
pub async fn apps() -> Vec<TestApp> {
    apps_with(|_| {}).await
}

impl TestApp {
    /// Sends a request from 127.0.0.1.
    pub async fn send(&self, request: Request<Body>) -> Reply {
        self.send_from(request, "127.0.0.1:40000".parse().unwrap())
            .await
    }

    /// Sends a request from the given peer address.
    pub async fn send_from(&self, mut request: Request<Body>, peer: SocketAddr) -> Reply {
        request.extensions_mut().insert(ConnectInfo(peer));
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec();
        Reply {
            status,
            headers,
            body,
        }
    }

    /// A GET with optional extra headers.
    pub async fn get(&self, uri: &str, headers: &[(&str, &str)]) -> Reply {
        let mut b = Request::builder().method(Method::GET).uri(uri);
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        self.send(b.body(Body::empty()).unwrap()).await
    }

    /// A form-encoded POST with extra headers.
    pub async fn post_form(&self, uri: &str, form: &str, headers: &[(&str, &str)]) -> Reply {
        let mut b = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header("content-type", "application/x-www-form-urlencoded");
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        self.send(b.body(Body::from(form.to_owned())).unwrap())
            .await
    }

    /// A second server instance over the same database, as a second process behind a
    /// load balancer would be: its own connection pool, state (catalogue view, vote
    /// writer, caches) and router, with the same settings (the same configuration). It
    /// shares nothing in memory with `self`. Its `cleanup` only closes its own pool; the
    /// first instance's removes the database.
    pub async fn second_instance(&self) -> TestApp {
        let db = store::connect(&self.db.url, self.db.search_path.as_deref())
            .await
            .unwrap();
        let settings = Settings::clone(&self.state.settings);
        let state = AppState::with_database(settings, db.clone()).await.unwrap();
        let router = plainrate::router::build(state.clone());
        TestApp {
            name: self.name,
            state,
            router,
            // Not the schema's owner (no `search_path`), so its cleanup drops nothing.
            db: TestDatabase {
                name: self.db.name,
                db,
                url: self.db.url.clone(),
                search_path: None,
            },
        }
    }

    /// Removes the test database.
    pub async fn cleanup(self) {
        self.db.cleanup().await.unwrap();
    }

    /// Removes the test database over a new connection pool: for a test whose pool served
    /// event loops that have ended (`plainrate::listen::serve`), whose connections ended
    /// with them.
    pub async fn cleanup_over_new_pool(self) {
        let db = store::connect(&self.db.url, self.db.search_path.as_deref())
            .await
            .unwrap();
        TestDatabase { db, ..self.db }.cleanup().await.unwrap();
    }
}
