//! Proptest strategies for the offer model (feature `proptest`), for this crate's and other
//! crates' property suites. Everything generated is valid: rate tables in ascending order,
//! ratings from 0 to 5, texts trimmed and free of list separators, so every offer survives
//! [`Offer::to_raw_json`] and [`Offer::from_json`] unchanged (site-core §3 "Card offer").

use chrono::NaiveDate;
use proptest::{collection::vec, option, prelude::*, sample::select};
use ratings::Rating;
use rust_decimal::Decimal;
use serde_json::{Map, Value};

use crate::{
    credit::CreditLabel,
    links::AffiliateScope,
    offer::{
        Amount, Banking, Content, Editorial, Eligibility, Fees, Identity, Links, Loan, Needs,
        Offer, OfferId, OfferName, Promotion, Provenance, Rates, Ratings, Rewards,
    },
    product_type::ProductType,
    rate_tiers::{OPEN_ENDED_HIGH, RateTier, RateTiers},
    text_lists::{ListSource, ProsCons},
};

/// Any product type.
pub fn product_type() -> impl Strategy<Value = ProductType> {
    select(ProductType::ALL.to_vec())
}

/// A short text: trimmed, not blank, starting with a letter (so never a number), without
/// `|`, `,` or `_` (so safe in every list). Includes some non-ASCII letters.
pub fn text() -> impl Strategy<Value = String> {
    "[A-Za-zéüß][A-Za-z0-9éü .'()-]{0,14}[A-Za-z0-9)]?"
        .prop_map(|raw| raw.trim().to_owned())
        .prop_filter("text must not be blank", |text| !text.is_empty())
}

/// A non-negative decimal with up to `max_scale` decimals and a whole part below
/// `max_whole`.
pub fn decimal(max_whole: u64, max_scale: u32) -> impl Strategy<Value = Decimal> {
    let max_whole = max_whole.max(1);
    (0..=max_scale).prop_flat_map(move |scale| {
        let factor = 10u64.saturating_pow(scale);
        (0..max_whole.saturating_mul(factor))
            .prop_map(move |mantissa| Decimal::from_i128_with_scale(i128::from(mantissa), scale))
    })
}

/// A money or rate amount of any kind; texts are never plain amounts.
pub fn amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        decimal(100_000, 2).prop_map(Amount::Dollars),
        decimal(100, 3).prop_map(Amount::Percent),
        decimal(1_000, 2).prop_map(Amount::Number),
        text().prop_map(Amount::Text),
    ]
    .boxed()
}

/// An offer id: digits, or a short code.
pub fn offer_id() -> impl Strategy<Value = OfferId> {
    "[0-9]{1,8}|[a-z]{1,3}-[0-9]{1,6}"
        .prop_filter_map("id must not be blank", |raw| OfferId::parse(&raw).ok())
}

/// An offer name.
pub fn offer_name() -> impl Strategy<Value = OfferName> {
    text().prop_filter_map("name must not be blank", |raw| OfferName::parse(&raw).ok())
}

/// A credit label: one the spec names, or another text.
pub fn credit_label() -> impl Strategy<Value = CreditLabel> {
    prop_oneof![
        select(vec![
            CreditLabel::Excellent,
            CreditLabel::Good,
            CreditLabel::Fair,
            CreditLabel::Bad,
            CreditLabel::LimitedHistory,
        ]),
        text().prop_map(|raw| CreditLabel::parse(&raw)),
    ]
}

/// A tier's rate or APY: up to 10% with up to 3 decimals.
fn percent() -> impl Strategy<Value = Decimal> {
    decimal(10, 3)
}

/// A rate table of 0 to 5 tiers in ascending order, the last one open-ended or closed,
/// with gaps between one tier's high and the next tier's low at times.
pub fn rate_tiers() -> impl Strategy<Value = RateTiers> {
    prop_oneof![
        1 => Just(RateTiers::default()),
        2 => (1usize..=5).prop_flat_map(|count| tiers_from(Decimal::ZERO, count)),
        2 => (decimal(1_000, 2), 1usize..=5)
            .prop_flat_map(|(first_low, count)| tiers_from(first_low, count)),
    ]
    .boxed()
}

/// A non-empty rate table whose first tier starts at 0, so every balance up to its end is
/// inside the tiers.
pub fn rate_tiers_from_zero() -> impl Strategy<Value = RateTiers> {
    (1usize..=5).prop_flat_map(|count| tiers_from(Decimal::ZERO, count))
}

/// `count` tiers starting at `first_low`.
fn tiers_from(first_low: Decimal, count: usize) -> impl Strategy<Value = RateTiers> {
    let steps = vec((decimal(50_000, 2), 0u8..=2, percent(), percent()), count);
    let last = prop_oneof![
        Just(None),
        select(vec![
            OPEN_ENDED_HIGH,
            Decimal::new(9_999_999_999, 2),
            Decimal::from(100_000_000),
            Decimal::from(999_999_999_u64),
        ])
        .prop_map(Some),
    ];
    (steps, last).prop_map(move |(steps, open_high)| {
        let mut tiers = Vec::with_capacity(steps.len());
        let mut low = first_low;
        let mut iter = steps.into_iter().peekable();
        while let Some((width, gap, rate, apy)) = iter.next() {
            // Widths are at least one cent so lows stay strictly ascending.
            let width = width.max(Decimal::new(1, 2));
            let next_low = low.saturating_add(width);
            let is_last = iter.peek().is_none();
            let high = match (is_last, open_high) {
                (true, Some(open)) => open.max(low),
                // The high is the next low less a cent, the next low itself, or the low.
                _ => match gap {
                    0 => next_low.saturating_sub(Decimal::new(1, 2)).max(low),
                    1 => next_low,
                    _ => low,
                },
            };
            if let Ok(tier) = RateTier::new(low, high, rate, apy) {
                tiers.push(tier);
            }
            low = next_low;
        }
        RateTiers::from_tiers(tiers).unwrap_or_default()
    })
}

/// A canonical `RATE_INFO_STR`: what [`RateTiers`] prints, so it parses and prints back to
/// the same string.
pub fn rate_info_string() -> impl Strategy<Value = String> {
    rate_tiers().prop_map(|tiers| tiers.to_string())
}

fn opt_text() -> impl Strategy<Value = Option<String>> {
    option::of(text())
}

fn opt_amount() -> impl Strategy<Value = Option<Amount>> {
    option::of(amount())
}

/// An optional rating, from the ratings crate's strategy ([`ratings::arbitrary::rating`]).
fn opt_rating() -> impl Strategy<Value = Option<Rating>> {
    option::of(ratings::arbitrary::rating())
}

fn texts() -> impl Strategy<Value = Vec<String>> {
    vec(text(), 0..4)
}

/// Pros and cons with a source.
pub fn pros_cons() -> impl Strategy<Value = ProsCons> {
    (
        select(vec![ListSource::System, ListSource::Custom]),
        texts(),
        texts(),
    )
        .prop_map(|(source, pros, cons)| ProsCons::new(source, pros, cons))
        .boxed()
}

/// An identity.
pub fn identity() -> impl Strategy<Value = Identity> {
    (
        (offer_id(), offer_name(), opt_text(), opt_text(), opt_text()),
        (opt_text(), opt_text(), opt_text(), opt_text(), opt_text()),
        (opt_text(), opt_text(), opt_text()),
    )
        .prop_map(
            |(
                (id, name, pid, pid_full, redir_pid),
                (uid, short_name, card_heading, image_name, issuer),
                (network, card_type, details_html_page),
            )| Identity {
                id,
                pid,
                pid_full,
                redir_pid,
                uid,
                name,
                short_name,
                card_heading,
                image_name,
                issuer,
                network,
                card_type,
                details_html_page,
            },
        )
        .boxed()
}

/// Ratings.
pub fn ratings() -> impl Strategy<Value = Ratings> {
    (
        opt_rating(),
        option::of(any::<u64>()),
        opt_rating(),
        opt_rating(),
        opt_rating(),
        opt_rating(),
        opt_text(),
        opt_text(),
        opt_text(),
    )
        .prop_map(
            |(
                rating,
                reviews,
                member_rating,
                wh_rating,
                editors_rating,
                custom_rating,
                editors_rating_source,
                editors_review_url,
                disclaimer,
            )| Ratings {
                rating,
                reviews,
                member_rating,
                wh_rating,
                editors_rating,
                custom_rating,
                editors_rating_source,
                editors_review_url,
                disclaimer,
            },
        )
        .boxed()
}

/// Editorial commentary.
pub fn editorial() -> impl Strategy<Value = Editorial> {
    (pros_cons(), texts(), opt_text(), opt_text(), opt_text())
        .prop_map(
            |(pros_cons, description, editors_notes, editors_review_snippet, collapse_comment)| {
                Editorial {
                    pros_cons,
                    description,
                    editors_notes,
                    editors_review_snippet,
                    collapse_comment,
                }
            },
        )
        .boxed()
}

/// Rewards.
pub fn rewards() -> impl Strategy<Value = Rewards> {
    (
        (
            any::<bool>(),
            opt_amount(),
            opt_text(),
            opt_text(),
            opt_amount(),
        ),
        (
            opt_amount(),
            opt_amount(),
            opt_text(),
            opt_text(),
            opt_amount(),
        ),
        texts(),
    )
        .prop_map(
            |(
                (has_rewards, earn_rate, earn_rate_hyperlinked, earn_rate_tooltip, base_rate),
                (max_rate, initial_bonus, initial_bonus_tooltip, redeem_type, cap),
                details,
            )| Rewards {
                has_rewards,
                earn_rate,
                earn_rate_hyperlinked,
                earn_rate_tooltip,
                base_rate,
                max_rate,
                initial_bonus,
                initial_bonus_tooltip,
                redeem_type,
                cap,
                details,
            },
        )
        .boxed()
}

/// Fees.
pub fn fees() -> impl Strategy<Value = Fees> {
    (
        (
            opt_amount(),
            opt_amount(),
            opt_amount(),
            opt_amount(),
            opt_amount(),
        ),
        (opt_amount(), opt_amount(), opt_amount(), opt_amount()),
    )
        .prop_map(
            |(
                (
                    annual_fee,
                    monthly_fee,
                    one_time_setup_fees,
                    activation_fee,
                    foreign_transaction_fee,
                ),
                (balance_transfer_fee, cash_advance_fee, late_fee, min_security_deposit),
            )| Fees {
                annual_fee,
                monthly_fee,
                one_time_setup_fees,
                activation_fee,
                foreign_transaction_fee,
                balance_transfer_fee,
                cash_advance_fee,
                late_fee,
                min_security_deposit,
            },
        )
        .boxed()
}

/// A card's APRs.
pub fn rates() -> impl Strategy<Value = Rates> {
    (
        (
            opt_amount(),
            any::<bool>(),
            opt_amount(),
            opt_amount(),
            opt_text(),
        ),
        (any::<bool>(), opt_amount(), opt_amount(), opt_text()),
        (opt_amount(), opt_amount(), opt_amount(), opt_text()),
        (opt_amount(), opt_amount(), opt_amount(), opt_amount()),
    )
        .prop_map(
            |(
                (
                    regular_purchase_apr,
                    offers_purchase_intro_apr,
                    purchase_intro_apr,
                    purchase_intro_apr_period,
                    purchase_intro_apr_combo,
                ),
                (offers_bt_intro_apr, bt_intro_apr, bt_intro_apr_period, bt_intro_apr_combo),
                (cash_apr, grace_period, market_median_apr, market_median_apr_tier),
                (apr_no_score, apr_poor, apr_good, apr_great),
            )| Rates {
                regular_purchase_apr,
                offers_purchase_intro_apr,
                purchase_intro_apr,
                purchase_intro_apr_period,
                purchase_intro_apr_combo,
                offers_bt_intro_apr,
                bt_intro_apr,
                bt_intro_apr_period,
                bt_intro_apr_combo,
                cash_apr,
                grace_period,
                market_median_apr,
                market_median_apr_tier,
                apr_no_score,
                apr_poor,
                apr_good,
                apr_great,
            },
        )
        .boxed()
}

/// Eligibility.
pub fn eligibility() -> impl Strategy<Value = Eligibility> {
    (
        option::of(credit_label()),
        option::of(credit_label()),
        any::<bool>(),
        opt_text(),
        opt_text(),
    )
        .prop_map(
            |(
                min_credit_required,
                min_credit_required_last,
                instant_approval,
                pick_type,
                approval_odds,
            )| Eligibility {
                min_credit_required,
                min_credit_required_last,
                instant_approval,
                pick_type,
                approval_odds,
            },
        )
        .boxed()
}

/// An affiliate influence scope.
pub fn affiliate_scope() -> impl Strategy<Value = AffiliateScope> {
    select(vec![AffiliateScope::OutOnly, AffiliateScope::InOnly])
}

/// Flags and links.
pub fn links() -> impl Strategy<Value = Links> {
    (
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (opt_text(), opt_text(), opt_text(), any::<bool>()),
        (opt_text(), any::<bool>(), any::<bool>(), opt_text()),
        (
            opt_text(),
            opt_text(),
            opt_text(),
            option::of(affiliate_scope()),
        ),
    )
        .prop_map(
            |(
                (sponsored, affiliate, discontinued, prequal),
                (prequal_link, cta_button_type, tracking_url, manual_apply),
                (rates_fees_url, show_rates_fees, show_terms_apply, monitoring_url),
                (critical, critical_logged_in, critical_logged_out, affiliate_influence_scope),
            )| Links {
                sponsored,
                affiliate,
                discontinued,
                prequal,
                prequal_link,
                cta_button_type,
                tracking_url,
                manual_apply,
                rates_fees_url,
                show_rates_fees,
                show_terms_apply,
                monitoring_url,
                critical,
                critical_logged_in,
                critical_logged_out,
                affiliate_influence_scope,
            },
        )
        .boxed()
}

/// Deposit-account fields with a rate table.
pub fn banking() -> impl Strategy<Value = Banking> {
    (
        opt_amount(),
        opt_amount(),
        opt_amount(),
        opt_amount(),
        opt_amount(),
        opt_amount(),
        opt_amount(),
        rate_tiers(),
        prop::collection::vec("[0-9:.-]{1,12}", 0..4),
    )
        .prop_map(
            |(
                apy,
                signup_bonus,
                min_to_open,
                account_fee,
                signature_tx_fee,
                atm_tx_fee,
                term,
                rate_tiers,
                apy_history,
            )| Banking {
                apy,
                signup_bonus,
                min_to_open,
                account_fee,
                signature_tx_fee,
                atm_tx_fee,
                term,
                rate_tiers,
                apy_history,
            },
        )
        .boxed()
}

/// Loan fields.
pub fn loan() -> impl Strategy<Value = Loan> {
    (
        opt_amount(),
        opt_text(),
        opt_amount(),
        opt_amount(),
        opt_text(),
        opt_text(),
    )
        .prop_map(
            |(apr, apr_additional_info, orig_fee, max_term, loan_purpose, sub_type)| Loan {
                apr,
                apr_additional_info,
                orig_fee,
                max_term,
                loan_purpose,
                sub_type,
            },
        )
        .boxed()
}

/// Promotional copy.
pub fn promotion() -> impl Strategy<Value = Promotion> {
    (opt_text(), opt_text(), opt_text(), opt_text(), opt_text())
        .prop_map(
            |(
                special_feature_type,
                special_feature_headline,
                special_feature,
                promotional_headline,
                main_marketing_bullet,
            )| Promotion {
                special_feature_type,
                special_feature_headline,
                special_feature,
                promotional_headline,
                main_marketing_bullet,
            },
        )
        .boxed()
}

/// Content-teaser fields.
pub fn content() -> impl Strategy<Value = Content> {
    (
        texts(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
    )
        .prop_map(
            |(tags, additional_info_1, additional_info_2, content_url, category, comment)| {
                Content {
                    tags,
                    additional_info_1,
                    additional_info_2,
                    content_url,
                    category,
                    comment,
                }
            },
        )
        .boxed()
}

/// A need key such as `rewards` or `businessTravel`.
pub fn need_key() -> impl Strategy<Value = String> {
    "[a-z]{3,10}([A-Z][a-z]{2,8}){0,2}"
}

/// Needs, as keys.
pub fn needs() -> impl Strategy<Value = Needs> {
    (vec(need_key(), 0..4), opt_text(), vec(need_key(), 0..4))
        .prop_map(|(rated_needs, ratings_info, eligible_needs)| Needs {
            rated_needs,
            ratings_info,
            eligible_needs,
        })
        .boxed()
}

/// A calendar date from 1900 to 2199.
pub fn date() -> impl Strategy<Value = NaiveDate> {
    (1900_i32..2200, 1_u32..=12, 1_u32..=28)
        .prop_filter_map("valid date", |(year, month, day)| {
            NaiveDate::from_ymd_opt(year, month, day)
        })
        .boxed()
}

/// Provenance: source, address, as-of date, illustrative flag, editorial field names.
pub fn provenance() -> impl Strategy<Value = Provenance> {
    (
        opt_text(),
        opt_text(),
        option::of(date()),
        any::<bool>(),
        vec("[A-Z][A-Z_]{1,20}", 0..4),
    )
        .prop_map(
            |(source, source_url, source_as_of, illustrative, editorial_fields)| Provenance {
                source,
                source_url,
                source_as_of,
                illustrative,
                editorial_fields,
            },
        )
        .boxed()
}

/// A valid offer of the given product type. Every group is filled at random, whatever the
/// type: the model allows any field on any product.
pub fn offer_of(product_type: ProductType) -> impl Strategy<Value = Offer> {
    (
        (identity(), ratings(), editorial(), rewards(), fees()),
        (rates(), eligibility(), links(), banking(), loan()),
        (promotion(), content(), needs(), provenance()),
    )
        .prop_map(
            move |(
                (identity, ratings, editorial, rewards, fees),
                (rates, eligibility, links, banking, loan),
                (promotion, content, needs, provenance),
            )| Offer {
                product_type,
                identity,
                ratings,
                editorial,
                rewards,
                fees,
                rates,
                eligibility,
                links,
                banking,
                loan,
                promotion,
                content,
                needs,
                provenance,
            },
        )
        .boxed()
}

/// A valid offer of any product type.
pub fn offer() -> impl Strategy<Value = Offer> {
    product_type().prop_flat_map(offer_of).boxed()
}

/// An offer with its raw JSON ([`Offer::to_raw_json`]), each key spelled upper-case or
/// lower-case at random: input for code that reads raw offers.
pub fn raw_offer() -> impl Strategy<Value = (Offer, Value)> {
    offer()
        .prop_flat_map(|offer| {
            let raw = offer.to_raw_json();
            let keys = raw.as_object().map_or(0, Map::len);
            (Just(offer), Just(raw), vec(any::<bool>(), keys)).prop_map(|(offer, raw, lower)| {
                let Value::Object(object) = raw else {
                    return (offer, raw);
                };
                let respelled: Map<String, Value> = object
                    .into_iter()
                    .zip(lower.into_iter().chain(std::iter::repeat(false)))
                    .map(|((key, value), lower)| {
                        let key = if lower { key.to_ascii_lowercase() } else { key };
                        (key, value)
                    })
                    .collect();
                (offer, Value::Object(respelled))
            })
        })
        .boxed()
}
