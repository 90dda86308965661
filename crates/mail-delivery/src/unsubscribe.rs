//! One-click unsubscribe (RFC 8058): the lists of e-mail a person can leave, the token in
//! each list e-mail's link and the two headers that carry it.
//!
//! Every e-mail that is not a one-time code or link belongs to a [`List`]. Its
//! `List-Unsubscribe` header holds a link whose token names the list and the address and
//! is signed by the site (the key stays with the caller: this crate only says which bytes
//! are signed). A POST to that link, with no session and no anti-forgery token, takes the
//! address off the list: the signature is the proof that the request comes from the
//! address's mailbox, as RFC 8058 intends.
//!
//! ```
//! use mail_delivery::unsubscribe::{List, Unsubscribe};
//!
//! let leave = Unsubscribe::new(List::RateAlerts, "Ana@Example.com");
//! assert_eq!(leave.address(), "ana@example.com");
//! // The site signs `signed_bytes()` with its own key; here, a stand-in signature.
//! let token = leave.token(&[7; 16]);
//! let (read, signature) = Unsubscribe::parse(&token).unwrap();
//! assert_eq!((read, signature), (leave, vec![7; 16]));
//! assert!(Unsubscribe::parse("rate-alerts.bm90.###").is_err());
//! ```

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The header whose value is the unsubscribe link, in angle brackets.
pub const LIST_UNSUBSCRIBE: &str = "List-Unsubscribe";
/// The header that says a POST to the link unsubscribes in one click.
pub const LIST_UNSUBSCRIBE_POST: &str = "List-Unsubscribe-Post";
/// The value of [`LIST_UNSUBSCRIBE_POST`], and the body a mail client's POST carries.
pub const ONE_CLICK: &str = "List-Unsubscribe=One-Click";
/// The longest token read: an address of at most 254 characters, encoded, with the list
/// and the signature, is shorter.
pub const MAX_TOKEN_CHARS: usize = 512;

/// A kind of e-mail a person can stop receiving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum List {
    /// The digest of changes to the products and listings a member follows.
    RateAlerts,
    /// Answers to a question the person asked, and an answer of theirs accepted.
    Answers,
}

impl List {
    /// Every list.
    pub const ALL: [Self; 2] = [Self::RateAlerts, Self::Answers];

    /// The name stored and carried in tokens: `rate-alerts`, `answers`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::RateAlerts => "rate-alerts",
            Self::Answers => "answers",
        }
    }

    /// The list named `raw`, if there is one.
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|list| list.as_str() == raw)
    }

    /// What the list's e-mails are, as a sentence's object: "rate alerts".
    pub fn describe(self) -> &'static str {
        match self {
            Self::RateAlerts => "rate alerts",
            Self::Answers => "e-mails about answers to your questions",
        }
    }
}

/// Why a token is not one the site made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Longer than [`MAX_TOKEN_CHARS`].
    #[error("the token is too long")]
    TooLong,
    /// Not `list.address.signature`, or a part that does not decode.
    #[error("the token is not list.address.signature")]
    Malformed,
    /// A list the site does not have.
    #[error("the token names no list")]
    UnknownList,
}

/// One address leaving one list: what an unsubscribe token says.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unsubscribe {
    list: List,
    address: String,
}

impl Unsubscribe {
    /// `address` leaving `list`. The address is kept trimmed and in lower case, so the
    /// opt-out holds however the address was written when the e-mail was queued.
    pub fn new(list: List, address: &str) -> Self {
        Self {
            list,
            address: normalise_address(address),
        }
    }

    /// The list.
    pub fn list(&self) -> List {
        self.list
    }

    /// The address, trimmed and in lower case.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The bytes the site's signature covers: the list's name, then the address.
    pub fn signed_bytes(&self) -> [&[u8]; 2] {
        [self.list.as_str().as_bytes(), self.address.as_bytes()]
    }

    /// The token: `{list}.{address}.{signature}`, the address and the signature in
    /// URL-safe base64, so the token goes in a link as it is.
    pub fn token(&self, signature: &[u8]) -> String {
        format!(
            "{}.{}.{}",
            self.list.as_str(),
            URL_SAFE_NO_PAD.encode(&self.address),
            URL_SAFE_NO_PAD.encode(signature)
        )
    }

    /// Reads a token into what it says and the signature it carries; the caller checks
    /// the signature over [`Unsubscribe::signed_bytes`] before believing it.
    pub fn parse(token: &str) -> Result<(Self, Vec<u8>), TokenError> {
        if token.len() > MAX_TOKEN_CHARS {
            return Err(TokenError::TooLong);
        }
        let mut parts = token.split('.');
        let (Some(list), Some(address), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed);
        };
        let list = List::parse(list).ok_or(TokenError::UnknownList)?;
        let address = URL_SAFE_NO_PAD
            .decode(address)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|address| !address.is_empty() && *address == normalise_address(address))
            .ok_or(TokenError::Malformed)?;
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .ok()
            .filter(|signature| !signature.is_empty())
            .ok_or(TokenError::Malformed)?;
        Ok((Self { list, address }, signature))
    }
}

/// An address as opt-outs keep it: trimmed, in lower case.
pub fn normalise_address(address: &str) -> String {
    address.trim().to_lowercase()
}

/// The `List-Unsubscribe` header's value for the link `url`: `<url>`.
pub fn header_value(url: &str) -> String {
    format!("<{url}>")
}

/// An address as a page shows it to whoever holds the link: the first character of the
/// name, the domain whole (`a•••@example.com`). (The token itself carries the address, in
/// base64: it hides nothing from whoever holds the link, as the e-mail does not.)
pub fn masked(address: &str) -> String {
    match address.split_once('@') {
        Some((name, domain)) => {
            let first: String = name.chars().take(1).collect();
            format!("{first}•••@{domain}")
        }
        None => "•••".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn every_list_reads_back_from_its_name() {
        for list in List::ALL {
            assert_eq!(List::parse(list.as_str()), Some(list));
        }
        assert_eq!(List::parse("newsletter"), None);
    }

    #[test]
    fn a_token_with_a_part_changed_or_missing_is_refused() {
        let token = Unsubscribe::new(List::Answers, "a@example.com").token(&[1; 16]);
        assert_eq!(
            Unsubscribe::parse(&token.replacen("answers", "newsletter", 1)),
            Err(TokenError::UnknownList)
        );
        let (list, rest) = token.split_once('.').unwrap();
        let (_, signature) = rest.split_once('.').unwrap();
        for bad in [
            format!("{list}.{signature}"),
            format!("{token}.x"),
            format!("{list}..{signature}"),
            format!("{list}.{}.", URL_SAFE_NO_PAD.encode("a@example.com")),
            format!(
                "{list}.{}.{signature}",
                URL_SAFE_NO_PAD.encode("A@example.com")
            ),
            format!("{list}.%%%.{signature}"),
        ] {
            assert_eq!(
                Unsubscribe::parse(&bad),
                Err(TokenError::Malformed),
                "{bad}"
            );
        }
        assert_eq!(
            Unsubscribe::parse(&"a".repeat(MAX_TOKEN_CHARS + 1)),
            Err(TokenError::TooLong)
        );
    }

    #[test]
    fn the_page_shows_the_first_letter_and_the_domain() {
        assert_eq!(masked("ana@example.com"), "a•••@example.com");
        assert_eq!(masked("nobody"), "•••");
        assert_eq!(
            header_value("https://x.example/u?t=1"),
            "<https://x.example/u?t=1>"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_address_and_signature_read_back(address in "\\PC{1,80}", signature in proptest::collection::vec(any::<u8>(), 1..40)) {
            let leave = Unsubscribe::new(List::RateAlerts, &address);
            prop_assume!(!leave.address().is_empty());
            let token = leave.token(&signature);
            prop_assert_eq!(Unsubscribe::parse(&token), Ok((leave, signature)));
        }

        #[test]
        fn no_input_makes_parse_panic(raw in "\\PC{0,600}") {
            let _ = Unsubscribe::parse(&raw);
        }
    }
}
