//! Writing data into a page safely: text into HTML, JSON into a `<script>` element, a
//! value into a URL. Every area that puts data into a page (the renderer, the sitemap,
//! the experts gallery, Q&A's text) uses these, so there is one rule for each.

/// Escapes text for HTML element content and double-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON made safe to sit inside a `<script>` element: every `<` becomes `\u003c` (which
/// only occurs inside strings, where it means the same), so `</script>` and `<!--` cannot
/// appear.
pub fn json_for_html(json: &[u8]) -> String {
    let text = String::from_utf8_lossy(json);
    if text.contains('<') {
        text.replace('<', "\\u003c")
    } else {
        text.into_owned()
    }
}

/// A percent-encoded query value or path segment: unreserved characters stay, every other
/// byte is `%XX`.
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn json_in_html_cannot_close_its_script() {
        let json = serde_json::to_vec(
            &serde_json::json!({"name": "</script><script>alert(1)</script><!--"}),
        )
        .unwrap();
        let safe = json_for_html(&json);
        assert!(!safe.contains('<'), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["name"], "</script><script>alert(1)</script><!--");
    }

    #[test]
    fn components_are_percent_encoded() {
        assert_eq!(encode_component("ccb-1,ccb-2"), "ccb-1%2Cccb-2");
        assert_eq!(encode_component("a b/é"), "a%20b%2F%C3%A9");
        assert_eq!(encode_component("Aa0-_.~"), "Aa0-_.~");
    }
}
