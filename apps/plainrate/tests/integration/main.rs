#![cfg(test)]
//! The server's integration tests, one binary: each module is one area or concern, every
//! test runs on SQLite and on PostgreSQL (see `common::apps`). One binary links the server
//! once instead of once per file.

mod common;

mod account;
mod alerts;
mod api_reference;
mod card_value;
mod community_extras;
mod concurrency;
mod email;
mod feed;
mod first_start;
mod listen;
mod listings;
mod logs;
mod members;
mod metrics;
mod operator;
mod pages;
mod protocol;
mod qna;
mod ratings;
mod reviews;
mod search;
mod skeleton;
mod tracking;
mod truth;
mod two_instances;
