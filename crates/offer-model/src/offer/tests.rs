use super::*;
use crate::text_lists::ListSource;
use proptest::prelude::*;
use ratings::{Rating, RatingError};
use rust_decimal_macros::dec;
use serde_json::json;

/// Reads `fields` plus a required id and name.
fn read(fields: Value) -> Result<Offer, OfferError> {
    let mut object = json!({"ID": "1", "NAME": "Card"});
    if let (Some(base), Value::Object(extra)) = (object.as_object_mut(), fields) {
        base.extend(extra);
    }
    Offer::from_json(&object)
}

fn offer(fields: Value) -> Offer {
    read(fields).unwrap()
}

fn error(fields: Value) -> OfferError {
    read(fields).unwrap_err()
}

// Shape and required fields.

#[test]
fn non_object_is_rejected() {
    assert_eq!(
        Offer::from_json(&json!([1, 2])),
        Err(OfferError::NotAnObject { found: "a list" })
    );
}

#[test]
fn id_and_name_are_enough() {
    let offer = offer(json!({}));
    assert_eq!(offer.identity.id.as_str(), "1");
    assert_eq!(offer.identity.name.as_str(), "Card");
    assert_eq!(
        offer,
        Offer::new(
            ProductType::CreditCard,
            offer.identity.id.clone(),
            offer.identity.name.clone()
        )
    );
}

#[test]
fn missing_id_is_rejected() {
    assert_eq!(
        Offer::from_json(&json!({"NAME": "Card"})),
        Err(OfferError::MissingField { field: "ID" })
    );
}

#[test]
fn blank_id_is_missing() {
    assert_eq!(
        Offer::from_json(&json!({"ID": "  ", "NAME": "Card"})),
        Err(OfferError::MissingField { field: "ID" })
    );
}

#[test]
fn missing_name_is_rejected() {
    assert_eq!(
        Offer::from_json(&json!({"ID": 7})),
        Err(OfferError::MissingField { field: "NAME" })
    );
}

#[test]
fn numeric_id_is_kept_as_its_digits() {
    let offer = Offer::from_json(&json!({"id": 1234, "name": "Card"})).unwrap();
    assert_eq!(offer.identity.id.as_str(), "1234");
}

#[test]
fn unknown_fields_are_ignored() {
    assert_eq!(
        offer(json!({"SOMETHING_ELSE": [1, {"a": 2}]})),
        offer(json!({}))
    );
}

// Field name spellings.

#[test]
fn upper_and_lower_case_names_are_the_same_field() {
    assert_eq!(
        offer(json!({"ANNUAL_FEE": "$95"})).fees.annual_fee,
        offer(json!({"annual_fee": "$95"})).fees.annual_fee
    );
    assert_eq!(
        offer(json!({"annual_fee": "$95"})).fees.annual_fee,
        Some(Amount::Dollars(dec!(95)))
    );
}

#[test]
fn mixed_case_names_are_matched_too() {
    assert!(offer(json!({"Wh_Affiliate_Link": "Y"})).links.affiliate);
    assert_eq!(
        offer(json!({"REDIRPID": "9"}))
            .identity
            .redir_pid
            .as_deref(),
        Some("9")
    );
}

#[test]
fn issuer_is_read_from_inst_name_too() {
    assert_eq!(
        offer(json!({"inst_name": "First Bank"}))
            .identity
            .issuer
            .as_deref(),
        Some("First Bank")
    );
}

#[test]
fn issuer_is_preferred_to_inst_name() {
    assert_eq!(
        offer(json!({"inst_name": "B", "ISSUER": "A"}))
            .identity
            .issuer
            .as_deref(),
        Some("A")
    );
}

#[test]
fn upper_case_spelling_wins_over_lower_case() {
    assert_eq!(
        offer(json!({"annual_fee": "$1", "ANNUAL_FEE": "$2"}))
            .fees
            .annual_fee,
        Some(Amount::Dollars(dec!(2)))
    );
}

#[test]
fn blank_upper_case_value_does_not_hide_the_lower_case_one() {
    assert_eq!(
        offer(json!({"ANNUAL_FEE": " ", "annual_fee": "$3"}))
            .fees
            .annual_fee,
        Some(Amount::Dollars(dec!(3)))
    );
}

#[test]
fn approval_odds_is_read_in_its_spec_spelling() {
    assert_eq!(
        offer(json!({"ApprovalOdds": "Good"}))
            .eligibility
            .approval_odds
            .as_deref(),
        Some("Good")
    );
}

// Missing values and text.

#[test]
fn empty_string_and_null_are_missing() {
    let read = offer(json!({"DISCLAIMER": "", "NETWORK": null, "ANNUAL_FEE": "  "}));
    assert_eq!(read.ratings.disclaimer, None);
    assert_eq!(read.identity.network, None);
    assert_eq!(read.fees.annual_fee, None);
}

#[test]
fn text_is_trimmed() {
    assert_eq!(
        offer(json!({"NETWORK": "  Visa "}))
            .identity
            .network
            .as_deref(),
        Some("Visa")
    );
}

#[test]
fn number_in_a_text_field_is_its_digits() {
    assert_eq!(
        offer(json!({"PID": 77})).identity.pid.as_deref(),
        Some("77")
    );
}

#[test]
fn list_in_a_text_field_is_rejected_naming_the_field() {
    assert_eq!(
        error(json!({"network": ["Visa"]})),
        OfferError::InvalidField {
            field: "NETWORK",
            problem: FieldError::WrongJsonType {
                expected: "text or a number",
                found: "a list"
            }
        }
    );
}

#[test]
fn boolean_in_a_text_field_is_rejected() {
    assert_eq!(
        error(json!({"DISCLAIMER": true})).field(),
        Some("DISCLAIMER")
    );
}

// Flags.

fn flag(value: Value) -> Result<bool, OfferError> {
    read(json!({ "DISCONTINUED": value })).map(|offer| offer.links.discontinued)
}

#[test]
fn flag_strings_in_every_spelling_are_read() {
    for yes in ["Y", "y", "yes", "true", "TRUE", "1"] {
        assert_eq!(flag(json!(yes)), Ok(true), "{yes}");
    }
    for no in ["N", "n", "no", "false", "0"] {
        assert_eq!(flag(json!(no)), Ok(false), "{no}");
    }
}

#[test]
fn json_booleans_are_flags() {
    assert_eq!(flag(json!(true)), Ok(true));
    assert_eq!(flag(json!(false)), Ok(false));
}

#[test]
fn json_one_and_zero_are_flags() {
    assert_eq!(flag(json!(1)), Ok(true));
    assert_eq!(flag(json!(0)), Ok(false));
}

#[test]
fn empty_or_missing_flag_is_false() {
    assert_eq!(flag(json!("")), Ok(false));
    assert_eq!(flag(Value::Null), Ok(false));
    assert!(!offer(json!({})).links.discontinued);
}

#[test]
fn other_flag_is_rejected_naming_the_field() {
    assert_eq!(
        flag(json!("sometimes")),
        Err(OfferError::InvalidField {
            field: "DISCONTINUED",
            problem: FieldError::Flag(FlagError::NotAFlag {
                value: "sometimes".into()
            })
        })
    );
    assert_eq!(flag(json!(2)).unwrap_err().field(), Some("DISCONTINUED"));
    assert_eq!(flag(json!({})).unwrap_err().field(), Some("DISCONTINUED"));
}

// Numbers and amounts.

#[test]
fn json_number_amount_is_a_number() {
    assert_eq!(
        offer(json!({"ANNUAL_FEE": 95})).fees.annual_fee,
        Some(Amount::Number(dec!(95)))
    );
    assert_eq!(
        offer(json!({"APR": 17.99})).loan.apr,
        Some(Amount::Number(dec!(17.99)))
    );
}

#[test]
fn string_amounts_with_dollar_percent_and_commas_are_numbers() {
    let read = offer(json!({"MIN_TO_OPEN": "$1,000", "APY": "4.35%"}));
    assert_eq!(read.banking.min_to_open, Some(Amount::Dollars(dec!(1000))));
    assert_eq!(read.banking.apy, Some(Amount::Percent(dec!(4.35))));
}

#[test]
fn amount_that_is_not_plain_keeps_its_text() {
    assert_eq!(
        offer(json!({"ANNUAL_FEE": "$0 intro, then $95"}))
            .fees
            .annual_fee,
        Some(Amount::Text("$0 intro, then $95".into()))
    );
}

#[test]
fn balance_transfer_fee_is_read_from_bt_fee() {
    assert_eq!(
        offer(json!({"bt_fee": "3%"})).fees.balance_transfer_fee,
        Some(Amount::Percent(dec!(3)))
    );
}

#[test]
fn rating_is_read_as_a_decimal() {
    let read = offer(json!({"RATING": "4.5", "editors_rating": 3.8}));
    assert_eq!(read.ratings.rating.map(Rating::value), Some(dec!(4.5)));
    assert_eq!(
        read.ratings.editors_rating.map(Rating::value),
        Some(dec!(3.8))
    );
}

#[test]
fn rating_of_five_is_accepted_and_above_five_is_rejected() {
    assert!(read(json!({"RATING": 5})).is_ok());
    assert_eq!(
        error(json!({"RATING": "5.1"})),
        OfferError::InvalidField {
            field: "RATING",
            problem: FieldError::Rating(RatingError::OutOfRange {
                value: "5.1".into()
            })
        }
    );
}

#[test]
fn rating_of_zero_is_accepted_and_below_zero_is_rejected() {
    assert_eq!(
        offer(json!({"RATING": 0})).ratings.rating,
        Some(Rating::ZERO)
    );
    assert_eq!(
        offer(json!({"RATING": "-0"})).ratings.rating,
        Some(Rating::ZERO)
    );
    assert_eq!(
        error(json!({"RATING": "-0.01"})),
        OfferError::InvalidField {
            field: "RATING",
            problem: FieldError::Rating(RatingError::OutOfRange {
                value: "-0.01".into()
            })
        }
    );
}

#[test]
fn rating_is_kept_normalised() {
    let read = offer(json!({"RATING": " 4.50 ", "EDITORS_RATING": 4.0}));
    assert_eq!(
        read.ratings.rating.map(|r| r.to_string()).as_deref(),
        Some("4.5")
    );
    assert_eq!(
        read.ratings
            .editors_rating
            .map(|r| r.to_string())
            .as_deref(),
        Some("4")
    );
}

#[test]
fn rating_accepts_the_spellings_of_every_numeric_field() {
    for (raw, expected) in [
        (json!("$4.5"), dec!(4.5)),
        (json!("4.5%"), dec!(4.5)),
        (json!("4.5e0"), dec!(4.5)),
        (json!(4.5e-7), dec!(0.00000045)),
    ] {
        assert_eq!(
            offer(json!({ "RATING": raw.clone() }))
                .ratings
                .rating
                .map(Rating::value),
            Some(expected),
            "{raw}"
        );
    }
}

#[test]
fn rating_that_is_text_is_rejected_naming_the_field() {
    assert_eq!(
        error(json!({"wh_ratings": " good "})),
        OfferError::InvalidField {
            field: "WH_RATINGS",
            problem: FieldError::Rating(RatingError::NotANumber {
                input: "good".into()
            })
        }
    );
}

#[test]
fn reviews_are_a_whole_number_of_votes() {
    assert_eq!(
        offer(json!({"REVIEWS": "1,234"})).ratings.reviews,
        Some(1234)
    );
    assert_eq!(offer(json!({"reviews": 10})).ratings.reviews, Some(10));
    assert_eq!(offer(json!({"reviews": "0"})).ratings.reviews, Some(0));
}

#[test]
fn fractional_or_negative_reviews_are_rejected() {
    for bad in [json!("1.5"), json!(-1), json!("many")] {
        assert_eq!(
            error(json!({ "REVIEWS": bad })).field(),
            Some("REVIEWS"),
            "{bad}"
        );
    }
}

#[test]
fn reviews_written_with_zero_decimals_are_whole() {
    assert_eq!(offer(json!({"REVIEWS": "12.0"})).ratings.reviews, Some(12));
}

// Lists.

#[test]
fn pros_and_cons_split_on_pipes_with_their_source() {
    let read = offer(json!({
        "EDITORS_PROS": "No annual fee| |Cash back ",
        "editors_cons": "High APR",
        "pros_cons_source": "CUSTOM",
    }));
    assert_eq!(
        read.editorial.pros_cons.pros(),
        ["No annual fee", "Cash back"]
    );
    assert_eq!(read.editorial.pros_cons.cons(), ["High APR"]);
    assert_eq!(read.editorial.pros_cons.source(), ListSource::Custom);
}

#[test]
fn unknown_pros_cons_source_is_rejected_naming_the_field() {
    assert_eq!(
        error(json!({"PROS_CONS_SOURCE": "EDITOR"})).field(),
        Some("PROS_CONS_SOURCE")
    );
}

#[test]
fn description_and_reward_details_split_on_double_underscores() {
    let read = offer(json!({
        "DESCRIPTION": "Earn 2%__ __No_fee",
        "reward_details": "a__b",
    }));
    assert_eq!(read.editorial.description, ["Earn 2%", "No_fee"]);
    assert_eq!(read.rewards.details, ["a", "b"]);
}

#[test]
fn needs_and_tags_split_on_commas() {
    let read = offer(json!({
        "WH_RATINGS_NEEDS": "rewards, travel,,",
        "eligible_needs": "rebuild",
        "TAGS": "new,popular",
    }));
    assert_eq!(read.needs.rated_needs, ["rewards", "travel"]);
    assert_eq!(read.needs.eligible_needs, ["rebuild"]);
    assert_eq!(read.content.tags, ["new", "popular"]);
}

#[test]
fn json_lists_are_accepted_for_list_fields() {
    let read = offer(json!({
        "ELIGIBLE_NEEDS": ["rebuild", " improving ", ""],
        "EDITORS_PROS": ["a", "b|c"],
    }));
    assert_eq!(read.needs.eligible_needs, ["rebuild", "improving"]);
    assert_eq!(read.editorial.pros_cons.pros(), ["a", "b", "c"]);
}

#[test]
fn list_holding_an_object_is_rejected() {
    assert_eq!(error(json!({"TAGS": [{}]})).field(), Some("TAGS"));
}

// Eligibility, links, rate table.

#[test]
fn min_credit_is_a_credit_label() {
    let read = offer(
        json!({"MIN_CREDIT_REQUIRED": "Excellent", "min_credit_required_last": "Limited History"}),
    );
    assert_eq!(
        read.eligibility.min_credit_required,
        Some(CreditLabel::Excellent)
    );
    assert_eq!(
        read.eligibility.min_credit_required_last,
        Some(CreditLabel::LimitedHistory)
    );
}

#[test]
fn affiliate_influence_scope_reads_o_and_i() {
    assert_eq!(
        offer(json!({"AFFILIATE_INFLUENCE_SCOPE": "O"}))
            .links
            .affiliate_influence_scope,
        Some(AffiliateScope::OutOnly)
    );
    assert_eq!(
        offer(json!({"affiliate_influence_scope": "i"}))
            .links
            .affiliate_influence_scope,
        Some(AffiliateScope::InOnly)
    );
    assert_eq!(
        error(json!({"AFFILIATE_INFLUENCE_SCOPE": " X "})),
        OfferError::InvalidField {
            field: "AFFILIATE_INFLUENCE_SCOPE",
            problem: FieldError::Scope(UnknownAffiliateScope { value: "X".into() })
        }
    );
}

#[test]
fn affiliate_influence_scope_is_written_as_its_letter() {
    let mut offer = offer(json!({}));
    offer.links.affiliate_influence_scope = Some(AffiliateScope::OutOnly);
    assert_eq!(offer.to_raw_json()["AFFILIATE_INFLUENCE_SCOPE"], json!("O"));
}

#[test]
fn rate_info_string_is_a_rate_table() {
    let read = offer(json!({"RATE_INFO_STR": "0|9999.99|1|1,10000|99999999|2|2"}));
    assert_eq!(read.banking.rate_tiers.len(), 2);
}

#[test]
fn missing_rate_info_string_is_an_empty_table() {
    assert!(offer(json!({})).banking.rate_tiers.is_empty());
}

#[test]
fn malformed_rate_info_string_is_rejected_with_the_entry() {
    assert_eq!(
        error(json!({"rate_info_str": "0|1|1"})),
        OfferError::InvalidField {
            field: "RATE_INFO_STR",
            problem: FieldError::RateInfo(RateInfoError::WrongFieldCount {
                position: 1,
                entry: "0|1|1".into(),
                found: 3
            })
        }
    );
}

// Product type.

#[test]
fn offer_without_type_is_a_credit_card() {
    assert_eq!(offer(json!({})).product_type, ProductType::CreditCard);
}

#[test]
fn type_code_gives_the_product_type() {
    assert_eq!(
        offer(json!({"TYPE": "chkg"})).product_type,
        ProductType::Checking
    );
    assert_eq!(
        offer(json!({"type": "inst"})).product_type,
        ProductType::Institution
    );
}

#[test]
fn pdt_type_refines_the_code() {
    assert_eq!(
        offer(json!({"TYPE": "svg", "PDT_TYPE": "CD"})).product_type,
        ProductType::Cd
    );
    assert_eq!(
        offer(json!({"pdt_type": "Auto Loans"})).product_type,
        ProductType::AutoLoan
    );
}

#[test]
fn conflicting_code_and_pdt_type_are_rejected_naming_pdt_type() {
    assert_eq!(
        error(json!({"TYPE": "chkg", "PDT_TYPE": "CD"})).field(),
        Some("PDT_TYPE")
    );
}

#[test]
fn unknown_type_code_is_rejected_naming_type() {
    assert_eq!(error(json!({"TYPE": "crypto"})).field(), Some("TYPE"));
}

#[test]
fn unknown_pdt_type_is_rejected_naming_pdt_type() {
    assert_eq!(
        error(json!({"PDT_TYPE": "Gold Bars"})).field(),
        Some("PDT_TYPE")
    );
}

// Errors.

#[test]
fn error_message_names_the_field_and_the_problem() {
    assert_eq!(
        error(json!({"PREQUAL": "perhaps"})).to_string(),
        "invalid PREQUAL: \"perhaps\" is not a Y/N flag"
    );
    assert_eq!(
        Offer::from_json(&json!({"ID": 1})).unwrap_err().to_string(),
        "missing required field NAME"
    );
}

// Provenance.

#[test]
fn provenance_fields_are_read() {
    let read = offer(json!({
        "SOURCE": "CFPB TCCP",
        "SOURCE_URL": "https://www.consumerfinance.gov/",
        "SOURCE_AS_OF": "2025-12-31",
        "ILLUSTRATIVE": "N",
        "EDITORIAL_FIELDS": "EDITORS_NOTES, EDITORS_PROS",
    }));
    assert_eq!(read.provenance.source.as_deref(), Some("CFPB TCCP"));
    assert_eq!(
        read.provenance.source_url.as_deref(),
        Some("https://www.consumerfinance.gov/")
    );
    assert_eq!(
        read.provenance.source_as_of,
        chrono::NaiveDate::from_ymd_opt(2025, 12, 31)
    );
    assert!(!read.provenance.illustrative);
    assert_eq!(
        read.provenance.editorial_fields,
        ["EDITORS_NOTES", "EDITORS_PROS"]
    );
}

#[test]
fn missing_provenance_is_empty_and_not_illustrative() {
    assert_eq!(offer(json!({})).provenance, Provenance::default());
}

#[test]
fn illustrative_flag_is_read() {
    assert!(offer(json!({"illustrative": "Y"})).provenance.illustrative);
}

#[test]
fn source_as_of_that_is_not_a_date_is_rejected_naming_the_field() {
    let error = error(json!({"SOURCE_AS_OF": "31/12/2025"}));
    assert_eq!(error.field(), Some("SOURCE_AS_OF"));
    assert_eq!(
        error.to_string(),
        "invalid SOURCE_AS_OF: \"31/12/2025\" is not a date written YYYY-MM-DD"
    );
}

#[test]
fn impossible_source_as_of_date_is_rejected() {
    assert_eq!(
        error(json!({"SOURCE_AS_OF": "2025-02-30"})).field(),
        Some("SOURCE_AS_OF")
    );
}

#[test]
fn market_median_apr_and_its_tier_are_read() {
    let read = offer(json!({"MARKET_MEDIAN_APR": "24.24%", "MARKET_MEDIAN_APR_TIER": "620-719"}));
    assert_eq!(
        read.rates.market_median_apr,
        Some(Amount::Percent(dec!(24.24)))
    );
    assert_eq!(
        read.rates.market_median_apr_tier.as_deref(),
        Some("620-719")
    );
}

#[test]
fn provenance_is_written_back_in_raw_form() {
    let read = offer(json!({
        "SOURCE": "FDIC",
        "SOURCE_AS_OF": "2025-09-30",
        "ILLUSTRATIVE": "yes",
        "EDITORIAL_FIELDS": ["EDITORS_NOTES"],
    }));
    let raw = read.to_raw_json();
    assert_eq!(raw["SOURCE_AS_OF"], json!("2025-09-30"));
    assert_eq!(raw["ILLUSTRATIVE"], json!("Y"));
    assert_eq!(raw["EDITORIAL_FIELDS"], json!("EDITORS_NOTES"));
    assert_eq!(Offer::from_json(&raw), Ok(read));
}

// Writing.

fn full_offer() -> Offer {
    offer(json!({
        "TYPE": "svg",
        "PDT_TYPE": "Money Market",
        "ISSUER": "First Bank",
        "RATING": "4.5",
        "REVIEWS": 12,
        "EDITORS_PROS": "a|b",
        "PROS_CONS_SOURCE": "CUSTOM",
        "DESCRIPTION": "x__y",
        "APY": "4.35%",
        "MIN_TO_OPEN": "$1,000.00",
        "RATE_INFO_STR": "0|9999.99|1.00|1.00,10000|99999999|2.00|2.00",
        "WH_AFFILIATE_LINK": "Y",
        "AFFILIATE_INFLUENCE_SCOPE": "I",
        "MIN_CREDIT_REQUIRED": "Good",
        "ELIGIBLE_NEEDS": "rewards,travel",
        "ANNUAL_FEE": "$0 intro, then $95",
    }))
}

#[test]
fn raw_json_reads_back_to_an_equal_offer() {
    let offer = full_offer();
    assert_eq!(Offer::from_json(&offer.to_raw_json()), Ok(offer));
}

#[test]
fn raw_json_uses_upper_case_names_and_y_n_flags() {
    let raw = full_offer().to_raw_json();
    assert_eq!(raw["WH_AFFILIATE_LINK"], json!("Y"));
    assert_eq!(raw["DISCONTINUED"], json!("N"));
    assert_eq!(raw["TYPE"], json!("svg"));
    assert_eq!(raw["PDT_TYPE"], json!("Money Market"));
    assert_eq!(raw["MIN_TO_OPEN"], json!("$1000.00"));
    assert_eq!(raw["EDITORS_PROS"], json!("a|b"));
}

#[test]
fn normal_form_is_camel_case_and_grouped() {
    let normal = serde_json::to_value(full_offer()).unwrap();
    assert_eq!(normal["productType"], json!("moneyMarket"));
    assert_eq!(normal["identity"]["issuer"], json!("First Bank"));
    assert_eq!(
        normal["banking"]["apy"],
        json!({"kind": "percent", "value": "4.35"})
    );
    assert_eq!(normal["links"]["affiliateInfluenceScope"], json!("I"));
    assert_eq!(normal["identity"]["network"], Value::Null);
}

#[test]
fn normal_form_deserialises_to_an_equal_offer() {
    let offer = full_offer();
    let text = serde_json::to_string(&offer).unwrap();
    assert_eq!(serde_json::from_str::<Offer>(&text).unwrap(), offer);
}

#[test]
fn deserialize_reads_the_raw_form() {
    let read: Offer =
        serde_json::from_value(json!({"id": "5", "name": "Card", "annual_fee": "$0"})).unwrap();
    assert_eq!(read.fees.annual_fee, Some(Amount::Dollars(dec!(0))));
}

#[test]
fn deserialize_reports_the_raw_error() {
    let error = serde_json::from_value::<Offer>(json!({"ID": "5"})).unwrap_err();
    assert!(
        error.to_string().contains("missing required field NAME"),
        "{error}"
    );
}

#[test]
fn raw_fields_list_every_group_and_the_type_fields() {
    let fields: Vec<&str> = Offer::raw_fields().collect();
    for name in [
        "ID",
        "NAME",
        "TYPE",
        "PDT_TYPE",
        "RATE_INFO_STR",
        "INST_NAME",
        "ApprovalOdds",
        "MAIN_MARKETING_BULLET",
        "SOURCE_AS_OF",
        "MARKET_MEDIAN_APR",
    ] {
        assert!(fields.contains(&name), "{name}");
    }
    let mut lower: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
    lower.sort();
    let count = lower.len();
    lower.dedup();
    assert_eq!(lower.len(), count, "no raw name is listed twice");
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        any::<String>().prop_map(Value::String),
        "-?\\$?[0-9,]{1,12}(\\.[0-9]{1,4})?%?".prop_map(Value::String),
        prop_oneof![Just("Y"), Just("n"), Just("O"), Just("svg"), Just("CD")].prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(any::<String>(), inner, 0..4)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn raw_field_name() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = Offer::raw_fields().collect();
    (proptest::sample::select(names), any::<bool>()).prop_map(|(name, lower)| {
        if lower {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        }
    })
}

proptest! {
    #[test]
    fn from_json_never_panics_on_any_json(value in json_value()) {
        let _ = Offer::from_json(&value);
    }

    #[test]
    fn from_json_never_panics_on_objects_with_known_fields(
        fields in proptest::collection::vec((raw_field_name(), json_value()), 0..20)
    ) {
        let mut object: Map<String, Value> = fields.into_iter().collect();
        object.insert("ID".into(), json!("1"));
        object.insert("NAME".into(), json!("Card"));
        if let Err(error) = Offer::from_json(&Value::Object(object)) {
            prop_assert!(error.field().is_some());
        }
    }
}
