#![doc = include_str!("../README.md")]

pub mod dialogs;
pub mod protocol;
pub mod qna;

#[cfg(feature = "ts-rs")]
pub mod bindings;
