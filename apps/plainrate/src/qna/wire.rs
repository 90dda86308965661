//! Rows of the store as the question-and-answer box reads them (community §3), and the
//! small helpers every action shares.

use api_types::qna::{Answer, Attribution, Question};
use axum::response::Response;
use qna_validation::links::FullSlug;
use store::qna::{AnswerRow, AuthorRow, QuestionRow, VoteValue};

use super::SHORT_ANSWER_CHARS;
use crate::ApiError;

pub use crate::rpc::private_json;

/// Text as HTML: escaped, with line breaks kept. Answers are stored as the member wrote
/// them and become HTML only here, so no markup a member writes ever reaches a page.
pub fn text_html(text: &str) -> String {
    crate::escaping::escape(text.trim())
        .replace("\r\n", "\n")
        .replace('\r', "")
        .replace('\n', "<br>")
}

/// The text an answer's HTML stands for: the inverse of `text_html` (this module), for structured data,
/// which wants text.
pub fn html_text(html: &str) -> String {
    let text = html.replace("<br>", "\n");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let entity = [
            ("&amp;", '&'),
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&quot;", '"'),
            ("&#39;", '\''),
        ]
        .into_iter()
        .find(|(name, _)| rest.starts_with(name));
        match entity {
            Some((name, c)) => {
                out.push(c);
                rest = &rest[name.len()..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The first `max` characters of `text`, cut at a word boundary, with `…` when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max).collect();
    let at = cut.rfind(char::is_whitespace).unwrap_or(cut.len());
    format!("{}…", cut.get(..at).unwrap_or(&cut).trim_end())
}

pub(crate) fn vote_number(value: Option<VoteValue>) -> Option<i8> {
    value.map(|v| match v {
        VoteValue::Up => 1,
        VoteValue::Down => -1,
    })
}

pub(crate) fn name_of(author: &AuthorRow) -> String {
    author.name.clone().unwrap_or_else(|| author.login.clone())
}

/// The attribution of an author who stands for a public source, `None` for a person (and
/// for a source key this build does not know, which then reads as its account's name).
pub fn attribution(author: &AuthorRow) -> Option<Attribution> {
    let source = qna_validation::sources::by_key(author.source.as_deref()?)?;
    Some(Attribution {
        source: source.name.to_owned(),
        source_url: source.url.to_owned(),
        licence: source.licence.to_owned(),
        licence_url: source.licence_url.to_owned(),
        note: source.note.to_owned(),
    })
}

/// An answer as the box shows it.
pub fn answer(row: &AnswerRow, my_vote: Option<VoteValue>) -> Answer {
    Answer {
        id: row.id,
        uid: row.author.member_id,
        user_login: row.author.login.clone(),
        user_fullname: name_of(&row.author),
        user_title: row.author.title.clone().unwrap_or_default(),
        user_avatar: row.author.avatar.clone().unwrap_or_default(),
        content: text_html(&excerpt(&row.content, SHORT_ANSWER_CHARS)),
        full_content: text_html(&row.content),
        date: row.created_at.to_rfc3339(),
        edited: row.edited,
        upvote: i64::from(row.upvotes),
        downvote: i64::from(row.downvotes),
        accepted: row.accepted,
        // A source's text is never shown as an editor's, whatever its account's role.
        expert: row.author.expert && row.author.source.is_none(),
        source: attribution(&row.author),
        my_vote: vote_number(my_vote),
    }
}

/// A question as the box shows it, with the answers given.
pub fn question(
    row: &QuestionRow,
    answers: Vec<Answer>,
    from_search: bool,
    my_vote: Option<VoteValue>,
) -> Question {
    let id = u64::try_from(row.id).unwrap_or(0);
    let full = FullSlug::new(&row.title, id);
    let has_more_answers = answers.len() < row.answer_count as usize;
    Question {
        id: row.id,
        ques_content: row.title.clone(),
        ques_more_info: row.more_info.clone(),
        ques_slug: row.slug.clone(),
        ques_fullslug: format!("{}-{}", row.slug, row.id),
        ques_href: full.link(),
        upvote: i64::from(row.upvotes),
        downvote: i64::from(row.downvotes),
        answers,
        total_answers: i64::from(row.answer_count),
        has_more_answers,
        from_search,
        category_id: row.category_id,
        offer_id: row.offer_id.clone(),
        asker_uid: row.author.member_id,
        asker_login: row.author.login.clone(),
        date: row.created_at.to_rfc3339(),
        source: attribution(&row.author),
        my_vote: vote_number(my_vote),
    }
}

/// A store refusal of a question-and-answer write as the visitor reads it.
pub fn refused(err: store::qna::QnaError) -> ApiError {
    use store::qna::QnaError;
    match err {
        QnaError::Store(err) => err.into(),
        QnaError::NotFound { kind, id } => ApiError::NotFound(format!("no {kind} {id}")),
        QnaError::Hidden { kind, id } => {
            ApiError::NotFound(format!("{kind} {id} was removed by a moderator"))
        }
        // Not 403: the request layer reads a 403 as "banned".
        QnaError::NotAuthor { .. } => {
            ApiError::validation("question", "Only the person who asked may do this.")
        }
        QnaError::NotModerator { .. } => ApiError::validation("role", ONLY_MODERATORS),
        QnaError::NotAnAnswerOf {
            answer_id,
            question_id,
        } => ApiError::validation(
            "answer",
            format!("answer {answer_id} does not answer question {question_id}"),
        ),
    }
}

/// A delegated session's write: the permission message, nothing written. A 200 with
/// `error: true`, as the rating calls answer it, because the request layer reads a 403 as
/// "banned".
pub fn delegated_refusal() -> Response {
    private_json(api_types::qna::QnaDone {
        error: true,
        message: visitor_state::status::PERMISSION_DENIED_MESSAGE.to_owned(),
    })
}

/// How the community's calls answer a visitor who may not write: a guest is told to sign
/// in (401), a delegated session gets the permission message.
pub fn refusal(refused: crate::rpc::Refusal) -> Result<Response, ApiError> {
    match refused {
        crate::rpc::Refusal::Guest => Err(ApiError::Guest),
        crate::rpc::Refusal::Delegated => Ok(delegated_refusal()),
    }
}

/// The refusal of a moderator's action to anyone else.
pub const ONLY_MODERATORS: &str = "Only moderators may do this.";

/// `question`, `answer` or `review`, from the `kind` parameter, or from `t` as the
/// report-abuse link of community §2 names it (`t=a` an answer, `t=q` a question, and
/// this site's `t=r` a review).
pub fn item_kind(params: &crate::rpc::Params) -> Result<store::qna::ItemKind, ApiError> {
    use store::qna::ItemKind;
    match (params.get("kind"), params.get("t")) {
        (Some(kind), _) => ItemKind::from_key(kind.trim())
            .ok_or_else(|| ApiError::validation("kind", "kind must be question, answer or review")),
        (None, Some("a")) => Ok(ItemKind::Answer),
        (None, Some("q")) => Ok(ItemKind::Question),
        (None, Some("r")) => Ok(ItemKind::Review),
        (None, Some(_)) => Err(ApiError::validation("t", "t must be a, q or r")),
        (None, None) => Err(ApiError::validation("kind", "kind is required")),
    }
}

/// The token naming a guest's waiting question: its id and a signature, so nobody can
/// confirm, or spend the tries of, a question they did not ask by counting ids.
pub fn pending_token(state: &crate::AppState, id: i64) -> String {
    let signature = state.secret.sign("qna-pending", &[&id.to_be_bytes()]);
    format!("{id}.{}", hex::encode(signature))
}

/// The waiting question a [`pending_token`] names; a forged or malformed one is a 400.
pub fn pending_id(state: &crate::AppState, params: &crate::rpc::Params) -> Result<i64, ApiError> {
    let refused = || ApiError::validation("pending", "This question link is not valid.");
    let token = params.required("pending")?;
    let (id, signature) = token.split_once('.').ok_or_else(refused)?;
    let id: i64 = id.parse().map_err(|_| refused())?;
    let signature = hex::decode(signature).map_err(|_| refused())?;
    if state
        .secret
        .verify("qna-pending", &[&id.to_be_bytes()], &signature)
    {
        Ok(id)
    } else {
        Err(refused())
    }
}

#[cfg(test)]
mod tests {
    use super::{html_text, text_html};

    #[test]
    fn html_text_undoes_text_html() {
        for text in [
            "plain",
            "a < b & c > d \"quoted\" 'single'",
            "line one\nline two",
            "&amp; written out, & alone, &unknown;",
            "",
        ] {
            assert_eq!(html_text(&text_html(text)), text);
        }
    }
}
