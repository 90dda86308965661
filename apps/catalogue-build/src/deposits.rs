//! Illustrative deposit accounts (checking, savings, money market) and personal loans for
//! the institutions of the subset (CDs are real: [`crate::cd_rates`]). No public source
//! gives product-level terms, so these are generated: rates sit around the FDIC national
//! rates of the latest snapshot, scaled by a factor from a fixed FNV-1a hash of the
//! institution id and product, so a rebuild gives the same figures. Every one is marked
//! `ILLUSTRATIVE` = Y. Rate tables follow site-core §3 "RATE_INFO_STR".

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use crate::{
    BuildError,
    csv::Table,
    institutions::{Institution, Kind},
    raw::{RawOffer, decimal, dollars, fnv1a, percent},
};

/// FDIC national rates, monthly, of every deposit product, relative to the data folder:
/// the newest national rates of savings, checking and money market accounts.
pub const RATES_FILE: &str =
    "fdic-national-rates-monthly/fdic_national_rates_monthly_2021_2023.csv";
/// Address of the FDIC national rates.
pub const RATES_URL: &str = "https://www.fdic.gov/national-rates-and-rate-caps";
/// Institutions of each kind, by rank, that get a personal loan.
pub const LOAN_RANKS: usize = 18;
/// The open-ended top of the last rate tier (site-core §3: "99999999 shows as open-ended").
pub const OPEN_ENDED: &str = "99999999";
/// Fields whose text the builder writes for illustrative products.
pub const ILLUSTRATIVE_EDITORIAL_FIELDS: &str = "NAME,EDITORS_NOTES,EDITORS_PROS,EDITORS_CONS";
/// The NCUA ceiling on federal credit union loan rates, percent (12 CFR 701.21).
pub const FCU_RATE_CEILING: Decimal = Decimal::from_parts(18, 0, 0, false, 0);

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

/// A deterministic factor from 0.5 to 5.0 in steps of 0.25, from the hash of `key`.
pub fn factor(key: &str) -> Decimal {
    let step = fnv1a(key) % 19;
    Decimal::new(50, 2) + Decimal::new(25, 2) * Decimal::from(step)
}

/// A deterministic choice from `options` by the hash of `key`.
fn pick<T: Copy>(key: &str, options: &[T]) -> Option<T> {
    let len = u64::try_from(options.len()).ok()?;
    let index = fnv1a(key).checked_rem(len)?;
    options.get(usize::try_from(index).ok()?).copied()
}

/// A rate in percent, to 2 decimals, at least 0.01.
fn rate(value: Decimal) -> Decimal {
    value
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        .max(Decimal::new(1, 2))
}

/// The APY of a nominal rate compounded monthly, percent, to 2 decimals.
pub fn apy_of(rate_pct: Decimal) -> Decimal {
    let twelve = Decimal::from(12);
    let monthly = rate_pct
        .checked_div(Decimal::ONE_HUNDRED)
        .and_then(|r| r.checked_div(twelve))
        .unwrap_or_default();
    let growth = (0..12).fold(Decimal::ONE, |acc, _| {
        acc.checked_mul(Decimal::ONE + monthly).unwrap_or(acc)
    });
    ((growth - Decimal::ONE) * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// A `RATE_INFO_STR` from (low, high, rate) tiers, with the APY of each rate; returns the
/// text and the highest APY.
pub fn rate_info(tiers: &[(&str, &str, Decimal)]) -> (String, Decimal) {
    let top = tiers
        .iter()
        .map(|(_, _, r)| apy_of(*r))
        .max()
        .unwrap_or_default();
    let text = tiers
        .iter()
        .map(|(low, high, r)| format!("{low}|{high}|{}|{}", r.normalize(), apy_of(*r).normalize()))
        .collect::<Vec<_>>()
        .join(",");
    (text, top)
}

/// One generated product: what varies between kinds.
struct Product<'a> {
    key: String,
    code: &'a str,
    pdt_type: &'a str,
    name: String,
    tiers: Vec<(String, String, Decimal)>,
    national: Decimal,
    min_to_open: Decimal,
    monthly_fee: Decimal,
    term: Option<u32>,
}

/// Deposit products for the institutions.
pub fn build(institutions: &[Institution], national: &NationalRates) -> Vec<Value> {
    let mut offers = Vec::new();
    for institution in institutions {
        let id = &institution.id;
        let short = &institution.short_name;
        let share = institution.kind == Kind::CreditUnion;
        for (key, code, pdt_type, label) in [
            (
                "savings",
                "svg",
                "Savings",
                if share {
                    "Share Savings"
                } else {
                    "Savings Account"
                },
            ),
            (
                "money-market",
                "svg",
                "Money Market",
                "Money Market Account",
            ),
            ("checking", "chkg", "Checking", "Interest Checking"),
        ] {
            let Some((small, large)) = national.get(pdt_type, 0) else {
                continue;
            };
            let seed = format!("{id}|{key}");
            let scale = factor(&seed);
            let first = rate(small * scale);
            let tiers = if code == "chkg" {
                vec![
                    ("0".to_owned(), "99999.99".to_owned(), first),
                    (
                        "100000".to_owned(),
                        OPEN_ENDED.to_owned(),
                        rate(large * scale).max(first),
                    ),
                ]
            } else {
                let second = rate(first + Decimal::new(5, 2));
                vec![
                    ("0".to_owned(), "9999.99".to_owned(), first),
                    ("10000".to_owned(), "99999.99".to_owned(), second),
                    (
                        "100000".to_owned(),
                        OPEN_ENDED.to_owned(),
                        rate(large * scale + Decimal::new(5, 2)).max(second),
                    ),
                ]
            };
            let (opens, fees): (&[i64], &[i64]) = match key {
                "checking" => (&[0, 25, 50, 100], &[0, 0, 5, 10, 12, 15]),
                "money-market" => (&[0, 1000, 2500, 5000], &[0, 0, 10, 12]),
                _ => (&[0, 5, 25, 100, 300], &[0, 0, 0, 5]),
            };
            offers.push(product(
                institution,
                national,
                Product {
                    key: key.to_owned(),
                    code,
                    pdt_type,
                    name: format!("{short} {label}"),
                    tiers,
                    national: small,
                    min_to_open: Decimal::from(pick(&format!("{seed}|open"), opens).unwrap_or(0)),
                    monthly_fee: Decimal::from(pick(&format!("{seed}|fee"), fees).unwrap_or(0)),
                    term: None,
                },
            ));
        }
    }
    offers
}

fn product(institution: &Institution, national: &NationalRates, product: Product<'_>) -> Value {
    let tiers: Vec<(&str, &str, Decimal)> = product
        .tiers
        .iter()
        .map(|(low, high, r)| (low.as_str(), high.as_str(), *r))
        .collect();
    let (info, top_apy) = rate_info(&tiers);
    let first_apy = tiers
        .first()
        .map(|(_, _, r)| apy_of(*r))
        .unwrap_or_default();
    let mut pros = Vec::new();
    let mut cons = Vec::new();
    if product.monthly_fee.is_zero() {
        pros.push("No monthly fee".to_owned());
    } else {
        cons.push(format!("{} monthly fee", dollars(product.monthly_fee)));
    }
    if product.min_to_open.is_zero() {
        pros.push("No minimum deposit to open".to_owned());
    }
    let average = percent(product.national);
    if first_apy > product.national {
        pros.push(format!(
            "APY above the FDIC national average ({average}, {})",
            national.as_of
        ));
    } else if first_apy < product.national {
        cons.push(format!(
            "APY below the FDIC national average ({average}, {})",
            national.as_of
        ));
    }
    if product.term.is_some() {
        cons.push("Early withdrawal penalty applies".to_owned());
    }
    let mut offer = RawOffer::new();
    offer
        .set("ID", format!("{}-{}", institution.id, product.key))
        .set("DETAILS_HTML_PAGE", format!("{}-{}", institution.id, product.key))
        .set("TYPE", product.code)
        .set("PDT_TYPE", product.pdt_type)
        .set("NAME", format!("{} (illustrative)", product.name))
        .set("ISSUER", institution.name.clone())
        .set("UID", institution.id.clone())
        .set("APY", percent(top_apy))
        .set("RATE_INFO_STR", info)
        .set("MIN_TO_OPEN", dollars(product.min_to_open))
        .set("ACCOUNT_FEE", dollars(product.monthly_fee))
        .set_opt("TERM", product.term.map(|t| t.to_string()))
        .set("TAGS", kind_tag(institution))
        .editorial(
            &pros,
            &cons,
            format!(
                "Illustrative account: the rates, fees and minimum are generated around the FDIC national rate for {} ({average} APY at {}), not {}'s actual terms.",
                product.pdt_type.to_lowercase(),
                national.as_of,
                institution.name
            ),
            ILLUSTRATIVE_EDITORIAL_FIELDS,
        )
        .provenance(
            "Illustrative; rates modelled on FDIC national rates and rate caps",
            RATES_URL,
            national.as_of.clone(),
            true,
        );
    if product.code == "chkg" {
        offer.set(
            "ATM_TX_FEE",
            dollars(
                pick(
                    &format!("{}|{}|atm", institution.id, product.key),
                    &[Decimal::ZERO, Decimal::new(250, 2), Decimal::new(300, 2)],
                )
                .unwrap_or_default(),
            ),
        );
    }
    offer.into_value()
}

/// The tag of an institution's kind: `bank` or `credit-union`.
fn kind_tag(institution: &Institution) -> &'static str {
    match institution.kind {
        Kind::Bank => "bank",
        Kind::CreditUnion => "credit-union",
    }
}

/// Terms (months) a personal loan's shortest term is picked from.
const LOAN_MIN_TERMS: [u32; 4] = [6, 12, 24, 36];

/// Illustrative personal loans for the largest institutions of each kind. There is no
/// national rate for loans in the data: APRs are an illustrative range, capped at the
/// federal credit union ceiling for credit unions. The least credit needed is picked from
/// Bad, Fair, Fair and Good, and a loan for bad credit starts 6 points higher.
pub fn loans(institutions: &[Institution]) -> Vec<Value> {
    institutions
        .iter()
        .filter(|institution| institution.rank <= LOAN_RANKS)
        .map(|institution| {
            let seed = format!("{}|loan", institution.id);
            let hash = fnv1a(&seed);
            let credit = pick(&format!("{seed}|credit"), &["Bad", "Fair", "Fair", "Good"])
                .unwrap_or("Fair");
            let mut low = Decimal::new(699, 2) + Decimal::from(hash % 8);
            if credit == "Bad" {
                low += Decimal::from(6);
            }
            let mut high = low + Decimal::from(10 + (hash / 8) % 15);
            if institution.kind == Kind::CreditUnion {
                high = high.min(FCU_RATE_CEILING);
                low = low.min(high);
            }
            let fee = if institution.kind == Kind::CreditUnion {
                Decimal::ZERO
            } else {
                Decimal::from((hash / 128) % 6)
            };
            let max_term = pick(&format!("{seed}|term"), &[60_u32, 72, 84]).unwrap_or(60);
            let min_term = pick(&format!("{seed}|min-term"), &LOAN_MIN_TERMS).unwrap_or(12);
            let mut pros = Vec::new();
            let mut cons = Vec::new();
            if fee.is_zero() {
                pros.push("No origination fee".to_owned());
            } else {
                cons.push(format!("Origination fee up to {}", percent(fee)));
            }
            pros.push(format!("Terms from {min_term} to {max_term} months"));
            if credit == "Bad" {
                pros.push("Considers applicants with bad credit".to_owned());
            }
            if institution.kind == Kind::CreditUnion {
                cons.push("Requires credit union membership".to_owned());
            }
            let id = format!("{}-personal-loan", institution.id);
            let mut offer = RawOffer::new();
            offer
                .set("ID", id.clone())
                .set("DETAILS_HTML_PAGE", id)
                .set("TYPE", "prsn")
                .set("PDT_TYPE", "Personal Loan")
                .set("NAME", format!("{} Personal Loan (illustrative)", institution.short_name))
                .set("ISSUER", institution.name.clone())
                .set("UID", institution.id.clone())
                .set("APR", percent(low))
                .set(
                    "APR_ADDITIONAL_INFO",
                    format!("Fixed APR from {} to {} (illustrative)", percent(low), percent(high)),
                )
                .set("ORIG_FEE", percent(fee))
                .set("TERM", min_term.to_string())
                .set("MAX_TERM", max_term.to_string())
                .set("MIN_CREDIT_REQUIRED", credit)
                .set("TAGS", kind_tag(institution))
                .editorial(
                    &pros,
                    &cons,
                    format!(
                        "Illustrative loan: the APR range, fee and terms are generated, not {}'s actual terms; no public source gives product-level loan terms.",
                        institution.name
                    ),
                    ILLUSTRATIVE_EDITORIAL_FIELDS,
                )
                .provenance(
                    "Illustrative; institution from the FDIC or NCUA list",
                    if institution.kind == Kind::Bank {
                        crate::institutions::FDIC_URL
                    } else {
                        crate::institutions::NCUA_URL
                    },
                    institution.as_of.clone(),
                    true,
                );
            offer.into_value()
        })
        .collect()
}

#[cfg(test)]
mod tests;
