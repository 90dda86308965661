//! Helpers to write raw, spec-shaped offers (site-core §3 "Card offer", upper-case field
//! names) and to format the datasets' numbers as the catalogue writes them.

use formatting::percent::format_percent;
use rust_decimal::Decimal;
use serde_json::{Map, Value};

/// A raw offer under construction: upper-case field names to text values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawOffer {
    fields: Map<String, Value>,
}

impl RawOffer {
    /// An empty offer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets a text field; blank text is left out.
    pub fn set(&mut self, field: &str, value: impl Into<String>) -> &mut Self {
        let value = value.into();
        if !value.trim().is_empty() {
            self.fields.insert(field.to_owned(), Value::String(value));
        }
        self
    }

    /// Sets a text field when there is a value.
    pub fn set_opt(&mut self, field: &str, value: Option<impl Into<String>>) -> &mut Self {
        if let Some(value) = value {
            self.set(field, value);
        }
        self
    }

    /// Sets a Y/N flag.
    pub fn flag(&mut self, field: &str, value: bool) -> &mut Self {
        self.set(field, if value { "Y" } else { "N" })
    }

    /// Sets a list field joined by `separator`; an empty list is left out.
    pub fn list(&mut self, field: &str, items: &[String], separator: &str) -> &mut Self {
        self.set(field, items.join(separator))
    }

    /// Sets the builder's own editorial text: pros and cons (`|`-separated, marked as the
    /// system's), the editor's notes, and the fields it lists as editorial.
    pub fn editorial(
        &mut self,
        pros: &[String],
        cons: &[String],
        notes: impl Into<String>,
        editorial_fields: &str,
    ) -> &mut Self {
        self.list("EDITORS_PROS", pros, "|")
            .list("EDITORS_CONS", cons, "|")
            .set("PROS_CONS_SOURCE", "SYSTEM")
            .set("EDITORS_NOTES", notes)
            .set("EDITORIAL_FIELDS", editorial_fields)
    }

    /// Sets where the figures come from: the source, its address, the date they are as of,
    /// and whether they are illustrative.
    pub fn provenance(
        &mut self,
        source: &str,
        url: &str,
        as_of: impl Into<String>,
        illustrative: bool,
    ) -> &mut Self {
        self.set("SOURCE", source)
            .set("SOURCE_URL", url)
            .set("SOURCE_AS_OF", as_of)
            .flag("ILLUSTRATIVE", illustrative)
    }

    /// The finished JSON object.
    pub fn into_value(self) -> Value {
        Value::Object(self.fields)
    }
}

/// The `ID` of a raw offer, or `""`.
pub fn id_of(value: &Value) -> String {
    value
        .get("ID")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// Reads a plain decimal such as `0.2899` or `25.0`.
pub fn decimal(text: &str) -> Option<Decimal> {
    text.trim().parse::<Decimal>().ok()
}

/// A fraction (`0.2899`) as a percent text (`28.99%`) with two decimals, as the site shows
/// every rate (`0.165` gives `16.50%`, `0` gives `0.00%`), so texts built from it ("3.99% for
/// 6 months") read like the figures beside them.
pub fn fraction_percent(fraction: Decimal) -> Option<String> {
    Some(format_percent(fraction.checked_mul(Decimal::ONE_HUNDRED)?))
}

/// A fee's fraction (`0.03`) as a percent text with at most two decimals (`3%`, `2.5%`): a
/// fee is money charged, written as fee tables write it, not a rate to line up with others.
pub fn fraction_fee_percent(fraction: Decimal) -> Option<String> {
    let percent = fraction.checked_mul(Decimal::ONE_HUNDRED)?;
    Some(format!("{}%", percent.round_dp(2).normalize()))
}

/// Two fractions as a range of percents with two decimals each (`0.1324`, `0.18` give
/// `13.24% - 18.00%`), so both ends of a range read alike.
pub fn fraction_percent_range(low: Decimal, high: Decimal) -> Option<String> {
    Some(format!(
        "{} - {}",
        fraction_percent(low)?,
        fraction_percent(high)?
    ))
}

/// A name with one space between its words: the FDIC's names hold stray double spaces
/// ("Frost  Bank").
pub fn one_spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A percent value (`1.25`, `4.3`) as text with two decimals (`1.25%`, `4.30%`).
pub fn percent(value: Decimal) -> String {
    format_percent(value)
}

/// Dollars as text: `$25`, `$1,000`, `$2.50`.
pub fn dollars(amount: Decimal) -> String {
    let amount = amount.round_dp(2).normalize();
    let whole = amount.trunc();
    let cents = amount.checked_sub(whole).unwrap_or_default();
    let grouped = group_digits(&whole.abs().to_string());
    let sign = if amount.is_sign_negative() && !amount.is_zero() {
        "-"
    } else {
        ""
    };
    if cents.is_zero() {
        format!("{sign}${grouped}")
    } else {
        let cents = cents
            .abs()
            .checked_mul(Decimal::ONE_HUNDRED)
            .unwrap_or_default();
        format!("{sign}${grouped}.{:02}", cents.round().normalize())
    }
}

/// Dollars as text, always with cents: `$25.00`, `$1,000.00`, `$2.50`.
pub fn dollars_with_cents(amount: Decimal) -> String {
    let text = dollars(amount);
    if text.contains('.') {
        text
    } else {
        format!("{text}.00")
    }
}

/// A whole number with thousands separators: `90,000`.
pub fn grouped(number: u64) -> String {
    group_digits(&number.to_string())
}

/// Digits with a comma before each group of three from the right.
fn group_digits(digits: &str) -> String {
    let count = digits.chars().count();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && count.saturating_sub(index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A large dollar amount in words: `$3.81 trillion`, `$12.4 billion`, `$850.2 million`.
pub fn dollars_in_words(amount: Decimal) -> String {
    let steps = [
        (Decimal::from(1_000_000_000_000_u64), "trillion", 2),
        (Decimal::from(1_000_000_000_u64), "billion", 1),
        (Decimal::from(1_000_000_u64), "million", 1),
    ];
    for (unit, word, decimals) in steps {
        if amount >= unit {
            let scaled = amount.checked_div(unit).unwrap_or_default();
            return format!("${} {word}", scaled.round_dp(decimals).normalize());
        }
    }
    dollars(amount)
}

/// The 64-bit FNV-1a hash of `text`: a fixed, seedless hash for deterministic illustrative
/// figures.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A details-page name from a product name: lower-case ASCII letters and digits, every
/// other run of characters one `-`, none at the ends (`"Delta SkyMiles® Gold"` is
/// `delta-skymiles-gold`).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// Upper-case words with their first letter kept upper-case: `NEW YORK` is `New York`.
pub fn title_case(text: &str) -> String {
    text.split_whitespace()
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => {
                    first.to_uppercase().collect::<String>() + &chars.as_str().to_lowercase()
                }
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words of names that the sources' title case spells wrong, as the institutions spell them.
const SPELLED: [(&str, &str); 14] = [
    ("Jpmorgan", "JPMorgan"),
    ("Usaa", "USAA"),
    ("Td", "TD"),
    ("Pnc", "PNC"),
    ("Usa", "USA"),
    ("Usf", "USF"),
    ("Fnbo", "FNBO"),
    ("Bmo", "BMO"),
    ("Hsbc", "HSBC"),
    ("Schoolsfirst", "SchoolsFirst"),
    ("Wyhy", "WyHy"),
    ("Penfed", "PenFed"),
    ("Us", "U.S."),
    ("Ii", "II"),
];

/// Words a name keeps in lower case after its first word.
const SMALL_WORDS: [&str; 7] = ["of", "and", "the", "for", "at", "in", "on"];

/// An institution's name as it is spelled, from a source's title case
/// ("Jpmorgan Chase Bank, National Association", "Bank Of America"): the small words in
/// lower case after the first, the words of `SPELLED` as the institutions spell them, and
/// runs of white space made one space. Other words are kept as they are.
pub fn proper_name(text: &str) -> String {
    text.split_whitespace()
        .enumerate()
        .map(|(index, word)| {
            let bare = word.trim_end_matches([',', '.']);
            let tail = &word[bare.len()..];
            if index > 0 && SMALL_WORDS.contains(&bare.to_lowercase().as_str()) {
                return format!("{}{tail}", bare.to_lowercase());
            }
            match SPELLED.iter().find(|(wrong, _)| *wrong == bare) {
                // "U.S." keeps its own full stop.
                Some((_, right)) => format!("{right}{}", tail.trim_start_matches('.')),
                None => word.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;

/// A web address from a dataset's website field, repaired where the field is plainly a
/// site written loosely (`https: www.x.org`, `http:www.x.org`, `www://x.com`, `x.org/path`):
/// `https://` or `http://` followed by a host with a dot. `None` for anything else.
pub fn web_address(raw: &str) -> Option<String> {
    let text = raw.trim();
    let lower = text.to_lowercase();
    let (scheme, rest) = if let Some(rest) = lower.strip_prefix("https") {
        ("https", rest)
    } else if let Some(rest) = lower.strip_prefix("http") {
        ("http", rest)
    } else if let Some(rest) = lower.strip_prefix("www://") {
        ("https", rest)
    } else {
        ("https", lower.as_str())
    };
    let rest = rest.trim_start_matches([':', '/', ' ']);
    let start = text.len().checked_sub(rest.len())?;
    let rest = text.get(start..)?;
    let host = rest.split(['/', '?', '#']).next()?;
    let valid_host = host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    (valid_host && !rest.contains(char::is_whitespace)).then(|| {
        if rest.len() == host.len() {
            format!("{scheme}://{rest}/")
        } else {
            format!("{scheme}://{rest}")
        }
    })
}
