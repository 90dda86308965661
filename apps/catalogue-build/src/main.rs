//! `catalogue-build <shared-data-dir> <out-dir>`: reads the public datasets and writes the
//! catalogue fixtures. See the crate README.

use std::{path::PathBuf, process::ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(data), Some(out), None) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: catalogue-build <shared-data-dir> <out-dir>");
        return ExitCode::from(2);
    };
    let result = catalogue_build::build(&PathBuf::from(data))
        .and_then(|catalogue| catalogue.write(&PathBuf::from(out)).map(|()| catalogue));
    match result {
        Ok(catalogue) => {
            for (file, offers) in catalogue.files() {
                eprintln!("wrote {out}/{file}: {} offers", offers.len());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("catalogue-build: {error}");
            ExitCode::FAILURE
        }
    }
}
