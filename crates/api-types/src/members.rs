//! The members area on the wire: who is signed in, the light sign-up answer, the return
//! address of a sign-up page, the private-info setting and the sign-out answer.

use serde::{Deserialize, Serialize};

/// A signed-in member as the page sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MemberView {
    /// Member id.
    pub id: i64,
    /// E-mail address (lowercased).
    pub email: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub name: Option<String>,
    /// Plan key.
    pub plan: String,
    /// Fully signed in (password entered) rather than through a sign-in link.
    pub full: bool,
}

/// Answer of a join, a sign-in or a used sign-in link: the session cookies travel beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignedInResponse {
    /// Always `true`.
    pub ok: bool,
    /// Who is now signed in.
    pub member: MemberView,
    /// Where to go next (a same-site path), for a sign-in link.
    #[serde(rename = "ref", default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub return_to: Option<String>,
}

/// Answer of a light sign-up: the same whether or not the address was known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LightSignUpResponse {
    /// Always `true`.
    pub ok: bool,
    /// What to tell the visitor.
    pub message: String,
    /// The sanitised return address.
    #[serde(rename = "ref")]
    pub return_to: String,
}

/// Answer of `GET /join/light?ref=…`: the return address, reduced to a same-site path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReturnAddress {
    /// A same-site path, `/` when the given one was not.
    #[serde(rename = "ref")]
    pub return_to: String,
}

/// The member's choice about sharing personal info.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PrivateInfo {
    /// Opted out of sharing personal info.
    pub opt_out: bool,
}

/// Answer of an account step that e-mails a link or changes the account (a forgotten
/// password, a change of address or password, a confirmed address, a deleted account): what
/// to tell the member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccountNotice {
    /// Always `true`.
    pub ok: bool,
    /// What to tell the member.
    pub message: String,
}

/// Answer of a sign-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignedOut {
    /// Always `true`.
    pub ok: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_the_spelling_of_the_members_answers() {
        let signed_in = SignedInResponse {
            ok: true,
            member: MemberView {
                id: 42,
                email: "ada@example.com".to_owned(),
                name: None,
                plan: "basic".to_owned(),
                full: false,
            },
            return_to: Some("/d/cash-card".to_owned()),
        };
        assert_eq!(
            serde_json::to_string(&signed_in).unwrap(),
            r#"{"ok":true,"member":{"id":42,"email":"ada@example.com","plan":"basic","full":false},"ref":"/d/cash-card"}"#
        );
        let light = LightSignUpResponse {
            ok: true,
            message: "sent".to_owned(),
            return_to: "/".to_owned(),
        };
        assert_eq!(
            serde_json::to_string(&light).unwrap(),
            r#"{"ok":true,"message":"sent","ref":"/"}"#
        );
        assert_eq!(
            serde_json::to_string(&ReturnAddress {
                return_to: "/x".to_owned()
            })
            .unwrap(),
            r#"{"ref":"/x"}"#
        );
        assert_eq!(
            serde_json::to_string(&PrivateInfo { opt_out: true }).unwrap(),
            r#"{"optOut":true}"#
        );
        assert_eq!(
            serde_json::to_string(&SignedOut { ok: true }).unwrap(),
            r#"{"ok":true}"#
        );
    }
}
