//! Finds the wire types: every `pub struct` or `pub enum` of a `src/<module>.rs` that
//! derives `ts_rs::TS`, written as the list `src/bindings.rs` includes. A new wire type
//! is a type with the derive; nothing else lists it.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs, io};

/// The derive every wire type carries, as written above its definition.
const DERIVE: &str = "derive(ts_rs::TS))]";

/// The name a definition line declares: `pub struct Name {` or `pub enum Name {`.
fn declared(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("pub struct ")
        .or_else(|| line.strip_prefix("pub enum "))?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|name| !name.is_empty())
}

/// The wire types of one module's source, in the order they are defined.
fn wire_types(source: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut derives = false;
    for line in source.lines().map(str::trim) {
        if line.contains(DERIVE) {
            derives = true;
        } else if let Some(name) = declared(line) {
            if derives {
                found.push(name);
            }
            derives = false;
        } else if !(line.starts_with("#[") || line.starts_with("///") || line.is_empty()) {
            // Anything but attributes and doc lines ends the definition's head.
            derives = false;
        }
    }
    found
}

fn main() -> io::Result<()> {
    println!("cargo:rerun-if-changed=src");
    let mut modules = Vec::new();
    for file in fs::read_dir("src")? {
        let path = file?.path();
        let Some(stem) = path
            .file_stem()
            .filter(|_| path.extension().is_some_and(|e| e == "rs"))
            .map(|s| s.to_string_lossy().into_owned())
        else {
            continue;
        };
        if stem != "lib" && stem != "bindings" {
            modules.push((stem, fs::read_to_string(&path)?));
        }
    }
    modules.sort();
    let mut list = String::from("wire_types![\n");
    for (module, source) in &modules {
        for name in wire_types(source) {
            writeln!(list, "    crate::{module}::{name},").map_err(io::Error::other)?;
        }
    }
    list.push_str("];\n");
    let out = env::var_os("OUT_DIR").ok_or_else(|| io::Error::other("OUT_DIR is not set"))?;
    fs::write(Path::new(&out).join("wire_types.rs"), list)
}
