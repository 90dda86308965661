//! The national average deposit rates over time (FDIC, via FRED), written for the site's
//! rate charts as `assets/data/national-rates.json` in the frontend's public folder:
//! savings, money market and interest checking to November 2023, and the 12-, 24- and
//! 48-month CD rates to 2026, each a list of `[month, APY percent]`; and, as `latest`, the
//! newest month's national rate and rate cap of savings, money market and interest checking,
//! which the pages of the kinds without named products show.

use std::path::Path;

use serde_json::{Value, json};

use crate::BuildError;
use crate::csv::Table;

/// The monthly rates of savings, checking, money market and every CD term (to 2023).
pub const MONTHLY_FILE: &str =
    "fdic-national-rates-monthly/fdic_national_rates_monthly_2021_2023.csv";
/// The 12-, 24- and 48-month CD rates (to 2026).
pub const CD_FILE: &str = "fdic-national-rates-monthly/fdic_national_cd_rates_2021_2026.csv";
/// Where the chart data goes, under the frontend's public folder.
pub const OUTPUT: &str = "assets/data/national-rates.json";

/// The series drawn: product in the source, label, the product type key it belongs to,
/// and the file that has it for longest.
const SERIES: [(&str, &str, &str, &str); 6] = [
    ("Savings", "Savings", "savings", MONTHLY_FILE),
    ("Money Market", "Money market", "moneyMarket", MONTHLY_FILE),
    (
        "Interest Checking",
        "Interest checking",
        "checking",
        MONTHLY_FILE,
    ),
    ("12 month CD", "12-month CD", "cd", CD_FILE),
    ("24 month CD", "24-month CD", "cd", CD_FILE),
    ("48 month CD", "48-month CD", "cd", CD_FILE),
];

/// The chart data, from the two files under `data_dir`.
pub fn series(data_dir: &Path) -> Result<Value, BuildError> {
    let monthly = Table::read(&data_dir.join(MONTHLY_FILE))?;
    let cds = Table::read(&data_dir.join(CD_FILE))?;
    let mut out = Vec::new();
    for (product, label, product_type, file) in SERIES {
        let table = if file == MONTHLY_FILE { &monthly } else { &cds };
        let mut points: Vec<(String, String)> = table
            .rows()
            .filter(|row| row.text("product") == product)
            .filter_map(|row| {
                let apy: rust_decimal::Decimal = row.text("national_rate_apy_pct").parse().ok()?;
                Some((
                    row.text("as_of").to_owned(),
                    apy.round_dp(2).normalize().to_string(),
                ))
            })
            .collect();
        points.sort();
        if points.is_empty() {
            return Err(BuildError::BadValue {
                file: file.to_owned(),
                message: format!("no national rates for {product}"),
            });
        }
        out.push(json!({"label": label, "productType": product_type, "points": points}));
    }
    Ok(json!({
        "title": "National average deposit rates",
        "latest": latest(&monthly)?,
        "source": "FDIC national deposit rates, via FRED (Federal Reserve Bank of St. Louis)",
        "sourceUrl": "https://fred.stlouisfed.org/searchresults/?st=national%20deposit%20rates",
        "series": out,
    }))
}

/// The newest month's national rate and rate cap of each series of [`MONTHLY_FILE`] that is
/// not a CD: `{label, productType, asOf, rate, cap}`, rates in percent to 2 decimals.
fn latest(monthly: &Table) -> Result<Vec<Value>, BuildError> {
    let two = |text: &str| -> Option<String> {
        let value: rust_decimal::Decimal = text.parse().ok()?;
        Some(format!("{:.2}", value.round_dp(2)))
    };
    SERIES
        .iter()
        .filter(|(_, _, product_type, file)| *file == MONTHLY_FILE && *product_type != "cd")
        .map(|(product, label, product_type, _)| {
            monthly
                .rows()
                .filter(|row| row.text("product") == *product)
                .max_by(|a, b| a.text("as_of").cmp(b.text("as_of")))
                .and_then(|row| {
                    Some(json!({
                        "label": label,
                        "productType": product_type,
                        "asOf": row.text("as_of"),
                        "rate": two(row.text("national_rate_apy_pct"))?,
                        "cap": two(row.text("rate_cap_pct"))?,
                    }))
                })
                .ok_or_else(|| BuildError::BadValue {
                    file: MONTHLY_FILE.to_owned(),
                    message: format!("no national rate and cap for {product}"),
                })
        })
        .collect()
}

/// Writes the chart data under the frontend's `public` folder.
pub fn write(data_dir: &Path, public: &Path) -> Result<std::path::PathBuf, BuildError> {
    let value = series(data_dir)?;
    let path = public.join(OUTPUT);
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|error| crate::io_error(folder, &error))?;
    }
    let text = serde_json::to_string(&value).map_err(|error| BuildError::BadValue {
        file: path.display().to_string(),
        message: error.to_string(),
    })?;
    std::fs::write(&path, text + "\n").map_err(|error| crate::io_error(&path, &error))?;
    Ok(path)
}
