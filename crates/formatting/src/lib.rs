#![doc = include_str!("../README.md")]

pub mod abbreviate;
pub mod constants;
pub mod date_placeholders;
pub mod dates;
mod digits;
pub mod missing;
pub mod money;
pub mod percent;
pub mod phone;
pub mod text_limits;

pub use abbreviate::format_nr;
pub use date_placeholders::fill_date_placeholders;
pub use dates::format_day;
pub use missing::{FieldKind, or_missing};
pub use money::{MoneyOptions, Truncation, format_min_to_open, format_money};
pub use percent::format_percent;
pub use phone::{PhoneFormatError, PhoneNumber, format_phone};
pub use text_limits::{Truncated, truncate_chars, truncate_words, word_limit};
