//! The community categories and the keyword table that puts each FiQA question in one.
//!
//! Text is compared as words: maximal runs of letters and digits, lower-cased (`"401(k)"`
//! is the words `401` and `k`, `"0% APR"` is `0` and `apr`). A keyword is one or more words
//! that must follow each other; a word ending in `*` matches any word that starts with it
//! (`loan*` matches `loans`). The title counts apart from the answers.
//!
//! A question goes in:
//!
//! 1. the category with the most keyword hits in its title (ties go to the one earlier in
//!    [`CATEGORIES`]);
//! 2. otherwise the category with the most keyword hits in its answers (ties likewise);
//! 3. otherwise [`FALLBACK`] (Budgeting), the catch-all.
//!
//! Then every category must hold at least [`MIN_QUESTIONS`] (the site shows 10 a page, and
//! every category needs several pages). While one holds fewer, a question moves in from a
//! category that holds more than the minimum: first one whose title has a keyword of the
//! category, then the one of highest relevance to it ([`TITLE_WEIGHT`] × title hits +
//! answer hits, at least 1); ties go to the question whose text sorts first. When no
//! question can move, the build stops. With the test split, Credit Cards (21 by the steps
//! above) and Small Business (22) are filled this way, mostly with questions whose answers
//! talk about credit cards or whose titles name both a business and taxes.
//!
//! The test split has few questions about credit scores alone, so they share a category with
//! loans and debt; retirement (401(k), IRA, pensions) and small business have their own.

use std::collections::BTreeMap;

use crate::BuildError;

/// One category: its id (the position in [`CATEGORIES`] plus one), name, slug and keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryRule {
    /// The category id written to the fixture.
    pub id: u32,
    /// The name the site shows.
    pub name: &'static str,
    /// The name in a web address.
    pub slug: &'static str,
    /// The keywords, in the syntax of the module docs.
    pub keywords: &'static [&'static str],
}

/// The fewest questions a category may hold.
pub const MIN_QUESTIONS: usize = 30;

/// How much more a keyword in the title counts than one in an answer, when questions are
/// moved to fill a category.
pub const TITLE_WEIGHT: usize = 4;

/// Index in [`CATEGORIES`] of the category a question with no keyword goes in.
pub const FALLBACK: usize = 7;

/// The categories, in the order ties are broken; ids are consecutive from 1.
pub const CATEGORIES: [CategoryRule; 8] = [
    CategoryRule {
        id: 1,
        name: "Credit Cards",
        slug: "credit-cards",
        keywords: &[
            "credit card*",
            "creditcard*",
            "charge card*",
            "store card*",
            "secured card*",
            "visa card*",
            "mastercard*",
            "amex",
            "american express",
            "discover card*",
            "discover it",
            "cash back",
            "cashback",
            "balance transfer*",
            "chargeback*",
            "annual fee*",
            "reward point*",
            "rewards card*",
            "card issuer*",
            "minimum payment*",
            "statement balance*",
            "credit limit*",
            "convenience check*",
            "0 apr",
        ],
    },
    CategoryRule {
        id: 2,
        name: "Taxes",
        slug: "taxes",
        keywords: &[
            "tax*",
            "irs",
            "deduct*",
            "1099*",
            "w2",
            "w 2",
            "w 4",
            "capital gain*",
            "hmrc",
            "cra",
            "s corp*",
            "vat",
            "gst",
            "hst",
            "write off*",
            "writing off",
            "written off",
            "depreciat*",
            "itemiz*",
        ],
    },
    CategoryRule {
        id: 3,
        name: "Retirement",
        slug: "retirement",
        keywords: &[
            "retire*",
            "401k*",
            "401 k",
            "403b*",
            "403 b",
            "457 b",
            "ira",
            "iras",
            "roth",
            "rrsp*",
            "tfsa*",
            "pension*",
            "social security",
            "annuit*",
            "sep",
        ],
    },
    CategoryRule {
        id: 4,
        name: "Loans, Debt & Credit Scores",
        slug: "loans-debt-credit-scores",
        keywords: &[
            "loan*",
            "mortgage*",
            "debt*",
            "borrow*",
            "lender*",
            "lend",
            "lending",
            "refinanc*",
            "re finance",
            "co sign*",
            "cosign*",
            "heloc*",
            "foreclos*",
            "payday",
            "down payment*",
            "bankrupt*",
            "credit score*",
            "credit report*",
            "credit history",
            "credit rating*",
            "creditworth*",
            "credit bureau*",
            "credit monitoring",
            "identity theft",
            "fico",
            "equifax",
            "experian",
            "transunion",
            "bad credit",
            "poor credit",
            "good credit",
            "build credit",
            "collection agenc*",
        ],
    },
    CategoryRule {
        id: 5,
        name: "Banking & Savings",
        slug: "banking-savings",
        keywords: &[
            "bank",
            "banks",
            "banking",
            "banker*",
            "credit union*",
            "checking account*",
            "savings account*",
            "saving account*",
            "current account*",
            "savings",
            "deposit*",
            "cheque*",
            "atm*",
            "wire transfer*",
            "ach",
            "certificate of deposit*",
            "cd",
            "cds",
            "fdic",
            "overdraft*",
            "paypal",
            "money order*",
            "currenc*",
            "exchange rate*",
            "emergency fund*",
            "debit card*",
        ],
    },
    CategoryRule {
        id: 6,
        name: "Investing",
        slug: "investing",
        keywords: &[
            "invest*",
            "stock*",
            "share",
            "shares",
            "shareholder*",
            "bond*",
            "fund*",
            "etf*",
            "portfolio*",
            "dividend*",
            "option*",
            "broker*",
            "trade",
            "trader*",
            "trading",
            "market*",
            "index*",
            "equit*",
            "gold",
            "real estate",
            "crypto*",
            "bitcoin*",
            "forex",
            "hedg*",
            "short sell*",
            "sell short",
            "short seller*",
        ],
    },
    CategoryRule {
        id: 7,
        name: "Small Business",
        slug: "small-business",
        keywords: &[
            "business*",
            "llc*",
            "self employ*",
            "freelanc*",
            "sole proprietor*",
            "sole trader*",
            "contractor*",
            "ein",
            "invoic*",
            "employee*",
            "payroll",
            "entrepreneur*",
            "startup*",
            "start up",
        ],
    },
    CategoryRule {
        id: 8,
        name: "Budgeting",
        slug: "budgeting",
        keywords: &[
            "budget*",
            "spend*",
            "expense*",
            "frugal*",
            "rent",
            "renting",
            "salary*",
            "income",
            "afford*",
            "insurance",
            "financial plan*",
            "cost of living",
            "car",
            "cars",
            "job*",
            "wedding*",
            "college",
            "tuition",
            "child*",
            "kid*",
            "spouse*",
            "save money",
            "saving money",
            "allowance*",
            "paycheck*",
            "bill",
            "bills",
        ],
    },
];

/// The words of `text`: maximal runs of letters and digits, lower-cased.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// How many times `keyword` occurs in `words` (the syntax of the module docs).
pub fn hits(words: &[String], keyword: &str) -> usize {
    let pattern: Vec<&str> = keyword.split_whitespace().collect();
    if pattern.is_empty() {
        return 0;
    }
    words
        .windows(pattern.len())
        .filter(|window| {
            window
                .iter()
                .zip(&pattern)
                .all(|(word, want)| match want.strip_suffix('*') {
                    Some(prefix) => word.starts_with(prefix),
                    None => word == want,
                })
        })
        .count()
}

/// Keyword hits of one question, per category in [`CATEGORIES`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scores {
    /// Hits in the title (the whole question text, before any shortening).
    pub title: Vec<usize>,
    /// Hits in all its answers.
    pub answers: Vec<usize>,
}

impl Scores {
    /// Counts the keywords of every category in a question and its answers.
    pub fn of(question: &str, answers: &[&str]) -> Self {
        let title_words = words(question);
        let answer_words: Vec<String> = answers.iter().flat_map(|text| words(text)).collect();
        let count = |words: &[String]| -> Vec<usize> {
            CATEGORIES
                .iter()
                .map(|rule| rule.keywords.iter().map(|k| hits(words, k)).sum())
                .collect()
        };
        Self {
            title: count(&title_words),
            answers: count(&answer_words),
        }
    }

    /// The category index of steps 1 to 3 of the module docs.
    pub fn first_choice(&self) -> usize {
        most(&self.title)
            .or_else(|| most(&self.answers))
            .unwrap_or(FALLBACK)
    }

    /// Whether the title has a keyword of category `index`.
    pub fn in_title(&self, index: usize) -> bool {
        self.title.get(index).is_some_and(|&hits| hits > 0)
    }

    /// Relevance to category `index` when filling it: title hits weigh [`TITLE_WEIGHT`].
    pub fn relevance(&self, index: usize) -> usize {
        let title = self.title.get(index).copied().unwrap_or_default();
        let answers = self.answers.get(index).copied().unwrap_or_default();
        title.saturating_mul(TITLE_WEIGHT).saturating_add(answers)
    }
}

/// The index with the most hits, the first of equals; `None` when all are 0.
fn most(hits: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (index, &count) in hits.iter().enumerate() {
        if count > 0 && best.is_none_or(|(_, most)| count > most) {
            best = Some((index, count));
        }
    }
    best.map(|(index, _)| index)
}

/// The category index of each question (`questions` holds each question's sort key and
/// scores), with every category filled to [`MIN_QUESTIONS`] as the module docs describe.
pub fn assign(questions: &[(&str, Scores)]) -> Result<Vec<usize>, BuildError> {
    let mut chosen: Vec<usize> = questions.iter().map(|(_, s)| s.first_choice()).collect();
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for &index in &chosen {
        *counts.entry(index).or_default() += 1;
    }
    for (target, rule) in CATEGORIES.iter().enumerate() {
        while counts.get(&target).copied().unwrap_or_default() < MIN_QUESTIONS {
            let candidate = questions
                .iter()
                .zip(&chosen)
                .enumerate()
                .filter(|(_, (_, from))| {
                    **from != target
                        && counts.get(from).copied().unwrap_or_default() > MIN_QUESTIONS
                })
                .map(|(position, ((key, scores), _))| {
                    let rank = (scores.in_title(target), scores.relevance(target));
                    (rank, *key, position)
                })
                .filter(|((_, relevance), _, _)| *relevance > 0)
                .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(a.1)));
            let Some((_, _, position)) = candidate else {
                return Err(BuildError::BadValue {
                    file: super::FIQA_FILE.to_owned(),
                    message: format!(
                        "category {:?} holds fewer than {MIN_QUESTIONS} questions and none can move to it",
                        rule.name
                    ),
                });
            };
            if let Some(slot) = chosen.get_mut(position) {
                if let Some(from) = counts.get_mut(slot) {
                    *from = from.saturating_sub(1);
                }
                *slot = target;
                *counts.entry(target).or_default() += 1;
            }
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests;
