//! Every number, label and token the display rules use, in one place.
//!
//! Implements the constants of site-core §5 ("Display formats", "Missing values",
//! MIN_TO_OPEN) and site-core §9 (truncation breakpoint, word limits, editor note
//! break widths), plus community §9 (phone: 10 digits). Values the specs leave open
//! are marked "choice" and explained where they are used.

/// Thousands separator for every grouped number (choice: US format, site-core §5
/// "moneyformat (thousands and decimal separators …)").
pub const THOUSANDS_SEPARATOR: char = ',';

/// Decimal separator for every number (choice: US format, site-core §5).
pub const DECIMAL_SEPARATOR: char = '.';

/// Currency symbol written before an amount when the symbol is asked for (choice: the
/// site lists US products, so amounts are US dollars).
pub const CURRENCY_SYMBOL: &str = "$";

/// Minus sign written before a negative number, before the currency symbol
/// (`-$5.00`) (choice).
pub const MINUS_SIGN: &str = "-";

/// The most decimals a [`rust_decimal::Decimal`] can hold; larger requests are
/// clamped to it.
pub const MAX_DECIMALS: u32 = 28;

/// Decimals of a money amount unless the caller asks otherwise (choice: cents).
pub const MONEY_DECIMALS: u32 = 2;

/// "MIN_TO_OPEN is shown as a number with 2 decimals" (site-core §5).
pub const MIN_TO_OPEN_DECIMALS: u32 = 2;

/// Decimals of every rate, APR and APY (choice: two, as Regulation DD requires for
/// APY and as card APRs are quoted, e.g. `19.99%`).
pub const PERCENT_DECIMALS: u32 = 2;

/// Sign written after a rate (`4.35%`).
pub const PERCENT_SIGN: char = '%';

/// "phoneformat (ten digits as (###) ###-####)" (site-core §5); "Phone: 10 digits"
/// (community §9).
pub const PHONE_DIGITS: usize = 10;

/// Characters a phone number may carry besides its digits; they are ignored
/// (choice: space, `-`, `.`, `(` and `)`, the separators people type).
pub const PHONE_SEPARATORS: [char; 5] = [' ', '-', '.', '(', ')'];

/// formatnr suffix for thousands: "abbreviates with k, m, g suffixes" (site-core §5).
pub const THOUSANDS_SUFFIX: &str = "k";

/// formatnr suffix for millions (site-core §5).
pub const MILLIONS_SUFFIX: &str = "m";

/// formatnr suffix for billions (site-core §5); the largest suffix, so a thousand
/// billions and more stay in `g` (`1,000g`).
pub const BILLIONS_SUFFIX: &str = "g";

/// Decimals an abbreviated number keeps at most; a trailing `.0` is dropped
/// (choice: `1.5k`, `1k`, `12.3k`).
pub const ABBREVIATED_DECIMALS: u32 = 1;

/// Placeholder replaced by the year of the placeholder date (choice: the spec names
/// no token).
pub const YEAR_PLACEHOLDER: &str = "{year}";

/// Placeholder replaced by the English long month name of the placeholder date
/// (choice: the spec names no token).
pub const MONTH_PLACEHOLDER: &str = "{month}";

/// "a date shifted 14 days ahead once the day of month is 26 or later" (site-core
/// §5): the first day of the month that shifts.
pub const DATE_SHIFT_FROM_DAY: u32 = 26;

/// "a date shifted 14 days ahead" (site-core §5): the number of days.
pub const DATE_SHIFT_DAYS: u64 = 14;

/// "Truncation breakpoint 768 px" (site-core §9): at this width or narrower a
/// truncated text block starts collapsed.
pub const TRUNCATION_BREAKPOINT_PX: u32 = 768;

/// "Word limits by viewport width: under 416 gives 35, 541 gives 50, 769 gives 70,
/// 1282 gives 90, 1901 gives 100, 2048 gives 150" (site-core §9), as
/// `(width the viewport is under, word limit)`, narrowest first.
pub const WORD_LIMITS: [(u32, usize); 6] = [
    (416, 35),
    (541, 50),
    (769, 70),
    (1282, 90),
    (1901, 100),
    (2048, 150),
];

/// Word limit at 2048 px and wider, where the spec's table ends (choice: the
/// widest limit carries on).
pub const WIDEST_WORD_LIMIT: usize = 150;

/// "Editor note break widths 768:50, 2048:500" (site-core §9), as
/// `(widest viewport in px, character limit)`, narrowest first.
pub const EDITOR_NOTE_LIMITS: [(u32, usize); 2] = [(768, 50), (2048, 500)];

/// Editor note character limit wider than 2048 px, where the spec's list ends
/// (choice: the widest limit carries on).
pub const WIDEST_EDITOR_NOTE_LIMIT: usize = 500;

/// Label of a missing value that the product should have but the data lacks
/// ("Missing values show N/A or None", site-core §5).
pub const NOT_AVAILABLE: &str = "N/A";

/// Label of a missing value whose absence means the product has none of it
/// ("Missing values show N/A or None", site-core §5).
pub const NONE: &str = "None";
