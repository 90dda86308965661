//! Stored user info (community §3 "Stored user info"): the keys kept in the browser's
//! local storage, their lifetimes (community §9 "Stored lifetimes"), what clearing user
//! info removes and the helper predicates (community §6).
//!
//! # Lifetimes
//!
//! The access token lives 20 minutes, the credit standing and the score 30 minutes, the
//! group id 24 hours. A value is fresh while its age is less than its lifetime (the rule of
//! [`crate::lifetime`]); keys without a lifetime never go stale.
//!
//! # Clearing user info
//!
//! "Clearing user info removes session, credit standing, score, tokens, plan, account and
//! debt data". The spec names groups, not keys; we map them to keys as follows (see
//! [`CLEARED_BY_CLEAR_USER_INFO`]):
//!
//! - session: `id`, `full`, `enhanced`, `auth-user`;
//! - credit standing: `standing`; score: `score`;
//! - tokens: `userAccessToken`, `refreshToken`;
//! - plan: `userPlan`, `activePlan`;
//! - account: `accountId`, `has_transactions`, `has_investment_activities`,
//!   `userDashboards` (the dashboards belong to the account);
//! - debt: `has_debt`.
//!
//! `groupId`, `lo_pvt_id` and `institution` are not named by the spec and are kept.
//!
//! # Helpers
//!
//! The spec names the helpers (logged-in, full user, institution user, light enhanced
//! user, test groups) but not their definitions; ours are:
//!
//! - logged in: the session cookie is present ("Session presence needs a session cookie")
//!   **and** the stored info has a user `id` (so info cleared at sign-out stops counting);
//! - full user: logged in and `full`;
//! - institution user: logged in and `institution`;
//! - light enhanced user: logged in, `enhanced` and not `full` (an enhanced member who
//!   came through the light sign-up);
//! - in a test group: the stored `groupId` is one of a given list.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::ids::GroupId;
use crate::json::{de, is_false};
use crate::lifetime;
use crate::sign_on::{self, ActivePlan, Plan};

#[cfg(test)]
mod tests;

/// Lifetime of the stored access token: 20 minutes (community §9: "access token 20
/// minutes (1,200,000 ms)").
pub const ACCESS_TOKEN_LIFETIME_MS: i64 = 1_200_000;

/// Lifetime of the stored credit standing and score: 30 minutes (community §9: "standing
/// and score 30 minutes").
pub const STANDING_AND_SCORE_LIFETIME_MS: i64 = 1_800_000;

/// Lifetime of the stored group id: 24 hours (community §9: "group id 24 hours").
pub const GROUP_ID_LIFETIME_MS: i64 = 86_400_000;

/// A key of the stored user info, by its local-storage name (community §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StoredKey {
    /// `userDashboards`.
    #[serde(rename = "userDashboards")]
    UserDashboards,
    /// `full`.
    #[serde(rename = "full")]
    Full,
    /// `id`.
    #[serde(rename = "id")]
    Id,
    /// `lo_pvt_id`.
    #[serde(rename = "lo_pvt_id")]
    LoPvtId,
    /// `groupId`.
    #[serde(rename = "groupId")]
    GroupId,
    /// `standing`: the credit standing.
    #[serde(rename = "standing")]
    Standing,
    /// `score`: the credit score.
    #[serde(rename = "score")]
    Score,
    /// `institution`.
    #[serde(rename = "institution")]
    Institution,
    /// `has_transactions`.
    #[serde(rename = "has_transactions")]
    HasTransactions,
    /// `has_investment_activities`.
    #[serde(rename = "has_investment_activities")]
    HasInvestmentActivities,
    /// `userPlan`.
    #[serde(rename = "userPlan")]
    UserPlan,
    /// `userAccessToken`.
    #[serde(rename = "userAccessToken")]
    UserAccessToken,
    /// `refreshToken`.
    #[serde(rename = "refreshToken")]
    RefreshToken,
    /// `enhanced`.
    #[serde(rename = "enhanced")]
    Enhanced,
    /// `activePlan`.
    #[serde(rename = "activePlan")]
    ActivePlan,
    /// `accountId`.
    #[serde(rename = "accountId")]
    AccountId,
    /// `auth-user`: the delegated-session marker.
    #[serde(rename = "auth-user")]
    AuthUser,
    /// `has_debt`.
    #[serde(rename = "has_debt")]
    HasDebt,
}

impl StoredKey {
    /// Every key, in the spec's order.
    pub const ALL: [Self; 18] = [
        Self::UserDashboards,
        Self::Full,
        Self::Id,
        Self::LoPvtId,
        Self::GroupId,
        Self::Standing,
        Self::Score,
        Self::Institution,
        Self::HasTransactions,
        Self::HasInvestmentActivities,
        Self::UserPlan,
        Self::UserAccessToken,
        Self::RefreshToken,
        Self::Enhanced,
        Self::ActivePlan,
        Self::AccountId,
        Self::AuthUser,
        Self::HasDebt,
    ];

    /// The local-storage name of the key.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::UserDashboards => "userDashboards",
            Self::Full => "full",
            Self::Id => "id",
            Self::LoPvtId => "lo_pvt_id",
            Self::GroupId => "groupId",
            Self::Standing => "standing",
            Self::Score => "score",
            Self::Institution => "institution",
            Self::HasTransactions => "has_transactions",
            Self::HasInvestmentActivities => "has_investment_activities",
            Self::UserPlan => "userPlan",
            Self::UserAccessToken => "userAccessToken",
            Self::RefreshToken => "refreshToken",
            Self::Enhanced => "enhanced",
            Self::ActivePlan => "activePlan",
            Self::AccountId => "accountId",
            Self::AuthUser => "auth-user",
            Self::HasDebt => "has_debt",
        }
    }

    /// The key with this local-storage name, if any (exact match).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|key| key.as_str() == name)
    }
}

impl fmt::Display for StoredKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The keys removed by clearing user info (community §6: "Clearing user info removes
/// session, credit standing, score, tokens, plan, account and debt data"); the mapping is
/// in the module docs.
pub const CLEARED_BY_CLEAR_USER_INFO: [StoredKey; 15] = [
    // Session.
    StoredKey::Id,
    StoredKey::Full,
    StoredKey::Enhanced,
    StoredKey::AuthUser,
    // Credit standing and score.
    StoredKey::Standing,
    StoredKey::Score,
    // Tokens.
    StoredKey::UserAccessToken,
    StoredKey::RefreshToken,
    // Plan.
    StoredKey::UserPlan,
    StoredKey::ActivePlan,
    // Account.
    StoredKey::AccountId,
    StoredKey::HasTransactions,
    StoredKey::HasInvestmentActivities,
    StoredKey::UserDashboards,
    // Debt.
    StoredKey::HasDebt,
];

/// A stored value with a lifetime (community §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Expiring {
    /// The access token, [`ACCESS_TOKEN_LIFETIME_MS`].
    AccessToken,
    /// The credit standing, [`STANDING_AND_SCORE_LIFETIME_MS`].
    Standing,
    /// The credit score, [`STANDING_AND_SCORE_LIFETIME_MS`].
    Score,
    /// The group id, [`GROUP_ID_LIFETIME_MS`].
    GroupId,
}

impl Expiring {
    /// The lifetime in milliseconds.
    #[must_use]
    pub fn lifetime_ms(self) -> i64 {
        match self {
            Self::AccessToken => ACCESS_TOKEN_LIFETIME_MS,
            Self::Standing | Self::Score => STANDING_AND_SCORE_LIFETIME_MS,
            Self::GroupId => GROUP_ID_LIFETIME_MS,
        }
    }

    /// The stored key that holds the value.
    #[must_use]
    pub fn key(self) -> StoredKey {
        match self {
            Self::AccessToken => StoredKey::UserAccessToken,
            Self::Standing => StoredKey::Standing,
            Self::Score => StoredKey::Score,
            Self::GroupId => StoredKey::GroupId,
        }
    }
}

/// Whether a value of `kind` stored at `stored_at_ms` is still fresh at `now_ms`: its age
/// is less than its lifetime (a negative age counts as fresh).
///
/// ```
/// use visitor_state::user_info::{Expiring, is_fresh};
///
/// assert!(is_fresh(0, 1_199_999, Expiring::AccessToken));
/// assert!(!is_fresh(0, 1_200_000, Expiring::AccessToken));
/// ```
#[must_use]
pub fn is_fresh(stored_at_ms: i64, now_ms: i64, kind: Expiring) -> bool {
    lifetime::is_live(stored_at_ms, now_ms, kind.lifetime_ms())
}

/// Why a text is not a token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidToken {
    /// The token is empty.
    #[error("token is empty")]
    Empty,
}

/// An access or refresh token. Its `Debug` output is redacted so that tokens stay out of
/// logs; use [`Token::expose`] to read it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Token(String);

impl Token {
    /// Wraps a non-empty token.
    ///
    /// # Errors
    ///
    /// [`InvalidToken::Empty`] for an empty text.
    pub fn parse(raw: &str) -> Result<Self, InvalidToken> {
        if raw.is_empty() {
            Err(InvalidToken::Empty)
        } else {
            Ok(Self(raw.to_owned()))
        }
    }

    /// The token text.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl TryFrom<String> for Token {
    type Error = InvalidToken;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        if raw.is_empty() {
            Err(InvalidToken::Empty)
        } else {
            Ok(Self(raw))
        }
    }
}

impl From<Token> for String {
    fn from(token: Token) -> Self {
        token.0
    }
}

/// Reads a token tolerantly: a non-empty string; anything else is absent.
fn opt_token<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Token>, D::Error> {
    Value::deserialize(d).map(|v| match v {
        Value::String(s) => Token::try_from(s).ok(),
        _ => None,
    })
}

/// The stored user info, as one JSON object keyed by the local-storage names (community
/// §3). Every key is optional and read tolerantly like the sign-on cookie (see
/// [`crate::json`]); unknown keys are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StoredUserInfo {
    /// `userDashboards`.
    #[serde(
        rename = "userDashboards",
        deserialize_with = "de::text_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub user_dashboards: Vec<String>,
    /// `full`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub full: bool,
    /// `id`: the user id.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub id: Option<String>,
    /// `lo_pvt_id`.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub lo_pvt_id: Option<String>,
    /// `groupId`.
    #[serde(
        rename = "groupId",
        deserialize_with = "de::opt_group_id",
        skip_serializing_if = "Option::is_none"
    )]
    pub group_id: Option<GroupId>,
    /// `standing`: the credit standing, as text.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub standing: Option<String>,
    /// `score`: the credit score.
    #[serde(
        deserialize_with = "de::opt_u16",
        skip_serializing_if = "Option::is_none"
    )]
    pub score: Option<u16>,
    /// `institution`: the user is an institution user.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub institution: bool,
    /// `has_transactions`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub has_transactions: bool,
    /// `has_investment_activities`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub has_investment_activities: bool,
    /// `userPlan`, the basic plan when absent.
    #[serde(rename = "userPlan", skip_serializing_if = "Plan::is_basic")]
    pub user_plan: Plan,
    /// `userAccessToken`.
    #[serde(
        rename = "userAccessToken",
        deserialize_with = "opt_token",
        skip_serializing_if = "Option::is_none"
    )]
    pub user_access_token: Option<Token>,
    /// `refreshToken`.
    #[serde(
        rename = "refreshToken",
        deserialize_with = "opt_token",
        skip_serializing_if = "Option::is_none"
    )]
    pub refresh_token: Option<Token>,
    /// `enhanced`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub enhanced: bool,
    /// `activePlan`.
    #[serde(
        rename = "activePlan",
        deserialize_with = "sign_on::opt_active_plan",
        skip_serializing_if = "Option::is_none"
    )]
    pub active_plan: Option<ActivePlan>,
    /// `accountId`.
    #[serde(
        rename = "accountId",
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub account_id: Option<String>,
    /// `auth-user`: present in a delegated session (read like the sign-on cookie's, see
    /// [`sign_on::read_auth_user`]).
    #[serde(
        rename = "auth-user",
        deserialize_with = "sign_on::auth_user",
        skip_serializing_if = "Option::is_none"
    )]
    pub auth_user: Option<String>,
    /// `has_debt`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub has_debt: bool,
}

impl StoredUserInfo {
    /// Removes one key (sets it to its absent value).
    pub fn remove(&mut self, key: StoredKey) {
        match key {
            StoredKey::UserDashboards => self.user_dashboards.clear(),
            StoredKey::Full => self.full = false,
            StoredKey::Id => self.id = None,
            StoredKey::LoPvtId => self.lo_pvt_id = None,
            StoredKey::GroupId => self.group_id = None,
            StoredKey::Standing => self.standing = None,
            StoredKey::Score => self.score = None,
            StoredKey::Institution => self.institution = false,
            StoredKey::HasTransactions => self.has_transactions = false,
            StoredKey::HasInvestmentActivities => self.has_investment_activities = false,
            StoredKey::UserPlan => self.user_plan = Plan::Basic,
            StoredKey::UserAccessToken => self.user_access_token = None,
            StoredKey::RefreshToken => self.refresh_token = None,
            StoredKey::Enhanced => self.enhanced = false,
            StoredKey::ActivePlan => self.active_plan = None,
            StoredKey::AccountId => self.account_id = None,
            StoredKey::AuthUser => self.auth_user = None,
            StoredKey::HasDebt => self.has_debt = false,
        }
    }

    /// Clears user info: removes every key of [`CLEARED_BY_CLEAR_USER_INFO`].
    ///
    /// ```
    /// use visitor_state::user_info::StoredUserInfo;
    ///
    /// let mut info = StoredUserInfo { id: Some("u1".into()), score: Some(720), ..StoredUserInfo::default() };
    /// info.clear();
    /// assert_eq!(info, StoredUserInfo::default());
    /// ```
    pub fn clear(&mut self) {
        for key in CLEARED_BY_CLEAR_USER_INFO {
            self.remove(key);
        }
    }

    /// Logged in: the session cookie is present and a user id is stored.
    #[must_use]
    pub fn is_logged_in(&self, has_session_cookie: bool) -> bool {
        has_session_cookie && self.id.is_some()
    }

    /// Full user: logged in with the `full` flag.
    #[must_use]
    pub fn is_full_user(&self, has_session_cookie: bool) -> bool {
        self.is_logged_in(has_session_cookie) && self.full
    }

    /// Institution user: logged in with the `institution` flag.
    #[must_use]
    pub fn is_institution_user(&self, has_session_cookie: bool) -> bool {
        self.is_logged_in(has_session_cookie) && self.institution
    }

    /// Light enhanced user: logged in, `enhanced` and not `full`.
    #[must_use]
    pub fn is_light_enhanced_user(&self, has_session_cookie: bool) -> bool {
        self.is_logged_in(has_session_cookie) && self.enhanced && !self.full
    }

    /// In a test group: the stored group id is one of `groups`.
    #[must_use]
    pub fn is_in_group(&self, groups: &[GroupId]) -> bool {
        self.group_id
            .as_ref()
            .is_some_and(|group| groups.contains(group))
    }

    /// A delegated session: `auth-user` is present (community §6; read-only).
    #[must_use]
    pub fn is_delegated(&self) -> bool {
        self.auth_user.is_some()
    }
}

/// Reads stored user info from a JSON value; anything but an object reads as empty info.
impl From<&Value> for StoredUserInfo {
    fn from(value: &Value) -> Self {
        if value.is_object() {
            Self::deserialize(value).unwrap_or_default()
        } else {
            Self::default()
        }
    }
}
