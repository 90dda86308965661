#![cfg(test)]
//! The profanity rule on real text: every question and answer of the community's FiQA
//! corpus (`fixtures/qna/community.json`) and every product and institution name of the
//! catalogue is finance talk, so a refusal there is a false positive; and a list of real
//! profanity, spelt as people spell it, that must still be refused.

use qna_validation::profanity::first_profane_word;
use serde_json::Value;

const COMMUNITY: &str = include_str!("../../../fixtures/qna/community.json");
const CATALOGUE: [&str; 4] = [
    include_str!("../../../fixtures/catalogue/credit-cards.json"),
    include_str!("../../../fixtures/catalogue/deposits.json"),
    include_str!("../../../fixtures/catalogue/institutions.json"),
    include_str!("../../../fixtures/catalogue/loans.json"),
];

/// Finance words and names that once were refused.
const CLEAN: [&str; 10] = [
    "Is my CD FDIC insured?",
    "John Hancock annuity fees",
    "Middlesex Savings Bank",
    "Dickinson Financial",
    "shiitake mushroom farm as a small business",
    "Should I pay off my mortgage with my 401k?",
    "Can I write off my home office?",
    "Scunthorpe building society",
    "What is a cashback cap on a Discover card?",
    "Sussex County Federal Credit Union",
];

/// Real profanity, plain and disguised, that the rule refuses.
const PROFANE: [&str; 14] = [
    "5ex on the first date",
    "nice 7its",
    "this card is shit",
    "what the fuck is an APR",
    "fucking fees",
    "this bank is full of assholes",
    "sh1t service",
    "f*ck this bank",
    "bullshit fees",
    "the teller was a bitch",
    "dickhead manager",
    "you cunt",
    "motherfucker",
    "go to hell you bastard",
];

/// Every text of the corpus with where it comes from.
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let community: Value = serde_json::from_str(COMMUNITY).unwrap();
    for question in community["questions"].as_array().unwrap() {
        let id = &question["id"];
        for field in ["title", "more_info"] {
            out.push((
                format!("question {id} {field}"),
                question[field].as_str().unwrap_or_default().to_owned(),
            ));
        }
        for answer in question["answers"].as_array().unwrap() {
            out.push((
                format!("answer {}", answer["id"]),
                answer["content"].as_str().unwrap_or_default().to_owned(),
            ));
        }
    }
    for file in CATALOGUE {
        let offers: Vec<Value> = serde_json::from_str(file).unwrap();
        for offer in offers {
            for field in ["NAME", "ISSUER"] {
                if let Some(text) = offer[field].as_str() {
                    out.push((format!("{} {field}", offer["ID"]), text.to_owned()));
                }
            }
        }
    }
    out
}

/// The swearing the public text itself holds, which the rule refuses as it should: these
/// are true positives, not false ones ("up $hit's creek", "Fight those bastards!", "not
/// all advisors are scum", "my arse is covered", "to bugger it up").
const SWEARING_IN_THE_CORPUS: [&str; 5] = ["$hit's", "bastards", "scum", "arse", "bugger"];

#[test]
fn no_question_answer_or_name_of_the_corpus_is_refused_but_its_own_swearing() {
    let texts = corpus();
    assert!(texts.len() > 3000, "{}", texts.len());
    let refused: Vec<(String, String)> = texts
        .iter()
        .filter_map(|(from, text)| first_profane_word(text).map(|word| (from.clone(), word)))
        .collect();
    let false_positives: Vec<String> = refused
        .iter()
        .filter(|(_, word)| !SWEARING_IN_THE_CORPUS.contains(&word.as_str()))
        .map(|(from, word)| format!("{from}: {word:?}"))
        .collect();
    assert!(
        false_positives.is_empty(),
        "{} false positives:\n{}",
        false_positives.len(),
        false_positives.join("\n")
    );
    let mut swearing: Vec<&str> = refused.iter().map(|(_, word)| word.as_str()).collect();
    swearing.sort_unstable();
    let mut expected = SWEARING_IN_THE_CORPUS;
    expected.sort_unstable();
    assert_eq!(swearing, expected, "the corpus's own swearing");
}

#[test]
fn finance_words_once_refused_are_clean() {
    for text in CLEAN {
        assert_eq!(first_profane_word(text), None, "{text}");
    }
}

#[test]
fn real_profanity_is_still_refused() {
    for text in PROFANE {
        assert!(first_profane_word(text).is_some(), "{text}");
    }
}
