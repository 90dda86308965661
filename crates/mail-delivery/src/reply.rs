//! What a mail server's answer, or a failure to reach it, means for a message
//! (RFC 5321 §4.2.1: 2yz done, 4yz a transient failure, 5yz a permanent one).

/// Why an attempt did not deliver, as far as trying again is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Worth trying again: a 4xx answer, a connection that failed or dropped, a timeout.
    Temporary,
    /// Not worth trying again: a 5xx answer (the address or the message is refused).
    Permanent,
}

impl Failure {
    /// The failure a reply code that is not a success stands for: 5xx is permanent; 4xx,
    /// and any code outside the standard classes, is temporary (a server that answers
    /// nonsense may answer properly later).
    ///
    /// ```
    /// use mail_delivery::reply::Failure;
    /// assert_eq!(Failure::of_reply_code(421), Failure::Temporary);
    /// assert_eq!(Failure::of_reply_code(554), Failure::Permanent);
    /// ```
    pub fn of_reply_code(code: u16) -> Self {
        if (500..600).contains(&code) {
            Self::Permanent
        } else {
            Self::Temporary
        }
    }

    /// A failure to connect, a connection that dropped, or no answer in time.
    pub fn of_connection() -> Self {
        Self::Temporary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_5xx_class_is_permanent() {
        for code in 0..1000u16 {
            let expected = if (500..600).contains(&code) {
                Failure::Permanent
            } else {
                Failure::Temporary
            };
            assert_eq!(Failure::of_reply_code(code), expected, "code {code}");
        }
        assert_eq!(Failure::of_connection(), Failure::Temporary);
    }
}
