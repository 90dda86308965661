//! A member's public profile (login, name, title, avatar) and role.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, SqlErr};

use super::Role;
use crate::StoreError;
use crate::members::entity::member::{Column, Entity};

/// Sets a member's public profile: login (unique; none shows `member{id}`), display
/// name, title and avatar address. A login another member holds is
/// [`StoreError::Conflict`]; an unknown member [`StoreError::NotFound`].
pub async fn set_profile(
    conn: &impl ConnectionTrait,
    member_id: i64,
    login: Option<&str>,
    name: Option<&str>,
    title: Option<&str>,
    avatar: Option<&str>,
) -> Result<(), StoreError> {
    let owned = |v: Option<&str>| v.map(str::to_owned);
    let done = Entity::update_many()
        .col_expr(Column::Login, Expr::value(owned(login)))
        .col_expr(Column::DisplayName, Expr::value(owned(name)))
        .col_expr(Column::Title, Expr::value(owned(title)))
        .col_expr(Column::Avatar, Expr::value(owned(avatar)))
        .filter(Column::Id.eq(member_id))
        .exec(conn)
        .await;
    match done {
        Ok(done) if done.rows_affected == 0 => {
            Err(StoreError::NotFound(format!("member {member_id}")))
        }
        Ok(_) => Ok(()),
        Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            Err(StoreError::Conflict("login already taken".to_owned()))
        }
        Err(err) => Err(err.into()),
    }
}

/// Sets a member's role. An unknown member is [`StoreError::NotFound`].
pub async fn set_role(
    conn: &impl ConnectionTrait,
    member_id: i64,
    role: Role,
) -> Result<(), StoreError> {
    let done = Entity::update_many()
        .col_expr(Column::Role, Expr::value(role.key()))
        .filter(Column::Id.eq(member_id))
        .exec(conn)
        .await?;
    if done.rows_affected == 0 {
        return Err(StoreError::NotFound(format!("member {member_id}")));
    }
    Ok(())
}

/// A member's role; none for an unknown member.
pub async fn role(conn: &impl ConnectionTrait, member_id: i64) -> Result<Option<Role>, StoreError> {
    // (No `.one()`: see `by_key`.)
    let found: Vec<String> = Entity::find_by_id(member_id)
        .select_only()
        .column(Column::Role)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(found.first().map(|r| Role::from_stored(r)))
}
