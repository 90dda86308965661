//! Members' written reviews of products: the list of a details page's `#reviews` section
//! (newest or most helpful first) and writing one. A review's stars are also the
//! member's rating vote on the product, so the product's member rating and its written
//! reviews never disagree. Helpful votes, reports and moderation are the community's
//! (`Qna.Vote`, `Qna.Report`, `Qna.Hide`, `Qna.Restore` with `kind=review`), and its
//! text is shown as the community's is (`qna::wire`).
//!
//! | Action | Method | Who | What |
//! |---|---|---|---|
//! | `Reviews.List` | GET | anyone | a product's written reviews: `pid`, `sort` (`new`, `helpful`), `offset` |
//! | `Reviews.Write` | POST | member | `pid`, `rtg` (1 to 5 stars, also the member's rating vote), `text` (30 to 2,000 characters) |

use api_types::review::{Review, ReviewWriteResponse, ReviewsResponse};
use api_types::write_status::WriteStatus;
use chrono::Utc;
use qna_validation::permissions::Action as Permission;
use qna_validation::review::ReviewText;
use store::qna::{ItemKind, VoteValue};
use store::reviews::{self as db, NewReview, ReviewRow, ReviewSort};
use store::votes::{Cast, TargetKind};

use crate::qna::refuse_profanity;
use crate::qna::wire::{name_of, text_html, vote_number};
use crate::ratings::{parse_stars, product_id, product_id_to_read};
use crate::rpc::{Action, ActionFuture, ActionRequest, Refusal, private_json};
use crate::{ApiError, AppState, limits};

/// The area's actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read("Reviews.List", list),
        Action::write("Reviews.Write", write),
    ]
}

/// Reviews on one page of the `#reviews` section.
pub const REVIEWS_PER_PAGE: u64 = 10;

/// A review as the section shows it.
fn review(row: ReviewRow, my_vote: Option<VoteValue>, member: Option<i64>) -> Review {
    Review {
        id: row.id,
        stars: row.stars,
        text: text_html(&row.body),
        date: row.created_at.to_rfc3339(),
        edited: row.edited_at.is_some(),
        user_fullname: name_of(&row.author),
        user_login: row.author.login.clone(),
        helpful: i64::from(row.upvotes),
        not_helpful: i64::from(row.downvotes),
        my_vote: vote_number(my_vote),
        mine: member == Some(row.author.member_id),
        hidden: row.hidden,
    }
}

/// `Reviews.List`: `pid`, `sort` (`new`, the default, or `helpful`), `offset`.
pub fn list(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let pid = request.params.required("pid")?;
        let offer_id = product_id_to_read(&state, pid)?;
        let sort = match request.params.get("sort").map(str::trim) {
            None | Some("") => ReviewSort::default(),
            Some(key) => ReviewSort::from_key(key)
                .ok_or_else(|| ApiError::validation("sort", "sort must be new or helpful"))?,
        };
        let offset: u64 = request.params.parse_optional("offset")?.unwrap_or(0);
        let page = db::reviews(&state.db, &offer_id, sort, offset, REVIEWS_PER_PAGE).await?;
        let member = request.visitor.member_id();
        let mine = match member {
            Some(id) => db::member_review(&state.db, &offer_id, id).await?,
            None => None,
        };
        let ids: Vec<i64> = page.reviews.iter().map(|r| r.id).collect();
        let votes = match member {
            Some(id) => store::qna::my_votes(&state.db, id, ItemKind::Review, &ids).await?,
            None => Vec::new(),
        };
        let vote_on = |id: i64| votes.iter().find(|(v, _)| *v == id).map(|(_, v)| *v);
        let shown = offset + page.reviews.len() as u64;
        Ok(private_json(ReviewsResponse {
            reviews: page
                .reviews
                .into_iter()
                .map(|r| {
                    let vote = vote_on(r.id);
                    review(r, vote, member)
                })
                .collect(),
            total: i64::try_from(page.total).unwrap_or(i64::MAX),
            sort: sort.key().to_owned(),
            next_offset: (shown < page.total).then(|| i64::try_from(shown).unwrap_or(i64::MAX)),
            mine_text: mine.as_ref().map(|r| r.body.clone()),
            mine: mine.map(|r| review(r, None, member)),
        }))
    })
}

/// `Reviews.Write`: a member's review of `pid` with `rtg` stars (1 to 5) and `text`
/// (30 to 2,000 characters). Writing again replaces the member's earlier review.
pub fn write(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let pid = request.params.required("pid")?;
        let offer_id = product_id(&state, pid)?;
        let stars = parse_stars(&request, "rtg")?;
        let text = ReviewText::parse(request.params.get("text").unwrap_or(""))
            .map_err(|e| ApiError::validation("text", e.to_string()))?;
        refuse_profanity("text", text.as_str())?;
        let member = match request.member_for(Permission::Review) {
            Ok(id) => id,
            Err(refused) => {
                let status = match refused {
                    Refusal::Delegated => WriteStatus::delegated(),
                    Refusal::Guest => WriteStatus::guest(
                        crate::visitor::light_sign_up_link(&state, &request.headers),
                        None,
                    ),
                };
                return Ok(private_json(ReviewWriteResponse {
                    status,
                    ..ReviewWriteResponse::default()
                }));
            }
        };
        let at = Utc::now();
        let subject = member.to_string();
        let ip = limits::ip_subject(request.client_ip);
        limits::check_or_wait(
            &state.db,
            &[
                limits::REVIEW_MEMBER.on(&subject),
                limits::REVIEW_MEMBER_DAY.on(&subject),
                limits::REVIEW_IP.on(&ip),
            ],
            at,
            "You have written many reviews in a short time.",
        )
        .await?;
        // The stars are the member's rating vote: cast first, through the votes' own
        // writer, so a refused vote writes no review.
        let cast = state
            .votes
            .cast(crate::ratings::writer::VoteRequest {
                kind: TargetKind::Product,
                target_id: offer_id.clone(),
                member_id: member,
                stars,
                limit: limits::VOTE_MEMBER,
                limit_subject: subject.clone(),
                now: at,
            })
            .await?;
        if let Cast::RateLimited { .. } = cast {
            return Err(ApiError::RateLimited(format!(
                "no more than {} ratings a minute; please try again shortly",
                limits::VOTE_MEMBER.max
            )));
        }
        let txn = store::begin_write(&state.db).await?;
        let row = db::write_review(
            &txn,
            &NewReview {
                offer_id: &offer_id,
                author_id: member,
                stars: stars.get(),
                body: text.as_str(),
            },
            at,
        )
        .await?;
        txn.commit().await.map_err(store::StoreError::from)?;
        let message = if row.edited_at.is_some() {
            "Your review is updated."
        } else {
            "Thank you. Your review is published."
        };
        Ok(private_json(ReviewWriteResponse {
            status: WriteStatus::done(Some(message.to_owned())),
            review: Some(review(row, None, Some(member))),
        }))
    })
}
