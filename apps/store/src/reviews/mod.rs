//! Members' written reviews of products: the reviews area of the store.
//!
//! A member writes at most one review of a product: writing again replaces its stars
//! and text (and marks it edited), keeping its helpful votes. Reviews take the
//! community's votes ([`crate::qna::vote`] with [`crate::qna::ItemKind::Review`]: "helpful" is an up
//! vote), abuse reports and moderation ([`crate::qna::hide`], [`crate::qna::restore`],
//! the [`crate::qna::moderation_queue`]); hidden reviews are never listed nor counted.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr, QueryResult, SqlErr};

pub mod m0008_reviews;

use crate::StoreError;
use crate::qna::AuthorRow;
use crate::qna::read::author_row;
use crate::sql::{bound, count, statement};

/// A review to write (text checked by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewReview<'a> {
    /// The reviewed product's catalogue id.
    pub offer_id: &'a str,
    /// The writing member.
    pub author_id: i64,
    /// Whole stars, 1 to 5.
    pub stars: u8,
    /// The review's text.
    pub body: &'a str,
}

/// The order of a product's reviews.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ReviewSort {
    /// Newest first (key `new`, the default).
    #[default]
    Newest,
    /// Most helpful first (key `helpful`): most up votes, then newest.
    MostHelpful,
}

impl ReviewSort {
    /// The sort key: `new` or `helpful`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Newest => "new",
            Self::MostHelpful => "helpful",
        }
    }

    /// The sort a key names; none for an unknown key.
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "new" => Some(Self::Newest),
            "helpful" => Some(Self::MostHelpful),
            _ => None,
        }
    }

    fn order(self) -> &'static str {
        match self {
            Self::Newest => "r.id DESC",
            Self::MostHelpful => "r.upvotes DESC, r.id DESC",
        }
    }
}

/// A stored review with its author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRow {
    /// Review id.
    pub id: i64,
    /// The reviewed product.
    pub offer_id: String,
    /// Whole stars, 1 to 5.
    pub stars: u8,
    /// The text, as written (the caller escapes it for HTML).
    pub body: String,
    /// When it was first written.
    pub created_at: DateTime<Utc>,
    /// When its author last rewrote it.
    pub edited_at: Option<DateTime<Utc>>,
    /// Members who found it helpful.
    pub upvotes: u32,
    /// Members who did not.
    pub downvotes: u32,
    /// Hidden by a moderator.
    pub hidden: bool,
    /// Its author.
    pub author: AuthorRow,
}

/// One page of a product's visible reviews.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReviewPage {
    /// The reviews of the page, in the asked order.
    pub reviews: Vec<ReviewRow>,
    /// Visible reviews of the product in all.
    pub total: u64,
}

const REVIEW_COLUMNS: &str = concat!(
    "r.id AS r_id, r.offer_id AS r_offer_id, r.stars AS r_stars, \
     r.body AS r_body, r.created_at AS r_created_at, r.edited_at AS r_edited_at, \
     r.upvotes AS r_upvotes, r.downvotes AS r_downvotes, r.hidden AS r_hidden, ",
    crate::qna::read::author_columns!()
);

fn review_row(row: &QueryResult) -> Result<ReviewRow, StoreError> {
    let stars: i16 = row.try_get("", "r_stars")?;
    Ok(ReviewRow {
        id: row.try_get("", "r_id")?,
        offer_id: row.try_get("", "r_offer_id")?,
        stars: u8::try_from(stars)
            .ok()
            .filter(|s| (1..=5).contains(s))
            .ok_or_else(|| StoreError::InvalidData(format!("review stars {stars}")))?,
        body: row.try_get("", "r_body")?,
        created_at: row.try_get("", "r_created_at")?,
        edited_at: row.try_get("", "r_edited_at")?,
        upvotes: count(row.try_get("", "r_upvotes")?, "upvotes")?,
        downvotes: count(row.try_get("", "r_downvotes")?, "downvotes")?,
        hidden: row.try_get("", "r_hidden")?,
        author: author_row(row)?,
    })
}

fn foreign_key_violation(err: &DbErr) -> bool {
    matches!(
        err.sql_err(),
        Some(SqlErr::ForeignKeyConstraintViolation(_))
    )
}

/// Writes a member's review of a product, or replaces the stars and text of the one they
/// wrote before (a hidden review stays hidden). Returns the stored review. An unknown
/// member is [`StoreError::NotFound`]; stars outside 1 to 5 are [`StoreError::InvalidData`].
pub async fn write_review(
    conn: &impl ConnectionTrait,
    new: &NewReview<'_>,
    now: DateTime<Utc>,
) -> Result<ReviewRow, StoreError> {
    if !(1..=5).contains(&new.stars) {
        return Err(StoreError::InvalidData(format!("{} stars", new.stars)));
    }
    let written = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            "INSERT INTO product_reviews (offer_id, author_id, stars, body, created_at, \
             upvotes, downvotes, hidden) VALUES (?, ?, ?, ?, ?, 0, 0, FALSE) \
             ON CONFLICT (offer_id, author_id) DO UPDATE SET stars = excluded.stars, \
             body = excluded.body, edited_at = excluded.created_at RETURNING id",
            vec![
                new.offer_id.into(),
                new.author_id.into(),
                i16::from(new.stars).into(),
                new.body.into(),
                now.into(),
            ],
        ))
        .await;
    let id: i64 = match written {
        Ok(Some(row)) => row.try_get_by_index(0)?,
        Ok(None) => return Err(StoreError::InvalidData("insert returned no id".to_owned())),
        Err(err) if foreign_key_violation(&err) => {
            return Err(StoreError::NotFound(format!("member {}", new.author_id)));
        }
        Err(err) => return Err(err.into()),
    };
    review(conn, id)
        .await?
        .ok_or_else(|| StoreError::NotFound(format!("review {id}")))
}

/// One review by id, hidden or not; none when it does not exist.
pub async fn review(conn: &impl ConnectionTrait, id: i64) -> Result<Option<ReviewRow>, StoreError> {
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            &format!(
                "SELECT {REVIEW_COLUMNS} FROM product_reviews r \
                 JOIN members m ON m.id = r.author_id WHERE r.id = ?"
            ),
            vec![id.into()],
        ))
        .await?;
    row.as_ref().map(review_row).transpose()
}

/// The member's own review of a product, hidden or not.
pub async fn member_review(
    conn: &impl ConnectionTrait,
    offer_id: &str,
    member_id: i64,
) -> Result<Option<ReviewRow>, StoreError> {
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            &format!(
                "SELECT {REVIEW_COLUMNS} FROM product_reviews r \
                 JOIN members m ON m.id = r.author_id \
                 WHERE r.offer_id = ? AND r.author_id = ?"
            ),
            vec![offer_id.into(), member_id.into()],
        ))
        .await?;
    row.as_ref().map(review_row).transpose()
}

/// A page of a product's visible reviews in `sort` order: `limit` from `offset`.
pub async fn reviews(
    conn: &impl ConnectionTrait,
    offer_id: &str,
    sort: ReviewSort,
    offset: u64,
    limit: u64,
) -> Result<ReviewPage, StoreError> {
    let backend = conn.get_database_backend();
    let rows = conn
        .query_all_raw(statement(
            backend,
            &format!(
                "SELECT {REVIEW_COLUMNS} FROM product_reviews r \
                 JOIN members m ON m.id = r.author_id \
                 WHERE r.offer_id = ? AND r.hidden = FALSE ORDER BY {} LIMIT ? OFFSET ?",
                sort.order()
            ),
            vec![offer_id.into(), bound(limit).into(), bound(offset).into()],
        ))
        .await?;
    let total = conn
        .query_one_raw(statement(
            backend,
            "SELECT COUNT(*) FROM product_reviews WHERE offer_id = ? AND hidden = FALSE",
            vec![offer_id.into()],
        ))
        .await?
        .map(|row| row.try_get_by_index::<i64>(0))
        .transpose()?
        .unwrap_or(0);
    Ok(ReviewPage {
        reviews: rows.iter().map(review_row).collect::<Result<_, _>>()?,
        total: u64::try_from(total).unwrap_or(0),
    })
}

/// Whether a review exists and is hidden; none when it does not exist.
pub(crate) async fn review_hidden(
    conn: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<bool>, StoreError> {
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            "SELECT hidden FROM product_reviews WHERE id = ?",
            vec![id.into()],
        ))
        .await?;
    Ok(row.map(|r| r.try_get_by_index(0)).transpose()?)
}
