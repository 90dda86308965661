//! Writes the TypeScript declarations of the wire types into `GENERATED_TYPES_DIR`,
//! removing declarations of types that no longer exist.

use std::{fs, path::PathBuf, process::ExitCode};

fn main() -> ExitCode {
    let Some(dir) = std::env::var_os("GENERATED_TYPES_DIR").map(PathBuf::from) else {
        eprintln!("GENERATED_TYPES_DIR is not set (run `just gen-types`)");
        return ExitCode::FAILURE;
    };
    match write_all(&dir) {
        Ok(count) => {
            eprintln!("wrote {count} files to {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-types: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write_all(dir: &std::path::Path) -> Result<usize, Box<dyn std::error::Error>> {
    let files = api_types::bindings::generated_files()?;
    if dir.exists() {
        fs::remove_dir_all(dir)?;
    }
    fs::create_dir_all(dir)?;
    for f in &files {
        fs::write(dir.join(&f.path), &f.contents)?;
    }
    Ok(files.len())
}
