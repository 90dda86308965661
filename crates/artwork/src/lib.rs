#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod card;
pub mod mark;
mod palette;
mod text;

pub use card::{CARD_HEIGHT, CARD_WIDTH, CardArt, card_art};
pub use mark::{InstitutionMark, MARK_SIZE, initials, institution_mark};

/// The font of every illustration's text, the one the site's avatars use.
const FONT_FAMILY: &str = "Arial,Helvetica,sans-serif";
