//! The FDIC national deposit rates of the latest month, which the ratings compare each
//! deposit account with. No public source gives named checking, money market or prepaid
//! products, or personal loans, so the catalogue holds none of those kinds: their pages say
//! so and show these national figures instead (`crate::national`).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::{BuildError, csv::Table, raw::decimal};

/// FDIC national rates, monthly, of every deposit product, relative to the data folder:
/// the newest national rates of savings, checking and money market accounts.
pub const RATES_FILE: &str =
    "fdic-national-rates-monthly/fdic_national_rates_monthly_2021_2023.csv";
/// Address of the FDIC national rates.
pub const RATES_URL: &str = "https://www.fdic.gov/national-rates-and-rate-caps";
/// The open-ended top of the last rate tier (site-core §3: "99999999 shows as open-ended").
pub const OPEN_ENDED: &str = "99999999";

/// The national rates of one snapshot: (`pdt_type`, term months or 0) to (non-jumbo, jumbo)
/// APY, percent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NationalRates {
    /// Snapshot date, `YYYY-MM-DD`.
    pub as_of: String,
    rates: BTreeMap<(String, u32), (Decimal, Decimal)>,
}

impl NationalRates {
    /// The latest month of an FDIC national rates table: the 2009-2020 snapshots (a
    /// non-jumbo and a jumbo rate) or the monthly table since 2021 (one rate for both).
    pub fn latest(table: &Table) -> Result<Self, BuildError> {
        let as_of = table
            .rows()
            .filter_map(|row| row.get("as_of"))
            .max()
            .ok_or_else(|| BuildError::BadValue {
                file: RATES_FILE.to_owned(),
                message: "no snapshot".to_owned(),
            })?
            .to_owned();
        let mut non_jumbo = BTreeMap::new();
        let mut jumbo = BTreeMap::new();
        for row in table
            .rows()
            .filter(|row| row.get("as_of") == Some(as_of.as_str()))
        {
            let (Some(kind), Some(apy)) = (
                row.get("pdt_type"),
                row.get("national_rate_apy_pct").and_then(decimal),
            ) else {
                continue;
            };
            let term = row
                .get("term_months")
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            let key = (kind.to_owned(), term);
            match row.get("deposit_size") {
                // Since 2021 the FDIC publishes one national rate for every deposit size.
                None => {
                    non_jumbo.insert(key.clone(), apy);
                    jumbo.insert(key, apy);
                }
                Some(size) if size.starts_with("non-jumbo") => {
                    non_jumbo.insert(key, apy);
                }
                Some(_) => {
                    jumbo.insert(key, apy);
                }
            }
        }
        let rates = non_jumbo
            .into_iter()
            .filter_map(|(key, small)| jumbo.get(&key).map(|large| (key, (small, *large))))
            .collect();
        Ok(Self { as_of, rates })
    }

    /// Non-jumbo and jumbo national APY of a product.
    pub fn get(&self, pdt_type: &str, term: u32) -> Option<(Decimal, Decimal)> {
        self.rates.get(&(pdt_type.to_owned(), term)).copied()
    }
}

#[cfg(test)]
mod tests;
