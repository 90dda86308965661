//! The catalogue's pages: home, listings, details, institutions, comparisons and the
//! editorial content pages, each built from the API answer it carries.

use super::*;

/// `GET /`: the home page.
pub async fn home(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        home_page,
    )
}

/// The home page's heading and lead, in the same words as the app's hero
/// (`frontend/src/pages/HomePage.tsx`), so the app paints over them without changing
/// what the visitor reads or moving it (a test checks that the two agree).
pub const HOME_HERO: (&str, &str) = (
    "Compare financial products, with every figure sourced",
    "Credit cards, bank accounts and personal loans, ranked by our published method. \
     Sponsored placements are always labelled, and every list has a switch to the order \
     with no sponsorship.",
);

pub(super) fn home_page(snapshot: &Snapshot, site: &Site) -> Result<Page, ApiError> {
    let title = "Compare credit cards, bank accounts and loans";
    let lead = "Compare credit cards, bank accounts, CDs, prepaid cards and personal loans. \
                Our order is never bought, and sponsored placements are labelled.";
    let body = api::routes_body(snapshot)?;
    let routes: RoutesResponse = read(&body)?;
    let mut head = Head::new(title, lead)
        .canonical(site.absolute("/"))
        .json_ld(render::website(site.base_url()));
    head.document_title = format!(
        "{}: compare credit cards, bank accounts and loans",
        render::SITE_NAME
    );
    Ok(Page::ok(
        PageKind::Home,
        Some(body.json().clone()),
        head,
        render::home_html(HOME_HERO.0, HOME_HERO.1, &routes),
    ))
}

/// Today's date on the server's clock (UTC).
pub(super) fn today() -> chrono::NaiveDate {
    chrono::Utc::now().date_naive()
}

/// A route title with its date placeholders filled from today (site-core §5).
pub(crate) fn dated(title: &str) -> String {
    fill_date_placeholders(title, today())
}

/// A query string with these pairs, values encoded; empty when there are none.
pub(super) fn query_string(pairs: &[(&str, &str)]) -> String {
    let joined = pairs
        .iter()
        .map(|(name, value)| format!("{name}={}", encode_component(value)))
        .collect::<Vec<_>>()
        .join("&");
    if joined.is_empty() {
        joined
    } else {
        format!("?{joined}")
    }
}

/// A listing page of the route table.
pub(super) fn listing_page(
    snapshot: &Snapshot,
    site: &Site,
    route: &Route,
    query: &str,
) -> Result<Page, ApiError> {
    let mut given: Vec<(String, String)> = form_pairs(query.as_bytes())
        .into_iter()
        .filter(|(name, _)| LISTING_PAGE_PARAMS.contains(&name.as_str()))
        .collect();
    // A filter the listing refuses is left out and the rest asked again, so a bad address
    // shows the list with that filter's default (and says so) instead of no list.
    let mut left_out: Vec<(String, String)> = Vec::new();
    let mut first_error: Option<ApiError> = None;
    let body = loop {
        let pairs = given
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .chain(std::iter::once(("route", route.path.as_str())));
        match api::listing_body(snapshot, pairs) {
            Err(ApiError::Validation { field, message })
                if given.iter().any(|(name, _)| *name == field) =>
            {
                left_out.extend(given.iter().filter(|(name, _)| *name == field).cloned());
                given.retain(|(name, _)| *name != field);
                first_error.get_or_insert(ApiError::Validation { field, message });
            }
            other => break other,
        }
    };
    let body = match body {
        Ok(body) => body,
        Err(ApiError::NotFound(_)) => return Ok(not_found()),
        Err(err @ (ApiError::Validation { .. } | ApiError::BadRequest(_))) => {
            let error = serde_json::to_vec(&err.body())
                .map_err(|e| ApiError::Internal(format!("serialising: {e}")))?;
            return Ok(Page {
                status: StatusCode::BAD_REQUEST,
                kind: PageKind::ListingError,
                content: Some(Bytes::from(error)),
                head: Head::new(dated(&route.title), &route.description)
                    .canonical(site.absolute(&route.path))
                    .noindex(),
                html: render::plain_html(&dated(&route.title), &err.to_string()),
                keep: false,
            });
        }
        Err(err) => return Err(err),
    };
    let listing: ListingResponse = read(&body)?;
    let value = |name: &str| {
        given
            .iter()
            .find(|(n, v)| n == name && !v.is_empty())
            .map(|(_, v)| v.as_str())
    };
    let page_text = listing.page.to_string();
    // The canonical address keeps what changes the set listed (need, scenario) and the
    // page; the order and the sponsorship mode only rearrange it.
    let mut canonical: Vec<(&str, &str)> = ["need", "scenario"]
        .into_iter()
        .filter_map(|name| value(name).map(|v| (name, v)))
        .collect();
    if listing.page > 1 {
        canonical.push(("page", &page_text));
    }
    let canonical = site.absolute(&format!("{}{}", route.path, query_string(&canonical)));
    let page_href = |page: u64| {
        let page = page.to_string();
        let mut pairs: Vec<(&str, &str)> = ["need", "scenario", "sort", "sponsorship"]
            .into_iter()
            .filter_map(|name| value(name).map(|v| (name, v)))
            .collect();
        if page != "1" {
            pairs.push(("page", &page));
        }
        format!("{}{}", route.path, query_string(&pairs))
    };
    let route_title = dated(&route.title);
    let title = if listing.page > 1 {
        format!("{route_title}, page {}", listing.page)
    } else {
        route_title
    };
    // Only a route the catalogue has nothing for says the data names none; a filter that
    // matches nothing says so instead.
    let route_is_empty = snapshot.catalogue().route_size(&route.path) == Some(0);
    let html = render::listing_html(
        &title,
        &route.description,
        &listing,
        route_is_empty,
        page_href,
    );
    let head = Head::new(title.clone(), &route.description)
        .canonical(canonical)
        .json_ld(render::item_list(&listing, site.base_url(), &title));
    if let Some(error) = first_error {
        // The list with defaults, and what was left out. Its data is the first refusal, so
        // the app reads the address again itself and says the same.
        let error = serde_json::to_vec(&error.body())
            .map_err(|e| ApiError::Internal(format!("serialising: {e}")))?;
        let named: Vec<String> = left_out.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let (settings, defaults) = if left_out.len() == 1 {
            ("that setting is", "its default")
        } else {
            ("those settings are", "their defaults")
        };
        // The app's notice (`ignoredNotice`) says the same.
        let notice = render::paragraph_html(&format!(
            "This address asked for {}, which this list cannot show, so {settings} left at {defaults}.",
            named.join(", ")
        ));
        return Ok(Page {
            keep: false,
            ..Page::ok(
                PageKind::ListingError,
                Some(Bytes::from(error)),
                head.noindex(),
                html.replacen("</h1>\n", &format!("</h1>\n{notice}"), 1),
            )
        });
    }
    Ok(Page::ok(
        PageKind::Listing,
        Some(body.json().clone()),
        head,
        html,
    ))
}

/// A retired product's page: 410, its last known figures under a notice, kept out of
/// search engines' indexes.
fn retired(snapshot: &Snapshot, site: &Site, name: &str, path: &str) -> Result<Page, ApiError> {
    let offer = api::retired_offer(snapshot, name)
        .ok_or_else(|| ApiError::NotFound(format!("no product named {name}")))?;
    let content = serde_json::to_vec(&offer)
        .map_err(|err| ApiError::Internal(format!("writing a retired offer: {err}")))?;
    let canonical = site.absolute(offer.details_path.as_deref().unwrap_or(path));
    Ok(Page {
        status: StatusCode::GONE,
        keep: false,
        ..Page::ok(
            PageKind::Offer,
            Some(content.into()),
            Head::new(offer.name.clone(), &render::retired_notice(&offer))
                .canonical(canonical)
                .noindex(),
            render::retired_offer_html(&offer),
        )
    })
}

/// `GET /d/{name}`: a details page.
pub async fn offer(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let path = request.uri().path().to_owned();
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let body = match api::offer_body(snapshot, &name) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(ApiError::Gone(_)) => return retired(snapshot, site, &name, &path),
                Err(err) => return Err(err),
            };
            let offer: OfferSummary = read(&body)?;
            let canonical = site.absolute(offer.details_path.as_deref().unwrap_or(&path));
            let head = Head::new(offer.name.clone(), &render::offer_description(&offer))
                .canonical(canonical)
                .json_ld(render::product_document(&offer, site.base_url(), &path));
            let html = render::offer_html(&offer);
            Ok(Page::ok(
                PageKind::Offer,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// `GET /institutions/{id}`: an institution and its products.
pub async fn institution(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let body = match api::institution_body(snapshot, &id) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(err) => return Err(err),
            };
            let view: InstitutionResponse = read(&body)?;
            let name = &view.institution.name;
            let description = match view.products.len() {
                0 => format!("{name}: ratings and reviews."),
                1 => format!("{name} and the product it offers, with its rating, rates and fees."),
                n => format!(
                    "{name} and the {n} products it offers, with their ratings, rates and fees."
                ),
            };
            let canonical = site.absolute(&format!(
                "/institutions/{}",
                encode_component(&view.institution.id)
            ));
            let head = Head::new(name.clone(), &description).canonical(canonical);
            let html = render::institution_html(&view);
            Ok(Page::ok(
                PageKind::Institution,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// `GET /compare?ids=a,b`: a comparison, or the picker without a usable list.
pub async fn compare(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let pairs = form_pairs(request.uri().query().unwrap_or("").as_bytes());
    let mut ids = pairs.iter().filter(|(name, _)| name == "ids");
    let ids = match (ids.next(), ids.next()) {
        (Some((_, value)), None) if !value.trim().is_empty() => Some(value.clone()),
        _ => None,
    };
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let picker = || {
                let title = "Compare products";
                let text = "Choose two to four products to see them side by side.";
                Page::ok(
                    PageKind::CompareEmpty,
                    None,
                    Head::new(title, text).canonical(site.absolute("/compare")),
                    render::plain_html(title, text),
                )
            };
            let Some(ids) = ids else {
                return Ok(picker());
            };
            let body = match api::compare_body(snapshot, &ids) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(ApiError::Validation { .. }) => return Ok(picker()),
                Err(err) => return Err(err),
            };
            let compared: CompareResponse = read(&body)?;
            let names: Vec<&str> = compared.offers.iter().map(|o| o.name.as_str()).collect();
            let listed = match names.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            let title = format!("Compare {listed}");
            let description = format!("{listed} side by side: ratings, fees, rates and rewards.");
            let ids: Vec<&str> = compared.offers.iter().map(|o| o.id.as_str()).collect();
            let canonical = site.absolute(&format!(
                "/compare{}",
                query_string(&[("ids", &ids.join(","))])
            ));
            let head = Head::new(title.clone(), &description)
                .canonical(canonical)
                .noindex();
            let html = render::compare_html(&title, &compared);
            Ok(Page::ok(
                PageKind::Compare,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// A content page.
pub(super) fn content_page(site: &Site, entry: &content::Entry) -> Page {
    let page = &entry.page;
    let head =
        Head::new(page.title.clone(), &page.description).canonical(site.absolute(&page.path));
    Page::ok(
        PageKind::Content,
        Some(entry.body.json().clone()),
        if page.not_offered {
            head.noindex()
        } else {
            head
        },
        render::content_html(page),
    )
}
