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
    if let Err(message) = rustdoc_json(&root, &names) {
        eprintln!("{message}");
        return ExitCode::FAILURE;
    }
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

/// Renders and compares (or records) one crate's built rustdoc JSON; `Ok(false)` when it
/// differs.
fn check_one(root: &Path, name: &str, bless: bool) -> Result<bool, String> {
    let json = json_path(root, name);
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

/// Builds rustdoc's JSON output for every crate in `names`, in one `cargo doc` run so that
/// their dependencies are checked once. It is a nightly format, read here from the stable
/// toolchain (`RUSTC_BOOTSTRAP`, set for these crates alone so that no dependency's build
/// script sees a nightly compiler), into its own target directory so that the workspace's
/// build stays as it is.
fn rustdoc_json(root: &Path, names: &[String]) -> Result<(), String> {
    let crate_names: Vec<String> = names.iter().map(|name| name.replace('-', "_")).collect();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", crate_names.join(","))
        .env("RUSTDOCFLAGS", "-Z unstable-options --output-format json")
        .env("CARGO_TARGET_DIR", target_dir(root))
        .args([
            "doc",
            "--quiet",
            "--locked",
            "--no-deps",
            "--lib",
            "--all-features",
        ])
        .args(names.iter().flat_map(|name| ["-p", name.as_str()]))
        .status()
        .map_err(|err| format!("cannot run cargo doc: {err}"))?;
    if !status.success() {
        return Err(format!("cargo doc (rustdoc JSON) failed ({status})"));
    }
    Ok(())
}

/// Where the JSON runs build.
fn target_dir(root: &Path) -> PathBuf {
    root.join("target").join("public-api")
}

/// The rustdoc JSON of crate `name`, once [`rustdoc_json`] has built it.
fn json_path(root: &Path, name: &str) -> PathBuf {
    target_dir(root)
        .join("doc")
        .join(format!("{}.json", name.replace('-', "_")))
}

/// The workspace root: two levels above this crate's manifest.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
