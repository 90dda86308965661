//! Finished answers, kept per snapshot: the JSON bytes, their gzip form and a strong ETag,
//! so a repeated read is a hash-map lookup and a `Bytes` clone, with no serialisation and no
//! database.
//!
//! Two maps hold the same bodies: one keyed by the request's exact path and query (the fast
//! path), one by the normalised query ([`CacheKey`]), so `?page=1&route=/x` and
//! `?route=%2Fx` share one body. A third keeps the site's finished HTML pages by path and
//! query. Each map holds at most [`MAX_ENTRIES`]; past that, answers are computed and sent
//! without being kept. A new snapshot starts with an empty cache.
//!
//! [`CachedBody`] is also how the site's built frontend files are served (with their own
//! content type and cache lifetime, see [`Labels`]): the same ETag, `If-None-Match` and gzip
//! rules for every finished body.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use catalogue::ListingQuery;
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

use crate::listen::from_file::{self, FileCopy};

/// The most bodies each map of one snapshot's cache holds.
pub const MAX_ENTRIES: usize = 4096;

/// `Cache-Control` of every cached answer.
pub const CACHE_CONTROL: &str = "public, max-age=60";

/// What an answer is, once its parameters are read and checked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CacheKey {
    /// The route table.
    Routes,
    /// A listing page.
    Listing(ListingQuery),
    /// An offer, by its id.
    Offer(String),
    /// An institution with its products, by its id.
    Institution(String),
    /// A comparison, by the offer ids in the order asked.
    Compare(Vec<String>),
    /// The whole product-data feed.
    Feed,
}

/// The headers that say what a finished body is and how long it may be kept.
#[derive(Debug, Clone)]
pub struct Labels {
    /// `Content-Type`.
    pub content_type: HeaderValue,
    /// `Cache-Control`.
    pub cache_control: HeaderValue,
    /// `Vary`: what else than the address the answer depends on.
    pub vary: HeaderValue,
}

impl Labels {
    /// A JSON answer of the read API: [`CACHE_CONTROL`], varying by `Accept-Encoding`.
    pub fn json() -> Self {
        Self {
            content_type: HeaderValue::from_static("application/json"),
            cache_control: HeaderValue::from_static(CACHE_CONTROL),
            vary: HeaderValue::from_static("accept-encoding"),
        }
    }
}

/// One finished answer.
#[derive(Debug)]
pub struct CachedBody {
    identity: Bytes,
    gzip: Option<Bytes>,
    etag: HeaderValue,
    gzip_etag: HeaderValue,
    labels: Labels,
    /// The large forms' in-memory files, which connections send them from, once the body
    /// is kept ([`CachedBody::send_from_files`]).
    files: OnceLock<Vec<FileCopy>>,
    /// Set once the body is kept: until it has its files, each answer with it tries again
    /// while the budget has room.
    kept: AtomicBool,
}

impl CachedBody {
    /// Finishes a JSON answer of the read API: compresses it (kept only when smaller) and
    /// tags it with a strong ETag, the hash of the catalogue version and the bytes.
    pub fn new(version: i64, json: Vec<u8>) -> Self {
        Self::labelled(version, json, Labels::json(), true)
    }

    /// Finishes any body: tagged like [`CachedBody::new`], compressed only when `compress`
    /// is set (and the result is smaller), answered with `labels`.
    pub fn labelled(version: i64, bytes: Vec<u8>, labels: Labels, compress: bool) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(version.to_be_bytes());
        hasher.update(&bytes);
        let digest = hasher.finalize();
        let tag = hex::encode(digest.get(..16).unwrap_or_default());
        let etag = HeaderValue::from_str(&format!("\"{tag}\""))
            .unwrap_or_else(|_| HeaderValue::from_static("\"0\""));
        let gzip_etag = HeaderValue::from_str(&format!("\"{tag}-gz\""))
            .unwrap_or_else(|_| HeaderValue::from_static("\"0-gz\""));
        let gzip = compress
            .then(|| gzip(&bytes))
            .flatten()
            .filter(|packed| packed.len() < bytes.len());
        Self {
            identity: Bytes::from(bytes),
            gzip: gzip.map(Bytes::from),
            etag,
            gzip_etag,
            labels,
            files: OnceLock::new(),
            kept: AtomicBool::new(false),
        }
    }

    /// Marks the body as kept and gives its large forms in-memory files of their own,
    /// which connections send them from rather than from memory (`listen::from_file`).
    /// Only for a body kept to be sent again: making a file costs more than sending the
    /// body once. When the budget of files is spent, each later answer with the body tries
    /// again while there is room (a new snapshot's bodies are kept while the old
    /// snapshot's still hold their files).
    pub fn send_from_files(&self) {
        self.kept.store(true, Ordering::Relaxed);
        self.try_files();
    }

    /// Makes the files unless they are made or the budget is known to be full. Bodies
    /// with no form large enough settle at once, with none.
    fn try_files(&self) {
        if self.files.get().is_some() || !from_file::has_room() {
            return;
        }
        let large: Vec<&Bytes> = std::iter::once(&self.identity)
            .chain(&self.gzip)
            .filter(|form| form.len() >= from_file::MIN_LEN)
            .collect();
        let files: Vec<FileCopy> = large.iter().filter_map(|form| FileCopy::of(form)).collect();
        // None made while some were wanted: the budget was spent meanwhile; try later.
        if large.is_empty() || !files.is_empty() {
            let _ = self.files.set(files);
        }
    }

    /// The body's bytes, uncompressed (the JSON of an API answer).
    pub fn json(&self) -> &Bytes {
        &self.identity
    }

    /// The gzip bytes, when compression made the body smaller.
    pub fn gzip(&self) -> Option<&Bytes> {
        self.gzip.as_ref()
    }

    /// The ETag of the JSON bytes.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The answer to a request with these headers: `304 Not Modified` when `If-None-Match`
    /// names this body, else `200` with the gzip bytes when `Accept-Encoding` allows them,
    /// else the uncompressed bytes.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        if self.kept.load(Ordering::Relaxed) && self.files.get().is_none() {
            self.try_files();
        }
        let packed = self
            .gzip
            .as_ref()
            .filter(|_| accepts_gzip(request.get(header::ACCEPT_ENCODING)));
        let etag = if packed.is_some() {
            &self.gzip_etag
        } else {
            &self.etag
        };
        let not_modified = request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .any(|value| names_etag(value, &self.etag) || names_etag(value, &self.gzip_etag));
        let (status, body) = if not_modified {
            (StatusCode::NOT_MODIFIED, Body::empty())
        } else {
            let bytes = packed.unwrap_or(&self.identity).clone();
            (StatusCode::OK, Body::from(bytes))
        };
        let mut response = Response::new(body);
        *response.status_mut() = status;
        let headers = response.headers_mut();
        // Sized once for these and the headers every answer gets.
        *headers = HeaderMap::with_capacity(crate::middleware::RESPONSE_HEADER_ROOM);
        if !not_modified {
            headers.insert(header::CONTENT_TYPE, self.labels.content_type.clone());
            if packed.is_some() {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
        }
        headers.insert(header::ETAG, etag.clone());
        headers.insert(header::CACHE_CONTROL, self.labels.cache_control.clone());
        headers.insert(header::VARY, self.labels.vary.clone());
        response
    }
}

fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::default());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

/// The items of a header that lists values with qualities (`Accept`, `Accept-Encoding`):
/// each value, trimmed, and whether its quality is above zero (no `q` means 1).
pub fn quality_items(text: &str) -> impl Iterator<Item = (&str, bool)> {
    text.split(',').map(|item| {
        let mut parts = item.split(';');
        let value = parts.next().unwrap_or("").trim();
        let quality_positive = parts
            .filter_map(|p| {
                let (name, value) = p.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("q")
                    .then(|| value.trim().parse::<f32>().ok())
                    .flatten()
            })
            .next_back()
            .is_none_or(|q| q > 0.0);
        (value, quality_positive)
    })
}

/// Whether an `Accept-Encoding` header allows gzip: `gzip` (or `x-gzip`, or `*` when gzip
/// is not named) with a quality above zero.
pub fn accepts_gzip(value: Option<&HeaderValue>) -> bool {
    let Some(text) = value.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let mut star = None;
    for (coding, quality_positive) in quality_items(text) {
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            return quality_positive;
        }
        if coding == "*" {
            star = Some(quality_positive);
        }
    }
    star.unwrap_or(false)
}

/// Whether an `If-None-Match` value names this ETag (weak comparison, as the header uses:
/// `W/` is ignored), or is `*`.
pub fn names_etag(value: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(text) = value.to_str() else {
        return false;
    };
    let wanted = etag.as_bytes();
    text.split(',').any(|tag| {
        let tag = tag.trim();
        tag == "*" || tag.strip_prefix("W/").unwrap_or(tag).as_bytes() == wanted
    })
}

/// Finished bodies by the address they answer. Looked up on every cached answer, with a
/// hasher cheaper than the standard one. The addresses come from visitors; the hasher is
/// seeded at random, so they cannot be chosen in advance to collide, and (as foldhash makes
/// no claim against an attacker who can time it) the map holds at most [`MAX_ENTRIES`].
type ByAddress = RwLock<HashMap<Box<str>, Arc<CachedBody>, foldhash::fast::RandomState>>;

/// One snapshot's finished answers.
#[derive(Debug)]
pub struct BodyCache {
    version: i64,
    by_request: ByAddress,
    by_key: RwLock<HashMap<CacheKey, Arc<CachedBody>>>,
    pages: ByAddress,
}

/// The body kept under `key` in a map of bodies by address.
fn kept(map: &ByAddress, key: &str) -> Option<Arc<CachedBody>> {
    let map = match map.read() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    map.get(key).cloned()
}

/// Keeps a body under `key` in a map of bodies by address, while there is room.
fn keep(map: &ByAddress, key: &str, body: &Arc<CachedBody>) {
    let mut map = match map.write() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    if map.len() < MAX_ENTRIES {
        map.insert(key.into(), Arc::clone(body));
        drop(map);
        body.send_from_files();
    }
}

impl BodyCache {
    /// An empty cache for the answers of one catalogue version.
    pub fn new(version: i64) -> Self {
        Self {
            version,
            by_request: RwLock::new(HashMap::default()),
            by_key: RwLock::new(HashMap::new()),
            pages: RwLock::new(HashMap::default()),
        }
    }

    /// The catalogue version the answers are built from.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// The body kept for this exact request path and query.
    pub fn by_request(&self, path_and_query: &str) -> Option<Arc<CachedBody>> {
        kept(&self.by_request, path_and_query)
    }

    /// Keeps a body under an exact request path and query, while there is room.
    pub fn remember_request(&self, path_and_query: &str, body: &Arc<CachedBody>) {
        keep(&self.by_request, path_and_query, body);
    }

    /// The finished HTML page kept for this exact path and query.
    pub fn page(&self, path_and_query: &str) -> Option<Arc<CachedBody>> {
        kept(&self.pages, path_and_query)
    }

    /// Keeps a finished HTML page under its exact path and query, while there is room.
    pub fn remember_page(&self, path_and_query: &str, body: &Arc<CachedBody>) {
        keep(&self.pages, path_and_query, body);
    }

    /// The body of a normalised query, computing (and, while there is room, keeping) it on
    /// a miss. `compute` gives the JSON bytes or the error to answer with.
    pub fn get_or_compute<E>(
        &self,
        key: CacheKey,
        compute: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<Arc<CachedBody>, E> {
        {
            let map = match self.by_key.read() {
                Ok(map) => map,
                Err(poisoned) => poisoned.into_inner(),
            };
            if let Some(hit) = map.get(&key) {
                return Ok(Arc::clone(hit));
            }
        }
        let body = Arc::new(CachedBody::new(self.version, compute()?));
        let mut map = match self.by_key.write() {
            Ok(map) => map,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(raced) = map.get(&key) {
            return Ok(Arc::clone(raced));
        }
        if map.len() < MAX_ENTRIES {
            map.insert(key, Arc::clone(&body));
            drop(map);
            body.send_from_files();
        }
        Ok(body)
    }

    /// The number of bodies kept by normalised query.
    pub fn len(&self) -> usize {
        match self.by_key.read() {
            Ok(map) => map.len(),
            Err(poisoned) => poisoned.into_inner().len(),
        }
    }

    /// Whether no body is kept by normalised query.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> HeaderValue {
        HeaderValue::from_str(text).unwrap()
    }

    #[test]
    fn gzip_is_accepted_only_with_a_positive_quality() {
        for (header, expected) in [
            ("gzip", true),
            ("GZIP", true),
            ("deflate, gzip;q=0.5", true),
            ("gzip;q=0", false),
            ("gzip; q=0.0", false),
            ("br", false),
            ("identity", false),
            ("*", true),
            ("*;q=0", false),
            ("gzip;q=0, *", false),
            ("x-gzip", true),
            ("", false),
        ] {
            assert_eq!(accepts_gzip(Some(&value(header))), expected, "{header}");
        }
        assert!(!accepts_gzip(None));
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let etag = value("\"abc\"");
        assert!(names_etag(&value("\"abc\""), &etag));
        assert!(names_etag(&value("W/\"abc\""), &etag));
        assert!(names_etag(&value("\"x\", \"abc\""), &etag));
        assert!(names_etag(&value("*"), &etag));
        assert!(!names_etag(&value("\"abcd\""), &etag));
        assert!(!names_etag(&value("abc"), &etag));
    }

    #[test]
    fn etags_depend_on_the_version_and_the_bytes() {
        let a = CachedBody::new(1, b"{\"a\":1}".to_vec());
        let b = CachedBody::new(2, b"{\"a\":1}".to_vec());
        let c = CachedBody::new(1, b"{\"a\":2}".to_vec());
        let again = CachedBody::new(1, b"{\"a\":1}".to_vec());
        assert_ne!(a.etag(), b.etag());
        assert_ne!(a.etag(), c.etag());
        assert_eq!(a.etag(), again.etag());
        // A tiny body does not shrink, so no gzip form is kept.
        assert!(a.gzip().is_none());
        let big = CachedBody::new(1, vec![b'a'; 10_000]);
        assert!(big.gzip().is_some_and(|g| g.len() < 10_000));
    }

    #[test]
    fn only_a_kept_body_gets_files_to_be_sent_from() {
        let _budget = crate::listen::from_file::tests::budget();
        let large = || Ok::<_, ()>(vec![b'7'; 40_000]);
        let once = CachedBody::new(1, large().unwrap());
        assert!(
            once.files.get().is_none(),
            "a body sent once is sent from memory"
        );
        let cache = BodyCache::new(1);
        let kept = cache.get_or_compute(CacheKey::Routes, large).unwrap();
        // The JSON has a file; its gzip form is below the size worth one.
        assert_eq!(kept.files.get().map(Vec::len), Some(1));
        let page = Arc::new(CachedBody::new(1, large().unwrap()));
        cache.remember_page("/p", &page);
        assert_eq!(page.files.get().map(Vec::len), Some(1));
    }

    #[test]
    fn a_kept_body_that_found_the_budget_spent_gets_its_file_once_there_is_room() {
        let _budget = crate::listen::from_file::tests::budget();
        // A body that takes nearly all the budget's bytes leaves no room for another.
        let hog = Bytes::from(vec![0; from_file::MAX_BYTES - from_file::MIN_LEN / 2]);
        let hogging = FileCopy::of(&hog).expect("the budget starts with room");
        let cache = BodyCache::new(1);
        let body = cache
            .get_or_compute::<()>(CacheKey::Routes, || Ok(vec![b'7'; 40_000]))
            .unwrap();
        assert!(body.files.get().is_none(), "no room: no file yet");
        drop(hogging);
        let _ = body.respond(&HeaderMap::new());
        assert_eq!(
            body.files.get().map(Vec::len),
            Some(1),
            "made at the next answer"
        );
    }

    #[test]
    fn the_cache_is_bounded() {
        let cache = BodyCache::new(1);
        for n in 0..MAX_ENTRIES + 10 {
            let key = CacheKey::Offer(n.to_string());
            let body = cache
                .get_or_compute::<()>(key, || Ok(n.to_string().into_bytes()))
                .unwrap();
            assert_eq!(body.json().as_ref(), n.to_string().as_bytes());
            cache.remember_request(&format!("/x?{n}"), &body);
        }
        assert_eq!(cache.len(), MAX_ENTRIES);
        assert!(cache.by_request("/x?0").is_some());
        assert!(
            cache
                .by_request(&format!("/x?{}", MAX_ENTRIES + 1))
                .is_none()
        );
        let mut computed = false;
        let hit = cache
            .get_or_compute::<()>(CacheKey::Offer("0".into()), || {
                computed = true;
                Ok(Vec::new())
            })
            .unwrap();
        assert!(!computed, "a kept body is not computed again");
        assert_eq!(hit.json().as_ref(), b"0");
        let err = cache.get_or_compute(CacheKey::Routes, || Err::<Vec<u8>, _>("nope"));
        assert_eq!(err.unwrap_err(), "nope");
        assert_eq!(cache.len(), MAX_ENTRIES);
    }
}
