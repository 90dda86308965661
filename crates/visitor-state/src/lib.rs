#![doc = include_str!("../README.md")]

pub mod actor;
pub mod ad_pixel;
pub mod cookies;
pub mod ids;
pub mod json;
pub mod lifetime;
pub mod saved_products;
pub mod sign_on;
pub mod status;
pub mod user_info;

#[cfg(test)]
mod test_json;
