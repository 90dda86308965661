//! Answering a page: the gate, the kept page of the catalogue snapshot or a fresh one,
//! the template filled with the head, the server-rendered content and the app's data.

use super::*;

/// The headers of a finished page.
pub(super) fn page_labels() -> Labels {
    Labels {
        content_type: HeaderValue::from_static("text/html; charset=utf-8"),
        cache_control: HeaderValue::from_static("no-cache"),
        vary: HeaderValue::from_static("accept, accept-encoding"),
    }
}

/// A page ready to be written into the template.
pub(super) struct Page {
    pub(super) status: StatusCode,
    pub(super) kind: PageKind,
    /// The API answer the data carries, as its bytes.
    pub(super) content: Option<Bytes>,
    pub(super) head: Head,
    pub(super) html: String,
    /// Whether the finished page may be kept for the snapshot (a 200 whose address does
    /// not carry a one-time value).
    pub(super) keep: bool,
}

impl Page {
    pub(super) fn ok(kind: PageKind, content: Option<Bytes>, head: Head, html: String) -> Self {
        Self {
            status: StatusCode::OK,
            kind,
            content,
            head,
            html,
            keep: true,
        }
    }
}

/// The whole page: the template with the head, the content and the data.
pub(super) fn write(site: &Site, path_and_query: &str, page: &Page) -> Result<Vec<u8>, ApiError> {
    let data = page_data_json(path_and_query, page.kind, page.content.as_deref())
        .map_err(|err| ApiError::Internal(err.to_string()))?;
    let data = format!(
        "<script type=\"application/json\" id=\"initial-data\">{}</script>",
        json_for_html(&data)
    );
    Ok(site
        .assets
        .template()
        .fill(&page.head.html(), &page.html, &data)
        .into_bytes())
}

/// A page answer that is not kept: no ETag, no compression.
pub(super) fn plain(status: StatusCode, html: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(html));
    *response.status_mut() = status;
    let labels = page_labels();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, labels.content_type);
    headers.insert(header::CACHE_CONTROL, labels.cache_control);
    headers.insert(header::VARY, HeaderValue::from_static("accept"));
    response
}

/// The gate's refusal (maintenance, blocked client) as a small HTML page, with the gate's
/// status and headers.
pub(super) fn html_refusal(refusal: Response) -> Response {
    let (mut parts, _) = refusal.into_parts();
    let (title, text) = if parts.status == StatusCode::SERVICE_UNAVAILABLE {
        (
            "Down for maintenance",
            "The site is down for maintenance. Please try again in a few minutes.",
        )
    } else {
        (
            "Access refused",
            "This site cannot be used from your address.",
        )
    };
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape(title),
        render::plain_html(title, text)
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    parts
        .headers
        .insert(header::VARY, HeaderValue::from_static("accept"));
    Response::from_parts(parts, Body::from(html))
}

/// Answers a page: the gate, then the snapshot's kept page, else the page `build` gives,
/// kept when it may be.
pub(super) fn serve(
    state: &AppState,
    client: IpAddr,
    headers: &HeaderMap,
    path_and_query: &str,
    build: impl FnOnce(&Snapshot, &Site) -> Result<Page, ApiError>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, headers, client) {
        return html_refusal(refusal);
    }
    let snapshot = state.catalogue.snapshot();
    // Titles fill their date placeholders from today, so a kept page is kept for its day.
    let key = format!("{path_and_query}#{}", placeholder_date(today()));
    if let Some(hit) = snapshot.cache().page(&key) {
        return hit.respond(headers);
    }
    let site = &state.site;
    let answer = build(&snapshot, site).and_then(|page| {
        let html = write(site, path_and_query, &page)?;
        Ok((page.status, page.keep, html))
    });
    match answer {
        Ok((StatusCode::OK, true, html)) => {
            let body = Arc::new(CachedBody::labelled(
                snapshot.version,
                html,
                page_labels(),
                true,
            ));
            snapshot.cache().remember_page(&key, &body);
            body.respond(headers)
        }
        Ok((status, _, html)) => plain(status, html),
        Err(err) => err.into_response(),
    }
}

/// Answers a page read from the database on every request (the community's): the gate,
/// then the page `build` gives, never kept (`build` runs only past the gate).
pub(super) async fn serve_live(
    state: &AppState,
    client: IpAddr,
    headers: &HeaderMap,
    path_and_query: &str,
    build: impl Future<Output = Result<Page, ApiError>>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, headers, client) {
        return html_refusal(refusal);
    }
    let answer = build
        .await
        .and_then(|page| Ok((page.status, write(&state.site, path_and_query, &page)?)));
    match answer {
        Ok((status, html)) => plain(status, html),
        Err(err) => err.into_response(),
    }
}

pub(super) fn path_and_query(request: &Request) -> &str {
    request.uri().path_and_query().map_or("/", |pq| pq.as_str())
}

pub(super) fn read<T: serde::de::DeserializeOwned>(body: &CachedBody) -> Result<T, ApiError> {
    serde_json::from_slice(body.json())
        .map_err(|err| ApiError::Internal(format!("reading a cached answer: {err}")))
}

/// The 404 page.
pub(super) fn not_found() -> Page {
    let text = "There is no page at this address. It may have moved, or the link may be mistyped.";
    Page {
        status: StatusCode::NOT_FOUND,
        kind: PageKind::NotFound,
        content: None,
        head: Head::new(NOT_FOUND_TITLE, text).noindex(),
        html: render::not_found_html(NOT_FOUND_TITLE, text),
        keep: false,
    }
}

/// Marks an answer as varying by `Accept` (a page and the API share its address).
pub(super) fn vary_accept(mut response: Response) -> Response {
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept"));
    response
}
