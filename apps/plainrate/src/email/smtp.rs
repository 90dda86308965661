//! The SMTP transport: turns an outbox row into an e-mail as mail clients expect it (a text
//! and an HTML part, Date, Message-ID, a From with the site's name, a DKIM signature when a
//! key is configured, and on a list e-mail the one-click unsubscribe headers of RFC 8058)
//! and hands it to the mail server over STARTTLS, TLS or, when asked
//! for, a plain connection.

use std::time::{Duration, SystemTime};

use lettre::message::dkim::{
    DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm,
    DkimSigningKey,
};
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use mail_delivery::html::html_part;
use mail_delivery::message_id::MessageId;
use mail_delivery::reply::Failure;
use mail_delivery::unsubscribe::{self, LIST_UNSUBSCRIBE, LIST_UNSUBSCRIBE_POST, ONE_CLICK};

use crate::config::{Settings, SmtpSecurity};

/// Longest one conversation with the mail server may take.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(15);

/// Why an attempt did not deliver.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SendFailure {
    /// Whether trying again may help.
    pub failure: Failure,
    /// The mail server's reply code, when it answered (none: no connection, or no answer).
    pub code: Option<u16>,
    /// What went wrong, as the outbox records it (the server's reply, or the connection
    /// error).
    pub reason: String,
}

impl SendFailure {
    fn permanent(reason: impl Into<String>) -> Self {
        Self {
            failure: Failure::Permanent,
            code: None,
            reason: reason.into(),
        }
    }
}

/// Sends outbox rows to one mail server.
pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    host: String,
    dkim: Option<DkimConfig>,
}

impl std::fmt::Debug for SmtpSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The transport holds the password; show only what is safe to log.
        f.debug_struct("SmtpSender")
            .field("from", &self.from.to_string())
            .field("host", &self.host)
            .field("dkim", &self.dkim.is_some())
            .finish()
    }
}

impl SmtpSender {
    /// The sender the `--smtp-*`, `--mail-from*` and `--dkim-*` settings describe.
    pub fn from_settings(settings: &Settings) -> Result<Self, String> {
        let host = settings
            .smtp_host
            .as_deref()
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .ok_or("--email-transport smtp needs --smtp-host (SMTP_HOST)")?;
        let port = settings
            .smtp_port
            .unwrap_or_else(|| settings.smtp_security.default_port());
        let mut builder = match settings.smtp_security {
            SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .map_err(|err| format!("--smtp-host: {err}"))?,
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .map_err(|err| format!("--smtp-host: {err}"))?,
            SmtpSecurity::Plain => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        }
        .port(port)
        .timeout(Some(SMTP_TIMEOUT));
        match (&settings.smtp_user, &settings.smtp_password) {
            (Some(user), Some(password)) => {
                builder = builder
                    .credentials(Credentials::new(user.clone(), password.expose().to_owned()));
            }
            (None, None) => {}
            _ => return Err("--smtp-user and --smtp-password go together".to_owned()),
        }
        let address = settings
            .mail_from
            .as_deref()
            .ok_or("--email-transport smtp needs --mail-from (MAIL_FROM)")?
            .parse()
            .map_err(|err| format!("--mail-from is not an e-mail address: {err}"))?;
        let from = Mailbox::new(Some(settings.mail_from_name.clone()), address);
        let dkim = match &settings.dkim_key_file {
            None => None,
            Some(file) => Some(dkim_config(settings, file, &from)?),
        };
        Ok(Self {
            transport: builder.build(),
            host: site_host(&settings.base_url),
            from,
            dkim,
        })
    }

    /// The e-mail an outbox row stands for; a permanent failure when it cannot be one (an
    /// address that is not an address).
    pub fn compose(&self, row: &store::outbox::Message) -> Result<lettre::Message, SendFailure> {
        let to: Mailbox = row
            .recipient
            .parse()
            .map_err(|err| SendFailure::permanent(format!("not an e-mail address: {err}")))?;
        let id = MessageId::for_row(row.id, row.created_at.timestamp_millis(), &self.host)
            .map_err(|err| SendFailure::permanent(err.to_string()))?;
        let mut builder = lettre::Message::builder();
        if let Some(list) = &row.list {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str(LIST_UNSUBSCRIBE),
                    unsubscribe::header_value(&list.unsubscribe_url),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str(LIST_UNSUBSCRIBE_POST),
                    ONE_CLICK.to_owned(),
                ));
        }
        let mut message = builder
            .from(self.from.clone())
            .to(to)
            .subject(row.subject.clone().unwrap_or_default())
            .message_id(Some(id.to_string()))
            .date(SystemTime::from(row.created_at))
            .multipart(MultiPart::alternative_plain_html(
                row.body.clone(),
                html_part(&row.body),
            ))
            .map_err(|err| SendFailure::permanent(err.to_string()))?;
        if let Some(dkim) = &self.dkim {
            message.sign(dkim);
        }
        Ok(message)
    }

    /// Sends one outbox row.
    pub async fn send(&self, row: &store::outbox::Message) -> Result<(), SendFailure> {
        let message = self.compose(row)?;
        match self.transport.send(message).await {
            Ok(_) => Ok(()),
            Err(err) => {
                let code = err.status().map(u16::from);
                Err(SendFailure {
                    failure: code.map_or_else(Failure::of_connection, Failure::of_reply_code),
                    code,
                    reason: err.to_string(),
                })
            }
        }
    }
}

/// The host of the site's public address, which Message-IDs end with (`localhost` for an
/// address without a domain name, such as an IPv6 literal).
fn site_host(base_url: &str) -> String {
    reqwest::Url::parse(base_url)
        .ok()
        .and_then(|url| url.host_str().map(str::to_owned))
        .filter(|host| MessageId::for_row(0, 0, host).is_ok())
        .unwrap_or_else(|| "localhost".to_owned())
}

/// Reads the DKIM key: a PKCS#1 PEM RSA key (`-----BEGIN RSA PRIVATE KEY-----`), or an
/// Ed25519 key as the base64 of its 32 bytes.
fn dkim_config(
    settings: &Settings,
    file: &std::path::Path,
    from: &Mailbox,
) -> Result<DkimConfig, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|err| format!("--dkim-key-file {}: {err}", file.display()))?;
    let algorithm = if text.contains("BEGIN RSA PRIVATE KEY") {
        DkimSigningAlgorithm::Rsa
    } else {
        DkimSigningAlgorithm::Ed25519
    };
    let key = DkimSigningKey::new(text.trim(), algorithm).map_err(|err| {
        format!(
            "--dkim-key-file {}: not a PKCS#1 PEM RSA key nor a base64 Ed25519 key: {err}",
            file.display()
        )
    })?;
    let domain = settings
        .dkim_domain
        .clone()
        .unwrap_or_else(|| from.email.domain().to_owned());
    // Relaxed for both: a relay that refolds a header or re-spaces a line does not break
    // the signature. (With simple header canonicalization, dkimpy did not verify what
    // lettre sent.) RFC 8058 asks that the signature cover the unsubscribe headers; on an
    // e-mail without them, naming them signs their absence, so none can be added later.
    let headers = [
        "From",
        "To",
        "Subject",
        "Date",
        "Message-ID",
        LIST_UNSUBSCRIBE,
        LIST_UNSUBSCRIBE_POST,
    ]
    .into_iter()
    .map(HeaderName::new_from_ascii_str)
    .collect();
    Ok(DkimConfig::new(
        settings.dkim_selector.clone(),
        domain,
        key,
        headers,
        DkimCanonicalization {
            header: DkimCanonicalizationType::Relaxed,
            body: DkimCanonicalizationType::Relaxed,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_is_not_printed_by_debug() {
        let mut settings = Settings::for_tests("sqlite::memory:");
        settings.smtp_host = Some("mail.example.test".to_owned());
        settings.smtp_user = Some("site".to_owned());
        settings.smtp_password = Some("top-secret".parse().unwrap());
        settings.mail_from = Some("no-reply@example.test".to_owned());
        let sender = SmtpSender::from_settings(&settings).unwrap();
        assert!(!format!("{sender:?}").contains("top-secret"));
    }

    #[test]
    fn a_sender_needs_a_host_and_an_address_to_send_from() {
        let mut settings = Settings::for_tests("sqlite::memory:");
        assert!(
            SmtpSender::from_settings(&settings)
                .unwrap_err()
                .contains("--smtp-host")
        );
        settings.smtp_host = Some("mail.example.test".to_owned());
        assert!(
            SmtpSender::from_settings(&settings)
                .unwrap_err()
                .contains("--mail-from")
        );
        settings.mail_from = Some("not an address".to_owned());
        assert!(
            SmtpSender::from_settings(&settings)
                .unwrap_err()
                .contains("--mail-from")
        );
    }
}
