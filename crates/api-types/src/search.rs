//! The site search (`GET /api/search?q=`): products, institutions and community
//! questions that answer a visitor's query.

use serde::{Deserialize, Serialize};

use crate::offer::OfferSummary;
use crate::rating::RatingView;

/// A product or an institution found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    /// The offer's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The issuer or institution, when it is not the name itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub issuer: Option<String>,
    /// What it is, e.g. "Credit Card", "CD", "Institution".
    pub product_label: String,
    /// Its page on this site.
    pub path: String,
    /// Our rating, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rating: Option<RatingView>,
}

impl SearchHit {
    /// A hit from an offer's summary: its details page, or the institution page.
    pub fn from_summary(summary: OfferSummary) -> Self {
        let path = match summary.details_path {
            Some(path) => path,
            None => format!("/institutions/{}", summary.id),
        };
        let issuer = summary.issuer.filter(|i| *i != summary.name);
        Self {
            id: summary.id,
            name: summary.name,
            issuer,
            product_label: summary.product_label,
            path,
            rating: summary.rating,
        }
    }
}

/// A community question found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct QuestionHit {
    /// The question's id.
    pub id: i64,
    /// The question.
    pub title: String,
    /// Its page, `/answers/{slug}-{id}`.
    pub path: String,
    /// Visible answers.
    pub answers: i64,
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchResponse {
    /// The query as read (trimmed).
    pub query: String,
    /// The words looked for.
    pub words: Vec<String>,
    /// Products found, best first (at most a page).
    pub products: Vec<SearchHit>,
    /// Products found in all.
    pub products_total: i64,
    /// Where the next products start (`offset`), when there are more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub products_next_offset: Option<i64>,
    /// Banks and credit unions found, best first.
    pub institutions: Vec<SearchHit>,
    /// Institutions found in all.
    pub institutions_total: i64,
    /// Community questions found, best first.
    pub questions: Vec<QuestionHit>,
    /// Questions found in all.
    pub questions_total: i64,
}
