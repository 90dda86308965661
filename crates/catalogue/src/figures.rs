//! The figures of an offer that filters and sort orders compare, read the same way
//! everywhere: a money or rate field's number, the lowest percentage a range states, the
//! headline APY, the term in months.

use offer_model::{Amount, Offer};
use rust_decimal::Decimal;

#[cfg(test)]
mod tests;

/// The number a field holds when it is a plain amount (`$95`, `17.99%`, `12`).
pub fn plain(amount: Option<&Amount>) -> Option<Decimal> {
    amount.and_then(Amount::value)
}

/// The lowest percentage a rate field states: its number when plain, otherwise the smallest
/// number written directly before a `%` in its text (`"15.99% - 25.99%"` gives 15.99).
///
/// ```
/// use catalogue::figures::lowest_percent;
/// use offer_model::Amount;
/// use rust_decimal::Decimal;
///
/// let range = Amount::parse("15.99% - 25.99%");
/// assert_eq!(lowest_percent(range.as_ref()), Some(Decimal::new(1599, 2)));
/// assert_eq!(lowest_percent(Amount::parse("Variable").as_ref()), None);
/// ```
pub fn lowest_percent(amount: Option<&Amount>) -> Option<Decimal> {
    match amount? {
        Amount::Text(text) => percentages(text).min(),
        other => other.value(),
    }
}

/// Every number written directly before a `%` in `text`, left to right.
fn percentages(text: &str) -> impl Iterator<Item = Decimal> + '_ {
    text.match_indices('%').filter_map(move |(end, _)| {
        let before = text.get(..end)?;
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
            .last()
            .map(|(index, _)| index)?;
        let digits = before.get(start..)?.trim_start_matches('.');
        digits.parse::<Decimal>().ok()
    })
}

/// The APY an offer advertises: its `APY` when plain, else the highest APY of its rate table.
pub fn headline_apy(offer: &Offer) -> Option<Decimal> {
    plain(offer.banking.apy.as_ref()).or_else(|| offer.banking.rate_tiers.max_apy())
}

/// The annual fee when it is a plain amount; text such as "$0 intro, then $95" has none.
pub fn annual_fee(offer: &Offer) -> Option<Decimal> {
    plain(offer.fees.annual_fee.as_ref())
}

/// The regular APR to compare: the lowest percentage of the card's regular purchase APR, or
/// of a loan's APR.
pub fn regular_apr(offer: &Offer) -> Option<Decimal> {
    lowest_percent(offer.rates.regular_purchase_apr.as_ref())
        .or_else(|| lowest_percent(offer.loan.apr.as_ref()))
}

/// The term in whole months (`TERM`: a CD's term, a loan's shortest term).
pub fn term_months(offer: &Offer) -> Option<Decimal> {
    plain(offer.banking.term.as_ref())
}

/// Whether a fee field holds exactly zero.
pub fn is_zero(amount: Option<&Amount>) -> bool {
    plain(amount).is_some_and(|value| value.is_zero())
}

/// The APY over time an offer records (`APY_HISTORY`): `(YYYY-MM-DD, APY percent)` points,
/// oldest first. A point that is not a date and a number is left out.
///
/// ```
/// use catalogue::figures::apy_history;
/// use offer_model::Offer;
/// use rust_decimal::Decimal;
/// use serde_json::json;
/// let offer = Offer::from_json(&json!({"ID": "s", "NAME": "Savings", "TYPE": "svg",
///     "APY_HISTORY": "2026-02-20:3.20,2026-01-08:3.30,junk,2026-13:1"})).unwrap();
/// assert_eq!(
///     apy_history(&offer),
///     [("2026-01-08".to_owned(), Decimal::new(330, 2)), ("2026-02-20".to_owned(), Decimal::new(320, 2))]
/// );
/// ```
pub fn apy_history(offer: &Offer) -> Vec<(String, Decimal)> {
    let is_day = |day: &str| {
        day.len() == 10
            && day.char_indices().all(|(i, c)| {
                if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }
            })
    };
    let mut points: Vec<(String, Decimal)> = offer
        .banking
        .apy_history
        .iter()
        .filter_map(|point| {
            let (day, apy) = point.split_once(':')?;
            let apy: Decimal = apy.trim().parse().ok()?;
            is_day(day.trim()).then(|| (day.trim().to_owned(), apy))
        })
        .collect();
    points.sort();
    points
}
