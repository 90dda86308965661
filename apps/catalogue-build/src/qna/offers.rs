//! Which card page each Credit Cards question sits on (`offer_id`, a catalogue `ID`). FiQA
//! names no products, so the links are ours:
//!
//! - A question (title, more information or answers) that names a brand of
//!   [`BRAND_MENTIONS`] goes on a card whose `ISSUER` or `NAME` contains the brand's needle;
//!   the brand named first in the text wins, and the card among several is picked by a hash
//!   of the question.
//! - The other Credit Cards questions, in id order, go on the first [`FALLBACK_CARDS`] cards
//!   in turn, so the questions spread over several card pages.
//!
//! Only real cards are used: not illustrative (`ILLUSTRATIVE` = Y), not discontinued
//! (`DISCONTINUED` = Y), in catalogue order (by `ID`). Questions of other categories have no
//! card.

use serde_json::Value;

/// A fixed 64-bit hash of `purpose` and `text`: FNV-1a, then the SplitMix64 finaliser so
/// that every bit varies.
fn hash(purpose: &str, text: &str) -> u64 {
    let mut z = crate::raw::fnv1a(&format!("{purpose}\u{1f}{text}"));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How many cards the questions naming no brand are spread over.
pub const FALLBACK_CARDS: usize = 10;

/// A brand as the text names it (case-sensitive, a whole word or words) and the needle that
/// finds its cards (lower-case, in `ISSUER` or `NAME`).
pub const BRAND_MENTIONS: [(&str, &str); 28] = [
    ("American Express", "american express"),
    ("AmEx", "american express"),
    ("Amex", "american express"),
    ("AMEX", "american express"),
    ("Chase", "chase"),
    ("Citi", "citi"),
    ("Citibank", "citi"),
    ("Capital One", "capital one"),
    ("Discover", "discover"),
    ("Bank of America", "bank of america"),
    ("BofA", "bank of america"),
    ("Wells Fargo", "wells fargo"),
    ("Barclays", "barclays"),
    ("Barclaycard", "barclays"),
    ("U.S. Bank", "u.s. bank"),
    ("US Bank", "u.s. bank"),
    ("USAA", "usaa"),
    ("Synchrony", "synchrony"),
    ("PenFed", "penfed"),
    ("Navy Federal", "navy federal"),
    ("Walmart", "walmart"),
    ("Amazon", "amazon"),
    ("Costco", "costco"),
    ("Southwest", "southwest"),
    ("Marriott", "marriott"),
    ("Hilton", "hilton"),
    ("Hyatt", "hyatt"),
    ("JetBlue", "jetblue"),
];

/// A card a question can sit on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The catalogue `ID`.
    pub id: String,
    /// `ISSUER` and `NAME`, lower-case, for the needles.
    pub haystack: String,
}

/// The real cards of the catalogue's credit-card file, in its order.
pub fn cards(credit_cards: &[Value]) -> Vec<Card> {
    let text = |offer: &Value, field: &str| -> String {
        offer
            .get(field)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    credit_cards
        .iter()
        .filter(|offer| text(offer, "ILLUSTRATIVE") != "Y" && text(offer, "DISCONTINUED") != "Y")
        .filter(|offer| !text(offer, "ID").is_empty())
        .map(|offer| Card {
            id: text(offer, "ID"),
            haystack: format!("{} {}", text(offer, "ISSUER"), text(offer, "NAME")).to_lowercase(),
        })
        .collect()
}

/// Where `needle` first occurs in `text` as whole words (no letter or digit just before or
/// after it).
pub fn find_word(text: &str, needle: &str) -> Option<usize> {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(needle)
        .find(|(at, _)| {
            let before = text.get(..*at).and_then(|head| head.chars().next_back());
            let after = text
                .get(at.saturating_add(needle.len())..)
                .and_then(|tail| tail.chars().next());
            !alnum(before) && !alnum(after)
        })
        .map(|(at, _)| at)
}

/// The card a question naming a brand sits on, from its text and sort key; `None` when it
/// names none that the catalogue has a card of.
pub fn mentioned(text: &str, key: &str, cards: &[Card]) -> Option<String> {
    let mut brands: Vec<(usize, &str)> = BRAND_MENTIONS
        .iter()
        .filter_map(|(brand, needle)| find_word(text, brand).map(|at| (at, *needle)))
        .collect();
    brands.sort_unstable();
    brands.into_iter().find_map(|(_, needle)| {
        let matching: Vec<&Card> = cards
            .iter()
            .filter(|card| card.haystack.contains(needle))
            .collect();
        let len = u64::try_from(matching.len()).ok()?;
        let at = usize::try_from(hash("card", key).checked_rem(len)?).ok()?;
        matching.get(at).map(|card| card.id.clone())
    })
}

/// The card of the `turn`-th Credit Cards question that names no brand.
pub fn fallback(turn: usize, cards: &[Card]) -> Option<String> {
    let pool = cards.len().min(FALLBACK_CARDS);
    let at = turn.checked_rem(pool)?;
    cards.get(at).map(|card| card.id.clone())
}

#[cfg(test)]
mod tests;
