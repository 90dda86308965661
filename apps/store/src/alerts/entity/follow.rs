//! `alert_follows`: one product, or one listing with a threshold, a member follows.

use sea_orm::entity::prelude::*;

/// One follow.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "alert_follows")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The member.
    pub member_id: i64,
    /// What is followed, as one string (a member follows each thing once).
    pub follow_key: String,
    /// The product followed (a product follow).
    pub offer_id: Option<String>,
    /// The listing's product kind (a listing follow).
    pub product_type: Option<String>,
    /// The listing's APY threshold, a decimal string (a listing follow).
    pub min_apy: Option<String>,
    /// The listing's CD term (a listing follow, optional).
    pub term_months: Option<i32>,
    /// When the member began following it.
    pub created_at: DateTimeUtc,
    /// When an alert e-mail last told of it.
    pub last_sent_at: Option<DateTimeUtc>,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
