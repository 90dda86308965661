//! Real high-yield savings accounts: the APYs of named online savings accounts, read about
//! once a day from each bank's own product page from January to August 2026 (collected by
//! the public `hysa_tracker` repository). Each account shows its latest APY, dated the
//! last day it was read, and its rate history as runs of an unchanged APY.
//!
//! Accounts read on fewer than [`MIN_OBSERVATIONS`] days are left out: the two cash-sweep
//! programs were read on the first day only, so their rate would be months old.

use std::collections::BTreeMap;

use formatting::format_day;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::{
    BuildError,
    cd_rates::rate_of_apy,
    csv::Table,
    deposits::OPEN_ENDED,
    institutions::Institution,
    raw::{RawOffer, decimal, percent, slug, web_address},
};

#[cfg(test)]
mod tests;

/// The runs of an unchanged APY, relative to the data folder.
pub const HYSA_FILE: &str = "hysa-rates-2026/hysa_apy_periods_2026.csv";
/// The daily readings, relative to the data folder (for the product pages).
pub const OBSERVATIONS_FILE: &str = "hysa-rates-2026/hysa_apy_observations_2026.csv";
/// Who collected the readings.
pub const HYSA_SOURCE: &str =
    "Bank product pages, read daily by the hysa_tracker repository (aaryanpatel2), 2026";
/// The collector's repository.
pub const HYSA_URL: &str = "https://github.com/aaryanpatel2/hysa_tracker";
/// The fewest readings an account needs to be listed.
pub const MIN_OBSERVATIONS: u32 = 10;
/// Fields whose text the builder writes for these accounts.
const EDITORIAL_FIELDS: &str = "EDITORS_NOTES,EDITORS_PROS,EDITORS_CONS";

/// One run of an unchanged APY.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// APY, percent.
    pub apy: Decimal,
    /// First day read at this APY, `YYYY-MM-DD`.
    pub first_seen: String,
    /// Last day read at this APY.
    pub last_seen: String,
}

/// One savings account with its rate history, oldest run first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The product's marketed name.
    pub product: String,
    /// The bank.
    pub institution: String,
    /// `fdic-<cert>`, when the account is a bank's.
    pub institution_id: Option<String>,
    /// The runs of its APY.
    pub periods: Vec<Period>,
    /// Days read.
    pub observations: u32,
}

impl Account {
    /// The latest run.
    pub fn latest(&self) -> Option<&Period> {
        self.periods
            .iter()
            .max_by(|a, b| a.last_seen.cmp(&b.last_seen))
    }
}

/// The account's APY over time for its chart: each run's first day with its APY, and the
/// last day read, `2026-01-08:3.30,2026-02-20:3.20,…`, oldest first.
fn apy_history(account: &Account) -> String {
    let mut points: Vec<(String, Decimal)> = account
        .periods
        .iter()
        .map(|p| (p.first_seen.clone(), p.apy))
        .collect();
    if let Some(latest) = account.latest() {
        points.push((latest.last_seen.clone(), latest.apy));
    }
    points.sort();
    points.dedup_by(|b, a| a.0 == b.0);
    points
        .iter()
        .map(|(day, apy)| format!("{day}:{}", apy.normalize()))
        .collect::<Vec<_>>()
        .join(",")
}

/// The accounts of the periods file read on at least [`MIN_OBSERVATIONS`] days.
pub fn read(table: &Table) -> Result<Vec<Account>, BuildError> {
    let mut accounts: BTreeMap<String, Account> = BTreeMap::new();
    for row in table.rows() {
        let apy = row
            .get("apy_pct")
            .and_then(decimal)
            .ok_or_else(|| BuildError::BadValue {
                file: HYSA_FILE.to_owned(),
                message: format!("{}: no APY", row.text("product")),
            })?;
        let account = accounts
            .entry(row.text("product").to_owned())
            .or_insert_with(|| Account {
                product: row.text("product").trim().to_owned(),
                institution: row.text("institution").trim().to_owned(),
                institution_id: row.get("fdic_cert").map(|cert| format!("fdic-{cert}")),
                periods: Vec::new(),
                observations: 0,
            });
        account.observations += row.text("observations").parse::<u32>().unwrap_or(0);
        account.periods.push(Period {
            apy,
            first_seen: row.text("first_seen").to_owned(),
            last_seen: row.text("last_seen").to_owned(),
        });
    }
    Ok(accounts
        .into_values()
        .filter(|account| account.observations >= MIN_OBSERVATIONS)
        .map(|mut account| {
            account
                .periods
                .sort_by(|a, b| a.first_seen.cmp(&b.first_seen));
            account
        })
        .collect())
}

/// The product pages of the accounts, by product, from the observations file's
/// `product_page` column (the periods file has none).
pub fn pages(observations: &Table) -> BTreeMap<String, String> {
    observations
        .rows()
        .filter_map(|row| {
            let page = row.get("product_page").and_then(web_address)?;
            Some((row.text("product").trim().to_owned(), page))
        })
        .collect()
}

/// The savings offers.
pub fn build(
    accounts: &[Account],
    pages: &BTreeMap<String, String>,
    institutions: &[Institution],
) -> Vec<Value> {
    accounts
        .iter()
        .filter_map(|account| offer(account, pages.get(&account.product), institutions))
        .collect()
}

fn offer(account: &Account, page: Option<&String>, institutions: &[Institution]) -> Option<Value> {
    let latest = account.latest()?;
    let first = account.periods.first()?;
    let id = format!("hysa-{}", slug(&account.product));
    let member = institutions
        .iter()
        .find(|i| Some(&i.id) == account.institution_id.as_ref());
    let rate_info = format!(
        "0|{OPEN_ENDED}|{}|{}",
        rate_of_apy(latest.apy).normalize(),
        latest.apy.normalize()
    );
    let history: Vec<String> = account
        .periods
        .iter()
        .map(|p| {
            format!(
                "{} APY from {} to {}",
                percent(p.apy),
                format_day(&p.first_seen),
                format_day(&p.last_seen)
            )
        })
        .collect();
    let mut pros = vec!["Online savings account with a posted APY".to_owned()];
    let mut cons = Vec::new();
    match latest.apy.cmp(&first.apy) {
        std::cmp::Ordering::Less => cons.push(format!(
            "APY fell from {} ({}) to {} ({})",
            percent(first.apy),
            format_day(&first.first_seen),
            percent(latest.apy),
            format_day(&latest.last_seen)
        )),
        std::cmp::Ordering::Greater => pros.push(format!(
            "APY rose from {} to {} in 2026",
            percent(first.apy),
            percent(latest.apy)
        )),
        std::cmp::Ordering::Equal => pros.push(format!(
            "APY unchanged at {} from {} to {}",
            percent(latest.apy),
            format_day(&first.first_seen),
            format_day(&latest.last_seen)
        )),
    }
    if account.product.contains("less than $10,000") {
        cons.push("The rate shown is the one for balances under $10,000".to_owned());
    }
    let mut offer = RawOffer::new();
    offer
        .set("ID", id.clone())
        .set("DETAILS_HTML_PAGE", id)
        .set("TYPE", "svg")
        .set("PDT_TYPE", "Savings")
        .set("NAME", account.product.clone())
        .set(
            "ISSUER",
            member.map_or(account.institution.clone(), |i| i.name.clone()),
        )
        .set_opt("UID", member.map(|i| i.id.clone()))
        .set("APY", percent(latest.apy))
        .set("RATE_INFO_STR", rate_info)
        .set_opt("RATES_FEES_URL", page.cloned())
        .set("TAGS", "bank,real-rate,online")
        .set("APY_HISTORY", apy_history(account))
        .list("DESCRIPTION", &history, "__")
        .editorial(
            &pros,
            &cons,
            format!(
                "The APY {} posted on its product page, read on {} days from {} to {}. The interest rate in the rate table is worked out from the APY (monthly compounding), and the minimum to open is not in the data. Check the current rate with {} before you open.",
                account.institution,
                account.observations,
                format_day(&first.first_seen),
                format_day(&latest.last_seen),
                account.institution
            ),
            EDITORIAL_FIELDS,
        )
        .provenance(HYSA_SOURCE, HYSA_URL, latest.last_seen.clone(), false);
    Some(offer.into_value())
}
