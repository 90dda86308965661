//! The members area's operations. Each is an action handler, so the same code serves its
//! own path and its `Members.*` action through the one pipeline.

use axum::Json;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use qna_validation::guest::GuestEmail;
use qna_validation::lengths;
use qna_validation::pending_vote::PendingQnaVote;
use qna_validation::permissions::Action as Permission;
use ratings::pending::PendingVote;
use site_urls::same_site::SameSitePath;
use store::StoreError;
use store::members::{self as db, Member, NewMember, SessionKind, sign_in_codes};
use store::outbox::{Channel, NewMessage};

use super::password;
use super::session::{session_token, sign_in_cookies, sign_out_cookies};
use super::wire::{
    LightSignUpResponse, MemberView, PrivateInfo, ReturnAddress, SignedInResponse, SignedOut,
};
use crate::limits;
use crate::rpc::{ActionFuture, ActionRequest, Params, private_json, within_limit};
use crate::{ApiError, AppState};

/// The one answer to a failed sign-in, whether the address is unknown, has no password
/// or the password is wrong.
pub const SIGN_IN_FAILED: &str = "The e-mail address or password is incorrect.";
/// Join with an address already registered.
pub const ALREADY_REGISTERED: &str =
    "An account with this e-mail address already exists. Please sign in.";
/// Light sign-up, whatever happened behind it.
pub const LINK_SENT: &str = "Check your e-mail: we sent you a link to sign in.";
/// A sign-in link that is unknown, used or too old.
pub const LINK_INVALID: &str = "This sign-in link has expired or was already used.";
/// Subject of the sign-in link e-mail.
pub const LINK_SUBJECT: &str = "Your sign-in link";

fn now() -> DateTime<Utc> {
    Utc::now()
}

/// Refuses a delegated (auth-user) session: it may not change whose account it acts on.
pub(super) fn refuse_delegated(request: &ActionRequest) -> Result<(), ApiError> {
    request
        .may(Permission::Account)
        .map(|_| ())
        .map_err(ApiError::from)
}

pub(super) fn email_field(params: &Params) -> Result<GuestEmail, ApiError> {
    GuestEmail::parse(params.get("email").unwrap_or(""))
        .map_err(|e| ApiError::validation("email", e.to_string()))
}

pub(super) fn password_field(params: &Params) -> Result<String, ApiError> {
    let password = params.get("password").unwrap_or("");
    let chars = password.chars().count();
    if chars < lengths::MIN_PASSWORD_CHARS {
        return Err(ApiError::validation(
            "password",
            format!(
                "Password must have at least {} characters.",
                lengths::MIN_PASSWORD_CHARS
            ),
        ));
    }
    within_limit("password", lengths::PASSWORD, password)?;
    Ok(password.to_owned())
}

fn name_field(params: &Params) -> Result<Option<String>, ApiError> {
    let name = params.get("name").unwrap_or("").trim();
    if name.is_empty() {
        return Ok(None);
    }
    within_limit("name", lengths::DISPLAY_NAME, name)?;
    if name.chars().any(char::is_control) {
        return Err(ApiError::validation(
            "name",
            "Name cannot contain control characters.",
        ));
    }
    Ok(Some(name.to_owned()))
}

/// The return address of a light sign-up: a same-site path (an absolute address on this
/// site is reduced to its path), otherwise `/`.
pub fn sanitise_ref(state: &AppState, raw: Option<&str>) -> String {
    SameSitePath::from_page_address(&state.settings.base_url, raw.unwrap_or("")).into_string()
}

fn member_view(member: &Member, full: bool) -> MemberView {
    MemberView {
        id: member.id,
        email: member.email.clone(),
        name: member.name.clone(),
        plan: member.plan.clone(),
        full,
    }
}

/// Opens a session for `member_id` inside `txn`, revoking the session the request came
/// with (the session id changes at every sign-in), and answers with the cookies.
pub(super) async fn open_session(
    state: &AppState,
    txn: sea_orm::DatabaseTransaction,
    headers: &HeaderMap,
    member_id: i64,
    full: bool,
    return_to: Option<String>,
    at: DateTime<Utc>,
) -> Result<Response, ApiError> {
    if let Some(old) = session_token(&state.settings, headers) {
        db::revoke_session(&txn, old).await?;
    }
    let kind = SessionKind {
        delegated: false,
        full,
    };
    let token = db::create_session(&txn, member_id, kind, at).await?;
    let member = db::member(&txn, member_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("member {member_id} vanished")))?;
    txn.commit().await.map_err(StoreError::from)?;
    let mut response = private_json(SignedInResponse {
        ok: true,
        member: member_view(&member, full),
        return_to,
    });
    for cookie in sign_in_cookies(&state.settings, &token, &member, full) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response.headers_mut().append(
        header::SET_COOKIE,
        crate::protocol::csrf::rotated_token_cookie(state, Some(&token)),
    );
    Ok(response)
}

/// `POST /join`, `Members.Join`: e-mail, password (8 or more characters), optional name.
/// Creates a full member and signs them in.
pub fn join(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let params = &request.params;
        let email = email_field(params)?;
        let password = password_field(params)?;
        let name = name_field(params)?;
        let at = now();
        let ip = limits::ip_subject(request.client_ip);
        limits::check(&state.db, &[limits::JOIN_IP_HOUR.on(&ip)], at).await?;
        if db::member_by_email(&state.db, email.as_str())
            .await?
            .is_some()
        {
            return Err(ApiError::validation("email", ALREADY_REGISTERED));
        }
        let hash = password::hash(password).await?;
        let txn = store::begin_write(&state.db).await?;
        let new = NewMember {
            email: email.as_str().to_owned(),
            password_hash: Some(hash),
            name,
        };
        let id = match db::create_member_at(&txn, new, at).await {
            Err(StoreError::Conflict(_)) => {
                return Err(ApiError::validation("email", ALREADY_REGISTERED));
            }
            other => other?,
        };
        // The address is confirmed by a link before the site sends it anything else.
        super::account::queue_confirmation(&state, &txn, id, email.as_str(), at).await?;
        let response = open_session(&state, txn, &request.headers, id, true, None, at).await?;
        state.mail.wake();
        Ok(response)
    })
}

/// `POST /sign-in`, `Members.SignIn`: e-mail and password. One answer for every failure,
/// after the same hashing work.
pub fn sign_in(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let params = &request.params;
        let email = db::normalise_email(params.required("email")?);
        let password = params
            .get("password")
            .filter(|p| !p.is_empty())
            .ok_or_else(|| ApiError::validation("password", "password is required"))?
            .to_owned();
        let at = now();
        let ip = limits::ip_subject(request.client_ip);
        let hits = [
            limits::SIGN_IN_IP_MINUTE.on(&ip),
            limits::SIGN_IN_IP_HOUR.on(&ip),
            limits::SIGN_IN_ACCOUNT_MINUTE.on(&email),
            limits::SIGN_IN_ACCOUNT_HOUR.on(&email),
        ];
        limits::check(&state.db, &hits, at).await?;
        let member = db::member_by_email(&state.db, &email).await?;
        let stored = member.as_ref().and_then(|m| m.password_hash.clone());
        let matches = password::verify(password, stored).await?;
        let Some(member) = member.filter(|_| matches) else {
            return Err(ApiError::BadRequest(SIGN_IN_FAILED.to_owned()));
        };
        let txn = store::begin_write(&state.db).await?;
        open_session(&state, txn, &request.headers, member.id, true, None, at).await
    })
}

/// `POST /sign-out`, `Members.SignOut`: ends the session and clears both cookies. Always
/// succeeds, for a guest too. A delegated session may sign out: ending it changes no
/// account data.
pub fn sign_out(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        if let Some(token) = session_token(&state.settings, &request.headers) {
            db::revoke_session(&state.db, token).await?;
        }
        Ok(signed_out(&state, private_json(SignedOut { ok: true })))
    })
}

/// `response` with the cookies of a signed-out browser: the session and sign-on cookies
/// cleared, and a guest's anti-forgery token.
pub(super) fn signed_out(state: &AppState, mut response: Response) -> Response {
    for cookie in sign_out_cookies(&state.settings) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response.headers_mut().append(
        header::SET_COOKIE,
        crate::protocol::csrf::rotated_token_cookie(state, None),
    );
    response
}

/// `GET /join/light?ref=…`: the return address, reduced to a same-site path.
pub fn light_return(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        Ok(Json(ReturnAddress {
            return_to: sanitise_ref(&state, request.params.get("ref")),
        })
        .into_response())
    })
}

/// `POST /join/light`, `Members.JoinLight`: e-mail and `ref`. Creates a light member when
/// the address is new and e-mails a sign-in link; answers the same either way.
pub fn join_light(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let email = db::normalise_email(email_field(&request.params)?.as_str());
        let return_to = sanitise_ref(&state, request.params.get("ref"));
        // The rating, or the up or down vote, a guest chose before signing up, cast when
        // the link signs them in. A vote that is not well formed, or a rating of nothing in
        // the catalogue, is left out: the sign-in link is sent all the same.
        let chosen = request.params.get("vote").filter(|v| !v.is_empty());
        let vote = chosen
            .and_then(|text| PendingVote::parse(text).ok())
            .and_then(|vote| {
                crate::ratings::pending_target(&state, &vote).map(|(_, _, name)| (vote, name))
            });
        let qna_vote = chosen.and_then(|text| PendingQnaVote::parse(text).ok());
        let at = now();
        let ip = limits::ip_subject(request.client_ip);
        let hits = [limits::LIGHT_EMAIL.on(&email), limits::LIGHT_IP.on(&ip)];
        limits::check(&state.db, &hits, at).await?;
        let txn = store::begin_write(&state.db).await?;
        let member_id = match db::member_by_email(&txn, &email).await? {
            Some(member) => member.id,
            None => {
                let new = NewMember {
                    email: email.clone(),
                    password_hash: None,
                    name: None,
                };
                db::create_member_at(&txn, new, at).await?
            }
        };
        let vote_text = vote
            .as_ref()
            .map(|(vote, _)| vote.to_string())
            .or_else(|| qna_vote.map(|vote| vote.to_string()));
        let code =
            sign_in_codes::create_with_vote(&txn, member_id, &return_to, vote_text.as_deref(), at)
                .await?;
        let link = format!(
            "{}/join/light/confirm?code={code}",
            state.settings.base_url.trim_end_matches('/')
        );
        let minutes = sign_in_codes::CODE_LIFETIME.num_minutes();
        let message = NewMessage {
            channel: Channel::Email,
            recipient: email,
            subject: Some(LINK_SUBJECT.to_owned()),
            body: format!(
                "Use this link to sign in:\n\n{link}\n\nIt works once, within {minutes} minutes.{counted} \
                 If you did not ask for it, ignore this e-mail.",
                counted = match (&vote, qna_vote) {
                    (Some((vote, name)), _) => format!(
                        " Following it also counts the rating you chose: {} {} for {name}, unless \
                         you have rated it already.",
                        vote.stars,
                        if vote.stars.get() == 1 {
                            "star"
                        } else {
                            "stars"
                        }
                    ),
                    (None, Some(vote)) => format!(
                        " Following it also counts the {} vote you chose on the {}, unless you \
                         have voted on it already.",
                        vote.direction.key(),
                        vote.item.key()
                    ),
                    (None, None) => String::new(),
                },
            ),
            idempotency_key: format!("sign-in-link:{}", store::members::token::digest(&code)),
            list: None,
        };
        store::outbox::enqueue(&txn, message, at).await?;
        txn.commit().await.map_err(StoreError::from)?;
        state.mail.wake();
        let response = private_json(LightSignUpResponse {
            ok: true,
            message: LINK_SENT.to_owned(),
            return_to,
        });
        Ok(response)
    })
}

/// `POST /join/light/confirm`, `Members.ConfirmLight`: `code` from a sign-in link. Signs
/// the member in (not fully) and answers with the return address.
pub fn confirm_light(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let code = request.params.required("code")?.to_owned();
        let at = now();
        let txn = store::begin_write(&state.db).await?;
        let Some(redeemed) = sign_in_codes::redeem(&txn, &code, at).await? else {
            return Err(ApiError::validation("code", LINK_INVALID));
        };
        let member_id = redeemed.member_id;
        // Following a link e-mailed to the address proves it.
        db::confirm_email(&txn, member_id, at).await?;
        let pending = redeemed
            .pending_vote
            .as_deref()
            .and_then(|text| PendingVote::parse(text).ok());
        let pending_qna = redeemed
            .pending_vote
            .as_deref()
            .and_then(|text| PendingQnaVote::parse(text).ok());
        let response = open_session(
            &state,
            txn,
            &request.headers,
            member_id,
            false,
            Some(redeemed.return_to),
            at,
        )
        .await?;
        // The member is signed in whatever happens to the vote; a vote that cannot be
        // cast (the product left the catalogue) is logged, not an error of the sign-in.
        if let Some(vote) = pending {
            use crate::ratings::PendingOutcome;
            match crate::ratings::cast_pending(&state, member_id, &vote).await {
                Ok(PendingOutcome::Counted) => {}
                Ok(PendingOutcome::AlreadyRated) => {
                    tracing::info!(%vote, "the member had rated it already; their vote stands");
                }
                Ok(PendingOutcome::TargetGone) => {
                    tracing::info!(%vote, "the pending vote's target left the catalogue");
                }
                Ok(PendingOutcome::RateLimited) => {
                    tracing::warn!(%vote, "the pending vote met the member's vote limit");
                }
                Err(error) => tracing::warn!(%vote, %error, "the pending vote was not cast"),
            }
        }
        if let Some(vote) = pending_qna {
            match crate::qna::cast_pending_qna_vote(&state, member_id, &vote).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::info!(%vote, "the member had voted on it already; their vote stands");
                }
                Err(error) => tracing::warn!(%vote, %error, "the pending vote was not cast"),
            }
        }
        Ok(response)
    })
}

/// `GET /home/settings/private-info`, `Members.PrivateInfo`: the member's opt-out.
pub fn private_info(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.visitor.member_id().ok_or(ApiError::Guest)?;
        let member = db::member(&state.db, id).await?.ok_or(ApiError::Guest)?;
        let response = private_json(PrivateInfo {
            opt_out: member.private_info_opt_out,
        });
        Ok(response)
    })
}

/// `POST /home/settings/private-info`, `Members.SetPrivateInfo`: `optOut` true or false.
pub fn set_private_info(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.member_for(Permission::Edit)?;
        let opt_out = request.params.flag("optOut")?;
        db::set_private_info_opt_out(&state.db, id, opt_out).await?;
        let response = private_json(PrivateInfo { opt_out });
        Ok(response)
    })
}
