//! Same-site paths (site-core §2, §6; community §2): [`SameSitePath`] guards every address
//! the server may send a visitor back to (the `ref` of the light sign-up link, a rating
//! response's `redirect_url`): it accepts only a path on this site, so no redirect can
//! leave the site. [`SameSitePath::from_page_address`] turns the current page's address
//! into one (falling back to `/`).

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

use crate::{encoding::percent_decode_component, trim_base_address};

#[cfg(test)]
mod tests;

/// The site's root path, where [`SameSitePath::from_page_address`] sends a visitor back to
/// when the page's address is not on this site.
pub const ROOT_PATH: &str = "/";

/// Our limit, not the spec's: the longest [`SameSitePath`] accepted, in bytes (the
/// customary longest URL browsers and servers handle).
pub const MAX_SAME_SITE_PATH_LEN: usize = 2048;

/// Why an address was refused as a [`SameSitePath`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SameSitePathError {
    /// Nothing was given.
    #[error("path is empty")]
    Empty,
    /// The address is longer than [`MAX_SAME_SITE_PATH_LEN`] bytes.
    #[error("path is {len} bytes long, more than {MAX_SAME_SITE_PATH_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The address (or its percent-decoded form) holds a control character or whitespace.
    #[error("path contains the forbidden character {character:?}")]
    ForbiddenCharacter {
        /// The first such character.
        character: char,
    },
    /// The address does not start with `/`: it has a scheme or is relative to the page.
    #[error("path does not start with `/`")]
    NotRooted,
    /// The address (or its percent-decoded form) holds a backslash, which browsers may read
    /// as `/` (`/\evil.com`).
    #[error("path contains a backslash")]
    Backslash,
    /// The address (or its percent-decoded form) holds `//`, which at the start leaves the
    /// site (`//evil.com`).
    #[error("path contains `//`")]
    DoubleSlash,
    /// The address (or its percent-decoded form) holds `:`, the mark of a scheme.
    #[error("path contains `:`")]
    Colon,
    /// The address is not validly percent-encoded: a `%` is not followed by two hex
    /// digits, or the decoded bytes are not UTF-8 ([`percent_decode_component`] fails).
    #[error("path is not valid percent-encoded utf-8")]
    BadEncoding,
}

/// A path on this site, safe to redirect a visitor to (the light sign-up `ref`, a rating
/// response's `redirect_url`).
///
/// Accepted: a string of at most [`MAX_SAME_SITE_PATH_LEN`] bytes that starts with one
/// `/` and holds no `//`, no backslash, no `:` (so no scheme anywhere), no control
/// character and no whitespace, checked on the string as given and again after one round
/// of [`percent_decode_component`] (which must succeed: every `%` starts a `%XX` escape
/// and the bytes are UTF-8). Query and fragment are kept.
///
/// Refused, among others: `//evil.com`, `/\evil.com`, `https:evil.com`,
/// `%2F%2Fevil.com`, `/%2F%2Fevil.com`, `javascript:alert(1)`, `http://x.evil.com`,
/// `/100%`.
///
/// ```
/// use site_urls::same_site::SameSitePath;
///
/// let path = SameSitePath::parse("/answers/what-is-apr-12?qpage=2")?;
/// assert_eq!(path.as_str(), "/answers/what-is-apr-12?qpage=2");
/// assert!(SameSitePath::parse("/\\evil.com").is_err());
/// # Ok::<(), site_urls::same_site::SameSitePathError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SameSitePath(String);

impl SameSitePath {
    /// Accepts a same-site path; see the type's documentation for the rules.
    pub fn parse(raw: &str) -> Result<Self, SameSitePathError> {
        if raw.is_empty() {
            return Err(SameSitePathError::Empty);
        }
        if raw.len() > MAX_SAME_SITE_PATH_LEN {
            return Err(SameSitePathError::TooLong { len: raw.len() });
        }
        check_same_site(raw)?;
        let decoded = percent_decode_component(raw).ok_or(SameSitePathError::BadEncoding)?;
        check_same_site(&decoded)?;
        Ok(Self(raw.to_owned()))
    }

    /// The site's root, [`ROOT_PATH`].
    pub fn root() -> Self {
        Self(ROOT_PATH.to_owned())
    }

    /// The same-site path of the page at `address` on the site whose origin is
    /// `site_origin` (such as `https://example.com`): what the light sign-up `ref` holds
    /// (site-core §2 "ref={current page address}", community §2), which must never lead
    /// off the site.
    ///
    /// - An absolute address on `site_origin` is reduced to its path, query and fragment
    ///   (`/` when it has no path), which must then pass [`SameSitePath::parse`]. The
    ///   origin is compared ignoring ASCII case and trailing slashes, and must be followed
    ///   by `/`, `?`, `#` or the end (`https://example.com.evil.test` is another site).
    ///   An empty `site_origin` matches no absolute address.
    /// - Any other address is kept if it passes [`SameSitePath::parse`].
    /// - Anything else (another site, scheme or port, a relative address, an address
    ///   [`SameSitePath::parse`] refuses) gives [`SameSitePath::root`], `/`.
    ///
    /// ```
    /// use site_urls::same_site::SameSitePath;
    ///
    /// let origin = "https://example.com";
    /// let back = |address| SameSitePath::from_page_address(origin, address).into_string();
    /// assert_eq!(back("https://EXAMPLE.com/d/card?x=1#reviews"), "/d/card?x=1#reviews");
    /// assert_eq!(back("/answers/?qpage=2"), "/answers/?qpage=2");
    /// assert_eq!(back("https://example.com"), "/");
    /// assert_eq!(back("https://evil.test/d/card"), "/");
    /// assert_eq!(back("https://example.com.evil.test/"), "/");
    /// ```
    pub fn from_page_address(site_origin: &str, address: &str) -> Self {
        let origin = trim_base_address(site_origin);
        let on_site = (!origin.is_empty())
            .then(|| address.get(..origin.len()).zip(address.get(origin.len()..)))
            .flatten()
            .filter(|(head, _)| head.eq_ignore_ascii_case(origin))
            .map(|(_, rest)| rest);
        let path = match on_site {
            Some(rest) if rest.is_empty() || rest.starts_with(['?', '#']) => {
                format!("{ROOT_PATH}{rest}")
            }
            Some(rest) if rest.starts_with('/') => rest.to_owned(),
            _ => address.to_owned(),
        };
        Self::parse(&path).unwrap_or_else(|_| Self::root())
    }

    /// The path as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The path as an owned string.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// The checks a same-site path passes both as given and percent-decoded.
fn check_same_site(path: &str) -> Result<(), SameSitePathError> {
    if let Some(character) = path.chars().find(|c| c.is_control() || c.is_whitespace()) {
        return Err(SameSitePathError::ForbiddenCharacter { character });
    }
    if !path.starts_with('/') {
        return Err(SameSitePathError::NotRooted);
    }
    if path.contains('\\') {
        return Err(SameSitePathError::Backslash);
    }
    if path.contains("//") {
        return Err(SameSitePathError::DoubleSlash);
    }
    if path.contains(':') {
        return Err(SameSitePathError::Colon);
    }
    Ok(())
}

impl TryFrom<String> for SameSitePath {
    type Error = SameSitePathError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl TryFrom<&str> for SameSitePath {
    type Error = SameSitePathError;

    fn try_from(raw: &str) -> Result<Self, Self::Error> {
        Self::parse(raw)
    }
}

impl FromStr for SameSitePath {
    type Err = SameSitePathError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl From<SameSitePath> for String {
    fn from(path: SameSitePath) -> Self {
        path.0
    }
}

impl AsRef<str> for SameSitePath {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SameSitePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
