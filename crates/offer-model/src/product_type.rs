//! The kind of product an offer describes (site-core §3 "Product type codes" and
//! "Other-product fields: PDT_TYPE"; community §3 "Card: PDT_TYPE").
//!
//! The spec gives two vocabularies:
//!
//! - **type codes**: `prsn` (personal loan), `inst` (institution), `chkg` (checking),
//!   `ppd` (prepaid), `svg` (savings), and `none`, which means credit card;
//! - **`PDT_TYPE` names**: Savings, Money Market, CD, Checking, Checking Accounts,
//!   Personal Loan, Prepaid Card, Auto Loans, Mortgage.
//!
//! Money market accounts, CDs, auto loans and mortgages have no code of their own. We read a
//! code as a *family* and a `PDT_TYPE` name as a member of it: money market and CD live under
//! `svg` next to savings, auto loans and mortgages live under `prsn` next to personal loans.
//! A code on its own means the product the spec pairs it with (`svg` is savings, `prsn` a
//! personal loan); a name picks the member ([`ProductType::resolve`]).

use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

/// Type code of personal loans, and of the other loans that share the family.
pub const CODE_PERSONAL_LOAN: &str = "prsn";
/// Type code of institutions (banks, credit unions).
pub const CODE_INSTITUTION: &str = "inst";
/// Type code of checking accounts.
pub const CODE_CHECKING: &str = "chkg";
/// Type code of prepaid cards.
pub const CODE_PREPAID: &str = "ppd";
/// Type code of savings accounts, and of money market accounts and CDs.
pub const CODE_SAVINGS: &str = "svg";
/// The code that "means credit card": credit cards have no type code of their own.
pub const CODE_NONE: &str = "none";

/// Every product the specs name, one variant each.
///
/// Serialises as its [`key`](ProductType::key) (`"creditCard"`, `"moneyMarket"`, ...);
/// deserialises from a key, a type code or a `PDT_TYPE` name, like [`ProductType::parse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum ProductType {
    /// A credit card: type code `none` (or no code at all).
    CreditCard,
    /// A checking account: code `chkg`, `PDT_TYPE` "Checking" or "Checking Accounts".
    Checking,
    /// A savings account: code `svg`, `PDT_TYPE` "Savings".
    Savings,
    /// A money market account: `PDT_TYPE` "Money Market", in the `svg` family.
    MoneyMarket,
    /// A certificate of deposit: `PDT_TYPE` "CD", in the `svg` family.
    Cd,
    /// A prepaid card: code `ppd`, `PDT_TYPE` "Prepaid Card".
    Prepaid,
    /// A personal loan: code `prsn`, `PDT_TYPE` "Personal Loan".
    PersonalLoan,
    /// An institution (bank or credit union): code `inst`.
    Institution,
    /// An auto loan: `PDT_TYPE` "Auto Loans", in the `prsn` family.
    AutoLoan,
    /// A mortgage: `PDT_TYPE` "Mortgage", in the `prsn` family.
    Mortgage,
}

/// Why a product type could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductTypeError {
    /// The text was empty or blank.
    #[error("product type is blank")]
    Blank,
    /// The text is neither a type code, a `PDT_TYPE` name nor a product key.
    #[error("unknown product type \"{value}\"")]
    Unknown {
        /// The text as written (trimmed).
        value: String,
    },
    /// The type code and the `PDT_TYPE` name belong to different families.
    #[error("type code \"{code}\" does not match PDT_TYPE \"{name}\"")]
    Conflict {
        /// The type code as written (trimmed).
        code: String,
        /// The `PDT_TYPE` name as written (trimmed).
        name: String,
    },
}

/// Every spelling [`ProductType::parse`] accepts, lower-cased: codes, `PDT_TYPE` names, keys
/// and the obvious singular and plural forms. One table, so the rule lives in one place.
const SPELLINGS: &[(&str, ProductType)] = &[
    // Type codes (site-core §3).
    ("none", ProductType::CreditCard),
    ("prsn", ProductType::PersonalLoan),
    ("inst", ProductType::Institution),
    ("chkg", ProductType::Checking),
    ("ppd", ProductType::Prepaid),
    ("svg", ProductType::Savings),
    // PDT_TYPE names (site-core §3, community §3).
    ("savings", ProductType::Savings),
    ("money market", ProductType::MoneyMarket),
    ("cd", ProductType::Cd),
    ("checking", ProductType::Checking),
    ("checking accounts", ProductType::Checking),
    ("personal loan", ProductType::PersonalLoan),
    ("prepaid card", ProductType::Prepaid),
    ("auto loans", ProductType::AutoLoan),
    ("mortgage", ProductType::Mortgage),
    // Keys (our normal form) and plain labels.
    ("creditcard", ProductType::CreditCard),
    ("credit card", ProductType::CreditCard),
    ("credit cards", ProductType::CreditCard),
    ("moneymarket", ProductType::MoneyMarket),
    ("money market account", ProductType::MoneyMarket),
    ("money market accounts", ProductType::MoneyMarket),
    ("cds", ProductType::Cd),
    ("savings account", ProductType::Savings),
    ("savings accounts", ProductType::Savings),
    ("checking account", ProductType::Checking),
    ("prepaid", ProductType::Prepaid),
    ("prepaid cards", ProductType::Prepaid),
    ("personalloan", ProductType::PersonalLoan),
    ("personal loans", ProductType::PersonalLoan),
    ("institution", ProductType::Institution),
    ("autoloan", ProductType::AutoLoan),
    ("auto loan", ProductType::AutoLoan),
    ("mortgages", ProductType::Mortgage),
];

impl ProductType {
    /// All product types, in declaration order.
    pub const ALL: [ProductType; 10] = [
        ProductType::CreditCard,
        ProductType::Checking,
        ProductType::Savings,
        ProductType::MoneyMarket,
        ProductType::Cd,
        ProductType::Prepaid,
        ProductType::PersonalLoan,
        ProductType::Institution,
        ProductType::AutoLoan,
        ProductType::Mortgage,
    ];

    /// Reads a type code, a `PDT_TYPE` name or a [`key`](Self::key), ignoring case and
    /// surrounding blanks. `none` is a credit card.
    ///
    /// ```
    /// use offer_model::product_type::ProductType;
    ///
    /// assert_eq!(ProductType::parse("svg"), Ok(ProductType::Savings));
    /// assert_eq!(ProductType::parse("Money Market"), Ok(ProductType::MoneyMarket));
    /// assert_eq!(ProductType::parse("none"), Ok(ProductType::CreditCard));
    /// assert_eq!(ProductType::parse("Checking Accounts").map(|t| t.code()), Ok(Some("chkg")));
    /// ```
    pub fn parse(raw: &str) -> Result<Self, ProductTypeError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ProductTypeError::Blank);
        }
        let lower = trimmed.to_lowercase();
        SPELLINGS
            .iter()
            .find(|(spelling, _)| *spelling == lower)
            .map(|(_, product)| *product)
            .ok_or_else(|| ProductTypeError::Unknown {
                value: trimmed.to_owned(),
            })
    }

    /// Works out the product type of an offer from its type code and its `PDT_TYPE` name,
    /// either of which may be missing or blank.
    ///
    /// - A `PDT_TYPE` name, when given, picks the product; a code given beside it must be the
    ///   code of the same family (`svg` with "CD" is a CD; `chkg` with "CD" is a
    ///   [`ProductTypeError::Conflict`]). The code `none` counts as no code.
    /// - A code alone gives the product the spec pairs it with.
    /// - Neither means a credit card ("none means credit card").
    ///
    /// ```
    /// use offer_model::product_type::ProductType;
    ///
    /// assert_eq!(ProductType::resolve(Some("svg"), Some("CD")), Ok(ProductType::Cd));
    /// assert_eq!(ProductType::resolve(Some("prsn"), None), Ok(ProductType::PersonalLoan));
    /// assert_eq!(ProductType::resolve(None, None), Ok(ProductType::CreditCard));
    /// assert!(ProductType::resolve(Some("chkg"), Some("CD")).is_err());
    /// ```
    pub fn resolve(code: Option<&str>, name: Option<&str>) -> Result<Self, ProductTypeError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty());
        let name = name.map(str::trim).filter(|n| !n.is_empty());
        let from_code = code.map(Self::parse).transpose()?;
        let Some(name) = name else {
            return Ok(from_code.unwrap_or(Self::CreditCard));
        };
        let from_name = Self::parse(name)?;
        match (code, from_code) {
            (Some(code), Some(by_code))
                if by_code != Self::CreditCard && by_code.code() != from_name.code() =>
            {
                Err(ProductTypeError::Conflict {
                    code: code.to_owned(),
                    name: name.to_owned(),
                })
            }
            _ => Ok(from_name),
        }
    }

    /// The type code of the product's family, or `None` for a credit card (whose code is
    /// `none`). Money market and CD give `svg`; auto loan and mortgage give `prsn`.
    pub fn code(self) -> Option<&'static str> {
        match self {
            Self::CreditCard => None,
            Self::Checking => Some(CODE_CHECKING),
            Self::Savings | Self::MoneyMarket | Self::Cd => Some(CODE_SAVINGS),
            Self::Prepaid => Some(CODE_PREPAID),
            Self::PersonalLoan | Self::AutoLoan | Self::Mortgage => Some(CODE_PERSONAL_LOAN),
            Self::Institution => Some(CODE_INSTITUTION),
        }
    }

    /// The spec's `PDT_TYPE` name of the product, or `None` for credit cards and
    /// institutions, which the spec gives no `PDT_TYPE` name.
    pub fn pdt_type(self) -> Option<&'static str> {
        match self {
            Self::CreditCard | Self::Institution => None,
            Self::Checking => Some("Checking"),
            Self::Savings => Some("Savings"),
            Self::MoneyMarket => Some("Money Market"),
            Self::Cd => Some("CD"),
            Self::Prepaid => Some("Prepaid Card"),
            Self::PersonalLoan => Some("Personal Loan"),
            Self::AutoLoan => Some("Auto Loans"),
            Self::Mortgage => Some("Mortgage"),
        }
    }

    /// A human label: the `PDT_TYPE` name, or "Credit Card" and "Institution".
    pub fn label(self) -> &'static str {
        match self {
            Self::CreditCard => "Credit Card",
            Self::Institution => "Institution",
            other => other.pdt_type().unwrap_or("Other"),
        }
    }

    /// The stable camelCase key used in our JSON (`"creditCard"`, `"moneyMarket"`, `"cd"`).
    pub fn key(self) -> &'static str {
        match self {
            Self::CreditCard => "creditCard",
            Self::Checking => "checking",
            Self::Savings => "savings",
            Self::MoneyMarket => "moneyMarket",
            Self::Cd => "cd",
            Self::Prepaid => "prepaid",
            Self::PersonalLoan => "personalLoan",
            Self::Institution => "institution",
            Self::AutoLoan => "autoLoan",
            Self::Mortgage => "mortgage",
        }
    }

    /// Deposit accounts: checking, savings, money market and CD.
    pub fn is_deposit_account(self) -> bool {
        matches!(
            self,
            Self::Checking | Self::Savings | Self::MoneyMarket | Self::Cd
        )
    }

    /// Loans: personal, auto and mortgage.
    pub fn is_loan(self) -> bool {
        matches!(self, Self::PersonalLoan | Self::AutoLoan | Self::Mortgage)
    }
}

impl fmt::Display for ProductType {
    /// Writes the [`label`](Self::label).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for ProductType {
    type Err = ProductTypeError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl TryFrom<String> for ProductType {
    type Error = ProductTypeError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<ProductType> for &'static str {
    fn from(product: ProductType) -> Self {
        product.key()
    }
}

#[cfg(test)]
mod tests;
