//! The catalogue: every offer of the site, imported from a folder of raw, spec-shaped JSON
//! files (like `fixtures/catalogue`) and loaded back whole by the server, which answers
//! listings from memory.
//!
//! Each offer is stored as its canonical raw JSON ([`Offer::to_raw_json`]), so every field of
//! the offer model survives, beside indexed columns for lookups; its rate tiers, needs and,
//! for institutions, an `institutions` row are stored beside it. An import replaces the whole
//! catalogue in one transaction and bumps the catalogue version, which tells every server
//! instance to rebuild its view.
//!
//! Offers are upserted rather than deleted and re-inserted, so rows of other areas that
//! refer to an offer are never touched. An offer the new data no longer has is retired
//! (`retired_at`), not deleted: it leaves the listings but keeps its last figures and what
//! members wrote about it, and an import that has it again restores it. The editors' own
//! fields of an offer survive an import that does not give them
//! ([`::catalogue::refresh::keep_editors_fields`]). See [`import`].

pub mod entity;
pub mod history;
pub mod m0002_catalogue;
pub mod m0014_offer_history;
pub mod m0015_import_version;
pub mod m0017_offer_events;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use ::catalogue::refresh::{Plan, keep_editors_fields};
use chrono::{DateTime, Utc};
use offer_model::{Offer, ProductType};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

use entity::{institution, need, offer, rate_tier};

use crate::{StoreError, meta};

/// Rows per insert statement: well under the bound-parameter limits of both backends.
const CHUNK: usize = 200;

/// Tags that say what kind of institution an institution is.
const INSTITUTION_KINDS: [&str; 2] = ["bank", "credit-union"];

/// Whether the catalogue holds no offers.
pub async fn is_empty(db: &DatabaseConnection) -> Result<bool, StoreError> {
    Ok(offer::Entity::find()
        .select_only()
        .column(offer::Column::Id)
        .into_tuple::<String>()
        .one(db)
        .await?
        .is_none())
}

/// The number of offers in the catalogue (retired ones are not in it).
pub async fn count(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(offer::Entity::find()
        .filter(offer::Column::RetiredAt.is_null())
        .count(db)
        .await?)
}

/// Whether an offer with this id is in the catalogue.
pub async fn offer_exists(db: &impl ConnectionTrait, id: &str) -> Result<bool, StoreError> {
    Ok(offer::Entity::find_by_id(id.to_owned())
        .select_only()
        .column(offer::Column::Id)
        .into_tuple::<String>()
        .one(db)
        .await?
        .is_some())
}

/// Reads a catalogue folder without touching the database: every `*.json` file in it (in
/// file-name order), each a JSON array of raw offers. Fails, naming the file and the offer,
/// when a file cannot be read, is not an array, holds an offer the model refuses or repeats
/// an id; and when the folder holds no offer at all, so an empty or mistyped folder never
/// wipes the catalogue.
pub fn read_dir(dir: &Path) -> Result<Vec<Offer>, StoreError> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        StoreError::Fixture(format!("cannot read the folder {}: {e}", dir.display()))
    })?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| {
            StoreError::Fixture(format!("cannot read the folder {}: {e}", dir.display()))
        })?;
        let path = entry.path();
        let is_json = path.extension().is_some_and(|ext| ext == "json");
        if is_json && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(StoreError::Fixture(format!(
            "no *.json catalogue file in {}",
            dir.display()
        )));
    }
    let mut offers = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    for path in &files {
        let file = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path)
            .map_err(|e| StoreError::Fixture(format!("{file}: cannot read: {e}")))?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| StoreError::Fixture(format!("{file}: not valid JSON: {e}")))?;
        let serde_json::Value::Array(items) = value else {
            return Err(StoreError::Fixture(format!(
                "{file}: expected a JSON array of offers"
            )));
        };
        for (index, item) in items.iter().enumerate() {
            let offer = Offer::from_json(item).map_err(|e| {
                let id = item
                    .get("ID")
                    .map(|id| format!(" (ID {id})"))
                    .unwrap_or_default();
                StoreError::Fixture(format!("{file}: offer {}{id}: {e}", index + 1))
            })?;
            let id = offer.identity.id.as_str().to_owned();
            if let Some(first) = seen.insert(id.clone(), file.clone()) {
                return Err(StoreError::Fixture(format!(
                    "{file}: offer id {id} is already in {first}"
                )));
            }
            offers.push(offer);
        }
    }
    if offers.is_empty() {
        return Err(StoreError::Fixture(format!(
            "the catalogue files in {} hold no offer",
            dir.display()
        )));
    }
    Ok(offers)
}

/// Imports a catalogue folder ([`read_dir`]): every file is read and every offer parsed
/// before anything is written, then the catalogue is replaced ([`replace`]). Returns the
/// number of offers. A bad file changes nothing.
pub async fn import_dir(db: &DatabaseConnection, dir: &Path) -> Result<usize, StoreError> {
    let offers = read_dir(dir)?;
    replace(db, &offers).await?;
    Ok(offers.len())
}

/// How an import runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportOptions {
    /// Work out what would change and write nothing.
    pub dry_run: bool,
    /// Retire more than `max_retired_percent` of the catalogue if the data says so.
    pub force: bool,
    /// The share of the live catalogue (percent) an import may retire unless forced.
    pub max_retired_percent: u32,
}

impl Default for ImportOptions {
    fn default() -> Self {
        Self {
            dry_run: false,
            force: false,
            max_retired_percent: ::catalogue::refresh::DEFAULT_MAX_RETIRED_PERCENT,
        }
    }
}

/// What an import did (or, dry, would do).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// What changed.
    pub plan: Plan,
    /// The new catalogue version; none for a dry run.
    pub version: Option<i64>,
}

/// Imports `incoming` as the whole catalogue, in one transaction, at `at`: offers new or
/// back are stored as offered, offers the data no longer has are retired, and the
/// catalogue version is bumped with them (readers see the old catalogue or the new one,
/// never a mix). The plan is worked out in the same transaction from what is stored then,
/// with the editors' own fields of each stored offer kept. Refused, writing nothing, when a
/// repeated id is given ([`StoreError::Fixture`]) or when it would retire more than the
/// allowed share unless forced ([`StoreError::Fixture`] with the reason).
pub async fn import(
    db: &DatabaseConnection,
    incoming: &[Offer],
    options: ImportOptions,
    at: DateTime<Utc>,
) -> Result<Imported, StoreError> {
    let mut ids = BTreeSet::new();
    for offer in incoming {
        let id = offer.identity.id.as_str();
        if !ids.insert(id) {
            return Err(StoreError::Fixture(format!("offer id {id} appears twice")));
        }
    }
    let txn = crate::begin_write(db).await?;
    serialise_imports(&txn).await?;
    let live = offers_where(&txn, offer::Column::RetiredAt.is_null()).await?;
    let retired = offers_where(&txn, offer::Column::RetiredAt.is_not_null()).await?;
    let stored: HashMap<&str, &Offer> = live
        .iter()
        .chain(&retired)
        .map(|o| (o.identity.id.as_str(), o))
        .collect();
    let offers: Vec<Offer> = incoming
        .iter()
        .map(|new| match stored.get(new.identity.id.as_str()) {
            Some(old) => keep_editors_fields(old, new),
            None => new.clone(),
        })
        .collect();
    let plan = Plan::new(&live, &retired, &offers);
    plan.check_retired_share(live.len(), options.max_retired_percent, options.force)
        .map_err(|err| StoreError::Fixture(err.to_string()))?;
    if options.dry_run {
        txn.rollback().await?;
        return Ok(Imported {
            plan,
            version: None,
        });
    }
    let version = write(&txn, &offers, &plan.retired, at).await?;
    record_history(&txn, &offers, &plan, at, version).await?;
    history::record_events(&txn, &plan, at, version).await?;
    txn.commit().await?;
    Ok(Imported {
        plan,
        version: Some(version),
    })
}

/// Records the figures `plan` changed: a new product's first figures, and every figure of a
/// changed (or restored and changed) one.
async fn record_history(
    txn: &impl ConnectionTrait,
    offers: &[Offer],
    plan: &Plan,
    at: DateTime<Utc>,
    version: i64,
) -> Result<(), StoreError> {
    let by_id: HashMap<&str, &Offer> = offers.iter().map(|o| (o.identity.id.as_str(), o)).collect();
    let mut rows = Vec::new();
    for id in &plan.added {
        if let Some(offer) = by_id.get(id.as_str()) {
            rows.extend(history::rows(offer, None, at, version));
        }
    }
    for change in &plan.changed {
        if let Some(offer) = by_id.get(change.id.as_str()) {
            rows.extend(history::rows(offer, Some(&change.fields), at, version));
        }
    }
    history::insert(txn, rows).await
}

/// The lock key of imports on PostgreSQL (any fixed number: it names the lock).
const IMPORT_LOCK: i64 = 3_510_015;

/// Makes concurrent imports take turns, so each plans from what the one before it wrote
/// and versions commit in order (the rate alerts read changes up to a version). SQLite's
/// writer transaction already does; on PostgreSQL a transaction-scoped advisory lock does.
async fn serialise_imports(txn: &impl ConnectionTrait) -> Result<(), StoreError> {
    if txn.get_database_backend() == sea_orm::DbBackend::Postgres {
        txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({IMPORT_LOCK})"))
            .await?;
    }
    Ok(())
}

/// Replaces the catalogue with these offers, whatever share it retires (a test's or the
/// first start's import); returns the new catalogue version. See [`import`].
pub async fn replace(db: &DatabaseConnection, offers: &[Offer]) -> Result<i64, StoreError> {
    let options = ImportOptions {
        force: true,
        ..ImportOptions::default()
    };
    let imported = import(db, offers, options, Utc::now()).await?;
    imported
        .version
        .ok_or_else(|| StoreError::InvalidData("an import wrote no version".to_owned()))
}

/// The rows one offer is stored as.
struct OfferRows {
    offer: offer::ActiveModel,
    tiers: Vec<rate_tier::ActiveModel>,
    needs: Vec<need::ActiveModel>,
    institution: Option<institution::ActiveModel>,
}

fn rows_of(position: i32, offer: &Offer) -> Result<OfferRows, StoreError> {
    let id = offer.identity.id.as_str().to_owned();
    let raw = serde_json::to_string(&offer.to_raw_json())
        .map_err(|e| StoreError::InvalidData(format!("offer {id}: {e}")))?;
    let row = offer::ActiveModel {
        id: Set(id.clone()),
        position: Set(position),
        pid: Set(offer.identity.pid.clone()),
        product_type: Set(offer.product_type.key().to_owned()),
        institution: Set(offer.identity.issuer.clone()),
        uid: Set(offer.identity.uid.clone()),
        details_page: Set(offer.identity.details_html_page.clone()),
        name: Set(offer.identity.name.as_str().to_owned()),
        sponsored: Set(offer.links.sponsored),
        affiliate: Set(offer.links.affiliate),
        discontinued: Set(offer.links.discontinued),
        illustrative: Set(offer.provenance.illustrative),
        source: Set(offer.provenance.source.clone()),
        source_as_of: Set(offer
            .provenance
            .source_as_of
            .map(|date| date.format("%Y-%m-%d").to_string())),
        rating: Set(offer.ratings.rating.map(|r| r.to_string())),
        raw: Set(raw),
        retired_at: Set(None),
    };
    let tiers = offer
        .banking
        .rate_tiers
        .iter()
        .enumerate()
        .map(|(index, tier)| {
            let position = i32::try_from(index)
                .map_err(|_| StoreError::InvalidData(format!("offer {id}: too many rate tiers")))?;
            Ok(rate_tier::ActiveModel {
                offer_id: Set(id.clone()),
                position: Set(position),
                low: Set(tier.low().to_string()),
                high: Set(tier.high().to_string()),
                rate: Set(tier.rate().to_string()),
                apy: Set(tier.apy().to_string()),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    // Need keys in first-seen order, each once, with where they were listed.
    let mut keys: BTreeMap<String, (usize, bool, bool)> = BTreeMap::new();
    let eligible = offer.needs.eligible_needs.iter().map(|key| (key, true));
    let rated = offer.needs.rated_needs.iter().map(|key| (key, false));
    for (order, (key, is_eligible)) in eligible.chain(rated).enumerate() {
        let entry = keys.entry(key.clone()).or_insert((order, false, false));
        if is_eligible {
            entry.1 = true;
        } else {
            entry.2 = true;
        }
    }
    let mut keys: Vec<(String, (usize, bool, bool))> = keys.into_iter().collect();
    keys.sort_by_key(|(_, (order, _, _))| *order);
    let needs = keys
        .into_iter()
        .map(|(key, (_, eligible, rated))| need::ActiveModel {
            offer_id: Set(id.clone()),
            need_key: Set(key),
            rating: Set(offer
                .ratings
                .wh_rating
                .filter(|_| rated)
                .map(|r| r.to_string())),
            eligible: Set(eligible),
            rated: Set(rated),
        })
        .collect();
    let institution = (offer.product_type == ProductType::Institution).then(|| {
        let name = offer.identity.name.as_str().to_owned();
        let kind = INSTITUTION_KINDS.into_iter().find(|kind| {
            offer
                .content
                .tags
                .iter()
                .any(|tag| tag.eq_ignore_ascii_case(kind))
        });
        institution::ActiveModel {
            id: Set(id.clone()),
            uid: Set(offer.identity.uid.clone()),
            name_key: Set(name.trim().to_lowercase()),
            name: Set(name),
            kind: Set(kind.map(str::to_owned)),
        }
    });
    Ok(OfferRows {
        offer: row,
        tiers,
        needs,
        institution,
    })
}

/// Writes the catalogue inside `txn`: `offers` stored as offered (upserted, in their
/// order), `retiring` retired at `at`, and the catalogue version bumped; returns it.
async fn write(
    txn: &impl ConnectionTrait,
    offers: &[Offer],
    retiring: &[String],
    at: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let mut all = Vec::with_capacity(offers.len());
    for (index, offer) in offers.iter().enumerate() {
        let position =
            i32::try_from(index).map_err(|_| StoreError::Fixture("too many offers".to_owned()))?;
        all.push(rows_of(position, offer)?);
    }
    let institution_ids: BTreeSet<&str> = offers
        .iter()
        .filter(|o| o.product_type == ProductType::Institution)
        .map(|o| o.identity.id.as_str())
        .collect();

    need::Entity::delete_many().exec(txn).await?;
    rate_tier::Entity::delete_many().exec(txn).await?;

    let stale_institutions: Vec<String> = institution::Entity::find()
        .select_only()
        .column(institution::Column::Id)
        .into_tuple::<String>()
        .all(txn)
        .await?
        .into_iter()
        .filter(|id| !institution_ids.contains(id.as_str()))
        .collect();
    for chunk in stale_institutions.chunks(CHUNK) {
        institution::Entity::delete_many()
            .filter(institution::Column::Id.is_in(chunk.iter().cloned()))
            .exec(txn)
            .await?;
    }
    for chunk in retiring.chunks(CHUNK) {
        offer::Entity::update_many()
            .col_expr(offer::Column::RetiredAt, Expr::value(Some(at)))
            .filter(offer::Column::Id.is_in(chunk.iter().cloned()))
            .filter(offer::Column::RetiredAt.is_null())
            .exec(txn)
            .await?;
    }

    let mut tiers = Vec::new();
    let mut need_rows = Vec::new();
    let mut institution_rows = Vec::new();
    let mut offer_rows = Vec::with_capacity(all.len());
    for rows in all {
        offer_rows.push(rows.offer);
        tiers.extend(rows.tiers);
        need_rows.extend(rows.needs);
        institution_rows.extend(rows.institution);
    }
    let mut offer_rows = offer_rows.into_iter().peekable();
    while offer_rows.peek().is_some() {
        let chunk: Vec<_> = offer_rows.by_ref().take(CHUNK).collect();
        offer::Entity::insert_many(chunk)
            .on_conflict(
                OnConflict::column(offer::Column::Id)
                    .update_columns([
                        offer::Column::Position,
                        offer::Column::Pid,
                        offer::Column::ProductType,
                        offer::Column::Institution,
                        offer::Column::Uid,
                        offer::Column::DetailsPage,
                        offer::Column::Name,
                        offer::Column::Sponsored,
                        offer::Column::Affiliate,
                        offer::Column::Discontinued,
                        offer::Column::Illustrative,
                        offer::Column::Source,
                        offer::Column::SourceAsOf,
                        offer::Column::Rating,
                        offer::Column::Raw,
                        offer::Column::RetiredAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(txn)
            .await?;
    }
    let mut institution_rows = institution_rows.into_iter().peekable();
    while institution_rows.peek().is_some() {
        let chunk: Vec<_> = institution_rows.by_ref().take(CHUNK).collect();
        institution::Entity::insert_many(chunk)
            .on_conflict(
                OnConflict::column(institution::Column::Id)
                    .update_columns([
                        institution::Column::Uid,
                        institution::Column::Name,
                        institution::Column::NameKey,
                        institution::Column::Kind,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(txn)
            .await?;
    }
    let mut tiers = tiers.into_iter().peekable();
    while tiers.peek().is_some() {
        let chunk: Vec<_> = tiers.by_ref().take(CHUNK).collect();
        rate_tier::Entity::insert_many(chunk)
            .exec_without_returning(txn)
            .await?;
    }
    let mut need_rows = need_rows.into_iter().peekable();
    while need_rows.peek().is_some() {
        let chunk: Vec<_> = need_rows.by_ref().take(CHUNK).collect();
        need::Entity::insert_many(chunk)
            .exec_without_returning(txn)
            .await?;
    }
    meta::bump_catalogue_version(txn).await
}

/// Every offer of the catalogue (not the retired ones), in import order, read back from its
/// stored raw JSON: equal to the offers imported. A row the offer model refuses is an
/// [`StoreError::InvalidData`] naming the offer.
pub async fn load_offers(db: &impl ConnectionTrait) -> Result<Vec<Offer>, StoreError> {
    offers_where(db, offer::Column::RetiredAt.is_null()).await
}

/// The offers whose rows match `condition`, in import order.
async fn offers_where(
    db: &impl ConnectionTrait,
    condition: sea_orm::sea_query::SimpleExpr,
) -> Result<Vec<Offer>, StoreError> {
    let rows: Vec<(String, String)> = offer::Entity::find()
        .select_only()
        .column(offer::Column::Id)
        .column(offer::Column::Raw)
        .filter(condition)
        .order_by_asc(offer::Column::Position)
        .order_by_asc(offer::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    rows.into_iter()
        .map(|(id, raw)| {
            let value: serde_json::Value = serde_json::from_str(&raw)
                .map_err(|e| StoreError::InvalidData(format!("offer {id}: {e}")))?;
            Offer::from_json(&value)
                .map_err(|e| StoreError::InvalidData(format!("offer {id}: {e}")))
        })
        .collect()
}

/// A retired offer: its last figures and when an import no longer had it.
#[derive(Debug, Clone, PartialEq)]
pub struct Retired {
    /// The offer as it was last offered.
    pub offer: Offer,
    /// When it was retired.
    pub retired_at: DateTime<Utc>,
}

/// Every retired offer, in id order.
pub async fn load_retired(db: &impl ConnectionTrait) -> Result<Vec<Retired>, StoreError> {
    let rows: Vec<(String, String, Option<DateTime<Utc>>)> = offer::Entity::find()
        .select_only()
        .column(offer::Column::Id)
        .column(offer::Column::Raw)
        .column(offer::Column::RetiredAt)
        .filter(offer::Column::RetiredAt.is_not_null())
        .order_by_asc(offer::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    rows.into_iter()
        .filter_map(|(id, raw, at)| at.map(|at| (id, raw, at)))
        .map(|(id, raw, retired_at)| {
            let value: serde_json::Value = serde_json::from_str(&raw)
                .map_err(|e| StoreError::InvalidData(format!("offer {id}: {e}")))?;
            let offer = Offer::from_json(&value)
                .map_err(|e| StoreError::InvalidData(format!("offer {id}: {e}")))?;
            Ok(Retired { offer, retired_at })
        })
        .collect()
}

/// One version of the catalogue as it is stored: its offers and its retired offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Versioned {
    /// The catalogue version.
    pub version: i64,
    /// The offers, in import order.
    pub offers: Vec<Offer>,
    /// The retired offers, in id order.
    pub retired: Vec<Retired>,
}

/// The catalogue version, every offer and every retired one, read in one transaction that
/// sees one snapshot (SQLite's read transactions always do; on PostgreSQL the transaction
/// is repeatable read), so they are exactly those of that version.
pub async fn load_versioned(db: &DatabaseConnection) -> Result<Versioned, StoreError> {
    let txn = match crate::Backend::of(db) {
        crate::Backend::Postgres => {
            db.begin_with_config(
                Some(sea_orm::IsolationLevel::RepeatableRead),
                Some(sea_orm::AccessMode::ReadOnly),
            )
            .await?
        }
        crate::Backend::Sqlite => db.begin().await?,
    };
    let version = meta::catalogue_version(&txn).await?;
    let offers = load_offers(&txn).await?;
    let retired = load_retired(&txn).await?;
    txn.commit().await?;
    Ok(Versioned {
        version,
        offers,
        retired,
    })
}
