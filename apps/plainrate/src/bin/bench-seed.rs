//! Seeds a database with members and sessions for the vote benchmark (`just bench`) and
//! prints one session token per line. Not part of the site.
//!
//! Usage: `bench-seed <database url> <members>`

use std::process::ExitCode;

use store::members::{NewMember, SessionKind, create_member, create_session};

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(url), Some(count)) = (args.next(), args.next().and_then(|n| n.parse::<u32>().ok()))
    else {
        eprintln!("usage: bench-seed <database url> <members>");
        return ExitCode::FAILURE;
    };
    match seed(&url, count).await {
        Ok(tokens) => {
            #[allow(clippy::print_stdout)]
            for token in tokens {
                println!("{token}");
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("bench-seed: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn seed(url: &str, count: u32) -> Result<Vec<String>, store::StoreError> {
    let db = store::connect(url, None).await?;
    store::migration::migrate(&db).await?;
    let run = chrono::Utc::now().timestamp_millis();
    let mut tokens = Vec::new();
    for n in 0..count {
        let id = create_member(
            &db,
            NewMember {
                email: format!("bench-{run}-{n}@example.invalid"),
                password_hash: None,
                name: None,
            },
        )
        .await?;
        let kind = SessionKind {
            delegated: false,
            full: true,
        };
        tokens.push(create_session(&db, id, kind, chrono::Utc::now()).await?);
    }
    Ok(tokens)
}
