//! Tracking: ad views and clicks from the tracking pixel, redirect clicks through `/r/`
//! and daily counters such as the go-to-top ping.
//!
//! These rows are analytics data, derivable and not owed to anyone: the server queues the
//! events in memory and writes them here in batches ([`record`], one transaction per
//! batch, multi-row inserts), so a crash loses at most the batch still queued.
//!
//! Tables:
//! - `ad_views` and `ad_clicks`: the ad-view pixel payload (site-core §3), as
//!   `visitor_state::ad_pixel::AdView` normalised it. A click is one row. Identical views
//!   written in one batch share a row that counts them (`views`), stamped with the first
//!   one's time: at the pixel's rate a row per view would be most of the writer's work
//!   and most of the table, and no question asked of views needs them apart;
//! - `redirect_clicks`: the offer id and which address (`apply` or `rates_fees`);
//! - `tracking_daily_counts`: one counter row per name and UTC day.

mod entity;
pub mod m0005_tracking;
pub mod m0006_ad_view_counts;

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

use std::fmt::Write as _;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, PaginatorTrait, QueryOrder,
    QuerySelect, Statement, Value,
};
use visitor_state::ad_pixel::{AdView, PixelText};

use crate::StoreError;
use crate::by_key::by_key;
use entity::{ad_click, ad_view, daily_count, redirect_click};

/// Rows per insert statement (at most 7 bound values each keeps every backend far below its
/// parameter limit).
const CHUNK: usize = 500;

/// Which address a `/r/` redirect sent the visitor to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RedirectTarget {
    /// The apply (tracking) address.
    Apply,
    /// The rates-and-fees address (`rf=1`).
    RatesAndFees,
}

impl RedirectTarget {
    /// The stored value: `apply` or `rates_fees`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Apply => "apply",
            Self::RatesAndFees => "rates_fees",
        }
    }

    /// Reads a stored value back.
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "apply" => Some(Self::Apply),
            "rates_fees" => Some(Self::RatesAndFees),
            _ => None,
        }
    }
}

/// A daily counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Counter {
    /// The go-to-top ping (`/gototop.png`, community §7).
    GoToTop,
}

impl Counter {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::GoToTop => "gototop",
        }
    }
}

/// One event to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackingEvent {
    /// An ad view, or an ad click when `view.click` is set.
    Ad {
        /// The payload, as [`AdView::from_query`] read it.
        view: AdView,
        /// When the pixel was requested.
        at: DateTime<Utc>,
    },
    /// A redirect through `/r/`.
    Redirect {
        /// The catalogue id of the offer.
        offer_id: String,
        /// Which of its addresses.
        target: RedirectTarget,
        /// When the redirect was answered.
        at: DateTime<Utc>,
    },
    /// One more on a daily counter (the day is the UTC date of `at`).
    Ping {
        /// The counter.
        counter: Counter,
        /// When it happened.
        at: DateTime<Utc>,
    },
}

/// How many rows of each kind one [`record`] call stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Views added to `ad_views` (identical views share a row).
    pub ad_views: u64,
    /// Rows added to `ad_clicks`.
    pub ad_clicks: u64,
    /// Rows added to `redirect_clicks`.
    pub redirects: u64,
    /// Pings added to the daily counters.
    pub pings: u64,
}

impl Recorded {
    /// Every event stored.
    pub fn total(&self) -> u64 {
        self.ad_views + self.ad_clicks + self.redirects + self.pings
    }
}

/// A stored ad view or click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdEventRecord {
    /// Row id.
    pub id: i64,
    /// The payload (`click` tells which table it came from).
    pub view: AdView,
    /// When the pixel was requested (for views counted together, the first of them).
    pub occurred_at: DateTime<Utc>,
    /// How many identical events the row stands for (a click: always 1).
    pub count: i64,
}

/// A stored redirect click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedirectClickRecord {
    /// Row id.
    pub id: i64,
    /// The catalogue id of the offer.
    pub offer_id: String,
    /// Which of its addresses.
    pub target: RedirectTarget,
    /// When the redirect was answered.
    pub occurred_at: DateTime<Utc>,
}

/// Rows per ad insert statement. A batch is written in statements of these sizes only
/// (largest first), so the database sees a handful of statement texts that it prepares
/// once and reuses; a statement shaped by each batch's length would be parsed afresh
/// every time.
const AD_INSERT_ROWS: [usize; 7] = [64, 32, 16, 8, 4, 2, 1];

/// The two ad tables: one shape, but only views carry a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AdTable {
    Views,
    Clicks,
}

impl AdTable {
    /// The insert's head, up to `VALUES`.
    fn insert_head(self) -> &'static str {
        match self {
            Self::Views => {
                "INSERT INTO ad_views \
                 (ad_id, pid, page, section, position, totals, occurred_at, views) VALUES "
            }
            Self::Clicks => {
                "INSERT INTO ad_clicks \
                 (ad_id, pid, page, section, position, totals, occurred_at) VALUES "
            }
        }
    }

    /// Values per row.
    fn columns(self) -> usize {
        match self {
            Self::Views => 8,
            Self::Clicks => 7,
        }
    }
}

/// One ad row to write: a payload, when it was first seen, and how many times.
struct AdRow<'a> {
    view: &'a AdView,
    at: DateTime<Utc>,
    count: i64,
}

impl<'a> AdRow<'a> {
    fn one(view: &'a AdView, at: DateTime<Utc>) -> Self {
        Self { view, at, count: 1 }
    }
}

/// The inserts that store `rows` in an ad table.
fn ad_inserts(backend: DbBackend, table: AdTable, rows: &[AdRow<'_>]) -> Vec<Statement> {
    let mut statements = Vec::new();
    let mut rest = rows;
    while let Some(&size) = AD_INSERT_ROWS.iter().find(|size| **size <= rest.len()) {
        let (now, later) = rest.split_at(size);
        statements.push(ad_insert(backend, table, now));
        rest = later;
    }
    statements
}

/// One multi-row insert into an ad table.
fn ad_insert(backend: DbBackend, table: AdTable, rows: &[AdRow<'_>]) -> Statement {
    let columns = table.columns();
    let mut sql = String::from(table.insert_head());
    let mut values: Vec<Value> = Vec::with_capacity(rows.len() * columns);
    let text =
        |value: &Option<PixelText>| Value::from(value.as_ref().map(|v| v.as_str().to_owned()));
    for (n, row) in rows.iter().enumerate() {
        sql.push_str(if n == 0 { "(" } else { ", (" });
        for column in 0..columns {
            if column > 0 {
                sql.push_str(", ");
            }
            match backend {
                DbBackend::Postgres => {
                    let _ = write!(sql, "${}", n * columns + column + 1);
                }
                _ => sql.push('?'),
            }
        }
        sql.push(')');
        let view = row.view;
        values.extend([
            text(&view.id),
            text(&view.pid),
            text(&view.page),
            text(&view.section),
            view.position.into(),
            view.totals.into(),
            row.at.into(),
        ]);
        if table == AdTable::Views {
            values.push(row.count.into());
        }
    }
    Statement::from_sql_and_values(backend, sql, values)
}

/// Stores a batch of events in one transaction: multi-row inserts for views, clicks and
/// redirects, and one upsert per counter and day (same-day pings are summed first).
/// Either every event is stored or, on error, none is.
pub async fn record(
    db: &DatabaseConnection,
    events: &[TrackingEvent],
) -> Result<Recorded, StoreError> {
    let mut views: Vec<AdRow<'_>> = Vec::new();
    // Identical views share a row. A fast hasher: SipHash was a tenth of the writer's cost
    // a view. The keys come from visitors, but the hasher is seeded at random, so they
    // cannot be chosen in advance to collide; the map lives for one batch.
    let mut view_rows: HashMap<&AdView, usize, foldhash::fast::RandomState> = HashMap::default();
    let mut clicks: Vec<AdRow<'_>> = Vec::new();
    let mut redirects = Vec::new();
    let mut pings: BTreeMap<(NaiveDate, Counter), i64> = BTreeMap::new();
    for event in events {
        match event {
            TrackingEvent::Ad { view, at } if view.click => clicks.push(AdRow::one(view, *at)),
            TrackingEvent::Ad { view, at } => match view_rows.entry(view) {
                Entry::Occupied(row) => {
                    if let Some(row) = views.get_mut(*row.get()) {
                        row.count = row.count.saturating_add(1);
                    }
                }
                Entry::Vacant(slot) => {
                    slot.insert(views.len());
                    views.push(AdRow::one(view, *at));
                }
            },
            TrackingEvent::Redirect {
                offer_id,
                target,
                at,
            } => redirects.push(redirect_click::ActiveModel {
                id: NotSet,
                offer_id: Set(offer_id.clone()),
                target: Set(target.as_str().to_owned()),
                occurred_at: Set(*at),
            }),
            TrackingEvent::Ping { counter, at } => {
                let slot = pings.entry((at.date_naive(), *counter)).or_insert(0);
                *slot = slot.saturating_add(1);
            }
        }
    }
    if events.is_empty() {
        return Ok(Recorded::default());
    }
    let recorded = Recorded {
        ad_views: views.iter().map(|row| row.count.unsigned_abs()).sum(),
        ad_clicks: clicks.len() as u64,
        redirects: redirects.len() as u64,
        pings: pings.values().map(|n| n.unsigned_abs()).sum(),
    };

    let backend = db.get_database_backend();
    let txn = crate::begin_write(db).await?;
    for statement in ad_inserts(backend, AdTable::Views, &views)
        .into_iter()
        .chain(ad_inserts(backend, AdTable::Clicks, &clicks))
    {
        txn.execute_raw(statement).await?;
    }
    for chunk in chunks(redirects) {
        redirect_click::Entity::insert_many(chunk)
            .exec_without_returning(&txn)
            .await?;
    }
    if !pings.is_empty() {
        let rows = pings
            .into_iter()
            .map(|((day, counter), count)| daily_count::ActiveModel {
                day: Set(day),
                name: Set(counter.as_str().to_owned()),
                count: Set(count),
            });
        let add = Expr::col((daily_count::Entity, daily_count::Column::Count)).add(Expr::col((
            Alias::new("excluded"),
            daily_count::Column::Count,
        )));
        daily_count::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([daily_count::Column::Day, daily_count::Column::Name])
                    .value(daily_count::Column::Count, add)
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(recorded)
}

/// Splits rows into statement-sized chunks.
fn chunks<T>(mut rows: Vec<T>) -> Vec<Vec<T>> {
    let mut out = Vec::with_capacity(rows.len().div_ceil(CHUNK));
    while rows.len() > CHUNK {
        let rest = rows.split_off(CHUNK);
        out.push(rows);
        rows = rest;
    }
    if !rows.is_empty() {
        out.push(rows);
    }
    out
}

/// A stored text back as a pixel value.
fn pixel_text(value: Option<String>) -> Result<Option<PixelText>, StoreError> {
    value
        .map(|v| {
            PixelText::try_from(v).map_err(|e| StoreError::InvalidData(format!("ad event: {e}")))
        })
        .transpose()
}

/// Converts a stored ad row back into a record; both tables share one shape.
macro_rules! ad_record {
    ($row:expr, $click:expr, $count:expr) => {{
        let row = $row;
        let count = $count(&row);
        Ok::<_, StoreError>(AdEventRecord {
            id: row.id,
            view: AdView {
                id: pixel_text(row.ad_id)?,
                pid: pixel_text(row.pid)?,
                page: pixel_text(row.page)?,
                section: pixel_text(row.section)?,
                position: row.position,
                totals: row.totals,
                click: $click,
            },
            occurred_at: row.occurred_at,
            count,
        })
    }};
}

/// The first `limit` ad views, oldest first.
pub async fn ad_views(
    db: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<AdEventRecord>, StoreError> {
    ad_view::Entity::find()
        .order_by_asc(ad_view::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(|row| ad_record!(row, false, |r: &ad_view::Model| r.views))
        .collect()
}

/// The first `limit` ad clicks, oldest first.
pub async fn ad_clicks(
    db: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<AdEventRecord>, StoreError> {
    ad_click::Entity::find()
        .order_by_asc(ad_click::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(|row| ad_record!(row, true, |_: &ad_click::Model| 1))
        .collect()
}

/// How many ad views are stored (the sum of the rows' counts).
pub async fn count_ad_views(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    let total: Option<i64> = ad_view::Entity::find()
        .select_only()
        // PostgreSQL sums bigints as numeric; the cast keeps one type on both.
        .column_as(Expr::cust("CAST(SUM(views) AS BIGINT)"), "total")
        .into_tuple()
        .one(db)
        .await?
        .flatten();
    Ok(total.map_or(0, i64::unsigned_abs))
}

/// How many ad clicks are stored.
pub async fn count_ad_clicks(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(ad_click::Entity::find().count(db).await?)
}

/// The first `limit` redirect clicks, oldest first.
pub async fn redirect_clicks(
    db: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<RedirectClickRecord>, StoreError> {
    redirect_click::Entity::find()
        .order_by_asc(redirect_click::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(|row| {
            let target = RedirectTarget::parse(&row.target).ok_or_else(|| {
                StoreError::InvalidData(format!("redirect target {:?}", row.target))
            })?;
            Ok(RedirectClickRecord {
                id: row.id,
                offer_id: row.offer_id,
                target,
                occurred_at: row.occurred_at,
            })
        })
        .collect()
}

/// A daily counter's value (0 when nothing was counted that day).
pub async fn daily_count(
    db: &impl ConnectionTrait,
    counter: Counter,
    day: NaiveDate,
) -> Result<i64, StoreError> {
    Ok(by_key(
        daily_count::Entity::find_by_id((day, counter.as_str().to_owned())),
        db,
    )
    .await?
    .map_or(0, |row| row.count))
}
