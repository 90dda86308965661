//! The public API of a library crate as text, one item per line, and the difference
//! between two such texts: what `just api-check` compares with the baseline committed
//! beside each domain crate (`crates/<name>/public-api.txt`).

use std::path::Path;

/// Why a crate's public API could not be read.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// The rustdoc JSON could not be read or understood.
    #[error("cannot read the public API from {path}: {message}")]
    Unreadable {
        /// The JSON file.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The public API described by a rustdoc JSON file: one item per line, in the stable order
/// of `public-api`, ending with a newline. Blanket impls (`impl<T> From<T> for T` and the
/// like) are left out: every type has them and no change of ours can break them. Auto
/// traits (`Send`, `Sync`, ...) stay, because losing one breaks a caller.
pub fn render(rustdoc_json: &Path) -> Result<String, BaselineError> {
    let api = public_api::Builder::from_rustdoc_json(rustdoc_json)
        .omit_blanket_impls(true)
        .build()
        .map_err(|err| BaselineError::Unreadable {
            path: rustdoc_json.display().to_string(),
            message: err.to_string(),
        })?;
    let mut text = String::new();
    for item in api.items() {
        text.push_str(&item.to_string());
        text.push('\n');
    }
    Ok(text)
}

/// What changed from the recorded API to the current one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApiDiff {
    /// Lines of the recorded API the current one lacks: a removal or a changed signature,
    /// which breaks callers.
    pub removed: Vec<String>,
    /// Lines the current API has and the recorded one lacks: an addition (or the new side
    /// of a changed signature).
    pub added: Vec<String>,
}

impl ApiDiff {
    /// Whether the two APIs are the same.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.added.is_empty()
    }
}

/// The lines in one text and not the other, each side in its own order. A line repeated
/// counts once per occurrence, so a duplicated item is seen too.
pub fn diff(recorded: &str, current: &str) -> ApiDiff {
    ApiDiff {
        removed: missing_from(recorded, current),
        added: missing_from(current, recorded),
    }
}

/// The lines of `from` that `other` does not have (as a multiset).
fn missing_from(from: &str, other: &str) -> Vec<String> {
    let mut remaining: Vec<&str> = other.lines().collect();
    remaining.sort_unstable();
    let mut missing = Vec::new();
    for line in from.lines() {
        match remaining.binary_search(&line) {
            Ok(at) => {
                remaining.remove(at);
            }
            Err(_) => missing.push(line.to_owned()),
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_api_has_no_difference() {
        let api = "pub fn a::f(&str) -> usize\npub struct a::S\n";
        assert!(diff(api, api).is_empty());
    }

    #[test]
    fn a_changed_signature_is_one_removal_and_one_addition() {
        let recorded = "pub fn a::f(&str) -> usize\npub struct a::S\n";
        let current = "pub struct a::S\npub fn a::f(&str) -> u64\n";
        assert_eq!(
            diff(recorded, current),
            ApiDiff {
                removed: vec!["pub fn a::f(&str) -> usize".to_owned()],
                added: vec!["pub fn a::f(&str) -> u64".to_owned()],
            }
        );
    }

    #[test]
    fn a_repeated_line_counts_each_time() {
        let recorded = "impl a::T for a::S\n";
        let current = "impl a::T for a::S\nimpl a::T for a::S\n";
        assert_eq!(diff(recorded, current).added, vec!["impl a::T for a::S"]);
    }

    #[test]
    fn an_unreadable_file_is_an_error_not_a_panic() {
        let err = render(Path::new("no/such/file.json")).unwrap_err();
        assert!(err.to_string().contains("no/such/file.json"), "{err}");
    }
}
