//! The community question-and-answer area (community §2–§9): the question list with its
//! search, sorts, categories and paging; a question's page and more answers; asking (a
//! member at once, a guest after an e-mailed code); answering; up and down votes; abuse
//! reports; the asker's accepted answer; and the moderation queue for staff.
//!
//! | Action | Method | Who | What |
//! |---|---|---|---|
//! | `Qna.List` | GET | anyone | questions: `category`, `offer`, `sort` (`mp`, `mv`), `qpage`, `q` (search from 2 characters) |
//! | `Qna.Question` | GET | anyone | one question by `id` or `slug` (`slug-id`) with its first answers |
//! | `Qna.Answers` | GET | anyone | more answers of `question`, from `offset` |
//! | `Qna.Similar` | GET | anyone | up to 5 questions like `title`, from the same search |
//! | `Qna.Ask` | POST | member, guest with `email` | `title`, `more_info`, `category`, `offer` |
//! | `Qna.ConfirmCode` | POST | guest | `pending`, `code`: publishes the question |
//! | `Qna.ResendCode` | POST | guest | `pending`: a new code |
//! | `Qna.Answer` | POST | member | `question`, `content` (30 characters or more) |
//! | `Qna.Vote` | POST | member | `kind` (`question`, `answer`, `review`), `id`, `value` (`up`, `down`) |
//! | `Qna.Report` | POST | anyone | `kind`, `id`, `ru` (the page), `reason` |
//! | `Qna.Accept` | POST | the asker | `question`, `answer` |
//! | `Qna.ModerationQueue` | GET | staff | reported items |
//! | `Qna.Hide`, `Qna.Restore` | POST | staff | `kind`, `id`, `reason` |
//! | `Reviews.List` | GET | anyone | a product's written reviews: `pid`, `sort` (`new`, `helpful`), `offset` |
//! | `Reviews.Write` | POST | member | `pid`, `rtg` (1 to 5 stars, also the member's rating vote), `text` (30 to 2,000 characters) |
//!
//! Every rule the browser also checks comes from `qna_validation`; every write begins as
//! a writer ([`store::begin_write`]); every limit is a constant in [`crate::limits`] and a
//! refused attempt says when to try again. A delegated session's writes are refused with
//! the permission message and write nothing.

mod ask;
pub mod counts;
mod moderation;
mod read;
mod reviews;
mod wire;
mod write;

pub use read::{later_answers, list_answer, question_answer, visible_question};
pub use wire::{html_text, pending_token};
pub(crate) use write::cast_pending as cast_pending_qna_vote;

use crate::rpc::Action;

/// Questions on one page of the list.
pub const QUESTIONS_PER_PAGE: u32 = 10;
/// Answers fetched by one "View more answers" (and on a question's page).
pub const ANSWERS_PER_PAGE: u64 = 10;
/// Questions offered as similar while a question is typed.
pub const SIMILAR_QUESTIONS: u32 = 5;
/// Characters of an answer's short version.
pub const SHORT_ANSWER_CHARS: usize = 280;
/// Most characters of a question's details.
pub const MAX_MORE_INFO_CHARS: usize = 2_000;
/// Most characters of an answer.
pub const MAX_ANSWER_CHARS: usize = 10_000;
/// Most characters of a report's reason or a moderator's reason.
pub const MAX_REASON_CHARS: usize = 500;
/// How long an e-mailed code works.
pub const CODE_LIFETIME: chrono::Duration = chrono::Duration::minutes(10);
/// Wrong codes before a code stops working.
pub const MAX_CODE_ATTEMPTS: u32 = 5;
/// Codes sent again for one question.
pub const MAX_CODE_RESENDS: u32 = 3;

/// The area's actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read("Qna.List", read::list),
        Action::read("Qna.Question", read::question),
        Action::read("Qna.Answers", read::answers),
        Action::read("Qna.Similar", read::similar),
        Action::write("Qna.Ask", ask::ask),
        Action::write("Qna.ConfirmCode", ask::confirm_code),
        Action::write("Qna.ResendCode", ask::resend_code),
        Action::write("Qna.Answer", write::answer),
        Action::write("Qna.Vote", write::vote),
        Action::write("Qna.Report", write::report),
        Action::write("Qna.Accept", write::accept),
        Action::read("Qna.ModerationQueue", moderation::queue),
        Action::write("Qna.Hide", moderation::hide),
        Action::write("Qna.Restore", moderation::restore),
        Action::read("Reviews.List", reviews::list),
        Action::write("Reviews.Write", reviews::write),
    ]
}
