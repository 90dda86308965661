//! The account e-mails and changes: a forgotten password reset by an e-mailed link, a new
//! member's address confirmed by one, a change of password or of address (confirmed at the
//! new address), and deleting the account.
//!
//! Each link is a one-time token of [`store::members::account_links`]; a link that is
//! unknown, altered, used, expired or of another purpose gets [`LINK_EXPIRED`] and changes
//! nothing. The e-mails are queued in the transaction that makes their link.

use chrono::{DateTime, Utc};
use qna_validation::constants::{EMAIL_CONFIRMATION_LIFETIME_HOURS, RESET_LINK_LIFETIME_MINUTES};
use qna_validation::permissions::Action as Permission;
use store::StoreError;
use store::members::account_links::{self, Purpose};
use store::members::{self as db, sign_in_codes};
use store::outbox::{Channel, NewMessage};

use super::handlers::{email_field, open_session, password_field, refuse_delegated, signed_out};
use super::password;
use super::session::session_token;
use super::wire::AccountNotice;
use crate::limits;
use crate::rpc::{ActionFuture, ActionRequest, private_json};
use crate::{ApiError, AppState};

/// The answer to a forgotten-password request, whether or not the address has an account.
pub const RESET_SENT: &str =
    "If an account uses this address, we sent it a link to set a new password.";
/// Subject of the password-reset e-mail.
pub const RESET_SUBJECT: &str = "Set a new Plainrate password";
/// A reset or confirmation link that is unknown, altered, used or too old.
pub const LINK_EXPIRED: &str = "This link has expired or was already used.";
/// Subject of the e-mail that confirms a new member's address.
pub const CONFIRM_SUBJECT: &str = "Confirm your e-mail address";
/// Subject of the e-mail that confirms a new address.
pub const CHANGE_SUBJECT: &str = "Confirm your new e-mail address";
/// The answer to a change of address.
pub const CHANGE_SENT: &str =
    "We sent a link to the new address. Your account moves to it when you follow the link.";
/// A current password that does not match.
pub const WRONG_PASSWORD: &str = "The current password is incorrect.";
/// A new address another account has.
pub const ADDRESS_TAKEN: &str = "Another account uses this e-mail address.";

fn link(state: &AppState, path: &str, token: &str) -> String {
    format!(
        "{}{path}?token={token}",
        site_urls::trim_base_address(&state.settings.base_url)
    )
}

fn mail(to: &str, subject: &str, body: String, token: &str) -> NewMessage {
    NewMessage {
        channel: Channel::Email,
        recipient: to.to_owned(),
        subject: Some(subject.to_owned()),
        body,
        idempotency_key: format!("account-link:{}", store::members::token::digest(token)),
        list: None,
    }
}

/// Queues, inside `txn`, the e-mail that confirms a new member's address.
pub(super) async fn queue_confirmation(
    state: &AppState,
    txn: &impl sea_orm::ConnectionTrait,
    member_id: i64,
    email: &str,
    at: DateTime<Utc>,
) -> Result<(), ApiError> {
    let token = account_links::create(txn, member_id, Purpose::ConfirmEmail, None, at).await?;
    let body = format!(
        "Welcome to Plainrate. Please confirm that this is your e-mail address:\n\n{}\n\n\
         The link works once, within {EMAIL_CONFIRMATION_LIFETIME_HOURS} hours. Until you \
         confirm it, we send this address nothing else. If you did not join Plainrate, ignore \
         this e-mail.",
        link(state, "/join/confirm", &token)
    );
    store::outbox::enqueue(txn, mail(email, CONFIRM_SUBJECT, body, &token), at).await?;
    Ok(())
}

/// The signed-in member, once `given` matches the account's password (an account without
/// one, signed in by an e-mailed link, has nothing to match). Wrong passwords are limited
/// per member ([`limits::WRONG_PASSWORD_MEMBER`]), so a stolen session cannot guess it:
/// over the limit, even the right one is refused until the window ends.
async fn checked_member(
    state: &AppState,
    id: i64,
    given: String,
    field: &'static str,
) -> Result<db::Member, ApiError> {
    let member = db::member(&state.db, id).await?.ok_or(ApiError::Guest)?;
    if let Some(stored) = member.password_hash.clone() {
        let subject = id.to_string();
        let wrong = limits::WRONG_PASSWORD_MEMBER.on(&subject);
        let at = Utc::now();
        limits::refuse_when_spent(&state.db, &wrong, at).await?;
        if !password::verify(given, Some(stored)).await? {
            wrong.hit(&state.db, at).await?;
            return Err(ApiError::validation(field, WRONG_PASSWORD));
        }
    }
    Ok(member)
}

/// Uses a link of `purpose`, or refuses it with [`LINK_EXPIRED`] (forged, altered, used,
/// expired or of another purpose).
async fn redeem(
    txn: &impl sea_orm::ConnectionTrait,
    token: &str,
    purpose: Purpose,
    at: DateTime<Utc>,
) -> Result<account_links::Used, ApiError> {
    account_links::redeem(txn, token, purpose, at)
        .await?
        .ok_or_else(|| ApiError::validation("token", LINK_EXPIRED))
}

fn token_field(request: &ActionRequest) -> Result<String, ApiError> {
    Ok(request.params.required("token")?.to_owned())
}

fn notice(message: &str) -> axum::response::Response {
    private_json(AccountNotice {
        ok: true,
        message: message.to_owned(),
    })
}

/// `POST /sign-in/forgot`, `Members.ForgotPassword`: `email`. E-mails a link to set a new
/// password when the address has an account; the same answer either way.
pub fn forgot_password(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let email = db::normalise_email(email_field(&request.params)?.as_str());
        let at = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        let hits = [limits::RESET_EMAIL.on(&email), limits::RESET_IP.on(&ip)];
        // The limits are counted in the transaction, so a known and an unknown address
        // both commit a write: the answer takes as long either way.
        let txn = store::begin_write(&state.db).await?;
        limits::check(&txn, &hits, at).await?;
        if let Some(member) = db::member_by_email(&txn, &email).await? {
            let token =
                account_links::create(&txn, member.id, Purpose::ResetPassword, None, at).await?;
            let body = format!(
                "Someone, we hope you, asked to set a new password for the Plainrate account of \
                 this address. Set it here:\n\n{}\n\nThe link works once, within \
                 {RESET_LINK_LIFETIME_MINUTES} minutes, and setting a new password signs you out \
                 everywhere else. If you did not ask for it, ignore this e-mail: your password \
                 stays as it is.",
                link(&state, "/sign-in/reset", &token)
            );
            store::outbox::enqueue(&txn, mail(&email, RESET_SUBJECT, body, &token), at).await?;
        }
        txn.commit().await.map_err(StoreError::from)?;
        state.mail.wake();
        Ok(notice(RESET_SENT))
    })
}

/// `POST /sign-in/reset`, `Members.ResetPassword`: `token` from the e-mailed link and the
/// new `password`. Sets it, proves the address, ends every session of the member and signs
/// this browser in.
pub fn reset_password(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let token = token_field(&request)?;
        let password = password_field(&request.params)?;
        let at = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        limits::check(&state.db, &[limits::RESET_LINK_IP.on(&ip)], at).await?;
        // A dead link is refused before the costly hashing.
        if account_links::peek(&state.db, &token, Purpose::ResetPassword, at)
            .await?
            .is_none()
        {
            return Err(ApiError::validation("token", LINK_EXPIRED));
        }
        let hash = password::hash(password).await?;
        let txn = store::begin_write(&state.db).await?;
        let used = redeem(&txn, &token, Purpose::ResetPassword, at).await?;
        db::set_password_hash(&txn, used.member_id, hash).await?;
        db::confirm_email(&txn, used.member_id, at).await?;
        // Every session ends, and the resets and moves sent before (a pending move
        // included).
        db::revoke_member_sessions(&txn, used.member_id).await?;
        account_links::void(
            &txn,
            used.member_id,
            &Purpose::TAKEN_OVER_BY_A_NEW_PASSWORD,
            at,
        )
        .await?;
        sign_in_codes::void_all(&txn, used.member_id, at).await?;
        open_session(
            &state,
            txn,
            &request.headers,
            used.member_id,
            true,
            None,
            at,
        )
        .await
    })
}

/// `POST /join/confirm`, `Members.ConfirmEmail`: `token` from the e-mail a full join sends.
/// Proves the member's address; works signed in or not.
pub fn confirm_email(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let token = token_field(&request)?;
        let at = Utc::now();
        let txn = store::begin_write(&state.db).await?;
        let used = redeem(&txn, &token, Purpose::ConfirmEmail, at).await?;
        db::confirm_email(&txn, used.member_id, at).await?;
        txn.commit().await.map_err(StoreError::from)?;
        Ok(notice("Thank you: your e-mail address is confirmed."))
    })
}

/// `POST /home/settings/password`, `Members.ChangePassword`: `current` and the new
/// `password`. A member without a password (signed in by link) sets one with `current`
/// empty. Ends every other session of the member.
pub fn change_password(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.member_for(Permission::Edit)?;
        let new = password_field(&request.params)?;
        let current = request.params.get("current").unwrap_or("").to_owned();
        let member = checked_member(&state, id, current, "current").await?;
        let hash = password::hash(new).await?;
        let at = Utc::now();
        let txn = store::begin_write(&state.db).await?;
        // Only over the hash just checked: a reset that came between wins.
        if !db::replace_password_hash(&txn, id, member.password_hash.as_deref(), hash).await? {
            return Err(ApiError::validation("current", WRONG_PASSWORD));
        }
        if let Some(token) = session_token(&state.settings, &request.headers) {
            db::revoke_other_sessions(&txn, id, token).await?;
        }
        account_links::void(&txn, id, &Purpose::TAKEN_OVER_BY_A_NEW_PASSWORD, at).await?;
        sign_in_codes::void_all(&txn, id, at).await?;
        txn.commit().await.map_err(StoreError::from)?;
        Ok(notice(
            "Your password is changed. Every other device you were signed in on is signed out.",
        ))
    })
}

/// `POST /home/settings/email`, `Members.ChangeEmail`: the new `email` (and the `password`,
/// when the account has one). E-mails a link to the new address; the account moves there
/// when it is followed.
pub fn change_email(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.member_for(Permission::Edit)?;
        let email = db::normalise_email(email_field(&request.params)?.as_str());
        let given = request.params.get("password").unwrap_or("").to_owned();
        let member = checked_member(&state, id, given, "password").await?;
        if email == member.email {
            return Err(ApiError::validation(
                "email",
                "This is already your account's address.",
            ));
        }
        let at = Utc::now();
        let subject = id.to_string();
        limits::check(&state.db, &[limits::CHANGE_EMAIL_MEMBER.on(&subject)], at).await?;
        if db::member_by_email(&state.db, &email).await?.is_some() {
            return Err(ApiError::validation("email", ADDRESS_TAKEN));
        }
        let txn = store::begin_write(&state.db).await?;
        let token = account_links::create(&txn, id, Purpose::ChangeEmail, Some(&email), at).await?;
        let body = format!(
            "Please confirm that your Plainrate account may move to this address:\n\n{}\n\n\
             The link works once, within {EMAIL_CONFIRMATION_LIFETIME_HOURS} hours. Until you \
             follow it, your account keeps its old address. If you did not ask for this, ignore \
             this e-mail.",
            link(&state, "/home/settings/email/confirm", &token)
        );
        store::outbox::enqueue(&txn, mail(&email, CHANGE_SUBJECT, body, &token), at).await?;
        txn.commit().await.map_err(StoreError::from)?;
        state.mail.wake();
        Ok(notice(CHANGE_SENT))
    })
}

/// `POST /home/settings/email/confirm`, `Members.ConfirmEmailChange`: `token` from the
/// e-mail sent to the new address. Moves the account there; works signed in or not.
pub fn confirm_email_change(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        refuse_delegated(&request)?;
        let token = token_field(&request)?;
        let at = Utc::now();
        let txn = store::begin_write(&state.db).await?;
        let used = redeem(&txn, &token, Purpose::ChangeEmail, at).await?;
        let email = used
            .new_email
            .ok_or_else(|| ApiError::Internal("a change of address without one".to_owned()))?;
        match db::change_email(&txn, used.member_id, &email, at).await {
            // Rolled back with the link unused: the address was taken since the e-mail.
            Err(StoreError::Conflict(_)) => {
                return Err(ApiError::validation("token", ADDRESS_TAKEN));
            }
            other => other?,
        }
        // Links and sign-in codes sent to the old address stop working.
        account_links::void(&txn, used.member_id, &Purpose::ALL, at).await?;
        sign_in_codes::void_all(&txn, used.member_id, at).await?;
        txn.commit().await.map_err(StoreError::from)?;
        Ok(notice(&format!(
            "Your account now uses {email}. Sign in with it from now on."
        )))
    })
}

/// `POST /home/settings/delete`, `Members.DeleteAccount`: the `password`, when the account
/// has one. Removes the member's personal data, keeps what they wrote as by "a former
/// member" (docs/DECISIONS.md, "Deleting an account"), ends every session and signs out.
pub fn delete_account(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.member_for(Permission::Edit)?;
        let given = request.params.get("password").unwrap_or("").to_owned();
        checked_member(&state, id, given, "password").await?;
        let txn = store::begin_write(&state.db).await?;
        db::delete_account(&txn, id).await?;
        txn.commit().await.map_err(StoreError::from)?;
        Ok(signed_out(
            &state,
            notice("Your account is deleted. Thank you for having been part of Plainrate."),
        ))
    })
}
