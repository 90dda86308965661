//! The sample personas who ask and answer the community questions. They are made up for
//! this site: FiQA keeps no authors. Staff personas are sample editor accounts; they answer
//! but never ask.
//!
//! Each persona's avatar is `/assets/avatars/sample-N.svg`, N its position in [`PERSONAS`]
//! plus one: a coloured circle with the initials, kept in `frontend/public/assets/avatars/`
//! (Vite copies `public/` into the build as it is).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::BuildError;

/// One persona as the fixture lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Author {
    /// The login, lower-case `[a-z0-9_]`; questions and answers name their author by it.
    pub login: String,
    /// The full name.
    pub name: String,
    /// The title shown under the name.
    pub title: String,
    /// The avatar's site path.
    pub avatar: String,
    /// Whether the persona is a (sample) staff account.
    pub staff: bool,
}

/// Login, name, title and whether staff, of every persona.
pub const PERSONAS: [(&str, &str, &str, bool); 17] = [
    ("maria_budgets", "Maria Alvarez", "Community member", false),
    (
        "dan_cpa",
        "Daniel Okafor",
        "Certified Public Accountant",
        false,
    ),
    ("priya_saves", "Priya Raman", "Community member", false),
    ("tom_teller", "Tom Becker", "Former bank teller", false),
    (
        "grace_cfp",
        "Grace Lindqvist",
        "Certified Financial Planner",
        false,
    ),
    (
        "sam_points",
        "Sam Whitfield",
        "Points and miles hobbyist",
        false,
    ),
    ("lena_k", "Lena Kowalski", "Community member", false),
    ("jorge_index", "Jorge Medina", "Retired engineer", false),
    (
        "aisha_debtfree",
        "Aisha Bello",
        "Paid off her student loans",
        false,
    ),
    ("kenji_t", "Kenji Tanaka", "Small-business owner", false),
    ("ruth_loans", "Ruth Delgado", "Former loan officer", false),
    ("oliver_ng", "Oliver Ng", "Community member", false),
    ("nora_credit", "Nora Haddad", "Credit counselor", false),
    ("ben_frugal", "Ben Castillo", "Community member", false),
    ("plainrate_jane", "Jane Porter", "Plainrate editor", true),
    ("plainrate_marcus", "Marcus Reid", "Plainrate editor", true),
    (
        "plainrate_ines",
        "Ines Moreau",
        "Plainrate community editor",
        true,
    ),
];

/// The site path of the avatar of the persona at `index` in [`PERSONAS`].
pub fn avatar_path(index: usize) -> String {
    format!("/assets/avatars/{}", avatar_file(index))
}

/// Every persona, in [`PERSONAS`] order.
pub fn all() -> Vec<Author> {
    PERSONAS
        .iter()
        .enumerate()
        .map(|(index, (login, name, title, staff))| Author {
            login: (*login).to_owned(),
            name: (*name).to_owned(),
            title: (*title).to_owned(),
            avatar: avatar_path(index),
            staff: *staff,
        })
        .collect()
}

/// Background colours of the avatars, in turn; white text on each has a contrast ratio of at
/// least 4.5:1 (WCAG AA).
pub const AVATAR_COLOURS: [&str; 8] = [
    "#0b5cad", "#1e6b3a", "#9c2f2f", "#6b3fa0", "#a1460b", "#0f6e75", "#7a4b00", "#374151",
];

/// The avatar file (SVG) of the persona at `index` in [`PERSONAS`]: a circle in one of the
/// [`AVATAR_COLOURS`] with the initials in white, and a final newline.
pub fn avatar_svg(index: usize) -> Option<String> {
    let (_, name, _, _) = PERSONAS.get(index)?;
    let colour = AVATAR_COLOURS.get(index % AVATAR_COLOURS.len())?;
    Some(format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">"##,
            r##"<circle cx="32" cy="32" r="32" fill="{colour}"/>"##,
            r##"<text x="32" y="41" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" "##,
            r##"font-size="24" font-weight="700" fill="#fff">{initials}</text></svg>"##,
            "\n"
        ),
        colour = colour,
        initials = initials(name),
    ))
}

/// The file name of the avatar of the persona at `index` in [`PERSONAS`].
pub fn avatar_file(index: usize) -> String {
    format!("sample-{}.svg", index.saturating_add(1))
}

/// Writes every persona's avatar ([`avatar_svg`]) into `folder` (created if missing).
pub fn write_avatars(folder: &Path) -> Result<(), BuildError> {
    std::fs::create_dir_all(folder).map_err(|error| crate::io_error(folder, &error))?;
    for (index, svg) in (0..PERSONAS.len()).filter_map(|i| Some((i, avatar_svg(i)?))) {
        let path = folder.join(avatar_file(index));
        std::fs::write(&path, svg).map_err(|error| crate::io_error(&path, &error))?;
    }
    Ok(())
}

/// The initials of a name: the first letter of its first and last words, upper-case.
pub fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    [words.first(), words.last().filter(|_| words.len() > 1)]
        .into_iter()
        .flatten()
        .filter_map(|word| word.chars().next())
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests;
