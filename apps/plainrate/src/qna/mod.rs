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
//!
//! Every rule the browser also checks comes from `qna_validation`; every write begins as
//! a writer ([`store::begin_write`]); every limit is a constant in [`crate::limits`] and a
//! refused attempt says when to try again. A delegated session's writes are refused with
//! the permission message and write nothing.

mod ask;
pub mod counts;
mod moderation;
pub mod notify;
mod read;
pub(crate) mod wire;
mod write;

pub(crate) use ask::refuse_profanity;
pub use read::{later_answers, list_answer, question_answer, visible_question};
pub use wire::{html_text, pending_token};
pub(crate) use write::cast_pending as cast_pending_qna_vote;

use crate::rpc::Action;

pub use qna_validation::constants::{
    ANSWERS_PER_PAGE, ONE_TIME_CODE_MAX_ATTEMPTS as MAX_CODE_ATTEMPTS,
    ONE_TIME_CODE_MAX_RESENDS as MAX_CODE_RESENDS, QUESTIONS_PER_PAGE, SHORT_ANSWER_CHARS,
    SIMILAR_QUESTIONS,
};

/// How long an e-mailed code works (`qna_validation`'s minutes, as a duration).
pub const CODE_LIFETIME: chrono::Duration =
    chrono::Duration::minutes(qna_validation::constants::ONE_TIME_CODE_LIFETIME_MINUTES);

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
    ]
}
