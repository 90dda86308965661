//! The illustrated credit card: [`card_art`].
//!
//! Layout, on a 160 × 101 card (the ratio of a real one) with rounded corners:
//!
//! - the background is a diagonal gradient from the issuer's palette colour to its
//!   neighbour on the colour wheel, with a darker band on the right;
//! - the issuer's name top-left (at most 22 characters), a gold chip below it, and a
//!   "SECURED" tag beside the chip for a secured card;
//! - the card's short name bottom-left (at most 26 characters), a small
//!   "Illustration" below it, and the network bottom-right when known (at most 12
//!   characters; Visa, Mastercard, American Express and Discover are written the way
//!   their brands write them: "VISA", "Mastercard", "Amex", "Discover").
//!
//! Limits are in characters, chosen so mixed-case names in the bold font fit the
//! card; a line of wide capitals may still reach the edge, where the SVG's own box
//! clips it.
//!
//! The gradient's `id` is `artwork-card-{n}`, `n` the issuer's palette position, so
//! two cards inlined in one page that share an `id` also share the same gradient.

use crate::{FONT_FAMILY, palette, text};

/// The width of a card illustration, in CSS pixels (and SVG user units).
pub const CARD_WIDTH: u32 = 160;

/// The height of a card illustration, in CSS pixels (and SVG user units).
pub const CARD_HEIGHT: u32 = 101;

/// The most characters of the issuer's name drawn on a card.
const ISSUER_MAX_CHARS: usize = 22;

/// The most characters of the card's name drawn on a card.
const NAME_MAX_CHARS: usize = 26;

/// The most characters of a network's name drawn on a card.
const NETWORK_MAX_CHARS: usize = 12;

/// The most characters of a name or issuer in the accessible label (far beyond any
/// real name; it only bounds the size of the SVG).
const LABEL_MAX_CHARS: usize = 120;

/// What a card illustration shows: the product's own data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardArt<'a> {
    /// The issuer's name, such as `Capital One`; it also picks the colours.
    pub issuer: &'a str,
    /// The card's short name, such as `Quicksilver`.
    pub name: &'a str,
    /// The payment network, such as `Visa`, when known.
    pub network: Option<&'a str>,
    /// Whether the card is secured by a deposit (drawn as a "SECURED" tag).
    pub secured: bool,
}

/// An illustration of a credit card as an SVG element, [`CARD_WIDTH`] ×
/// [`CARD_HEIGHT`], labelled "Illustration of the {name} card by {issuer}".
///
/// # Examples
///
/// ```
/// use artwork::{CardArt, card_art};
///
/// let svg = card_art(&CardArt {
///     issuer: "Discover Bank",
///     name: "Discover it® Secured",
///     network: Some("Discover"),
///     secured: true,
/// });
/// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 101" width="160" height="101" role="img""#));
/// assert!(svg.contains(r#"aria-label="Illustration of the Discover it® Secured card by Discover Bank""#));
/// assert!(svg.contains(">SECURED</text>"));
/// assert!(svg.ends_with("</svg>"));
/// ```
pub fn card_art(card: &CardArt<'_>) -> String {
    let label = text::escape(&card_label(card));
    let index = palette::index_for(card.issuer);
    let from = palette::colour_at(index).hex();
    let to = palette::colour_at(index.saturating_add(1)).hex();
    let gradient = format!("artwork-card-{index}");

    let mut svg = format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{label}">"#,
            "<title>{label}</title>",
            r#"<defs><linearGradient id="{gradient}" x1="0" y1="0" x2="1" y2="1">"#,
            r#"<stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/>"#,
            "</linearGradient></defs>",
            r#"<rect width="{w}" height="{h}" rx="8" fill="url(#{gradient})"/>"#,
            // The band only darkens, so white text keeps its contrast over it.
            r##"<path d="M100 0H152A8 8 0 0 1 160 8V93A8 8 0 0 1 152 101H60Z" fill="#000" fill-opacity="0.14"/>"##,
            r##"<rect x="14" y="36" width="22" height="16" rx="3" fill="#d9b95c"/>"##,
            r##"<path d="M22 36V52M28 36V52M14 41H22M14 47H22M28 41H36M28 47H36" stroke="#9a7b2c" stroke-width="0.8"/>"##,
            r##"<g fill="#fff" font-family="{font}" font-weight="700">"##,
        ),
        w = CARD_WIDTH,
        h = CARD_HEIGHT,
        label = label,
        gradient = gradient,
        from = from,
        to = to,
        font = FONT_FAMILY,
    );

    let issuer = text::label(card.issuer, ISSUER_MAX_CHARS);
    if !issuer.is_empty() {
        svg.push_str(&format!(
            r#"<text x="12" y="20" font-size="10">{issuer}</text>"#
        ));
    }
    if card.secured {
        svg.push_str(concat!(
            r##"<rect x="42" y="38" width="36" height="11" rx="2" fill="none" stroke="#fff" stroke-width="0.8"/>"##,
            r#"<text x="60" y="45.8" font-size="6" text-anchor="middle" letter-spacing="0.4">SECURED</text>"#,
        ));
    }
    let name = text::label(card.name, NAME_MAX_CHARS);
    if !name.is_empty() {
        svg.push_str(&format!(
            r#"<text x="12" y="74" font-size="9">{name}</text>"#
        ));
    }
    svg.push_str(r#"<text x="12" y="89" font-size="5.5" font-weight="400">Illustration</text>"#);
    if let Some(network) = card.network.map(network_label).filter(|n| !n.is_empty()) {
        svg.push_str(&format!(
            r#"<text x="148" y="90" font-size="10" text-anchor="end">{network}</text>"#
        ));
    }
    svg.push_str("</g></svg>");
    svg
}

/// The label of the card for assistive technology, and its title: unescaped.
/// The card's label, "Illustration of the {name} card by {issuer}", as plain text
/// (escape it for markup).
pub fn card_label(card: &CardArt<'_>) -> String {
    let issuer = text::truncate(&text::clean(card.issuer), LABEL_MAX_CHARS);
    let name = text::truncate(&text::clean(card.name), LABEL_MAX_CHARS);
    // A name that already ends in "Card" is not followed by a second "card".
    let says_card = name
        .rsplit(' ')
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("card"));
    let card_words = match (name.is_empty(), says_card) {
        (true, _) => "a credit card".to_owned(),
        (false, true) => format!("the {name}"),
        (false, false) => format!("the {name} card"),
    };
    if issuer.is_empty() {
        format!("Illustration of {card_words}")
    } else {
        format!("Illustration of {card_words} by {issuer}")
    }
}

/// The network as drawn: a known network in its brand's spelling, any other cut to
/// fit; escaped.
fn network_label(network: &str) -> String {
    let cleaned = text::clean(network);
    let known = match cleaned.to_ascii_lowercase().as_str() {
        "visa" => Some("VISA"),
        "mastercard" | "master card" => Some("Mastercard"),
        "amex" | "american express" => Some("Amex"),
        "discover" => Some("Discover"),
        _ => None,
    };
    match known {
        Some(brand) => brand.to_owned(),
        None => text::escape(&text::truncate(&cleaned, NETWORK_MAX_CHARS)),
    }
}

#[cfg(test)]
mod tests;
