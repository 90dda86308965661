//! Percent-encoding of query values (site-core §2): [`percent_encode_component`] and
//! [`percent_decode_component`] are JavaScript's `encodeURIComponent` and
//! `decodeURIComponent`, the one encoder and decoder of the workspace;
//! [`form_decode_component`] reads one name or value of a form-encoded query string.

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
