//! Text limits of the truncated text block and the editor notes: site-core §9
//! "Truncation breakpoint 768 px. Word limits by viewport width: under 416 gives 35,
//! 541 gives 50, 769 gives 70, 1282 gives 90, 1901 gives 100, 2048 gives 150. Editor
//! note break widths 768:50, 2048:500", and the show more / show less block of §2.
//!
//! Rules (settled readings of the spec's lists):
//!
//! - Word limits are "under" breakpoints: a width under 416 px gives 35 words, under
//!   541 gives 50, under 769 gives 70, under 1282 gives 90, under 1901 gives 100,
//!   under 2048 gives 150, and 2048 px or wider also gives 150 (the widest limit
//!   carries on; a limit never disappears).
//! - Editor note break widths are "up to" breakpoints in characters: up to and
//!   including 768 px gives 50 characters, up to 2048 px gives 500, and wider also
//!   gives 500.
//! - The truncation breakpoint: at 768 px or narrower a truncated block starts
//!   collapsed (the first words, with show more); wider, it starts expanded (the
//!   full text, with show less when the text is over its limit).
//! - A word is a run of non-whitespace characters (Unicode whitespace separates).
//!   Characters are Unicode scalar values: a cut never splits a multi-byte
//!   character. The cut text is a prefix of the input without trailing whitespace;
//!   the ellipsis and the toggle are the block's, not part of the text.

use serde::Serialize;

use crate::constants::{
    EDITOR_NOTE_LIMITS, TRUNCATION_BREAKPOINT_PX, WIDEST_EDITOR_NOTE_LIMIT, WIDEST_WORD_LIMIT,
    WORD_LIMITS,
};

/// The word limit of the truncated text block at a viewport width in CSS pixels.
///
/// # Examples
///
/// ```
/// use formatting::text_limits::word_limit;
///
/// assert_eq!(word_limit(415), 35);
/// assert_eq!(word_limit(416), 50);
/// assert_eq!(word_limit(2047), 150);
/// assert_eq!(word_limit(3840), 150);
/// ```
pub fn word_limit(viewport_width: u32) -> usize {
    WORD_LIMITS
        .iter()
        .find(|&&(under, _)| viewport_width < under)
        .map_or(WIDEST_WORD_LIMIT, |&(_, limit)| limit)
}

/// The character limit of an editor note at a viewport width in CSS pixels.
///
/// # Examples
///
/// ```
/// use formatting::text_limits::editor_note_char_limit;
///
/// assert_eq!(editor_note_char_limit(768), 50);
/// assert_eq!(editor_note_char_limit(769), 500);
/// assert_eq!(editor_note_char_limit(4000), 500);
/// ```
pub fn editor_note_char_limit(viewport_width: u32) -> usize {
    EDITOR_NOTE_LIMITS
        .iter()
        .find(|&&(up_to, _)| viewport_width <= up_to)
        .map_or(WIDEST_EDITOR_NOTE_LIMIT, |&(_, limit)| limit)
}

/// Whether a truncated text block starts collapsed at this viewport width: at the
/// 768 px truncation breakpoint or narrower.
///
/// # Examples
///
/// ```
/// use formatting::text_limits::starts_collapsed;
///
/// assert!(starts_collapsed(768));
/// assert!(!starts_collapsed(769));
/// ```
pub fn starts_collapsed(viewport_width: u32) -> bool {
    viewport_width <= TRUNCATION_BREAKPOINT_PX
}

/// A text cut to a limit: a prefix of the input, and whether anything was cut
/// (which decides whether the block offers show more / show less).
///
/// Serialises as `{"text": "…", "cut": true}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Truncated<'a> {
    text: &'a str,
    cut: bool,
}

impl<'a> Truncated<'a> {
    /// The text to show: the whole input when nothing was cut, otherwise a prefix
    /// ending at the end of a word.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Whether the input was longer than the limit and was cut.
    pub fn is_cut(&self) -> bool {
        self.cut
    }

    fn whole(text: &'a str) -> Self {
        Self { text, cut: false }
    }

    fn cut(text: &'a str) -> Self {
        Self {
            text: text.trim_end(),
            cut: true,
        }
    }
}

/// Keeps the first `limit` words of `text`, cutting at a word boundary.
///
/// With `limit` words or fewer the text is returned whole and unchanged; otherwise
/// the prefix up to the end of the `limit`-th word.
///
/// # Examples
///
/// ```
/// use formatting::text_limits::truncate_words;
///
/// let short = truncate_words("No annual fee and 0% intro APR", 4);
/// assert_eq!(short.text(), "No annual fee and");
/// assert!(short.is_cut());
///
/// let whole = truncate_words("Café rewards ", 2);
/// assert_eq!(whole.text(), "Café rewards ");
/// assert!(!whole.is_cut());
/// ```
pub fn truncate_words(text: &str, limit: usize) -> Truncated<'_> {
    let mut words: usize = 0;
    let mut in_word = false;
    for (index, character) in text.char_indices() {
        if character.is_whitespace() {
            in_word = false;
        } else if !in_word {
            in_word = true;
            if words == limit {
                // This word is one too many: cut before it.
                return Truncated::cut(text.get(..index).unwrap_or_default());
            }
            words = words.saturating_add(1);
        }
    }
    Truncated::whole(text)
}

/// Keeps at most `limit` characters of `text`, ending at a word boundary when one
/// fits: the text is cut before the first word that does not fit whole, and only a
/// first word longer than the limit is cut inside (at `limit` characters). A text
/// whose characters past the limit are all whitespace is returned whole.
///
/// # Examples
///
/// ```
/// use formatting::text_limits::truncate_chars;
///
/// let note = truncate_chars("Great for travel abroad", 12);
/// assert_eq!(note.text(), "Great for");
/// assert!(note.is_cut());
///
/// assert_eq!(truncate_chars("Supercalifragilistic", 5).text(), "Super");
/// assert!(!truncate_chars("Short note", 50).is_cut());
/// ```
pub fn truncate_chars(text: &str, limit: usize) -> Truncated<'_> {
    let Some((end, first_dropped)) = text.char_indices().nth(limit) else {
        return Truncated::whole(text);
    };
    let kept = text.get(..end).unwrap_or_default();
    if text.get(end..).unwrap_or_default().trim().is_empty() {
        // Only whitespace is over the limit: nothing worth a show more.
        return Truncated::whole(text);
    }
    if first_dropped.is_whitespace() {
        return Truncated::cut(kept);
    }
    // The first dropped character is inside a word: back off to the whitespace
    // before that word, unless no whole word would remain.
    match kept.rfind(char::is_whitespace) {
        Some(space) if !kept.get(..space).unwrap_or_default().trim().is_empty() => {
            Truncated::cut(kept.get(..space).unwrap_or_default())
        }
        _ => Truncated::cut(kept),
    }
}

#[cfg(test)]
mod tests;
