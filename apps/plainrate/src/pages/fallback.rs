//! Every request no route names: a built file, a listing or content page (under its one
//! spelling), the 404 page for a browser, or the API's JSON 404.

use super::*;

/// `GET /assets/{*file}`: a built file.
pub async fn asset(State(state): State<AppState>, request: Request) -> Response {
    match state.site.assets.file(request.uri().path()) {
        Some(file) => file.respond(request.headers()),
        None => ApiError::NotFound("no such file".to_owned()).into_response(),
    }
}

/// Whether a path belongs to the API or the built files, where a miss is always JSON.
pub(super) fn is_api_or_asset(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || path == "/assets" || path.starts_with("/assets/")
}

/// Every other request: a built file at the top of the build folder, a listing page of the
/// route table, a content page, the 404 page for a browser navigation, and otherwise the
/// API's JSON 404.
pub async fn fallback(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let method = request.method();
    let read_only = method == Method::GET || method == Method::HEAD;
    let path = request.uri().path();
    if read_only {
        if let Some(file) = state
            .site
            .assets
            .file(path)
            .filter(|_| !path.starts_with("/assets/"))
        {
            file.respond(request.headers())
        } else if let Some(canonical) = canonical_spelling(&state.site, path) {
            // `/credit-cards/rewards/` and `/about/` are the pages without the slash (and
            // `/media` the page with it): one address per page.
            let query = request
                .uri()
                .query()
                .map(|q| format!("?{q}"))
                .unwrap_or_default();
            answers::moved(&format!("{canonical}{query}"))
        } else if let Some(route) = route_table().routes().iter().find(|r| r.path == path) {
            let query = request.uri().query().unwrap_or("");
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |snapshot, site| listing_page(snapshot, site, route, query),
            )
        } else if let Some(entry) = state.site.content.get(path) {
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |_, site| Ok(content_page(site, entry)),
            )
        } else if !is_api_or_asset(path) && wants_html(request.headers()) {
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |_, _| Ok(not_found()),
            )
        } else {
            let mut response = ApiError::NotFound("no such page".to_owned()).into_response();
            if !is_api_or_asset(path) {
                response
                    .headers_mut()
                    .insert(header::VARY, HeaderValue::from_static("accept"));
            }
            response
        }
    } else {
        ApiError::NotFound("no such page".to_owned()).into_response()
    }
}

/// The page a mistyped spelling of a listing or content address means, when it is one: the
/// path with its trailing slashes taken off, or with one added, naming a page that exists.
/// Only a page of the route table or the content is returned, so the answer is always a
/// path of this site.
pub(super) fn canonical_spelling(site: &Site, path: &str) -> Option<String> {
    let exists = |candidate: &str| {
        route_table().routes().iter().any(|r| r.path == candidate)
            || site.content.get(candidate).is_some()
    };
    if exists(path) {
        return None;
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.len() < path.len() && !trimmed.is_empty() && exists(trimmed) {
        return Some(trimmed.to_owned());
    }
    let slashed = format!("{trimmed}/");
    (slashed != path && exists(&slashed)).then_some(slashed)
}
