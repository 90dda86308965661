//! Property tests over the public API: whatever the data, the SVG is well-formed,
//! made only of the crate's own elements, with the data's text escaped and cut to
//! its limits, and nothing panics.

// Marked as test code so the workspace lints allow `unwrap` and indexing here too.
#![cfg(test)]

use artwork::{CardArt, InstitutionMark, card_art, initials, institution_mark};
use proptest::prelude::*;

/// The elements the crate draws; any other tag would have come from the data.
const KNOWN_ELEMENTS: [&str; 9] = [
    "svg",
    "title",
    "defs",
    "linearGradient",
    "stop",
    "rect",
    "path",
    "g",
    "text",
];

/// The entities the crate's escaping writes.
const KNOWN_ENTITIES: [&str; 5] = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"];

/// One element's text content, with each entity counted as one character.
struct Content {
    element: String,
    chars: usize,
}

/// Checks that `svg` is one well-formed `<svg>` element built from
/// [`KNOWN_ELEMENTS`] with double-quoted attributes, entities from
/// [`KNOWN_ENTITIES`] and no character XML cannot hold; returns the text contents.
fn check_well_formed(svg: &str) -> Result<Vec<Content>, String> {
    if let Some(c) = svg
        .chars()
        .find(|&c| c.is_control() || c == '\u{fffe}' || c == '\u{ffff}')
    {
        return Err(format!("character {c:?} in the output"));
    }
    let mut open: Vec<String> = Vec::new();
    let mut contents = Vec::new();
    let mut roots = 0;
    let mut rest = svg;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').ok_or("unclosed end tag")?;
            let name = &after[..end];
            if open.pop().as_deref() != Some(name) {
                return Err(format!("unexpected </{name}>"));
            }
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('<') {
            if open.is_empty() {
                roots += 1;
            }
            let name_end = after.find([' ', '>', '/']).ok_or("unclosed tag")?;
            let name = &after[..name_end];
            if !KNOWN_ELEMENTS.contains(&name) {
                return Err(format!("unknown element <{name}>"));
            }
            let mut tag = &after[name_end..];
            loop {
                tag = tag.trim_start_matches(' ');
                if let Some(after_tag) = tag.strip_prefix("/>") {
                    rest = after_tag;
                    break;
                }
                if let Some(after_tag) = tag.strip_prefix('>') {
                    open.push(name.to_owned());
                    rest = after_tag;
                    break;
                }
                let eq = tag.find("=\"").ok_or("attribute without a quoted value")?;
                let attribute = &tag[..eq];
                if attribute.is_empty()
                    || !attribute
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-')
                {
                    return Err(format!("bad attribute name {attribute:?}"));
                }
                let value_start = eq + 2;
                let value_len = tag[value_start..].find('"').ok_or("unclosed attribute")?;
                let value = &tag[value_start..value_start + value_len];
                if value.contains('<') {
                    return Err(format!("< in attribute {attribute}"));
                }
                check_entities(value)?;
                tag = &tag[value_start + value_len + 1..];
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..end];
            let element = open.last().ok_or("text outside the root element")?;
            if text.contains('>') {
                return Err(format!("unescaped > in {text:?}"));
            }
            contents.push(Content {
                element: element.clone(),
                chars: check_entities(text)?,
            });
            rest = &rest[end..];
        }
    }
    if !open.is_empty() {
        return Err(format!("unclosed elements {open:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(contents)
}

/// Checks that every `&` in `text` starts a known entity; returns the number of
/// characters `text` stands for.
fn check_entities(text: &str) -> Result<usize, String> {
    let mut chars = 0;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '&' {
            let entity = KNOWN_ENTITIES
                .iter()
                .find(|entity| rest.starts_with(*entity))
                .ok_or_else(|| format!("bare & in {text:?}"))?;
            rest = &rest[entity.len()..];
        } else {
            rest = &rest[c.len_utf8()..];
        }
        chars += 1;
    }
    Ok(chars)
}

/// Text that tries to break out: markup, entities, quotes, control characters,
/// noncharacters, blanks, combining marks and astral characters, or anything at all.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("<script>alert(1)</script>".to_owned()),
        Just("</svg>".to_owned()),
        Just("]]>".to_owned()),
        Just("&amp;".to_owned()),
        Just("&".to_owned()),
        Just("\"".to_owned()),
        Just("'".to_owned()),
        Just("\u{0}".to_owned()),
        Just("\u{1b}".to_owned()),
        Just("\u{85}".to_owned()),
        Just("\u{fffe}".to_owned()),
        Just(" ".to_owned()),
        Just("\n\t".to_owned()),
        Just("é".to_owned()),
        Just("\u{301}".to_owned()),
        Just("🙂".to_owned()),
        Just("N.A.".to_owned()),
        "[a-zA-Z.,]{1,8}",
    ];
    prop_oneof![
        any::<String>(),
        proptest::collection::vec(piece, 0..16).prop_map(|pieces| pieces.concat()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_card_is_well_formed_and_escaped(
        issuer in hostile_text(),
        name in hostile_text(),
        network in proptest::option::of(hostile_text()),
        secured in any::<bool>(),
    ) {
        let svg = card_art(&CardArt {
            issuer: &issuer,
            name: &name,
            network: network.as_deref(),
            secured,
        });
        prop_assert!(svg.starts_with("<svg"));
        prop_assert!(svg.ends_with("</svg>"));
        prop_assert!(!svg.contains("<script"));
        let contents = check_well_formed(&svg).map_err(TestCaseError::fail)?;
        prop_assert!(svg.contains("<title>Illustration of "));
        for content in contents.iter().filter(|content| content.element == "text") {
            prop_assert!(content.chars <= 26, "{} characters", content.chars);
        }
    }

    #[test]
    fn any_mark_is_well_formed_and_escaped(name in hostile_text()) {
        let svg = institution_mark(&InstitutionMark { name: &name });
        prop_assert!(svg.starts_with("<svg"));
        prop_assert!(svg.ends_with("</svg>"));
        prop_assert!(!svg.contains("<script"));
        let contents = check_well_formed(&svg).map_err(TestCaseError::fail)?;
        prop_assert!(svg.contains("<title>Illustration: mark for "));
        for content in contents.iter().filter(|content| content.element == "text") {
            prop_assert!((1..=2).contains(&content.chars), "{} characters", content.chars);
        }
    }

    #[test]
    fn initials_are_one_or_two_characters(name in hostile_text()) {
        let count = initials(&name).chars().count();
        prop_assert!((1..=2).contains(&count), "{count} characters");
    }

    #[test]
    fn the_same_data_draws_the_same_picture(issuer in hostile_text(), name in hostile_text()) {
        let card = CardArt { issuer: &issuer, name: &name, network: Some("Visa"), secured: true };
        prop_assert_eq!(card_art(&card), card_art(&card));
        let mark = InstitutionMark { name: &issuer };
        prop_assert_eq!(institution_mark(&mark), institution_mark(&mark));
    }
}

#[test]
fn the_checker_rejects_broken_markup() {
    assert!(check_well_formed("<svg><text>a</text></svg>").is_ok());
    assert!(check_well_formed("<svg><script>x</script></svg>").is_err());
    assert!(check_well_formed("<svg><text>a & b</text></svg>").is_err());
    assert!(check_well_formed("<svg><text>a</svg>").is_err());
    assert!(check_well_formed(r#"<svg aria-label="a"b"></svg>"#).is_err());
    assert!(check_well_formed("<svg></svg><svg></svg>").is_err());
    assert!(check_well_formed("<svg>\u{0}</svg>").is_err());
}
