#![cfg(test)]
//! `docs/API.md` documents every action and every route the server answers.

use std::path::{Path, PathBuf};

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn reference() -> String {
    std::fs::read_to_string(manifest_dir().join("../../docs/API.md")).unwrap()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The literal paths of every `.route("…"` in the server's source.
fn route_paths() -> Vec<String> {
    let mut files = Vec::new();
    sources(&manifest_dir().join("src"), &mut files);
    let mut paths = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices(".route(") {
            let rest = text[at + ".route(".len()..].trim_start();
            if let Some(literal) = rest.strip_prefix('"') {
                let end = literal.find('"').unwrap();
                paths.push(literal[..end].to_owned());
            }
        }
    }
    paths.push(visitor_state::ad_pixel::PIXEL_PATH.to_owned());
    paths.sort();
    paths.dedup();
    paths
}

#[test]
fn every_action_is_documented() {
    let doc = reference();
    let names = plainrate::rpc::action_names();
    assert!(names.len() >= 10, "{names:?}");
    for name in names {
        assert!(
            doc.contains(&format!("`{name}`")),
            "{name} is not in docs/API.md"
        );
    }
}

#[test]
fn every_route_is_documented() {
    let doc = reference();
    let paths = route_paths();
    assert!(paths.iter().any(|p| p == "/sid.php"), "{paths:?}");
    for path in paths {
        assert!(
            doc.contains(&format!("`{path}`")),
            "{path} is not in docs/API.md"
        );
    }
}
