//! How a [`Rating`] is drawn: stars, the one-decimal text and the bar width.
//!
//! Implements site-core §5 "Star display" ("ratings rounded to halves and shown as five
//! stars; fractional drawing uses full, three-quarter, half, quarter or empty at fraction
//! thresholds 0.12, 0.38, 0.62, 0.87. Scale 0 to 5; bar width is 20 percent per point; one
//! decimal shown") and community §3 "Ratings on a card".
//!
//! The spec names two star drawings; both are one rule applied to two inputs:
//!
//! * [`StarMode::HalfStars`]: the rating is first rounded to the nearest half
//!   ([`Rating::rounded_to_half`], midpoint away from zero, so 4.25 → 4.5 and 4.24 → 4),
//!   then drawn, which gives only full, half and empty stars.
//! * [`StarMode::Fractional`]: the exact rating is drawn, which may give quarter and
//!   three-quarter stars.
//!
//! Drawing gives star `i` (0 to 4) the fraction `clamp(rating − i, 0, 1)` and maps it with
//! [`StarPiece::for_fraction`]: each threshold belongs to the larger piece
//! (fraction < 0.12 empty; < 0.38 quarter; < 0.62 half; < 0.87 three-quarter; else full).
//! So 4.12 draws four full stars and a quarter, 4.11 four full stars and an empty one.
//! All arithmetic is exact [`Decimal`] arithmetic; a browser port must not use binary
//! floating point at the thresholds.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::{
    constants::{
        BAR_WIDTH_PERCENT_PER_POINT, DISPLAY_DECIMALS, FULL_STAR_THRESHOLD, HALF_STAR_THRESHOLD,
        QUARTER_STAR_THRESHOLD, STARS_SHOWN, THREE_QUARTER_STAR_THRESHOLD,
    },
    rating::Rating,
};

#[cfg(test)]
mod tests;

/// One drawn star.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StarPiece {
    /// A whole star (value 1).
    Full,
    /// Three quarters of a star (value 0.75).
    ThreeQuarter,
    /// Half a star (value 0.5).
    Half,
    /// A quarter of a star (value 0.25).
    Quarter,
    /// An outlined, empty star (value 0).
    Empty,
}

impl StarPiece {
    /// Maps a star's fraction to its piece. Each threshold belongs to the larger piece:
    /// below 0.12 empty, below 0.38 quarter, below 0.62 half, below 0.87 three-quarter,
    /// otherwise full. Negative fractions are empty and fractions of 1 or more are full.
    ///
    /// ```
    /// use ratings::StarPiece;
    /// use rust_decimal::Decimal;
    ///
    /// assert_eq!(StarPiece::for_fraction(Decimal::new(12, 2)), StarPiece::Quarter);
    /// assert_eq!(StarPiece::for_fraction(Decimal::new(11, 2)), StarPiece::Empty);
    /// ```
    pub fn for_fraction(fraction: Decimal) -> StarPiece {
        if fraction < QUARTER_STAR_THRESHOLD {
            StarPiece::Empty
        } else if fraction < HALF_STAR_THRESHOLD {
            StarPiece::Quarter
        } else if fraction < THREE_QUARTER_STAR_THRESHOLD {
            StarPiece::Half
        } else if fraction < FULL_STAR_THRESHOLD {
            StarPiece::ThreeQuarter
        } else {
            StarPiece::Full
        }
    }

    /// How much of a star the piece draws: 1, 0.75, 0.5, 0.25 or 0.
    pub fn value(self) -> Decimal {
        match self {
            StarPiece::Full => Decimal::ONE,
            StarPiece::ThreeQuarter => Decimal::new(75, 2),
            StarPiece::Half => Decimal::new(5, 1),
            StarPiece::Quarter => Decimal::new(25, 2),
            StarPiece::Empty => Decimal::ZERO,
        }
    }
}

/// Which of the two star drawings of site-core §5 to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StarMode {
    /// "ratings rounded to halves and shown as five stars": full, half and empty only.
    HalfStars,
    /// "fractional drawing": the exact rating, with quarter pieces.
    Fractional,
}

/// Everything a rating display needs, computed once (for API responses and templates).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingDisplay {
    /// The rating itself.
    pub rating: Rating,
    /// The one-decimal text, e.g. `"4.3"` ([`Rating::one_decimal`]).
    pub text: String,
    /// The bar width in percent, e.g. `86` ([`Rating::bar_width_percent`]).
    pub bar_width_percent: Decimal,
    /// The half-star drawing ([`StarMode::HalfStars`]).
    pub half_stars: [StarPiece; STARS_SHOWN],
    /// The fractional drawing ([`StarMode::Fractional`]).
    pub fractional_stars: [StarPiece; STARS_SHOWN],
}

impl Rating {
    /// The rating rounded to the nearest half, midpoint away from zero
    /// (4.25 → 4.5, 4.24 → 4, 4.75 → 5).
    ///
    /// ```
    /// use ratings::Rating;
    ///
    /// assert_eq!(Rating::parse("4.25")?.rounded_to_half().to_string(), "4.5");
    /// assert_eq!(Rating::parse("4.24")?.rounded_to_half().to_string(), "4");
    /// # Ok::<(), ratings::RatingError>(())
    /// ```
    pub fn rounded_to_half(self) -> Rating {
        // A rating is at most 5, so doubling cannot overflow.
        let doubled = (self.value() * Decimal::TWO)
            .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
        Rating::clamped(doubled / Decimal::TWO)
    }

    /// The text shown to visitors: exactly one decimal, rounded half away from zero on
    /// the second decimal (4.25 → "4.3", 4.249 → "4.2", 5 → "5.0", 0 → "0.0").
    ///
    /// ```
    /// use ratings::Rating;
    ///
    /// assert_eq!(Rating::parse("4.25")?.one_decimal(), "4.3");
    /// assert_eq!(Rating::MAX.one_decimal(), "5.0");
    /// # Ok::<(), ratings::RatingError>(())
    /// ```
    pub fn one_decimal(self) -> String {
        let mut rounded = self
            .value()
            .round_dp_with_strategy(DISPLAY_DECIMALS, RoundingStrategy::MidpointAwayFromZero);
        rounded.rescale(DISPLAY_DECIMALS);
        rounded.to_string()
    }

    /// The bar width in percent: exactly 20 per point, unrounded and normalised
    /// (4.3 → 86, 4.33 → 86.6, 5 → 100).
    ///
    /// ```
    /// use ratings::Rating;
    ///
    /// assert_eq!(Rating::parse("4.3")?.bar_width_percent().to_string(), "86");
    /// # Ok::<(), ratings::RatingError>(())
    /// ```
    pub fn bar_width_percent(self) -> Decimal {
        // A rating is at most 5, so the product is at most 100.
        (self.value() * BAR_WIDTH_PERCENT_PER_POINT).normalize()
    }

    /// The five stars in drawing order (left to right): full stars, then at most one
    /// partial star, then empty stars.
    ///
    /// ```
    /// use ratings::{Rating, StarMode, StarPiece::*};
    ///
    /// let rating = Rating::parse("3.7")?;
    /// assert_eq!(rating.stars(StarMode::Fractional), [Full, Full, Full, ThreeQuarter, Empty]);
    /// assert_eq!(rating.stars(StarMode::HalfStars), [Full, Full, Full, Half, Empty]);
    /// # Ok::<(), ratings::RatingError>(())
    /// ```
    pub fn stars(self, mode: StarMode) -> [StarPiece; STARS_SHOWN] {
        let drawn = match mode {
            StarMode::HalfStars => self.rounded_to_half(),
            StarMode::Fractional => self,
        }
        .value();
        std::array::from_fn(|index| {
            let fraction = (drawn - Decimal::from(index)).clamp(Decimal::ZERO, Decimal::ONE);
            StarPiece::for_fraction(fraction)
        })
    }

    /// The display text, bar width and both star drawings of this rating.
    pub fn display(self) -> RatingDisplay {
        RatingDisplay {
            rating: self,
            text: self.one_decimal(),
            bar_width_percent: self.bar_width_percent(),
            half_stars: self.stars(StarMode::HalfStars),
            fractional_stars: self.stars(StarMode::Fractional),
        }
    }
}
