//! Editorial content pages, read at start-up from `content/pages.json` in the fixtures
//! folder (`FIXTURES_DIR`): `{"about": "…", "pages": [ContentPage, …]}`. Each page is
//! served at its path (matched exactly, so `/guides/` and `/guides` differ) and answered
//! as JSON by `GET /api/content?path=…`, from the same finished body.
//!
//! A missing or unreadable file is logged and leaves no content pages; a page whose path
//! does not start with `/`, or repeats an earlier page's path, is logged and left out.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Arc;

use api_types::content::ContentPage;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::listings::cache::CachedBody;
use crate::protocol::client_ip::ClientIp;
use crate::{ApiError, AppState};

/// The content file, relative to the fixtures folder.
pub const CONTENT_FILE: &str = "content/pages.json";

/// The content file's shape; other fields (`about`) are notes for its authors.
#[derive(Debug, Deserialize)]
struct ContentFile {
    #[serde(default)]
    pages: Vec<ContentPage>,
}

/// One content page and its finished JSON.
#[derive(Debug)]
pub struct Entry {
    /// The page.
    pub page: ContentPage,
    /// Its JSON, as `/api/content` answers it.
    pub body: Arc<CachedBody>,
}

/// Every content page, by path.
#[derive(Debug, Default)]
pub struct ContentPages {
    by_path: HashMap<String, Entry>,
}

impl ContentPages {
    /// Reads `content/pages.json` under the fixtures folder. Never fails.
    pub fn load(fixtures_dir: &Path) -> Self {
        let file = fixtures_dir.join(CONTENT_FILE);
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(err) => {
                tracing::warn!(file = %file.display(), %err, "no content pages");
                return Self::default();
            }
        };
        match serde_json::from_str::<ContentFile>(&text) {
            Ok(parsed) => {
                let pages = Self::from_pages(parsed.pages);
                tracing::info!(pages = pages.len(), "content pages loaded");
                pages
            }
            Err(err) => {
                tracing::warn!(file = %file.display(), %err, "the content file is not valid; no content pages");
                Self::default()
            }
        }
    }

    /// The pages, each finished once; a page without a leading `/` or with a path seen
    /// before is left out (and logged).
    pub fn from_pages(pages: Vec<ContentPage>) -> Self {
        let mut by_path = HashMap::with_capacity(pages.len());
        for page in pages {
            if !page.path.starts_with('/') {
                tracing::warn!(path = %page.path, "content page path does not start with /; left out");
                continue;
            }
            if by_path.contains_key(&page.path) {
                tracing::warn!(path = %page.path, "content page path repeated; the first is kept");
                continue;
            }
            let json = match serde_json::to_vec(&page) {
                Ok(json) => json,
                Err(err) => {
                    tracing::warn!(path = %page.path, %err, "content page cannot be written; left out");
                    continue;
                }
            };
            let body = Arc::new(CachedBody::new(0, json));
            by_path.insert(page.path.clone(), Entry { page, body });
        }
        Self { by_path }
    }

    /// The page at exactly this path.
    pub fn get(&self, path: &str) -> Option<&Entry> {
        self.by_path.get(path)
    }

    /// Every page's path, sorted.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        let mut paths: Vec<&str> = self.by_path.keys().map(String::as_str).collect();
        paths.sort_unstable();
        paths.into_iter()
    }

    /// The paths of the pages a search engine may list, sorted: every page but those that
    /// say the site does not offer what their address names.
    pub fn indexed_paths(&self) -> impl Iterator<Item = &str> {
        let mut paths: Vec<&str> = self
            .by_path
            .values()
            .filter(|entry| !entry.page.not_offered)
            .map(|entry| entry.page.path.as_str())
            .collect();
        paths.sort_unstable();
        paths.into_iter()
    }

    /// The number of pages.
    pub fn len(&self) -> usize {
        self.by_path.len()
    }

    /// Whether there are no pages.
    pub fn is_empty(&self) -> bool {
        self.by_path.is_empty()
    }
}

/// The content page a `path` parameter names: 400 when missing, blank or repeated, 404
/// when no page has that path.
fn lookup<'a>(pages: &'a ContentPages, request: &Request) -> Result<&'a Entry, ApiError> {
    let pairs = crate::rpc::form_pairs(request.uri().query().unwrap_or("").as_bytes());
    let mut paths = pairs.iter().filter(|(name, _)| name == "path");
    let path = match (paths.next(), paths.next()) {
        (Some(_), Some(_)) => {
            return Err(ApiError::validation("path", "path is given more than once"));
        }
        (Some((_, value)), None) if !value.trim().is_empty() => value,
        _ => return Err(ApiError::validation("path", "path is required")),
    };
    pages.get(path).ok_or_else(|| {
        let shown: String = path.chars().take(64).collect();
        ApiError::NotFound(format!("no page at {shown}"))
    })
}

/// `GET /api/content?path=/about`: a content page, as [`ContentPage`].
pub async fn get_content(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    answer(&state, client, &request)
}

fn answer(state: &AppState, client: IpAddr, request: &Request) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, request.headers(), client) {
        return refusal;
    }
    match lookup(&state.site.content, request) {
        Ok(entry) => entry.body.respond(request.headers()),
        Err(err) => err.into_response(),
    }
}
