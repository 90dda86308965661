//! `offer-desk`: a small service built on the site's domain crates, as another team would
//! build one. It reads raw offers (the catalogue's spec-shaped JSON), ranks the credit
//! cards for a need, formats the figures a reader sees, and checks a question before it
//! is posted.

use catalogue::{Catalogue, ListingError, ListingQuery, QueryError};
use formatting::{FieldKind, MoneyOptions, Truncation, format_money, format_percent, or_missing};
use offer_model::{Amount, Offer, OfferError};
use qna_validation::question::{QuestionError, QuestionText, remaining_chars};
use ratings::Rating;
use serde_json::Value;

/// What can go wrong on the desk, with the place at fault.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    /// The offers are not a JSON array.
    #[error("the offers are not a JSON array: {0}")]
    NotAnArray(#[source] serde_json::Error),
    /// One offer does not read.
    #[error("offer {index} does not read: {source}")]
    Offer {
        /// Its place in the array, from 0.
        index: usize,
        /// Why.
        #[source]
        source: OfferError,
    },
    /// The need is not one the catalogue knows, or the query is otherwise wrong.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The listing could not be made.
    #[error(transparent)]
    Listing(#[from] ListingError),
}

/// Reads raw offers: a JSON array of offers in the catalogue's upper-case field names.
pub fn read_offers(json: &str) -> Result<Vec<Offer>, DeskError> {
    let raw: Vec<Value> = serde_json::from_str(json).map_err(DeskError::NotAnArray)?;
    raw.iter()
        .enumerate()
        .map(|(index, value)| {
            Offer::from_json(value).map_err(|source| DeskError::Offer { index, source })
        })
        .collect()
}

/// One ranked line, every figure already formatted for a reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedLine {
    /// The editorial rank, from 1.
    pub rank: usize,
    /// The card's name.
    pub name: String,
    /// The annual fee as shown (`$95`, `N/A` when the data has none).
    pub annual_fee: String,
    /// The score the rank is earned by (the card's rating for the need), with one decimal
    /// (`4.5`), `N/A` without one.
    pub score: String,
}

/// The `top` best credit cards for `need` (a need key such as `rewards` or `travel`), in
/// the site's editorial order (the rating for that need), with no sponsored placement.
/// `top` is taken from 1 to 50, the most one page of a listing holds.
pub fn best_cards_for(
    offers: Vec<Offer>,
    need: &str,
    top: usize,
) -> Result<Vec<RankedLine>, DeskError> {
    let catalogue = Catalogue::new(offers);
    let per_page = top.clamp(1, 50).to_string();
    // A need selects credit cards by itself.
    let query = ListingQuery::from_pairs([
        ("need", need),
        ("per_page", per_page.as_str()),
        ("sponsorship", "none"),
    ])?;
    let listing = catalogue.listing(&query)?;
    Ok(listing
        .items
        .iter()
        .map(|item| RankedLine {
            rank: item.editorial_rank,
            name: item.offer.identity.name.as_str().to_owned(),
            annual_fee: shown_fee(item.offer.fees.annual_fee.as_ref()),
            score: or_missing(
                item.editorial_score
                    .map(|score| Rating::clamped(score).one_decimal()),
                FieldKind::Rate,
            ),
        })
        .collect())
}

/// A fee as the site shows it: dollars without zero cents, a percentage with two decimals,
/// other text as written, and the missing label when there is none.
pub fn shown_fee(fee: Option<&Amount>) -> String {
    let whole_dollars = MoneyOptions {
        truncation: Truncation::DropZeroCents,
        ..MoneyOptions::default()
    };
    let text = fee.map(|fee| match fee {
        Amount::Dollars(dollars) | Amount::Number(dollars) => format_money(*dollars, whole_dollars),
        Amount::Percent(percent) => format_percent(*percent),
        Amount::Text(text) => text.clone(),
    });
    or_missing(text, FieldKind::Fee)
}

/// A question checked as the site's question box checks it: the accepted text and the
/// characters left, or the site's own message.
pub fn check_question(raw: &str) -> Result<(QuestionText, i64), QuestionError> {
    let question = QuestionText::parse(raw)?;
    Ok((question, remaining_chars(raw)))
}
