#![doc = include_str!("../README.md")]

pub mod cards;
pub mod cd_rates;
pub mod coverage;
pub mod csv;
pub mod deposits;
pub mod hysa;
pub mod institutions;
pub mod large_banks;
pub mod national;
pub mod qna;
pub mod rating;
pub mod raw;
pub mod readme;
pub mod websites;

use std::path::{Path, PathBuf};

use offer_model::offer::Offer;
use serde_json::Value;

/// File name of the credit cards.
pub const CREDIT_CARDS_FILE: &str = "credit-cards.json";
/// File name of the banks and credit unions.
pub const INSTITUTIONS_FILE: &str = "institutions.json";
/// File name of the checking, savings, money market and CD accounts.
pub const DEPOSITS_FILE: &str = "deposits.json";
/// File name of the personal loans.
pub const LOANS_FILE: &str = "loans.json";
/// File name of the large-bank issuers ([`large_banks`]), written beside the catalogue
/// folder, not in it (it is not a list of offers).
pub const LARGE_BANKS_FILE: &str = "large-banks.json";

/// Why the catalogue could not be built or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A file could not be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A CSV file is malformed.
    #[error("{file}: {problem}")]
    Csv {
        /// The file.
        file: String,
        /// What is wrong.
        problem: csv::CsvError,
    },
    /// A JSON file is malformed or has an unexpected shape.
    #[error("{file}: {message}")]
    Json {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A value in a source file cannot be used.
    #[error("{file}: {message}")]
    BadValue {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A built offer does not read back with `Offer::from_json`.
    #[error("offer {id} is invalid: {message}")]
    InvalidOffer {
        /// The offer's id.
        id: String,
        /// The offer model's error.
        message: String,
    },
}

/// The built catalogue: one list of raw offers per file, each sorted by `ID`.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalogue {
    /// Credit cards.
    pub credit_cards: Vec<Value>,
    /// Banks and credit unions.
    pub institutions: Vec<Value>,
    /// Savings and CD accounts, each a named product of the public data.
    pub deposits: Vec<Value>,
    /// Personal loans, auto loans and mortgages: none today, as no public source gives
    /// named products' terms; an operator's import fills the file.
    pub loans: Vec<Value>,
    /// The large-bank issuers: the `large-banks.json` document ([`large_banks::build`]).
    pub large_banks: Value,
}

impl Catalogue {
    /// Each file name with its offers.
    pub fn files(&self) -> [(&'static str, &[Value]); 4] {
        [
            (CREDIT_CARDS_FILE, &self.credit_cards),
            (INSTITUTIONS_FILE, &self.institutions),
            (DEPOSITS_FILE, &self.deposits),
            (LOANS_FILE, &self.loans),
        ]
    }

    /// Writes each file into `out_dir` (created if missing), pretty-printed with a final
    /// newline.
    pub fn write(&self, out_dir: &Path) -> Result<(), BuildError> {
        std::fs::create_dir_all(out_dir).map_err(|error| io_error(out_dir, &error))?;
        for (file, offers) in self.files() {
            write_pretty(
                &out_dir.join(file),
                file,
                serde_json::to_string_pretty(offers),
            )?;
        }
        Ok(())
    }

    /// Writes [`LARGE_BANKS_FILE`] into `dir` (the folder that holds the catalogue folder),
    /// pretty-printed with a final newline.
    pub fn write_large_banks(&self, dir: &Path) -> Result<(), BuildError> {
        write_pretty(
            &dir.join(LARGE_BANKS_FILE),
            LARGE_BANKS_FILE,
            serde_json::to_string_pretty(&self.large_banks),
        )
    }
}

/// Reads the datasets under `data_dir` (the shared `data` folder) and builds the catalogue.
/// Every offer is checked with [`Offer::from_json`]; ids are unique across all files.
pub fn build(data_dir: &Path) -> Result<Catalogue, BuildError> {
    let tccp = csv::Table::read(&data_dir.join(cards::TCCP_FILE))?;
    let bonuses = read_json(&data_dir.join(cards::BONUSES_FILE))?;
    let fdic = csv::Table::read(&data_dir.join(institutions::FDIC_FILE))?;
    let ncua = csv::Table::read(&data_dir.join(institutions::NCUA_FILE))?;
    let rates = csv::Table::read(&data_dir.join(deposits::RATES_FILE))?;
    let cds = cd_rates::read(&csv::Table::read(&data_dir.join(cd_rates::CD_RATES_FILE))?)?;
    let savings = hysa::read(&csv::Table::read(&data_dir.join(hysa::HYSA_FILE))?)?;
    let savings_pages = hysa::pages(&csv::Table::read(&data_dir.join(hysa::OBSERVATIONS_FILE))?);

    let chosen = institutions::choose(&fdic, &ncua)?;
    let national = deposits::NationalRates::latest(&rates)?;
    let credit_cards = cards::build(&tccp, &bonuses)?;
    let mut deposit_offers = cd_rates::build(&cds, &chosen);
    deposit_offers.extend(hysa::build(&savings, &savings_pages, &chosen));
    let sites = websites::websites(&chosen, &cds, &savings, &savings_pages, &tccp);
    let mut catalogue = Catalogue {
        credit_cards: sorted(credit_cards),
        institutions: sorted(
            chosen
                .iter()
                .map(institutions::Institution::offer)
                .collect(),
        ),
        deposits: sorted(deposit_offers),
        loans: Vec::new(),
        large_banks: Value::Null,
    };
    websites::attach(&mut catalogue.institutions, &sites);
    for offers in [
        &mut catalogue.credit_cards,
        &mut catalogue.deposits,
        &mut catalogue.loans,
    ] {
        rating::rate_all(offers, &national)?;
    }
    check(&catalogue)?;
    let issuers = catalogue
        .files()
        .into_iter()
        .flat_map(|(_, offers)| offers.iter())
        .filter_map(|offer| offer.get("ISSUER").and_then(Value::as_str))
        .map(str::to_owned)
        .collect();
    catalogue.large_banks = large_banks::build(&fdic, &bonuses, &issuers)?;
    Ok(catalogue)
}

/// Checks every offer reads with [`Offer::from_json`], and that ids and details pages are
/// unique.
fn check(catalogue: &Catalogue) -> Result<(), BuildError> {
    let mut ids = std::collections::BTreeSet::new();
    let mut pages = std::collections::BTreeSet::new();
    for (_, offers) in catalogue.files() {
        for value in offers {
            let offer = Offer::from_json(value).map_err(|error| BuildError::InvalidOffer {
                id: raw::id_of(value),
                message: error.to_string(),
            })?;
            let id = offer.identity.id.as_str().to_owned();
            if !ids.insert(id.clone()) {
                return Err(BuildError::InvalidOffer {
                    id,
                    message: "duplicate id".to_owned(),
                });
            }
            if let Some(page) = &offer.identity.details_html_page
                && !pages.insert(page.clone())
            {
                return Err(BuildError::InvalidOffer {
                    id,
                    message: format!("duplicate details page {page}"),
                });
            }
        }
    }
    Ok(())
}

impl Catalogue {
    /// Every offer of every file, read with [`Offer::from_json`].
    pub fn offers(&self) -> Result<Vec<Offer>, BuildError> {
        self.files()
            .into_iter()
            .flat_map(|(_, offers)| offers.iter())
            .map(|value| {
                Offer::from_json(value).map_err(|error| BuildError::InvalidOffer {
                    id: raw::id_of(value),
                    message: error.to_string(),
                })
            })
            .collect()
    }
}

/// Writes pretty-printed JSON (`serde_json::to_string_pretty`'s result) with a final
/// newline.
fn write_pretty(
    path: &Path,
    file: &str,
    json: serde_json::Result<String>,
) -> Result<(), BuildError> {
    let mut text = json.map_err(|error| BuildError::Json {
        file: file.to_owned(),
        message: error.to_string(),
    })?;
    text.push('\n');
    std::fs::write(path, text).map_err(|error| io_error(path, &error))
}

/// Sorts offers by `ID`, the deterministic order of the fixture files.
fn sorted(mut offers: Vec<Value>) -> Vec<Value> {
    offers.sort_by_key(raw::id_of);
    offers
}

fn read_json(path: &Path) -> Result<Value, BuildError> {
    let text = read_text(path)?;
    serde_json::from_str(&text).map_err(|error| BuildError::Json {
        file: display(path),
        message: error.to_string(),
    })
}

/// Reads a whole UTF-8 file.
pub(crate) fn read_text(path: &Path) -> Result<String, BuildError> {
    std::fs::read_to_string(path).map_err(|error| io_error(path, &error))
}

fn io_error(path: &Path, error: &std::io::Error) -> BuildError {
    BuildError::Io {
        path: display(path),
        message: error.to_string(),
    }
}

/// A path as text, for error messages.
pub(crate) fn display(path: &Path) -> String {
    PathBuf::from(path).display().to_string()
}
