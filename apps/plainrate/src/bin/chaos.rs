//! The crash harness (`just chaos`): members vote, ask and answer at once against the real
//! server while it is killed with SIGKILL at random moments and started again on the same
//! database. At the end every write the server acknowledged (a 200 with a success body)
//! must be in the database, and the database must be intact: SQLite's integrity and
//! foreign-key checks pass, and every vote total equals a recount of its votes.
//!
//! Settings (environment): `CHAOS_CYCLES` kills (default 6), `CHAOS_MEMBERS` concurrent
//! members (default 8), `CHAOS_SEED` (default: the time), `CHAOS_DATABASE_URL` (default:
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

/// One member's writes and what the server said to each.
#[derive(Default)]
struct Ledger {
    /// Per product, every stars value sent in order, with whether it was acknowledged.
    votes: HashMap<String, Vec<(u8, bool)>>,
    /// Ids of questions the server said it published.
    questions: Vec<i64>,
    /// Ids of answers the server said it saved.
    answers: Vec<i64>,
    /// Requests that failed because the server was down (or answered 5xx).
    unanswered: u64,
    /// Requests refused by a rate limit.
    limited: u64,
}

/// A seeded member: their session cookie and the anti-forgery headers bound to it.
struct Member {
    id: i64,
    address: String,
    cookie: String,
    token: String,
}

async fn run() -> Result<bool, Error> {
    let cycles = setting("CHAOS_CYCLES", 6);
    let members = usize::try_from(setting("CHAOS_MEMBERS", 8))?;
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
    let mut server = Server {
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
    for cycle in 1..=cycles {
        tokio::time::sleep(Duration::from_millis(rng.random_range(300..1500))).await;
        server.kill()?;
        eprintln!("chaos: kill {cycle} of {cycles}");
        server.start().await?;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    // Kill while the last requests may still be in flight, then check the files as the
    // crash left them.
    server.kill()?;
    let mut ledgers = Vec::new();
    for worker in workers {
        ledgers.push(worker.await?);
    }
    db.close().await?;
    let db = store::connect(&database_url, None).await?;
    let sabotage = std::env::var("CHAOS_SABOTAGE").is_ok_and(|v| v == "1");
    if sabotage {
        sabotage_one_vote(&db, &ledgers).await?;
    }
    let mut verdict = verify(&db, &ledgers).await?;
    if sabotage {
        // The checker must have noticed the vote removed behind its back.
        eprintln!(
            "chaos: sabotage {}",
            if verdict { "MISSED" } else { "detected" }
        );
        verdict = !verdict;
    }
    db.close().await?;
    // And the server still starts on what the crash left.
    server.start().await?;
    server.kill()?;
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
    use plainrate::protocol::csrf;
    use store::members::{NewMember, SessionKind, create_member, create_session};
    let secret = store::meta::get(db, store::meta::SECRET_KEY)
        .await?
        .ok_or("no signing secret")?;
    let secret = plainrate::state::Secret::new(hex::decode(secret)?);
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
        let id = create_member(
            db,
            NewMember {
                email: format!("chaos-{run}-{n}@example.invalid"),
                password_hash: None,
                name: Some(format!("Chaos member {n}")),
            },
        )
        .await?;
        let kind = SessionKind {
            delegated: false,
            full: true,
        };
        let session = create_session(db, id, kind, chrono::Utc::now()).await?;
        out.push(Member {
            id,
            address: format!("10.77.{}.{}", n / 250, n % 250 + 1),
            cookie: format!("sid={session}"),
            token: format!("{window}\n{}", csrf::new_token(&secret, Some(&session))),
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
    /// No answer (the server was down) or a 5xx: unknown.
    Unanswered,
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
                _ => self.vote(&mut ledger).await,
            }
            tokio::time::sleep(Duration::from_millis(self.rng.random_range(5..40))).await;
        }
        (self.member.id, ledger)
    }

    async fn send(&self, action: &str, form: &[(&str, String)]) -> Outcome {
        let (window, token) = self.member.token.split_once('\n').unwrap_or_default();
        let body = form
            .iter()
            .map(|(k, v)| format!("{k}={}", urlencode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let sent = self
            .http
            .post(format!("{}/home/rpc?action={action}", self.base))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("cookie", &self.member.cookie)
            .header("x-forwarded-for", &self.member.address)
            .header("x-xsrf-whid", window)
            .header("x-xsrf-token", token)
            .body(body)
            .send()
            .await;
        let Ok(response) = sent else {
            return Outcome::Unanswered;
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
            Outcome::Unanswered => {
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
        let attempts = ledger.votes.entry(product.clone()).or_default();
        attempts.push((stars, false));
        let at = attempts.len() - 1;
        let outcome = self
            .send(
                "Details.SetRate",
                &[("pid", product.clone()), ("rtg", stars.to_string())],
            )
            .await;
        if let Outcome::Done(body) = &outcome
            && body["error"] == false
            && let Some(attempt) = ledger.votes.get_mut(&product).and_then(|a| a.get_mut(at))
        {
            attempt.1 = true;
        }
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

fn urlencode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

async fn count(db: &DatabaseConnection, sql: String) -> Result<i64, Error> {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
        .ok_or("no row")?;
    Ok(row.try_get_by_index::<i64>(0)?)
}

/// Removes one acknowledged vote behind the harness's back (`CHAOS_SABOTAGE=1`), so a run
/// shows that the check finds a lost write.
async fn sabotage_one_vote(
    db: &DatabaseConnection,
    ledgers: &[(i64, Ledger)],
) -> Result<(), Error> {
    let (member, product) = ledgers
        .iter()
        .find_map(|(member, ledger)| {
            ledger
                .votes
                .iter()
                .find(|(_, attempts)| attempts.iter().any(|(_, acked)| *acked))
                .map(|(product, _)| (*member, product.clone()))
        })
        .ok_or("no acknowledged vote to remove")?;
    db.execute_raw(Statement::from_sql_and_values(
        db.get_database_backend(),
        "DELETE FROM product_votes WHERE member_id = $1 AND product_id = $2",
        [member.into(), product.into()],
    ))
    .await?;
    Ok(())
}

/// Every acknowledged write is there, and the database is whole. Prints the figures.
async fn verify(db: &DatabaseConnection, ledgers: &[(i64, Ledger)]) -> Result<bool, Error> {
    let mut acknowledged = (0u64, 0u64, 0u64);
    let mut lost = Vec::new();
    let (mut unanswered, mut limited) = (0, 0);
    for (member, ledger) in ledgers {
        unanswered += ledger.unanswered;
        limited += ledger.limited;
        for (product, attempts) in &ledger.votes {
            // The stored vote is the last acknowledged one or one sent after it (whose
            // answer was lost to a kill).
            let Some(last) = attempts.iter().rposition(|(_, acked)| *acked) else {
                continue;
            };
            acknowledged.0 += attempts.iter().filter(|(_, acked)| *acked).count() as u64;
            let allowed: Vec<u8> = attempts
                .iter()
                .skip(last)
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
    Ok(lost.is_empty() && damage.is_empty() && acknowledged.0 > 0)
}
