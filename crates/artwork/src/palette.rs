//! The palette of the illustrations and the stable choice of a colour from a name.
//!
//! Rules:
//!
//! - Ten dark hues, ordered around the colour wheel (red to rose), so neighbours
//!   blend into a calm gradient. Each has a contrast of at least 4.5:1 (WCAG AA)
//!   against white (the tests compute it); most are above 6:1.
//! - A name's colour is `PALETTE[hash % 10]`, where the hash is 32-bit FNV-1a of the
//!   name's UTF-8 bytes after blanks are collapsed and ASCII letters lowercased
//!   (`"Capital One"` and `" capital  ONE "` share a colour). FNV-1a is written here
//!   rather than taken from std, whose hasher is seeded per process.
//! - A card's gradient runs from the issuer's colour to the next colour on the wheel.

use crate::text;

/// A colour of the palette, as sRGB components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Colour {
    pub(crate) red: u8,
    pub(crate) green: u8,
    pub(crate) blue: u8,
}

impl Colour {
    const fn new(rgb: u32) -> Self {
        let [_, red, green, blue] = rgb.to_be_bytes();
        Self { red, green, blue }
    }

    /// The colour as CSS hex (`#9c2f2f`).
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

/// The palette, in hue order: red, rust, amber, olive, green, teal, blue, indigo,
/// purple, rose.
pub(crate) const PALETTE: [Colour; 10] = [
    Colour::new(0x9c2f2f),
    Colour::new(0xa1460b),
    Colour::new(0x7a4b00),
    Colour::new(0x4d6b1e),
    Colour::new(0x1e6b3a),
    Colour::new(0x0f6e75),
    Colour::new(0x0b5cad),
    Colour::new(0x3730a3),
    Colour::new(0x6b3fa0),
    Colour::new(0x9d174d),
];

/// The position in [`PALETTE`] of a name's colour.
pub(crate) fn index_for(name: &str) -> usize {
    let key = text::clean(name).to_ascii_lowercase();
    let slots = u32::try_from(PALETTE.len()).unwrap_or(1);
    // A `u32` always fits in `usize` on the platforms Rust supports for this site.
    usize::try_from(fnv1a(key.as_bytes()) % slots).unwrap_or(0)
}

/// The colour at `index` in [`PALETTE`], wrapping around the wheel.
pub(crate) fn colour_at(index: usize) -> Colour {
    PALETTE
        .get(index % PALETTE.len())
        .copied()
        .unwrap_or(Colour::new(0x374151))
}

/// 32-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u32 {
    const OFFSET_BASIS: u32 = 0x811c_9dc5;
    const PRIME: u32 = 0x0100_0193;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests;
