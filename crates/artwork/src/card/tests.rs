use std::collections::HashSet;

use super::*;

fn card<'a>(issuer: &'a str, name: &'a str) -> CardArt<'a> {
    CardArt {
        issuer,
        name,
        network: None,
        secured: false,
    }
}

/// The text of the first `<text>` element whose opening tag contains `marker`.
fn text_with(svg: &str, marker: &str) -> Option<String> {
    let start = svg.find(marker)?;
    let content = &svg[start..];
    let open_end = content.find('>')? + 1;
    let close = content.find("</text>")?;
    Some(content[open_end..close].to_owned())
}

fn gradient_id(svg: &str) -> String {
    let start = svg.find("linearGradient id=\"").unwrap() + "linearGradient id=\"".len();
    let end = svg[start..].find('"').unwrap() + start;
    svg[start..end].to_owned()
}

#[test]
fn the_box_is_fixed() {
    let svg = card_art(&card("Capital One", "Quicksilver"));
    assert!(svg.starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 101" width="160" height="101" role="img""#
    ));
    assert!(svg.ends_with("</svg>"));
}

#[test]
fn the_title_and_label_say_it_is_an_illustration() {
    let svg = card_art(&card("Capital One", "Quicksilver"));
    let label = "Illustration of the Quicksilver card by Capital One";
    assert!(svg.contains(&format!(r#"aria-label="{label}""#)));
    assert!(svg.contains(&format!("<title>{label}</title>")));
}

#[test]
fn the_title_comes_first_inside_the_svg() {
    let svg = card_art(&card("Capital One", "Quicksilver"));
    let open_end = svg.find('>').unwrap() + 1;
    assert!(svg[open_end..].starts_with("<title>"));
}

#[test]
fn a_name_ending_in_card_is_not_followed_by_card_again() {
    assert_eq!(
        card_label(&card("Chase", "Freedom Card")),
        "Illustration of the Freedom Card by Chase"
    );
}

#[test]
fn labels_without_a_name_or_issuer_still_read_well() {
    assert_eq!(
        card_label(&card("Chase", "")),
        "Illustration of a credit card by Chase"
    );
    assert_eq!(
        card_label(&card(" ", "Freedom")),
        "Illustration of the Freedom card"
    );
    assert_eq!(card_label(&card("", "")), "Illustration of a credit card");
}

#[test]
fn the_label_is_cleaned_and_escaped() {
    let svg = card_art(&card("AT&T\n  Universal", "\"Best\" <Card>"));
    assert!(svg.contains(
        "<title>Illustration of the &quot;Best&quot; &lt;Card&gt; card by AT&amp;T Universal</title>"
    ));
}

#[test]
fn the_issuer_is_drawn_top_left() {
    let svg = card_art(&card("Capital One", "Quicksilver"));
    assert_eq!(text_with(&svg, r#"y="20""#).as_deref(), Some("Capital One"));
}

#[test]
fn a_long_issuer_is_cut_to_22_characters() {
    let svg = card_art(&card("The Toronto-Dominion Bank of Canada", "Aeroplan"));
    let issuer = text_with(&svg, r#"y="20""#).unwrap();
    assert_eq!(issuer, "The Toronto-Dominion…");
    assert!(issuer.chars().count() <= 22);
}

#[test]
fn a_long_name_is_cut_to_26_characters() {
    let svg = card_art(&card(
        "Chase",
        "Sapphire Preferred Rewards Travel Visa Signature",
    ));
    let name = text_with(&svg, r#"y="74""#).unwrap();
    assert_eq!(name, "Sapphire Preferred Reward…");
    assert_eq!(name.chars().count(), 26);
}

#[test]
fn a_long_unicode_name_is_cut_between_characters() {
    let svg = card_art(&card(
        "Crédit Agricole",
        "Carte Électronique Étudiante Illimitée",
    ));
    assert_eq!(
        text_with(&svg, r#"y="74""#).as_deref(),
        Some("Carte Électronique Étudia…")
    );
}

#[test]
fn an_empty_issuer_or_name_draws_no_empty_text() {
    let svg = card_art(&card("", " "));
    assert!(!svg.contains(r#"y="20""#));
    assert!(!svg.contains(r#"y="74""#));
}

#[test]
fn known_networks_are_written_as_their_brands_write_them() {
    for (given, drawn) in [
        ("visa", "VISA"),
        ("Visa", "VISA"),
        ("MasterCard", "Mastercard"),
        ("American Express", "Amex"),
        ("AMEX", "Amex"),
        (" discover ", "Discover"),
    ] {
        assert_eq!(network_label(given), drawn, "{given}");
    }
}

#[test]
fn an_unknown_network_is_drawn_cleaned_and_cut() {
    assert_eq!(network_label("UnionPay"), "UnionPay");
    assert_eq!(network_label("Diners Club International"), "Diners Club…");
    assert_eq!(network_label("<JCB>"), "&lt;JCB&gt;");
}

#[test]
fn the_network_is_drawn_bottom_right_when_known() {
    let with = card_art(&CardArt {
        network: Some("Visa"),
        ..card("Capital One", "Quicksilver")
    });
    assert_eq!(
        text_with(&with, r#"text-anchor="end""#).as_deref(),
        Some("VISA")
    );
    let without = card_art(&card("Capital One", "Quicksilver"));
    assert!(!without.contains(r#"text-anchor="end""#));
    let blank = card_art(&CardArt {
        network: Some("  "),
        ..card("Capital One", "Quicksilver")
    });
    assert!(!blank.contains(r#"text-anchor="end""#));
}

#[test]
fn only_a_secured_card_has_the_secured_tag() {
    let secured = card_art(&CardArt {
        secured: true,
        ..card("Discover Bank", "it Secured")
    });
    assert!(secured.contains(">SECURED</text>"));
    let unsecured = card_art(&card("Discover Bank", "it Secured"));
    assert!(!unsecured.contains(">SECURED</text>"));
}

#[test]
fn every_card_says_illustration_on_its_face() {
    let svg = card_art(&card("", ""));
    assert!(svg.contains(">Illustration</text>"));
}

#[test]
fn script_in_the_data_never_appears_raw() {
    let svg = card_art(&CardArt {
        issuer: "<script>alert(1)</script>",
        name: "<script>",
        network: Some("<script>"),
        secured: true,
    });
    assert!(!svg.contains("<script"));
    assert!(svg.contains("&lt;script&gt;"));
}

#[test]
fn control_characters_are_dropped() {
    let svg = card_art(&card("Cap\u{0}ital\u{1b} One", "Quick\u{7}silver"));
    assert!(svg.contains("Illustration of the Quicksilver card by Capital One"));
    assert!(!svg.chars().any(char::is_control));
}

#[test]
fn the_same_card_is_drawn_the_same_way() {
    let a = CardArt {
        issuer: "Capital One",
        name: "Quicksilver",
        network: Some("Visa"),
        secured: true,
    };
    assert_eq!(card_art(&a), card_art(&a.clone()));
}

#[test]
fn the_colours_depend_on_the_issuer_only() {
    let a = card_art(&card("Capital One", "Quicksilver"));
    let b = card_art(&card("Capital One", "Venture X"));
    assert_eq!(gradient_id(&a), gradient_id(&b));
}

#[test]
fn different_issuers_usually_get_different_colours() {
    let issuers = [
        "American Express",
        "Bank of America",
        "Barclays",
        "Capital One",
        "Chase",
        "Citi",
        "Discover",
        "Navy Federal Credit Union",
        "PenFed Credit Union",
        "Synchrony Bank",
        "U.S. Bank",
        "Wells Fargo",
    ];
    let colours: HashSet<String> = issuers
        .iter()
        .map(|issuer| gradient_id(&card_art(&card(issuer, "Card"))))
        .collect();
    assert!(
        colours.len() >= 7,
        "only {} colours: {colours:?}",
        colours.len()
    );
}

#[test]
fn the_gradient_runs_from_the_issuers_colour_to_its_neighbour() {
    let index = palette::index_for("Capital One");
    let svg = card_art(&card("Capital One", "Quicksilver"));
    assert_eq!(gradient_id(&svg), format!("artwork-card-{index}"));
    let from = palette::colour_at(index).hex();
    let to = palette::colour_at(index + 1).hex();
    assert!(svg.contains(&format!(
        r#"<stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/>"#
    )));
}
