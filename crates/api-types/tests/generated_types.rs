//! The committed TypeScript declarations are exactly what the Rust wire types produce.
#![cfg(feature = "ts-rs")]

use std::{collections::BTreeMap, fs, path::PathBuf};

fn generated_dir() -> PathBuf {
    std::env::var_os("GENERATED_TYPES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/api/generated")
        })
}

#[test]
fn committed_typescript_declarations_match_the_rust_wire_types() {
    let expected: BTreeMap<String, String> = api_types::bindings::generated_files()
        .expect("every wire type exports")
        .into_iter()
        .map(|f| (f.path, f.contents))
        .collect();
    let dir = generated_dir();
    let committed: BTreeMap<String, String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}; run `just gen-types`", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&path).unwrap())
        })
        .collect();
    let stale: Vec<&String> = expected
        .iter()
        .filter(|(path, text)| committed.get(*path) != Some(text))
        .map(|(path, _)| path)
        .chain(committed.keys().filter(|p| !expected.contains_key(*p)))
        .collect();
    assert!(
        stale.is_empty(),
        "generated TypeScript is stale for {stale:?}: run `just gen-types` and commit the result"
    );
}

#[test]
fn every_type_that_derives_the_typescript_export_is_generated() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let derives: usize = fs::read_dir(&src)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            fs::read_to_string(path)
                .unwrap()
                .matches("derive(ts_rs::TS))]")
                .count()
        })
        .sum();
    let generated = api_types::bindings::generated_files().expect("every wire type exports");
    // One file per wire type, and the index.
    assert_eq!(generated.len(), derives + 1);
    assert!(derives > 70, "the count of derives looks wrong: {derives}");
}
