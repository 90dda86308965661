//! `docs/API.md` documents every action and every route the server answers.

use std::collections::BTreeSet;
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
    // Routes whose path is a named constant rather than a literal.
    paths.push(visitor_state::ad_pixel::PIXEL_PATH.to_owned());
    paths.push(plainrate::listings::LISTINGS_PATH.to_owned());
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

/// The OpenAPI document, parsed.
fn openapi() -> serde_json::Value {
    serde_json::from_str(plainrate::openapi::document_json()).unwrap()
}

/// An axum path in OpenAPI's form (`{*file}` → `{file}`).
fn openapi_form(path: &str) -> String {
    path.replace("{*", "{")
}

#[test]
fn the_openapi_document_lists_every_action_with_its_method() {
    let doc = openapi();
    assert_eq!(doc["openapi"], "3.1.0");
    for name in plainrate::rpc::action_names() {
        let action = plainrate::rpc::find(name).unwrap();
        let method = match action.methods {
            plainrate::rpc::Methods::Get => "get",
            plainrate::rpc::Methods::Post => "post",
        };
        let path = format!("/home/rpc/{name}");
        let operation = &doc["paths"][&path][method];
        assert!(
            operation.is_object(),
            "{name} is not in the OpenAPI document as {method} {path}"
        );
        assert!(operation["responses"]["200"].is_object(), "{name}: no 200");
        assert!(operation["responses"]["400"].is_object(), "{name}: no 400");
        if action.csrf {
            assert!(operation["security"].is_array(), "{name}: no token");
            assert!(operation["responses"]["403"].is_object(), "{name}: no 403");
        }
    }
    // Nothing described that the server does not have.
    for doc in plainrate::openapi::actions::ACTIONS {
        assert!(
            plainrate::rpc::find(doc.name).is_some(),
            "{} is not an action",
            doc.name
        );
    }
}

#[test]
fn the_openapi_document_lists_every_route() {
    let doc = openapi();
    let paths = doc["paths"].as_object().unwrap();
    for path in route_paths() {
        let path = openapi_form(&path);
        if path == "/home/rpc/{name}" {
            // Listed action by action.
            continue;
        }
        assert!(
            paths.contains_key(&path),
            "{path} is not in the OpenAPI document"
        );
    }
    for route in plainrate::openapi::routes::ROUTES {
        assert!(
            route_paths().iter().any(|p| openapi_form(p) == route.path),
            "{} is described but is not a route",
            route.path
        );
    }
}

#[test]
fn every_schema_the_document_refers_to_is_in_it() {
    let text = plainrate::openapi::document_json();
    let doc = openapi();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    assert!(schemas.contains_key("ErrorBody"));
    for (at, _) in text.match_indices("#/components/schemas/") {
        let rest = &text[at + "#/components/schemas/".len()..];
        let name = &rest[..rest.find('"').unwrap()];
        assert!(
            schemas.contains_key(name),
            "{name} is referred to but missing"
        );
    }
}

/// The wire types of the open product-data feed belong to the catalogue crate and are
/// read by outside callers only; the browser never reads the feed, so they have no
/// TypeScript.
const FEED_TYPES: [&str; 5] = [
    "Feed",
    "FeedFigure",
    "FeedProduct",
    "FeedChange",
    "FeedProductWithHistory",
];

#[test]
fn every_wire_type_the_document_names_has_its_typescript() {
    let document = openapi();
    let schemas = document["components"]["schemas"].as_object().unwrap();
    let generated = manifest_dir().join("../../frontend/src/api/generated");
    let missing: Vec<&String> = schemas
        .keys()
        .filter(|name| !FEED_TYPES.contains(&name.as_str()))
        .filter(|name| !generated.join(format!("{name}.ts")).is_file())
        .collect();
    assert!(
        missing.is_empty(),
        "derive ts_rs::TS on these in crates/api-types and run `just gen-types`: {missing:?}"
    );
    for name in FEED_TYPES {
        assert!(
            schemas.contains_key(name),
            "{name} is no longer in the document"
        );
    }
}

/// The module path (`crate::qna`) of each source file that defines `pub fn {name}()`.
fn modules_defining(name: &str) -> BTreeSet<String> {
    let src = manifest_dir().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let needle = format!("pub fn {name}() ->");
    files
        .into_iter()
        .filter(|file| std::fs::read_to_string(file).unwrap().contains(&needle))
        .map(|file| {
            let relative = file.strip_prefix(&src).unwrap().with_extension("");
            let module = relative.to_string_lossy().replace('/', "::");
            let module = module.strip_suffix("::mod").unwrap_or(&module).to_owned();
            format!("crate::{module}")
        })
        .collect()
}

#[test]
fn every_module_with_actions_or_routes_is_listed_as_an_area() {
    let areas = std::fs::read_to_string(manifest_dir().join("src/areas.rs")).unwrap();
    for (kind, modules) in [
        ("actions", modules_defining("actions")),
        ("routes", modules_defining("routes")),
    ] {
        assert!(!modules.is_empty());
        for module in modules {
            assert!(
                areas.contains(&format!("{module}::{kind},")),
                "{module}::{kind} is not in src/areas.rs's AREAS"
            );
        }
    }
    let names: Vec<&str> = plainrate::areas::AREAS.iter().map(|a| a.name).collect();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(names.len(), unique.len(), "an area is listed twice");
}
