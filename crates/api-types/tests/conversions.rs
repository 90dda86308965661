//! Domain values convert into the wire types with the figures the domain crates compute.
#![cfg(test)]

use api_types::{
    offer::{ApplyTarget, OfferSummary},
    rating::{RateResponse, RatingView, StarPiece},
    write_status::WriteStatus,
};
use catalogue::LargeBanks;
use offer_model::Offer;
use rust_decimal_macros::dec;

fn offer(file: &str) -> Offer {
    let path = format!(
        "{}/../offer-model/tests/data/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    Offer::from_json(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn rating_view_carries_the_ratings_crate_display() {
    let view = RatingView::from(ratings::Rating::new(dec!(4.33)).unwrap());
    assert_eq!(view.value, "4.33");
    assert_eq!(view.text, "4.3");
    assert_eq!(view.bar_width_percent, "86.6");
    assert_eq!(
        view.fractional_stars,
        vec![
            StarPiece::Full,
            StarPiece::Full,
            StarPiece::Full,
            StarPiece::Full,
            StarPiece::Quarter
        ]
    );
    assert_eq!(view.half_stars[4], StarPiece::Half);
}

#[test]
fn rate_response_reads_into_the_vote_machine_input() {
    let wire: RateResponse =
        serde_json::from_str(r#"{"error":false,"guest":false,"reviews":12,"rating":"4.5"}"#)
            .unwrap();
    let domain = ratings::VoteResponse::from(wire);
    assert_eq!(domain.votes(), Some(12));
    assert_eq!(domain.rating.map(|r| r.value()), Some(dec!(4.5)));
}

#[test]
fn rate_response_with_an_unreadable_rating_drops_it_and_keeps_the_rest() {
    let wire: RateResponse =
        serde_json::from_str(r#"{"error":true,"guest":true,"rating":"lots"}"#).unwrap();
    let domain = ratings::VoteResponse::from(wire);
    assert!(domain.error && domain.guest);
    assert_eq!(domain.rating, None);
}

#[test]
fn rate_response_omits_absent_fields_on_the_wire() {
    let json = serde_json::to_value(RateResponse {
        status: WriteStatus {
            guest: true,
            error: true,
            ..WriteStatus::default()
        },
        ..RateResponse::default()
    })
    .unwrap();
    assert_eq!(json, serde_json::json!({"error": true, "guest": true}));
}

#[test]
fn credit_card_summary_formats_every_figure() {
    let summary =
        OfferSummary::from_offer(&offer("credit_card.upper.json"), "", &LargeBanks::default());
    insta::assert_json_snapshot!("credit_card_summary", summary);
}

#[test]
fn savings_summary_carries_its_rate_table() {
    let summary =
        OfferSummary::from_offer(&offer("savings.upper.json"), "", &LargeBanks::default());
    let table = summary
        .rate_table
        .as_ref()
        .expect("tiered savings has a table");
    assert!(table.rows.len() >= 2);
    assert_eq!(
        table
            .rate_info
            .parse::<offer_model::RateTiers>()
            .map(|t| t.len()),
        Ok(table.rows.len())
    );
    insta::assert_json_snapshot!("savings_summary", summary);
}

#[test]
fn a_rate_table_without_an_apy_shows_its_highest_tier_as_up_to() {
    let raw = serde_json::json!({"ID": "s", "NAME": "Test Savings", "TYPE": "svg",
        "RATE_INFO_STR": "0|9999.99|0.50|0.50,10000|99999999|3.92|4.00"});
    let summary =
        OfferSummary::from_offer(&Offer::from_json(&raw).unwrap(), "", &LargeBanks::default());
    assert_eq!(summary.apy.display, "Up to 4.00%");
    assert_eq!(summary.apy.value.as_deref(), Some("4"));
    // A stated APY is shown as stated.
    let stated = serde_json::json!({"ID": "t", "NAME": "Test Savings", "TYPE": "svg",
        "APY": "3%", "RATE_INFO_STR": "0|99999999|2.96|3"});
    let summary = OfferSummary::from_offer(
        &Offer::from_json(&stated).unwrap(),
        "",
        &LargeBanks::default(),
    );
    assert_eq!(summary.apy.display, "3.00%");
}

#[test]
fn offer_without_tracking_url_applies_through_the_site_redirect() {
    let mut offer = offer("credit_card.upper.json");
    offer.links.tracking_url = None;
    offer.links.manual_apply = false;
    assert!(
        offer.links.rates_fees_url.is_some(),
        "the issuer page to send to"
    );
    let summary = OfferSummary::from_offer(&offer, "", &LargeBanks::default());
    assert!(
        matches!(&summary.apply, ApplyTarget::Redirect(url) if url.starts_with("/r/?id=") && url.ends_with('c')),
        "{:?}",
        summary.apply
    );
}

#[test]
fn offer_without_tracking_url_or_issuer_page_has_no_apply_link() {
    let mut offer = offer("credit_card.upper.json");
    offer.links.tracking_url = None;
    for page in [None, Some("http:www.bank.example"), Some("/d/card")] {
        offer.links.rates_fees_url = page.map(str::to_owned);
        assert_eq!(
            OfferSummary::from_offer(&offer, "", &LargeBanks::default()).apply,
            ApplyTarget::None,
            "{page:?}"
        );
    }
}

#[test]
fn manual_apply_offer_has_no_apply_link() {
    let mut offer = offer("credit_card.upper.json");
    offer.links.tracking_url = Some("https://issuer.example/apply".to_owned());
    offer.links.manual_apply = true;
    assert_eq!(
        OfferSummary::from_offer(&offer, "", &LargeBanks::default()).apply,
        ApplyTarget::None
    );
}

#[test]
fn missing_fee_shows_not_available_and_missing_bonus_shows_none() {
    let mut offer = offer("credit_card.upper.json");
    offer.fees.annual_fee = None;
    offer.rewards.initial_bonus = None;
    let summary = OfferSummary::from_offer(&offer, "", &LargeBanks::default());
    assert_eq!(summary.annual_fee.display, "N/A");
    assert_eq!(summary.annual_fee.value, None);
    assert_eq!(summary.initial_bonus.display, "None");
}

#[test]
fn a_card_with_a_rates_and_fees_page_links_to_it_through_the_redirect() {
    let summary = |json: serde_json::Value| {
        let offer = Offer::from_json(&json).unwrap();
        OfferSummary::from_offer(&offer, "", &LargeBanks::default()).rates_and_fees_path
    };
    let card = serde_json::json!({"ID": "a", "PID": "77", "NAME": "Card A",
        "TRACKING_URL": "https://aff.example/apply", "RATES_FEES_URL": " https://issuer.example/rates "});
    assert_eq!(summary(card).as_deref(), Some("/r/?id=77c&rf=1"));
    // Without a tracking address the apply link already opens that page: no second link.
    let same = serde_json::json!({"ID": "a", "PID": "77", "NAME": "Card A",
        "RATES_FEES_URL": "https://issuer.example/card"});
    assert_eq!(summary(same), None);
    // No page, a page that is no web address, or a product that is no card: no link.
    assert_eq!(
        summary(serde_json::json!({"ID": "b", "NAME": "Card B"})),
        None
    );
    assert_eq!(
        summary(
            serde_json::json!({"ID": "c", "NAME": "Card C", "RATES_FEES_URL": "javascript:alert(1)"})
        ),
        None
    );
    assert_eq!(
        summary(
            serde_json::json!({"ID": "s", "NAME": "Savings", "TYPE": "svg",
            "RATES_FEES_URL": "https://bank.example/rates"})
        ),
        None
    );
}

#[test]
fn each_of_several_sources_keeps_its_own_address() {
    let offer = offer_model::Offer::from_json(&serde_json::json!({
        "ID": "c1", "NAME": "Card", "TYPE": "none",
        "SOURCE": "CFPB survey; Bonus data",
        "SOURCE_URL": "https://example.gov/survey ; https://example.org/bonus",
    }))
    .unwrap();
    let provenance = api_types::offer::Provenance::from(&offer.provenance);
    let pairs: Vec<(&str, Option<&str>)> = provenance
        .sources
        .iter()
        .map(|s| (s.name.as_str(), s.url.as_deref()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("CFPB survey", Some("https://example.gov/survey")),
            ("Bonus data", Some("https://example.org/bonus"))
        ]
    );
    // The one address is the first source's, never the two joined.
    assert_eq!(
        provenance.source_url.as_deref(),
        Some("https://example.gov/survey")
    );
}

#[test]
fn a_description_with_a_semicolon_and_one_address_is_one_source() {
    let offer = offer_model::Offer::from_json(&serde_json::json!({
        "ID": "s1", "NAME": "Savings (illustrative)", "TYPE": "svg", "PDT_TYPE": "Savings",
        "SOURCE": "Illustrative; rates modelled on FDIC national rates and rate caps",
        "SOURCE_URL": "https://www.fdic.gov/national-rates-and-rate-caps",
    }))
    .unwrap();
    let provenance = api_types::offer::Provenance::from(&offer.provenance);
    assert_eq!(provenance.sources.len(), 1);
    assert_eq!(
        provenance.sources[0].name,
        "Illustrative; rates modelled on FDIC national rates and rate caps"
    );
    assert_eq!(
        provenance.sources[0].url.as_deref(),
        Some("https://www.fdic.gov/national-rates-and-rate-caps")
    );
    assert_eq!(
        provenance.source_url.as_deref(),
        Some("https://www.fdic.gov/national-rates-and-rate-caps")
    );
}
