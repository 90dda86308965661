#![cfg(test)]
//! The store's integration tests, one binary: each module is one store area, every test
//! runs on SQLite and on PostgreSQL (see `store::testing`).

mod common;

mod backup;
mod catalogue;
mod members;
mod meta;
mod outbox;
mod qna;
mod reviews;
mod source_migration;
mod tracking;
mod votes;
