//! Fills a database with community questions and answers for the scale benchmark
//! (`just bench`): migrates it, then adds the questions with their answers in batches.
//! Not part of the site.
//!
//! Usage: `bench-qna-seed <database url> <questions> <answers per question>`

use std::process::ExitCode;

use sea_orm::{ConnectionTrait, DbBackend};

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(url), Some(questions), Some(answers)) = (
        args.next(),
        args.next().and_then(|n| n.parse::<u64>().ok()),
        args.next().and_then(|n| n.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: bench-qna-seed <database url> <questions> <answers per question>");
        return ExitCode::FAILURE;
    };
    match seed(&url, questions, answers).await {
        Ok(report) => {
            eprintln!("bench-qna-seed: {report:?}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("bench-qna-seed: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn seed(
    url: &str,
    questions: u64,
    answers: u64,
) -> Result<store::qna::SeedReport, Box<dyn std::error::Error>> {
    let db = store::migration::open_migrated(url, None).await?;
    let report = store::qna::seed_bulk(&db, questions, answers, chrono::Utc::now()).await?;
    // What autovacuum does soon after a bulk load on a running site: statistics for the
    // planner and a visibility map for index-only scans. Measured without it, the first
    // seconds of the benchmark would time the database catching up, not the site.
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("VACUUM ANALYZE").await?;
    }
    Ok(report)
}
