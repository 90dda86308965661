//! The JSON bodies the members area answers with.

use serde::{Deserialize, Serialize};

/// A signed-in member as the page sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberView {
    /// Member id.
    pub id: i64,
    /// E-mail address (lowercased).
    pub email: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Plan key.
    pub plan: String,
    /// Fully signed in (password entered) rather than through a sign-in link.
    pub full: bool,
}

/// Answer of a join, a sign-in or a used sign-in link: the session cookies travel beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedInResponse {
    /// Always `true`.
    pub ok: bool,
    /// Who is now signed in.
    pub member: MemberView,
    /// Where to go next (a same-site path), for a sign-in link.
    #[serde(rename = "ref", default, skip_serializing_if = "Option::is_none")]
    pub return_to: Option<String>,
}

/// Answer of a light sign-up: the same whether or not the address was known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct ReturnAddress {
    /// A same-site path, `/` when the given one was not.
    #[serde(rename = "ref")]
    pub return_to: String,
}

/// The member's choice about sharing personal info.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrivateInfo {
    /// Opted out of sharing personal info.
    pub opt_out: bool,
}

/// Answer of a sign-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedOut {
    /// Always `true`.
    pub ok: bool,
}
