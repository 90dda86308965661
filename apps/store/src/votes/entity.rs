//! The votes area's tables, written entity first.

/// `product_votes`: one row per member and product, the member's current star count.
pub mod product_vote {
    use sea_orm::entity::prelude::*;

    /// A member's vote on a product.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "product_votes")]
    pub struct Model {
        /// The voting member.
        #[sea_orm(primary_key, auto_increment = false)]
        pub member_id: i64,
        /// The product's offer id.
        #[sea_orm(primary_key, auto_increment = false)]
        pub product_id: String,
        /// The vote, 1 to 5 stars.
        pub stars: i16,
        /// The vote this one replaced, if it was changed.
        pub previous_stars: Option<i16>,
        /// When the member first voted on the product.
        pub created_at: DateTimeUtc,
        /// When the vote last changed.
        pub updated_at: DateTimeUtc,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `institution_votes`: one row per member and institution, the member's current star count.
pub mod institution_vote {
    use sea_orm::entity::prelude::*;

    /// A member's vote on an institution.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "institution_votes")]
    pub struct Model {
        /// The voting member.
        #[sea_orm(primary_key, auto_increment = false)]
        pub member_id: i64,
        /// The institution's offer id.
        #[sea_orm(primary_key, auto_increment = false)]
        pub institution_id: String,
        /// The vote, 1 to 5 stars.
        pub stars: i16,
        /// The vote this one replaced, if it was changed.
        pub previous_stars: Option<i16>,
        /// When the member first voted on the institution.
        pub created_at: DateTimeUtc,
        /// When the vote last changed.
        pub updated_at: DateTimeUtc,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `vote_totals`: the running count and star sum of every voted product and institution,
/// kept in step with the vote tables by the vote transaction itself.
pub mod vote_total {
    use sea_orm::entity::prelude::*;

    /// The totals of one product or institution.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "vote_totals")]
    pub struct Model {
        /// `product` or `institution`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub kind: String,
        /// The offer id.
        #[sea_orm(primary_key, auto_increment = false)]
        pub target_id: String,
        /// Number of member votes.
        pub votes: i64,
        /// Sum of their star counts.
        pub star_sum: i64,
        /// When a vote last changed the totals.
        pub updated_at: DateTimeUtc,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
