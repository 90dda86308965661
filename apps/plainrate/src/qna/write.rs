//! The writes of members: answering, voting, reporting and accepting an answer.

use api_types::qna::{AnswerPostResponse, QnaDone, QnaVoteResponse};
use api_types::write_status::WriteStatus;
use chrono::Utc;
use qna_validation::lengths;
use qna_validation::pending_vote::{PendingItem, PendingQnaVote, VoteDirection};
use qna_validation::permissions::Action as Permission;
use qna_validation::reply::Reply;
use store::qna::{self as db, ItemKind, NewAnswer, NewReport, VoteValue};

use super::ask::refuse_profanity;
use super::wire::{self, item_kind, private_json};
use crate::limits;
use crate::rpc::{ActionFuture, ActionRequest, Refusal, within_limit};
use crate::{ApiError, AppState};

/// The member who may do `$action`, or return the refusal ([`wire::refusal`]).
macro_rules! member_or_return {
    ($request:expr, $action:expr) => {
        match $request.member_for($action) {
            Ok(id) => id,
            Err(refused) => return wire::refusal(refused),
        }
    };
}

/// `Qna.Answer`: a member's answer to `question` (30 characters or more after trimming);
/// answers the answer-post response of community §3.
pub fn answer(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member = member_or_return!(request, Permission::Reply);
        let question: i64 = request.params.parse("question")?;
        let reply = Reply::parse(request.params.get("content").unwrap_or(""))
            .map_err(|e| ApiError::validation("content", e.to_string()))?;
        within_limit("content", lengths::ANSWER, reply.as_str())?;
        refuse_profanity("content", reply.as_str())?;
        let at = Utc::now();
        let subject = member.to_string();
        let ip = limits::ip_subject(request.client_ip);
        limits::check_or_wait(
            &state.db,
            &[
                limits::QNA_ANSWER_MEMBER.on(&subject),
                limits::QNA_ANSWER_MEMBER_DAY.on(&subject),
                limits::QNA_ANSWER_IP.on(&ip),
            ],
            at,
            "You have answered many questions in a short time.",
        )
        .await?;
        let txn = store::begin_write(&state.db).await?;
        let row = db::create_answer(
            &txn,
            &NewAnswer {
                question_id: question,
                author_id: member,
                content: reply.as_str(),
            },
            at,
        )
        .await
        .map_err(wire::refused)?;
        let asked = db::question(&txn, question)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("question {question}")))?;
        super::notify::first_answer(&state, &txn, &asked, member, at).await?;
        txn.commit().await.map_err(store::StoreError::from)?;
        state.mail.wake();
        Ok(private_json(AnswerPostResponse {
            id: row.id,
            date: row.created_at.to_rfc3339(),
            answer: wire::text_html(&row.content),
            user_login: row.author.login.clone(),
            fullname: row.author.name.clone().unwrap_or(row.author.login),
            avatar: row.author.avatar.unwrap_or_default(),
            user_title: row.author.title.unwrap_or_default(),
            edited: row.edited,
        }))
    })
}

/// `Qna.Vote`: a member's up or down vote on a question or answer; changing it is allowed,
/// the same vote again changes nothing. A guest is sent to the light sign-up.
pub fn vote(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let kind = item_kind(&request.params)?;
        let id: i64 = request.params.parse("id")?;
        let value = match request.params.required("value")? {
            "up" | "1" => VoteValue::Up,
            "down" | "-1" => VoteValue::Down,
            _ => return Err(ApiError::validation("value", "value must be up or down")),
        };
        let member = match request.member_for(Permission::Vote) {
            Ok(id) => id,
            Err(Refusal::Delegated) => {
                return Ok(private_json(QnaVoteResponse {
                    status: WriteStatus::delegated(),
                    ..QnaVoteResponse::default()
                }));
            }
            Err(Refusal::Guest) => {
                // The sign-in link casts the vote chosen here, so it is not lost.
                let pending = PendingQnaVote {
                    item: pending_item(kind),
                    id,
                    direction: match value {
                        VoteValue::Up => VoteDirection::Up,
                        VoteValue::Down => VoteDirection::Down,
                    },
                };
                let link = crate::visitor::light_sign_up_link(&state, &request.headers);
                return Ok(private_json(QnaVoteResponse {
                    status: WriteStatus::guest(
                        site_urls::sign_up::with_pending_vote(&link, &pending.to_string()),
                        None,
                    ),
                    ..QnaVoteResponse::default()
                }));
            }
        };
        cast(&state, member, kind, id, value)
            .await
            .map(private_json)
    })
}

fn pending_item(kind: ItemKind) -> PendingItem {
    match kind {
        ItemKind::Question => PendingItem::Question,
        ItemKind::Answer => PendingItem::Answer,
        ItemKind::Review => PendingItem::Review,
    }
}

/// Casts a guest's up or down vote chosen before the light sign-up, now that `member` is
/// signed in. A member who has already voted on the item keeps their own vote; an item
/// gone, or a vote limit reached, leaves the vote uncast (the sign-in stands either way).
pub(crate) async fn cast_pending(
    state: &AppState,
    member: i64,
    vote: &PendingQnaVote,
) -> Result<bool, ApiError> {
    let kind = match vote.item {
        PendingItem::Question => ItemKind::Question,
        PendingItem::Answer => ItemKind::Answer,
        PendingItem::Review => ItemKind::Review,
    };
    if !db::my_votes(&state.db, member, kind, &[vote.id])
        .await?
        .is_empty()
    {
        return Ok(false);
    }
    let value = match vote.direction {
        VoteDirection::Up => VoteValue::Up,
        VoteDirection::Down => VoteValue::Down,
    };
    cast(state, member, kind, vote.id, value)
        .await
        .map(|_| true)
}

/// A member's vote: within their limits, in one write.
async fn cast(
    state: &AppState,
    member: i64,
    kind: ItemKind,
    id: i64,
    value: VoteValue,
) -> Result<QnaVoteResponse, ApiError> {
    let at = Utc::now();
    let subject = member.to_string();
    limits::check_or_wait(
        &state.db,
        &[
            limits::QNA_VOTE_MEMBER.on(&subject),
            limits::QNA_VOTE_MEMBER_DAY.on(&subject),
        ],
        at,
        "You have voted many times in a short time.",
    )
    .await?;
    let txn = store::begin_write(&state.db).await?;
    let outcome = db::vote(&txn, member, kind, id, value, at)
        .await
        .map_err(wire::refused)?;
    txn.commit().await.map_err(store::StoreError::from)?;
    Ok(QnaVoteResponse {
        upvote: Some(i64::from(outcome.upvotes)),
        downvote: Some(i64::from(outcome.downvotes)),
        my_vote: Some(match value {
            VoteValue::Up => 1,
            VoteValue::Down => -1,
        }),
        ..QnaVoteResponse::default()
    })
}

/// `Qna.Report`: an abuse report on a question or answer, with the page it was made
/// from (`ru`). The item stays visible until a moderator acts.
pub fn report(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        if request.may(Permission::Report) == Err(Refusal::Delegated) {
            return Ok(wire::delegated_refusal());
        }
        let kind = item_kind(&request.params)?;
        let id: i64 = request.params.parse("id")?;
        // Kept as a path of this site (anything else is `/`), so no address a reporter
        // writes can become a link in the moderators' queue.
        let page = request.params.get("ru").unwrap_or("").trim();
        let page = qna_validation::links::address_without_query_or_hash(page);
        let page =
            site_urls::same_site::SameSitePath::from_page_address(&state.settings.base_url, page);
        let page = page.as_str();
        let reason = request
            .params
            .get("reason")
            .map(str::trim)
            .filter(|r| !r.is_empty());
        within_limit("reason", lengths::MODERATION_REASON, reason.unwrap_or(""))?;
        let at = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        let member = request.visitor.member_id().map(|m| m.to_string());
        let mut hits = vec![limits::QNA_REPORT_IP.on(&ip)];
        if let Some(member) = &member {
            hits.push(limits::QNA_REPORT_MEMBER_DAY.on(member));
        }
        limits::check_or_wait(&state.db, &hits, at, "You have sent many reports.").await?;
        let txn = store::begin_write(&state.db).await?;
        db::report(
            &txn,
            &NewReport {
                reporter_id: request.visitor.member_id(),
                reporter_ip: &ip,
                item_kind: kind,
                item_id: id,
                page_address: page,
                reason,
            },
            at,
        )
        .await
        .map_err(wire::refused)?;
        txn.commit().await.map_err(store::StoreError::from)?;
        Ok(private_json(QnaDone {
            error: false,
            message: "Thank you. A moderator will look at it.".to_owned(),
        }))
    })
}

/// `Qna.Accept`: the asker marks one answer of their question as the accepted one.
pub fn accept(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member = member_or_return!(request, Permission::Edit);
        let question: i64 = request.params.parse("question")?;
        let answer: i64 = request.params.parse("answer")?;
        let txn = store::begin_write(&state.db).await?;
        let answerer = db::accept_answer(&txn, member, question, answer)
            .await
            .map_err(wire::refused)?;
        let asked = db::question(&txn, question)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("question {question}")))?;
        super::notify::accepted(&state, &txn, &asked, answer, answerer, Utc::now()).await?;
        txn.commit().await.map_err(store::StoreError::from)?;
        state.mail.wake();
        Ok(private_json(QnaDone {
            error: false,
            message: "You accepted this answer.".to_owned(),
        }))
    })
}
