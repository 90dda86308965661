//! The community widgets' small calls (community §7): the experts gallery
//! ([`experts`], `Posts.GetExpertsGallery`), the article helpful widget ([`feedback`],
//! `send_edu_feedback`) and the send-app-link-by-text dialog ([`text_messages`],
//! `download_app`). All three go through the dispatch endpoint; none has a path of its own.

pub mod experts;
pub mod feedback;
pub mod text_messages;

use crate::rpc::Action;

/// The area's dispatch actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read("Posts.GetExpertsGallery", experts::get_gallery),
        Action::write("send_edu_feedback", feedback::send_feedback),
        Action::write("download_app", text_messages::download_app),
    ]
}
