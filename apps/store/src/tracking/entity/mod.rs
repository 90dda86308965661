//! The tracking area's tables, one module each, named after its table.

pub(crate) mod ad_click;
pub(crate) mod ad_view;
pub(crate) mod daily_count;
pub(crate) mod redirect_click;
