//! Site search over the catalogue: the products and institutions whose name, issuer or
//! kind hold every word of the visitor's query.
//!
//! - **Words** are runs of letters and digits, lowercased; a word of three characters or
//!   more ending in `s` counts without it ("cards" finds "card", "CDs" finds "CD"). English filler
//!   words (`a`, `the`, `for`…) are dropped from the query; at most
//!   [`MAX_QUERY_WORDS`] words are read.
//! - **A match** needs every query word to begin a word of the offer's name, its issuer,
//!   its kind ("Credit Card", "Savings", "CD" with "certificate of deposit"…), its features
//!   ("balance transfer", "no annual fee", "cash back", "secured"…, by the same predicates
//!   as the listings' filters) or the needs it serves ("Travel", "Students"…): "sapph"
//!   finds "Sapphire", "chase sapphire" needs both, "balance transfer" finds every card
//!   with an intro balance-transfer APR.
//! - **Order**: the best-scored first; each query word scores 3 when it is a whole word of
//!   the name, 2 when it begins one, 1 when only the issuer, kind, features or needs hold it, and the
//!   query found as a phrase in the name adds 2. Ties: the higher rating, then the name
//!   A to Z, then the id, so the order never depends on the catalogue's order.

use std::cmp::Reverse;

use offer_model::Offer;
use offer_model::needs::NeedKey;
use offer_model::product_type::ProductType;

use crate::filter::{CardKind, Filter, RewardsKind};

/// Most words of a query that count.
pub const MAX_QUERY_WORDS: usize = 8;

/// Fewest characters of trimmed text that make a query.
pub const MIN_QUERY_CHARS: usize = 2;

/// Longest query text read, in characters; the rest is ignored.
pub const MAX_QUERY_CHARS: usize = 200;

/// Words dropped from a query: they would match too much to help.
const FILLER_WORDS: [&str; 14] = [
    "a", "an", "and", "the", "of", "for", "with", "to", "in", "on", "by", "my", "best", "me",
];

/// Why a text is not a query.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Fewer than [`MIN_QUERY_CHARS`] characters after trimming.
    #[error("Please type at least 2 characters to search.")]
    TooShort,
    /// Nothing left to look for once filler words and punctuation are dropped.
    #[error("Please search for a product, a bank or a topic.")]
    NoWords,
}

/// A visitor's query, cut into the words looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    text: String,
    words: Vec<String>,
}

impl SearchQuery {
    /// Reads a query.
    ///
    /// ```
    /// use catalogue::search::{SearchError, SearchQuery};
    /// let query = SearchQuery::parse("  The best Chase cards! ").unwrap();
    /// assert_eq!(query.words(), ["chase", "card"]);
    /// assert_eq!(SearchQuery::parse("x"), Err(SearchError::TooShort));
    /// assert_eq!(SearchQuery::parse("the & of"), Err(SearchError::NoWords));
    /// ```
    pub fn parse(text: &str) -> Result<Self, SearchError> {
        let text: String = text.trim().chars().take(MAX_QUERY_CHARS).collect();
        if text.chars().count() < MIN_QUERY_CHARS {
            return Err(SearchError::TooShort);
        }
        let words: Vec<String> = words_of(&text)
            .filter(|w| !FILLER_WORDS.contains(&w.as_str()))
            .take(MAX_QUERY_WORDS)
            .collect();
        if words.is_empty() {
            return Err(SearchError::NoWords);
        }
        Ok(Self { text, words })
    }

    /// The trimmed text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The words looked for, in order.
    pub fn words(&self) -> &[String] {
        &self.words
    }
}

/// Lowercased words of letters and digits, a final `s` dropped from longer ones.
fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let lower = w.to_lowercase();
            match lower.strip_suffix('s') {
                Some(stem) if stem.chars().count() >= 2 => stem.to_owned(),
                _ => lower,
            }
        })
}

/// The words a product kind is found by, beside its label.
fn kind_words(kind: ProductType) -> &'static str {
    match kind {
        ProductType::CreditCard => "credit card",
        ProductType::Checking => "checking account bank",
        ProductType::Savings => "savings account high yield bank",
        ProductType::MoneyMarket => "money market account bank",
        ProductType::Cd => "cd certificate deposit bank",
        ProductType::Prepaid => "prepaid debit card",
        ProductType::PersonalLoan => "personal loan",
        ProductType::AutoLoan => "auto car loan",
        ProductType::Mortgage => "mortgage home loan",
        ProductType::Institution => "bank credit union institution",
    }
}

/// The features an offer is found by, each with its words: the listings' own filters, so
/// search and the pages agree on what "balance transfer" or "cash back" means. Features that
/// are an absence ("no annual fee") are left out: their words one by one ("annual fee")
/// would find exactly the cards without the thing asked for.
fn feature_words() -> [(Filter, &'static str); 9] {
    [
        (
            Filter::IntroBalanceTransferApr,
            "balance transfer intro apr",
        ),
        (Filter::IntroPurchaseApr, "intro apr purchase"),
        (Filter::ZeroIntroPurchaseApr, "0 zero apr"),
        (Filter::SignupBonus, "sign up bonus welcome"),
        (Filter::Rewards(RewardsKind::CashBack), "cash back cashback"),
        (Filter::Rewards(RewardsKind::Points), "points miles"),
        (Filter::CardKind(CardKind::Secured), "secured"),
        (Filter::CardKind(CardKind::Store), "store retail"),
        (Filter::Business, "business small"),
    ]
}

/// The words of an offer's features and of the needs it is eligible or rated for.
fn feature_and_need_words(offer: &Offer) -> Vec<String> {
    let needs = offer
        .needs
        .eligible_needs
        .iter()
        .chain(&offer.needs.rated_needs)
        .filter_map(|key| NeedKey::parse(key).ok())
        .map(NeedKey::label);
    let features = feature_words()
        .into_iter()
        .filter(|(filter, _)| filter.matches(offer))
        .map(|(_, words)| words);
    let rewards = Filter::Rewards(RewardsKind::Any)
        .matches(offer)
        .then_some("rewards");
    needs
        .chain(features)
        .chain(rewards)
        .flat_map(words_of)
        .collect()
}

/// How well an offer answers the query; none when a word is missing.
fn score(offer: &Offer, query: &SearchQuery) -> Option<u32> {
    let name: Vec<String> = words_of(offer.identity.name.as_str()).collect();
    let mut other: Vec<String> = offer
        .identity
        .issuer
        .as_deref()
        .into_iter()
        .chain([offer.product_type.label(), kind_words(offer.product_type)])
        .flat_map(words_of)
        .collect();
    other.extend(feature_and_need_words(offer));
    let mut total = 0;
    for word in &query.words {
        total += if name.iter().any(|n| n == word) {
            3
        } else if name.iter().any(|n| n.starts_with(word.as_str())) {
            2
        } else if other.iter().any(|o| o.starts_with(word.as_str())) {
            1
        } else {
            return None;
        };
    }
    let phrase = query.words.join(" ");
    if query.words.len() > 1 && name.join(" ").contains(&phrase) {
        total += 2;
    }
    Some(total)
}

/// The offers that answer the query, best first, at most `limit` of them from `offset`,
/// and how many answer it in all.
///
/// ```
/// use catalogue::search::{SearchQuery, search};
/// use offer_model::Offer;
/// let offers: Vec<Offer> = [
///     r#"{"ID": "a", "NAME": "Sapphire Preferred", "ISSUER": "Chase"}"#,
///     r#"{"ID": "b", "NAME": "Freedom Flex", "ISSUER": "Chase"}"#,
///     r#"{"ID": "c", "NAME": "Venture", "ISSUER": "Capital One"}"#,
/// ]
/// .iter()
/// .map(|raw| Offer::from_json(&serde_json::from_str(raw).unwrap()).unwrap())
/// .collect();
/// let query = SearchQuery::parse("chase sapph").unwrap();
/// let (found, total) = search(offers.iter(), &query, 0, 10);
/// assert_eq!(total, 1);
/// assert_eq!(found[0].identity.id.as_str(), "a");
/// ```
pub fn search<'a>(
    offers: impl IntoIterator<Item = &'a Offer>,
    query: &SearchQuery,
    offset: usize,
    limit: usize,
) -> (Vec<&'a Offer>, usize) {
    let mut hits: Vec<(u32, &Offer)> = offers
        .into_iter()
        .filter_map(|offer| score(offer, query).map(|s| (s, offer)))
        .collect();
    let total = hits.len();
    hits.sort_by(|(a_score, a), (b_score, b)| {
        b_score
            .cmp(a_score)
            .then_with(|| Reverse(a.ratings.rating).cmp(&Reverse(b.ratings.rating)))
            .then_with(|| a.identity.name.as_str().cmp(b.identity.name.as_str()))
            .then_with(|| a.identity.id.as_str().cmp(b.identity.id.as_str()))
    });
    (
        hits.into_iter()
            .skip(offset)
            .take(limit)
            .map(|(_, o)| o)
            .collect(),
        total,
    )
}

#[cfg(test)]
mod tests;
