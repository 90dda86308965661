//! The members area: joining (full and light), signing in and out, server-side sessions,
//! the private-info setting, and the [`Visitor`](crate::visitor::Visitor) extractor.
//!
//! | Path | Action | What |
//! |---|---|---|
//! | `POST /join` | `Members.Join` | `email`, `password` (8+ characters), optional `name`: a full member, signed in |
//! | `GET /join/light?ref=…` | | `{"ref"}`: the return address as a same-site path, else `/` |
//! | `POST /join/light` | `Members.JoinLight` | `email`, `ref`: a light member when new, and a sign-in link by e-mail; one answer whether the address was known or not |
//! | `POST /join/light/confirm` | `Members.ConfirmLight` | `code` from the link: signed in (not fully), `{"ref"}` to return to |
//! | `POST /sign-in` | `Members.SignIn` | `email`, `password`: one error for every failure |
//! | `POST /sign-out` | `Members.SignOut` | ends the session, clears the cookies |
//! | `POST /sign-in/forgot` | `Members.ForgotPassword` | `email`: a link to set a new password, when the address has an account; one answer either way |
//! | `POST /sign-in/reset` | `Members.ResetPassword` | `token` from the link, new `password`: set, every session ended, signed in |
//! | `POST /join/confirm` | `Members.ConfirmEmail` | `token` from the e-mail a join sends: the address is confirmed |
//! | `POST /home/settings/password` | `Members.ChangePassword` | `current`, new `password`: changed, every other session ended |
//! | `POST /home/settings/email` | `Members.ChangeEmail` | new `email`, `password`: a link to the new address |
//! | `POST /home/settings/email/confirm` | `Members.ConfirmEmailChange` | `token` from that link: the account moves to the new address |
//! | `POST /home/settings/delete` | `Members.DeleteAccount` | `password`: personal data removed, writing kept as by "a former member", signed out |
//! | `GET /home/settings/private-info` | `Members.PrivateInfo` | `{"optOut"}` |
//! | `POST /home/settings/private-info` | `Members.SetPrivateInfo` | `optOut` true or false |
//!
//! A GET of `/join`, `/join/light`, `/join/light/confirm`, `/sign-in` or
//! `/home/settings/private-info` whose `Accept` names `text/html` (a browser navigation)
//! is answered with the form's page ([`crate::pages::form_or`]); any other GET is answered
//! as the table says (405 where only POST is listed).
//!
//! Bodies are JSON objects or form-encoded; answers are JSON. Every write checks the
//! anti-forgery token first (400 `csrf` without it). A delegated session's writes answer
//! 403 with the permission message and change nothing; it may still sign out.
//!
//! Rate limits (429, counted in the shared `rate_limits` table): sign-in 6 a minute and 30
//! an hour per client address and per e-mail address; join 3 an hour per client address;
//! sign-in link e-mails 3 per 10 minutes per e-mail address and 10 per 10 minutes per
//! client address; password-reset e-mails 3 an hour per e-mail address and 10 an hour per
//! client address; uses of reset links 20 an hour per client address; wrong passwords of a
//! signed-in member 10 an hour per member; changes of address 5 a day per member.
//!
//! Joining with an address that is already registered is refused with a message saying
//! so: signing someone in requires knowing their password, so the join form cannot hide
//! which addresses exist, and its rate limit keeps such probing slow. The sign-in and
//! light sign-up answers reveal nothing.

pub mod account;
mod handlers;
pub mod password;
pub mod session;
pub mod wire;

use axum::Router;
use axum::routing::post;

pub use handlers::{
    ALREADY_REGISTERED, LINK_INVALID, LINK_SENT, LINK_SUBJECT, SIGN_IN_FAILED, sanitise_ref,
};
pub use session::{
    DEV_SESSION_COOKIE, DEV_SIGN_ON_COOKIE, SESSION_COOKIE, SIGN_ON_COOKIE, session_cookie_name,
    sign_on_cookie_name, visitor_at,
};

use crate::AppState;
use crate::pages::{Form, form_or, form_or_post_only};
use crate::rpc::{Action, path_route};

/// `Members.Join` (also `POST /join`).
pub const JOIN: Action = Action::write("Members.Join", handlers::join);
/// `Members.JoinLight` (also `POST /join/light`).
pub const JOIN_LIGHT: Action = Action::write("Members.JoinLight", handlers::join_light);
/// `Members.ConfirmLight` (also `POST /join/light/confirm`).
pub const CONFIRM_LIGHT: Action = Action::write("Members.ConfirmLight", handlers::confirm_light);
/// `Members.SignIn` (also `POST /sign-in`).
pub const SIGN_IN: Action = Action::write("Members.SignIn", handlers::sign_in);
/// `Members.SignOut` (also `POST /sign-out`).
pub const SIGN_OUT: Action = Action::write("Members.SignOut", handlers::sign_out);
/// `Members.SetPrivateInfo` (also `POST /home/settings/private-info`).
pub const SET_PRIVATE_INFO: Action =
    Action::write("Members.SetPrivateInfo", handlers::set_private_info);
/// `Members.PrivateInfo` (also `GET /home/settings/private-info`).
pub const PRIVATE_INFO: Action = Action::read("Members.PrivateInfo", handlers::private_info);
/// `Members.ForgotPassword` (also `POST /sign-in/forgot`).
pub const FORGOT_PASSWORD: Action =
    Action::write("Members.ForgotPassword", account::forgot_password);
/// `Members.ResetPassword` (also `POST /sign-in/reset`).
pub const RESET_PASSWORD: Action = Action::write("Members.ResetPassword", account::reset_password);
/// `Members.ConfirmEmail` (also `POST /join/confirm`).
pub const CONFIRM_EMAIL: Action = Action::write("Members.ConfirmEmail", account::confirm_email);
/// `Members.ChangePassword` (also `POST /home/settings/password`).
pub const CHANGE_PASSWORD: Action =
    Action::write("Members.ChangePassword", account::change_password);
/// `Members.ChangeEmail` (also `POST /home/settings/email`).
pub const CHANGE_EMAIL: Action = Action::write("Members.ChangeEmail", account::change_email);
/// `Members.ConfirmEmailChange` (also `POST /home/settings/email/confirm`).
pub const CONFIRM_EMAIL_CHANGE: Action =
    Action::write("Members.ConfirmEmailChange", account::confirm_email_change);
/// `Members.DeleteAccount` (also `POST /home/settings/delete`).
pub const DELETE_ACCOUNT: Action = Action::write("Members.DeleteAccount", account::delete_account);
/// `GET /join/light?ref=…`: a path of its own only (no dispatch name is registered).
const LIGHT_RETURN: Action = Action::read("Members.LightReturn", handlers::light_return);

/// The area's dispatch actions.
pub fn actions() -> Vec<Action> {
    vec![
        JOIN,
        JOIN_LIGHT,
        CONFIRM_LIGHT,
        SIGN_IN,
        SIGN_OUT,
        SET_PRIVATE_INFO,
        PRIVATE_INFO,
        FORGOT_PASSWORD,
        RESET_PASSWORD,
        CONFIRM_EMAIL,
        CHANGE_PASSWORD,
        CHANGE_EMAIL,
        CONFIRM_EMAIL_CHANGE,
        DELETE_ACCOUNT,
    ]
}

/// The area's own routes.
pub fn routes() -> Router<AppState> {
    password::warm_up_in_background();
    Router::new()
        .route(
            "/join",
            form_or_post_only(Form::Join).post(path_route!(JOIN)),
        )
        .route(
            "/join/light",
            form_or(Form::JoinLight, path_route!(LIGHT_RETURN)).post(path_route!(JOIN_LIGHT)),
        )
        .route(
            "/join/light/confirm",
            form_or_post_only(Form::ConfirmLight).post(path_route!(CONFIRM_LIGHT)),
        )
        .route(
            "/sign-in",
            form_or_post_only(Form::SignIn).post(path_route!(SIGN_IN)),
        )
        .route("/sign-out", post(path_route!(SIGN_OUT)))
        .route(
            "/sign-in/forgot",
            form_or_post_only(Form::ForgotPassword).post(path_route!(FORGOT_PASSWORD)),
        )
        .route(
            "/sign-in/reset",
            form_or_post_only(Form::ResetPassword).post(path_route!(RESET_PASSWORD)),
        )
        .route(
            "/join/confirm",
            form_or_post_only(Form::ConfirmEmail).post(path_route!(CONFIRM_EMAIL)),
        )
        .route("/home/settings/account", form_or_post_only(Form::Account))
        .route(
            "/home/settings/password",
            post(path_route!(CHANGE_PASSWORD)),
        )
        .route("/home/settings/email", post(path_route!(CHANGE_EMAIL)))
        .route(
            "/home/settings/email/confirm",
            form_or_post_only(Form::ConfirmEmailChange).post(path_route!(CONFIRM_EMAIL_CHANGE)),
        )
        .route("/home/settings/delete", post(path_route!(DELETE_ACCOUNT)))
        .route(
            "/home/settings/private-info",
            form_or(Form::PrivateInfo, path_route!(PRIVATE_INFO))
                .post(path_route!(SET_PRIVATE_INFO)),
        )
}
