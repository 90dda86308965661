//! The community widgets' small calls (community §7): the experts gallery
//! ([`experts`], `Posts.GetExpertsGallery`). It goes through the dispatch endpoint; it has no
//! path of its own.

pub mod experts;

use crate::rpc::Action;

/// The area's dispatch actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read(experts::ACTION, experts::get_gallery),
    ]
}
