//! Site-wide settings kept in the database, so that every instance agrees on them: the
//! secret that signs window ids and anti-forgery tokens, and the catalogue version that
//! tells instances to rebuild their in-memory view.

mod entity;
pub mod m0001_meta;

use chrono::Utc;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait, sea_query::OnConflict};

use crate::StoreError;
use crate::by_key::by_key;

/// Key of the signing secret.
pub const SECRET_KEY: &str = "signing_secret";
/// Key of the catalogue version counter.
pub const CATALOGUE_VERSION: &str = "catalogue_version";

/// Reads a setting.
pub async fn get(db: &impl ConnectionTrait, key: &str) -> Result<Option<String>, StoreError> {
    Ok(by_key(entity::Entity::find_by_id(key.to_owned()), db)
        .await?
        .map(|row| row.value))
}

/// Writes a setting, replacing any earlier value.
pub async fn put(db: &impl ConnectionTrait, key: &str, value: &str) -> Result<(), StoreError> {
    let row = entity::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(value.to_owned()),
        updated_at: Set(Utc::now()),
    };
    entity::Entity::insert(row)
        .on_conflict(
            OnConflict::column(entity::Column::Key)
                .update_columns([entity::Column::Value, entity::Column::UpdatedAt])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}

/// Returns the stored value of `key`, storing `make()` first when there is none. When two
/// instances race, both end up with the value that was stored first.
pub async fn get_or_init(
    db: &impl ConnectionTrait,
    key: &str,
    make: impl FnOnce() -> String,
) -> Result<String, StoreError> {
    if let Some(value) = get(db, key).await? {
        return Ok(value);
    }
    let row = entity::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(make()),
        updated_at: Set(Utc::now()),
    };
    entity::Entity::insert(row)
        .on_conflict_do_nothing_on([entity::Column::Key])
        .exec(db)
        .await?;
    get(db, key)
        .await?
        .ok_or_else(|| StoreError::NotFound(key.to_owned()))
}

/// The catalogue version: bumped by every import, read by instances to know when to
/// rebuild their in-memory catalogue.
pub async fn catalogue_version(db: &impl ConnectionTrait) -> Result<i64, StoreError> {
    Ok(get(db, CATALOGUE_VERSION)
        .await?
        .and_then(|v| v.parse().ok())
        .unwrap_or(0))
}

/// Sets the catalogue version to one more than it was.
pub async fn bump_catalogue_version(db: &impl ConnectionTrait) -> Result<i64, StoreError> {
    let next = catalogue_version(db).await?.saturating_add(1);
    put(db, CATALOGUE_VERSION, &next.to_string()).await?;
    Ok(next)
}
