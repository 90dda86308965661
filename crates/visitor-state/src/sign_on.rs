//! The sign-on cookie: the signed-in session data (site-core §3 "Signed-in session data"),
//! the shared sign-on cookie fields (community §3 "Shared sign-on cookie") and the
//! delegated-session marker `auth-user` (community §3 "Stored user info", §6).
//!
//! **The sign-on cookie is a display mirror only.** The page reads it to show who is signed
//! in; the server never trusts it for authorisation and keeps its own sessions behind an
//! HttpOnly cookie (DECISIONS.md "Sessions"). Nothing decoded here may grant access.
//!
//! # Reading a cookie value
//!
//! [`decode`] takes the raw cookie value, exactly as it appears after `name=` in a `Cookie`
//! header or `document.cookie`, and applies these steps:
//!
//! 1. A value longer than [`MAX_SIGN_ON_COOKIE_BYTES`] (8 KiB, twice what browsers store
//!    for one cookie) is rejected before anything else.
//! 2. Surrounding whitespace is trimmed and one pair of surrounding double quotes (RFC 6265
//!    quoted cookie value) is removed. An empty value is rejected.
//! 3. A value that does not start with `{` or `[` but contains `%` is percent-decoded once
//!    (`%XX` escapes only; `+` stays `+`), then trimmed and unquoted again. A value that
//!    starts with `{` or `[` is never percent-decoded, so raw JSON may hold a literal `%`.
//! 4. A value starting with `{` or `[` is JSON text. Anything else is base64 of JSON text,
//!    in the standard (`+/`) or the URL-safe (`-_`) alphabet, padded or not; a value
//!    mixing both alphabets is rejected. The decoded bytes must be UTF-8.
//! 5. The JSON must be an object. Unknown fields are ignored, and a known field holding a
//!    value of an unusable shape counts as absent (the tolerant readers of
//!    [`crate::json`]): numbers may be written as strings and flags as `1`/`0`.
//!
//! # Writing a cookie value
//!
//! [`encode_base64`] gives a value that can go straight into `Set-Cookie`: the standard
//! alphabet with padding, whose characters are all allowed cookie octets. [`encode_json`]
//! gives the JSON text, which holds `"` and `,` and must be percent-encoded before it is
//! used as a cookie value. Both write only the known fields, omit absent values, false
//! flags, empty lists and the basic plan, and read back to an equal [`SignOn`]
//! (empty strings read back as absent).
//!
//! # Wire names
//!
//! The site-core fields use the spec's spelling: `groupId`, `userPlan`, `activePlan`
//! (`planId`, `cancelled`, `pendingDowngrade`, `pendingPlanChange`,
//! `hasComingSubscription`, `isAppleOrder`, `orderId`, `isInfluencer`), `accountId`,
//! `has_transactions`, `enhanced`, `full`, `dashboards`, `auth-user`. The community spec
//! names the shared sign-on fields only in words, so we chose camelCase: `firstName`,
//! `realName`, `username`, `profilePicture`, `id`, `profile`, and `sharedAccounts`, each
//! with `id`, `name`, `avatar`, `image`, `profileId`, `profile`.

use std::borrow::Cow;
use std::fmt;

use base64::Engine as _;
use base64::alphabet;
use base64::engine::general_purpose::STANDARD;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::ids::{GroupId, InvalidId, validate_id};
use crate::json::{self, JsonKind, de, is_false};

#[cfg(test)]
mod tests;

/// Longest accepted raw sign-on cookie value, in bytes (our cap: 8 KiB).
pub const MAX_SIGN_ON_COOKIE_BYTES: usize = 8 * 1024;

/// Wire name of the basic plan, the default `userPlan` (site-core §3: "userPlan (default
/// is the basic plan)").
pub const BASIC_PLAN: &str = "basic";

/// Base64 decoder for the standard alphabet that accepts padded and unpadded input.
const STANDARD_ANY_PADDING: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Base64 decoder for the URL-safe alphabet that accepts padded and unpadded input.
const URL_SAFE_ANY_PADDING: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Why a sign-on cookie value could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignOnError {
    /// The value is empty or only whitespace (or empty quotes).
    #[error("sign-on cookie is empty")]
    Empty,
    /// The raw value is longer than [`MAX_SIGN_ON_COOKIE_BYTES`].
    #[error("sign-on cookie is {len} bytes long, more than {max}")]
    TooLong {
        /// Length of the raw value, in bytes.
        len: usize,
        /// The limit, [`MAX_SIGN_ON_COOKIE_BYTES`].
        max: usize,
    },
    /// A `%` escape is not followed by two hex digits, or the unescaped bytes are not UTF-8.
    #[error("sign-on cookie has a malformed percent escape")]
    BadPercentEncoding,
    /// The value is not JSON text and not valid base64.
    #[error("sign-on cookie is not valid base64: {reason}")]
    BadBase64 {
        /// What the base64 decoder reported.
        reason: String,
    },
    /// The JSON text (given directly or after base64 decoding) is malformed.
    #[error("sign-on cookie is not json: {reason}")]
    NotJson {
        /// What the JSON parser reported.
        reason: String,
    },
    /// The JSON is well formed but is not an object.
    #[error("sign-on cookie holds a json {found}, not an object")]
    NotAnObject {
        /// What the JSON holds instead.
        found: JsonKind,
    },
}

impl SignOnError {
    /// A stable camelCase code for the error kind, as used in the shared test vectors:
    /// `empty`, `tooLong`, `badPercentEncoding`, `badBase64`, `notJson`, `notAnObject`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::TooLong { .. } => "tooLong",
            Self::BadPercentEncoding => "badPercentEncoding",
            Self::BadBase64 { .. } => "badBase64",
            Self::NotJson { .. } => "notJson",
            Self::NotAnObject { .. } => "notAnObject",
        }
    }
}

/// The name of a plan other than the basic one. Built only by [`Plan::parse`], so it is
/// never empty and never the basic plan.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlanName(String);

impl PlanName {
    /// The plan name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The user's plan (`userPlan`); the default is the basic plan (site-core §3).
///
/// Reading is tolerant: a missing, empty or invalid plan reads as [`Plan::Basic`], and a
/// number reads as its text. It is written as its name, the basic plan as [`BASIC_PLAN`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Plan {
    /// The basic plan, the default.
    #[default]
    Basic,
    /// Any other plan, by name.
    Other(PlanName),
}

impl Plan {
    /// Parses a plan name. `basic` in any case (after trimming) is [`Plan::Basic`]; any
    /// other name follows the id rules of [`crate::ids`].
    ///
    /// # Errors
    ///
    /// [`InvalidId`] when the trimmed name is empty, too long or holds a control character.
    pub fn parse(raw: &str) -> Result<Self, InvalidId> {
        let name = validate_id(raw)?;
        if name.eq_ignore_ascii_case(BASIC_PLAN) {
            Ok(Self::Basic)
        } else {
            Ok(Self::Other(PlanName(name.to_owned())))
        }
    }

    /// The plan's wire name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Self::Basic => BASIC_PLAN,
            Self::Other(name) => name.as_str(),
        }
    }

    /// Whether this is the basic plan.
    #[must_use]
    pub fn is_basic(&self) -> bool {
        matches!(self, Self::Basic)
    }

    /// Reads a plan tolerantly from any JSON value.
    fn from_json(value: &Value) -> Self {
        json::text(value)
            .and_then(|name| Self::parse(&name).ok())
            .unwrap_or_default()
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Plan {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Plan {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Value::deserialize(deserializer).map(|value| Self::from_json(&value))
    }
}

/// Active plan info (`activePlan`, site-core §3). Every field is optional on the wire;
/// flags default to false.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ActivePlan {
    /// `planId`.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub plan_id: Option<String>,
    /// `cancelled`: the plan was cancelled.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub cancelled: bool,
    /// `pendingDowngrade`: a downgrade is scheduled.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub pending_downgrade: bool,
    /// `pendingPlanChange`: a plan change is scheduled.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub pending_plan_change: bool,
    /// `hasComingSubscription`: a subscription starts later.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub has_coming_subscription: bool,
    /// `isAppleOrder`: the plan was bought through Apple.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub is_apple_order: bool,
    /// `orderId`.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub order_id: Option<String>,
    /// `isInfluencer`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub is_influencer: bool,
}

/// One shared account in the shared sign-on cookie (community §3): an account the user
/// may switch to. An entry without an id is dropped when read.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SharedAccount {
    /// `id`.
    #[serde(deserialize_with = "de::text")]
    pub id: String,
    /// `name`, empty when absent.
    #[serde(deserialize_with = "de::text")]
    pub name: String,
    /// `avatar`, empty when absent.
    #[serde(deserialize_with = "de::text")]
    pub avatar: String,
    /// `image`, optional.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub image: Option<String>,
    /// `profileId`, optional.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub profile_id: Option<String>,
    /// `profile`: the profile flag, optional (false when absent).
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub profile: bool,
}

/// The data in the sign-on cookie: the site-core signed-in session data, the community
/// shared sign-on fields and the delegated-session marker. A display mirror only: never
/// use it for authorisation.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SignOn {
    /// `groupId`.
    #[serde(
        rename = "groupId",
        deserialize_with = "de::opt_group_id",
        skip_serializing_if = "Option::is_none"
    )]
    pub group_id: Option<GroupId>,
    /// `userPlan`, the basic plan when absent.
    #[serde(rename = "userPlan", skip_serializing_if = "Plan::is_basic")]
    pub user_plan: Plan,
    /// `activePlan`; also read when the cookie holds it as a JSON string.
    #[serde(
        rename = "activePlan",
        deserialize_with = "opt_active_plan",
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
    /// `has_transactions`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub has_transactions: bool,
    /// `enhanced`.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub enhanced: bool,
    /// `full`: needed, with an active-session cookie, to be fully signed in (site-core §4).
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub full: bool,
    /// `dashboards`: an array, or one comma-separated string.
    #[serde(
        deserialize_with = "de::text_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub dashboards: Vec<String>,
    /// `firstName`: the user's first name.
    #[serde(
        rename = "firstName",
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub first_name: Option<String>,
    /// `realName`: the user's real (full) name.
    #[serde(
        rename = "realName",
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub real_name: Option<String>,
    /// `username`.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub username: Option<String>,
    /// `profilePicture`: the address of the profile picture.
    #[serde(
        rename = "profilePicture",
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub profile_picture: Option<String>,
    /// `id`: the user id.
    #[serde(
        deserialize_with = "de::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub id: Option<String>,
    /// `profile`: the profile flag.
    #[serde(deserialize_with = "de::flag", skip_serializing_if = "is_false")]
    pub profile: bool,
    /// `sharedAccounts`; entries without an id are dropped.
    #[serde(
        rename = "sharedAccounts",
        deserialize_with = "shared_accounts",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub shared_accounts: Vec<SharedAccount>,
    /// `auth-user`: who is acting on this account in a delegated session; see
    /// [`read_auth_user`] for what counts as present.
    #[serde(
        rename = "auth-user",
        deserialize_with = "auth_user",
        skip_serializing_if = "Option::is_none"
    )]
    pub auth_user: Option<String>,
}

impl SignOn {
    /// Whether this is a delegated session: someone (support staff) acting on the member's
    /// account through an admin-style login, marked by `auth-user` (community §3, §6).
    /// Delegated sessions are read-only; the permission message lives in `qna-validation`.
    ///
    /// ```
    /// let data = visitor_state::sign_on::decode(r#"{"auth-user":"agent7"}"#)?;
    /// assert!(data.is_delegated());
    /// # Ok::<(), visitor_state::sign_on::SignOnError>(())
    /// ```
    #[must_use]
    pub fn is_delegated(&self) -> bool {
        self.auth_user.is_some()
    }
}

/// Reads a raw sign-on cookie value: JSON text or base64 of it, percent-encoded or not.
/// See the module docs for the exact steps.
///
/// ```
/// use visitor_state::sign_on::{decode, encode_base64};
///
/// let from_json = decode(r#"{"groupId":17,"has_transactions":"1"}"#)?;
/// assert_eq!(from_json.group_id.as_ref().map(|g| g.as_str()), Some("17"));
/// assert!(from_json.has_transactions);
/// assert_eq!(decode(&encode_base64(&from_json))?, from_json);
/// # Ok::<(), visitor_state::sign_on::SignOnError>(())
/// ```
///
/// # Errors
///
/// [`SignOnError`] when the value is empty, longer than [`MAX_SIGN_ON_COOKIE_BYTES`], badly
/// percent-encoded, bad base64, not JSON, or JSON that is not an object.
pub fn decode(cookie_value: &str) -> Result<SignOn, SignOnError> {
    let len = cookie_value.len();
    if len > MAX_SIGN_ON_COOKIE_BYTES {
        return Err(SignOnError::TooLong {
            len,
            max: MAX_SIGN_ON_COOKIE_BYTES,
        });
    }
    let unquoted = unquote(cookie_value.trim());
    let unescaped: Cow<'_, str> = if !looks_like_json(unquoted) && unquoted.contains('%') {
        Cow::Owned(percent_decode(unquoted)?)
    } else {
        Cow::Borrowed(unquoted)
    };
    let text = unquote(unescaped.trim()).trim();
    if text.is_empty() {
        return Err(SignOnError::Empty);
    }
    let json_text: Cow<'_, str> = if looks_like_json(text) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(base64_to_text(text)?)
    };
    let value: Value =
        serde_json::from_str(json_text.trim()).map_err(|e| SignOnError::NotJson {
            reason: e.to_string(),
        })?;
    if !value.is_object() {
        return Err(SignOnError::NotAnObject {
            found: JsonKind::of(&value),
        });
    }
    // Every field reader is tolerant, so an object always deserialises; the error arm only
    // guards against a future strict field.
    SignOn::deserialize(value).map_err(|e| SignOnError::NotJson {
        reason: e.to_string(),
    })
}

/// The sign-on data as compact JSON text. Percent-encode it before using it as a cookie
/// value, or use [`encode_base64`].
///
/// ```
/// use visitor_state::sign_on::{SignOn, encode_json};
///
/// let data = SignOn { full: true, ..SignOn::default() };
/// assert_eq!(encode_json(&data), r#"{"full":true}"#);
/// ```
#[must_use]
pub fn encode_json(sign_on: &SignOn) -> String {
    // Serialising these types cannot fail: every map key is a string and no serialiser
    // returns an error. The fallback is the empty object, which reads back as signed-in
    // data with no fields.
    serde_json::to_string(sign_on).unwrap_or_else(|_| String::from("{}"))
}

/// The sign-on data as base64 (standard alphabet, padded) of its compact JSON: a valid
/// cookie value as is.
#[must_use]
pub fn encode_base64(sign_on: &SignOn) -> String {
    STANDARD.encode(encode_json(sign_on))
}

/// Reads `auth-user` tolerantly. Present: a string other than empty, `0` or `false`
/// (trimmed, any case), kept as is; a non-zero number, as its text; `true`, as `"true"`; a
/// non-empty array or object, as its compact JSON text. Anything else is absent.
#[must_use]
pub fn read_auth_user(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => {
            let t = s.trim();
            let absent = t.is_empty() || t == "0" || t.eq_ignore_ascii_case("false");
            (!absent).then(|| s.clone())
        }
        Value::Number(_) => json::flag(value).then(|| json::text(value)).flatten(),
        Value::Bool(true) => Some(String::from("true")),
        Value::Array(items) if !items.is_empty() => Some(value.to_string()),
        Value::Object(fields) if !fields.is_empty() => Some(value.to_string()),
        Value::Bool(false) | Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

/// Reads `activePlan` tolerantly: an object, or a string holding a JSON object.
pub(crate) fn read_active_plan(value: &Value) -> Option<ActivePlan> {
    match value {
        Value::Object(_) => ActivePlan::deserialize(value).ok(),
        Value::String(s) => serde_json::from_str::<Value>(s)
            .ok()
            .filter(Value::is_object)
            .and_then(|inner| ActivePlan::deserialize(&inner).ok()),
        _ => None,
    }
}

/// Serde adapter for [`read_auth_user`].
pub(crate) fn auth_user<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Value::deserialize(d).map(|v| read_auth_user(&v))
}

/// Serde adapter for [`read_active_plan`].
pub(crate) fn opt_active_plan<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<ActivePlan>, D::Error> {
    Value::deserialize(d).map(|v| read_active_plan(&v))
}

/// Reads `sharedAccounts`: an array of objects; entries that are not objects or have no id
/// are dropped.
fn shared_accounts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SharedAccount>, D::Error> {
    let value = Value::deserialize(d)?;
    let Value::Array(items) = value else {
        return Ok(Vec::new());
    };
    Ok(items
        .iter()
        .filter(|item| item.is_object())
        .filter_map(|item| SharedAccount::deserialize(item).ok())
        .filter(|account| !account.id.is_empty())
        .collect())
}

/// Whether a (trimmed) value is JSON text rather than base64.
fn looks_like_json(text: &str) -> bool {
    text.starts_with('{') || text.starts_with('[')
}

/// Removes one pair of surrounding double quotes, if present.
fn unquote(text: &str) -> &str {
    text.strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or(text)
}

/// Decodes `%XX` escapes; the result must be UTF-8.
fn percent_decode(text: &str) -> Result<String, SignOnError> {
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(byte) = bytes.next() {
        if byte == b'%' {
            let high = bytes.next().and_then(hex_digit);
            let low = bytes.next().and_then(hex_digit);
            match (high, low) {
                (Some(high), Some(low)) => out.push((high << 4) | low),
                _ => return Err(SignOnError::BadPercentEncoding),
            }
        } else {
            out.push(byte);
        }
    }
    String::from_utf8(out).map_err(|_| SignOnError::BadPercentEncoding)
}

/// The value of one hex digit.
fn hex_digit(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Decodes base64 in either alphabet, padded or not, into UTF-8 text.
fn base64_to_text(text: &str) -> Result<String, SignOnError> {
    let engine = if text.contains(['-', '_']) {
        &URL_SAFE_ANY_PADDING
    } else {
        &STANDARD_ANY_PADDING
    };
    let bytes = engine.decode(text).map_err(|e| SignOnError::BadBase64 {
        reason: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| SignOnError::NotJson {
        reason: String::from("decoded base64 is not utf-8 text"),
    })
}
