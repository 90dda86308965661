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
