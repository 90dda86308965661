//! The ratings shown on a card.
//!
//! Implements community §3 "Ratings on a card": "Overall rating, the need it was rated for,
//! an editor rating, a user-reviews rating and a market-comparison rating. All are 0 to 5,
//! shown with one decimal, with a bar width of 20 percent per point. There is also a list
//! of component labels with ratings." Each rating is drawn with the rules of
//! [`crate::display`].

use serde::{Deserialize, Serialize};

use crate::{display::RatingDisplay, rating::Rating, visibility::RatingSources};

#[cfg(test)]
mod tests;

/// One labelled component rating of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingComponent {
    /// The component label as stored with the card.
    pub label: String,
    /// The component rating.
    pub rating: Rating,
}

/// All ratings of one card; each is absent when the card has none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardRatings {
    /// The overall rating.
    pub overall: Option<Rating>,
    /// The key of the need the overall rating was given for (e.g. `rewards`).
    pub need: Option<String>,
    /// The editor rating.
    pub editor: Option<Rating>,
    /// The user-reviews rating.
    pub user_reviews: Option<Rating>,
    /// The number of user votes behind `user_reviews`.
    pub votes: u64,
    /// The market-comparison rating.
    pub market_comparison: Option<Rating>,
    /// The component labels with their ratings, in stored order.
    pub components: Vec<RatingComponent>,
}

impl CardRatings {
    /// The inputs of the site-core §5 rules deciding whether the user-review score and the
    /// full rating show.
    ///
    /// ```
    /// use ratings::{CardRatings, Rating};
    ///
    /// let card = CardRatings { overall: Some(Rating::MAX), votes: 3, ..CardRatings::default() };
    /// assert!(card.sources().visibility().show_full_rating);
    /// ```
    pub fn sources(&self) -> RatingSources {
        RatingSources {
            user_review: self.user_reviews,
            votes: self.votes,
            editor_rating: self.editor,
        }
    }

    /// The display (one-decimal text, bar width, stars) of the overall rating.
    pub fn overall_display(&self) -> Option<RatingDisplay> {
        self.overall.map(Rating::display)
    }

    /// The display of each component, paired with its label, in stored order.
    pub fn component_displays(&self) -> Vec<(&str, RatingDisplay)> {
        self.components
            .iter()
            .map(|component| (component.label.as_str(), component.rating.display()))
            .collect()
    }
}
