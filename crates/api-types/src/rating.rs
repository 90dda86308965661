//! Ratings on the wire (site-core §5, §7; community §3): a rating's display and the answer of
//! the rating calls `Details.SetRate` and `Reviews.SetInstRate`.

use serde::{Deserialize, Serialize};

/// One drawn star.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum StarPiece {
    /// A whole star.
    Full,
    /// Three quarters of a star.
    ThreeQuarter,
    /// Half a star.
    Half,
    /// A quarter of a star.
    Quarter,
    /// An empty star.
    Empty,
}

impl From<ratings::StarPiece> for StarPiece {
    fn from(piece: ratings::StarPiece) -> Self {
        match piece {
            ratings::StarPiece::Full => Self::Full,
            ratings::StarPiece::ThreeQuarter => Self::ThreeQuarter,
            ratings::StarPiece::Half => Self::Half,
            ratings::StarPiece::Quarter => Self::Quarter,
            ratings::StarPiece::Empty => Self::Empty,
        }
    }
}

/// Everything needed to draw a 0–5 rating, computed by the `ratings` crate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RatingView {
    /// The exact rating as a decimal string, e.g. `"4.33"`.
    pub value: String,
    /// The rating with one decimal, as shown, e.g. `"4.3"`.
    pub text: String,
    /// Width of the rating bar in percent (20 per point), as a decimal string.
    pub bar_width_percent: String,
    /// The five stars rounded to halves.
    pub half_stars: Vec<StarPiece>,
    /// The five stars drawn with quarter pieces at the spec's thresholds.
    pub fractional_stars: Vec<StarPiece>,
}

impl From<ratings::Rating> for RatingView {
    fn from(rating: ratings::Rating) -> Self {
        let display = rating.display();
        Self {
            value: rating.value().normalize().to_string(),
            text: display.text,
            bar_width_percent: display.bar_width_percent.normalize().to_string(),
            half_stars: display
                .half_stars
                .into_iter()
                .map(StarPiece::from)
                .collect(),
            fractional_stars: display
                .fractional_stars
                .into_iter()
                .map(StarPiece::from)
                .collect(),
        }
    }
}

/// Answer of `Details.SetRate` and `Reviews.SetInstRate`, with exactly the fields the spec's
/// rating widget reads (site-core §7): `error`, `guest`, `message`, `redirect_url`, `uid`,
/// `reviews` (product) or `total` (institution), `rating`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RateResponse {
    /// How the write went: refused, for a guest, with a message.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts-rs", ts(flatten))]
    pub status: crate::write_status::WriteStatus,
    /// The voting member's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub uid: Option<String>,
    /// The product's vote count after the vote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub reviews: Option<u64>,
    /// The institution's vote count after the vote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub total: Option<u64>,
    /// The average rating after the vote, as a decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rating: Option<String>,
}

impl From<RateResponse> for ratings::VoteResponse {
    /// What the rating widget's state machine reads from the answer. A rating the server
    /// wrote outside 0–5 is clamped rather than dropped, since it is only displayed.
    fn from(wire: RateResponse) -> Self {
        Self {
            error: wire.status.error,
            guest: wire.status.guest,
            message: wire.status.message,
            redirect_url: wire.status.redirect_url,
            uid: wire.uid,
            reviews: wire.reviews,
            total: wire.total,
            rating: wire
                .rating
                .and_then(|text| text.trim().parse::<rust_decimal::Decimal>().ok())
                .map(ratings::Rating::clamped),
        }
    }
}
