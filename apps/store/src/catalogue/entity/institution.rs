//! `institutions`: the banks and credit unions of the catalogue. Each is also an offer (of
//! the institution product type) with the same id.

use sea_orm::entity::prelude::*;

/// An institution.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "institutions")]
pub struct Model {
    /// The institution's offer id.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// `UID`, which its products carry.
    pub uid: Option<String>,
    /// Its name.
    pub name: String,
    /// Its name trimmed and lower-cased, for lookups by a product's issuer name.
    pub name_key: String,
    /// `bank` or `credit-union`, from its tags, when it says.
    pub kind: Option<String>,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
