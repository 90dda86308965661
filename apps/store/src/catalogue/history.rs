//! Each product's history: the figures every import changed, with when and from which
//! source ([`::catalogue::refresh::FIGURE_FIELDS`]). Written by [`super::import`] in its
//! transaction, so a figure's change is recorded exactly when the catalogue shows it.

use chrono::{DateTime, Utc};
use offer_model::Offer;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};

use ::catalogue::refresh::{FieldChange, first_figures, is_figure};

use super::entity::figure_change::{ActiveModel, Column, Entity};
use crate::StoreError;

/// One recorded change of a figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureChange {
    /// When the import committed it.
    pub recorded_at: DateTime<Utc>,
    /// The figure's name in the catalogue files.
    pub field: String,
    /// Before (none: not given).
    pub old: Option<String>,
    /// After (none: no longer given).
    pub new: Option<String>,
    /// The dataset the figures came from.
    pub source: Option<String>,
    /// The date the source's figures are as of (`YYYY-MM-DD`).
    pub source_as_of: Option<String>,
    /// The catalogue version of the import that recorded it (none: recorded before
    /// versions were kept).
    pub import_version: Option<i64>,
}

impl From<super::entity::figure_change::Model> for FigureChange {
    fn from(row: super::entity::figure_change::Model) -> Self {
        Self {
            recorded_at: row.recorded_at,
            field: row.field,
            old: row.old_value,
            new: row.new_value,
            source: row.source,
            source_as_of: row.source_as_of,
            import_version: row.import_version,
        }
    }
}

/// The rows that record, at `at` by the import of catalogue `version`, the figures among `changes` of `offer` (the offer as
/// imported); a product new to the catalogue (`changes` none) records its first figures,
/// after the dated APYs its data carries (`APY_HISTORY`, a tracked account's own past
/// rates), each at its own date.
pub(super) fn rows(
    offer: &Offer,
    changes: Option<&[FieldChange]>,
    at: DateTime<Utc>,
    version: i64,
) -> Vec<ActiveModel> {
    let mut dated: Vec<(DateTime<Utc>, FieldChange)> = Vec::new();
    match changes {
        Some(changes) => dated.extend(changes.iter().map(|c| (at, c.clone()))),
        None => {
            let mut before: Option<String> = None;
            for (day, apy) in ::catalogue::figures::apy_history(offer) {
                let Some(when) = chrono::NaiveDate::parse_from_str(&day, "%Y-%m-%d")
                    .ok()
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
                else {
                    continue;
                };
                let value = format!("{:.2}%", apy);
                // A day that repeats the rate before it is no change.
                if before.as_deref() == Some(value.as_str()) {
                    continue;
                }
                dated.push((
                    when.and_utc(),
                    FieldChange {
                        field: "APY".to_owned(),
                        old: before.replace(value.clone()),
                        new: Some(value),
                    },
                ));
            }
            for mut change in first_figures(offer) {
                // The import's APY continues the dated ones: recorded only when it differs.
                if change.field == "APY" && before.is_some() {
                    change.old = before.clone();
                    if change.old == change.new {
                        continue;
                    }
                }
                dated.push((at, change));
            }
        }
    }
    dated
        .iter()
        .filter(|(_, change)| is_figure(&change.field))
        .map(|(when, change)| ActiveModel {
            offer_id: Set(offer.identity.id.as_str().to_owned()),
            recorded_at: Set(*when),
            field: Set(change.field.clone()),
            old_value: Set(change.old.clone()),
            new_value: Set(change.new.clone()),
            source: Set(offer.provenance.source.clone()),
            source_as_of: Set(offer
                .provenance
                .source_as_of
                .map(|date| date.format("%Y-%m-%d").to_string())),
            import_version: Set(Some(version)),
            ..Default::default()
        })
        .collect()
}

/// Writes history rows, [`super::CHUNK`] to a statement.
pub(super) async fn insert(
    txn: &impl ConnectionTrait,
    rows: Vec<ActiveModel>,
) -> Result<(), StoreError> {
    for chunk in rows.chunks(super::CHUNK) {
        Entity::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await?;
    }
    Ok(())
}

/// The history of offer `offer_id`, oldest first.
pub async fn of_offer(
    db: &impl ConnectionTrait,
    offer_id: &str,
) -> Result<Vec<FigureChange>, StoreError> {
    Ok(Entity::find()
        .filter(Column::OfferId.eq(offer_id))
        .order_by_asc(Column::RecordedAt)
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(FigureChange::from)
        .collect())
}

/// One change as the rate alerts read it: the offer, the import that recorded it and what
/// changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedChange {
    /// The offer.
    pub offer_id: String,
    /// The catalogue version of the import that recorded it.
    pub version: i64,
    /// The figure, old and new.
    pub change: FieldChange,
}

/// Every change recorded by the imports after catalogue version `after` up to and
/// including `upto`, in the order they were recorded.
pub async fn between_versions(
    db: &impl ConnectionTrait,
    after: i64,
    upto: i64,
) -> Result<Vec<ImportedChange>, StoreError> {
    Ok(Entity::find()
        .filter(Column::ImportVersion.gt(after))
        .filter(Column::ImportVersion.lte(upto))
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| ImportedChange {
            offer_id: row.offer_id,
            version: row.import_version.unwrap_or(upto),
            change: FieldChange {
                field: row.field,
                old: row.old_value,
                new: row.new_value,
            },
        })
        .collect())
}

/// Every change of `field` recorded at `since` or later, with its offer, oldest first.
pub async fn recent(
    db: &impl ConnectionTrait,
    field: &str,
    since: DateTime<Utc>,
) -> Result<Vec<(String, FigureChange)>, StoreError> {
    Ok(Entity::find()
        .filter(Column::Field.eq(field))
        .filter(Column::RecordedAt.gte(since))
        .order_by_asc(Column::RecordedAt)
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.offer_id.clone(), FigureChange::from(row)))
        .collect())
}

/// Whether an import took a product out of the catalogue or brought it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferEvent {
    /// Gone from the import's data: no longer offered.
    Retired,
    /// Back in the import's data: offered again.
    Restored,
}

impl OfferEvent {
    fn as_str(self) -> &'static str {
        match self {
            Self::Retired => "retired",
            Self::Restored => "restored",
        }
    }
}

/// Records the products `plan` retired and restored, by the import of catalogue `version`.
pub(super) async fn record_events(
    txn: &impl ConnectionTrait,
    plan: &::catalogue::refresh::Plan,
    at: DateTime<Utc>,
    version: i64,
) -> Result<(), StoreError> {
    use super::entity::offer_event;
    let rows: Vec<offer_event::ActiveModel> = plan
        .retired
        .iter()
        .map(|id| (id, OfferEvent::Retired))
        .chain(plan.restored.iter().map(|id| (id, OfferEvent::Restored)))
        .map(|(id, event)| offer_event::ActiveModel {
            offer_id: Set(id.clone()),
            import_version: Set(version),
            event: Set(event.as_str().to_owned()),
            recorded_at: Set(at),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(super::CHUNK) {
        offer_event::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await?;
    }
    Ok(())
}

/// Each product's last retirement or restoration by the imports after catalogue version
/// `after` up to `upto`, by offer id.
pub async fn events_between(
    db: &impl ConnectionTrait,
    after: i64,
    upto: i64,
) -> Result<Vec<(String, i64, OfferEvent)>, StoreError> {
    use super::entity::offer_event::{Column as EventColumn, Entity as EventEntity};
    Ok(EventEntity::find()
        .filter(EventColumn::ImportVersion.gt(after))
        .filter(EventColumn::ImportVersion.lte(upto))
        .order_by_asc(EventColumn::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| {
            let event = if row.event == "restored" {
                OfferEvent::Restored
            } else {
                OfferEvent::Retired
            };
            (row.offer_id, row.import_version, event)
        })
        .collect())
}
