//! The pages the app draws by itself (forms, saved products, search, card value), which
//! exist for a browser navigation only, and the experts gallery.

use super::*;

/// A form page: the app draws the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `/join`.
    Join,
    /// `/join/light`.
    JoinLight,
    /// `/join/light/confirm`.
    ConfirmLight,
    /// `/sign-in`.
    SignIn,
    /// `/home/settings/private-info`.
    PrivateInfo,
    /// `/home/settings/alerts`: the products and listings the member follows.
    Alerts,
    /// `/sign-in/forgot`: a link to set a new password.
    ForgotPassword,
    /// `/sign-in/reset?token=…`: the e-mailed link's new password.
    ResetPassword,
    /// `/join/confirm?token=…`: the e-mailed link that confirms a new member's address.
    ConfirmEmail,
    /// `/home/settings/account`: password, address, deleting the account.
    Account,
    /// `/home/settings/email/confirm?token=…`: the e-mailed link to a new address.
    ConfirmEmailChange,
    /// `/unsubscribe?token=…`: the link in a list e-mail that stops that list's e-mails.
    Unsubscribe,
    /// `/report-abuse/` (`ru`, `t`, `id`: the page, the kind of item and its id).
    ReportAbuse,
    /// `/moderation/`: the reported questions and answers, for staff and moderators.
    Moderation,
    /// `/saved`: the products this browser saved, from every listing (kept on the device).
    Saved,
    /// `/search?q=`: the site search's results (the app asks `/api/search`).
    Search,
    /// `/card-value`: credit cards ranked by their yearly value for the visitor's own
    /// figures (the app asks `/api/card-values`).
    CardValue,
}

impl Form {
    /// The page's path.
    pub fn path(self) -> &'static str {
        match self {
            Self::Join => "/join",
            Self::JoinLight => "/join/light",
            Self::ConfirmLight => "/join/light/confirm",
            Self::SignIn => "/sign-in",
            Self::PrivateInfo => "/home/settings/private-info",
            Self::Alerts => "/home/settings/alerts",
            Self::ForgotPassword => "/sign-in/forgot",
            Self::ResetPassword => "/sign-in/reset",
            Self::ConfirmEmail => "/join/confirm",
            Self::Account => "/home/settings/account",
            Self::ConfirmEmailChange => "/home/settings/email/confirm",
            Self::Unsubscribe => "/unsubscribe",
            Self::ReportAbuse => "/report-abuse/",
            Self::Moderation => "/moderation/",
            Self::Saved => "/saved",
            Self::Search => "/search",
            Self::CardValue => "/card-value",
        }
    }

    /// The page's title and what it is for.
    pub fn text(self) -> (&'static str, &'static str) {
        match self {
            Self::Join => (
                "Join Plainrate",
                "Create a free account to rate products and keep your choices.",
            ),
            Self::JoinLight => (
                "Join with your e-mail",
                "Get a link by e-mail that signs you in, with no password needed.",
            ),
            Self::ConfirmLight => (
                "Confirm your sign-in",
                "Finish signing in with the link we sent you.",
            ),
            Self::SignIn => ("Sign in", "Sign in to your Plainrate account."),
            Self::PrivateInfo => (
                "Private information",
                "Choose whether Plainrate may share your personal information.",
            ),
            Self::Alerts => (
                "Rate alerts",
                "The products and listings you follow, and how often we e-mail you when they change.",
            ),
            Self::ForgotPassword => (
                "Forgot your password?",
                "Get a link by e-mail to set a new password.",
            ),
            Self::ResetPassword => (
                "Set a new password",
                "Choose a new password with the link we sent you.",
            ),
            Self::ConfirmEmail => (
                "Confirm your e-mail address",
                "Confirm your address with the link we sent you.",
            ),
            Self::Account => (
                "Your account",
                "Change your password or e-mail address, or delete your account.",
            ),
            Self::ConfirmEmailChange => (
                "Confirm your new e-mail address",
                "Move your account to a new address with the link we sent there.",
            ),
            Self::Unsubscribe => (
                "Unsubscribe",
                "Stop a kind of e-mail from Plainrate with the link in one of them.",
            ),
            Self::ReportAbuse => (
                "Report abuse",
                "Tell our moderators about a question or an answer that breaks the community guidelines.",
            ),
            Self::Moderation => (
                "Moderation queue",
                "Reported questions, answers and reviews, for moderators to hide or restore.",
            ),
            Self::Saved => (
                "Saved products",
                "The products you saved on this device, from every list, kept for 15 days.",
            ),
            Self::CardValue => (
                "What is a card worth to you?",
                "Credit cards ranked by their first-year value for your own spending, balance and credit: the bonus your spending reaches, less the annual fee and interest; rewards only where a source gives the earn rate.",
            ),
            Self::Search => (
                "Search",
                "Search Plainrate's cards, accounts, loans, banks, credit unions and community questions.",
            ),
        }
    }

    pub(super) fn page(self, site: &Site) -> Page {
        let (title, text) = self.text();
        Page {
            keep: false,
            ..Page::ok(
                PageKind::Form,
                None,
                Head::new(title, text)
                    .canonical(site.absolute(self.path()))
                    .noindex(),
                render::plain_html(title, text),
            )
        }
    }
}

/// Answers a browser navigation with the form page; `None` for any other request.
pub(super) fn form_navigation(
    form: Form,
    state: &AppState,
    client: IpAddr,
    request: &Request,
) -> Option<Response> {
    wants_html(request.headers()).then(|| {
        serve(
            state,
            client,
            request.headers(),
            path_and_query(request),
            |_, site| Ok(form.page(site)),
        )
    })
}

/// A page that exists for a browser navigation only: the form page, else the API's 404.
pub(super) fn navigation_only(
    form: Form,
    state: &AppState,
    client: IpAddr,
    request: &Request,
) -> Response {
    form_navigation(form, state, client, request).unwrap_or_else(|| {
        vary_accept(ApiError::NotFound("no such page".to_owned()).into_response())
    })
}

pub(super) const EXPERTS_PATH: &str = "/experts/";
pub(super) const EXPERTS_LEAD: &str =
    "Who answers questions on Plainrate, and what they know about.";

/// `GET /experts/`: the experts gallery, every profile on the page (the app pages it and
/// opens a profile from the `#expert=` fragment). Built from the gallery read at start-up.
pub async fn experts(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |_, site| {
            let gallery = state.experts.gallery();
            let head = Head::new(gallery.header_text.clone(), EXPERTS_LEAD)
                .canonical(site.absolute(EXPERTS_PATH));
            let body = render::experts::gallery_html(gallery);
            Ok(Page {
                // The address may carry any query; the gallery is cheap to write again.
                keep: false,
                ..Page::ok(
                    PageKind::Experts,
                    Some(state.experts.body().json().clone()),
                    head,
                    body,
                )
            })
        },
    )
}

/// `GET /experts`: the gallery lives at `/experts/`.
pub async fn experts_redirect() -> Response {
    answers::moved(EXPERTS_PATH)
}

/// `GET /report-abuse/`: the report form (the app draws it and files the report with
/// `Qna.Report`).
pub async fn report_abuse(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::ReportAbuse, &state, client, &request)
}

/// `GET /moderation/`: the moderation queue (the app reads it with `Qna.ModerationQueue`,
/// which answers staff and moderators only).
pub async fn moderation(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Moderation, &state, client, &request)
}

/// `GET /saved`: the saved products (the app reads them from the device and the offers
/// from the API).
pub async fn saved(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Saved, &state, client, &request)
}

/// `GET /search`: the search results page (the app reads them from `/api/search`).
pub async fn search(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Search, &state, client, &request)
}

/// `GET /card-value`: the card-value ranking (the app reads it from `/api/card-values`).
pub async fn card_value(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::CardValue, &state, client, &request)
}

/// `GET` of a form path that the API also answers with a GET: a browser navigation gets
/// the form page, any other GET goes to `api` as before.
pub fn form_or<H, T>(form: Form, api: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    get(
        move |State(state): State<AppState>, ClientIp(client): ClientIp, request: Request| async move {
            if let Some(page) = form_navigation(form, &state, client, &request) {
                return page;
            }
            vary_accept(api.call(request, state).await)
        },
    )
}

/// `GET` of a form path the API answers only with a POST: a browser navigation gets the
/// form page, any other GET the 405 it got before (`Allow: POST`).
pub fn form_or_post_only(form: Form) -> MethodRouter<AppState> {
    get(
        move |State(state): State<AppState>, ClientIp(client): ClientIp, request: Request| async move {
            if let Some(page) = form_navigation(form, &state, client, &request) {
                return page;
            }
            let refused = (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, HeaderValue::from_static("POST"))],
            )
                .into_response();
            vary_accept(refused)
        },
    )
}
