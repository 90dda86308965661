#![doc = include_str!("../README.md")]

pub mod encoding;
pub mod same_site;
pub mod sign_up;

#[cfg(test)]
mod test_vectors;

/// A base address (the site's origin such as `https://example.com`, or empty for
/// root-relative links) without surrounding blanks and trailing slashes, ready to have a
/// path appended.
///
/// ```
/// use site_urls::trim_base_address;
///
/// assert_eq!(trim_base_address(" https://example.com// "), "https://example.com");
/// assert_eq!(trim_base_address(""), "");
/// ```
pub fn trim_base_address(base: &str) -> &str {
    base.trim().trim_end_matches('/')
}
