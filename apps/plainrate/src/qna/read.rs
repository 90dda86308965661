//! The reads: the question list (with search), one question, more answers, similar
//! questions. They read the database on every call, so a vote or an answer shows at once.

use api_types::qna::{AnswersResponse, Category, QuestionListResponse, QuestionResponse};
use qna_validation::lengths;
use qna_validation::links::FullSlug;
use qna_validation::listing::{SortKey, parse_page};
use qna_validation::search::{SearchMode, search_mode};
use sea_orm::DatabaseConnection;
use store::qna::{self as db, ItemKind, ListFilter, QuestionPage, QuestionRow, Sort, VoteValue};

use super::wire::{self, private_json};
use super::{ANSWERS_PER_PAGE, QUESTIONS_PER_PAGE, SIMILAR_QUESTIONS};
use crate::rpc::{ActionFuture, ActionRequest, Params};
use crate::{ApiError, AppState};

/// The page-number parameter: `page_param` names it (the spec's option), `qpage` by default.
fn page_number(params: &Params) -> u32 {
    let name = params
        .get("page_param")
        .filter(|n| !n.is_empty() && n.len() <= lengths::PAGE_PARAM_NAME_MAX_BYTES)
        .unwrap_or(qna_validation::constants::PAGE_PARAM_DEFAULT);
    parse_page(params.get(name))
}

/// The filters of a list: a category id and a product id, both optional.
fn filter(params: &Params) -> Result<(Option<i64>, Option<String>), ApiError> {
    let category = params.parse_optional::<i64>("category")?;
    let offer = params
        .get("offer")
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(str::to_owned);
    if offer
        .as_ref()
        .is_some_and(|o| o.len() > lengths::OFFER_FILTER_MAX_BYTES)
    {
        return Err(ApiError::validation("offer", "offer is not valid"));
    }
    Ok((category, offer))
}

fn sort(key: SortKey) -> Sort {
    match key {
        SortKey::MostPopular => Sort::Popular,
        SortKey::MostUpvotes => Sort::Upvotes,
    }
}

/// The signed-in member's votes on these items.
async fn my_votes(
    db: &DatabaseConnection,
    member: Option<i64>,
    kind: ItemKind,
    ids: &[i64],
) -> Result<Vec<(i64, VoteValue)>, ApiError> {
    match member {
        Some(member) if !ids.is_empty() => Ok(db::my_votes(db, member, kind, ids).await?),
        _ => Ok(Vec::new()),
    }
}

fn vote_of(votes: &[(i64, VoteValue)], id: i64) -> Option<VoteValue> {
    votes.iter().find(|(i, _)| *i == id).map(|(_, v)| *v)
}

/// Questions with their first answer (and the member's votes on both).
async fn with_first_answers(
    state: &AppState,
    member: Option<i64>,
    rows: &[QuestionRow],
    from_search: bool,
) -> Result<Vec<api_types::qna::Question>, ApiError> {
    let ids: Vec<i64> = rows.iter().map(|q| q.id).collect();
    let firsts = db::first_answers(&state.db, &ids).await?;
    let answer_ids: Vec<i64> = firsts.iter().map(|a| a.id).collect();
    let question_votes = my_votes(&state.db, member, ItemKind::Question, &ids).await?;
    let answer_votes = my_votes(&state.db, member, ItemKind::Answer, &answer_ids).await?;
    Ok(rows
        .iter()
        .map(|row| {
            let answers = firsts
                .iter()
                .filter(|a| a.question_id == row.id)
                .map(|a| wire::answer(a, vote_of(&answer_votes, a.id)))
                .collect();
            wire::question(row, answers, from_search, vote_of(&question_votes, row.id))
        })
        .collect())
}

fn pages(total: u64) -> i64 {
    i64::try_from(total.div_ceil(u64::from(QUESTIONS_PER_PAGE))).unwrap_or(i64::MAX)
}

/// A page of the search for `text`, with its kept totals.
async fn search(
    state: &AppState,
    text: &str,
    filter: &ListFilter<'_>,
    page: u32,
    per_page: u32,
) -> Result<QuestionPage, ApiError> {
    let totals = state
        .question_counts
        .search_totals(&state.db, text, filter)
        .await?;
    Ok(QuestionPage {
        questions: db::search_page(&state.db, text, filter, totals, page, per_page).await?,
        total: totals.all,
    })
}

/// `Qna.List`: a page of questions, searched when `q` has 2 characters or more.
pub fn list(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member = request.visitor.member_id();
        Ok(private_json(
            list_answer(&state, &request.params, member).await?,
        ))
    })
}

/// The answer of `Qna.List` for these parameters, with `member`'s own votes (none for a
/// guest): the action's and the `/answers/` page's.
pub async fn list_answer(
    state: &AppState,
    params: &Params,
    member: Option<i64>,
) -> Result<QuestionListResponse, ApiError> {
    let (category, offer) = filter(params)?;
    let page = page_number(params);
    let key = SortKey::from_param(params.get("sort"));
    let filter = ListFilter {
        category_id: category,
        offer_id: offer.as_deref(),
    };
    let mode = search_mode(params.get("q").unwrap_or(""));
    let (found, from_search): (QuestionPage, bool) = match &mode {
        SearchMode::Search(query) => (
            search(state, query.as_str(), &filter, page, QUESTIONS_PER_PAGE).await?,
            true,
        ),
        SearchMode::Normal => (
            QuestionPage {
                questions: db::list_page(&state.db, &filter, sort(key), page, QUESTIONS_PER_PAGE)
                    .await?,
                total: state.question_counts.count(&state.db, &filter).await?,
            },
            false,
        ),
    };
    let questions = with_first_answers(state, member, &found.questions, from_search).await?;
    let categories = state
        .question_counts
        .categories(&state.db)
        .await?
        .iter()
        .map(|c| Category {
            id: c.id,
            name: c.name.clone(),
        })
        .collect();
    Ok(QuestionListResponse {
        questions,
        pages: pages(found.total),
        current_page: i64::from(page),
        total_questions: i64::try_from(found.total).unwrap_or(i64::MAX),
        categories,
        attribution: state.site.qna_attribution().map(str::to_owned),
    })
}

/// The visible question named by `id` or by its full slug `slug`.
async fn find_question(state: &AppState, params: &Params) -> Result<QuestionRow, ApiError> {
    let id = match params.parse_optional::<i64>("id")? {
        Some(id) => id,
        None => {
            let slug = params.required("slug")?;
            let full =
                FullSlug::parse(slug).map_err(|e| ApiError::validation("slug", e.to_string()))?;
            i64::try_from(full.id())
                .map_err(|_| ApiError::validation("slug", "slug is not valid"))?
        }
    };
    visible_question(state, id).await
}

/// The question `id`, unless a moderator hid it.
pub async fn visible_question(state: &AppState, id: i64) -> Result<QuestionRow, ApiError> {
    match db::question(&state.db, id).await? {
        Some(row) if !row.hidden => Ok(row),
        Some(_) => Err(ApiError::NotFound(format!(
            "question {id} was removed by a moderator"
        ))),
        None => Err(ApiError::NotFound(format!("no question {id}"))),
    }
}

/// A page of answers of one question, in answer order.
async fn answer_page(
    state: &AppState,
    member: Option<i64>,
    question_id: i64,
    offset: u64,
) -> Result<Vec<api_types::qna::Answer>, ApiError> {
    let rows = db::answers(&state.db, question_id, offset, ANSWERS_PER_PAGE).await?;
    let ids: Vec<i64> = rows.iter().map(|a| a.id).collect();
    let votes = my_votes(&state.db, member, ItemKind::Answer, &ids).await?;
    Ok(rows
        .iter()
        .map(|a| wire::answer(a, vote_of(&votes, a.id)))
        .collect())
}

/// The answers of `question_id` after the first `shown`, as a guest sees them, up to
/// `limit`, in one read: the question page's HTML lists them, so a reader without
/// JavaScript (or a crawler) gets every answer.
pub async fn later_answers(
    state: &AppState,
    question_id: i64,
    shown: u64,
    limit: u64,
) -> Result<Vec<api_types::qna::Answer>, ApiError> {
    let rows = db::answers(&state.db, question_id, shown, limit).await?;
    Ok(rows.iter().map(|a| wire::answer(a, None)).collect())
}

/// `Qna.Question`: one question with its first page of answers (its own page).
pub fn question(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let row = find_question(&state, &request.params).await?;
        let member = request.visitor.member_id();
        Ok(private_json(question_answer(&state, row, member).await?))
    })
}

/// The answer of `Qna.Question` for a visible question, with `member`'s own votes (none
/// for a guest): the action's and the question page's.
pub async fn question_answer(
    state: &AppState,
    row: QuestionRow,
    member: Option<i64>,
) -> Result<QuestionResponse, ApiError> {
    let answers = answer_page(state, member, row.id, 0).await?;
    let votes = my_votes(&state.db, member, ItemKind::Question, &[row.id]).await?;
    let category = state
        .question_counts
        .categories(&state.db)
        .await?
        .iter()
        .find(|c| c.id == row.category_id)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    Ok(QuestionResponse {
        question: wire::question(&row, answers, false, vote_of(&votes, row.id)),
        category,
        attribution: state.site.qna_attribution().map(str::to_owned),
    })
}

/// `Qna.Answers`: more answers of `question` from `offset` (the answers already shown).
pub fn answers(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let question_id: i64 = request.params.parse("question")?;
        let offset = request.params.parse_optional::<u64>("offset")?.unwrap_or(0);
        let row = visible_question(&state, question_id).await?;
        let member = request.visitor.member_id();
        let answers = answer_page(&state, member, row.id, offset).await?;
        let shown = offset.saturating_add(answers.len() as u64);
        Ok(private_json(AnswersResponse {
            question_id: row.id,
            has_more_answers: shown < u64::from(row.answer_count),
            total_answers: i64::from(row.answer_count),
            answers,
        }))
    })
}

/// `Qna.Similar`: up to [`SIMILAR_QUESTIONS`] questions like the `title` being typed,
/// from the same search as the list, so a duplicate is found before it is posted.
pub fn similar(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let title = request.params.get("title").unwrap_or("");
        if title.chars().count() > lengths::SIMILAR_TITLE_MAX_CHARS {
            return Err(ApiError::validation("title", "title is too long"));
        }
        let questions = match search_mode(title) {
            SearchMode::Normal => Vec::new(),
            SearchMode::Search(query) => {
                let filter = ListFilter::default();
                let found = search(&state, query.as_str(), &filter, 1, SIMILAR_QUESTIONS).await?;
                found
                    .questions
                    .iter()
                    .map(|row| wire::question(row, Vec::new(), true, None))
                    .collect()
            }
        };
        Ok(private_json(QuestionListResponse {
            total_questions: i64::try_from(questions.len()).unwrap_or(0),
            pages: 1,
            current_page: 1,
            questions,
            categories: Vec::new(),
            attribution: None,
        }))
    })
}
