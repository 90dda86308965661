//! Seeds a database with members and sessions for the vote benchmark (`just bench`) and
//! prints, one member per line, the session token and the anti-forgery token bound to it,
//! separated by a tab. Run it against the database of a server that has started once (so
//! the shared signing secret exists). Not part of the site.
//!
//! Usage: `bench-seed <database url> <members>`

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(url), Some(count)) = (args.next(), args.next().and_then(|n| n.parse::<u32>().ok()))
    else {
        eprintln!("usage: bench-seed <database url> <members>");
        return ExitCode::FAILURE;
    };
    match seed(&url, count).await {
        Ok(lines) => {
            #[allow(clippy::print_stdout)]
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("bench-seed: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn seed(url: &str, count: u32) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let db = store::migration::open_migrated(url, None).await?;
    let secret = plainrate::seeding::shared_secret(&db).await?;
    let run = chrono::Utc::now().timestamp_millis();
    let mut lines = Vec::new();
    for n in 0..count {
        let email = format!("bench-{run}-{n}@example.invalid");
        let member = plainrate::seeding::seeded_member(&db, &secret, email, None).await?;
        lines.push(format!("{}\t{}", member.session, member.token));
    }
    Ok(lines)
}
