//! A question's title from the FiQA question text, under the site's question rule (community
//! §5, §9: at least 3 words, at most 140 characters; [`QuestionText`]).
//!
//! - White space runs become one space, and a Stack Exchange status marker at the end
//!   (`[duplicate]`, `[closed]`, `[on hold]`, `[migrated]`) is dropped.
//! - A text that passes the rule is the title, with no more information.
//! - A longer text keeps its first sentence when that passes the rule, otherwise it is cut at
//!   a word boundary and ends with `…`, within 140 characters; the whole text becomes the
//!   question's more information.
//! - A text of fewer than 3 words cannot pass: the question is dropped.

use qna_validation::{
    constants::QUESTION_MAX_CHARS,
    question::{QuestionError, QuestionText},
    text::collapse_white_space,
};

/// Stack Exchange status markers left at the end of some titles.
pub const STATUS_MARKERS: [&str; 4] = ["[duplicate]", "[closed]", "[on hold]", "[migrated]"];

/// The end of a cut title.
pub const ELLIPSIS: char = '…';

/// A title that passes the question rule, and the question's more information (`""` unless
/// the title was shortened).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Title {
    /// The title.
    pub title: String,
    /// The whole question text when the title is shorter, else `""`.
    pub more_info: String,
}

/// The question text as the site shows it: one space between words, no status marker.
pub fn clean(question: &str) -> String {
    let mut text = collapse_white_space(question);
    for marker in STATUS_MARKERS {
        if let Some(rest) = text.strip_suffix(marker) {
            text = rest.trim_end().to_owned();
        }
    }
    text
}

/// The title of a question text (see the module docs), or why it cannot have one.
pub fn title(question: &str) -> Result<Title, QuestionError> {
    let text = clean(question);
    match QuestionText::parse(&text) {
        Ok(title) => Ok(Title {
            title: title.as_str().to_owned(),
            more_info: String::new(),
        }),
        Err(QuestionError::TooLong { .. }) => {
            let short = first_sentence(&text)
                .and_then(|sentence| QuestionText::parse(sentence).ok())
                .map_or_else(|| QuestionText::parse(&cut(&text)), Ok)?;
            Ok(Title {
                title: short.as_str().to_owned(),
                more_info: text,
            })
        }
        Err(error) => Err(error),
    }
}

/// The text up to and including the first `.`, `?` or `!` that a space follows, when there
/// is one.
fn first_sentence(text: &str) -> Option<&str> {
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if matches!(c, '.' | '?' | '!') && chars.peek().is_some_and(|(_, next)| *next == ' ') {
            return text.get(..index.saturating_add(c.len_utf8()));
        }
    }
    None
}

/// The longest run of whole words from the start that fits in [`QUESTION_MAX_CHARS`] with
/// [`ELLIPSIS`] after it (trailing `,;:` dropped before the ellipsis).
fn cut(text: &str) -> String {
    let mut out = String::new();
    for word in text.split(' ') {
        let next = if out.is_empty() {
            word.to_owned()
        } else {
            format!("{out} {word}")
        };
        if next.chars().count().saturating_add(1) > QUESTION_MAX_CHARS {
            break;
        }
        out = next;
    }
    let mut out = out.trim_end_matches([',', ';', ':']).to_owned();
    out.push(ELLIPSIS);
    out
}

#[cfg(test)]
mod tests;
