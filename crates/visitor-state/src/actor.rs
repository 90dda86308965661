//! Who the visitor is when they act (site-core §6; community §6): a guest, a member, or a
//! delegated (support) session. The server decides it
//! from its own session, never from the sign-on cookie; what each may do is the business
//! of the area's rules (the question-and-answer box's are `qna_validation::permissions`).
//!
//! ```
//! use visitor_state::actor::Actor;
//!
//! assert_eq!(serde_json::to_string(&Actor::Delegated)?, "\"delegated\"");
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};

/// Who is acting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Actor {
    /// A signed-out visitor.
    Guest,
    /// A signed-in member acting on their own account.
    Member,
    /// An auth-user session: support staff acting on someone's account (read-only).
    Delegated,
}
