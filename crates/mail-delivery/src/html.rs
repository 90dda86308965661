//! The HTML part of a plain-text e-mail: the same words, so a mail client that shows
//! either part shows the same message. Every character of the text is escaped; the only
//! markup is the paragraphs, the line breaks and a link around each web address.

/// The HTML document for `text`: paragraphs where the text has blank lines, line breaks
/// where it has single ones, and each `http://` or `https://` address a link to itself.
///
/// ```
/// use mail_delivery::html::html_part;
/// let html = html_part("Hello <you>.\n\nGo to https://site.example/a.");
/// assert!(html.contains("<p>Hello &lt;you&gt;.</p>"));
/// assert!(html.contains(r#"<p>Go to <a href="https://site.example/a">https://site.example/a</a>.</p>"#));
/// ```
pub fn html_part(text: &str) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"></head>\
         <body style=\"font-family:sans-serif;line-height:1.5\">\n",
    );
    let normalised = text.replace("\r\n", "\n");
    for paragraph in normalised
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        out.push_str("<p>");
        for (i, line) in paragraph.lines().enumerate() {
            if i > 0 {
                out.push_str("<br>\n");
            }
            push_line(&mut out, line);
        }
        out.push_str("</p>\n");
    }
    out.push_str("</body></html>\n");
    out
}

/// Characters that end a web address: blanks, and punctuation that closes a sentence when
/// it is the address's last character.
fn address_end(line: &str) -> usize {
    let end = line.find(char::is_whitespace).unwrap_or(line.len());
    line[..end]
        .trim_end_matches(['.', ',', ';', ':', '!', '?', ')'])
        .len()
}

fn push_line(out: &mut String, mut line: &str) {
    while let Some((start, scheme)) = ["https://", "http://"]
        .iter()
        .filter_map(|scheme| line.find(scheme).map(|at| (at, scheme.len())))
        .min()
    {
        push_escaped(out, &line[..start]);
        let rest = &line[start..];
        // Never shorter than the scheme: the walk always moves on.
        let end = address_end(rest).max(scheme);
        let address = &rest[..end];
        if end == scheme {
            // A scheme with nothing after it is not an address.
            push_escaped(out, address);
        } else {
            out.push_str("<a href=\"");
            push_escaped(out, address);
            out.push_str("\">");
            push_escaped(out, address);
            out.push_str("</a>");
        }
        line = &rest[end..];
    }
    push_escaped(out, line);
}

fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The markup [`html_part`] writes itself; anything else in angle brackets came from
    /// the text and was not escaped.
    fn strip_own_markup(html: &str) -> String {
        let mut body = html
            .split_once("line-height:1.5\">\n")
            .map(|(_, b)| b)
            .unwrap_or("")
            .trim_end_matches("</body></html>\n")
            .replace("<p>", "")
            .replace("</p>\n", "\n")
            .replace("<br>\n", "\n")
            .replace("</a>", "");
        while let Some(start) = body.find("<a href=\"") {
            let Some(len) = body[start..].find("\">") else {
                break;
            };
            body.replace_range(start..start + len + 2, "");
        }
        body
    }

    fn unescape(text: &str) -> String {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    #[test]
    fn the_sign_in_mail_reads_alike_in_both_parts() {
        let html = html_part(
            "Use this link to sign in:\n\nhttps://site.example/join/light/confirm?code=a_b-c\n\nIt works once.",
        );
        assert!(html.contains(
            "<p><a href=\"https://site.example/join/light/confirm?code=a_b-c\">https://site.example/join/light/confirm?code=a_b-c</a></p>"
        ));
        assert!(html.contains("<p>It works once.</p>"));
    }

    #[test]
    fn a_bare_scheme_is_text() {
        assert!(html_part("see https:// now").contains("<p>see https:// now</p>"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn no_markup_but_its_own_and_every_word_kept(text in "[a-z <>&\"'.:/\n]{0,80}|(https?://[a-z.<>\"&]{0,12} ?){0,3}") {
            let html = html_part(&text);
            let plain = strip_own_markup(&html);
            prop_assert!(!plain.contains('<') && !plain.contains('>'), "{}", html);
            let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
            prop_assert_eq!(words(&unescape(&plain)), words(&text));
        }
    }
}
