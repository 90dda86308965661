//! One Message-ID per outbox row (RFC 5322 §3.6.4). Every attempt at a row sends the same
//! one, so when a crash makes a message go twice, mail systems can drop the copy.

use std::fmt;

/// Why a Message-ID cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageIdError {
    /// The domain part is empty or holds characters a Message-ID's domain may not.
    #[error("{0:?} is not a host name a Message-ID can end with")]
    BadHost(String),
}

/// A Message-ID, `<outbox.{row}.{queued at, in milliseconds}@{host}>`. The queue time
/// keeps two databases' rows of one id apart (a test database, a restored copy).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MessageId(String);

impl MessageId {
    /// The Message-ID of outbox row `row`, queued at `queued_at_millis` (milliseconds since
    /// 1970), for a site at `host` (the host of its public address: letters, digits, `-`
    /// and `.`, as a domain name has them).
    ///
    /// ```
    /// use mail_delivery::message_id::MessageId;
    /// assert_eq!(
    ///     MessageId::for_row(7, 0, "127.0.0.1").unwrap().as_str(),
    ///     "<outbox.7.0@127.0.0.1>"
    /// );
    /// assert!(MessageId::for_row(7, 0, "a b").is_err());
    /// ```
    pub fn for_row(row: i64, queued_at_millis: i64, host: &str) -> Result<Self, MessageIdError> {
        let valid = !host.is_empty()
            && host.len() <= 253
            && !host.starts_with('.')
            && !host.ends_with('.')
            && !host.contains("..")
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        if !valid {
            return Err(MessageIdError::BadHost(host.to_owned()));
        }
        Ok(Self(format!("<outbox.{row}.{queued_at_millis}@{host}>")))
    }

    /// The header value, angle brackets included.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MessageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn one_row_has_one_id_and_two_rows_have_two(a in any::<i64>(), b in any::<i64>(), at in any::<i64>()) {
            let first = MessageId::for_row(a, at, "site.example").unwrap();
            prop_assert_eq!(&first, &MessageId::for_row(a, at, "site.example").unwrap());
            prop_assert_eq!(a == b, first == MessageId::for_row(b, at, "site.example").unwrap());
        }

        #[test]
        fn an_id_is_one_header_token_or_refused(host in ".{0,40}") {
            if let Ok(id) = MessageId::for_row(1, 1, &host) {
                let text = id.as_str();
                prop_assert!(text.starts_with('<') && text.ends_with('>'));
                prop_assert_eq!(text.matches('@').count(), 1);
                prop_assert!(text.bytes().all(|b| b.is_ascii_graphic()));
            }
        }
    }
}
