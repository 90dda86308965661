//! Real certificates of deposit from StepUpLaw's "Highest Posted CD Rates in the US by
//! Term (2026)": one CD per institution and term, with the posted APY, the stated minimum
//! opening deposit and the institution's own rate page, as read in September 2026.
//!
//! The data is CC BY 4.0: every CD carries [`ATTRIBUTION`] as its `SOURCE`, which pages
//! show with the figures. The source gives the APY only; the rate of the one-tier rate
//! table is the nominal rate that compounds monthly to it ([`rate_of_apy`]), said so in
//! the editor's notes.

use formatting::format_day;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use crate::{
    BuildError,
    csv::{Row, Table},
    deposits::OPEN_ENDED,
    institutions::{Institution, Kind},
    raw::{RawOffer, decimal, dollars, percent, web_address},
};

#[cfg(test)]
mod tests;

/// The CD rates, relative to the data folder.
pub const CD_RATES_FILE: &str = "cd-rates-stepuplaw-2026/us_cd_rates_by_term_2026-09.csv";
/// The attribution the licence asks for, shown as the source of every CD.
pub const ATTRIBUTION: &str =
    "Klagge, Kevin D., Highest Posted CD Rates in the US by Term (2026), StepUpLaw, CC BY 4.0";
/// The publisher's page of the data.
pub const CD_RATES_URL: &str = "https://stepuplaw.com/data/cd-rates/";
/// Fields whose text the builder writes for these CDs.
const EDITORIAL_FIELDS: &str = "EDITORS_NOTES,EDITORS_PROS,EDITORS_CONS";
/// The longest early-withdrawal text shown: longer ones are raw, cut-off page excerpts.
const PENALTY_TEXT_MAX: usize = 160;
/// Rows whose rate page the README names as another institution's or product's page.
const WRONG_PAGES: &[&str] = &[
    "Marine Bank & Trust",
    "Prime Meridian Bank",
    "Air Force FCU",
];

/// One CD of the data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CdRate {
    /// Term, months.
    pub term: u32,
    /// The institution as marketed.
    pub institution: String,
    /// Bank or credit union.
    pub kind: Kind,
    /// The catalogue id of the institution (`fdic-<cert>`, `ncua-<charter>`), when given.
    pub institution_id: Option<String>,
    /// Posted APY, percent.
    pub apy: Decimal,
    /// Stated minimum opening deposit, dollars.
    pub min_deposit: Option<Decimal>,
    /// Marked as a special or promotional rate.
    pub promotion: bool,
    /// A special product type ("flex", "penalty-free").
    pub product_note: Option<String>,
    /// The early-withdrawal penalty as read, when short enough to be whole.
    pub penalty: Option<String>,
    /// The page where the rate was read, when it is the institution's own.
    pub page: Option<String>,
    /// Whether an account can be opened online, as the institution says.
    pub remote_opening: String,
    /// Date the rate was read, `YYYY-MM-DD`.
    pub checked: String,
}

impl CdRate {
    fn read(row: Row<'_>) -> Result<Self, BuildError> {
        let bad = |message: String| BuildError::BadValue {
            file: CD_RATES_FILE.to_owned(),
            message,
        };
        let institution = row.text("institution").trim().to_owned();
        let term = row
            .text("term_months")
            .parse()
            .map_err(|_| bad(format!("{institution}: term {}", row.text("term_months"))))?;
        let apy = row
            .get("apy_pct")
            .and_then(decimal)
            .ok_or_else(|| bad(format!("{institution}: no APY")))?;
        let kind = if row.text("kind") == "credit_union" {
            Kind::CreditUnion
        } else {
            Kind::Bank
        };
        let institution_id = match kind {
            Kind::Bank => row.get("fdic_cert").map(|cert| format!("fdic-{cert}")),
            Kind::CreditUnion => row
                .get("ncua_charter")
                .map(|charter| format!("ncua-{charter}")),
        };
        let wrong_page = WRONG_PAGES.iter().any(|name| institution.starts_with(name));
        let penalty = row
            .get("early_withdrawal_penalty")
            .map(str::trim)
            .filter(|text| text.len() <= PENALTY_TEXT_MAX && !text.is_empty())
            .map(str::to_owned);
        Ok(Self {
            term,
            kind,
            institution_id,
            apy,
            min_deposit: row.get("min_deposit").and_then(decimal),
            promotion: row.text("promotion") == "yes",
            product_note: row.get("product_note").map(str::to_owned),
            penalty,
            page: (!wrong_page)
                .then(|| row.get("source_url").and_then(web_address))
                .flatten(),
            remote_opening: row.text("remote_opening").to_owned(),
            checked: row.text("date_checked").to_owned(),
            institution,
        })
    }

    /// The catalogue id of this CD: the institution's slug and the term.
    pub fn id(&self) -> String {
        format!("cd-{}-{}m", crate::raw::slug(&self.institution), self.term)
    }
}

/// Every CD of the data, in file order.
pub fn read(table: &Table) -> Result<Vec<CdRate>, BuildError> {
    table.rows().map(CdRate::read).collect()
}

/// The nominal annual rate, percent to 2 decimals, that compounds monthly to `apy`
/// (percent), found by halving the interval `[0, apy]`.
pub fn rate_of_apy(apy: Decimal) -> Decimal {
    let target = Decimal::ONE + apy / Decimal::ONE_HUNDRED;
    let grows_to = |rate: Decimal| {
        let monthly = Decimal::ONE + rate / Decimal::from(1200);
        (0..12).fold(Decimal::ONE, |acc, _| {
            acc.checked_mul(monthly).unwrap_or(acc)
        })
    };
    let (mut low, mut high) = (Decimal::ZERO, apy.max(Decimal::ZERO));
    for _ in 0..40 {
        let middle = (low + high) / Decimal::TWO;
        if grows_to(middle) < target {
            low = middle;
        } else {
            high = middle;
        }
    }
    high.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// The CD offers. `institutions` are the catalogue's institutions, which a CD links to
/// (`UID`) when it is one of them.
pub fn build(cds: &[CdRate], institutions: &[Institution]) -> Vec<Value> {
    cds.iter().map(|cd| offer(cd, institutions)).collect()
}

fn offer(cd: &CdRate, institutions: &[Institution]) -> Value {
    let share = cd.kind == Kind::CreditUnion;
    let product = if share { "Share Certificate" } else { "CD" };
    let special = match cd.product_note.as_deref() {
        Some("penalty-free") => "No-Penalty ",
        Some("flex") => "Flex ",
        _ => "",
    };
    let name = format!("{} {}-Month {special}{product}", cd.institution, cd.term);
    let minimum = cd.min_deposit.unwrap_or(Decimal::ZERO);
    let rate = rate_of_apy(cd.apy);
    let rate_info = format!(
        "{}|{OPEN_ENDED}|{}|{}",
        minimum.normalize(),
        rate.normalize(),
        cd.apy.normalize()
    );
    let member = institutions
        .iter()
        .find(|i| Some(&i.id) == cd.institution_id.as_ref());
    let mut pros = vec![format!("{} APY for {} months", percent(cd.apy), cd.term)];
    let mut cons = Vec::new();
    match cd.min_deposit {
        Some(min) if min.is_zero() => pros.push("No minimum deposit".to_owned()),
        Some(min) => pros.push(format!("{} minimum deposit", dollars(min))),
        None => cons.push("Minimum deposit not stated".to_owned()),
    }
    if cd.remote_opening == "yes" {
        pros.push("Can be opened online".to_owned());
    } else if cd.remote_opening.starts_with("states:") {
        cons.push(format!(
            "Opened online only by residents of {}",
            cd.remote_opening.trim_start_matches("states:").trim()
        ));
    }
    if cd.promotion {
        cons.push("A special rate: it may end at any time".to_owned());
    }
    if cd.product_note.as_deref() != Some("penalty-free") {
        cons.push("Early withdrawal penalty applies".to_owned());
    }
    let mut description = Vec::new();
    if let Some(penalty) = &cd.penalty {
        description.push(format!("Early withdrawal: {penalty}"));
    }
    let mut offer = RawOffer::new();
    offer
        .set("ID", cd.id())
        .set("DETAILS_HTML_PAGE", cd.id())
        .set("TYPE", "svg")
        .set("PDT_TYPE", "CD")
        .set("NAME", name)
        .set("ISSUER", member.map_or(cd.institution.clone(), |i| i.name.clone()))
        .set_opt("UID", member.map(|i| i.id.clone()))
        .set("APY", percent(cd.apy))
        .set("RATE_INFO_STR", rate_info)
        .set_opt("MIN_TO_OPEN", cd.min_deposit.map(dollars))
        .set("ACCOUNT_FEE", "$0")
        .set("TERM", cd.term.to_string())
        .set_opt("RATES_FEES_URL", cd.page.clone())
        .set(
            "TAGS",
            match cd.kind {
                Kind::Bank => "bank,real-rate",
                Kind::CreditUnion => "credit-union,real-rate",
            },
        )
        .list("DESCRIPTION", &description, "__")
        .editorial(
            &pros,
            &cons,
            format!(
                "{}'s posted {}-month {} APY as read on its own rate page on {}. The interest rate in the rate table is worked out from the APY (monthly compounding); check the current rate with {} before you open.",
                cd.institution,
                cd.term,
                product.to_lowercase(),
                format_day(&cd.checked),
                cd.institution
            ),
            EDITORIAL_FIELDS,
        )
        .provenance(ATTRIBUTION, CD_RATES_URL, cd.checked.clone(), false);
    offer.into_value()
}
