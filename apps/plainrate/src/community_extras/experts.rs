//! The experts gallery: `Posts.GetExpertsGallery` (community §3 "Experts gallery data",
//! §7 "Load experts gallery").
//!
//! The gallery is read once at start-up from `content/experts.json` in the fixtures folder
//! (`FIXTURES_DIR`), like the content pages: an object with `expertsIntro`, `aslogos`,
//! `header_text`, `more_text`, `back_link_text` and `expertsContent`, a list of experts
//! (`AUTHOR`, `CAPTION`, `CONTENT`, `AVATAR`, `HASHTAG`). The site has one gallery: the
//! `path` parameter names the page asking, and every path gets the same answer.
//!
//! On load:
//! - `CONTENT` is plain text; blank lines separate paragraphs. It is answered as HTML
//!   written here (each paragraph escaped and put in `<p>`), so the answer's profile text
//!   is safe to insert as HTML whatever the file holds;
//! - an expert whose `HASHTAG` does not start with `#` (or is `#` alone), whose hashtag
//!   matches an earlier expert's ([`qna_validation::experts::hashtag_matches`]: case does
//!   not count), whose `AUTHOR` is blank, or whose `AVATAR` is not a site path is logged
//!   and left out;
//! - a missing, empty or unreadable file is logged and gives an empty gallery
//!   (`expertsContent: []`, the gallery's empty state) with the default texts.
//!
//! The answer is finished once: `Cache-Control: public, max-age=60`, a strong ETag and a
//! gzip form, like the catalogue's answers.

use std::path::Path;
use std::sync::Arc;

use api_types::dialogs::{Expert, ExpertsGallery, ExpertsGalleryResponse};
use qna_validation::constants::{BACK_TO_ALL_EXPERTS_LABEL, MORE_EXPERTS_LABEL};
use qna_validation::experts::{hashtag_matches, strip_hash};
use qna_validation::lengths;
use serde::Deserialize;

use crate::AppState;
use crate::escaping::escape;
use crate::listings::cache::CachedBody;
use crate::rpc::{ActionFuture, ActionRequest, within_limit};

/// The gallery file, relative to the fixtures folder.
pub const EXPERTS_FILE: &str = "content/experts.json";

/// Heading when the file gives none.
pub const DEFAULT_HEADER_TEXT: &str = "Ask the experts";

/// The gallery file's shape; `about` is a note for its authors.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExpertsFile {
    #[serde(default)]
    experts_content: Vec<FileExpert>,
    #[serde(default)]
    experts_intro: String,
    #[serde(default)]
    aslogos: bool,
    #[serde(default, rename = "header_text")]
    header_text: Option<String>,
    #[serde(default, rename = "more_text")]
    more_text: Option<String>,
    #[serde(default, rename = "back_link_text")]
    back_link_text: Option<String>,
}

/// One expert as the file writes it (`CONTENT` in plain text).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct FileExpert {
    author: String,
    #[serde(default)]
    caption: String,
    #[serde(default)]
    content: String,
    #[serde(default)]
    avatar: String,
    hashtag: String,
}

/// The gallery and its finished answer.
#[derive(Debug)]
pub struct Gallery {
    gallery: ExpertsGallery,
    body: Arc<CachedBody>,
}

impl Default for Gallery {
    fn default() -> Self {
        Self::from_file(ExpertsFile::default())
    }
}

impl Gallery {
    /// Reads `content/experts.json` under the fixtures folder. Never fails: what cannot be
    /// read is logged and left out.
    pub fn load(fixtures_dir: &Path) -> Self {
        let file = fixtures_dir.join(EXPERTS_FILE);
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(err) => {
                tracing::warn!(file = %file.display(), %err, "no experts gallery file; the gallery is empty");
                return Self::default();
            }
        };
        if text.trim().is_empty() {
            tracing::warn!(file = %file.display(), "the experts gallery file is empty");
            return Self::default();
        }
        match serde_json::from_str::<ExpertsFile>(&text) {
            Ok(parsed) => {
                let gallery = Self::from_file(parsed);
                tracing::info!(
                    experts = gallery.gallery.experts_content.len(),
                    "experts gallery loaded"
                );
                gallery
            }
            Err(err) => {
                tracing::warn!(file = %file.display(), %err, "the experts gallery file is not valid; the gallery is empty");
                Self::default()
            }
        }
    }

    /// The gallery from its JSON text (the file's shape), checked as on load.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str::<ExpertsFile>(text).map(Self::from_file)
    }

    fn from_file(file: ExpertsFile) -> Self {
        let mut experts: Vec<Expert> = Vec::with_capacity(file.experts_content.len());
        for expert in file.experts_content {
            if let Some(reason) = refusal(&expert, &experts) {
                tracing::warn!(hashtag = %expert.hashtag, reason, "expert left out of the gallery");
                continue;
            }
            experts.push(Expert {
                author: expert.author.trim().to_owned(),
                caption: expert.caption.trim().to_owned(),
                content: paragraphs_html(&expert.content),
                avatar: expert.avatar.trim().to_owned(),
                hashtag: expert.hashtag.trim().to_owned(),
            });
        }
        let text_or = |value: Option<String>, default: &str| {
            value
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| default.to_owned())
        };
        let gallery = ExpertsGallery {
            experts_content: experts,
            experts_intro: file.experts_intro.trim().to_owned(),
            aslogos: file.aslogos,
            header_text: text_or(file.header_text, DEFAULT_HEADER_TEXT),
            more_text: text_or(file.more_text, MORE_EXPERTS_LABEL),
            back_link_text: text_or(file.back_link_text, BACK_TO_ALL_EXPERTS_LABEL),
        };
        let answer = ExpertsGalleryResponse {
            error: false,
            data: Some(gallery.clone()),
        };
        // A struct of strings, bools and lists always serialises; an empty body stands in
        // if it ever did not.
        let json = serde_json::to_vec(&answer).unwrap_or_default();
        Self {
            gallery,
            body: Arc::new(CachedBody::new(0, json)),
        }
    }

    /// The gallery's content.
    pub fn gallery(&self) -> &ExpertsGallery {
        &self.gallery
    }

    /// The finished answer.
    pub fn body(&self) -> &CachedBody {
        &self.body
    }
}

/// Why an expert is left out, if it is.
fn refusal(expert: &FileExpert, kept: &[Expert]) -> Option<&'static str> {
    let hashtag = expert.hashtag.trim();
    if !hashtag.starts_with('#') || strip_hash(hashtag).trim().is_empty() {
        return Some("HASHTAG must start with # and name someone");
    }
    if kept.iter().any(|k| hashtag_matches(&k.hashtag, hashtag)) {
        return Some("HASHTAG repeats an earlier expert's (case does not count)");
    }
    if expert.author.trim().is_empty() {
        return Some("AUTHOR is blank");
    }
    let avatar = expert.avatar.trim();
    if !avatar.is_empty() && (!avatar.starts_with('/') || avatar.starts_with("//")) {
        return Some("AVATAR must be a site path");
    }
    None
}

/// Plain text as HTML paragraphs: blank lines split paragraphs, each is escaped and put in
/// `<p>`; lines inside a paragraph are joined with a space.
fn paragraphs_html(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, html: &mut String| {
        if !paragraph.is_empty() {
            html.push_str("<p>");
            html.push_str(&escape(&paragraph.join(" ")));
            html.push_str("</p>");
            paragraph.clear();
        }
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            flush(&mut paragraph, &mut html);
        } else {
            paragraph.push(line);
        }
    }
    flush(&mut paragraph, &mut html);
    html
}

/// `Posts.GetExpertsGallery`: `path` (the page asking; required, any page gets the one
/// gallery).
pub fn get_gallery(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let path = request.params.required("path")?;
        within_limit("path", lengths::GALLERY_PATH, path)?;
        Ok(state.experts.body().respond(&request.headers))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gallery(experts: &str) -> Gallery {
        Gallery::from_json(&format!(r#"{{"expertsContent": [{experts}]}}"#)).unwrap()
    }

    fn expert(hashtag: &str) -> String {
        format!(
            r##"{{"AUTHOR": "A", "CAPTION": "Sample profile", "CONTENT": "x", "AVATAR": "/assets/avatars/sample-1.svg", "HASHTAG": "{hashtag}"}}"##
        )
    }

    #[test]
    fn hashtags_without_a_hash_are_left_out() {
        let g = gallery(&[expert("#Ada"), expert("Bob"), expert("#")].join(","));
        let tags: Vec<_> = g
            .gallery()
            .experts_content
            .iter()
            .map(|e| e.hashtag.as_str())
            .collect();
        assert_eq!(tags, ["#Ada"]);
    }

    #[test]
    fn a_hashtag_repeated_in_another_case_keeps_the_first() {
        let g = gallery(&[expert("#Ada"), expert("#ADA"), expert("#Bea")].join(","));
        let tags: Vec<_> = g
            .gallery()
            .experts_content
            .iter()
            .map(|e| e.hashtag.as_str())
            .collect();
        assert_eq!(tags, ["#Ada", "#Bea"]);
    }

    #[test]
    fn content_is_escaped_into_paragraphs() {
        assert_eq!(
            paragraphs_html("One <b>&\nline\n\n  Two  \n"),
            "<p>One &lt;b&gt;&amp; line</p><p>Two</p>"
        );
        assert_eq!(paragraphs_html(""), "");
    }

    #[test]
    fn an_empty_object_is_an_empty_gallery_with_the_default_texts() {
        let g = Gallery::from_json("{}").unwrap();
        assert!(g.gallery().experts_content.is_empty());
        assert_eq!(g.gallery().more_text, MORE_EXPERTS_LABEL);
        assert_eq!(g.gallery().back_link_text, BACK_TO_ALL_EXPERTS_LABEL);
        assert_eq!(g.gallery().header_text, DEFAULT_HEADER_TEXT);
    }

    #[test]
    fn avatars_must_be_site_paths() {
        let bad = r##"{"AUTHOR": "A", "AVATAR": "https://elsewhere.test/a.png", "HASHTAG": "#A"}"##;
        let protocol_relative =
            r##"{"AUTHOR": "B", "AVATAR": "//elsewhere.test/b.png", "HASHTAG": "#B"}"##;
        assert!(
            gallery(&[bad, protocol_relative].join(","))
                .gallery()
                .experts_content
                .is_empty()
        );
    }

    #[test]
    fn the_shipped_gallery_has_no_one_in_it() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        assert!(Gallery::load(&dir).gallery().experts_content.is_empty());
    }

    #[test]
    fn the_tests_sample_gallery_is_all_sample_profiles_with_unique_hashtags() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-fixtures");
        let text = std::fs::read_to_string(dir.join(EXPERTS_FILE)).unwrap();
        let raw: ExpertsFile = serde_json::from_str(&text).unwrap();
        let loaded = Gallery::load(&dir);
        let experts = &loaded.gallery().experts_content;
        assert_eq!(experts.len(), raw.experts_content.len(), "none left out");
        assert!((8..=12).contains(&experts.len()));
        for e in experts {
            assert!(e.caption.contains("Sample profile"), "{}", e.author);
            let avatar = dir
                .join("../frontend/public")
                .join(e.avatar.trim_start_matches('/'));
            assert!(avatar.is_file(), "{} has no avatar file", e.author);
        }
    }
}
