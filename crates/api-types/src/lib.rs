#![doc = include_str!("../README.md")]

pub mod alerts;
pub mod card_value;
pub mod content;
pub mod dialogs;
pub mod history;
pub mod listing;
pub mod members;
pub mod offer;
pub mod page;
pub mod protocol;
pub mod qna;
pub mod rating;
pub mod review;
pub mod search;
pub mod write_status;

#[cfg(feature = "ts-rs")]
pub mod bindings;
