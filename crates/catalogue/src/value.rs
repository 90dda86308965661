//! What a credit card is worth in a year to one visitor: the rewards their own spending
//! earns, the first-year bonus when that spending reaches it, less the annual fee and the
//! interest on the balance they carry, at the APR the card's survey reports for their
//! credit tier. Every assumption is an input ([`Assumptions`]) and every figure of the
//! answer says where it came from ([`CardValue`]), so a page can show its working.
//!
//! # Method
//!
//! - **Rewards**: a year of the monthly spending (every category) at the card's earn rate
//!   on every purchase (`REWARDS_BASE_RATE`), only where a source gives that rate. A
//!   headline rate (`REWARDS_EARN_RATE`, often a category's or a store's) is never applied
//!   to all spending. A card paying in points or miles (its redeem type names them) earns
//!   one point per dollar per percent, each worth [`Assumptions::cents_per_point`]. A card
//!   that earns rewards at no rate a source gives has its rewards *left out*
//!   ([`CardValue::rewards_left_out`]): its value is what it is worth before rewards, and the
//!   working says so. One that earns none earns nothing.
//! - **Bonus**: `REWARDS_INITIAL_BONUS` (`"$200 after spending $1,000 in 90 days"`,
//!   `"60,000 Hyatt points after spending $5,000 in 90 days"`), counted when the monthly
//!   spending over the window (a month is 30 days) reaches the required spend.
//! - **Annual fee**: the plain `ANNUAL_FEE`; a fee written in words has no estimate.
//! - **Interest**: the carried balance for a year at the APR for the visitor's tier
//!   (`APR_NO_SCORE`, `APR_POOR`, `APR_GOOD`, `APR_GREAT`), else at the top of the card's
//!   APR range (the survey's other figure, and the cautious one). A 0% intro purchase APR
//!   frees its months (at most 12). No APR and a balance: no estimate.
//! - **Value** = rewards + bonus − annual fee − interest, to the cent.
//! - **Too large**: when a step of the sum is past what a decimal holds (a feed's bonus of
//!   `2e28` points at 5 cents a point, spending set in code near [`Decimal::MAX`]), the card has no estimate
//!   ([`Unknown::TooLarge`]) rather than a wrong one.

use offer_model::credit::CreditScore;
use offer_model::product_type::ProductType;
use offer_model::{Amount, Offer};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::figures::plain;

#[cfg(test)]
mod tests;

/// Highest monthly spending of one category read, in dollars.
pub const MAX_MONTHLY_SPEND: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);
/// Highest carried balance read, in dollars.
pub const MAX_BALANCE: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);
/// Cents a point is worth when the visitor says nothing (a common floor for points).
pub const DEFAULT_CENTS_PER_POINT: Decimal = Decimal::ONE;
/// Lowest and highest cents per point read.
pub const CENTS_PER_POINT_RANGE: (Decimal, Decimal) = (
    Decimal::from_parts(1, 0, 0, false, 1),
    Decimal::from_parts(5, 0, 0, false, 0),
);

/// The credit tiers the card survey reports APRs for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurveyTier {
    /// No credit score.
    NoScore,
    /// 619 or less.
    Poor,
    /// 620 to 719.
    Good,
    /// 720 or more.
    Great,
}

impl SurveyTier {
    /// Every tier, in the survey's order.
    pub const ALL: [Self; 4] = [Self::NoScore, Self::Poor, Self::Good, Self::Great];

    /// The tier of a credit score.
    ///
    /// ```
    /// use catalogue::value::SurveyTier;
    /// use offer_model::credit::CreditScore;
    /// assert_eq!(SurveyTier::of(CreditScore::new(619).unwrap()), SurveyTier::Poor);
    /// assert_eq!(SurveyTier::of(CreditScore::new(620).unwrap()), SurveyTier::Good);
    /// assert_eq!(SurveyTier::of(CreditScore::new(720).unwrap()), SurveyTier::Great);
    /// ```
    pub fn of(score: CreditScore) -> Self {
        match score.value() {
            ..=619 => Self::Poor,
            620..=719 => Self::Good,
            _ => Self::Great,
        }
    }

    /// The key a query names it by: `none`, `poor`, `good`, `great`.
    pub fn key(self) -> &'static str {
        match self {
            Self::NoScore => "none",
            Self::Poor => "poor",
            Self::Good => "good",
            Self::Great => "great",
        }
    }

    /// The tier a key names.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The survey's words for the tier.
    pub fn label(self) -> &'static str {
        match self {
            Self::NoScore => "no credit score",
            Self::Poor => "619 or less",
            Self::Good => "620-719",
            Self::Great => "720 or more",
        }
    }

    fn apr(self, offer: &Offer) -> Option<&Amount> {
        let rates = &offer.rates;
        match self {
            Self::NoScore => rates.apr_no_score.as_ref(),
            Self::Poor => rates.apr_poor.as_ref(),
            Self::Good => rates.apr_good.as_ref(),
            Self::Great => rates.apr_great.as_ref(),
        }
    }
}

/// Monthly spending by category, in dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Spending {
    /// Groceries.
    pub groceries: Decimal,
    /// Restaurants.
    pub dining: Decimal,
    /// Gas.
    pub gas: Decimal,
    /// Travel.
    pub travel: Decimal,
    /// Everything else.
    pub other: Decimal,
}

impl Spending {
    /// The categories with their keys, in the form's order.
    pub fn categories(&self) -> [(&'static str, Decimal); 5] {
        [
            ("groceries", self.groceries),
            ("dining", self.dining),
            ("gas", self.gas),
            ("travel", self.travel),
            ("other", self.other),
        ]
    }

    /// Every category's monthly spending together, for showing. A total a decimal cannot
    /// hold (only from figures set in code: [`Assumptions::read`] caps each category)
    /// stops at the largest decimal; [`Spending::checked_monthly_total`] says so instead.
    pub fn monthly_total(&self) -> Decimal {
        self.categories()
            .iter()
            .fold(Decimal::ZERO, |total, (_, v)| total.saturating_add(*v))
    }

    /// Every category's monthly spending together; `None` when a decimal cannot hold it.
    pub fn checked_monthly_total(&self) -> Option<Decimal> {
        self.categories()
            .iter()
            .try_fold(Decimal::ZERO, |total, (_, v)| total.checked_add(*v))
    }
}

/// The visitor's own figures and choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assumptions {
    /// Monthly spending by category.
    pub spending: Spending,
    /// The balance carried from month to month, in dollars.
    pub balance: Decimal,
    /// The visitor's credit tier.
    pub tier: SurveyTier,
    /// What one point or mile is worth, in cents.
    pub cents_per_point: Decimal,
}

/// Why an input was refused; names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssumptionError {
    /// Not a number.
    #[error("{field} must be a number of dollars")]
    NotANumber {
        /// The field.
        field: &'static str,
    },
    /// Below zero or above the field's limit.
    #[error("{field} must be from {min} to {max}")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Lowest allowed.
        min: Decimal,
        /// Highest allowed.
        max: Decimal,
    },
    /// Not a known tier.
    #[error("tier must be none, poor, good or great")]
    UnknownTier,
    /// Not a credit score.
    #[error("score must be a credit score from 300 to 850")]
    BadScore,
}

impl AssumptionError {
    /// The field the error is about.
    pub fn field(&self) -> &'static str {
        match self {
            Self::NotANumber { field } | Self::OutOfRange { field, .. } => field,
            Self::UnknownTier => "tier",
            Self::BadScore => "score",
        }
    }
}

fn number(
    raw: Option<&str>,
    field: &'static str,
    default: Decimal,
    (min, max): (Decimal, Decimal),
) -> Result<Decimal, AssumptionError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(default);
    };
    let cleaned: String = raw.chars().filter(|c| !matches!(c, '$' | ',')).collect();
    let value: Decimal = cleaned
        .parse()
        .map_err(|_| AssumptionError::NotANumber { field })?;
    if value < min || value > max {
        return Err(AssumptionError::OutOfRange { field, min, max });
    }
    Ok(value.round_dp(2))
}

impl Assumptions {
    /// The defaults a page starts from: a household's spending of $1,500 a month, no
    /// balance, good credit, a cent a point.
    pub fn typical() -> Self {
        Self {
            spending: Spending {
                groceries: Decimal::from(400),
                dining: Decimal::from(200),
                gas: Decimal::from(150),
                travel: Decimal::from(100),
                other: Decimal::from(650),
            },
            balance: Decimal::ZERO,
            tier: SurveyTier::Good,
            cents_per_point: DEFAULT_CENTS_PER_POINT,
        }
    }

    /// Reads the assumptions from named values (a query): `groceries`, `dining`, `gas`,
    /// `travel`, `other`, `balance` (dollars, `$` and `,` allowed), `tier` (or, when it
    /// is absent, the tier of a credit `score`) and `cpp`. A missing or empty value keeps
    /// [`Assumptions::typical`]'s.
    pub fn read(get: impl Fn(&str) -> Option<String>) -> Result<Self, AssumptionError> {
        let typical = Self::typical();
        let spend = (Decimal::ZERO, MAX_MONTHLY_SPEND);
        let field = |name: &'static str, default: Decimal, range| {
            number(get(name).as_deref(), name, default, range)
        };
        let spending = Spending {
            groceries: field("groceries", typical.spending.groceries, spend)?,
            dining: field("dining", typical.spending.dining, spend)?,
            gas: field("gas", typical.spending.gas, spend)?,
            travel: field("travel", typical.spending.travel, spend)?,
            other: field("other", typical.spending.other, spend)?,
        };
        let score = get("score").filter(|s| !s.trim().is_empty());
        let tier = match (get("tier").as_deref().map(str::trim), score) {
            (Some(key), _) if !key.is_empty() => {
                SurveyTier::from_key(key).ok_or(AssumptionError::UnknownTier)?
            }
            (_, Some(score)) => {
                SurveyTier::of(CreditScore::parse(&score).map_err(|_| AssumptionError::BadScore)?)
            }
            _ => typical.tier,
        };
        Ok(Self {
            spending,
            balance: field("balance", Decimal::ZERO, (Decimal::ZERO, MAX_BALANCE))?,
            tier,
            cents_per_point: field("cpp", DEFAULT_CENTS_PER_POINT, CENTS_PER_POINT_RANGE)?,
        })
    }
}

/// Where the APR used for interest came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AprSource {
    /// The survey's APR for the visitor's tier.
    Tier,
    /// The top of the card's APR range (no APR for the tier).
    TopOfRange,
}

/// A figure the estimate lacks, so the card has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknown {
    /// The annual fee is not a plain amount.
    AnnualFee,
    /// The visitor carries a balance and no APR is known.
    Apr,
    /// A figure of the card's is too large to work with (or, for assumptions set in code,
    /// the spending).
    TooLarge,
}

impl Unknown {
    /// Why there is no estimate, in words.
    pub fn reason(self) -> &'static str {
        match self {
            Self::AnnualFee => "The annual fee is not a plain amount.",
            Self::Apr => "No APR is reported for this card.",
            Self::TooLarge => "A figure of this card's is too large to be right.",
        }
    }
}

/// Whether the first-year bonus counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BonusOutcome {
    /// No bonus offered (or none we can read).
    None,
    /// Counted: the spending reaches it (or it asks for none).
    Counted,
    /// Not counted: the spending over the window falls short of the required spend.
    Missed {
        /// Dollars to spend.
        required: Decimal,
        /// Days to spend them in.
        days: u32,
    },
}

/// One card's estimate and its working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardValue {
    /// A year's rewards in dollars; none when they are left out.
    pub rewards: Option<Decimal>,
    /// The card earns rewards at no rate a source gives: the value leaves them out.
    pub rewards_left_out: bool,
    /// The earn rate used, in percent.
    pub earn_rate: Option<Decimal>,
    /// Whether rewards are points or miles (valued at the cents per point).
    pub in_points: bool,
    /// The first-year bonus counted, in dollars.
    pub bonus: Decimal,
    /// Whether the bonus counts.
    pub bonus_outcome: BonusOutcome,
    /// The annual fee, in dollars; none when not a plain amount.
    pub annual_fee: Option<Decimal>,
    /// A year's interest on the carried balance, in dollars; none when no APR is known
    /// and there is a balance.
    pub interest: Option<Decimal>,
    /// The APR used and where it came from.
    pub apr: Option<(Decimal, AprSource)>,
    /// Months of a 0% intro purchase APR counted (at most 12).
    pub intro_months: u32,
    /// The yearly value; none when a figure is unknown.
    pub value: Option<Decimal>,
    /// The first figure missing, when the value is none.
    pub unknown: Option<Unknown>,
}

/// The redeem type names points or miles.
fn pays_in_points(offer: &Offer) -> bool {
    let kind = offer
        .rewards
        .redeem_type
        .as_deref()
        .unwrap_or("")
        .to_lowercase();
    ["point", "mile", "avios"].iter().any(|w| kind.contains(w))
}

/// A number as written with thousands separators, from the start of `text`.
fn leading_number(text: &str) -> Option<(Decimal, &str)> {
    let end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == ',' || *c == '.'))
        .map_or(text.len(), |(i, _)| i);
    let digits: String = text.get(..end)?.chars().filter(|c| *c != ',').collect();
    let number = digits.trim_end_matches('.').parse().ok()?;
    Some((number, text.get(end..)?))
}

/// Points at the cents per point, in dollars; `None` when a decimal cannot hold them.
fn points_in_dollars(points: Decimal, cents_per_point: Decimal) -> Option<Decimal> {
    points
        .checked_mul(cents_per_point)?
        .checked_div(Decimal::ONE_HUNDRED)
}

/// A bonus as read: its dollars (`None` when too large for a decimal) and the spend and
/// days it asks for.
type BonusTerms = (Option<Decimal>, Option<(Decimal, u32)>);

/// The bonus in dollars (points at the cents per point) and its requirement; `None` when
/// the text states no bonus we can read.
fn bonus_terms(text: &str, cents_per_point: Decimal) -> Option<BonusTerms> {
    let text = text.trim();
    let dollars = match text.strip_prefix('$') {
        Some(rest) => Some(leading_number(rest)?.0),
        None => points_in_dollars(leading_number(text)?.0, cents_per_point),
    };
    let requirement = text.split_once("spending $").and_then(|(_, rest)| {
        let (spend, rest) = leading_number(rest)?;
        let days_text = rest.trim_start().strip_prefix("in ")?;
        let (days, _) = leading_number(days_text)?;
        Some((spend, days.to_u32()?))
    });
    Some((dollars, requirement))
}

/// The bonus field's terms, whatever its kind; `None` when there is no bonus we can read.
fn offered_bonus(offer: &Offer, cents_per_point: Decimal) -> Option<BonusTerms> {
    match offer.rewards.initial_bonus.as_ref()? {
        Amount::Dollars(d) => Some((Some(*d), None)),
        Amount::Text(t) => bonus_terms(t, cents_per_point),
        Amount::Number(n) => Some((points_in_dollars(*n, cents_per_point), None)),
        Amount::Percent(_) => None,
    }
}

/// The first-year bonus counted and whether it counts; `None` when a figure (the bonus, or
/// the spending over its window) is too large to work with.
fn first_year_bonus(offer: &Offer, assumptions: &Assumptions) -> Option<(Decimal, BonusOutcome)> {
    let Some((amount, requirement)) = offered_bonus(offer, assumptions.cents_per_point) else {
        return Some((Decimal::ZERO, BonusOutcome::None));
    };
    let amount = amount?;
    if amount.is_zero() {
        return Some((Decimal::ZERO, BonusOutcome::None));
    }
    let Some((required, days)) = requirement else {
        return Some((amount.round_dp(2), BonusOutcome::Counted));
    };
    let window = assumptions
        .spending
        .checked_monthly_total()?
        .checked_mul(Decimal::from(days))?
        .checked_div(Decimal::from(30))?;
    Some(if window >= required {
        (amount.round_dp(2), BonusOutcome::Counted)
    } else {
        (Decimal::ZERO, BonusOutcome::Missed { required, days })
    })
}

/// The highest percentage written in a rate field (the top of a range).
fn highest_percent(amount: Option<&Amount>) -> Option<Decimal> {
    match amount? {
        Amount::Text(text) => text
            .split('%')
            .filter_map(|part| {
                let start = part
                    .char_indices()
                    .rev()
                    .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
                    .last()
                    .map(|(i, _)| i)?;
                part.get(start..)?.parse::<Decimal>().ok()
            })
            .max(),
        other => other.value(),
    }
}

/// One card's yearly value for the visitor.
pub fn card_value(offer: &Offer, assumptions: &Assumptions) -> CardValue {
    let year_spend = assumptions
        .spending
        .checked_monthly_total()
        .and_then(|monthly| monthly.checked_mul(Decimal::from(12)));
    let in_points = pays_in_points(offer);
    let earn_rate = plain(offer.rewards.base_rate.as_ref());
    let point_value = if in_points {
        assumptions.cents_per_point
    } else {
        Decimal::ONE
    };
    let bonus = first_year_bonus(offer, assumptions);
    // A bonus too large to work with leaves the card without a value, like any other figure.
    let bonus_too_large = bonus.is_none();
    let (bonus, bonus_outcome) = bonus.unwrap_or((Decimal::ZERO, BonusOutcome::None));
    let mut too_large = bonus_too_large;
    let mut checked = |value: Option<Decimal>| {
        too_large |= value.is_none();
        value
    };
    let rewards = if offer.rewards.has_rewards || earn_rate.is_some() {
        match earn_rate {
            Some(rate) => checked(
                year_spend
                    .and_then(|v| v.checked_mul(rate))
                    .and_then(|v| v.checked_div(Decimal::ONE_HUNDRED))
                    .and_then(|v| v.checked_mul(point_value)),
            )
            .map(|v| v.round_dp(2)),
            None => None,
        }
    } else {
        Some(Decimal::ZERO)
    };

    let annual_fee = plain(offer.fees.annual_fee.as_ref());

    let intro_months =
        if plain(offer.rates.purchase_intro_apr.as_ref()).is_some_and(|r| r.is_zero()) {
            plain(offer.rates.purchase_intro_apr_period.as_ref())
                .and_then(|m| m.to_u32())
                .map_or(0, |m| m.min(12))
        } else {
            0
        };
    let apr = plain(assumptions.tier.apr(offer))
        .map(|a| (a, AprSource::Tier))
        .or_else(|| {
            highest_percent(offer.rates.regular_purchase_apr.as_ref())
                .map(|a| (a, AprSource::TopOfRange))
        });
    let interest = if assumptions.balance.is_zero() {
        Some(Decimal::ZERO)
    } else {
        match apr {
            Some((rate, _)) => checked(
                assumptions
                    .balance
                    .checked_mul(rate)
                    .and_then(|v| v.checked_mul(Decimal::from(12 - intro_months)))
                    .and_then(|v| v.checked_div(Decimal::from(1200))),
            )
            .map(|v| v.round_dp(2)),
            None => None,
        }
    };

    let rewards_left_out = offer.rewards.has_rewards && earn_rate.is_none();
    let counted = if rewards_left_out {
        Some(Decimal::ZERO)
    } else {
        rewards
    };
    let value = match (counted, annual_fee, interest) {
        (Some(r), Some(f), Some(i)) if !bonus_too_large => checked(
            r.checked_add(bonus)
                .and_then(|v| v.checked_sub(f))
                .and_then(|v| v.checked_sub(i)),
        ),
        _ => None,
    };
    let unknown = if too_large {
        Some(Unknown::TooLarge)
    } else if annual_fee.is_none() {
        Some(Unknown::AnnualFee)
    } else if interest.is_none() {
        Some(Unknown::Apr)
    } else {
        None
    };
    CardValue {
        rewards,
        rewards_left_out,
        earn_rate,
        in_points,
        bonus,
        bonus_outcome,
        annual_fee,
        interest,
        apr,
        intro_months,
        value,
        unknown,
    }
}

/// The credit cards among `offers` with their values, the highest value first; cards
/// without an estimate last. Ties: the name A to Z, then the id.
pub fn rank_by_value<'a>(
    offers: impl IntoIterator<Item = &'a Offer>,
    assumptions: &Assumptions,
) -> Vec<(&'a Offer, CardValue)> {
    let mut ranked: Vec<(&Offer, CardValue)> = offers
        .into_iter()
        .filter(|o| o.product_type == ProductType::CreditCard)
        .map(|o| (o, card_value(o, assumptions)))
        .collect();
    ranked.sort_by(|(a, av), (b, bv)| {
        match (av.value, bv.value) {
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }
        .then_with(|| a.identity.name.as_str().cmp(b.identity.name.as_str()))
        .then_with(|| a.identity.id.as_str().cmp(b.identity.id.as_str()))
    });
    ranked
}
