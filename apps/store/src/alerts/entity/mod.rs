//! The rate alerts' tables.

pub mod follow;
pub mod subscriber;
