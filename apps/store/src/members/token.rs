//! Secret tokens: session tokens and sign-in codes are 256 random bits from the operating
//! system's generator, written as 64 lowercase hex digits; only their SHA-256 (also as
//! hex) is ever stored.

use sha2::{Digest, Sha256};

/// Bytes of randomness in a token (256 bits).
pub const TOKEN_BYTES: usize = 32;

/// Hex digits in a token and in a stored digest.
pub const TOKEN_HEX_LEN: usize = TOKEN_BYTES * 2;

/// A fresh token: [`TOKEN_BYTES`] random bytes as lowercase hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// The stored form of a token: the lowercase hex SHA-256 of its text.
pub fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `token` has the shape [`new_token`] gives (64 lowercase hex digits). Anything
/// else is refused before a database look-up.
pub fn is_well_formed(token: &str) -> bool {
    token.len() == TOKEN_HEX_LEN
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_is_the_hex_sha256_of_the_text() {
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            digest(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn tokens_are_256_bit_hex_and_differ() {
        let tokens: std::collections::HashSet<String> = (0..100).map(|_| new_token()).collect();
        assert_eq!(tokens.len(), 100);
        for t in &tokens {
            assert!(is_well_formed(t), "{t}");
            assert_eq!(digest(t).len(), TOKEN_HEX_LEN);
            assert_ne!(&digest(t), t);
        }
        // Every hex digit shows up across the tokens (no stuck nibbles).
        let digits: std::collections::HashSet<char> =
            tokens.iter().flat_map(|t| t.chars()).collect();
        assert_eq!(digits.len(), 16);
        let a = tokens.iter().next().unwrap();
        assert!(!is_well_formed(&a.to_uppercase()));
        assert!(!is_well_formed(&a[1..]));
        assert!(!is_well_formed(&format!("{}g", &a[1..])));
        assert!(!is_well_formed(""));
    }
}
