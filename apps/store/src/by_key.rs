//! Reads of the one row a key names.

use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Select};

/// The row a primary or unique key names, if any.
///
/// sea-orm's `.one()` adds `LIMIT ?` with the limit as a bound value, and SQLite compiles
/// a statement whose LIMIT is bound again each time the value is bound: on every run.
/// A key names at most one row, so these reads need no limit, and their statements stay
/// prepared. (On the vote path this was most of the database's work.)
pub(crate) async fn by_key<E: EntityTrait>(
    select: Select<E>,
    db: &impl ConnectionTrait,
) -> Result<Option<E::Model>, DbErr> {
    Ok(select.all(db).await?.into_iter().next())
}
