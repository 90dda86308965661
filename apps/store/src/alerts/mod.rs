//! The rate alerts: what each member follows (a product, or a listing with an APY
//! threshold), how often they want e-mail (at each import, or at most weekly) and how far
//! their e-mails have covered the catalogue's changes (`through_version`: changes recorded
//! by imports up to that catalogue version have been told, or were older than their first
//! follow). The digest itself is the server's; this module keeps the rows.

mod entity;
pub mod m0016_alerts;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use self::entity::{follow, subscriber};
use crate::StoreError;

/// The most products and listings one member may follow.
pub const MAX_FOLLOWS: u64 = 50;

/// How often a member wants alert e-mails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cadence {
    /// One e-mail after each import that changed what they follow.
    #[default]
    Immediate,
    /// At most one e-mail a week, with every change since the last.
    Weekly,
}

impl Cadence {
    /// The stored and wire name: `immediate` or `weekly`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Immediate => "immediate",
            Self::Weekly => "weekly",
        }
    }

    /// The cadence named `raw`, if there is one.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "immediate" => Some(Self::Immediate),
            "weekly" => Some(Self::Weekly),
            _ => None,
        }
    }

    /// The least time between two e-mails.
    pub fn gap(self) -> Duration {
        match self {
            Self::Immediate => Duration::zero(),
            Self::Weekly => Duration::days(7),
        }
    }
}

/// What a follow follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Every figure change of one product.
    Product {
        /// The offer's id.
        offer_id: String,
    },
    /// Products of a kind coming to an APY threshold.
    Listing {
        /// The product kind's key (`savings`, `cd`…).
        product_type: String,
        /// The threshold, a decimal string in percent.
        min_apy: String,
        /// The CD term, when one is set.
        term_months: Option<i32>,
    },
}

impl Target {
    /// One string per thing followed: a member follows each once.
    fn key(&self) -> String {
        match self {
            Self::Product { offer_id } => format!("product:{offer_id}"),
            Self::Listing {
                product_type,
                min_apy,
                term_months,
            } => format!(
                "listing:{product_type}:{min_apy}:{}",
                term_months.map(|t| t.to_string()).unwrap_or_default()
            ),
        }
    }
}

/// One thing a member follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Follow {
    /// Its id.
    pub id: i64,
    /// What it follows.
    pub target: Target,
    /// When the member began following it.
    pub created_at: DateTime<Utc>,
    /// When an alert e-mail last told of it.
    pub last_sent_at: Option<DateTime<Utc>>,
}

impl TryFrom<follow::Model> for Follow {
    type Error = StoreError;

    fn try_from(row: follow::Model) -> Result<Self, StoreError> {
        let target = match (row.offer_id, row.product_type, row.min_apy) {
            (Some(offer_id), _, _) => Target::Product { offer_id },
            (None, Some(product_type), Some(min_apy)) => Target::Listing {
                product_type,
                min_apy,
                term_months: row.term_months,
            },
            _ => {
                return Err(StoreError::InvalidData(format!(
                    "alert follow {} follows nothing",
                    row.id
                )));
            }
        };
        Ok(Self {
            id: row.id,
            target,
            created_at: row.created_at,
            last_sent_at: row.last_sent_at,
        })
    }
}

/// A member's alert settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subscriber {
    /// How often they want e-mail.
    pub cadence: Cadence,
    /// Changes up to this catalogue version are covered.
    pub through_version: i64,
    /// When their last alert e-mail was queued.
    pub last_sent_at: Option<DateTime<Utc>>,
}

impl From<subscriber::Model> for Subscriber {
    fn from(row: subscriber::Model) -> Self {
        Self {
            cadence: Cadence::parse(&row.cadence).unwrap_or_default(),
            through_version: row.through_version,
            last_sent_at: row.last_sent_at,
        }
    }
}

/// The member's settings, locked until the transaction `db` ends (PostgreSQL; a SQLite
/// write transaction holds the whole database already): two digest passes for one member
/// take turns, the second seeing what the first covered.
pub async fn subscriber_for_update(
    db: &impl ConnectionTrait,
    member_id: i64,
) -> Result<Option<Subscriber>, StoreError> {
    let mut query = subscriber::Entity::find_by_id(member_id);
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        query = query.lock_exclusive();
    }
    Ok(query.one(db).await?.map(Subscriber::from))
}

/// The member's settings; none before their first follow or choice of cadence.
pub async fn subscriber(
    db: &impl ConnectionTrait,
    member_id: i64,
) -> Result<Option<Subscriber>, StoreError> {
    Ok(subscriber::Entity::find_by_id(member_id)
        .one(db)
        .await?
        .map(Subscriber::from))
}

/// Makes the member's settings row when there is none: the changes the catalogue already
/// holds are older than anything they follow, so they are covered.
async fn ensure_subscriber(
    db: &impl ConnectionTrait,
    member_id: i64,
    cadence: Cadence,
) -> Result<(), StoreError> {
    let row = subscriber::ActiveModel {
        member_id: Set(member_id),
        cadence: Set(cadence.as_str().to_owned()),
        through_version: Set(crate::meta::catalogue_version(db).await?),
        last_sent_at: Set(None),
    };
    subscriber::Entity::insert(row)
        .on_conflict_do_nothing_on([subscriber::Column::MemberId])
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Sets how often the member wants alert e-mails.
pub async fn set_cadence(
    db: &impl ConnectionTrait,
    member_id: i64,
    cadence: Cadence,
) -> Result<(), StoreError> {
    ensure_subscriber(db, member_id, cadence).await?;
    subscriber::Entity::update_many()
        .col_expr(subscriber::Column::Cadence, Expr::value(cadence.as_str()))
        .filter(subscriber::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Every follow of the member, oldest first.
pub async fn follows(db: &impl ConnectionTrait, member_id: i64) -> Result<Vec<Follow>, StoreError> {
    follow::Entity::find()
        .filter(follow::Column::MemberId.eq(member_id))
        .order_by_asc(follow::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Follow::try_from)
        .collect()
}

/// The member follows `target` from `at`; the follow, and whether it is new (following
/// the same thing twice keeps the first). Refused with [`StoreError::Conflict`] when the
/// member already follows [`MAX_FOLLOWS`] things.
pub async fn follow(
    db: &impl ConnectionTrait,
    member_id: i64,
    target: Target,
    at: DateTime<Utc>,
) -> Result<(Follow, bool), StoreError> {
    let key = target.key();
    let existing = follow::Entity::find()
        .filter(follow::Column::MemberId.eq(member_id))
        .filter(follow::Column::FollowKey.eq(&key))
        .one(db)
        .await?;
    if let Some(row) = existing {
        return Ok((Follow::try_from(row)?, false));
    }
    let count = follow::Entity::find()
        .filter(follow::Column::MemberId.eq(member_id))
        .count(db)
        .await?;
    if count >= MAX_FOLLOWS {
        return Err(StoreError::Conflict(format!(
            "a member follows at most {MAX_FOLLOWS} products and listings"
        )));
    }
    ensure_subscriber(db, member_id, Cadence::default()).await?;
    let (offer_id, product_type, min_apy, term_months) = match target {
        Target::Product { offer_id } => (Some(offer_id), None, None, None),
        Target::Listing {
            product_type,
            min_apy,
            term_months,
        } => (None, Some(product_type), Some(min_apy), term_months),
    };
    let row = follow::ActiveModel {
        member_id: Set(member_id),
        follow_key: Set(key.clone()),
        offer_id: Set(offer_id),
        product_type: Set(product_type),
        min_apy: Set(min_apy),
        term_months: Set(term_months),
        created_at: Set(at),
        last_sent_at: Set(None),
        ..Default::default()
    };
    // Two requests at once may both find none; the second insert then does nothing.
    let inserted = follow::Entity::insert(row)
        .on_conflict_do_nothing_on([follow::Column::MemberId, follow::Column::FollowKey])
        .exec_without_returning(db)
        .await?;
    let new = matches!(inserted, sea_orm::TryInsertResult::Inserted(n) if n > 0);
    let row = follow::Entity::find()
        .filter(follow::Column::MemberId.eq(member_id))
        .filter(follow::Column::FollowKey.eq(&key))
        .one(db)
        .await?
        .ok_or_else(|| StoreError::NotFound("the follow just made".to_owned()))?;
    Ok((Follow::try_from(row)?, new))
}

/// The member stops follow `id`; `false` when they had no such follow.
pub async fn stop(db: &impl ConnectionTrait, member_id: i64, id: i64) -> Result<bool, StoreError> {
    let done = follow::Entity::delete_many()
        .filter(follow::Column::Id.eq(id))
        .filter(follow::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}

/// Forgets everything the member followed and their settings (a deleted account).
pub async fn forget(db: &impl ConnectionTrait, member_id: i64) -> Result<(), StoreError> {
    follow::Entity::delete_many()
        .filter(follow::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    subscriber::Entity::delete_by_id(member_id).exec(db).await?;
    Ok(())
}

/// The members (with their settings) whose e-mails have not covered catalogue `version`
/// yet and whose cadence lets an e-mail go at `now`, lowest id first.
pub async fn due(
    db: &impl ConnectionTrait,
    version: i64,
    now: DateTime<Utc>,
) -> Result<Vec<(i64, Subscriber)>, StoreError> {
    let week_ago = now - Cadence::Weekly.gap();
    let rows = subscriber::Entity::find()
        .filter(subscriber::Column::ThroughVersion.lt(version))
        .filter(
            subscriber::Column::Cadence
                .eq(Cadence::Immediate.as_str())
                .or(subscriber::Column::LastSentAt.is_null())
                .or(subscriber::Column::LastSentAt.lte(week_ago)),
        )
        .order_by_asc(subscriber::Column::MemberId)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| (row.member_id, Subscriber::from(row)))
        .collect())
}

/// Records that the member's e-mails now cover catalogue `version`; when an e-mail went
/// (`sent`: when, and the follows it told of), records that too. Never moves the record
/// back: `false`, changing nothing, when it already covers `version`.
pub async fn covered(
    db: &impl ConnectionTrait,
    member_id: i64,
    version: i64,
    sent: Option<(DateTime<Utc>, &[i64])>,
) -> Result<bool, StoreError> {
    let mut update = subscriber::Entity::update_many()
        .col_expr(subscriber::Column::ThroughVersion, Expr::value(version))
        .filter(subscriber::Column::MemberId.eq(member_id))
        .filter(subscriber::Column::ThroughVersion.lt(version));
    if let Some((at, _)) = sent {
        update = update.col_expr(subscriber::Column::LastSentAt, Expr::value(at));
    }
    if update.exec(db).await?.rows_affected == 0 {
        return Ok(false);
    }
    if let Some((at, follow_ids)) = sent {
        follow::Entity::update_many()
            .col_expr(follow::Column::LastSentAt, Expr::value(at))
            .filter(follow::Column::MemberId.eq(member_id))
            .filter(follow::Column::Id.is_in(follow_ids.iter().copied()))
            .exec(db)
            .await?;
    }
    Ok(true)
}
