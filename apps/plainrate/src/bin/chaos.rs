//! The crash harness (`just chaos`): members vote, ask, answer and ask for sign-in links at
//! once against the real server while it is killed with SIGKILL at random moments and
//! started again on the same database. At the end every write the server acknowledged (a
//! 200 with a success body) must be in the database, and the database must be intact:
//! SQLite's integrity and foreign-key checks pass, and every vote total equals a recount of
//! its votes.
//!
//! The server sends its e-mail over SMTP to a real server (`scripts/smtp_sink.py`, from
//! `just smtp-venv`), so kills land while e-mails are being sent. After each kill the
//! harness notes the e-mails the dead server had claimed and not yet recorded (the rows in
//! flight); at the end every committed e-mail must have been received at least once, and
//! one received twice must have come with its one Message-ID and been in flight at a kill.
//!
//! A killed process is not a power cut: what the process wrote before it died stays in the
//! operating system's cache. The harness finds writes acknowledged before they committed,
//! and damage a torn request leaves; that the database syncs to disk is the start-up
//! check's business (it refuses settings that would not).
//!
//! Settings (environment): `CHAOS_CYCLES` kills (default 6), `CHAOS_MEMBERS` concurrent
//! members (default 16), `CHAOS_SEED` (default: the time), `CHAOS_DATABASE_URL` (default:
//! a fresh SQLite file; with a PostgreSQL URL the run makes a schema of its own there). The server binary is
//! the `plainrate` beside this one. Exits non-zero when anything acknowledged is missing.
//! `CHAOS_SABOTAGE=1` checks the checker: it removes one acknowledged vote before the
//! check, and succeeds only when the check reports it lost.
//! Not part of the site.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use tokio::sync::Mutex;

type Error = Box<dyn std::error::Error + Send + Sync>;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("chaos: {err}");
            ExitCode::FAILURE
        }
    }
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The server process, started and killed on one database.
struct Server {
    /// The SMTP server e-mail goes to.
    smtp_port: u16,
    binary: PathBuf,
    database_url: String,
    base: String,
    port: u16,
    log: PathBuf,
    child: Option<Child>,
    http: reqwest::Client,
}

impl Server {
    async fn start(&mut self) -> Result<(), Error> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)?;
        let child = Command::new(&self.binary)
            .arg("serve")
            .env("BIND_ADDR", format!("127.0.0.1:{}", self.port))
            .env("DATABASE_URL", &self.database_url)
            .env("PUBLIC_BASE_URL", &self.base)
            .env("SECURE_COOKIES", "false")
            // Each member writes from an address of its own (X-Forwarded-For), so the
            // per-address limits do not stop them all at once.
            .env("TRUSTED_PROXIES", "127.0.0.1")
            .env("LOG_FORMAT", "text")
            .env("RUST_LOG", "error")
            .env("EMAIL_TRANSPORT", "smtp")
            .env("SMTP_HOST", "127.0.0.1")
            .env("SMTP_PORT", self.smtp_port.to_string())
            .env("SMTP_SECURITY", "plain")
            .env("MAIL_FROM", "no-reply@example.test")
            .env("EMAIL_POLL_SECS", "1")
            // A killed sender's claims run out soon, so its e-mails go in this short run.
            .env("EMAIL_CLAIM_SECS", "5")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()?;
        self.child = Some(child);
        for _ in 0..600 {
            if let Ok(r) = self.http.get(format!("{}/healthz", self.base)).send().await
                && r.status().is_success()
            {
                return Ok(());
            }
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                return Err(format!(
                    "the server exited with {status} (log: {})",
                    self.log.display()
                )
                .into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Err("the server did not start in 60 s".into())
    }

    /// SIGKILL: no shutdown, no flush, as a power cut looks to the process.
    fn kill(&mut self) -> Result<(), Error> {
        if let Some(mut child) = self.child.take() {
            child.kill()?;
            child.wait()?;
        }
        Ok(())
    }
}

/// What became of one vote sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// A 200 with a success body: it must be in the database.
    Acknowledged,
    /// Refused by the server (4xx, 429): by its word, nothing was written.
    Refused,
    /// Sent, but no answer came (the server died) or a 5xx: it may or may not be there.
    Unknown,
}

/// One member's writes and what the server said to each.
#[derive(Default)]
struct Ledger {
    /// Per product, every stars value that reached the server, in order, with its fate.
    votes: HashMap<String, Vec<(u8, Fate)>>,
    /// Ids of questions the server said it published.
    questions: Vec<i64>,
    /// Ids of answers the server said it saved.
    answers: Vec<i64>,
    /// Requests that failed because the server was down (or answered 5xx).
    unanswered: u64,
    /// Requests refused by a rate limit.
    limited: u64,
    /// Addresses the server said it sent a sign-in link to.
    links: Vec<String>,
}

/// A seeded member: their session cookie and the anti-forgery headers bound to it.
struct Member {
    id: i64,
    address: String,
    cookie: String,
    window: String,
    token: String,
}

async fn run() -> Result<bool, Error> {
    let cycles = setting("CHAOS_CYCLES", 6);
    let members = usize::try_from(setting("CHAOS_MEMBERS", 16))?;
    let seed = setting(
        "CHAOS_SEED",
        u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(1),
    );
    let dir = std::env::temp_dir().join(format!("plainrate-chaos-{}-{seed}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let (database_url, schema) = match std::env::var("CHAOS_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => {
            // A schema of its own on the server, dropped at the end of a clean run.
            let schema = format!("chaos_{}_{seed}", std::process::id());
            let admin = store::connect(&url, None).await?;
            admin
                .execute_unprepared(&format!("CREATE SCHEMA \"{schema}\""))
                .await?;
            admin.close().await?;
            let join = if url.contains('?') { '&' } else { '?' };
            (
                format!("{url}{join}options=-c%20search_path%3D{schema}"),
                Some((url, schema)),
            )
        }
        Ok(url) => (url, None),
        Err(_) => (
            format!("sqlite://{}?mode=rwc", dir.join("site.sqlite").display()),
            None,
        ),
    };
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.local_addr()?.port()
    };
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()?;
    let sink = SmtpSink::start(&dir.join("mail"))?;
    let mut server = Server {
        smtp_port: sink.port,
        binary: std::env::current_exe()?.with_file_name("plainrate"),
        database_url: database_url.clone(),
        base: format!("http://127.0.0.1:{port}"),
        port,
        log: dir.join("server.log"),
        child: None,
        http: http.clone(),
    };
    eprintln!(
        "chaos: seed {seed}, {cycles} kills, {members} members, log {}",
        server.log.display()
    );
    server.start().await?;
    let db = store::connect(&database_url, None).await?;
    let products = product_ids(&http, &server.base).await?;
    let (category, fixture_questions) = community(&db).await?;
    let seeded = seed_members(&db, &http, &server.base, members).await?;
    // Nothing of the harness stays open on the database while the server is killed.
    db.close().await?;

    let stop = Arc::new(AtomicBool::new(false));
    let known_questions = Arc::new(Mutex::new(fixture_questions));
    let mut workers = Vec::new();
    for (n, member) in seeded.into_iter().enumerate() {
        let context = Worker {
            http: http.clone(),
            base: server.base.clone(),
            member,
            products: products.clone(),
            category,
            questions: Arc::clone(&known_questions),
            stop: Arc::clone(&stop),
            rng: StdRng::seed_from_u64(seed.wrapping_add(n as u64)),
        };
        workers.push(tokio::spawn(context.work()));
    }

    let mut rng = StdRng::seed_from_u64(seed);
    let mut in_flight = Vec::new();
    for cycle in 1..=cycles {
        tokio::time::sleep(Duration::from_millis(rng.random_range(300..1500))).await;
        server.kill()?;
        let claimed = claimed_emails(&database_url).await?;
        eprintln!(
            "chaos: kill {cycle} of {cycles}, {} e-mails in flight",
            claimed.len()
        );
        in_flight.push(claimed);
        server.start().await?;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    // Kill while the last requests may still be in flight, then check the files as the
    // crash left them.
    server.kill()?;
    in_flight.push(claimed_emails(&database_url).await?);
    let mut ledgers = Vec::new();
    for worker in workers {
        ledgers.push(worker.await?);
    }
    let db = store::connect(&database_url, None).await?;
    let sabotage = std::env::var("CHAOS_SABOTAGE").is_ok_and(|v| v == "1");
    if sabotage {
        sabotage_one_vote(&db, &ledgers).await?;
    }
    let found = verify(&db, &ledgers).await?;
    let verdict = if sabotage {
        // The check must report the changed vote as lost, and nothing else.
        let caught = found.lost == 1 && !found.damaged && found.checked_each_kind;
        eprintln!(
            "chaos: sabotage {}",
            if caught { "detected" } else { "MISSED" }
        );
        caught
    } else {
        found.clean()
    };
    // And the server still starts on what the crash left, and sends what is left to send.
    server.start().await?;
    let mail = verify_mail(&db, &ledgers, &sink, &in_flight).await?;
    server.kill()?;
    db.close().await?;
    let verdict = verdict && (sabotage || mail);
    if verdict {
        let _ = std::fs::remove_dir_all(&dir);
        if let Some((url, schema)) = schema {
            let admin = store::connect(&url, None).await?;
            admin
                .execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE"))
                .await?;
            admin.close().await?;
        }
    }
    Ok(verdict)
}

/// Ids of products members can rate (not institutions), from the public feed.
async fn product_ids(http: &reqwest::Client, base: &str) -> Result<Vec<String>, Error> {
    let feed: serde_json::Value = http
        .get(format!("{base}/api/feed"))
        .send()
        .await?
        .json()
        .await?;
    let ids: Vec<String> = feed
        .get("products")
        .and_then(serde_json::Value::as_array)
        .ok_or("the feed has no products")?
        .iter()
        .filter(|p| p["productType"] != "institution")
        .filter_map(|p| p["id"].as_str().map(str::to_owned))
        .take(40)
        .collect();
    if ids.is_empty() {
        return Err("no products to rate".into());
    }
    Ok(ids)
}

async fn scalar_ids(db: &DatabaseConnection, sql: &str) -> Result<Vec<i64>, Error> {
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            sql.to_owned(),
        ))
        .await?;
    Ok(rows
        .iter()
        .map(|row| row.try_get_by_index::<i64>(0))
        .collect::<Result<_, _>>()?)
}

/// A category to ask in and the questions the fixtures loaded (to answer).
async fn community(db: &DatabaseConnection) -> Result<(i64, Vec<i64>), Error> {
    let category = *scalar_ids(db, "SELECT id FROM qna_categories ORDER BY id LIMIT 1")
        .await?
        .first()
        .ok_or("no question category")?;
    let questions = scalar_ids(db, "SELECT id FROM qna_questions ORDER BY id LIMIT 30").await?;
    Ok((category, questions))
}

/// Members with a session each, made in the database (as the vote benchmark does), and a
/// window id from the server.
async fn seed_members(
    db: &DatabaseConnection,
    http: &reqwest::Client,
    base: &str,
    count: usize,
) -> Result<Vec<Member>, Error> {
    let secret = plainrate::seeding::shared_secret(db).await?;
    let window: serde_json::Value = http
        .get(format!("{base}/sid.php"))
        .send()
        .await?
        .json()
        .await?;
    let window = window
        .get("__whid")
        .and_then(serde_json::Value::as_str)
        .ok_or("no window id")?
        .to_owned();
    let run = chrono::Utc::now().timestamp_millis();
    let mut out = Vec::new();
    for n in 0..count {
        let email = format!("chaos-{run}-{n}@example.invalid");
        let name = Some(format!("Chaos member {n}"));
        let member = plainrate::seeding::seeded_member(db, &secret, email, name).await?;
        out.push(Member {
            id: member.id,
            address: format!("10.77.{}.{}", n / 250, n % 250 + 1),
            cookie: format!("sid={}", member.session),
            window: window.clone(),
            token: member.token,
        });
    }
    Ok(out)
}

/// One member writing until told to stop.
struct Worker {
    http: reqwest::Client,
    base: String,
    member: Member,
    products: Vec<String>,
    category: i64,
    questions: Arc<Mutex<Vec<i64>>>,
    stop: Arc<AtomicBool>,
    rng: StdRng,
}

/// What one write came back with.
enum Outcome {
    /// 200 with this body.
    Done(serde_json::Value),
    /// 429.
    Limited,
    /// Any other refusal (4xx): nothing was written, by the server's word.
    Refused,
    /// Sent, but no answer (the server died) or a 5xx: unknown.
    Unanswered,
    /// The server was not listening: the request never reached it.
    NotSent,
}

impl Worker {
    async fn work(mut self) -> (i64, Ledger) {
        let mut ledger = Ledger::default();
        let mut n = 0u64;
        while !self.stop.load(Ordering::Relaxed) {
            n += 1;
            let pick = self.rng.random_range(0..10);
            match pick {
                0 => self.ask(n, &mut ledger).await,
                1 | 2 => self.answer(n, &mut ledger).await,
                3 => self.sign_in_link(n, &mut ledger).await,
                _ => self.vote(&mut ledger).await,
            }
            // About four writes a second per member: under the vote limit (30 a minute)
            // for most of a short run, so most votes are real commits, not refusals.
            tokio::time::sleep(Duration::from_millis(self.rng.random_range(100..400))).await;
        }
        (self.member.id, ledger)
    }

    async fn send(&self, action: &str, form: &[(&str, String)]) -> Outcome {
        let sent = self
            .http
            .post(format!("{}/home/rpc?action={action}", self.base))
            .header("cookie", &self.member.cookie)
            .header("x-forwarded-for", &self.member.address)
            .header("x-xsrf-whid", &self.member.window)
            .header("x-xsrf-token", &self.member.token)
            .form(form)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(err) if err.is_connect() => return Outcome::NotSent,
            Err(_) => return Outcome::Unanswered,
        };
        let status = response.status();
        if status.is_server_error() {
            return Outcome::Unanswered;
        }
        if status.as_u16() == 429 {
            return Outcome::Limited;
        }
        if !status.is_success() {
            return Outcome::Refused;
        }
        match response.json::<serde_json::Value>().await {
            Ok(body) => Outcome::Done(body),
            // The answer was cut off: the write may or may not have committed.
            Err(_) => Outcome::Unanswered,
        }
    }

    async fn tally(ledger: &mut Ledger, outcome: &Outcome) {
        match outcome {
            Outcome::Limited => ledger.limited += 1,
            Outcome::Unanswered | Outcome::NotSent => {
                ledger.unanswered += 1;
                // The server is down: give it a moment to come back.
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            _ => {}
        }
    }

    async fn vote(&mut self, ledger: &mut Ledger) {
        let pick = self.rng.random_range(0..self.products.len());
        let Some(product) = self.products.get(pick).cloned() else {
            return;
        };
        let stars: u8 = self.rng.random_range(1..=5);
        let outcome = self
            .send(
                "Details.SetRate",
                &[("pid", product.clone()), ("rtg", stars.to_string())],
            )
            .await;
        let fate = match &outcome {
            Outcome::Done(body) if body.get("error") == Some(&serde_json::Value::Bool(false)) => {
                Fate::Acknowledged
            }
            Outcome::Done(_) | Outcome::Limited | Outcome::Refused => Fate::Refused,
            Outcome::Unanswered => Fate::Unknown,
            Outcome::NotSent => {
                Self::tally(ledger, &outcome).await;
                return;
            }
        };
        ledger.votes.entry(product).or_default().push((stars, fate));
        Self::tally(ledger, &outcome).await;
    }

    async fn ask(&mut self, n: u64, ledger: &mut Ledger) {
        let title = format!(
            "How does chaos question {} {n} change what my savings earn?",
            self.member.id
        );
        let outcome = self
            .send(
                "Qna.Ask",
                &[("title", title), ("category", self.category.to_string())],
            )
            .await;
        if let Outcome::Done(body) = &outcome
            && body["status"] == "submitted"
            && let Some(id) = body
                .pointer("/question/id")
                .and_then(serde_json::Value::as_i64)
        {
            ledger.questions.push(id);
            self.questions.lock().await.push(id);
        }
        Self::tally(ledger, &outcome).await;
    }

    /// Asks for a sign-in link for a fresh address: the server queues one e-mail.
    async fn sign_in_link(&mut self, n: u64, ledger: &mut Ledger) {
        let email = format!("link-{}-{n}@example.test", self.member.id);
        let outcome = self
            .send(
                "Members.JoinLight",
                &[("email", email.clone()), ("ref", "/".to_owned())],
            )
            .await;
        if let Outcome::Done(body) = &outcome
            && body["ok"] == true
        {
            ledger.links.push(email);
        }
        Self::tally(ledger, &outcome).await;
    }

    async fn answer(&mut self, n: u64, ledger: &mut Ledger) {
        let question = {
            let known = self.questions.lock().await;
            if known.is_empty() {
                return;
            }
            let pick = self.rng.random_range(0..known.len());
            match known.get(pick) {
                Some(id) => *id,
                None => return,
            }
        };
        let content = format!(
            "From what I have seen, answer {n} of member {} holds for most accounts.",
            self.member.id
        );
        let outcome = self
            .send(
                "Qna.Answer",
                &[("question", question.to_string()), ("content", content)],
            )
            .await;
        if let Outcome::Done(body) = &outcome
            && let Some(id) = body["id"].as_i64()
        {
            ledger.answers.push(id);
        }
        Self::tally(ledger, &outcome).await;
    }
}

async fn count(db: &DatabaseConnection, sql: String) -> Result<i64, Error> {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
        .ok_or("no row")?;
    Ok(row.try_get_by_index::<i64>(0)?)
}

/// Changes one acknowledged vote behind the harness's back (`CHAOS_SABOTAGE=1`), keeping
/// the totals consistent with it, so that only the comparison with what the server
/// acknowledged can notice: a run shows that the check finds a lost write.
async fn sabotage_one_vote(
    db: &DatabaseConnection,
    ledgers: &[(i64, Ledger)],
) -> Result<(), Error> {
    let (member, product, stars) = ledgers
        .iter()
        .find_map(|(member, ledger)| {
            ledger
                .votes
                .iter()
                .find_map(|(product, attempts)| match attempts.last() {
                    Some((stars, Fate::Acknowledged)) => Some((*member, product.clone(), *stars)),
                    _ => None,
                })
        })
        .ok_or("no acknowledged vote to change")?;
    let other = i64::from(stars % 5 + 1);
    let backend = db.get_database_backend();
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        "UPDATE product_votes SET stars = $1 WHERE member_id = $2 AND product_id = $3",
        [other.into(), member.into(), product.clone().into()],
    ))
    .await?;
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        "UPDATE vote_totals SET star_sum = star_sum + $1 WHERE kind = $2 AND target_id = $3",
        [
            (other - i64::from(stars)).into(),
            store::votes::TargetKind::Product.key().into(),
            product.into(),
        ],
    ))
    .await?;
    Ok(())
}

/// What the check found.
struct Verdict {
    /// Acknowledged writes missing or changed.
    lost: usize,
    /// The database is damaged (integrity, foreign keys, totals against a recount).
    damaged: bool,
    /// At least one vote, question and answer was acknowledged, so each check ran.
    checked_each_kind: bool,
}

impl Verdict {
    fn clean(&self) -> bool {
        self.lost == 0 && !self.damaged && self.checked_each_kind
    }
}

/// Every acknowledged write is there, and the database is whole. Prints the figures.
async fn verify(db: &DatabaseConnection, ledgers: &[(i64, Ledger)]) -> Result<Verdict, Error> {
    let mut acknowledged = (0u64, 0u64, 0u64);
    let mut lost = Vec::new();
    let (mut unanswered, mut limited) = (0, 0);
    for (member, ledger) in ledgers {
        unanswered += ledger.unanswered;
        limited += ledger.limited;
        for (product, attempts) in &ledger.votes {
            // The stored vote is the last acknowledged one, or one sent after it whose
            // answer a kill cut off; never one the server refused.
            let Some(last) = attempts
                .iter()
                .rposition(|(_, fate)| *fate == Fate::Acknowledged)
            else {
                continue;
            };
            acknowledged.0 += attempts
                .iter()
                .filter(|(_, fate)| *fate == Fate::Acknowledged)
                .count() as u64;
            let allowed: Vec<u8> = attempts
                .iter()
                .skip(last)
                .filter(|(_, fate)| *fate != Fate::Refused)
                .map(|(stars, _)| *stars)
                .collect();
            let stored =
                store::votes::member_vote(db, store::votes::TargetKind::Product, *member, product)
                    .await?
                    .map(|stars| stars.get());
            if !stored.is_some_and(|s| allowed.contains(&s)) {
                lost.push(format!(
                    "member {member}'s vote on {product}: stored {stored:?}, acknowledged {allowed:?}"
                ));
            }
        }
        for id in &ledger.questions {
            acknowledged.1 += 1;
            if count(
                db,
                format!("SELECT COUNT(*) FROM qna_questions WHERE id = {id}"),
            )
            .await?
                != 1
            {
                lost.push(format!("question {id} of member {member}"));
            }
        }
        for id in &ledger.answers {
            acknowledged.2 += 1;
            if count(
                db,
                format!("SELECT COUNT(*) FROM qna_answers WHERE id = {id}"),
            )
            .await?
                != 1
            {
                lost.push(format!("answer {id} of member {member}"));
            }
        }
    }
    let mut damage = Vec::new();
    let kind = store::votes::TargetKind::Product.key();
    let wrong_totals = count(
        db,
        format!(
            "SELECT COUNT(*) FROM vote_totals t WHERE t.kind = '{kind}' AND \
             (t.votes <> (SELECT COUNT(*) FROM product_votes v WHERE v.product_id = t.target_id) \
             OR t.star_sum <> (SELECT COALESCE(SUM(v.stars), 0) FROM product_votes v \
             WHERE v.product_id = t.target_id))"
        ),
    )
    .await?;
    if wrong_totals > 0 {
        damage.push(format!("{wrong_totals} vote totals differ from a recount"));
    }
    let untotalled = count(
        db,
        format!(
            "SELECT COUNT(DISTINCT product_id) FROM product_votes WHERE product_id NOT IN \
             (SELECT target_id FROM vote_totals WHERE kind = '{kind}')"
        ),
    )
    .await?;
    if untotalled > 0 {
        damage.push(format!("{untotalled} voted products have no total"));
    }
    if store::Backend::of(db) == store::Backend::Sqlite {
        let backend = db.get_database_backend();
        let integrity = db
            .query_one_raw(Statement::from_string(
                backend,
                "PRAGMA integrity_check".to_owned(),
            ))
            .await?
            .map(|row| row.try_get_by_index::<String>(0))
            .transpose()?
            .unwrap_or_default();
        if integrity != "ok" {
            damage.push(format!("integrity_check: {integrity}"));
        }
        let orphans = db
            .query_all_raw(Statement::from_string(
                backend,
                "PRAGMA foreign_key_check".to_owned(),
            ))
            .await?
            .len();
        if orphans > 0 {
            damage.push(format!("{orphans} rows break a foreign key"));
        }
    }
    eprintln!(
        "chaos: acknowledged {} votes, {} questions, {} answers; {} requests unanswered \
         (server down), {} rate-limited; lost {}; damage: {}",
        acknowledged.0,
        acknowledged.1,
        acknowledged.2,
        unanswered,
        limited,
        lost.len(),
        if damage.is_empty() {
            "none".to_owned()
        } else {
            damage.join("; ")
        }
    );
    for line in &lost {
        eprintln!("chaos: LOST {line}");
    }
    let checked_each_kind = acknowledged.0 > 0 && acknowledged.1 > 0 && acknowledged.2 > 0;
    if !checked_each_kind {
        eprintln!("chaos: too few acknowledged writes of some kind to check");
    }
    Ok(Verdict {
        lost: lost.len(),
        damaged: !damage.is_empty(),
        checked_each_kind,
    })
}

/// `scripts/smtp_sink.py` in the Python environment `just smtp-venv` makes, keeping each
/// message it accepts as a file in a folder.
struct SmtpSink {
    child: Child,
    port: u16,
    folder: PathBuf,
}

impl SmtpSink {
    fn start(folder: &std::path::Path) -> Result<Self, Error> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let python = root.join("target/smtp-venv/bin/python");
        if !python.exists() {
            return Err("no SMTP test server: run `just smtp-venv` first".into());
        }
        let mut child = Command::new(python)
            .arg(root.join("scripts/smtp_sink.py"))
            .arg(folder)
            .stdout(Stdio::piped())
            .spawn()?;
        let mut line = String::new();
        let stdout = child
            .stdout
            .take()
            .ok_or("the SMTP test server has no output")?;
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)?;
        let port = line
            .trim()
            .parse()
            .map_err(|_| format!("the SMTP test server printed {line:?}, not its port"))?;
        Ok(Self {
            child,
            port,
            folder: folder.to_owned(),
        })
    }

    /// How often each outbox row's Message-ID (`<outbox.{row}.…>`) was received.
    fn received(&self) -> Result<HashMap<i64, usize>, Error> {
        let mut out = HashMap::new();
        for entry in std::fs::read_dir(&self.folder)? {
            let path = entry?.path();
            if path.extension().is_none_or(|x| x != "eml") {
                continue;
            }
            let text = std::fs::read_to_string(&path)?;
            let row = text
                .lines()
                .take_while(|line| !line.is_empty())
                .find_map(|line| line.strip_prefix("Message-ID: <outbox."))
                .and_then(|rest| rest.split('.').next())
                .and_then(|row| row.parse::<i64>().ok())
                .ok_or_else(|| format!("{}: no outbox Message-ID", path.display()))?;
            *out.entry(row).or_default() += 1;
        }
        Ok(out)
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The e-mails a killed server had claimed and not recorded: the rows in flight.
async fn claimed_emails(database_url: &str) -> Result<Vec<i64>, Error> {
    let db = store::connect(database_url, None).await?;
    let ids = scalar_ids(
        &db,
        "SELECT id FROM outbox WHERE channel = 'email' AND claimed_until IS NOT NULL",
    )
    .await;
    db.close().await?;
    ids
}

/// Every committed e-mail was received at least once, and only rows in flight at a kill
/// more than once; every acknowledged sign-in link was committed. Waits (up to a minute)
/// for the restarted server to send what is left. Prints the figures.
async fn verify_mail(
    db: &DatabaseConnection,
    ledgers: &[(i64, Ledger)],
    sink: &SmtpSink,
    in_flight: &[Vec<i64>],
) -> Result<bool, Error> {
    let committed = scalar_ids(db, "SELECT id FROM outbox WHERE channel = 'email'").await?;
    let mut unsent = committed.len();
    for _ in 0..600 {
        unsent = count(
            db,
            "SELECT COUNT(*) FROM outbox WHERE channel = 'email' AND delivery_state <> 'sent'"
                .to_owned(),
        )
        .await?
        .try_into()?;
        if unsent == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = sink.received()?;
    let flown: std::collections::HashSet<i64> = in_flight.iter().flatten().copied().collect();
    let mut problems = Vec::new();
    let acknowledged: Vec<&String> = ledgers.iter().flat_map(|(_, l)| &l.links).collect();
    for email in &acknowledged {
        let rows = count(
            db,
            format!("SELECT COUNT(*) FROM outbox WHERE recipient = '{email}'"),
        )
        .await?;
        if rows < 1 {
            problems.push(format!(
                "the sign-in link to {email} was acknowledged, not queued"
            ));
        }
    }
    let mut repeated = Vec::new();
    for id in &committed {
        match received.get(id).copied().unwrap_or(0) {
            0 => problems.push(format!("e-mail {id} was committed and never received")),
            1 => {}
            n if flown.contains(id) => repeated.push(format!("{id} ({n} times)")),
            n => problems.push(format!(
                "e-mail {id} was received {n} times, never in flight at a kill"
            )),
        }
    }
    for id in received.keys() {
        if !committed.contains(id) {
            problems.push(format!(
                "e-mail {id} was received, but no such row is committed"
            ));
        }
    }
    eprintln!(
        "chaos: e-mail: {} sign-in links acknowledged, {} e-mails committed, {} received \
         ({} messages), {} unsent at the end; in flight at each kill: {:?}; repeated: {}; \
         problems: {}",
        acknowledged.len(),
        committed.len(),
        received.len(),
        received.values().sum::<usize>(),
        unsent,
        in_flight.iter().map(Vec::len).collect::<Vec<_>>(),
        if repeated.is_empty() {
            "none".to_owned()
        } else {
            repeated.join(", ")
        },
        if problems.is_empty() {
            "none".to_owned()
        } else {
            problems.join("; ")
        },
    );
    if acknowledged.is_empty() {
        eprintln!("chaos: no sign-in link was acknowledged, so no e-mail was checked");
    }
    Ok(problems.is_empty() && !acknowledged.is_empty())
}
