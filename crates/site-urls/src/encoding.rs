//! Percent-encoding of query values (site-core §2): [`percent_encode_component`] and
//! [`percent_decode_component`] are JavaScript's `encodeURIComponent` and
//! `decodeURIComponent`, the one encoder and decoder of the workspace;
//! [`form_decode_component`] reads one name or value of a form-encoded query string, and
//! [`form_pairs`] a whole one.

use std::borrow::Cow;

#[cfg(test)]
mod tests;

/// Percent-encodes a query value the way JavaScript's `encodeURIComponent` does: every
/// byte of the UTF-8 form is written `%XX` (upper-case hex) except the ASCII letters and
/// digits and `- _ . ! ~ * ' ( )`.
///
/// ```
/// use site_urls::encoding::percent_encode_component;
///
/// assert_eq!(percent_encode_component("/a b?c=é"), "%2Fa%20b%3Fc%3D%C3%A9");
/// ```
pub fn percent_encode_component(input: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(input.len());
    for byte in input.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            for nibble in [byte >> 4, byte & 0x0F] {
                let digit = HEX.get(usize::from(nibble)).copied().unwrap_or(b'0');
                out.push(char::from(digit));
            }
        }
    }
    out
}

/// Decodes a percent-encoded query value the way JavaScript's `decodeURIComponent` does:
/// each `%XX` (two hex digits, either case) is one byte, and every other character stays
/// as it is (`+` stays `+`). Returns `None` where JavaScript throws: a `%` not followed by
/// two hex digits (`100%`, `%zz`, `%4`), or bytes that are not UTF-8 (`%FF`, `%C3`).
/// Decodes once: `%252F` gives `%2F`.
///
/// ```
/// use site_urls::encoding::percent_decode_component;
///
/// assert_eq!(percent_decode_component("a%20b%C3%A9+x").as_deref(), Some("a bé+x"));
/// assert_eq!(percent_decode_component("100%"), None);
/// assert_eq!(percent_decode_component("%FF"), None);
/// ```
pub fn percent_decode_component(input: &str) -> Option<String> {
    decode_component(input, false).map(Cow::into_owned)
}

/// Decodes one name or value of a form-encoded query string
/// (`application/x-www-form-urlencoded`): `+` is a space, and `%XX` escapes are decoded
/// as [`percent_decode_component`] decodes them (a `%2B` stays a plus sign). Returns
/// `None` for a malformed escape or bytes that are not UTF-8. Borrows the input when it
/// holds nothing to decode, which is the common case.
///
/// ```
/// use std::borrow::Cow;
/// use site_urls::encoding::form_decode_component;
///
/// assert_eq!(form_decode_component("a+b%2Bc").as_deref(), Some("a b+c"));
/// assert!(matches!(form_decode_component("plain"), Some(Cow::Borrowed("plain"))));
/// assert_eq!(form_decode_component("%zz"), None);
/// ```
pub fn form_decode_component(input: &str) -> Option<Cow<'_, str>> {
    decode_component(input, true)
}

/// One name and value of a form-encoded query string, decoded; each borrows from the query
/// when it held nothing to decode.
pub type FormPair<'a> = (Cow<'a, str>, Cow<'a, str>);

/// Reads a form-encoded query string (`a=1&b=x+y`, without the `?`) into its pairs, in
/// order. Empty segments are skipped; a segment's first `=` ends its name, and a segment
/// without one has an empty value. Names and values are decoded as
/// [`form_decode_component`] decodes them; `None` when one of them is malformed, so a
/// query is read whole or refused.
///
/// The query is scanned once, and only names and values holding a `%` or `+` are decoded
/// (and so read again): the ad-view pixel reads its query with this on every request.
///
/// ```
/// use std::borrow::Cow;
/// use site_urls::encoding::form_pairs;
///
/// let pairs = form_pairs("a=1&&b=x+y%2Bz&c&a=2=3").unwrap();
/// let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (&**k, &**v)).collect();
/// assert_eq!(pairs, [("a", "1"), ("b", "x y+z"), ("c", ""), ("a", "2=3")]);
/// assert!(matches!(form_pairs("id=a1").unwrap()[0], (Cow::Borrowed("id"), Cow::Borrowed("a1"))));
/// assert_eq!(form_pairs("a=1&b=%zz"), None);
/// ```
pub fn form_pairs(query: &str) -> Option<Vec<FormPair<'_>>> {
    let bytes = query.as_bytes();
    // Room for a pixel's seven pairs without growing.
    let mut pairs = Vec::with_capacity(8);
    // The segment being read: where it starts, where its first `=` is, and whether its
    // name or its value holds something to decode.
    let mut start = 0;
    let mut equals = None;
    let (mut coded_name, mut coded_value) = (false, false);
    for at in 0..=bytes.len() {
        // A `&` after the last byte ends the last segment.
        match bytes.get(at).copied().unwrap_or(b'&') {
            b'&' => {
                if at > start {
                    let (name, value) = match equals {
                        Some(eq) => (start..eq, eq + 1..at),
                        None => (start..at, at..at),
                    };
                    pairs.push((
                        form_part(query, name, coded_name)?,
                        form_part(query, value, coded_value)?,
                    ));
                }
                start = at + 1;
                equals = None;
                (coded_name, coded_value) = (false, false);
            }
            b'=' if equals.is_none() => equals = Some(at),
            b'%' | b'+' if equals.is_some() => coded_value = true,
            b'%' | b'+' => coded_name = true,
            _ => {}
        }
    }
    Some(pairs)
}

/// One name or value of [`form_pairs`]: borrowed as it is, or decoded when `coded`. The
/// range ends at ASCII bytes (`&`, `=`, the end), so it is on character boundaries.
fn form_part(query: &str, range: std::ops::Range<usize>, coded: bool) -> Option<Cow<'_, str>> {
    let text = query.get(range)?;
    if coded {
        form_decode_component(text)
    } else {
        Some(Cow::Borrowed(text))
    }
}

/// The decoder behind both: `plus_is_space` tells whether `+` means a space.
fn decode_component(input: &str, plus_is_space: bool) -> Option<Cow<'_, str>> {
    let needs_work = |b: &u8| *b == b'%' || (plus_is_space && *b == b'+');
    if !input.as_bytes().iter().any(needs_work) {
        return Some(Cow::Borrowed(input));
    }
    let mut bytes = Vec::with_capacity(input.len());
    let mut rest = input.bytes();
    while let Some(byte) = rest.next() {
        match byte {
            b'%' => {
                let high = hex_value(rest.next()?)?;
                let low = hex_value(rest.next()?)?;
                bytes.push((high << 4) | low);
            }
            b'+' if plus_is_space => bytes.push(b' '),
            _ => bytes.push(byte),
        }
    }
    String::from_utf8(bytes).ok().map(Cow::Owned)
}

/// The value of one hex digit.
fn hex_value(digit: u8) -> Option<u8> {
    char::from(digit)
        .to_digit(16)
        .and_then(|value| u8::try_from(value).ok())
}
