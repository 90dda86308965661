//! The community's pages: `/answers/` (the questions, with a category, an order, a page and
//! a search from the address) and `/answers/{slug}-{id}` (a question with its answers).
//!
//! Both are read from the database on every request, as a guest sees them (the app adds the
//! visitor's own votes), and never kept: a new answer or vote shows on the next load. Their
//! data is what `Qna.List` and `Qna.Question` answer for the same parameters. A question
//! asked for under an old, mistyped or capitalised slug (the address still ends with its
//! id) is sent to its own address (301); a hidden or missing one is the 404 page.

use std::path::Path as FilePath;

use api_types::page::PageKind;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use qna_validation::links::FullSlug;
use qna_validation::search::{SearchMode, search_mode};
use serde::Deserialize;

use super::render::Head;
use super::render::qna::{self as html, ListHeading};
use super::{Page, Site, not_found, path_and_query, query_string, serve_live};
use crate::cli::COMMUNITY_FIXTURE;
use crate::listings::api::to_json;
use crate::protocol::client_ip::ClientIp;
use crate::rpc::{Params, form_pairs};
use crate::{ApiError, AppState};

/// The parameters of `/answers/` passed on to the question list.
pub const LIST_PAGE_PARAMS: [&str; 4] = ["category", "sort", "qpage", "q"];

/// At most this many answers follow the first page's in a question page's HTML (the app
/// loads more on request).
const LATER_ANSWERS_ON_PAGE: u64 = 500;

const LIST_TITLE: &str = "Questions and answers";
const LIST_LEAD: &str = "Questions and answers about credit cards, bank accounts, loans and \
                         money: from Personal Finance & Money Stack Exchange, credited to it by \
                         each one, and from members here.";

/// The attribution line of the sample questions and answers (the `source` of the community
/// fixture under `fixtures_dir`), or `None` when there is no such file.
pub fn sample_attribution(fixtures_dir: &FilePath) -> Option<String> {
    #[derive(Deserialize)]
    struct Source {
        source: Option<String>,
    }
    let text = std::fs::read_to_string(fixtures_dir.join(COMMUNITY_FIXTURE)).ok()?;
    serde_json::from_str::<Source>(&text).ok()?.source
}

fn json_bytes<T: serde::Serialize>(value: &T) -> Result<Bytes, ApiError> {
    to_json(value).map(Bytes::from)
}

/// `GET /answers`: the list lives at `/answers/` (same query).
pub async fn list_redirect(request: Request) -> Response {
    let query = request
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    moved(&format!("/answers/{query}"))
}

/// A permanent redirect to a path of this site.
pub(super) fn moved(path: &str) -> Response {
    match HeaderValue::from_str(path) {
        Ok(location) => (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, location)],
        )
            .into_response(),
        Err(_) => ApiError::NotFound("no such page".to_owned()).into_response(),
    }
}

/// `GET /answers/`: the question list.
pub async fn list(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let query = request.uri().query().unwrap_or("").to_owned();
    serve_live(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        list_page(&state, &query),
    )
    .await
}

async fn list_page(state: &AppState, query: &str) -> Result<Page, ApiError> {
    // One value a name, the first, as the app reads its address.
    let mut given: Vec<(String, String)> = Vec::new();
    for (name, value) in form_pairs(query.as_bytes()) {
        if LIST_PAGE_PARAMS.contains(&name.as_str()) && !given.iter().any(|(n, _)| *n == name) {
            given.push((name, value));
        }
    }
    let params = Params::from_pairs(given.iter().cloned());
    let list = match crate::qna::list_answer(state, &params, None).await {
        Ok(list) => list,
        Err(err @ (ApiError::Validation { .. } | ApiError::BadRequest(_))) => {
            let text = format!("These questions cannot be listed: {err}.");
            return Ok(Page {
                status: StatusCode::BAD_REQUEST,
                kind: PageKind::NotFound,
                content: None,
                head: Head::new(LIST_TITLE, &text).noindex(),
                html: super::render::plain_html(LIST_TITLE, &text),
                keep: false,
            });
        }
        Err(err) => return Err(err),
    };
    let site = &state.site;
    let value = |name: &str| {
        given
            .iter()
            .find(|(n, v)| n == name && !v.trim().is_empty())
            .map(|(_, v)| v.as_str())
    };
    let search = match search_mode(value("q").unwrap_or("")) {
        SearchMode::Search(text) => Some(text.as_str().to_owned()),
        SearchMode::Normal => None,
    };
    let category = params.parse_optional::<i64>("category").ok().flatten();
    let category_name = category
        .and_then(|id| list.categories.iter().find(|c| c.id == id))
        .map(|c| c.name.as_str());
    let mut title = match (&search, category_name) {
        (Some(text), _) => format!("Questions about “{text}”"),
        (None, Some(name)) => format!("{name}: questions and answers"),
        (None, None) => LIST_TITLE.to_owned(),
    };
    if list.current_page > 1 {
        title.push_str(&format!(", page {}", list.current_page));
    }
    let page_text = list.current_page.to_string();
    let category_text = category_name.and(category).map(|id| id.to_string());
    // The canonical address keeps what changes the set (the category) and the page; the
    // order only rearranges it, and a search is not indexed.
    let mut canonical: Vec<(&str, &str)> = Vec::new();
    if let Some(id) = &category_text {
        canonical.push(("category", id));
    }
    if list.current_page > 1 {
        canonical.push(("qpage", &page_text));
    }
    let canonical = site.absolute(&format!("/answers/{}", query_string(&canonical)));
    let page_href = |page: i64| {
        let page = page.to_string();
        let mut pairs: Vec<(&str, &str)> = ["category", "sort", "q"]
            .into_iter()
            .filter_map(|name| value(name).map(|v| (name, v)))
            .collect();
        if page != "1" {
            pairs.push(("qpage", &page));
        }
        format!("/answers/{}", query_string(&pairs))
    };
    let heading = ListHeading {
        title: &title,
        lead: LIST_LEAD,
        search: search.as_deref(),
        category: category_name.and(category),
    };
    let body = html::list_html(&heading, &list, page_href);
    let mut head = Head::new(title.clone(), LIST_LEAD)
        .canonical(canonical)
        .json_ld(html::question_list(&list, site.base_url(), &title));
    if search.is_some() || list.questions.is_empty() {
        head = head.noindex();
    }
    Ok(Page {
        keep: false,
        ..Page::ok(PageKind::Answers, Some(json_bytes(&list)?), head, body)
    })
}

/// The question id a question's address ends with (`…-42`); a slug that is old, mistyped
/// or in capitals still names its question.
fn question_id(slug: &str) -> Option<i64> {
    let digits = slug.rsplit('-').next()?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|id| *id > 0)
}

/// `GET /answers/{slug}-{id}`: a question's page.
pub async fn question(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(slug): Path<String>,
    request: Request,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(&state, request.headers(), client) {
        return super::html_refusal(refusal);
    }
    let found = match question_id(&slug) {
        Some(id) => crate::qna::visible_question(&state, id).await.map(Some),
        None => Ok(None),
    };
    let row = match found {
        Ok(Some(found)) => found,
        Ok(None) | Err(ApiError::NotFound(_)) => {
            let page = async { Ok(not_found()) };
            return serve_live(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                page,
            )
            .await;
        }
        Err(err) => return err.into_response(),
    };
    let own = FullSlug::new(&row.title, u64::try_from(row.id).unwrap_or(0));
    if own.to_string() != slug {
        return moved(&own.link());
    }
    serve_live(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        question_page(&state, row),
    )
    .await
}

async fn question_page(state: &AppState, row: store::qna::QuestionRow) -> Result<Page, ApiError> {
    let view = crate::qna::question_answer(state, row, None).await?;
    let site: &Site = &state.site;
    let question = &view.question;
    // The app writes the same description after a navigation.
    let description = if question.ques_more_info.is_empty() {
        format!("{} Asked in {}.", question.ques_content, view.category)
    } else {
        question.ques_more_info.clone()
    };
    let head = Head::new(question.ques_content.clone(), &description)
        .canonical(site.absolute(&question.ques_href))
        .json_ld(html::qa_page(&view, site.base_url()));
    let later = if question.has_more_answers {
        let shown = question.answers.len() as u64;
        crate::qna::later_answers(state, question.id, shown, LATER_ANSWERS_ON_PAGE).await?
    } else {
        Vec::new()
    };
    let body = html::question_html(&view, &later);
    Ok(Page {
        keep: false,
        ..Page::ok(PageKind::Question, Some(json_bytes(&view)?), head, body)
    })
}

#[cfg(test)]
mod tests {
    use super::question_id;

    #[test]
    fn a_question_address_is_read_by_the_id_it_ends_with() {
        assert_eq!(question_id("is-apr-interest-42"), Some(42));
        assert_eq!(question_id("Old-Title-42"), Some(42));
        assert_eq!(question_id("42"), Some(42));
        assert_eq!(question_id("café-7"), Some(7));
        for none in [
            "",
            "no-id",
            "x-0",
            "x-",
            "x-4a",
            "x-+4",
            "x-99999999999999999999",
        ] {
            assert_eq!(question_id(none), None, "{none}");
        }
    }
}
