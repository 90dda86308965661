use super::*;

const ANSWER: &str = "An answer long enough for the reply rule.";

/// Enough questions to fill every category, each with one answer.
fn pairs() -> Vec<Pair> {
    categories::CATEGORIES
        .iter()
        .flat_map(|rule| {
            let keyword = rule.keywords[0].trim_end_matches('*');
            (0..categories::MIN_QUESTIONS).map(move |n| Pair {
                question: format!("What about {keyword} number {n}?"),
                answer: format!("{ANSWER} ({keyword} {n})"),
            })
        })
        .collect()
}

fn pair(question: &str, answer: &str) -> Pair {
    Pair {
        question: question.to_owned(),
        answer: answer.to_owned(),
    }
}

#[test]
fn lines_are_read_and_a_bad_one_is_named() {
    let pairs = read_pairs("{\"question\": \"q\", \"answer\": \"a\"}\n\n").unwrap();
    assert_eq!(pairs, [pair("q", "a")]);
    let error = read_pairs("{\"question\": \"q\", \"answer\": \"a\"}\n{").unwrap_err();
    assert!(error.to_string().contains("line 2"), "{error}");
}

#[test]
fn answers_keep_their_text_with_unix_line_ends() {
    assert_eq!(answer_text("  a\r\nb\rc  \n"), "a\nb\nc");
}

#[test]
fn csv_quoting_is_undone_and_nothing_else() {
    assert_eq!(
        unquote(r#""He said ""buy"" twice""#).as_deref(),
        Some(r#"He said "buy" twice"#)
    );
    assert_eq!(unquote(r#""Buy low, sell high""#), None);
    assert_eq!(unquote(r#""a "" b " c""#), None);
    assert_eq!(unquote("plain"), None);
    assert_eq!(
        answer_text(" \"A \"\"quoted\"\" word, and more text.\" "),
        "A \"quoted\" word, and more text."
    );
}

#[test]
fn same_questions_group_and_short_answers_drop() {
    let mut pairs = pairs();
    pairs.push(pair(
        "Is  a  Chase card worth it?",
        "Yes, the Chase card is worth it for me.",
    ));
    pairs.push(pair(
        "Is a Chase card worth it? ",
        "No, I would rather pay no annual fee at all.",
    ));
    pairs.push(pair(
        "Is a Chase card worth it?",
        "No, I would rather pay no annual fee at all.",
    ));
    pairs.push(pair("Is a Chase card worth it?", "  Too short.  "));
    pairs.push(pair("Two words", ANSWER));
    pairs.push(pair("Nobody answered this one", "Short."));
    let built = build(&pairs).unwrap();
    let summary = &built.summary;
    assert_eq!(summary.dropped_titles, ["Two words"]);
    assert_eq!(summary.dropped_short_answers, 2);
    assert_eq!(summary.dropped_repeated_answers, 1);
    assert_eq!(summary.dropped_without_answers, 1);
    let questions = &built.community.questions;
    let chase = questions
        .iter()
        .find(|q| q.title == "Is a Chase card worth it?")
        .unwrap();
    assert_eq!(chase.answers.len(), 2);
    assert!(chase.answers[0].content < chase.answers[1].content);
    assert!(chase.answers[0].id < chase.answers[1].id);
    assert_eq!(chase.category_id, 1);
    // It names Chase, but no product: it sits on no product's page.
    assert_eq!(chase.offer_id, None);
}

#[test]
fn ids_follow_the_texts_and_every_run_is_the_same() {
    let built = build(&pairs()).unwrap();
    let mut reversed = pairs();
    reversed.reverse();
    assert_eq!(build(&reversed).unwrap(), built);
    let questions = &built.community.questions;
    assert_eq!(
        questions.len(),
        categories::CATEGORIES.len() * categories::MIN_QUESTIONS
    );
    for (index, question) in questions.iter().enumerate() {
        assert_eq!(question.id as usize, index + 1);
    }
    let mut answers: Vec<&Answer> = questions.iter().flat_map(|q| &q.answers).collect();
    answers.sort_by_key(|a| a.id);
    for (index, answer) in answers.iter().enumerate() {
        assert_eq!(answer.id as usize, index + 1);
    }
    // Every item is the source's, under the one account that stands for it.
    assert!(answers.iter().all(|a| a.author == SOURCE_AUTHOR));
    assert!(questions.iter().all(|q| q.author == SOURCE_AUTHOR));
    assert_eq!(built.community.authors.len(), 1);
    // The source names no product, so no question sits on a product's page.
    assert!(questions.iter().all(|q| q.offer_id.is_none()));
}

#[test]
fn the_summary_names_every_category() {
    let built = build(&pairs()).unwrap();
    let lines = built.summary.lines(&built.community).join("\n");
    for rule in categories::CATEGORIES {
        assert!(
            lines.contains(&format!("{}: 30 questions", rule.name)),
            "{lines}"
        );
    }
}
