//! The data a server-rendered page starts with.
//!
//! Every page the server sends carries a [`PageData`] in
//! `<script type="application/json" id="initial-data">`, so the app draws the page without
//! asking the API again. Its content is byte for byte what the matching API call answers
//! (a listing page carries the answer of `/api/listings?route=…`), which is why the server
//! writes it with [`page_data_json`] around the finished answer instead of serialising a
//! [`PageData`] value; a test checks that both give the same bytes.

use serde::{Deserialize, Serialize};

use crate::content::ContentPage;
use crate::dialogs::ExpertsGalleryResponse;
use crate::listing::{CompareResponse, InstitutionResponse, ListingResponse, RoutesResponse};
use crate::offer::OfferSummary;
use crate::protocol::ErrorBody;
use crate::qna::{QuestionListResponse, QuestionResponse};

/// What a page starts with: the page's own address and its content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PageData {
    /// The path and query the data is for, as requested (e.g. `/credit-cards/rewards?page=2`).
    pub path: String,
    /// The page's content.
    pub page: PagePayload,
}

/// The content of a page, tagged by `kind`.
// One value is read per page load; boxing the larger variants would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PagePayload {
    /// The home page: the route table.
    Home {
        /// The answer of `/api/routes`.
        routes: RoutesResponse,
    },
    /// A listing page of the route table.
    Listing {
        /// The answer of `/api/listings?route=<path>&…`.
        listing: ListingResponse,
    },
    /// A listing page whose query could not be answered (400): the route exists, but a
    /// parameter is invalid or the page is past the last.
    ListingError {
        /// The error the listing API answers for the same query.
        error: ErrorBody,
    },
    /// A details page (`/d/…`).
    Offer {
        /// The answer of `/api/offers/{name}`.
        offer: OfferSummary,
    },
    /// An institution page.
    Institution {
        /// The answer of `/api/institutions/{id}`.
        institution: InstitutionResponse,
    },
    /// A comparison.
    Compare {
        /// The answer of `/api/compare?ids=…`.
        compare: CompareResponse,
    },
    /// The comparison page without a usable list of products: the page shows its picker.
    CompareEmpty {},
    /// An editorial content page.
    Content {
        /// The answer of `/api/content?path=…`.
        content: ContentPage,
    },
    /// The community's questions (`/answers/`, with its category, order, page and search).
    Answers {
        /// The answer of `Qna.List` for the same parameters, as a guest sees it.
        list: QuestionListResponse,
    },
    /// A question's own page (`/answers/{slug}-{id}`).
    Question {
        /// The answer of `Qna.Question` for its id, as a guest sees it.
        question: QuestionResponse,
    },
    /// The experts gallery (`/experts/`).
    Experts {
        /// The answer of `Posts.GetExpertsGallery`.
        gallery: ExpertsGalleryResponse,
    },
    /// A form page (join, light sign-up, its confirmation, sign-in, settings): the app
    /// draws the form; nothing is loaded ahead.
    Form {},
    /// No page at this address (404).
    NotFound {},
}

/// Which [`PagePayload`] a page carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PageKind {
    /// [`PagePayload::Home`].
    Home,
    /// [`PagePayload::Listing`].
    Listing,
    /// [`PagePayload::ListingError`].
    ListingError,
    /// [`PagePayload::Offer`].
    Offer,
    /// [`PagePayload::Institution`].
    Institution,
    /// [`PagePayload::Compare`].
    Compare,
    /// [`PagePayload::CompareEmpty`].
    CompareEmpty,
    /// [`PagePayload::Content`].
    Content,
    /// [`PagePayload::Answers`].
    Answers,
    /// [`PagePayload::Question`].
    Question,
    /// [`PagePayload::Experts`].
    Experts,
    /// [`PagePayload::Form`].
    Form,
    /// [`PagePayload::NotFound`].
    NotFound,
}

impl PageKind {
    /// The value of `kind`.
    pub fn tag(self) -> &'static str {
        match self {
            Self::Home => "home",
            Self::Listing => "listing",
            Self::ListingError => "listingError",
            Self::Offer => "offer",
            Self::Institution => "institution",
            Self::Compare => "compare",
            Self::CompareEmpty => "compareEmpty",
            Self::Content => "content",
            Self::Answers => "answers",
            Self::Question => "question",
            Self::Experts => "experts",
            Self::Form => "form",
            Self::NotFound => "notFound",
        }
    }

    /// The field that carries the content, for the kinds that have one.
    pub fn field(self) -> Option<&'static str> {
        match self {
            Self::Home => Some("routes"),
            Self::Listing => Some("listing"),
            Self::ListingError => Some("error"),
            Self::Offer => Some("offer"),
            Self::Institution => Some("institution"),
            Self::Compare => Some("compare"),
            Self::Content => Some("content"),
            Self::Answers => Some("list"),
            Self::Question => Some("question"),
            Self::Experts => Some("gallery"),
            Self::CompareEmpty | Self::Form | Self::NotFound => None,
        }
    }
}

/// A page kind was given content it does not carry, or none where it needs some.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a {kind} page {}", if *.needs_content { "needs its content" } else { "carries no content" })]
pub struct PageContentMismatch {
    /// The page kind's tag.
    pub kind: &'static str,
    /// Whether the kind needs content (and none was given).
    pub needs_content: bool,
}

/// The JSON of a [`PageData`] for `path`, of `kind`, whose content is the finished JSON
/// `content` (an API answer), copied as it is. Gives the bytes `serde_json` writes for the
/// same [`PageData`] value when `content` is compact JSON of the matching type.
///
/// ```
/// use api_types::page::{PageKind, page_data_json};
///
/// let json = page_data_json("/join", PageKind::Form, None)?;
/// assert_eq!(json, br#"{"path":"/join","page":{"kind":"form"}}"#);
/// # Ok::<(), api_types::page::PageContentMismatch>(())
/// ```
pub fn page_data_json(
    path: &str,
    kind: PageKind,
    content: Option<&[u8]>,
) -> Result<Vec<u8>, PageContentMismatch> {
    let mismatch = |needs_content| PageContentMismatch {
        kind: kind.tag(),
        needs_content,
    };
    let mut out = Vec::with_capacity(64 + path.len() + content.map_or(0, <[u8]>::len));
    out.extend_from_slice(b"{\"path\":");
    // A string always serialises.
    out.extend_from_slice(serde_json::to_string(path).unwrap_or_default().as_bytes());
    out.extend_from_slice(b",\"page\":{\"kind\":\"");
    out.extend_from_slice(kind.tag().as_bytes());
    out.push(b'"');
    match (kind.field(), content) {
        (Some(field), Some(content)) => {
            out.extend_from_slice(b",\"");
            out.extend_from_slice(field.as_bytes());
            out.extend_from_slice(b"\":");
            out.extend_from_slice(content);
        }
        (None, None) => {}
        (Some(_), None) => return Err(mismatch(true)),
        (None, Some(_)) => return Err(mismatch(false)),
    }
    out.extend_from_slice(b"}}");
    Ok(out)
}

#[cfg(test)]
mod tests;
