//! The large-bank issuers (site-core §5: "Issuers of a certain large-bank kind without an
//! affiliate link get an asterisk"; DECISIONS.md "Large-bank asterisk"), written beside the
//! catalogue as `large-banks.json` for the server to read.
//!
//! A large bank is an FDIC-insured institution whose total assets (FDIC `ASSET`) are at
//! least [`THRESHOLD_THOUSANDS`] thousand dollars, that is $100 billion, at the report
//! date: the size from which the Federal Reserve's tailoring rules treat a banking
//! organisation as large (Category IV and above). The figure is the insured bank's own,
//! not its holding company's. Credit unions are not banks and are never listed.
//!
//! The list (`banks`) holds every name the catalogue's `ISSUER` uses for a large bank:
//!
//! - its FDIC name, as institution offers spell it;
//! - any issuer of the catalogue equal to that name ignoring case and runs of blanks (the
//!   CFPB TCCP spells "Usaa Federal Savings Bank" and "American Express National Bank"
//!   where the FDIC has "USAA Federal Savings Bank" and "American Express National  Bank");
//! - the brand name ([`cards::issuer_name`]) of each credit-card-bonuses-api issuer code
//!   whose bank [`BRAND_BANKS`] names, when the catalogue uses it ("Chase", "Citi").
//!
//! Every issuer code of the bonus dataset must have a row in [`BRAND_BANKS`], and every
//! certificate named there must be in the FDIC file, so a new code or a renamed bank stops
//! the build instead of silently dropping an asterisk.

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::{
    BuildError, cards,
    csv::Table,
    institutions::{FDIC_FILE, FDIC_SOURCE, FDIC_URL, yyyymmdd},
    raw::{decimal, dollars_in_words},
};

/// Total assets from which an FDIC-insured bank is large: $100 billion, in the thousands of
/// dollars the FDIC reports `ASSET` in.
pub const THRESHOLD_THOUSANDS: u64 = 100_000_000;

/// The FDIC certificate of the bank behind each issuer code of the bonus dataset, or `None`
/// when the issuer is not an FDIC-insured bank or the dataset does not say which bank it is.
/// Only certificates of large banks change the list; the others are here so that every code
/// is decided.
pub const BRAND_BANKS: [(&str, Option<&str>); 18] = [
    ("AMERICAN_EXPRESS", Some("27471")), // American Express National Bank.
    ("BANK_OF_AMERICA", Some("3510")),   // Bank of America, National Association.
    ("BARCLAYS", Some("57203")),         // Barclays Bank Delaware.
    ("BREX", None),                      // A card company; its issuing bank is not in the data.
    ("CAPITAL_ONE", Some("4297")),       // Capital One, National Association.
    ("CHASE", Some("628")),              // JPMorgan Chase Bank, National Association.
    ("CITI", Some("7213")),              // Citibank, National Association.
    ("COMENITY", Some("57570")),         // Comenity Capital Bank: co-brand cards.
    // Discover Bank merged into Capital One, National Association in 2025 and is no longer
    // in the FDIC list; the card builder already matches Discover cards to Capital One plans.
    ("DISCOVER", Some("4297")),
    ("FIRST", None), // Names no issuer we can tell (the cards are of several partner banks).
    ("FNBO", Some("5452")), // First National Bank of Omaha.
    ("PENFED", None), // Pentagon Federal Credit Union: a credit union, not a bank.
    ("PNC", Some("6384")), // PNC Bank, National Association.
    ("SYNCHRONY", Some("27314")), // Synchrony Bank.
    ("TD", Some("18409")), // TD Bank, National Association (its own cards; not TD Bank USA).
    ("US_BANK", Some("6548")), // U.S. Bank National Association.
    ("WEB_BANK", Some("34404")), // WebBank.
    ("WELLS_FARGO", Some("3511")), // Wells Fargo Bank, National Association.
];

/// One FDIC institution: its name, total assets in thousands of dollars and report date.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FdicBank {
    cert: String,
    name: String,
    assets_thousands: Decimal,
    report_date: String,
}

/// Lower case with every run of blanks made one space, so spellings of one name compare
/// equal.
fn normalise(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn bad(file: &str, message: String) -> BuildError {
    BuildError::BadValue {
        file: file.to_owned(),
        message,
    }
}

/// Every FDIC row with a certificate, a name and total assets, by certificate.
fn fdic_banks(fdic: &Table) -> BTreeMap<String, FdicBank> {
    fdic.rows()
        .filter_map(|row| {
            let bank = FdicBank {
                cert: row.get("CERT")?.to_owned(),
                name: crate::raw::one_spaced(row.get("NAME")?),
                assets_thousands: row.get("ASSET").and_then(decimal)?,
                report_date: row.text("REPDTE").to_owned(),
            };
            Some((bank.cert.clone(), bank))
        })
        .collect()
}

/// The brand names of the bonus dataset's issuer codes by the certificate of their bank;
/// fails on a code without a row in [`BRAND_BANKS`] or a certificate not in the FDIC file.
fn brand_names(
    bonuses: &Value,
    banks: &BTreeMap<String, FdicBank>,
) -> Result<BTreeMap<&'static str, Vec<String>>, BuildError> {
    let codes: BTreeSet<&str> = bonuses
        .as_array()
        .ok_or_else(|| bad(cards::BONUSES_FILE, "expected a list of cards".to_owned()))?
        .iter()
        .filter_map(|card| card.get("issuer").and_then(Value::as_str))
        .collect();
    if let Some(code) = codes
        .iter()
        .find(|code| !BRAND_BANKS.iter().any(|(known, _)| known == *code))
    {
        return Err(bad(
            cards::BONUSES_FILE,
            format!("issuer code {code} has no row in large_banks::BRAND_BANKS"),
        ));
    }
    let mut names: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for (code, cert) in BRAND_BANKS {
        let Some(cert) = cert else { continue };
        if !banks.contains_key(cert) {
            return Err(bad(
                FDIC_FILE,
                format!(
                    "large_banks::BRAND_BANKS names certificate {cert} for {code}; it is not in the file"
                ),
            ));
        }
        if codes.contains(code) {
            names
                .entry(cert)
                .or_default()
                .push(cards::issuer_name(code));
        }
    }
    Ok(names)
}

/// Builds the list from the FDIC file, the bonus dataset and every `ISSUER` of the built
/// catalogue: the `large-banks.json` document (see the module notes).
pub fn build(
    fdic: &Table,
    bonuses: &Value,
    issuers: &BTreeSet<String>,
) -> Result<Value, BuildError> {
    let banks = fdic_banks(fdic);
    let brands = brand_names(bonuses, &banks)?;
    let threshold = Decimal::from(THRESHOLD_THOUSANDS);
    let mut large: Vec<&FdicBank> = banks
        .values()
        .filter(|bank| bank.assets_thousands >= threshold)
        .collect();
    large.sort_by(|a, b| {
        b.assets_thousands
            .cmp(&a.assets_thousands)
            .then_with(|| a.cert.cmp(&b.cert))
    });
    let report_date = large
        .iter()
        .map(|bank| bank.report_date.as_str())
        .max()
        .unwrap_or_default();
    let as_of = yyyymmdd(report_date).ok_or_else(|| {
        bad(
            FDIC_FILE,
            format!("no large bank, or a bad REPDTE {report_date}"),
        )
    })?;

    let mut all_names = BTreeSet::new();
    let mut institutions = Vec::new();
    for bank in large {
        let key = normalise(&bank.name);
        let mut names = BTreeSet::from([bank.name.clone()]);
        names.extend(
            issuers
                .iter()
                .filter(|issuer| normalise(issuer) == key)
                .cloned(),
        );
        names.extend(
            brands
                .get(bank.cert.as_str())
                .into_iter()
                .flatten()
                .filter(|brand| issuers.contains(*brand))
                .cloned(),
        );
        all_names.extend(names.iter().cloned());
        let dollars = bank
            .assets_thousands
            .checked_mul(Decimal::from(1000))
            .unwrap_or(bank.assets_thousands);
        institutions.push(json!({
            "cert": bank.cert,
            "name": bank.name,
            "totalAssets": dollars_in_words(dollars),
            "issuerNames": names,
        }));
    }
    Ok(json!({
        "about": "The issuers that get the large-bank asterisk (site-core §5) on offers without an \
                  affiliate link: every name the catalogue's ISSUER uses for an FDIC-insured bank with \
                  total assets of $100 billion or more. Built by catalogue-build from the FDIC data, the \
                  catalogue and the card brands of credit-card-bonuses-api; the server reads `banks`. \
                  See fixtures/README.md.",
        "source": FDIC_SOURCE,
        "sourceUrl": FDIC_URL,
        "asOf": as_of,
        "threshold": "Total assets (FDIC ASSET, the insured bank's own) of $100 billion or more",
        "banks": all_names,
        "institutions": institutions,
    }))
}

#[cfg(test)]
mod tests;
