//! The addresses that left a list of e-mail (one-click unsubscribe). Kept by address, not
//! by member, so a guest can leave a list and a list e-mail queued for any address is
//! checked. Addresses are compared trimmed and in lower case.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::entity::email_opt_out::{ActiveModel, Column, Entity};
use crate::StoreError;

fn key(address: &str) -> String {
    address.trim().to_lowercase()
}

/// Takes `address` off `list`; `false` when it had already left (nothing changes then).
pub async fn leave(
    db: &impl ConnectionTrait,
    address: &str,
    list: &str,
    at: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let row = ActiveModel {
        address: Set(key(address)),
        list: Set(list.to_owned()),
        opted_out_at: Set(at),
    };
    let done = Entity::insert(row)
        .on_conflict_do_nothing_on([Column::Address, Column::List])
        .exec_without_returning(db)
        .await?;
    Ok(matches!(done, sea_orm::TryInsertResult::Inserted(n) if n > 0))
}

/// Whether `address` left `list`.
pub async fn has_left(
    db: &impl ConnectionTrait,
    address: &str,
    list: &str,
) -> Result<bool, StoreError> {
    Ok(Entity::find_by_id((key(address), list.to_owned()))
        .one(db)
        .await?
        .is_some())
}

/// Forgets every opt-out of `address` (a deleted account's address, which the site no
/// longer keeps); how many.
pub async fn forget(db: &impl ConnectionTrait, address: &str) -> Result<u64, StoreError> {
    let done = Entity::delete_many()
        .filter(Column::Address.eq(key(address)))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
