#![cfg(test)]
//! The community widgets' calls over HTTP, on every backend: `Posts.GetExpertsGallery`.

mod common;

use std::path::PathBuf;

use serde_json::Value;

const GALLERY: &str = "/home/rpc?action=Posts.GetExpertsGallery";

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "plainrate-extras-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(dir.join("content")).unwrap();
    dir
}

// ---------------------------------------------------------------------------------------
// Posts.GetExpertsGallery

#[tokio::test]
async fn the_gallery_answers_the_sample_experts_with_hashtags_and_may_be_cached() {
    for app in common::apps().await {
        let r = app.get(&format!("{GALLERY}&path=/credit-cards"), &[]).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.header("cache-control"), Some("public, max-age=60"));
        assert!(r.header("etag").is_some());
        let body = r.json();
        assert_eq!(body["error"], false);
        let data = &body["data"];
        for field in [
            "expertsIntro",
            "aslogos",
            "header_text",
            "more_text",
            "back_link_text",
        ] {
            assert!(!data[field].is_null(), "{field} missing: {data}");
        }
        assert!(data["expertsIntro"].as_str().unwrap().contains("Sample"));
        assert_eq!(data["more_text"], "More Experts");
        assert_eq!(data["back_link_text"], "Back to All Experts");
        let experts = data["expertsContent"].as_array().unwrap();
        assert!((8..=12).contains(&experts.len()), "{}", experts.len());
        let mut seen = std::collections::BTreeSet::new();
        for expert in experts {
            for field in ["AUTHOR", "CAPTION", "CONTENT", "AVATAR", "HASHTAG"] {
                assert!(expert[field].is_string(), "{field} missing: {expert}");
            }
            let hashtag = expert["HASHTAG"].as_str().unwrap();
            assert!(hashtag.starts_with('#') && hashtag.len() > 1, "{hashtag}");
            assert!(seen.insert(hashtag.to_lowercase()), "{hashtag} repeated");
            assert!(
                expert["CAPTION"]
                    .as_str()
                    .unwrap()
                    .contains("Sample profile")
            );
            assert!(expert["CONTENT"].as_str().unwrap().starts_with("<p>"));
            assert!(
                expert["AVATAR"]
                    .as_str()
                    .unwrap()
                    .starts_with("/assets/avatars/")
            );
        }

        // One gallery for the site: any page, known or not, and either endpoint.
        let other = app
            .get(
                "/ajax.php?action=Posts.GetExpertsGallery&path=/no/such/page",
                &[],
            )
            .await;
        assert_eq!(other.status, 200);
        assert_eq!(other.body, r.body);

        // The ETag answers a revalidation.
        let etag = r.header("etag").unwrap().to_owned();
        let again = app
            .get(&format!("{GALLERY}&path=/a"), &[("if-none-match", &etag)])
            .await;
        assert_eq!(again.status, 304);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_gallery_needs_a_path_and_a_get() {
    for app in common::apps().await {
        let r = app.get(GALLERY, &[]).await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(r.json()["field"], "path");
        let long = "/x".repeat(2000);
        let r = app.get(&format!("{GALLERY}&path={long}"), &[]).await;
        assert_eq!(r.status, 400);
        let r = app
            .post_form("/home/rpc", "action=Posts.GetExpertsGallery&path=/", &[])
            .await;
        assert_eq!(r.status, 405);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_empty_or_missing_gallery_file_answers_an_empty_list() {
    let empty = temp_dir("empty");
    std::fs::write(empty.join("content/experts.json"), "").unwrap();
    let missing = temp_dir("missing");
    for dir in [empty.clone(), missing.clone()] {
        for app in common::apps_with(|s| s.fixtures_dir = dir.clone()).await {
            let r = app.get(&format!("{GALLERY}&path=/"), &[]).await;
            assert_eq!(r.status, 200, "{}", r.text());
            let body = r.json();
            assert_eq!(body["error"], false);
            assert_eq!(body["data"]["expertsContent"], Value::Array(Vec::new()));
            assert_eq!(body["data"]["more_text"], "More Experts");
            app.cleanup().await;
        }
    }
    for dir in [empty, missing] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[tokio::test]
async fn experts_without_a_hash_or_with_a_repeated_hashtag_are_left_out() {
    let dir = temp_dir("invalid");
    std::fs::write(
        dir.join("content/experts.json"),
        r##"{"expertsContent": [
            {"AUTHOR": "Ada", "CAPTION": "Sample profile", "CONTENT": "a", "AVATAR": "/assets/avatars/sample-1.svg", "HASHTAG": "#Ada"},
            {"AUTHOR": "Ada again", "CAPTION": "Sample profile", "CONTENT": "b", "AVATAR": "/assets/avatars/sample-2.svg", "HASHTAG": "#ADA"},
            {"AUTHOR": "No hash", "CAPTION": "Sample profile", "CONTENT": "c", "AVATAR": "/assets/avatars/sample-3.svg", "HASHTAG": "NoHash"}
        ]}"##,
    )
    .unwrap();
    for app in common::apps_with(|s| s.fixtures_dir = dir.clone()).await {
        let body = app.get(&format!("{GALLERY}&path=/"), &[]).await.json();
        let tags: Vec<&str> = body["data"]["expertsContent"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["HASHTAG"].as_str().unwrap())
            .collect();
        assert_eq!(tags, ["#Ada"]);
        app.cleanup().await;
    }
    std::fs::remove_dir_all(dir).unwrap();
}

