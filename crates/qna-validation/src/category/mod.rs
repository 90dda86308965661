//! The category of a new question (community §3 question list response, §5):
//! it must be chosen when several exist, and a single category is preselected.
//!
//! With no category at all the question is uncategorised; a chosen id that is
//! not among the available categories is refused (the page could not have
//! offered it).

use serde::{Deserialize, Serialize};

use crate::constants::CATEGORY_REQUIRED_MESSAGE;

#[cfg(test)]
mod tests;

/// A question category as the question list response gives it (`id`, `name`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Category {
    /// The category id.
    pub id: u64,
    /// The category name shown in the menu.
    pub name: String,
}

/// Why a category choice is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CategoryError {
    /// Several categories exist and none was chosen; displays the spec message.
    #[error("{}", CATEGORY_REQUIRED_MESSAGE)]
    NotSelected {
        /// How many categories were offered.
        available: usize,
    },
    /// The chosen id is not one of the available categories.
    #[error("unknown category {id}")]
    Unknown {
        /// The chosen id.
        id: u64,
    },
}

/// The category shown as selected when the ask overlay opens: the only one
/// when exactly one exists, otherwise none.
///
/// ```
/// use qna_validation::category::{Category, preselected_category};
/// let one = [Category { id: 7, name: "Cards".into() }];
/// assert_eq!(preselected_category(&one), Some(7));
/// ```
#[must_use]
pub fn preselected_category(available: &[Category]) -> Option<u64> {
    match available {
        [only] => Some(only.id),
        _ => None,
    }
}

/// The category a question is filed under, from the offered categories and
/// the visitor's choice.
///
/// - No categories: `Ok(None)` when nothing is chosen.
/// - One category: it is used when nothing is chosen (it is preselected).
/// - Several: a choice is required ([`CategoryError::NotSelected`]).
/// - A chosen id must be one of the offered ones ([`CategoryError::Unknown`]).
///
/// ```
/// use qna_validation::category::{Category, CategoryError, select_category};
/// let cats = [
///     Category { id: 1, name: "Cards".into() },
///     Category { id: 2, name: "Loans".into() },
/// ];
/// assert_eq!(select_category(&cats, Some(2)), Ok(Some(2)));
/// assert_eq!(
///     select_category(&cats, None).unwrap_err().to_string(),
///     "Please select a category."
/// );
/// ```
pub fn select_category(
    available: &[Category],
    chosen: Option<u64>,
) -> Result<Option<u64>, CategoryError> {
    match chosen {
        Some(id) if available.iter().any(|c| c.id == id) => Ok(Some(id)),
        Some(id) => Err(CategoryError::Unknown { id }),
        None => match available {
            [] => Ok(None),
            [only] => Ok(Some(only.id)),
            several => Err(CategoryError::NotSelected {
                available: several.len(),
            }),
        },
    }
}
