//! The question-and-answer tables, written entity first. The queries of the area are raw
//! SQL over these tables (they join, rank and move counters in one statement); the
//! entities serve the plain reads and writes and document the columns.

/// `qna_categories`: the categories a question is filed under.
pub mod category {
    use sea_orm::entity::prelude::*;

    /// A category.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_categories")]
    pub struct Model {
        /// Category id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// Display name.
        pub name: String,
        /// Address slug; unique.
        #[sea_orm(unique)]
        pub slug: String,
        /// Place in the category menu, smallest first.
        pub position: i32,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_questions`: the questions, with their running counters. On PostgreSQL the table
/// also has the generated `search` column (not mapped here).
pub mod question {
    use sea_orm::entity::prelude::*;

    /// A question.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_questions")]
    pub struct Model {
        /// Question id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// The category it is filed under.
        pub category_id: i64,
        /// The catalogue product whose page shows the question, if any.
        pub offer_id: Option<String>,
        /// Address slug (the full slug adds `-{id}`).
        pub slug: String,
        /// The question itself.
        pub title: String,
        /// The asker's further details.
        pub more_info: String,
        /// The asking member.
        pub author_id: i64,
        /// When it was asked.
        pub created_at: DateTimeUtc,
        /// Up votes.
        pub upvotes: i32,
        /// Down votes.
        pub downvotes: i32,
        /// Visible answers.
        pub answer_count: i32,
        /// The answer the asker accepted.
        pub accepted_answer_id: Option<i64>,
        /// `(upvotes - downvotes) + 2 * answer_count`, the default sort key.
        pub popularity: i32,
        /// Hidden by a moderator.
        pub hidden: bool,
        /// The moderator's reason for hiding it.
        pub hidden_reason: Option<String>,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_answers`: the answers to questions.
pub mod answer {
    use sea_orm::entity::prelude::*;

    /// An answer.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_answers")]
    pub struct Model {
        /// Answer id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// The question answered.
        pub question_id: i64,
        /// The answering member.
        pub author_id: i64,
        /// The answer's text.
        pub content: String,
        /// When it was posted.
        pub created_at: DateTimeUtc,
        /// When its author last changed it.
        pub edited_at: Option<DateTimeUtc>,
        /// Up votes.
        pub upvotes: i32,
        /// Down votes.
        pub downvotes: i32,
        /// Hidden by a moderator.
        pub hidden: bool,
        /// The moderator's reason for hiding it.
        pub hidden_reason: Option<String>,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_votes`: one row per member and voted question or answer.
pub mod vote {
    use sea_orm::entity::prelude::*;

    /// A member's vote on a question or an answer.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_votes")]
    pub struct Model {
        /// The voting member.
        #[sea_orm(primary_key, auto_increment = false)]
        pub member_id: i64,
        /// `question` or `answer`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub item_kind: String,
        /// The question or answer id.
        #[sea_orm(primary_key, auto_increment = false)]
        pub item_id: i64,
        /// `1` up, `-1` down.
        pub value: i16,
        /// When the member first voted on the item.
        pub created_at: DateTimeUtc,
        /// When the vote last changed.
        pub updated_at: DateTimeUtc,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_reports`: abuse reports on questions and answers.
pub mod report {
    use sea_orm::entity::prelude::*;

    /// An abuse report.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_reports")]
    pub struct Model {
        /// Report id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// The reporting member; none for a guest.
        pub reporter_id: Option<i64>,
        /// The reporter's address.
        pub reporter_ip: String,
        /// `question` or `answer`.
        pub item_kind: String,
        /// The reported item's id.
        pub item_id: i64,
        /// The page the report was made from.
        pub page_address: String,
        /// The reporter's reason, when given.
        pub reason: Option<String>,
        /// When it was made.
        pub created_at: DateTimeUtc,
        /// When a moderator dealt with the item.
        pub resolved_at: Option<DateTimeUtc>,
        /// What the moderator did (`hide` or `restore`).
        pub resolution: Option<String>,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_moderation_log`: every hide and restore.
pub mod moderation_log {
    use sea_orm::entity::prelude::*;

    /// One moderator action.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_moderation_log")]
    pub struct Model {
        /// Entry id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// The acting moderator.
        pub moderator_id: i64,
        /// `question` or `answer`.
        pub item_kind: String,
        /// The item's id.
        pub item_id: i64,
        /// `hide` or `restore`.
        pub action: String,
        /// The moderator's reason.
        pub reason: String,
        /// When it was done.
        pub created_at: DateTimeUtc,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `qna_pending_questions`: a guest's question waiting for the code e-mailed to them.
pub mod pending {
    use sea_orm::entity::prelude::*;

    /// A pending guest question.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "qna_pending_questions")]
    pub struct Model {
        /// Pending question id.
        #[sea_orm(primary_key)]
        pub id: i64,
        /// The guest's e-mail address, trimmed and lowercased.
        pub email: String,
        /// Hex SHA-256 of the code sent.
        pub code_hash: String,
        /// The chosen category.
        pub category_id: i64,
        /// The product page it was asked on, if any.
        pub offer_id: Option<String>,
        /// The question's address slug.
        pub slug: String,
        /// The question.
        pub title: String,
        /// The further details.
        pub more_info: String,
        /// When it was asked.
        pub created_at: DateTimeUtc,
        /// When the current code stops working.
        pub expires_at: DateTimeUtc,
        /// Wrong codes tried against the current code.
        pub attempts: i32,
        /// Codes sent again.
        pub resends: i32,
        /// The question published from it.
        pub published_question_id: Option<i64>,
        /// When the right code was entered.
        pub used_at: Option<DateTimeUtc>,
    }

    /// No relations are navigated from here.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
