//! Text from data, made safe and short enough to draw.
//!
//! Rules:
//!
//! - [`clean`]: any run of Unicode whitespace becomes one space, leading and trailing
//!   blanks go, and characters XML cannot hold or that draw nothing (control
//!   characters, U+FFFE, U+FFFF) are dropped.
//! - [`truncate`]: a character is a Unicode scalar value, so a cut never splits a
//!   multi-byte character (a combining accent may lose its base letter; the text
//!   stays valid). Text over the limit keeps `max - 1` characters, loses any
//!   trailing blank and ends with `…`, so the result is at most `max` characters.
//! - [`escape`]: `&`, `<`, `>`, `"` and `'` become entities, fit for element content
//!   and double-quoted attributes alike; it drops the same characters as [`clean`],
//!   so anything that goes through it is well-formed XML.
//!
//! Text is cleaned, then truncated, then escaped: an entity is never cut in half.

/// The mark of truncated text.
const ELLIPSIS: char = '…';

/// Whether XML 1.0 can hold `c` and it is worth drawing.
fn is_drawable(c: char) -> bool {
    !c.is_control() && !matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// `text` with blanks collapsed and trimmed and undrawable characters dropped.
pub(crate) fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_pending = false;
    for c in text.chars() {
        if c.is_whitespace() {
            blank_pending = !out.is_empty();
        } else if is_drawable(c) {
            if blank_pending {
                out.push(' ');
                blank_pending = false;
            }
            out.push(c);
        }
    }
    out
}

/// `text` cut to at most `max` characters, the last of them `…` when it was cut.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let Some(keep) = max.checked_sub(1) else {
        return String::new();
    };
    let mut out: String = text.chars().take(keep).collect();
    out.truncate(out.trim_end().len());
    out.push(ELLIPSIS);
    out
}

/// `text` XML-escaped for element content or a double-quoted attribute, without the
/// characters XML cannot hold.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_drawable(c) => out.push(c),
            _ => {}
        }
    }
    out
}

/// `text` cleaned, cut to `max` characters and escaped: a label ready to draw.
pub(crate) fn label(text: &str, max: usize) -> String {
    escape(&truncate(&clean(text), max))
}

#[cfg(test)]
mod tests;
