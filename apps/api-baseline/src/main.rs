//! `api-baseline check|bless [CRATE...]`: builds each domain crate's rustdoc JSON (all
//! features), renders its public API and compares it with `crates/<name>/public-api.txt`
//! (`check`, fails on any difference and prints it) or rewrites that file (`bless`).
//! Without crate names it takes every domain crate: every folder under `crates/`.

use std::{
    path::{Path, PathBuf},
    process::{Command, ExitCode},
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((mode, names)) = args.split_first() else {
        eprintln!("usage: api-baseline check|bless [CRATE...]");
        return ExitCode::from(2);
    };
    let bless = match mode.as_str() {
        "check" => false,
        "bless" => true,
        _ => {
            eprintln!("usage: api-baseline check|bless [CRATE...]");
            return ExitCode::from(2);
        }
    };
    let root = workspace_root();
    let names = if names.is_empty() {
        match domain_crates(&root) {
            Ok(names) => names,
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        names.to_vec()
    };
    let mut changed = 0;
    for name in &names {
        match check_one(&root, name, bless) {
            Ok(true) => {}
            Ok(false) => changed += 1,
            Err(message) => {
                eprintln!("{name}: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    if changed > 0 {
        eprintln!(
            "{changed} crate(s) changed their public API. If the change is meant, run \
             `just api-bless` and commit the baselines; docs/CONTRIBUTING.md says how it is reviewed."
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Builds, renders and compares (or records) one crate; `Ok(false)` when it differs.
fn check_one(root: &Path, name: &str, bless: bool) -> Result<bool, String> {
    let json = rustdoc_json(root, name)?;
    let current = api_baseline::render(&json).map_err(|err| err.to_string())?;
    let relative = PathBuf::from("crates").join(name).join("public-api.txt");
    let baseline = root.join(&relative);
    if bless {
        std::fs::write(&baseline, &current)
            .map_err(|err| format!("cannot write {}: {err}", baseline.display()))?;
        eprintln!("{name}: recorded {} items", current.lines().count());
        return Ok(true);
    }
    let recorded = std::fs::read_to_string(&baseline)
        .map_err(|err| format!("cannot read {}: {err}", baseline.display()))?;
    let diff = api_baseline::diff(&recorded, &current);
    if diff.is_empty() {
        eprintln!(
            "{name}: public API unchanged ({} items)",
            current.lines().count()
        );
        return Ok(true);
    }
    eprintln!("{name}: public API differs from {}:", relative.display());
    for line in &diff.removed {
        eprintln!("  - {line}");
    }
    for line in &diff.added {
        eprintln!("  + {line}");
    }
    Ok(false)
}

/// The crates other services link: every folder under `crates/` with a manifest, by name.
fn domain_crates(root: &Path) -> Result<Vec<String>, String> {
    let folder = root.join("crates");
    let entries =
        std::fs::read_dir(&folder).map_err(|err| format!("cannot list crates/: {err}"))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
        .collect();
    names.sort();
    Ok(names)
}

/// Runs rustdoc's JSON output for one crate. It is a nightly format, read here from the
/// stable toolchain (`RUSTC_BOOTSTRAP`, set for this crate alone so that no dependency's
/// build script sees a nightly compiler), into its own target directory so that the
/// workspace's build stays as it is.
fn rustdoc_json(root: &Path, name: &str) -> Result<PathBuf, String> {
    let target = root.join("target").join("public-api");
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", name.replace('-', "_"))
        .env("CARGO_TARGET_DIR", &target)
        .args([
            "rustdoc",
            "--quiet",
            "--locked",
            "--lib",
            "--all-features",
            "-p",
            name,
        ])
        .args(["--", "-Z", "unstable-options", "--output-format", "json"])
        .status()
        .map_err(|err| format!("cannot run cargo rustdoc: {err}"))?;
    if !status.success() {
        return Err(format!("cargo rustdoc failed ({status})"));
    }
    Ok(target
        .join("doc")
        .join(format!("{}.json", name.replace('-', "_"))))
}

/// The workspace root: two levels above this crate's manifest.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
