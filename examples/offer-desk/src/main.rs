//! `offer-desk OFFERS.json NEED "QUESTION"`: prints the three best credit cards for the
//! need and whether the question would be accepted.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, need, question] = args.as_slice() else {
        eprintln!("usage: offer-desk OFFERS.json NEED \"QUESTION\"");
        return ExitCode::from(2);
    };
    let json = match std::fs::read_to_string(path) {
        Ok(json) => json,
        Err(err) => {
            eprintln!("cannot read {path}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let lines = offer_desk::read_offers(&json)
        .and_then(|offers| offer_desk::best_cards_for(offers, need, 3));
    match lines {
        Ok(lines) => {
            println!("Best credit cards for {need}:");
            for line in lines {
                println!(
                    "{}. {} (annual fee {}, rated {} for {need})",
                    line.rank, line.name, line.annual_fee, line.score
                );
            }
        }
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::FAILURE;
        }
    }
    match offer_desk::check_question(question) {
        Ok((question, left)) => {
            println!(
                "Question accepted ({left} characters left): {}",
                question.as_str()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            println!("Question refused: {err}");
            ExitCode::FAILURE
        }
    }
}
