//! `sessions`: server-side sessions, keyed by the SHA-256 of the cookie token.

use sea_orm::entity::prelude::*;

/// A session.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    /// Hex SHA-256 of the cookie token (the token itself is never stored).
    #[sea_orm(primary_key, auto_increment = false)]
    pub token_hash: String,
    /// The member signed in.
    pub member_id: i64,
    /// A delegated (auth-user) session: read-only.
    pub delegated: bool,
    /// Fully signed in (password entered), not a light sign-in.
    pub full: bool,
    /// When the session began.
    pub created_at: DateTimeUtc,
    /// Last use, refreshed at most once per touch interval.
    pub last_seen_at: DateTimeUtc,
    /// Absolute end of the session.
    pub expires_at: DateTimeUtc,
}

/// A session belongs to its member.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    /// The signed-in member.
    #[sea_orm(
        belongs_to = "super::member::Entity",
        from = "Column::MemberId",
        to = "super::member::Column::Id"
    )]
    Member,
}

impl Related<super::member::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
