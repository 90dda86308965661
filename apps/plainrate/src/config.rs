//! Every setting of the server, from flags or the environment (`plainrate --help`).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The site server.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "plainrate",
    version,
    about = "Serve the consumer-finance comparison site"
)]
pub struct Cli {
    /// What to do (default: serve).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Settings shared by every command.
    #[command(flatten)]
    pub settings: Settings,
}

/// The subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Serve the site (creates, migrates and fills an empty database first).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Import a catalogue folder (like `fixtures/catalogue`) into the live catalogue, in one
    /// transaction, and print what changed: offers added, retired (gone from the folder),
    /// restored, and each changed offer's fields, old and new. A running site picks it up.
    Import {
        /// Folder holding the catalogue JSON files.
        dir: PathBuf,
        /// Print what would change and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Import even when the folder would retire more than --max-retired-percent of the
        /// catalogue.
        #[arg(long)]
        force: bool,
        /// The share of the catalogue, in percent, an import may retire unless forced.
        #[arg(long, default_value_t = catalogue::refresh::DEFAULT_MAX_RETIRED_PERCENT, value_parser = clap::value_parser!(u32).range(0..=100))]
        max_retired_percent: u32,
    },
    /// Manage a member: set the role, open a read-only session for support staff.
    Member {
        /// What to do.
        #[command(subcommand)]
        action: MemberCommand,
    },
    /// Write a consistent copy of the live SQLite database to FILE (a new file), which
    /// `plainrate serve --database-url sqlite://FILE` can start from.
    Backup {
        /// The file to write; it must not exist yet.
        file: PathBuf,
    },
    /// Print the one-click unsubscribe link of an address on a list (for a person who asks
    /// to stop e-mails another way; following it takes the address off the list).
    UnsubscribeLink {
        /// The list: rate-alerts or answers.
        #[arg(long)]
        list: String,
        /// The e-mail address.
        address: String,
    },
    /// Print the newest outbox messages (e-mailed sign-in links and codes), newest first.
    Outbox {
        /// How many messages to print.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        limit: u64,
        /// Only messages to this e-mail address or phone number.
        #[arg(long)]
        to: Option<String>,
    },
}

/// The `member` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum MemberCommand {
    /// Set a member's role in the question-and-answer area.
    Role {
        /// The member's e-mail address.
        email: String,
        /// The new role.
        #[arg(value_parser = role_parser())]
        role: store::members::Role,
    },
    /// Open a delegated (read-only) session on a member's account, for support staff,
    /// and print the cookie to set.
    DelegatedSession {
        /// The member's e-mail address.
        email: String,
    },
}

/// Parses `member`, `staff` or `moderator` (and lists them in `--help`).
fn role_parser() -> impl clap::builder::TypedValueParser<Value = store::members::Role> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["member", "staff", "moderator"])
        .map(|key| store::members::Role::from_key(&key).unwrap_or_default())
}

/// Where e-mails go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Transport {
    /// Stored in the outbox table, where a developer or a test reads them.
    #[default]
    Outbox,
    /// Sent to a mail server (`--smtp-host` and the other `--smtp-*` settings) by a
    /// background sender; the outbox row records each attempt.
    Smtp,
}

/// How the connection to the mail server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SmtpSecurity {
    /// A plain connection upgraded with STARTTLS, which must succeed (port 587 by default).
    #[default]
    Starttls,
    /// TLS from the first byte (port 465 by default).
    Tls,
    /// No encryption at all (port 25 by default): only for a server on the same machine or
    /// network, and only when asked for.
    Plain,
}

impl SmtpSecurity {
    /// The usual port for this kind of connection.
    pub fn default_port(self) -> u16 {
        match self {
            Self::Starttls => 587,
            Self::Tls => 465,
            Self::Plain => 25,
        }
    }
}

/// Where text messages go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SmsTransport {
    /// Stored in the outbox table, where a developer or a test reads them.
    #[default]
    Outbox,
    /// Posted to an SMS provider (`--sms-http-url`, `--sms-http-key`); each message is
    /// also recorded in the outbox.
    Http,
}

/// A secret setting: readable by the code, never printed by `Debug` (settings may be
/// logged).
#[derive(Clone, PartialEq, Eq)]
pub struct SecretText(String);

impl SecretText {
    /// The secret itself.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SecretText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretText(…)")
    }
}

impl std::str::FromStr for SecretText {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self(s.to_owned()))
    }
}

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// Settings shared by every command.
#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address to listen on.
    #[arg(
        long = "bind",
        env = "BIND_ADDR",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: SocketAddr,
    /// Database URL; by default a SQLite file under `data/`, created on first start.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://data/plainrate.sqlite?mode=rwc",
        global = true
    )]
    pub database_url: String,
    /// The public base URL of the site, used in absolute links.
    #[arg(
        long,
        env = "PUBLIC_BASE_URL",
        default_value = "http://127.0.0.1:8080",
        global = true
    )]
    pub base_url: String,
    /// Cookie domain (the product's parent domain); none means host-only cookies.
    #[arg(long, env = "COOKIE_DOMAIN", global = true)]
    pub cookie_domain: Option<String>,
    /// Mark cookies `Secure` (turn off only for plain-HTTP local development).
    #[arg(long, env = "SECURE_COOKIES", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub secure_cookies: bool,
    /// Start even when the database's durability settings could lose acknowledged member
    /// writes on a crash (for throw-away test databases only).
    #[arg(long, env = "ALLOW_UNSAFE_DURABILITY", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub allow_unsafe_durability: bool,
    /// Answer every API call with the maintenance flag.
    #[arg(long, env = "MAINTENANCE", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub maintenance: bool,
    /// Client addresses whose API calls are refused with `apiblocked` (comma-separated).
    #[arg(long, env = "BLOCKED_CLIENTS", value_delimiter = ',', global = true)]
    pub blocked_clients: Vec<IpAddr>,
    /// Address of a reverse proxy whose `X-Forwarded-For` is trusted (comma-separated).
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',', global = true)]
    pub trusted_proxies: Vec<IpAddr>,
    /// Where text messages go.
    #[arg(long, env = "SMS_TRANSPORT", value_enum, default_value_t = SmsTransport::Outbox, global = true)]
    pub sms_transport: SmsTransport,
    /// The SMS provider's address, for `--sms-transport http`: each message is POSTed
    /// there as JSON `{"to": "+1…", "body": "…"}`.
    #[arg(long, env = "SMS_HTTP_URL", global = true)]
    pub sms_http_url: Option<String>,
    /// The SMS provider's API key, sent in the `X-Api-Key` header.
    #[arg(long, env = "SMS_HTTP_KEY", hide_env_values = true, global = true)]
    pub sms_http_key: Option<SecretText>,
    /// The app's App Store page, sent by `download_app`. Unset: the site offers no App
    /// Store link (there is no app until an operator names its store pages).
    #[arg(long, env = "APP_STORE_URL", global = true)]
    pub app_store_url: Option<String>,
    /// The app's Google Play page, sent by `download_app`. Unset: no Google Play link.
    #[arg(long, env = "PLAY_STORE_URL", global = true)]
    pub play_store_url: Option<String>,
    /// Where e-mails go.
    #[arg(long, env = "EMAIL_TRANSPORT", value_enum, default_value_t = Transport::Outbox, global = true)]
    pub email_transport: Transport,
    /// The mail server's host name, for `--email-transport smtp`.
    #[arg(long, env = "SMTP_HOST", global = true)]
    pub smtp_host: Option<String>,
    /// The mail server's port (default: 587 with STARTTLS, 465 with TLS, 25 plain).
    #[arg(long, env = "SMTP_PORT", global = true)]
    pub smtp_port: Option<u16>,
    /// How the connection to the mail server is protected.
    #[arg(long, env = "SMTP_SECURITY", value_enum, default_value_t = SmtpSecurity::Starttls, global = true)]
    pub smtp_security: SmtpSecurity,
    /// The user name to log in to the mail server with (none: no login).
    #[arg(long, env = "SMTP_USER", global = true)]
    pub smtp_user: Option<String>,
    /// The password to log in to the mail server with.
    #[arg(long, env = "SMTP_PASSWORD", hide_env_values = true, global = true)]
    pub smtp_password: Option<SecretText>,
    /// The address e-mails come from, for `--email-transport smtp`
    /// (`no-reply@plainrate.example`).
    #[arg(long, env = "MAIL_FROM", global = true)]
    pub mail_from: Option<String>,
    /// The name shown beside the sender's address.
    #[arg(long, env = "MAIL_FROM_NAME", default_value = crate::pages::render::SITE_NAME, global = true)]
    pub mail_from_name: String,
    /// The private key e-mails are DKIM-signed with: an RSA key in PKCS#1 PEM
    /// (`-----BEGIN RSA PRIVATE KEY-----`) or an Ed25519 key as the base64 of its 32 bytes;
    /// none: e-mails go unsigned.
    #[arg(long, env = "DKIM_KEY_FILE", global = true)]
    pub dkim_key_file: Option<PathBuf>,
    /// The DKIM selector, whose DNS record holds the public key (`<selector>._domainkey.<domain>`).
    #[arg(
        long,
        env = "DKIM_SELECTOR",
        default_value = "plainrate",
        global = true
    )]
    pub dkim_selector: String,
    /// The DKIM signing domain (default: the domain of `--mail-from`).
    #[arg(long, env = "DKIM_DOMAIN", global = true)]
    pub dkim_domain: Option<String>,
    /// Seconds between the sender's looks for e-mails that other instances queued or
    /// that are due for another attempt (this instance's own wake the sender at once).
    #[arg(long, env = "EMAIL_POLL_SECS", default_value_t = 2, global = true)]
    pub email_poll_secs: u64,
    /// Seconds a sender holds the e-mails it took before another sender may take them: a
    /// sender that crashed leaves its e-mails to others after this long.
    #[arg(long, env = "EMAIL_CLAIM_SECS", default_value_t = 120, value_parser = clap::value_parser!(u64).range(5..=3600), global = true)]
    pub email_claim_secs: u64,
    /// Folder of fixtures loaded into an empty database on first start.
    #[arg(long, env = "FIXTURES_DIR", default_value = "fixtures", global = true)]
    pub fixtures_dir: PathBuf,
    /// Folder of the built frontend (`index.html`, `assets/`, `favicon.svg`), read into
    /// memory at start-up. When it or its `index.html` is missing the server still starts,
    /// and pages say that the frontend is not built.
    #[arg(
        long,
        env = "ASSETS_DIR",
        default_value = "frontend/dist",
        global = true
    )]
    pub assets_dir: PathBuf,
    /// Seconds between checks for a changed catalogue or changed member vote totals: the
    /// most a vote waits before every cached read shows it.
    #[arg(long, env = "CATALOGUE_POLL_SECS", default_value_t = 2, global = true)]
    pub catalogue_poll_secs: u64,
    /// Threads answering connections, each with an event loop of its own (0: one per CPU
    /// core).
    #[arg(long, env = "SERVE_THREADS", default_value_t = 0, global = true)]
    pub serve_threads: usize,
    /// Address of the metrics listener (`GET /metrics`, Prometheus text format), apart from
    /// the site's so visitors cannot read it; none: no metrics.
    #[arg(long, env = "METRICS_BIND", global = true)]
    pub metrics_bind: Option<SocketAddr>,
    /// Log format.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,
}

impl Settings {
    /// Settings for tests: defaults, with the given database.
    pub fn for_tests(database_url: &str) -> Self {
        let mut settings = Cli::parse_from(["plainrate"]).settings;
        settings.database_url = database_url.to_owned();
        settings
    }
}
