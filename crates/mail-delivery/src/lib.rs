#![doc = include_str!("../README.md")]

pub mod html;
pub mod message_id;
pub mod reply;
pub mod retry;
pub mod unsubscribe;
