//! Cookie attributes (site-core §9: "Cookies: path /, secure, domain limited to the
//! product's parent domain; expiry in days, 0 means none").
//!
//! Every cookie the site sets has path `/` and the `Secure` flag, and its domain is the
//! configured parent domain, so it is shared by the product's subdomains and never set
//! for any other site. [`cookie_domain`] checks that the host serving the page is the
//! parent domain or one of its subdomains. An expiry of 0 days makes a session cookie
//! (no `Max-Age`); 1 to [`MAX_COOKIE_EXPIRY_DAYS`] (400) days give a `Max-Age` of that
//! many days. An expiry above 400 days, the browsers' limit, is refused with
//! [`CookieExpiryError::TooLong`] (code `tooLong`), never clamped. The in-memory fallback
//! used when cookies are disabled is a browser concern and is not modelled here.
//!
//! Host names are compared in ASCII lowercase, after trimming, removing one trailing dot
//! and (for the host only) a `:port` suffix. Both names must be plain DNS names: labels
//! of 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen, at most
//! 253 characters in all. Internationalised names must be given in their `xn--` form.

use std::fmt;

use chrono::{DateTime, Days, Utc};

#[cfg(test)]
mod tests;

/// The cookie path (site-core §9: "path /").
pub const COOKIE_PATH: &str = "/";

/// Longest accepted expiry, in days: browsers keep a cookie at most 400 days
/// (RFC 6265bis) and would silently shorten a longer one, so a longer expiry is refused
/// with [`CookieExpiryError::TooLong`] rather than clamped.
pub const MAX_COOKIE_EXPIRY_DAYS: u32 = 400;

/// Longest DNS name, in characters.
const MAX_HOST_CHARS: usize = 253;

/// Longest DNS label, in characters.
const MAX_LABEL_CHARS: usize = 63;

/// Why a cookie domain cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CookieDomainError {
    /// The host is not a valid DNS name.
    #[error("host {host:?} is not a valid host name")]
    InvalidHost {
        /// The host as given.
        host: String,
    },
    /// The configured parent domain is not a valid DNS name.
    #[error("parent domain {domain:?} is not a valid domain name")]
    InvalidParentDomain {
        /// The parent domain as given.
        domain: String,
    },
    /// The host is neither the parent domain nor one of its subdomains.
    #[error("host {host:?} is outside the parent domain {parent:?}")]
    OutsideParentDomain {
        /// The normalized host.
        host: String,
        /// The normalized parent domain.
        parent: String,
    },
}

impl CookieDomainError {
    /// A stable camelCase code for the error kind, as used in the shared test vectors:
    /// `invalidHost`, `invalidParentDomain`, `outsideParentDomain`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidHost { .. } => "invalidHost",
            Self::InvalidParentDomain { .. } => "invalidParentDomain",
            Self::OutsideParentDomain { .. } => "outsideParentDomain",
        }
    }
}

/// Why a cookie expiry is not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CookieExpiryError {
    /// The expiry is longer than [`MAX_COOKIE_EXPIRY_DAYS`].
    #[error("cookie expiry of {days} days is more than {max}")]
    TooLong {
        /// The expiry asked for, in days.
        days: u32,
        /// The limit, [`MAX_COOKIE_EXPIRY_DAYS`].
        max: u32,
    },
}

impl CookieExpiryError {
    /// A stable camelCase code for the error kind, as used in the shared test vectors:
    /// `tooLong`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooLong { .. } => "tooLong",
        }
    }
}

/// Why a [`CookieSpec`] cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CookieSpecError {
    /// The domain is not acceptable.
    #[error(transparent)]
    Domain(#[from] CookieDomainError),
    /// The expiry is not acceptable.
    #[error(transparent)]
    Expiry(#[from] CookieExpiryError),
}

/// The `Domain` attribute: the configured parent domain, normalized, checked to contain
/// the serving host.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CookieDomain(String);

impl CookieDomain {
    /// The domain name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CookieDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The cookie domain for a page served from `host`, limited to `parent_domain`: the parent
/// domain itself when `host` is the parent domain or one of its subdomains.
///
/// ```
/// use visitor_state::cookies::cookie_domain;
///
/// assert_eq!(cookie_domain("www.Example.com:443", "example.com").map(|d| d.to_string()), Ok("example.com".to_owned()));
/// assert!(cookie_domain("evil-example.com", "example.com").is_err());
/// ```
///
/// # Errors
///
/// [`CookieDomainError`] when either name is not a valid DNS name, or the host is outside
/// the parent domain.
pub fn cookie_domain(host: &str, parent_domain: &str) -> Result<CookieDomain, CookieDomainError> {
    let host_name = normalize(strip_port(host)).ok_or_else(|| CookieDomainError::InvalidHost {
        host: host.to_owned(),
    })?;
    let parent =
        normalize(parent_domain).ok_or_else(|| CookieDomainError::InvalidParentDomain {
            domain: parent_domain.to_owned(),
        })?;
    let inside = host_name == parent
        || host_name
            .strip_suffix(parent.as_str())
            .is_some_and(|prefix| prefix.ends_with('.'));
    if inside {
        Ok(CookieDomain(parent))
    } else {
        Err(CookieDomainError::OutsideParentDomain {
            host: host_name,
            parent,
        })
    }
}

/// Removes a `:port` suffix (digits only) from a trimmed host.
fn strip_port(host: &str) -> &str {
    let host = host.trim();
    match host.rsplit_once(':') {
        Some((name, port))
            if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) =>
        {
            name
        }
        _ => host,
    }
}

/// Trims, removes one trailing dot, lowercases and checks a DNS name.
fn normalize(name: &str) -> Option<String> {
    let name = name.trim();
    let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
    let valid_label = |label: &str| {
        (1..=MAX_LABEL_CHARS).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let valid =
        !name.is_empty() && name.len() <= MAX_HOST_CHARS && name.split('.').all(valid_label);
    valid.then_some(name)
}

/// A cookie's lifetime in days; 0 days is a session cookie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CookieExpiry {
    days: u32,
}

impl CookieExpiry {
    /// A session cookie: no expiry (site-core §9: "0 means none").
    pub const SESSION: Self = Self { days: 0 };

    /// An expiry of `days` days; 0 is a session cookie.
    ///
    /// # Errors
    ///
    /// [`CookieExpiryError::TooLong`] above [`MAX_COOKIE_EXPIRY_DAYS`].
    pub fn from_days(days: u32) -> Result<Self, CookieExpiryError> {
        if days > MAX_COOKIE_EXPIRY_DAYS {
            Err(CookieExpiryError::TooLong {
                days,
                max: MAX_COOKIE_EXPIRY_DAYS,
            })
        } else {
            Ok(Self { days })
        }
    }

    /// The expiry in days; 0 for a session cookie.
    #[must_use]
    pub fn days(self) -> u32 {
        self.days
    }

    /// Whether this is a session cookie (no expiry).
    #[must_use]
    pub fn is_session(self) -> bool {
        self.days == 0
    }

    /// The `Max-Age` in seconds; `None` for a session cookie.
    #[must_use]
    pub fn max_age_seconds(self) -> Option<u64> {
        (!self.is_session()).then(|| u64::from(self.days) * 86_400)
    }

    /// When the cookie expires if set at `now`; `None` for a session cookie (or a date
    /// past chrono's range, which 400 days cannot reach from any realistic `now`).
    #[must_use]
    pub fn expires_at(self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if self.is_session() {
            None
        } else {
            now.checked_add_days(Days::new(u64::from(self.days)))
        }
    }
}

/// The attributes of a cookie the site sets: path `/`, `Secure`, the parent domain, and
/// an expiry in days (0: a session cookie).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CookieSpec {
    domain: CookieDomain,
    expiry: CookieExpiry,
}

impl CookieSpec {
    /// The attributes for a cookie set by a page served from `host`, with the configured
    /// `parent_domain` and an expiry of `expiry_days` (0: a session cookie).
    ///
    /// ```
    /// use visitor_state::cookies::CookieSpec;
    ///
    /// let spec = CookieSpec::new("www.example.com", "example.com", 7)?;
    /// assert_eq!(spec.attributes(), "Path=/; Domain=example.com; Max-Age=604800; Secure");
    /// let session = CookieSpec::new("example.com", "example.com", 0)?;
    /// assert_eq!(session.attributes(), "Path=/; Domain=example.com; Secure");
    /// # Ok::<(), visitor_state::cookies::CookieSpecError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CookieSpecError`] when the host is outside the parent domain, either name is
    /// invalid, or the expiry is above [`MAX_COOKIE_EXPIRY_DAYS`].
    pub fn new(host: &str, parent_domain: &str, expiry_days: u32) -> Result<Self, CookieSpecError> {
        Ok(Self {
            domain: cookie_domain(host, parent_domain)?,
            expiry: CookieExpiry::from_days(expiry_days)?,
        })
    }

    /// The path, always [`COOKIE_PATH`].
    #[must_use]
    pub fn path(&self) -> &'static str {
        COOKIE_PATH
    }

    /// Whether the cookie is `Secure`: always true.
    #[must_use]
    pub fn secure(&self) -> bool {
        true
    }

    /// The domain.
    #[must_use]
    pub fn domain(&self) -> &CookieDomain {
        &self.domain
    }

    /// The expiry.
    #[must_use]
    pub fn expiry(&self) -> CookieExpiry {
        self.expiry
    }

    /// The attributes as written after `name=value` in `Set-Cookie` or `document.cookie`:
    /// `Path=/; Domain=…; Max-Age=…; Secure`, without `Max-Age` for a session cookie.
    #[must_use]
    pub fn attributes(&self) -> String {
        let max_age = self
            .expiry
            .max_age_seconds()
            .map(|seconds| format!("; Max-Age={seconds}"))
            .unwrap_or_default();
        format!(
            "Path={}; Domain={}{max_age}; Secure",
            COOKIE_PATH, self.domain
        )
    }
}
