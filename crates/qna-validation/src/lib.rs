#![doc = include_str!("../README.md")]

pub mod category;
pub mod constants;
pub mod experts;
pub mod flag;
pub mod guest;
pub mod helpful;
pub mod lengths;
pub mod links;
pub mod listing;
pub mod pending_vote;
pub mod permissions;
pub mod profanity;
pub mod question;
pub mod reply;
pub mod review;
pub mod search;
pub mod sources;
pub mod submit;
pub mod text;
pub mod text_message;

#[cfg(feature = "proptest")]
pub mod arbitrary;
