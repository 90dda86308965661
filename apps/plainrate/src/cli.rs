//! The command line: `serve` (default), `migrate`, `import <dir>` (which also queues the
//! alert e-mails the import calls for), and the operator
//! commands `member role`, `member delegated-session`, `outbox` ([`crate::operator`]) and
//! `backup <file>` ([`store::backup`]).

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use tracing_subscriber::EnvFilter;

use crate::config::{Cli, Command, LogFormat, MemberCommand, Settings};
use crate::listings::SharedCatalogue;
use crate::state::{AppState, Secret, random_bytes};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The address could not be bound or served.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
    /// An operator command failed.
    #[error(transparent)]
    Operator(#[from] crate::operator::OperatorError),
    /// The stored secret is not valid hex.
    #[error("the stored signing secret is not valid")]
    BadSecret,
    /// A fixture file could not be read or is not valid.
    #[error("{file}: {reason}")]
    Fixture {
        /// The file.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A setting cannot be used.
    #[error("settings: {0}")]
    Settings(String),
}

/// The community questions and answers, under the fixtures folder.
pub const COMMUNITY_FIXTURE: &str = "qna/community.json";

/// Parses the command line and runs the command.
pub async fn run() -> ExitCode {
    let cli = Cli::parse();
    let settings = cli.settings;
    let command = cli.command.unwrap_or(Command::Serve);
    let operator = matches!(
        command,
        Command::Member { .. }
            | Command::Import { .. }
            | Command::Outbox { .. }
            | Command::Backup { .. }
            | Command::UnsubscribeLink { .. }
    );
    init_tracing(settings.log_format, operator);
    let result = match command {
        Command::Serve => serve(settings).await,
        Command::Migrate => migrate(&settings).await,
        Command::Import {
            dir,
            dry_run,
            force,
            max_retired_percent,
        } => {
            let options = store::catalogue::ImportOptions {
                dry_run,
                force,
                max_retired_percent,
            };
            print(import(&settings, &dir, options).await)
        }
        Command::Member { action } => print(member(&settings, action).await),
        Command::Outbox { limit, to } => print(outbox(&settings, limit, to.as_deref()).await),
        Command::Backup { file } => print(backup(&settings, &file).await),
        Command::UnsubscribeLink { list, address } => {
            print(unsubscribe_link(&settings, &list, &address).await)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if operator => {
            let _ = writeln!(std::io::stderr().lock(), "plainrate: {err}");
            ExitCode::FAILURE
        }
        Err(err) => {
            tracing::error!(%err, "stopped");
            ExitCode::FAILURE
        }
    }
}

/// Logs go to standard output, from `info` up; for the operator commands, whose answer
/// is standard output, they go to standard error, from `warn` up (`RUST_LOG` overrides
/// the level).
fn init_tracing(format: LogFormat, operator: bool) {
    let default = if operator { "warn" } else { "info" };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    crate::middleware::log_every_request(format == LogFormat::Json && !operator);
    let _ = match (format, operator) {
        (LogFormat::Text, false) => builder.try_init(),
        (LogFormat::Json, false) => builder.json().try_init(),
        (LogFormat::Text, true) => builder.with_writer(std::io::stderr).try_init(),
        (LogFormat::Json, true) => builder.json().with_writer(std::io::stderr).try_init(),
    };
}

/// Writes an operator command's answer to standard output.
fn print(answer: Result<String, StartupError>) -> Result<(), StartupError> {
    writeln!(std::io::stdout().lock(), "{}", answer?.trim_end())?;
    Ok(())
}

/// `plainrate member role` and `plainrate member delegated-session`.
async fn member(settings: &Settings, action: MemberCommand) -> Result<String, StartupError> {
    let db = open_database(settings).await?;
    let answer = match action {
        MemberCommand::Role { email, role } => crate::operator::set_role(&db, &email, role)
            .await
            .map(|change| change.to_string()),
        MemberCommand::DelegatedSession { email } => {
            crate::operator::delegated_session(&db, settings, &email, chrono::Utc::now())
                .await
                .map(|session| session.to_string())
        }
    };
    db.close().await.map_err(store::StoreError::from)?;
    Ok(answer?)
}

/// `plainrate outbox`.
async fn outbox(settings: &Settings, limit: u64, to: Option<&str>) -> Result<String, StartupError> {
    let db = open_database(settings).await?;
    let messages = crate::operator::outbox(&db, limit, to).await;
    db.close().await.map_err(store::StoreError::from)?;
    Ok(crate::operator::format_outbox(&messages?))
}

/// `plainrate unsubscribe-link --list LIST ADDRESS`.
async fn unsubscribe_link(
    settings: &Settings,
    list: &str,
    address: &str,
) -> Result<String, StartupError> {
    let list = mail_delivery::unsubscribe::List::parse(list)
        .ok_or_else(|| StartupError::Settings(format!("no list is named {list:?}")))?;
    let db = open_database(settings).await?;
    let secret = crate::seeding::shared_secret(&db).await;
    db.close().await.map_err(store::StoreError::from)?;
    let secret = secret.map_err(|err| StartupError::Settings(err.to_string()))?;
    Ok(crate::unsubscribe::link(
        &settings.base_url,
        &secret,
        list,
        address,
    ))
}

/// `plainrate backup FILE`.
async fn backup(settings: &Settings, file: &std::path::Path) -> Result<String, StartupError> {
    // Opened as it is: a backup changes nothing, not even the schema's version, and never
    // makes an empty database where a mistyped address points.
    if let Some(path) = sqlite_file(&settings.database_url)
        && !path.exists()
    {
        return Err(StartupError::Settings(format!(
            "no database at {}",
            path.display()
        )));
    }
    let db = store::connect(&settings.database_url, None).await?;
    let copied = store::backup::sqlite_copy(&db, file).await;
    db.close().await.map_err(store::StoreError::from)?;
    copied.map_err(|err| StartupError::Settings(err.to_string()))?;
    Ok(format!("backed up to {}", file.display()))
}

/// The file of a SQLite database address (none for PostgreSQL or an in-memory database).
fn sqlite_file(url: &str) -> Option<&std::path::Path> {
    let path = url.strip_prefix("sqlite://")?.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then(|| std::path::Path::new(path))
}

/// Creates the folder of a SQLite database file, so the default works on a fresh clone.
fn ensure_sqlite_folder(url: &str) -> Result<(), std::io::Error> {
    let Some(path) = sqlite_file(url) else {
        return Ok(());
    };
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => std::fs::create_dir_all(parent),
        _ => Ok(()),
    }
}

async fn open_database(settings: &Settings) -> Result<store::DatabaseConnection, StartupError> {
    ensure_sqlite_folder(&settings.database_url)?;
    Ok(store::migration::open_migrated(&settings.database_url, None).await?)
}

async fn migrate(settings: &Settings) -> Result<(), StartupError> {
    open_database(settings).await?;
    tracing::info!("migrations applied");
    Ok(())
}

async fn import(
    settings: &Settings,
    dir: &std::path::Path,
    options: store::catalogue::ImportOptions,
) -> Result<String, StartupError> {
    // Every file is read and every offer checked before the database is opened.
    let offers = store::catalogue::read_dir(dir)?;
    let db = open_database(settings).await?;
    let imported = store::catalogue::import(&db, &offers, options, chrono::Utc::now()).await;
    // The alert e-mails the import calls for are queued at once; the server's senders
    // deliver them (and a pass on every server's catalogue watch queues any this missed).
    let alerts = match imported {
        Ok(store::catalogue::Imported {
            version: Some(_), ..
        }) => Some(queue_alerts(settings, &db).await),
        _ => None,
    };
    db.close().await.map_err(store::StoreError::from)?;
    let imported = imported?;
    Ok(match imported.version {
        Some(version) => format!(
            "imported {} offers (catalogue version {version}): {}{}",
            offers.len(),
            imported.plan,
            match alerts {
                Some(Ok(queued)) => format!("\nalert e-mails queued: {queued}"),
                Some(Err(err)) =>
                    format!("\nalert e-mails not queued yet ({err}); the server queues them"),
                None => String::new(),
            }
        ),
        None => format!("dry run, nothing written: {}", imported.plan),
    })
}

/// Queues the alert e-mails due now ([`crate::alerts::digest::queue_due`]).
async fn queue_alerts(
    settings: &Settings,
    db: &store::DatabaseConnection,
) -> Result<usize, String> {
    // No member waits for an e-mail (a new site has none): nothing to sign.
    let now = chrono::Utc::now();
    let version = store::meta::catalogue_version(db)
        .await
        .map_err(|err| err.to_string())?;
    if store::alerts::due(db, version, now)
        .await
        .map_err(|err| err.to_string())?
        .is_empty()
    {
        return Ok(0);
    }
    let secret = crate::seeding::shared_secret(db)
        .await
        .map_err(|err| err.to_string())?;
    let links = crate::alerts::digest::Links {
        base_url: &settings.base_url,
        secret: &secret,
    };
    crate::alerts::digest::queue_due(db, links, now)
        .await
        .map_err(|err| err.to_string())
}

/// Loads the community questions and answers ([`COMMUNITY_FIXTURE`] under
/// `fixtures_dir`) when the question-and-answer area has no category yet; whether it
/// loaded them. A missing file is logged and skipped; an unreadable or invalid one is
/// [`StartupError::Fixture`], naming the file.
pub async fn load_community_fixture(
    db: &store::DatabaseConnection,
    fixtures_dir: &std::path::Path,
) -> Result<bool, StartupError> {
    if !store::qna::categories(db).await?.is_empty() {
        return Ok(false);
    }
    let file = fixtures_dir.join(COMMUNITY_FIXTURE);
    let fixture_error = |reason: String| StartupError::Fixture {
        file: file.display().to_string(),
        reason,
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(file = %file.display(), "no community questions and answers; the area starts empty");
            return Ok(false);
        }
        Err(err) => return Err(fixture_error(format!("cannot read: {err}"))),
    };
    let fixture: store::qna::CommunityFixture =
        serde_json::from_str(&text).map_err(|err| fixture_error(err.to_string()))?;
    let loaded = match store::qna::load_community(
        db,
        &fixture,
        qna_validation::links::question_slug,
    )
    .await
    {
        Ok(loaded) => loaded,
        Err(store::StoreError::Fixture(reason)) => return Err(fixture_error(reason)),
        Err(err) => return Err(err.into()),
    };
    if loaded {
        tracing::info!(
            categories = fixture.categories.len(),
            questions = fixture.questions.len(),
            "empty question-and-answer area filled from the fixtures"
        );
    }
    Ok(loaded)
}

impl AppState {
    /// Opens the database (migrating it, filling an empty catalogue from the fixtures and
    /// an empty question-and-answer area from [`COMMUNITY_FIXTURE`]), loads the shared secret, builds the catalogue view and reads the built frontend and
    /// the content pages.
    pub async fn open(settings: Settings) -> Result<Self, StartupError> {
        let db = open_database(&settings).await?;
        if store::catalogue::is_empty(&db).await? {
            let dir = settings.fixtures_dir.join("catalogue");
            let count = store::catalogue::import_dir(&db, &dir).await?;
            tracing::info!(count, "empty catalogue filled from the fixtures");
        }
        load_community_fixture(&db, &settings.fixtures_dir).await?;
        Self::with_database(settings, db).await
    }

    /// Builds the state over an open, migrated database, reading the built frontend
    /// (`ASSETS_DIR`), and the content pages, the experts gallery and the large-bank list
    /// (`FIXTURES_DIR`), and choosing the text-message transport.
    pub async fn with_database(
        settings: Settings,
        db: store::DatabaseConnection,
    ) -> Result<Self, StartupError> {
        let secret_hex = store::meta::get_or_init(&db, store::meta::SECRET_KEY, || {
            hex::encode(random_bytes::<32>())
        })
        .await?;
        let secret = hex::decode(secret_hex).map_err(|_| StartupError::BadSecret)?;
        let catalogue =
            SharedCatalogue::new(crate::listings::load_large_banks(&settings.fixtures_dir));
        catalogue.refresh(&db).await?;
        let tracking = crate::tracking::Tracker::start(db.clone());
        let votes = crate::ratings::writer::VoteWriter::start(db.clone());
        let site = crate::pages::Site::load(&settings);
        let experts = crate::community_extras::experts::Gallery::load(&settings.fixtures_dir);
        let sms = crate::sms::from_settings(&settings).map_err(StartupError::Settings)?;
        tracing::info!(transport = sms.name(), "text messages");
        let mail =
            crate::email::Mailer::start(db.clone(), &settings).map_err(StartupError::Settings)?;
        tracing::info!(transport = mail.name(), "e-mail");
        Ok(Self::new(crate::state::Shared {
            site,
            experts,
            sms,
            mail,
            settings: Arc::new(settings),
            tracking,
            votes,
            question_counts: Default::default(),
            db,
            secret: Arc::new(Secret::new(secret)),
            catalogue,
        }))
    }
}

/// Logs the database's durability settings and refuses to serve member data with ones
/// that could lose acknowledged writes, unless the operator allows it for a test database.
async fn check_durability(state: &AppState) -> Result<(), StartupError> {
    let described = store::describe_durability(&state.db).await?;
    tracing::info!(durability = %described, "database open");
    if let Some(risky) = durability_verdict(&described, state.settings.allow_unsafe_durability)? {
        tracing::warn!(settings = %risky, "serving with durability settings that can lose acknowledged writes");
    }
    Ok(())
}

/// The verdict on the described settings: fine (`None`), allowed although unsafe (the
/// unsafe settings, to warn about), or refused.
fn durability_verdict(described: &str, allow_unsafe: bool) -> Result<Option<String>, StartupError> {
    let risky = store::unsafe_durability(described);
    if risky.is_empty() {
        return Ok(None);
    }
    if allow_unsafe {
        return Ok(Some(risky.join(" ")));
    }
    Err(StartupError::Settings(format!(
        "the database runs with {}, which can lose acknowledged member writes on a crash; \
         fix the database's settings, or set ALLOW_UNSAFE_DURABILITY=1 for a throw-away test database",
        risky.join(" ")
    )))
}

async fn serve(settings: Settings) -> Result<(), StartupError> {
    let started = Instant::now();
    let bind = settings.bind;
    let poll = Duration::from_secs(settings.catalogue_poll_secs.max(1));
    let threads = crate::listen::thread_count(settings.serve_threads);
    let metrics = settings.metrics_bind;
    if metrics.is_some() {
        // Before the state, so the first catalogue build is counted too.
        crate::telemetry::install().map_err(StartupError::Settings)?;
    }
    let state = AppState::open(settings).await?;
    check_durability(&state).await?;
    if let Some(addr) = metrics {
        crate::telemetry::serve(state.clone(), addr).await?;
    }
    spawn_catalogue_watch(state.clone(), poll);
    // Views still queued when the server stops are stored before it exits.
    let tracking = state.tracking.clone();
    let app = crate::router::build(state);
    let listener = tokio::net::TcpListener::bind(bind).await?.into_std()?;
    tracing::info!(address = %bind, threads, startup_ms = started.elapsed().as_millis() as u64, "listening; open http://{bind}/");
    let drain = async move {
        if !tracking.flush().await {
            tracing::warn!("queued tracking events could not be stored at shutdown");
        }
    };
    crate::listen::serve(listener, app, threads, shutdown_signal(), drain).await?;
    Ok(())
}

/// Rebuilds the catalogue view when another process changed the data.
fn spawn_catalogue_watch(state: AppState, every: Duration) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.tick().await;
        loop {
            tick.tick().await;
            match state.catalogue.refresh(&state.db).await {
                Ok(true) => tracing::info!("catalogue rebuilt"),
                Ok(false) => {}
                Err(err) => tracing::warn!(%err, "catalogue refresh failed"),
            }
            // Alert e-mails an import left unqueued (its command stopped) or that waited
            // for a weekly member's week.
            let links = crate::alerts::digest::Links {
                base_url: &state.settings.base_url,
                secret: &state.secret,
            };
            match crate::alerts::digest::queue_due(&state.db, links, chrono::Utc::now()).await {
                Ok(0) => {}
                Ok(queued) => {
                    tracing::info!(queued, "alert e-mails queued");
                    state.mail.wake();
                }
                Err(err) => tracing::warn!(%err, "alert e-mails could not be queued"),
            }
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

#[cfg(test)]
mod durability_tests {
    use super::durability_verdict;

    #[test]
    fn unsafe_durability_refuses_to_start_unless_allowed() {
        assert!(matches!(
            durability_verdict("journal_mode=wal synchronous=2 foreign_keys=1", false),
            Ok(None)
        ));
        let refused =
            durability_verdict("fsync=off synchronous_commit=on full_page_writes=on", false);
        assert!(
            matches!(&refused, Err(super::StartupError::Settings(m)) if m.contains("fsync=off") && m.contains("ALLOW_UNSAFE_DURABILITY")),
            "{refused:?}"
        );
        assert!(matches!(
            durability_verdict("journal_mode=memory synchronous=0", true),
            Ok(Some(s)) if s == "journal_mode=memory synchronous=0"
        ));
    }
}
