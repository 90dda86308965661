//! Banks from the FDIC active-institutions list and credit unions from the NCUA call report,
//! as institution offers (type code `inst`, site-core §3 "Product type codes").
//!
//! The subset is deterministic: the [`LARGEST`] of each by total assets, plus every
//! [`SAMPLE_EVERY`]th of the rest (in order of assets), so smaller institutions appear too.

use rust_decimal::Decimal;
use serde_json::Value;

use crate::{
    BuildError,
    csv::Table,
    raw::{RawOffer, decimal, dollars_in_words, grouped, proper_name, title_case},
};

/// FDIC active institutions, relative to the data folder.
pub const FDIC_FILE: &str = "fdic-institutions/fdic_active_institutions_2025q3.csv";
/// NCUA credit unions, relative to the data folder.
pub const NCUA_FILE: &str = "ncua-credit-unions/ncua_credit_unions_2025q4.csv";
/// Dataset name of the FDIC list.
pub const FDIC_SOURCE: &str = "FDIC BankFind Suite, active institutions";
/// Address of the FDIC data.
pub const FDIC_URL: &str = "https://banks.data.fdic.gov/";
/// Dataset name of the NCUA list.
pub const NCUA_SOURCE: &str = "NCUA 5300 Call Report quarterly data";
/// Address of the NCUA data.
pub const NCUA_URL: &str =
    "https://www.ncua.gov/analysis/credit-union-corporate-call-report-data/quarterly-data";
/// How many of the largest institutions of each kind are kept.
pub const LARGEST: usize = 60;
/// Of the rest, every this-many-th (by assets) is kept too.
pub const SAMPLE_EVERY: usize = 150;

/// FDIC certificates of the banks behind most store cards and prepaid cards, kept in the
/// subset whatever their size, so that a visitor who looks one up finds its page.
pub const ISSUER_CERTS: [&str; 11] = [
    "27314", // Synchrony Bank: store cards.
    "27499", // Comenity Bank: store cards.
    "57570", // Comenity Capital Bank: store cards.
    "33947", // TD Bank USA: store cards.
    "7213",  // Citibank: store cards.
    "30776", // Pathward: prepaid cards.
    "35444", // The Bancorp Bank: prepaid cards.
    "22653", // Green Dot Bank: prepaid cards.
    "5962",  // Sutton Bank: prepaid cards.
    "34699", // Metropolitan Commercial Bank: prepaid cards.
    "34403", // Coastal Community Bank: prepaid cards.
];

/// Bank or credit union.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An FDIC-insured bank or savings institution.
    Bank,
    /// A federally insured credit union.
    CreditUnion,
}

/// One institution of the subset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Institution {
    /// Bank or credit union.
    pub kind: Kind,
    /// Catalogue id: `fdic-<CERT>` or `ncua-<CU_NUMBER>`.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Short name for product names (the FDIC name before its first comma).
    pub short_name: String,
    /// City and state.
    pub location: String,
    /// Total assets, dollars.
    pub assets: Decimal,
    /// Total deposits (shares for credit unions), dollars.
    pub deposits: Option<Decimal>,
    /// Members (credit unions).
    pub members: Option<u64>,
    /// Federal charter (credit unions, CU_TYPE 1).
    pub federal_charter: bool,
    /// Rank by assets among its kind, 1 the largest.
    pub rank: usize,
    /// Report date, `YYYY-MM-DD`.
    pub as_of: String,
}

/// The deterministic subset: banks first, then credit unions, each by assets.
pub fn choose(fdic: &Table, ncua: &Table) -> Result<Vec<Institution>, BuildError> {
    let mut banks = Vec::new();
    for row in fdic.rows() {
        let (Some(cert), Some(name), Some(assets)) = (
            row.get("CERT"),
            row.get("NAME"),
            row.get("ASSET").and_then(decimal),
        ) else {
            continue;
        };
        let thousand = Decimal::from(1000);
        let repdte = row.text("REPDTE");
        let name = crate::raw::one_spaced(name);
        let name = name.as_str();
        banks.push(Institution {
            kind: Kind::Bank,
            id: format!("fdic-{cert}"),
            name: name.to_owned(),
            short_name: name.split(',').next().unwrap_or(name).trim().to_owned(),
            location: format!(
                "{}, {}",
                title_case(row.text("CITY")),
                title_case(row.text("STNAME"))
            ),
            assets: assets.checked_mul(thousand).unwrap_or(assets),
            deposits: row
                .get("DEP")
                .and_then(decimal)
                .and_then(|d| d.checked_mul(thousand)),
            members: None,
            federal_charter: false,
            rank: 0,
            as_of: yyyymmdd(repdte).ok_or_else(|| BuildError::BadValue {
                file: FDIC_FILE.to_owned(),
                message: format!("CERT {cert}: bad REPDTE {repdte}"),
            })?,
        });
    }
    let mut unions = Vec::new();
    for row in ncua.rows() {
        let (Some(number), Some(name), Some(assets)) = (
            row.get("CU_NUMBER"),
            row.get("CU_NAME"),
            row.get("TOTAL_ASSETS_ACCT_010").and_then(decimal),
        ) else {
            continue;
        };
        let federal = row.text("CU_TYPE") == "1";
        let mut full = proper_name(&title_case(name));
        if !name.contains("CREDIT UNION") {
            full.push_str(if federal {
                " Federal Credit Union"
            } else {
                " Credit Union"
            });
        }
        let cycle = row.text("CYCLE_DATE");
        unions.push(Institution {
            kind: Kind::CreditUnion,
            id: format!("ncua-{number}"),
            short_name: full.clone(),
            name: full,
            location: format!("{}, {}", title_case(row.text("CITY")), row.text("STATE")),
            assets,
            deposits: row.get("TOTAL_SHARES_DEPOSITS_ACCT_018").and_then(decimal),
            members: row.get("MEMBERS_ACCT_083").and_then(|m| m.parse().ok()),
            federal_charter: federal,
            rank: 0,
            as_of: month_day_year(cycle).ok_or_else(|| BuildError::BadValue {
                file: NCUA_FILE.to_owned(),
                message: format!("CU {number}: bad CYCLE_DATE {cycle}"),
            })?,
        });
    }
    let mut chosen = subset(banks);
    chosen.extend(subset(unions));
    Ok(chosen)
}

/// The largest [`LARGEST`] by assets, then every [`SAMPLE_EVERY`]th of the rest, plus the
/// issuers of [`ISSUER_CERTS`]; ties by id.
fn subset(mut all: Vec<Institution>) -> Vec<Institution> {
    all.sort_by(|a, b| b.assets.cmp(&a.assets).then_with(|| a.id.cmp(&b.id)));
    all.into_iter()
        .enumerate()
        .filter(|(index, institution)| {
            *index < LARGEST
                || (index - LARGEST + 1).is_multiple_of(SAMPLE_EVERY)
                || (institution.kind == Kind::Bank
                    && ISSUER_CERTS.contains(&institution.id.trim_start_matches("fdic-")))
        })
        .map(|(index, mut institution)| {
            institution.rank = index + 1;
            institution
        })
        .collect()
}

/// `20250930` as `2025-09-30`.
pub(crate) fn yyyymmdd(text: &str) -> Option<String> {
    let (year, rest) = text.split_at_checked(4)?;
    let (month, day) = rest.split_at_checked(2)?;
    (text.len() == 8 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("{year}-{month}-{day}"))
}

/// `12/31/2025` as `2025-12-31`.
fn month_day_year(text: &str) -> Option<String> {
    let mut parts = text.split('/');
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.parse().ok()?;
    let year: u32 = parts.next()?.parse().ok()?;
    parts
        .next()
        .is_none()
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

impl Institution {
    /// The institution as a raw offer.
    pub fn offer(&self) -> Value {
        let mut offer = RawOffer::new();
        let (what, source, url, number) = match self.kind {
            Kind::Bank => (
                "An FDIC-insured bank",
                FDIC_SOURCE,
                FDIC_URL,
                format!("FDIC certificate {}", self.id.trim_start_matches("fdic-")),
            ),
            Kind::CreditUnion => (
                if self.federal_charter {
                    "A federally chartered, NCUA-insured credit union"
                } else {
                    "A state-chartered credit union"
                },
                NCUA_SOURCE,
                NCUA_URL,
                format!("NCUA charter {}", self.id.trim_start_matches("ncua-")),
            ),
        };
        let assets = dollars_in_words(self.assets);
        let mut description = vec![number, format!("Total assets {assets}")];
        if let Some(deposits) = self.deposits {
            description.push(format!(
                "Total {} {}",
                if self.kind == Kind::Bank {
                    "deposits"
                } else {
                    "shares and deposits"
                },
                dollars_in_words(deposits)
            ));
        }
        if let Some(members) = self.members {
            description.push(format!("{} members", grouped(members)));
        }
        let mut tags = vec![match self.kind {
            Kind::Bank => "bank",
            Kind::CreditUnion => "credit-union",
        }];
        if self.rank <= LARGEST {
            tags.push("largest-by-assets");
        }
        offer
            .set("ID", self.id.clone())
            .set("UID", self.id.clone())
            .set("DETAILS_HTML_PAGE", self.id.clone())
            .set("TYPE", "inst")
            .set("NAME", self.name.clone())
            .set("SHORT_NAME", self.short_name.clone())
            .set("ISSUER", self.name.clone())
            .set("ADDITIONAL_INFO_1", self.location.clone())
            .set("ADDITIONAL_INFO_2", format!("Total assets {assets}"))
            .list("DESCRIPTION", &description, "__")
            .set("TAGS", tags.join(","))
            .set(
                "EDITORS_NOTES",
                format!(
                    "{what} based in {}, with {assets} in total assets at {}.",
                    self.location,
                    formatting::format_day(&self.as_of)
                ),
            )
            .set("EDITORIAL_FIELDS", "EDITORS_NOTES")
            .set("SOURCE", source)
            .set("SOURCE_URL", url)
            .set("SOURCE_AS_OF", self.as_of.clone())
            .flag("ILLUSTRATIVE", false);
        offer.into_value()
    }
}

#[cfg(test)]
mod tests;
