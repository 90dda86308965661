//! The small dialogs and widgets (community §3, §7): text-message app link, helpful feedback,
//! experts gallery.

use serde::{Deserialize, Serialize};

/// Answer of `download_app` (send the app link by text message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TextMessageResponse {
    /// Whether sending failed.
    pub error: bool,
    /// Message codes, such as `REQUEST_LOCKED_BY_FILTER`, or sentences to show.
    pub messages: Vec<String>,
}

/// Answer of `send_edu_feedback` (the "was this helpful" widget).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HelpfulFeedbackResponse {
    /// Whether storing the feedback failed.
    pub error: bool,
    /// Why nothing was stored, when the visitor may not send feedback (a delegated
    /// session: the permission message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub message: Option<String>,
}

/// One expert of the gallery (community §3 "Expert"; field names as the gallery reads them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub struct Expert {
    /// The expert's name.
    pub author: String,
    /// Their role or affiliation.
    pub caption: String,
    /// Profile text (sanitised HTML).
    pub content: String,
    /// Portrait address.
    pub avatar: String,
    /// Deep-link hashtag, starting with `#`.
    pub hashtag: String,
}

/// The gallery's content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExpertsGallery {
    /// The experts, in display order.
    pub experts_content: Vec<Expert>,
    /// Introduction shown above the grid.
    pub experts_intro: String,
    /// Whether affiliations show as logos.
    pub aslogos: bool,
    /// Heading text.
    #[serde(rename = "header_text")]
    pub header_text: String,
    /// Label of the "More Experts" button.
    #[serde(rename = "more_text")]
    pub more_text: String,
    /// Label of the "Back to All Experts" button.
    #[serde(rename = "back_link_text")]
    pub back_link_text: String,
}

/// Answer of `Posts.GetExpertsGallery`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExpertsGalleryResponse {
    /// Whether loading failed.
    pub error: bool,
    /// The gallery, when it loaded.
    pub data: Option<ExpertsGallery>,
}
