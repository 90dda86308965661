use super::*;

#[test]
fn logins_are_unique_lower_case_and_three_are_staff() {
    let all = all();
    assert!((12..=20).contains(&all.len()));
    let mut logins: Vec<&str> = all.iter().map(|a| a.login.as_str()).collect();
    assert!(logins.iter().all(|l| {
        !l.is_empty()
            && l.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    }));
    logins.sort_unstable();
    logins.dedup();
    assert_eq!(logins.len(), all.len());
    assert_eq!(all.iter().filter(|a| a.staff).count(), 3);
    assert_eq!(all[0].avatar, "/assets/avatars/sample-1.svg");
}

#[test]
fn avatars_show_the_initials() {
    assert_eq!(initials("Maria Alvarez"), "MA");
    assert_eq!(initials("Cher"), "C");
    assert_eq!(initials(""), "");
    let svg = avatar_svg(0).unwrap();
    assert!(
        svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
        "{svg}"
    );
    assert!(svg.contains(">MA</text>"), "{svg}");
    assert_eq!(avatar_svg(PERSONAS.len()), None);
}
