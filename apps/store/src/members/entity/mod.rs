//! The members area's tables, one module each, named after its table.

pub(crate) mod account_link;
pub(crate) mod member;
pub(crate) mod session;
pub(crate) mod sign_in_code;
