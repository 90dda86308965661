//! Button and column labels (site-core §9 "Default button labels"; site-core §3
//! `CTA_BUTTON_TYPE`).
//!
//! The default button labels are "Apply Now", "Learn More", "View My Rate", "Next" and
//! "Go to Site". A card whose `CTA_BUTTON_TYPE` is `learnMore` shows "Learn More";
//! otherwise a card shows "Apply Now" (our reading: the spec names `learnMore` as the only
//! value, so it is the one that changes the default).
//! The min-credit column reads "Credit Score" instead of "Min Credit Needed" on page
//! version 19.
//!
//! ```
//! use offer_model::labels::{card_button_label, min_credit_column_label, ButtonLabel, CtaButtonType};
//!
//! let cta = CtaButtonType::from_field("learnMore")?;
//! assert_eq!(card_button_label(cta), ButtonLabel::LearnMore);
//! assert_eq!(card_button_label(None).text(), "Apply Now");
//! assert_eq!(min_credit_column_label(19), "Credit Score");
//! # Ok::<(), offer_model::labels::UnknownCtaButtonType>(())
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Site-core §9 default button label "Apply Now".
pub const APPLY_NOW: &str = "Apply Now";

/// Site-core §9 default button label "Learn More".
pub const LEARN_MORE: &str = "Learn More";

/// Site-core §9 default button label "View My Rate".
pub const VIEW_MY_RATE: &str = "View My Rate";

/// Site-core §9 default button label "Next".
pub const NEXT: &str = "Next";

/// Site-core §9 default button label "Go to Site".
pub const GO_TO_SITE: &str = "Go to Site";

/// Site-core §3 `CTA_BUTTON_TYPE` value `learnMore`.
pub const CTA_LEARN_MORE: &str = "learnMore";

/// Site-core §9: the min-credit column label "Min Credit Needed".
pub const MIN_CREDIT_NEEDED: &str = "Min Credit Needed";

/// Site-core §9: "The label Credit Score replaces Min Credit Needed on page version 19."
pub const CREDIT_SCORE: &str = "Credit Score";

/// Site-core §9: the page version on which "Credit Score" replaces "Min Credit Needed".
pub const CREDIT_SCORE_PAGE_VERSION: u32 = 19;

/// A default button label (site-core §9). Travels as its camelCase name (`applyNow`);
/// [`ButtonLabel::text`] gives the words shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ButtonLabel {
    /// "Apply Now".
    ApplyNow,
    /// "Learn More".
    LearnMore,
    /// "View My Rate".
    ViewMyRate,
    /// "Next".
    Next,
    /// "Go to Site".
    GoToSite,
}

impl ButtonLabel {
    /// Every default button label, in the order site-core §9 lists them.
    pub const ALL: [Self; 5] = [
        Self::ApplyNow,
        Self::LearnMore,
        Self::ViewMyRate,
        Self::Next,
        Self::GoToSite,
    ];

    /// The words on the button, verbatim from site-core §9.
    pub fn text(self) -> &'static str {
        match self {
            Self::ApplyNow => APPLY_NOW,
            Self::LearnMore => LEARN_MORE,
            Self::ViewMyRate => VIEW_MY_RATE,
            Self::Next => NEXT,
            Self::GoToSite => GO_TO_SITE,
        }
    }
}

impl fmt::Display for ButtonLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A `CTA_BUTTON_TYPE` value that is not `learnMore`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown cta button type `{value}`")]
pub struct UnknownCtaButtonType {
    /// The value that was given, trimmed.
    pub value: String,
}

/// A card's `CTA_BUTTON_TYPE` (site-core §3). Travels as `"learnMore"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CtaButtonType {
    /// `learnMore`: the button reads "Learn More".
    LearnMore,
}

impl CtaButtonType {
    /// Reads the raw field: blank means no button type (`Ok(None)`); `learnMore` (exact
    /// spelling, surrounding blanks ignored) is [`CtaButtonType::LearnMore`]; anything else
    /// is an error.
    pub fn from_field(raw: &str) -> Result<Option<Self>, UnknownCtaButtonType> {
        match raw.trim() {
            "" => Ok(None),
            CTA_LEARN_MORE => Ok(Some(Self::LearnMore)),
            other => Err(UnknownCtaButtonType {
                value: other.to_owned(),
            }),
        }
    }

    /// The field value, `learnMore`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::LearnMore => CTA_LEARN_MORE,
        }
    }
}

/// The label of a card's main button: "Learn More" when `CTA_BUTTON_TYPE` is `learnMore`,
/// otherwise "Apply Now".
pub fn card_button_label(cta: Option<CtaButtonType>) -> ButtonLabel {
    match cta {
        Some(CtaButtonType::LearnMore) => ButtonLabel::LearnMore,
        None => ButtonLabel::ApplyNow,
    }
}

/// The min-credit column label: "Credit Score" on page version 19, "Min Credit Needed" on
/// every other version (site-core §9).
pub fn min_credit_column_label(page_version: u32) -> &'static str {
    if page_version == CREDIT_SCORE_PAGE_VERSION {
        CREDIT_SCORE
    } else {
        MIN_CREDIT_NEEDED
    }
}
