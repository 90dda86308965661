//! One typed model for every offer of the catalogue: credit cards, deposit accounts, prepaid
//! cards, loans and institutions (site-core §3 "Card offer"; community §3 "Card", §9 "Card
//! rate table entries").
//!
//! # Reading raw offers
//!
//! [`Offer::from_json`] reads the raw, spec-shaped JSON the catalogue holds. The rules:
//!
//! - **Field names** are matched without regard to case, so `ANNUAL_FEE`, `annual_fee` and
//!   `Annual_Fee` are one field; some fields have aliases (`ISSUER` or `inst_name`, `BT_FEE`
//!   or `BALANCE_TRANSFER_FEE`). Every field's names are listed in its doc and in the group's
//!   `RAW_FIELDS`. When several spellings are present, the all-upper-case one wins, then the
//!   all-lower-case one. Unknown fields are ignored.
//! - **Missing values**: `null`, `""` and blank strings are missing. Text is trimmed.
//! - **Y/N flags** are booleans: `Y`/`yes`/`true`/`1` and `N`/`no`/`false`/`0` in any case,
//!   JSON `true`/`false`, or the numbers 1 and 0. Missing is false ([`parse_flag`]).
//! - **Numbers** may be JSON numbers or strings, with `$`, `%` and thousands separators.
//!   Money and rate fields are an [`Amount`]: a number when plain, otherwise the text as
//!   written. Ratings are a [`ratings::Rating`] (0 to 5): their text is read like every
//!   numeric field, then placed on the scale by [`Rating::new`], so `4.50` is the rating
//!   `4.5` (ratings are kept normalised). `REVIEWS` is a whole number of votes.
//! - **`AFFILIATE_INFLUENCE_SCOPE`** is an [`AffiliateScope`]: `O` or `I` in any case
//!   ([`AffiliateScope::from_field`]).
//! - **Lists**: `EDITORS_PROS` and `EDITORS_CONS` split on `|`, `DESCRIPTION` and
//!   `REWARD_DETAILS` on `__` ([`crate::text_lists`]); `TAGS`, `WH_RATINGS_NEEDS` and
//!   `ELIGIBLE_NEEDS` on `,` ([`LIST_SEPARATOR`]; the spec does not say how they are
//!   written). A JSON list of texts is accepted for every list field.
//! - **`RATE_INFO_STR`** is a [`RateTiers`]; a missing one is an empty table.
//! - **Product type**: from the type code in `TYPE` (or `PRODUCT_TYPE`) and the `PDT_TYPE`
//!   name, by [`ProductType::resolve`]; neither means a credit card. The spec names the codes
//!   but not the field that holds them; `TYPE` is our choice.
//! - **Required**: only `ID` and `NAME`. Everything else may be missing.
//! - **Errors** name the field by its canonical spelling (the first name in its doc) and say
//!   what is wrong ([`OfferError`]). Text in a field where a number is expected is never an
//!   error for an [`Amount`], which keeps it; it is for a rating or a vote count.
//!
//! # Writing
//!
//! Serialising an [`Offer`] gives its *normal form*: camelCase, grouped as the struct is,
//! every field always present (`null` when missing), decimals as strings. Deserialising reads
//! the raw form, or the normal form when the object has an `identity` object, so an offer
//! survives a serde round trip. [`Offer::to_raw_json`] writes the raw upper-case form back.

mod raw;
mod values;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use ratings::{Rating, RatingError};

use crate::{
    credit::CreditLabel,
    links::{AffiliateScope, UnknownAffiliateScope},
    product_type::{ProductType, ProductTypeError},
    rate_tiers::{RateInfoError, RateTiers},
    text_lists::{ListSourceError, ProsCons},
};
use raw::{RawOffer, codec};

pub use values::{
    Amount, FLAG_NO, FLAG_YES, FlagError, IdentityError, OfferId, OfferName, parse_flag,
};

/// Separator of the `TAGS`, `WH_RATINGS_NEEDS` and `ELIGIBLE_NEEDS` lists when they arrive as
/// text. The spec calls them lists without saying how they are written; this is our choice.
pub const LIST_SEPARATOR: char = ',';

/// Raw names of the product type code, in order of preference. The spec gives the codes
/// (`prsn`, `inst`, `chkg`, `ppd`, `svg`, `none`) but not their field; this is our choice.
pub const TYPE_CODE_FIELDS: [&str; 2] = ["TYPE", "PRODUCT_TYPE"];

/// Raw name of the product type name ("Savings", "Money Market", "CD", ...).
pub const PDT_TYPE_FIELD: &str = "PDT_TYPE";

/// Why a raw offer could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OfferError {
    /// The JSON value is not an object.
    #[error("an offer must be a JSON object, found {found}")]
    NotAnObject {
        /// What was found instead ("a list", "text", ...).
        found: &'static str,
    },
    /// A required field (`ID` or `NAME`) is missing or blank.
    #[error("missing required field {field}")]
    MissingField {
        /// The field's canonical name.
        field: &'static str,
    },
    /// A field holds a value that cannot be read.
    #[error("invalid {field}: {problem}")]
    InvalidField {
        /// The field's canonical name.
        field: &'static str,
        /// What is wrong with it.
        problem: FieldError,
    },
}

impl OfferError {
    /// The canonical name of the field at fault, if the error is about one field.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::NotAnObject { .. } => None,
            Self::MissingField { field } | Self::InvalidField { field, .. } => Some(field),
        }
    }
}

/// What is wrong with one field of a raw offer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// The JSON value has the wrong type (a list where text was expected, ...).
    #[error("expected {expected}, found {found}")]
    WrongJsonType {
        /// What the field takes.
        expected: &'static str,
        /// What it holds.
        found: &'static str,
    },
    /// The vote count is not a whole number, zero or more.
    #[error("\"{value}\" is not a whole number of votes")]
    NotACount {
        /// The value as written (trimmed).
        value: String,
    },
    /// A date is not written `YYYY-MM-DD`.
    #[error("\"{value}\" is not a date written YYYY-MM-DD")]
    NotADate {
        /// The value as written (trimmed).
        value: String,
    },
    /// A Y/N flag is neither.
    #[error(transparent)]
    Flag(#[from] FlagError),
    /// A rating is not a number from 0 to 5 (the ratings crate's error).
    #[error(transparent)]
    Rating(#[from] RatingError),
    /// The product type is unknown, or its code and name disagree.
    #[error(transparent)]
    ProductType(#[from] ProductTypeError),
    /// The pros and cons source is neither SYSTEM nor CUSTOM.
    #[error(transparent)]
    ListSource(#[from] ListSourceError),
    /// `RATE_INFO_STR` is malformed.
    #[error(transparent)]
    RateInfo(#[from] RateInfoError),
    /// `AFFILIATE_INFLUENCE_SCOPE` is neither `O` nor `I`.
    #[error(transparent)]
    Scope(#[from] UnknownAffiliateScope),
}

/// Declares a group of offer fields from one table: the struct, its raw reader and writer,
/// and its `RAW_FIELDS`. Each field names its codec (how it is read and written) and its raw
/// names, the canonical spelling first.
macro_rules! offer_group {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field:ident : $ty:ty => $codec:ident [$($key:literal),+ $(,)?]
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$field_meta])*
                #[doc = ""]
                #[doc = concat!("Raw names (any case):", $(" `", $key, "`"),+, ".")]
                pub $field: $ty,
            )*
        }

        impl $name {
            /// Every raw field name this group reads, canonical spellings and aliases.
            pub const RAW_FIELDS: &'static [&'static str] = &[$($($key),+),*];

            fn read(raw: &RawOffer<'_>) -> Result<Self, OfferError> {
                Ok(Self {
                    $( $field: codec::$codec::read(raw, &[$($key),+])?, )*
                })
            }

            fn write(&self, out: &mut Map<String, Value>) {
                $( codec::$codec::write(&self.$field, &[$($key),+], out); )*
            }
        }
    };
}

offer_group! {
    /// Who and what the offer is (site-core §3 "Identity").
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Identity {
        /// The offer's id. Required.
        id: OfferId => offer_id ["ID"],
        /// Product id.
        pid: Option<String> => text ["PID"],
        /// Full product id.
        pid_full: Option<String> => text ["PID_FULL"],
        /// Id used by the redirect link.
        redir_pid: Option<String> => text ["redirPid"],
        /// Unique id.
        uid: Option<String> => text ["UID"],
        /// The offer's name. Required.
        name: OfferName => offer_name ["NAME"],
        /// Short name.
        short_name: Option<String> => text ["SHORT_NAME"],
        /// Heading of the card.
        card_heading: Option<String> => text ["CARD_HEADING"],
        /// Image file name.
        image_name: Option<String> => text ["IMAGE_NAME"],
        /// Issuer or institution name.
        issuer: Option<String> => text ["ISSUER", "INST_NAME"],
        /// Card network.
        network: Option<String> => text ["NETWORK"],
        /// Card type (secured, prepaid, charge card).
        card_type: Option<String> => text ["CARD_TYPE"],
        /// Name of the details page (site-core §2: `/d/` is added when missing).
        details_html_page: Option<String> => text ["DETAILS_HTML_PAGE"],
    }
}

impl Identity {
    /// An identity with only the required id and name.
    pub fn new(id: OfferId, name: OfferName) -> Self {
        Self {
            id,
            pid: None,
            pid_full: None,
            redir_pid: None,
            uid: None,
            name,
            short_name: None,
            card_heading: None,
            image_name: None,
            issuer: None,
            network: None,
            card_type: None,
            details_html_page: None,
        }
    }
}

offer_group! {
    /// Ratings and reviews (site-core §3 "Ratings"). Every rating is 0 to 5.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Ratings {
        /// Overall rating.
        rating: Option<Rating> => rating ["RATING"],
        /// Number of user reviews (votes). The server sets it from the site's member votes.
        reviews: Option<u64> => count ["REVIEWS"],
        /// The mean of the site's member votes, set by the server from the votes (the
        /// catalogue data carries none).
        member_rating: Option<Rating> => rating ["MEMBER_RATING"],
        /// The site's own rating. The spec does not show its shape; we read one number.
        wh_rating: Option<Rating> => rating ["WH_RATINGS"],
        /// Editor rating.
        editors_rating: Option<Rating> => rating ["EDITORS_RATING"],
        /// Custom editor rating.
        custom_rating: Option<Rating> => rating ["CUSTOM_RATING"],
        /// Source of the editor rating ("Custom" or other), as written.
        editors_rating_source: Option<String> => text ["EDITORS_RATING_SOURCE"],
        /// Address of the editorial review.
        editors_review_url: Option<String> => text ["EDITORS_REVIEW_URL"],
        /// Disclaimer.
        disclaimer: Option<String> => text ["DISCLAIMER"],
    }
}

offer_group! {
    /// Editor commentary: pros and cons, description, notes (site-core §3 "Ratings", "Pros
    /// and cons").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Editorial {
        /// Pros and cons with their source. Names: source, pros (split on `|`), cons (split
        /// on `|`); a missing source is SYSTEM.
        pros_cons: ProsCons => pros_cons ["PROS_CONS_SOURCE", "EDITORS_PROS", "EDITORS_CONS"],
        /// Description, split on `__`.
        description: Vec<String> => double_underscore_list ["DESCRIPTION"],
        /// Editor notes.
        editors_notes: Option<String> => text ["EDITORS_NOTES"],
        /// Editor review snippet.
        editors_review_snippet: Option<String> => text ["EDITORS_REVIEW_SNIPPET"],
        /// Comment shown collapsed.
        collapse_comment: Option<String> => text ["COLLAPSE_COMMENT"],
    }
}

offer_group! {
    /// Rewards (site-core §3 "Rewards").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Rewards {
        /// Whether the product earns rewards (Y/N).
        has_rewards: bool => flag ["REWARDS"],
        /// Earn rate.
        earn_rate: Option<Amount> => amount ["REWARDS_EARN_RATE"],
        /// Earn rate with links (HTML).
        earn_rate_hyperlinked: Option<String> => text ["REWARDS_EARN_RATE_HYPERLINKED"],
        /// Tooltip of the earn rate.
        earn_rate_tooltip: Option<String> => text ["REWARDS_EARN_RATE_TOOLTIP"],
        /// Base rate.
        base_rate: Option<Amount> => amount ["REWARDS_BASE_RATE"],
        /// Maximum rate.
        max_rate: Option<Amount> => amount ["REWARDS_MAX_RATE"],
        /// Initial (sign-up) bonus.
        initial_bonus: Option<Amount> => amount ["REWARDS_INITIAL_BONUS"],
        /// Tooltip of the initial bonus.
        initial_bonus_tooltip: Option<String> => text ["REWARDS_INITIAL_BONUS_TOOLTIP"],
        /// How rewards are redeemed.
        redeem_type: Option<String> => text ["REWARDS_REDEEM_TYPE"],
        /// Cap on rewards.
        cap: Option<Amount> => amount ["REWARDS_CAP"],
        /// Reward details, split on `__`.
        details: Vec<String> => double_underscore_list ["REWARD_DETAILS"],
    }
}

offer_group! {
    /// Fees (site-core §3 "Fees and rates").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Fees {
        /// Annual fee.
        annual_fee: Option<Amount> => amount ["ANNUAL_FEE"],
        /// Monthly fee.
        monthly_fee: Option<Amount> => amount ["MONTHLY_FEE"],
        /// One-time setup fees.
        one_time_setup_fees: Option<Amount> => amount ["ONE_TIME_SETUP_FEES"],
        /// Activation fee.
        activation_fee: Option<Amount> => amount ["ACTIVATION_FEE"],
        /// Foreign transaction fee.
        foreign_transaction_fee: Option<Amount> => amount ["FOREIGN_TRANSACTION_FEE"],
        /// Balance transfer fee.
        balance_transfer_fee: Option<Amount> => amount ["BT_FEE", "BALANCE_TRANSFER_FEE"],
        /// Cash advance fee.
        cash_advance_fee: Option<Amount> => amount ["CASH_ADVANCE_FEE"],
        /// Late fee.
        late_fee: Option<Amount> => amount ["LATE_FEE"],
        /// Minimum security deposit.
        min_security_deposit: Option<Amount> => amount ["MIN_SECURITY_DEPOSIT"],
    }
}

offer_group! {
    /// A card's APRs and intro periods (site-core §3 "Fees and rates"; community §3).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Rates {
        /// Regular purchase APR.
        regular_purchase_apr: Option<Amount> => amount ["REGULAR_PURCHASE_APR"],
        /// Whether there is an intro purchase APR (Y/N).
        offers_purchase_intro_apr: bool => flag ["OFFERS_PURCHASE_INTRO_APR"],
        /// Intro purchase APR.
        purchase_intro_apr: Option<Amount> => amount ["PURCHASE_INTRO_APR"],
        /// Period of the intro purchase APR.
        purchase_intro_apr_period: Option<Amount> => amount ["PURCHASE_INTRO_APR_PERIOD"],
        /// Intro purchase APR and period as one text.
        purchase_intro_apr_combo: Option<String> => text ["PURCHASE_INTRO_APR_COMBO"],
        /// Whether there is an intro balance transfer APR (Y/N).
        offers_bt_intro_apr: bool => flag ["OFFERS_BT_INTRO_APR"],
        /// Intro balance transfer APR.
        bt_intro_apr: Option<Amount> => amount ["BT_INTRO_APR"],
        /// Period of the intro balance transfer APR.
        bt_intro_apr_period: Option<Amount> => amount ["BT_INTRO_APR_PERIOD"],
        /// Intro balance transfer APR and period as one text.
        bt_intro_apr_combo: Option<String> => text ["BT_INTRO_APR_COMBO"],
        /// Cash advance APR.
        cash_apr: Option<Amount> => amount ["CASH_APR"],
        /// Grace period.
        grace_period: Option<Amount> => amount ["GRACE_PERIOD"],
        /// Market median purchase APR of the card's targeted credit tier(s), from a market
        /// survey (the CFPB TCCP), so a visitor can compare the card's APR with the market.
        /// Not in the spec; our addition.
        market_median_apr: Option<Amount> => amount ["MARKET_MEDIAN_APR"],
        /// The credit tier(s) [`Rates::market_median_apr`] is the median of, as written
        /// ("620-719", ...).
        market_median_apr_tier: Option<String> => text ["MARKET_MEDIAN_APR_TIER"],
        /// Purchase APR the survey reports for applicants with no credit score. Our
        /// addition, like the three below (the card-value estimate reads them).
        apr_no_score: Option<Amount> => amount ["APR_NO_SCORE"],
        /// Purchase APR the survey reports for scores of 619 or less.
        apr_poor: Option<Amount> => amount ["APR_POOR"],
        /// Purchase APR the survey reports for scores of 620 to 719.
        apr_good: Option<Amount> => amount ["APR_GOOD"],
        /// Purchase APR the survey reports for scores of 720 or more.
        apr_great: Option<Amount> => amount ["APR_GREAT"],
    }
}

offer_group! {
    /// Who can get the offer (site-core §3 "Eligibility").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Eligibility {
        /// Minimum credit needed.
        min_credit_required: Option<CreditLabel> => credit_label ["MIN_CREDIT_REQUIRED"],
        /// Minimum credit needed, last value.
        min_credit_required_last: Option<CreditLabel> => credit_label ["MIN_CREDIT_REQUIRED_LAST"],
        /// Instant approval (Y/N).
        instant_approval: bool => flag ["INSTANT_APPROVAL"],
        /// Pick type (secured, unsecured, limited-college, ...), as written.
        pick_type: Option<String> => text ["PICK_TYPE"],
        /// Approval odds text (site-core §5 maps it to a class).
        approval_odds: Option<String> => text ["ApprovalOdds", "APPROVAL_ODDS"],
    }
}

offer_group! {
    /// Flags and links (site-core §3 "Flags and links", §4 "Card link visibility", "Apply
    /// link"; community §3).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Links {
        /// Sponsored (Y/N).
        sponsored: bool => flag ["SPONSORED"],
        /// The offer has an affiliate link (Y/N).
        affiliate: bool => flag ["WH_AFFILIATE_LINK"],
        /// Discontinued (Y/N).
        discontinued: bool => flag ["DISCONTINUED"],
        /// Pre-qualification is offered (Y/N).
        prequal: bool => flag ["PREQUAL"],
        /// Pre-qualification link.
        prequal_link: Option<String> => text ["PREQUAL_LINK"],
        /// Call-to-action button type (`learnMore`).
        cta_button_type: Option<String> => text ["CTA_BUTTON_TYPE"],
        /// Tracking address of the apply link.
        tracking_url: Option<String> => text ["TRACKING_URL"],
        /// Applying is manual: no apply link when there is a tracking address (Y/N).
        manual_apply: bool => flag ["MANUAL_APPLY"],
        /// Rates and fees address.
        rates_fees_url: Option<String> => text ["RATES_FEES_URL"],
        /// Show the rates and fees link (Y/N).
        show_rates_fees: bool => flag ["SHOW_RATES_FEES"],
        /// Show "terms apply" (Y/N).
        show_terms_apply: bool => flag ["SHOW_TERMS_APPLY"],
        /// Monitoring address.
        monitoring_url: Option<String> => text ["MONITORING_URL"],
        /// Critical setting or message, as written.
        critical: Option<String> => text ["CRITICAL"],
        /// Critical message for signed-in visitors.
        critical_logged_in: Option<String> => text ["CRITICAL_LOGGED_IN"],
        /// Critical message for signed-out visitors.
        critical_logged_out: Option<String> => text ["CRITICAL_LOGGED_OUT"],
        /// Which visitors the affiliate link applies to (`O` or `I`).
        affiliate_influence_scope: Option<AffiliateScope> => scope ["AFFILIATE_INFLUENCE_SCOPE"],
    }
}

offer_group! {
    /// Deposit-account fields and the rate table (site-core §3 "Other-product fields",
    /// "RATE_INFO_STR").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Banking {
        /// Annual percentage yield.
        apy: Option<Amount> => amount ["APY"],
        /// Sign-up bonus.
        signup_bonus: Option<Amount> => amount ["SIGNUP_BONUS"],
        /// Minimum deposit to open (shown with 2 decimals, site-core §5).
        min_to_open: Option<Amount> => amount ["MIN_TO_OPEN"],
        /// Account fee.
        account_fee: Option<Amount> => amount ["ACCOUNT_FEE"],
        /// Signature transaction fee.
        signature_tx_fee: Option<Amount> => amount ["SIGNATURE_TX_FEE"],
        /// ATM transaction fee.
        atm_tx_fee: Option<Amount> => amount ["ATM_TX_FEE"],
        /// Term: a CD's term, or a loan's shortest term.
        term: Option<Amount> => amount ["TERM"],
        /// Balance tiers with their rate and APY; empty when missing.
        rate_tiers: RateTiers => rate_tiers ["RATE_INFO_STR"],
        /// The APY over time where a source tracked it: `YYYY-MM-DD:APY` points, oldest
        /// first, split on `,` (read by `catalogue::figures::apy_history`). Our addition.
        apy_history: Vec<String> => comma_list ["APY_HISTORY"],
    }
}

offer_group! {
    /// Loan fields (site-core §3 "Other-product fields"; community §3 `LOAN_PURPOSE`,
    /// `SUB_TYPE`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Loan {
        /// APR.
        apr: Option<Amount> => amount ["APR"],
        /// More about the APR.
        apr_additional_info: Option<String> => text ["APR_ADDITIONAL_INFO"],
        /// Origination fee.
        orig_fee: Option<Amount> => amount ["ORIG_FEE"],
        /// Longest term.
        max_term: Option<Amount> => amount ["MAX_TERM"],
        /// Loan purpose (New Car, Used Car, Refinance), as written.
        loan_purpose: Option<String> => text ["LOAN_PURPOSE"],
        /// Sub-type (P or R for mortgages), as written.
        sub_type: Option<String> => text ["SUB_TYPE"],
    }
}

offer_group! {
    /// Promotional copy (community §3 `SPECIAL_FEATURE_*`, `PROMOTIONAL_HEADLINE`,
    /// `MAIN_MARKETING_BULLET`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Promotion {
        /// Special feature type (Custom, Use Card Promotional Data), as written.
        special_feature_type: Option<String> => text ["SPECIAL_FEATURE_TYPE"],
        /// Special feature headline.
        special_feature_headline: Option<String> => text ["SPECIAL_FEATURE_HEADLINE"],
        /// Special feature.
        special_feature: Option<String> => text ["SPECIAL_FEATURE"],
        /// Promotional headline.
        promotional_headline: Option<String> => text ["PROMOTIONAL_HEADLINE"],
        /// Main marketing bullet.
        main_marketing_bullet: Option<String> => text ["MAIN_MARKETING_BULLET"],
    }
}

offer_group! {
    /// Content-teaser and other listing fields (site-core §3 "Other-product fields").
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Content {
        /// Tags, split on `,`.
        tags: Vec<String> => comma_list ["TAGS"],
        /// First additional information.
        additional_info_1: Option<String> => text ["ADDITIONAL_INFO_1"],
        /// Second additional information.
        additional_info_2: Option<String> => text ["ADDITIONAL_INFO_2"],
        /// Address of the content a teaser links to.
        content_url: Option<String> => text ["CONTENT_URL"],
        /// Category of a content teaser.
        category: Option<String> => text ["CATEGORY"],
        /// Comment of a content teaser or comment block.
        comment: Option<String> => text ["COMMENT"],
    }
}

offer_group! {
    /// Needs the offer is rated for or eligible for (site-core §3 "Needs and labels"). Needs
    /// are kept as their keys; [`crate::needs`] maps keys to labels.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Needs {
        /// Need keys the offer is rated for, split on `,`.
        rated_needs: Vec<String> => comma_list ["WH_RATINGS_NEEDS"],
        /// Ratings information text, as written.
        ratings_info: Option<String> => text ["WH_RATINGS_INFO_STR"],
        /// Need keys the offer is eligible for, split on `,`.
        eligible_needs: Vec<String> => comma_list ["ELIGIBLE_NEEDS"],
    }
}

offer_group! {
    /// Where the offer's figures came from (not in the spec; our addition for catalogue
    /// data built from public sources).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", default)]
    pub struct Provenance {
        /// Name of the dataset the figures came from.
        source: Option<String> => text ["SOURCE"],
        /// Address of the dataset or of its publisher's page.
        source_url: Option<String> => text ["SOURCE_URL"],
        /// Date the source's figures are as of, written `YYYY-MM-DD`.
        source_as_of: Option<chrono::NaiveDate> => date ["SOURCE_AS_OF"],
        /// The offer is illustrative: generated, not a real product's terms (Y/N).
        illustrative: bool => flag ["ILLUSTRATIVE"],
        /// Raw names of the fields whose text is editorial (written by us, not taken from
        /// the source), split on `,`.
        editorial_fields: Vec<String> => comma_list ["EDITORIAL_FIELDS"],
    }
}

/// One offer of any product type, grouped into small parts. See the [module docs](self)
/// for how raw JSON is read.
///
/// ```
/// use offer_model::{offer::{Amount, Offer}, product_type::ProductType};
/// use rust_decimal::Decimal;
/// use serde_json::json;
///
/// let offer = Offer::from_json(&json!({
///     "ID": 42,
///     "NAME": "Everyday Cash Card",
///     "annual_fee": "$0",
///     "REGULAR_PURCHASE_APR": "$0 intro, then 19.99%",
///     "WH_AFFILIATE_LINK": "Y",
///     "EDITORS_PROS": "No annual fee|2% cash back",
/// }))?;
/// assert_eq!(offer.product_type, ProductType::CreditCard);
/// assert_eq!(offer.identity.id.as_str(), "42");
/// assert_eq!(offer.fees.annual_fee, Some(Amount::Dollars(Decimal::ZERO)));
/// assert_eq!(offer.rates.regular_purchase_apr.as_ref().and_then(Amount::text), Some("$0 intro, then 19.99%"));
/// assert!(offer.links.affiliate);
/// assert_eq!(offer.editorial.pros_cons.pros(), ["No annual fee", "2% cash back"]);
/// # Ok::<(), offer_model::offer::OfferError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// What kind of product this is.
    pub product_type: ProductType,
    /// Id, name, issuer, images.
    pub identity: Identity,
    /// Ratings and reviews.
    pub ratings: Ratings,
    /// Pros, cons, description and editor notes.
    pub editorial: Editorial,
    /// Rewards.
    pub rewards: Rewards,
    /// Fees.
    pub fees: Fees,
    /// APRs and intro periods.
    pub rates: Rates,
    /// Eligibility.
    pub eligibility: Eligibility,
    /// Flags and links.
    pub links: Links,
    /// Deposit-account fields and the rate table.
    pub banking: Banking,
    /// Loan fields.
    pub loan: Loan,
    /// Promotional copy.
    pub promotion: Promotion,
    /// Content-teaser fields.
    pub content: Content,
    /// Needs.
    pub needs: Needs,
    /// Where the offer's figures came from.
    pub provenance: Provenance,
}

/// The normal form of [`Offer`], for deserialising what [`Offer`] serialises.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NormalOffer {
    product_type: ProductType,
    identity: Identity,
    #[serde(default)]
    ratings: Ratings,
    #[serde(default)]
    editorial: Editorial,
    #[serde(default)]
    rewards: Rewards,
    #[serde(default)]
    fees: Fees,
    #[serde(default)]
    rates: Rates,
    #[serde(default)]
    eligibility: Eligibility,
    #[serde(default)]
    links: Links,
    #[serde(default)]
    banking: Banking,
    #[serde(default)]
    loan: Loan,
    #[serde(default)]
    promotion: Promotion,
    #[serde(default)]
    content: Content,
    #[serde(default)]
    needs: Needs,
    #[serde(default)]
    provenance: Provenance,
}

impl From<NormalOffer> for Offer {
    fn from(normal: NormalOffer) -> Self {
        Self {
            product_type: normal.product_type,
            identity: normal.identity,
            ratings: normal.ratings,
            editorial: normal.editorial,
            rewards: normal.rewards,
            fees: normal.fees,
            rates: normal.rates,
            eligibility: normal.eligibility,
            links: normal.links,
            banking: normal.banking,
            loan: normal.loan,
            promotion: normal.promotion,
            content: normal.content,
            needs: normal.needs,
            provenance: normal.provenance,
        }
    }
}

impl Offer {
    /// An offer with only its type, id and name; every other field missing or false.
    pub fn new(product_type: ProductType, id: OfferId, name: OfferName) -> Self {
        Self {
            product_type,
            identity: Identity::new(id, name),
            ratings: Ratings::default(),
            editorial: Editorial::default(),
            rewards: Rewards::default(),
            fees: Fees::default(),
            rates: Rates::default(),
            eligibility: Eligibility::default(),
            links: Links::default(),
            banking: Banking::default(),
            loan: Loan::default(),
            promotion: Promotion::default(),
            content: Content::default(),
            needs: Needs::default(),
            provenance: Provenance::default(),
        }
    }

    /// Reads a raw, spec-shaped offer by the rules in the [module docs](self). Never panics.
    pub fn from_json(value: &Value) -> Result<Self, OfferError> {
        let Value::Object(object) = value else {
            return Err(OfferError::NotAnObject {
                found: raw::json_kind(value),
            });
        };
        let raw = RawOffer::new(object);
        Ok(Self {
            product_type: read_product_type(&raw)?,
            identity: Identity::read(&raw)?,
            ratings: Ratings::read(&raw)?,
            editorial: Editorial::read(&raw)?,
            rewards: Rewards::read(&raw)?,
            fees: Fees::read(&raw)?,
            rates: Rates::read(&raw)?,
            eligibility: Eligibility::read(&raw)?,
            links: Links::read(&raw)?,
            banking: Banking::read(&raw)?,
            loan: Loan::read(&raw)?,
            promotion: Promotion::read(&raw)?,
            content: Content::read(&raw)?,
            needs: Needs::read(&raw)?,
            provenance: Provenance::read(&raw)?,
        })
    }

    /// Writes the offer in the raw form with upper-case field names (flags as `Y`/`N`, lists
    /// joined by their separators, amounts as written), which [`Offer::from_json`] reads back
    /// to an equal offer. Missing values are left out.
    pub fn to_raw_json(&self) -> Value {
        let mut out = Map::new();
        if let Some(code) = self.product_type.code() {
            out.insert(TYPE_FIELD.to_owned(), Value::String(code.to_owned()));
        }
        if let Some(name) = self.product_type.pdt_type() {
            out.insert(PDT_TYPE_FIELD.to_owned(), Value::String(name.to_owned()));
        }
        self.identity.write(&mut out);
        self.ratings.write(&mut out);
        self.editorial.write(&mut out);
        self.rewards.write(&mut out);
        self.fees.write(&mut out);
        self.rates.write(&mut out);
        self.eligibility.write(&mut out);
        self.links.write(&mut out);
        self.banking.write(&mut out);
        self.loan.write(&mut out);
        self.promotion.write(&mut out);
        self.content.write(&mut out);
        self.needs.write(&mut out);
        self.provenance.write(&mut out);
        Value::Object(out)
    }

    /// Every raw field name an offer reads (canonical spellings and aliases), for callers
    /// that store or validate raw offers.
    pub fn raw_fields() -> impl Iterator<Item = &'static str> {
        TYPE_CODE_FIELDS
            .into_iter()
            .chain([PDT_TYPE_FIELD])
            .chain(Identity::RAW_FIELDS.iter().copied())
            .chain(Ratings::RAW_FIELDS.iter().copied())
            .chain(Editorial::RAW_FIELDS.iter().copied())
            .chain(Rewards::RAW_FIELDS.iter().copied())
            .chain(Fees::RAW_FIELDS.iter().copied())
            .chain(Rates::RAW_FIELDS.iter().copied())
            .chain(Eligibility::RAW_FIELDS.iter().copied())
            .chain(Links::RAW_FIELDS.iter().copied())
            .chain(Banking::RAW_FIELDS.iter().copied())
            .chain(Loan::RAW_FIELDS.iter().copied())
            .chain(Promotion::RAW_FIELDS.iter().copied())
            .chain(Content::RAW_FIELDS.iter().copied())
            .chain(Needs::RAW_FIELDS.iter().copied())
            .chain(Provenance::RAW_FIELDS.iter().copied())
    }
}

/// The canonical type-code field, written by [`Offer::to_raw_json`].
const TYPE_FIELD: &str = TYPE_CODE_FIELDS[0];

fn read_product_type(raw: &RawOffer<'_>) -> Result<ProductType, OfferError> {
    let code = raw.text(&TYPE_CODE_FIELDS)?;
    let name = raw.text(&[PDT_TYPE_FIELD])?;
    ProductType::resolve(code.as_deref(), name.as_deref()).map_err(|problem| {
        let field = match (&problem, &code) {
            (ProductTypeError::Conflict { .. }, _) | (_, None) => PDT_TYPE_FIELD,
            (_, Some(code)) if ProductType::parse(code).is_err() => TYPE_FIELD,
            _ => PDT_TYPE_FIELD,
        };
        OfferError::InvalidField {
            field,
            problem: problem.into(),
        }
    })
}

impl TryFrom<&Value> for Offer {
    type Error = OfferError;

    fn try_from(value: &Value) -> Result<Self, Self::Error> {
        Self::from_json(value)
    }
}

impl TryFrom<Value> for Offer {
    type Error = OfferError;

    fn try_from(value: Value) -> Result<Self, Self::Error> {
        Self::from_json(&value)
    }
}

impl<'de> Deserialize<'de> for Offer {
    /// Reads the raw form ([`Offer::from_json`]), or the normal form that [`Offer`]
    /// serialises when the object has an `identity` object.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let value = Value::deserialize(deserializer)?;
        if value.get("identity").is_some_and(Value::is_object) {
            NormalOffer::deserialize(value)
                .map(Self::from)
                .map_err(D::Error::custom)
        } else {
            Self::from_json(&value).map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests;
