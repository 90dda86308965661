use proptest::prelude::*;

use super::*;

fn cats(ids: &[u64]) -> Vec<Category> {
    ids.iter()
        .map(|&id| Category {
            id,
            name: format!("Category {id}"),
        })
        .collect()
}

#[test]
fn single_category_is_preselected() {
    assert_eq!(preselected_category(&cats(&[4])), Some(4));
}

#[test]
fn nothing_is_preselected_among_several_or_none() {
    assert_eq!(preselected_category(&cats(&[])), None);
    assert_eq!(preselected_category(&cats(&[1, 2])), None);
}

#[test]
fn single_category_is_used_when_nothing_is_chosen() {
    assert_eq!(select_category(&cats(&[4]), None), Ok(Some(4)));
}

#[test]
fn choice_is_required_among_two_categories() {
    assert_eq!(
        select_category(&cats(&[1, 2]), None),
        Err(CategoryError::NotSelected { available: 2 })
    );
}

#[test]
fn offered_choice_is_accepted() {
    assert_eq!(select_category(&cats(&[1, 2, 3]), Some(3)), Ok(Some(3)));
}

#[test]
fn choice_outside_the_offered_categories_is_rejected() {
    assert_eq!(
        select_category(&cats(&[1, 2]), Some(9)),
        Err(CategoryError::Unknown { id: 9 })
    );
    assert_eq!(
        select_category(&cats(&[]), Some(9)),
        Err(CategoryError::Unknown { id: 9 })
    );
}

#[test]
fn no_categories_and_no_choice_leaves_the_question_uncategorised() {
    assert_eq!(select_category(&cats(&[]), None), Ok(None));
}

#[test]
fn missing_choice_displays_the_spec_message() {
    assert_eq!(
        CategoryError::NotSelected { available: 3 }.to_string(),
        "Please select a category."
    );
}

// Properties.

fn any_categories() -> impl Strategy<Value = Vec<Category>> {
    proptest::collection::vec(
        (any::<u64>(), any::<String>()).prop_map(|(id, name)| Category { id, name }),
        0..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn only_a_single_offered_category_is_preselected(available in any_categories()) {
        let preselected = preselected_category(&available);
        match available.as_slice() {
            [only] => prop_assert_eq!(preselected, Some(only.id)),
            _ => prop_assert_eq!(preselected, None),
        }
    }

    #[test]
    fn the_preselected_category_is_the_one_used_when_nothing_is_chosen(available in any_categories()) {
        if let Some(id) = preselected_category(&available) {
            prop_assert_eq!(select_category(&available, None), Ok(Some(id)));
        }
    }
}
