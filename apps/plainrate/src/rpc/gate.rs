//! Who may write, decided once. Every write asks here, by the domain's permission rules
//! (`qna_validation::permissions`): a member acts, a guest is sent to sign up (or, asking
//! a question, through the e-mail step), a delegated session is refused with the
//! permission message. Each area only chooses how its answer carries the refusal.

use qna_validation::permissions::{Action, PermissionError, Permissions, PostRoute};

use super::ActionRequest;
use crate::ApiError;

/// Who is acting on a write the visitor may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acting {
    /// A signed-in member, by id.
    Member(i64),
    /// A guest, where the action lets guests act (asking through the e-mail step,
    /// reporting).
    Guest,
}

/// Why the visitor may not make a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A guest, where the action needs a member: sign up first.
    Guest,
    /// A delegated session: it writes nothing.
    Delegated,
}

/// The plain HTTP answer to a refusal, where a call answers one with its status (the
/// members' calls): a guest 401, a delegated session 403 with the permission message.
impl From<Refusal> for ApiError {
    fn from(refused: Refusal) -> Self {
        match refused {
            Refusal::Guest => Self::Guest,
            Refusal::Delegated => {
                Self::Forbidden(visitor_state::status::PERMISSION_DENIED_MESSAGE.to_owned())
            }
        }
    }
}

impl ActionRequest {
    /// Who may do `action` here, or why not.
    pub fn may(&self, action: Action) -> Result<Acting, Refusal> {
        match self.visitor.actor().can(action) {
            Ok(PostRoute::Direct) => Ok(self
                .visitor
                .member_id()
                .map_or(Acting::Guest, Acting::Member)),
            Ok(PostRoute::GuestVerification) => Ok(Acting::Guest),
            Err(PermissionError::SignInRequired { .. }) => Err(Refusal::Guest),
            Err(PermissionError::Delegated { .. }) => Err(Refusal::Delegated),
        }
    }

    /// The member who may do `action`, which only members may do, or why not.
    pub fn member_for(&self, action: Action) -> Result<i64, Refusal> {
        match self.may(action)? {
            Acting::Member(id) => Ok(id),
            Acting::Guest => Err(Refusal::Guest),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visitor::{SessionInfo, Visitor};

    fn request(session: Option<(i64, bool)>) -> ActionRequest {
        ActionRequest {
            method: axum::http::Method::POST,
            params: Default::default(),
            json: None,
            headers: Default::default(),
            visitor: Visitor {
                session: session.map(|(member_id, delegated)| SessionInfo {
                    session_id: "s".to_owned(),
                    member_id,
                    delegated,
                    full: true,
                    plan: "basic".to_owned(),
                    group_id: None,
                }),
            },
            client_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        }
    }

    #[test]
    fn a_member_acts_a_guest_signs_up_and_a_delegated_session_is_refused() {
        let member = request(Some((7, false)));
        let delegated = request(Some((7, true)));
        let guest = request(None);
        for action in [Action::Vote, Action::Reply, Action::Review, Action::Edit] {
            assert_eq!(member.member_for(action), Ok(7));
            assert_eq!(guest.member_for(action), Err(Refusal::Guest));
            assert_eq!(delegated.member_for(action), Err(Refusal::Delegated));
        }
        assert_eq!(guest.may(Action::AskQuestion), Ok(Acting::Guest));
        assert_eq!(guest.may(Action::Report), Ok(Acting::Guest));
        assert_eq!(member.may(Action::Report), Ok(Acting::Member(7)));
        assert_eq!(delegated.may(Action::AskQuestion), Err(Refusal::Delegated));
        assert_eq!(delegated.may(Action::Report), Err(Refusal::Delegated));
        assert_eq!(guest.may(Action::Account), Ok(Acting::Guest));
        assert_eq!(delegated.may(Action::Account), Err(Refusal::Delegated));
    }
}
