//! Who is asking: a guest, a member, or a delegated (support) session. Built from the
//! server-side session cookie only; the sign-on cookie is a display mirror and never read
//! for authorisation.

use visitor_state::actor::Actor;

/// The signed-in session behind a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// Opaque session id (what the cookie carries).
    pub session_id: String,
    /// The member's id.
    pub member_id: i64,
    /// An auth-user session acting on the member's account: read-only.
    pub delegated: bool,
    /// Fully signed in (password entered in this session, not a light sign-up).
    pub full: bool,
    /// The member's plan key (`basic` by default).
    pub plan: String,
    /// The member's group id, when set.
    pub group_id: Option<String>,
}

/// The visitor behind a request. Extracted from the request by the members area.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Visitor {
    /// The session, when signed in.
    pub session: Option<SessionInfo>,
}

impl Visitor {
    /// The visitor as the permission rules see them.
    pub fn actor(&self) -> Actor {
        match &self.session {
            None => Actor::Guest,
            Some(s) if s.delegated => Actor::Delegated,
            Some(_) => Actor::Member,
        }
    }

    /// The member id, when signed in (delegated sessions included).
    pub fn member_id(&self) -> Option<i64> {
        self.session.as_ref().map(|s| s.member_id)
    }
}

/// Where a guest who tried to vote goes: the light sign-up, with the page they were on
/// (its `Referer`, kept only when it is on this site) as the address to come back to.
pub fn light_sign_up_link(state: &crate::AppState, headers: &axum::http::HeaderMap) -> String {
    let page = headers
        .get(axum::http::header::REFERER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("/");
    site_urls::sign_up::join_light_link(&state.settings.base_url, page)
}
