//! The built frontend (`frontend/dist` by default), read into memory at start-up: the page
//! template (`index.html`) and the files the pages load.
//!
//! - `assets/…` (hashed names, recursively): `Cache-Control: public, max-age=31536000,
//!   immutable`.
//! - Other files at the top of the folder (`favicon.svg`, `robots.txt`):
//!   `Cache-Control: public, max-age=3600`. Subfolders other than `assets` and files or
//!   folders whose names start with `.` (`.vite/manifest.json`) are not served, nor is
//!   `index.html` itself (it is the template).
//!
//! Each file is a [`CachedBody`]: a strong ETag, `304 Not Modified`, and a gzip form kept
//! for text files when it is smaller. A missing folder or `index.html` is logged and leaves
//! a built-in template, so the server and its tests never need a frontend build.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use axum::http::HeaderValue;

use crate::listings::cache::{CachedBody, Labels};

/// `Cache-Control` of the hashed files under `/assets/`.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of the other files at the top of the folder.
pub const SHORT: &str = "public, max-age=3600";

/// The marker the head goes in.
pub const HEAD_MARKER: &str = "<!--app-head-->";
/// The marker the server-rendered content goes in.
pub const HTML_MARKER: &str = "<!--app-html-->";
/// The marker the initial data goes in.
pub const DATA_MARKER: &str = "<!--app-data-->";

/// The largest file read; a larger one is skipped with a warning.
const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;
/// How deep under `assets/` folders are read.
const MAX_DEPTH: usize = 8;

/// The notice of the built-in template when there is no build.
pub const NOT_BUILT: &str = "The frontend is not built, so this page shows its text only. \
                             Build it with npm run build in frontend/, or set ASSETS_DIR.";
/// The notice of the built-in template when `index.html` lacks its markers.
pub const NO_MARKERS: &str = "The frontend's page template lacks its markers, so this page \
                              shows its text only.";

/// The page template, cut at its three markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    before_head: String,
    before_html: String,
    before_data: String,
    rest: String,
}

impl Template {
    /// Cuts a template at `<!--app-head-->`, `<!--app-html-->` and `<!--app-data-->`
    /// (the first of each, in that order); `None` when one is missing or out of order.
    pub fn parse(text: &str) -> Option<Self> {
        let (before_head, after) = text.split_once(HEAD_MARKER)?;
        let (before_html, after) = after.split_once(HTML_MARKER)?;
        let (before_data, rest) = after.split_once(DATA_MARKER)?;
        Some(Self {
            before_head: before_head.to_owned(),
            before_html: before_html.to_owned(),
            before_data: before_data.to_owned(),
            rest: rest.to_owned(),
        })
    }

    /// The built-in template: a plain page that says `notice` above the content.
    pub fn built_in(notice: &str) -> Self {
        let page = format!(
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             {HEAD_MARKER}\n</head>\n<body>\n<p>{}</p>\n<div id=\"root\">{HTML_MARKER}</div>\n\
             {DATA_MARKER}\n</body>\n</html>\n",
            crate::escaping::escape(notice)
        );
        // The text above holds every marker once, in order.
        Self::parse(&page).unwrap_or(Self {
            before_head: String::new(),
            before_html: String::new(),
            before_data: String::new(),
            rest: page,
        })
    }

    /// The template with `html` added to every page's head, before the page's own head.
    pub fn with_head(mut self, html: &str) -> Self {
        self.before_head.push_str(html);
        self
    }

    /// The page: the template with the head, the content and the data put in.
    pub fn fill(&self, head: &str, html: &str, data: &str) -> String {
        let mut out = String::with_capacity(
            self.before_head.len()
                + head.len()
                + self.before_html.len()
                + html.len()
                + self.before_data.len()
                + data.len()
                + self.rest.len(),
        );
        for part in [
            &self.before_head,
            head,
            &self.before_html,
            html,
            &self.before_data,
            data,
            &self.rest,
        ] {
            out.push_str(part);
        }
        out
    }
}

/// The content type of a file by its name, and whether it is worth compressing.
pub fn content_type(name: &str) -> (&'static str, bool) {
    let extension = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "js" | "mjs" => ("text/javascript; charset=utf-8", true),
        "css" => ("text/css; charset=utf-8", true),
        "html" | "htm" => ("text/html; charset=utf-8", true),
        "json" | "map" => ("application/json", true),
        "webmanifest" => ("application/manifest+json", true),
        "svg" => ("image/svg+xml", true),
        "txt" => ("text/plain; charset=utf-8", true),
        "xml" => ("application/xml", true),
        "wasm" => ("application/wasm", true),
        "ico" => ("image/x-icon", true),
        "png" => ("image/png", false),
        "jpg" | "jpeg" => ("image/jpeg", false),
        "gif" => ("image/gif", false),
        "webp" => ("image/webp", false),
        "avif" => ("image/avif", false),
        "woff2" => ("font/woff2", false),
        "woff" => ("font/woff", false),
        "ttf" => ("font/ttf", true),
        "otf" => ("font/otf", true),
        _ => ("application/octet-stream", false),
    }
}

/// The built frontend, in memory.
#[derive(Debug)]
pub struct Assets {
    files: HashMap<Box<str>, Arc<CachedBody>>,
    template: Template,
    built: bool,
}

impl Assets {
    /// The assets with `html` added to every page's head ([`Template::with_head`]).
    pub fn with_head(mut self, html: &str) -> Self {
        self.template = self.template.with_head(html);
        self
    }
}

impl Default for Assets {
    fn default() -> Self {
        Self {
            files: HashMap::new(),
            template: Template::built_in(NOT_BUILT),
            built: false,
        }
    }
}

impl Assets {
    /// Reads a build folder. Never fails: what cannot be read is logged and left out.
    pub fn load(dir: &Path) -> Self {
        let index = dir.join("index.html");
        let template = match std::fs::read_to_string(&index) {
            Ok(text) => match Template::parse(&text) {
                Some(template) => Some(template),
                None => {
                    tracing::warn!(
                        file = %index.display(),
                        "the page template lacks <!--app-head-->, <!--app-html--> or <!--app-data-->; pages are served without the frontend"
                    );
                    return Self {
                        template: Template::built_in(NO_MARKERS),
                        ..Self::default()
                    };
                }
            },
            Err(err) => {
                tracing::warn!(
                    folder = %dir.display(),
                    %err,
                    "the frontend is not built (no index.html); pages are served without it"
                );
                None
            }
        };
        let Some(template) = template else {
            return Self::default();
        };
        let mut files = HashMap::new();
        read_top_level(dir, &mut files);
        read_tree(&dir.join("assets"), "/assets", 0, &mut files);
        tracing::info!(files = files.len(), folder = %dir.display(), "frontend loaded");
        Self {
            files,
            template,
            built: true,
        }
    }

    /// The page template.
    pub fn template(&self) -> &Template {
        &self.template
    }

    /// Whether a build was found.
    pub fn is_built(&self) -> bool {
        self.built
    }

    /// The file served at this path (`/assets/index-1a2b.js`, `/favicon.svg`).
    pub fn file(&self, path: &str) -> Option<&Arc<CachedBody>> {
        self.files.get(path)
    }

    /// The number of files served.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is served.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// A file as served: its content type, cache lifetime and ETag.
fn finished(name: &str, bytes: Vec<u8>, cache_control: &'static str) -> CachedBody {
    let (content_type, compress) = content_type(name);
    let labels = Labels {
        content_type: HeaderValue::from_static(content_type),
        cache_control: HeaderValue::from_static(cache_control),
        vary: HeaderValue::from_static("accept-encoding"),
    };
    let body = CachedBody::labelled(0, bytes, labels, compress);
    // Kept as long as the process serves.
    body.send_from_files();
    body
}

/// Reads one file, unless it is too large or unreadable (logged).
fn read(path: &Path) -> Option<Vec<u8>> {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > MAX_FILE_BYTES {
        tracing::warn!(file = %path.display(), size, "frontend file too large to serve; skipped");
        return None;
    }
    match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(err) => {
            tracing::warn!(file = %path.display(), %err, "frontend file unreadable; skipped");
            None
        }
    }
}

/// The entries of a folder: name (UTF-8 names only, no dot files) and whether each is a
/// folder.
fn entries(dir: &Path) -> Vec<(String, std::path::PathBuf, bool)> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    read.filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            if name.starts_with('.') {
                return None;
            }
            let path = entry.path();
            // Follows links, as serving the folder would.
            let meta = std::fs::metadata(&path).ok()?;
            Some((name, path, meta.is_dir()))
        })
        .collect()
}

fn read_top_level(dir: &Path, files: &mut HashMap<Box<str>, Arc<CachedBody>>) {
    for (name, path, is_dir) in entries(dir) {
        if is_dir || name == "index.html" {
            continue;
        }
        if let Some(bytes) = read(&path) {
            let body = finished(&name, bytes, SHORT);
            files.insert(format!("/{name}").into(), Arc::new(body));
        }
    }
}

fn read_tree(
    dir: &Path,
    prefix: &str,
    depth: usize,
    files: &mut HashMap<Box<str>, Arc<CachedBody>>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for (name, path, is_dir) in entries(dir) {
        let url = format!("{prefix}/{name}");
        if is_dir {
            read_tree(&path, &url, depth + 1, files);
        } else if let Some(bytes) = read(&path) {
            files.insert(url.into(), Arc::new(finished(&name, bytes, IMMUTABLE)));
        }
    }
}
