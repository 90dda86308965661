//! The community question-and-answer fixture (`fixtures/qna/community.json`), from the FiQA
//! personal-finance pairs (FiQA-2018 task 2 test split, drawn from Personal Finance & Money
//! Stack Exchange; CC BY-SA) and the catalogue's credit cards.
//!
//! - Pairs whose question text is the same (white space aside) make one question with all
//!   their answers; an answer repeated under one question is kept once.
//! - Titles follow the question rule ([`title`]); a question that cannot is dropped.
//! - Answers are the FiQA text, plain, with `\r\n` made `\n` and the ends trimmed; one under
//!   30 characters (the reply rule, [`Reply`]) is dropped, and so is a question left with
//!   none.
//! - A text the FiQA export left in CSV quoting (235 answers and one question of the test
//!   split: wrapped in `"`, every inner `"` doubled, and only those texts have `""`) gets its
//!   own text back ([`unquote`]): nothing else is changed.
//! - Categories come from a keyword table ([`categories`]). No question sits on a product's
//!   page: FiQA names no product, and a question shown as "about" a card must be about it.
//! - Every question and answer is the source's text, under the one account that stands for
//!   the source ([`SOURCE_AUTHOR`], `qna_validation::sources::FIQA`): FiQA records no
//!   author, date, votes or accepted answer, so none is given; the site shows each item
//!   attributed to the source and its licence, and the server stores the time it loads them.
//! - Question ids follow the question texts' order, answer ids their questions' ids and
//!   then the answer texts' order, both consecutive from 1.
//!
//! The output is the same on every run: nothing is random and no order depends on the input
//! file's.

pub mod categories;
pub mod title;

use std::{collections::BTreeMap, path::Path};

use qna_validation::{reply::Reply, text::trim};
use serde::{Deserialize, Serialize};

use crate::BuildError;

/// The FiQA pairs, relative to the data folder.
pub const FIQA_FILE: &str = "fiqa-personal-finance-qa/fiqa_test_qa.jsonl";
/// The folder of the fixture, beside the catalogue folder.
pub const QNA_DIR: &str = "qna";
/// The fixture's file name in [`QNA_DIR`].
pub const COMMUNITY_FILE: &str = "community.json";
/// The fixture's `source`: the attribution of the whole area's text.
pub const SOURCE: &str = "Questions and answers from Personal Finance & Money Stack Exchange (money.stackexchange.com), via the FiQA-2018 task 2 test split, licensed CC BY-SA. The dataset records no authors, dates or votes; titles are shortened to fit this site. Votes shown are this site's members'.";

/// The login of the account that stands for the source, and its key in
/// `qna_validation::sources`.
pub const SOURCE_AUTHOR: &str = qna_validation::sources::FIQA.key;

/// The whole fixture, as the server reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Community {
    /// [`SOURCE`].
    pub source: String,
    /// The categories, by id.
    pub categories: Vec<Category>,
    /// The accounts that ask and answer: here the one that stands for the source.
    pub authors: Vec<Author>,
    /// The questions, by id.
    pub questions: Vec<Question>,
}

/// A category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    /// Its id, from 1.
    pub id: u32,
    /// The name shown.
    pub name: String,
    /// The name in a web address.
    pub slug: String,
}

/// An account of the fixture: here one that stands for a public source, not a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Author {
    /// The login questions and answers name it by.
    pub login: String,
    /// The name (the source's).
    pub name: String,
    /// Never staff: no text from the data is shown as an editor's.
    pub staff: bool,
    /// The key of the source it stands for.
    pub source: String,
}

/// A question with its answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Its id, from 1.
    pub id: u32,
    /// The id of its [`Category`].
    pub category_id: u32,
    /// The catalogue `ID` of the card page it sits on, for Credit Cards questions.
    pub offer_id: Option<String>,
    /// The title, under the question rule.
    pub title: String,
    /// The whole question text when the title is shortened, else `""`.
    pub more_info: String,
    /// The asker's login ([`SOURCE_AUTHOR`]).
    pub author: String,
    /// Its answers, by text.
    pub answers: Vec<Answer>,
}

/// An answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// Its id, from 1.
    pub id: u32,
    /// The author's login ([`SOURCE_AUTHOR`]).
    pub author: String,
    /// The text, plain.
    pub content: String,
}

/// What the build kept and dropped, for the command to print.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines read from [`FIQA_FILE`].
    pub pairs: usize,
    /// Distinct question texts among them.
    pub distinct_questions: usize,
    /// Questions whose text cannot make a title (with the text).
    pub dropped_titles: Vec<String>,
    /// Question and answer texts whose CSV quoting was undone.
    pub unquoted: usize,
    /// Answers under 30 characters.
    pub dropped_short_answers: usize,
    /// Answers repeated under one question.
    pub dropped_repeated_answers: usize,
    /// Questions left with no answer.
    pub dropped_without_answers: usize,
    /// Titles shortened, the whole text kept as more information.
    pub shortened_titles: usize,
}

impl Summary {
    /// The summary as lines of text.
    pub fn lines(&self, community: &Community) -> Vec<String> {
        let answers: usize = community.questions.iter().map(|q| q.answers.len()).sum();
        let mut lines = vec![
            format!(
                "{} pairs, {} distinct questions: kept {} questions with {answers} answers",
                self.pairs,
                self.distinct_questions,
                community.questions.len()
            ),
            format!(
                "dropped {} questions whose title breaks the question rule, {} answers under 30 characters, {} repeated answers, {} questions left without answers",
                self.dropped_titles.len(),
                self.dropped_short_answers,
                self.dropped_repeated_answers,
                self.dropped_without_answers
            ),
        ];
        lines.extend(
            self.dropped_titles
                .iter()
                .map(|text| format!("  dropped title: {text:?}")),
        );
        lines.push(format!(
            "{} texts taken out of CSV quoting; {} titles shortened (whole text in more_info)",
            self.unquoted, self.shortened_titles,
        ));
        for category in &community.categories {
            let count = community
                .questions
                .iter()
                .filter(|q| q.category_id == category.id)
                .count();
            lines.push(format!("  {}: {count} questions", category.name));
        }
        lines
    }
}

/// The built fixture and its summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    /// The fixture.
    pub community: Community,
    /// What was kept and dropped.
    pub summary: Summary,
}

impl Community {
    /// The fixture as written: pretty-printed JSON with a final newline.
    pub fn to_json(&self) -> Result<String, BuildError> {
        let mut text = serde_json::to_string_pretty(self).map_err(|error| BuildError::Json {
            file: COMMUNITY_FILE.to_owned(),
            message: error.to_string(),
        })?;
        text.push('\n');
        Ok(text)
    }

    /// Writes [`COMMUNITY_FILE`] into `dir/`[`QNA_DIR`] (created if missing), where `dir`
    /// holds the catalogue folder.
    pub fn write(&self, dir: &Path) -> Result<(), BuildError> {
        let folder = dir.join(QNA_DIR);
        std::fs::create_dir_all(&folder).map_err(|error| crate::io_error(&folder, &error))?;
        let path = folder.join(COMMUNITY_FILE);
        std::fs::write(&path, self.to_json()?).map_err(|error| crate::io_error(&path, &error))
    }
}

/// One FiQA line.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Pair {
    /// The question text.
    pub question: String,
    /// The answer text.
    pub answer: String,
}

/// Reads the FiQA JSON lines (blank lines skipped).
pub fn read_pairs(text: &str) -> Result<Vec<Pair>, BuildError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            serde_json::from_str(line).map_err(|error| BuildError::Json {
                file: format!("{FIQA_FILE} line {}", index.saturating_add(1)),
                message: error.to_string(),
            })
        })
        .collect()
}

/// Reads [`FIQA_FILE`] under `data_dir` and builds the fixture.
pub fn build_from(data_dir: &Path) -> Result<Built, BuildError> {
    let text = crate::read_text(&data_dir.join(FIQA_FILE))?;
    build(&read_pairs(&text)?)
}

/// An answer's text as the fixture keeps it: `\r\n` and lone `\r` made `\n`, ends trimmed,
/// CSV quoting undone ([`unquote`]).
pub fn answer_text(raw: &str) -> String {
    let text = trim(&raw.replace("\r\n", "\n").replace('\r', "\n")).to_owned();
    unquote(&text).map_or(text, |inner| trim(&inner).to_owned())
}

/// The text inside CSV quoting: `"a ""b"" c"` is `a "b" c`. `None` unless `text` is wrapped
/// in `"` and has a doubled `""` inside and no single `"`, so a text that merely starts and
/// ends with a quotation is kept.
pub fn unquote(text: &str) -> Option<String> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let quoted = inner.contains("\"\"") && !inner.replace("\"\"", "").contains('"');
    quoted.then(|| inner.replace("\"\"", "\""))
}

/// A question kept so far: its grouping key, title and answers.
struct Draft {
    key: String,
    title: title::Title,
    answers: Vec<String>,
}

/// Builds the fixture from the FiQA pairs.
pub fn build(pairs: &[Pair]) -> Result<Built, BuildError> {
    let mut summary = Summary {
        pairs: pairs.len(),
        ..Summary::default()
    };
    let drafts = drafts(pairs, &mut summary);
    let scores: Vec<(&str, categories::Scores)> = drafts
        .iter()
        .map(|draft| {
            let answers: Vec<&str> = draft.answers.iter().map(String::as_str).collect();
            (
                draft.key.as_str(),
                categories::Scores::of(&draft.key, &answers),
            )
        })
        .collect();
    let chosen = categories::assign(&scores)?;
    // The drafts are sorted by text: ids follow it, answers their question and position.
    let mut questions = Vec::with_capacity(drafts.len());
    let mut next_answer = 0;
    for (index, (draft, category)) in drafts.iter().zip(&chosen).enumerate() {
        let rule = categories::CATEGORIES
            .get(*category)
            .ok_or_else(|| bad("no such category"))?;
        let mut texts: Vec<&String> = draft.answers.iter().collect();
        texts.sort();
        let mut answers = Vec::with_capacity(texts.len());
        for content in texts {
            answers.push(Answer {
                id: id(next_answer)?,
                author: SOURCE_AUTHOR.to_owned(),
                content: content.clone(),
            });
            next_answer += 1;
        }
        questions.push(Question {
            id: id(index)?,
            category_id: rule.id,
            offer_id: None,
            title: draft.title.title.clone(),
            more_info: draft.title.more_info.clone(),
            author: SOURCE_AUTHOR.to_owned(),
            answers,
        });
    }

    let community = Community {
        source: SOURCE.to_owned(),
        categories: categories::CATEGORIES
            .iter()
            .map(|rule| Category {
                id: rule.id,
                name: rule.name.to_owned(),
                slug: rule.slug.to_owned(),
            })
            .collect(),
        authors: vec![Author {
            login: SOURCE_AUTHOR.to_owned(),
            name: qna_validation::sources::FIQA.name.to_owned(),
            staff: false,
            source: SOURCE_AUTHOR.to_owned(),
        }],
        questions,
    };
    Ok(Built { community, summary })
}

/// Groups the pairs by question text, makes the titles and keeps the answers that pass the
/// reply rule, counting what is dropped. Sorted by key.
fn drafts(pairs: &[Pair], summary: &mut Summary) -> Vec<Draft> {
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for pair in pairs {
        summary.unquoted += [&pair.question, &pair.answer]
            .into_iter()
            .filter(|text| unquote(trim(text)).is_some())
            .count();
        let question = trim(&pair.question);
        let question = unquote(question).unwrap_or_else(|| question.to_owned());
        groups
            .entry(title::clean(&question))
            .or_default()
            .push(answer_text(&pair.answer));
    }
    summary.distinct_questions = groups.len();
    let mut drafts = Vec::new();
    for (key, texts) in groups {
        let Ok(title) = title::title(&key) else {
            summary.dropped_titles.push(key);
            continue;
        };
        let mut answers: Vec<String> = Vec::new();
        for text in texts {
            if Reply::parse(&text).is_err() {
                summary.dropped_short_answers += 1;
            } else if answers.contains(&text) {
                summary.dropped_repeated_answers += 1;
            } else {
                answers.push(text);
            }
        }
        if answers.is_empty() {
            summary.dropped_without_answers += 1;
            continue;
        }
        if !title.more_info.is_empty() {
            summary.shortened_titles += 1;
        }
        drafts.push(Draft {
            key,
            title,
            answers,
        });
    }
    drafts
}

/// The id of the item at `index`: `index + 1`.
fn id(index: usize) -> Result<u32, BuildError> {
    u32::try_from(index.saturating_add(1)).map_err(|_| bad("too many items"))
}

/// A build error about the FiQA file.
fn bad(message: &str) -> BuildError {
    BuildError::BadValue {
        file: FIQA_FILE.to_owned(),
        message: message.to_owned(),
    }
}

#[cfg(test)]
mod tests;
