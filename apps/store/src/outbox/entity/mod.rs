//! The outbox area's tables, one module each, named after its table.

pub(crate) mod email_opt_out;
pub(crate) mod message;
