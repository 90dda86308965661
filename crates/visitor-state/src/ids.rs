//! Identifiers carried in visitor state: the group id (site-core §3 "Signed-in session data",
//! "Saved-product data"; community §3 "Stored user info") and product ids (site-core §3
//! "Saved-product data").
//!
//! Both are opaque text. The specs give no format, so we accept any text of 1 to
//! [`MAX_ID_CHARS`] characters without control characters, after trimming surrounding
//! whitespace.

use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Longest accepted id, in characters (our cap: the specs give none). The catalogue's
/// longest product id is 85 characters (a card named after its CFPB survey plan); 64 left
/// 103 products that could be neither saved nor skipped.
pub const MAX_ID_CHARS: usize = 128;

/// Why a text is not a valid id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidId {
    /// The text is empty or only whitespace.
    #[error("id is empty")]
    Empty,
    /// The trimmed text is longer than [`MAX_ID_CHARS`].
    #[error("id is {len} characters long, more than {max}")]
    TooLong {
        /// Length of the trimmed text, in characters.
        len: usize,
        /// The limit, [`MAX_ID_CHARS`].
        max: usize,
    },
    /// The text contains a control character (a newline, a NUL, ...).
    #[error("id contains a control character")]
    ControlCharacter,
}

/// Checks the shared id rules and returns the trimmed text.
pub(crate) fn validate_id(raw: &str) -> Result<&str, InvalidId> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(InvalidId::Empty);
    }
    let len = trimmed.chars().count();
    if len > MAX_ID_CHARS {
        return Err(InvalidId::TooLong {
            len,
            max: MAX_ID_CHARS,
        });
    }
    if trimmed.chars().any(char::is_control) {
        return Err(InvalidId::ControlCharacter);
    }
    Ok(trimmed)
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// Parses an id: surrounding whitespace is trimmed, then the text must be 1 to
            /// [`MAX_ID_CHARS`] characters without control characters.
            ///
            /// # Errors
            ///
            /// [`InvalidId`] when the trimmed text is empty, too long or holds a control
            /// character.
            pub fn parse(raw: &str) -> Result<Self, InvalidId> {
                validate_id(raw).map(|id| Self(id.to_owned()))
            }

            /// The id as text.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = InvalidId;

            fn try_from(raw: String) -> Result<Self, Self::Error> {
                Self::parse(&raw)
            }
        }

        impl TryFrom<&str> for $name {
            type Error = InvalidId;

            fn try_from(raw: &str) -> Result<Self, Self::Error> {
                Self::parse(raw)
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }
    };
}

id_type!(
    /// The visitor's group id (`groupId`): saved products are kept per group, and a group
    /// id is checked against a list for test groups (site-core §3, §6).
    GroupId
);

id_type!(
    /// A product id in the saved and skipped lists (site-core §3 "Saved-product data").
    ProductId
);
