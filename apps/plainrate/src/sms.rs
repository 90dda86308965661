//! Text-message transports: how a text message leaves the site, chosen by configuration
//! (`--sms-transport`).
//!
//! Every text message is first recorded in the outbox ([`store::outbox`]), in the
//! transaction that counts its rate limits; the transport then takes it the rest of the
//! way:
//!
//! - [`OutboxSms`] (the default): nothing more. The outbox row is where this transport
//!   delivers; a developer or a test reads it there.
//! - [`HttpSms`]: POSTs `{"to": "+1…", "body": "…"}` as JSON to the provider's address
//!   (`--sms-http-url`) with the API key in `X-Api-Key` (`--sms-http-key`). A 2xx answer
//!   is a send; anything else, a timeout or a connection failure is a [`SmsError`].
//!
//! Phone numbers never appear in a log line whole: [`mask_phone`] keeps the last four
//! digits.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::config::{SecretText, Settings, SmsTransport as TransportSetting};

/// Longest the HTTP transport waits for the provider, well inside the request deadline
/// ([`crate::router::DATABASE_REQUEST_TIMEOUT`]).
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(8);

/// Longest the HTTP transport waits to connect to the provider.
pub const HTTP_CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// The header carrying the provider's API key.
pub const API_KEY_HEADER: &str = "x-api-key";

/// A text message on its way out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextMessage {
    /// The recipient in E.164 form (`+15551234567`).
    pub to: String,
    /// The text.
    pub body: String,
}

/// Why a transport could not send.
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// The provider could not be reached, or did not answer in time.
    #[error("the SMS provider could not be reached: {0}")]
    Unreachable(String),
    /// The provider answered with a status other than 2xx.
    #[error("the SMS provider refused the message with status {0}")]
    Refused(u16),
}

/// What [`SmsTransport::deliver`] returns.
pub type DeliverFuture<'a> = Pin<Box<dyn Future<Output = Result<(), SmsError>> + Send + 'a>>;

/// A way out for text messages already recorded in the outbox.
pub trait SmsTransport: Send + Sync {
    /// A short name for the logs (`outbox`, `http`).
    fn name(&self) -> &'static str;

    /// Takes a recorded message the rest of the way.
    fn deliver<'a>(&'a self, message: &'a TextMessage) -> DeliverFuture<'a>;
}

/// The default transport: the outbox row is the delivery.
#[derive(Debug, Clone, Copy, Default)]
pub struct OutboxSms;

impl SmsTransport for OutboxSms {
    fn name(&self) -> &'static str {
        "outbox"
    }

    fn deliver<'a>(&'a self, _message: &'a TextMessage) -> DeliverFuture<'a> {
        // The message is already in the outbox table, which is where this transport
        // delivers; there is nothing further to send.
        Box::pin(async { Ok(()) })
    }
}

/// An SMS provider reached over HTTP.
#[derive(Debug, Clone)]
pub struct HttpSms {
    client: reqwest::Client,
    url: reqwest::Url,
    key: Option<SecretText>,
}

impl HttpSms {
    /// A transport posting to `url` (http or https), with `key` in [`API_KEY_HEADER`].
    pub fn new(url: &str, key: Option<SecretText>) -> Result<Self, String> {
        let url = reqwest::Url::parse(url)
            .map_err(|err| format!("the SMS provider address is not valid: {err}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err("the SMS provider address must be http or https".to_owned());
        }
        let client = reqwest::Client::builder()
            .timeout(HTTP_TIMEOUT)
            .connect_timeout(HTTP_CONNECT_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|err| format!("the SMS client cannot be built: {err}"))?;
        Ok(Self { client, url, key })
    }
}

impl SmsTransport for HttpSms {
    fn name(&self) -> &'static str {
        "http"
    }

    fn deliver<'a>(&'a self, message: &'a TextMessage) -> DeliverFuture<'a> {
        Box::pin(async move {
            let mut request = self.client.post(self.url.clone()).json(message);
            if let Some(key) = &self.key {
                request = request.header(API_KEY_HEADER, key.expose());
            }
            let response = request
                .send()
                .await
                .map_err(|err| SmsError::Unreachable(err.without_url().to_string()))?;
            let status = response.status();
            if status.is_success() {
                Ok(())
            } else {
                Err(SmsError::Refused(status.as_u16()))
            }
        })
    }
}

/// The transport the settings choose; an error when `http` lacks a valid address.
pub fn from_settings(settings: &Settings) -> Result<Arc<dyn SmsTransport>, String> {
    match settings.sms_transport {
        TransportSetting::Outbox => Ok(Arc::new(OutboxSms)),
        TransportSetting::Http => {
            let url = settings
                .sms_http_url
                .as_deref()
                .filter(|u| !u.trim().is_empty())
                .ok_or_else(|| "--sms-transport http needs --sms-http-url".to_owned())?;
            Ok(Arc::new(HttpSms::new(url, settings.sms_http_key.clone())?))
        }
    }
}

/// A phone number as logs may show it: `***-***-` and its last four digits (fewer digits
/// than that show nothing of the number).
///
/// ```
/// assert_eq!(plainrate::sms::mask_phone("+15551234567"), "***-***-4567");
/// assert_eq!(plainrate::sms::mask_phone("(555) 123-4567"), "***-***-4567");
/// assert_eq!(plainrate::sms::mask_phone("123"), "***-***-****");
/// ```
pub fn mask_phone(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(char::is_ascii_digit).collect();
    match digits.len().checked_sub(4).and_then(|at| digits.get(at..)) {
        Some(last) if digits.len() >= 7 => format!("***-***-{}", last.iter().collect::<String>()),
        _ => "***-***-****".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masking_keeps_only_the_last_four_digits() {
        assert_eq!(mask_phone("+15551234567"), "***-***-4567");
        assert_eq!(mask_phone("5551234567"), "***-***-4567");
        assert!(!mask_phone("+15551234567").contains("555123"));
    }

    #[test]
    fn short_or_empty_numbers_show_nothing() {
        assert_eq!(mask_phone(""), "***-***-****");
        assert_eq!(mask_phone("12345"), "***-***-****");
        assert_eq!(mask_phone("no digits"), "***-***-****");
    }

    #[test]
    fn the_api_key_is_not_printed_by_debug() {
        let key: SecretText = "top-secret".parse().unwrap();
        let transport = HttpSms::new("http://127.0.0.1:9/sms", Some(key)).unwrap();
        assert!(!format!("{transport:?}").contains("top-secret"));
    }

    #[test]
    fn only_http_and_https_provider_addresses_are_accepted() {
        assert!(HttpSms::new("ftp://example.test/sms", None).is_err());
        assert!(HttpSms::new("not an address", None).is_err());
        assert!(HttpSms::new("https://sms.example.test/send", None).is_ok());
    }
}
