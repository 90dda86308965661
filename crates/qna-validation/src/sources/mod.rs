//! Public sources whose questions and answers the community area shows, and how each is
//! attributed.
//!
//! Text taken from a public source is shown as what it is: attributed to the source and its
//! licence, never to a person the source does not name. The area stores such text under one
//! account per source (its [`Source::key`]); that account is never shown as a member, and its
//! questions and answers carry no date or vote count from the source, because the source
//! gives none.

#[cfg(test)]
mod tests;

/// A public source of questions and answers, with what its licence asks of whoever shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// The stored key of the source (also the login of the account its text is stored under).
    pub key: &'static str,
    /// The source's name as shown.
    pub name: &'static str,
    /// Where the source publishes the text.
    pub url: &'static str,
    /// The licence's short name as shown.
    pub licence: &'static str,
    /// Where the licence (and, for a source under several versions, which one covers
    /// which text) is stated.
    pub licence_url: &'static str,
    /// What the source does not record and what this site changed, shown with each item
    /// (share-alike licences ask that changes be indicated).
    pub note: &'static str,
}

/// The FiQA-2018 (task 2) personal-finance pairs, drawn from Personal Finance & Money Stack
/// Exchange posts. The pairs carry no post address, author or date, so each item is
/// attributed to the site as a whole and its licence.
pub const FIQA: Source = Source {
    key: "fiqa",
    name: "Personal Finance & Money Stack Exchange",
    url: "https://money.stackexchange.com/",
    licence: "CC BY-SA",
    // Posts of 2009 to 2017 are under CC BY-SA 2.5 or 3.0 by their date; Stack Exchange's
    // page says which version covers which post.
    licence_url: "https://stackoverflow.com/help/licensing",
    note: "Via the FiQA-2018 dataset, which records no author, date or votes. Titles shortened to fit this site; text otherwise as published.",
};

/// Every source the area knows.
pub const SOURCES: [Source; 1] = [FIQA];

/// The source stored under `key`, if the area knows one.
pub fn by_key(key: &str) -> Option<&'static Source> {
    SOURCES.iter().find(|source| source.key == key)
}
