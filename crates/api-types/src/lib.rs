#![doc = include_str!("../README.md")]

pub mod dialogs;
pub mod listing;
pub mod offer;
pub mod protocol;
pub mod qna;
pub mod rating;

#[cfg(feature = "ts-rs")]
pub mod bindings;
