use super::*;

#[test]
fn words_are_lower_case_runs_of_letters_and_digits() {
    assert_eq!(
        words("My 401(k) at 0% APR?"),
        ["my", "401", "k", "at", "0", "apr"]
    );
    assert!(words(" -- ").is_empty());
}

#[test]
fn keywords_match_whole_words_or_prefixes() {
    let text = words("Two credit cards, a loan and an IRA; aspiration, loaned");
    assert_eq!(hits(&text, "credit card*"), 1);
    assert_eq!(hits(&text, "credit card"), 0);
    assert_eq!(hits(&text, "loan*"), 2);
    assert_eq!(hits(&text, "ira"), 1);
    assert_eq!(hits(&text, ""), 0);
}

#[test]
fn the_title_decides_then_the_answers() {
    let scores = Scores::of(
        "Should I put my tax refund on my credit card?",
        &["Invest it."],
    );
    assert_eq!(scores.first_choice(), 0);
    let scores = Scores::of(
        "What should I do now?",
        &["Invest it, buy stocks; or a loan."],
    );
    assert_eq!(scores.first_choice(), 5);
    let scores = Scores::of("What should I do now?", &["Nothing at all."]);
    assert_eq!(scores.first_choice(), FALLBACK);
    assert_eq!(CATEGORIES.get(FALLBACK).map(|c| c.name), Some("Budgeting"));
}

#[test]
fn ids_are_consecutive_and_slugs_unique() {
    for (index, rule) in CATEGORIES.iter().enumerate() {
        assert_eq!(rule.id as usize, index + 1);
        assert!(!rule.keywords.is_empty());
    }
    let mut slugs: Vec<&str> = CATEGORIES.iter().map(|c| c.slug).collect();
    slugs.sort_unstable();
    slugs.dedup();
    assert_eq!(slugs.len(), CATEGORIES.len());
}

#[test]
fn thin_categories_are_filled_from_the_most_relevant_questions() {
    // Every category has MIN_QUESTIONS questions by title, Credit Cards one fewer; two more
    // investing questions mention credit cards in their answers, one twice.
    let mut texts = Vec::new();
    for (index, rule) in CATEGORIES.iter().enumerate() {
        let keyword = rule.keywords[0].trim_end_matches('*');
        let count = if index == 0 {
            MIN_QUESTIONS - 1
        } else {
            MIN_QUESTIONS
        };
        texts.extend((0..count).map(|n| (format!("{keyword} question {n:02}"), "Nothing.")));
    }
    texts.push(("invest question x1".to_owned(), "A credit card."));
    texts.push((
        "invest question x2".to_owned(),
        "A credit card or a credit card.",
    ));
    let questions: Vec<(&str, Scores)> = texts
        .iter()
        .map(|(title, answer)| (title.as_str(), Scores::of(title, &[answer])))
        .collect();
    let chosen = assign(&questions).unwrap();
    for index in 0..CATEGORIES.len() {
        let count = chosen.iter().filter(|&&c| c == index).count();
        assert!(count >= MIN_QUESTIONS, "{index}: {count}");
    }
    let last = chosen.len() - 1;
    assert_eq!(chosen[last], 0, "the most relevant question moved");
    assert_eq!(chosen[last - 1], 5, "only as many as needed move");

    // Too few questions to fill every category: the build stops.
    let few: Vec<(&str, Scores)> = questions.into_iter().take(40).collect();
    assert!(assign(&few).is_err());
}
