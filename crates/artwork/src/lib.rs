#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod card;
pub mod mark;
mod palette;
mod text;

pub use card::{CARD_HEIGHT, CARD_WIDTH, CardArt, card_art, card_label};
pub use mark::{InstitutionMark, MARK_SIZE, initials, institution_mark, mark_label};

/// The font of every illustration's text, the one the site's avatars use.
const FONT_FAMILY: &str = "Arial,Helvetica,sans-serif";

/// What an illustration shows: a card, or an institution's mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject<'a> {
    /// A credit or prepaid card.
    Card(CardArt<'a>),
    /// A bank's or credit union's mark.
    Mark(InstitutionMark<'a>),
}

impl Subject<'_> {
    /// The SVG.
    pub fn svg(&self) -> String {
        match self {
            Self::Card(card) => card_art(card),
            Self::Mark(mark) => institution_mark(mark),
        }
    }

    /// The label, as plain text: an image's `alt`.
    pub fn label(&self) -> String {
        match self {
            Self::Card(card) => card_label(card),
            Self::Mark(mark) => mark_label(mark),
        }
    }

    /// Width and height in CSS pixels, so a page can reserve the box.
    pub fn size(&self) -> (u32, u32) {
        match self {
            Self::Card(_) => (CARD_WIDTH, CARD_HEIGHT),
            Self::Mark(_) => (MARK_SIZE, MARK_SIZE),
        }
    }
}
