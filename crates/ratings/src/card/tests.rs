use rust_decimal_macros::dec;

use super::*;

fn card() -> CardRatings {
    CardRatings {
        overall: Some(Rating::clamped(dec!(4.3))),
        need: Some("rewards".to_owned()),
        editor: Some(Rating::clamped(dec!(4.5))),
        user_reviews: Some(Rating::clamped(dec!(3.9))),
        votes: 25,
        market_comparison: Some(Rating::clamped(dec!(4))),
        components: vec![RatingComponent {
            label: "Fees".to_owned(),
            rating: Rating::clamped(dec!(2.25)),
        }],
    }
}

#[test]
fn sources_take_the_user_reviews_votes_and_editor_rating() {
    let sources = card().sources();
    assert_eq!(sources.user_review, Some(Rating::clamped(dec!(3.9))));
    assert_eq!(sources.votes, 25);
    assert_eq!(sources.editor_rating, Some(Rating::clamped(dec!(4.5))));
}

#[test]
fn overall_display_shows_one_decimal() {
    assert_eq!(
        card().overall_display().map(|shown| shown.text),
        Some("4.3".to_owned())
    );
}

#[test]
fn a_card_without_an_overall_rating_has_no_overall_display() {
    assert_eq!(CardRatings::default().overall_display(), None);
}

#[test]
fn component_displays_keep_their_labels() {
    let card = card();
    let displays = card.component_displays();
    let texts: Vec<_> = displays
        .iter()
        .map(|(label, shown)| (*label, shown.text.as_str()))
        .collect();
    assert_eq!(texts, vec![("Fees", "2.3")]);
}

#[test]
fn card_ratings_use_camel_case_json() {
    let json = serde_json::to_value(card()).unwrap();
    assert_eq!(json["userReviews"], "3.9");
    assert_eq!(json["marketComparison"], "4");
}
