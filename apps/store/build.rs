//! Finds the store's migrations: every `src/<area>/mNNNN_<what>.rs`, in the order of
//! their numbers, written as the migrator's list, which `src/migration.rs` includes. A
//! new migration is a file named as the database records it and its `pub mod` in the
//! area; nothing else lists it.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs, io};

/// Whether a file stem is a migration's name: `m`, four digits, `_`, and more.
fn is_migration(stem: &str) -> bool {
    let mut chars = stem.chars();
    chars.next() == Some('m')
        && chars.by_ref().take(4).filter(char::is_ascii_digit).count() == 4
        && chars.next() == Some('_')
        && chars.next().is_some()
}

fn main() -> io::Result<()> {
    println!("cargo:rerun-if-changed=src");
    let mut found = Vec::new();
    for area in fs::read_dir("src")? {
        let area = area?;
        if !area.file_type()?.is_dir() {
            continue;
        }
        for file in fs::read_dir(area.path())? {
            let name = file?.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".rs").filter(|stem| is_migration(stem)) {
                found.push((
                    stem.to_owned(),
                    area.file_name().to_string_lossy().into_owned(),
                ));
            }
        }
    }
    found.sort();
    let mut list = String::from("migrations![\n");
    for (stem, area) in &found {
        writeln!(list, "    {area}::{stem},").map_err(io::Error::other)?;
    }
    list.push_str("];\n");
    let out = env::var_os("OUT_DIR").ok_or_else(|| io::Error::other("OUT_DIR is not set"))?;
    fs::write(Path::new(&out).join("migrations.rs"), list)
}
