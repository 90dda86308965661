//! Properties of listings over arbitrary catalogues: paging covers every item once, the
//! editorial order never rises, a sponsored placement is labelled and never repeated, and
//! the readers of queries, visitors' figures, offers' figures, route tables and large-bank
//! lists never panic, whatever they are given.
#![cfg(test)]

use std::collections::BTreeSet;

use catalogue::{
    CardKind, Catalogue, EditorialBasis, Filter, LargeBanks, Listing, ListingError, ListingQuery,
    Placement, QueryError, QueryField, RatingField, Route, RouteOrder, RouteRefinement,
    RouteSection, RouteTable, SortKey, SponsorshipMode,
    breakdown::card_breakdown,
    figures,
    listing::{MAX_COMPARE, MIN_COMPARE},
    query::{Page, PerPage, Selector},
    search::{SearchQuery, search},
    value::{Assumptions, CardValue, MAX_BALANCE, Spending, SurveyTier, card_value},
};
use offer_model::{
    Amount, Offer, OfferId, ProductType, arbitrary, needs::NeedKey, scenarios::Scenario,
};
use proptest::{collection::vec, prelude::*, sample::select};
use ratings::BreakdownCategory;
use rust_decimal::Decimal;
use serde_json::{Value, json};

const ROUTES: &str = r#"{"routes": [
    {"path": "/all-cards", "section": "bestOf", "title": "Cards", "description": "Every card.",
     "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}},
    {"path": "/no-fee", "section": "bestOf", "title": "No fee", "description": "No annual fee.",
     "order": {"rating": "rating"}, "filter": {"any": ["noAnnualFee", {"not": "business"}]}},
    {"path": "/savings", "section": "banking", "title": "Savings", "description": "Savings.",
     "order": {"rating": "rating"}, "scenario": "savingAverageAmount",
     "filter": {"productType": ["savings", "moneyMarket", "cd"]}}
]}"#;

/// An arbitrary offer with a unique id, real need keys and random sponsorship.
fn offer(index: usize) -> impl Strategy<Value = Offer> {
    (
        select(vec![
            ProductType::CreditCard,
            ProductType::Savings,
            ProductType::MoneyMarket,
            ProductType::Cd,
        ])
        .prop_flat_map(arbitrary::offer_of),
        vec(select(NeedKey::ALL.to_vec()), 0..3),
        any::<bool>(),
        prop::bool::weighted(0.1),
    )
        .prop_map(move |(mut offer, needs, sponsored, discontinued)| {
            if let Ok(id) = OfferId::parse(&format!("offer-{index}")) {
                offer.identity.id = id;
            }
            offer.identity.pid = None;
            offer.needs.eligible_needs = needs.iter().map(|n| n.key().to_owned()).collect();
            offer.links.sponsored = sponsored;
            offer.links.discontinued = discontinued;
            offer
        })
}

/// Up to 39 arbitrary offers with unique ids.
fn offers() -> impl Strategy<Value = Vec<Offer>> {
    (0_usize..40).prop_flat_map(|count| (0..count).map(offer).collect::<Vec<_>>())
}

fn catalogue() -> impl Strategy<Value = Catalogue> {
    offers().prop_map(|offers| {
        let routes = RouteTable::from_json(ROUTES).unwrap_or_default();
        Catalogue::new(offers).with_routes(routes)
    })
}

fn selector() -> impl Strategy<Value = Selector> {
    prop_oneof![
        select(vec!["/all-cards", "/no-fee", "/savings"]).prop_map(|path| Selector::Route {
            path: path.to_owned(),
            refinement: None
        }),
        select(Scenario::ALL.to_vec()).prop_map(|scenario| Selector::Route {
            path: "/savings".to_owned(),
            refinement: Some(RouteRefinement::Scenario(scenario))
        }),
        (
            select(vec!["/all-cards", "/no-fee", "/savings"]),
            select(NeedKey::ALL.to_vec())
        )
            .prop_map(|(path, need)| Selector::Route {
                path: path.to_owned(),
                refinement: Some(RouteRefinement::Need(need))
            }),
        select(NeedKey::ALL.to_vec()).prop_map(Selector::Need),
        select(Scenario::ALL.to_vec()).prop_map(Selector::Scenario),
        select(ProductType::ALL.to_vec()).prop_map(Selector::ProductType),
    ]
}

/// Every page of a listing, in order; `None` when the listing itself is refused (a
/// checking scenario on the savings route).
fn all_pages<'a>(
    catalogue: &'a Catalogue,
    selector: &Selector,
    sort: SortKey,
    per_page: PerPage,
    sponsorship: SponsorshipMode,
) -> Option<Vec<Listing<'a>>> {
    let query = |page| {
        ListingQuery::new(selector.clone())
            .with_sort(sort)
            .with_page(page, per_page)
            .with_sponsorship(sponsorship)
    };
    let first = catalogue.listing(&query(Page::FIRST)).ok()?;
    let mut pages = vec![first];
    let count = pages.first().map_or(1, |p| p.pages);
    for number in 2..=count {
        let page = Page::new(u32::try_from(number).ok()?)?;
        pages.push(catalogue.listing(&query(page)).ok()?);
    }
    Some(pages)
}

/// The ids of every item of a listing in pure editorial order; `None` when refused.
fn editorial_ids(catalogue: &Catalogue, selector: &Selector) -> Option<Vec<String>> {
    let pages = all_pages(
        catalogue,
        selector,
        SortKey::Editorial,
        PerPage::new(7)?,
        SponsorshipMode::None,
    )?;
    Some(
        pages
            .iter()
            .flat_map(|p| {
                p.items
                    .iter()
                    .map(|i| i.offer.identity.id.as_str().to_owned())
            })
            .collect(),
    )
}

/// A filter built from predicates that narrow by product type and others that do not.
fn filter() -> impl Strategy<Value = Filter> {
    let leaf = prop_oneof![
        vec(select(ProductType::ALL.to_vec()), 1..4).prop_map(Filter::ProductType),
        select(vec![
            CardKind::Secured,
            CardKind::Unsecured,
            CardKind::Charge,
            CardKind::Store
        ])
        .prop_map(Filter::CardKind),
        vec(select(NeedKey::ALL.to_vec()), 1..3).prop_map(Filter::Need),
        Just(Filter::NoAnnualFee),
        Just(Filter::Business),
        Just(Filter::SignupBonus),
        Just(Filter::TieredRates),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            vec(inner.clone(), 1..4).prop_map(Filter::All),
            vec(inner.clone(), 1..4).prop_map(Filter::Any),
            inner.prop_map(|f| Filter::Not(Box::new(f))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_route_with_a_need_is_the_need_listing_narrowed_to_the_route(
        catalogue in catalogue(),
        path in select(vec!["/all-cards", "/no-fee", "/savings"]),
        need in select(NeedKey::ALL.to_vec()),
    ) {
        let selector = Selector::Route {
            path: path.to_owned(),
            refinement: Some(RouteRefinement::Need(need)),
        };
        let route_needs = catalogue.route_needs(path).unwrap_or_default();
        let Some(narrowed) = editorial_ids(&catalogue, &selector) else {
            // Only the savings route refuses needs, and it offers none.
            prop_assert_eq!(path, "/savings");
            prop_assert!(route_needs.is_empty());
            let refused = catalogue.listing(&ListingQuery::route_need(path, need));
            let refused_for_need = matches!(refused, Err(ListingError::NeedNotForRoute { .. }));
            prop_assert!(refused_for_need);
            return Ok(());
        };
        prop_assert_ne!(path, "/savings");
        let of_route: BTreeSet<String> = editorial_ids(&catalogue, &Selector::Route {
            path: path.to_owned(),
            refinement: None,
        })
        .unwrap_or_default()
        .into_iter()
        .collect();
        let expected: Vec<String> = editorial_ids(&catalogue, &Selector::Need(need))
            .unwrap_or_default()
            .into_iter()
            .filter(|id| of_route.contains(id))
            .collect();
        prop_assert_eq!(&narrowed, &expected);
        // The route offers exactly the needs that list something.
        prop_assert_eq!(route_needs.contains(&need), !narrowed.is_empty());
        let first = catalogue.listing(&ListingQuery::new(selector.clone()));
        prop_assert!(first.is_ok_and(|l| l.basis == EditorialBasis::Need(need) && l.scenario.is_none()));
    }

    #[test]
    fn a_route_takes_exactly_the_scenarios_it_lists_in_scenario_table_order(
        offers in offers(),
        own in proptest::option::of(select(Scenario::ALL.to_vec())),
        section in select(RouteSection::ALL.to_vec()),
        filter in filter(),
    ) {
        const PATH: &str = "/page";
        let route = Route {
            path: PATH.to_owned(),
            section,
            title: "Page".to_owned(),
            description: "A page.".to_owned(),
            order: RouteOrder::Rating(RatingField::Rating),
            scenario: own,
            filter,
        };
        let Ok(table) = RouteTable::new(vec![route.clone()]) else {
            return Ok(());
        };
        let catalogue = Catalogue::new(offers).with_routes(table);
        let listed: Vec<Scenario> = route.scenarios().collect();
        let in_table_order: Vec<Scenario> = Scenario::ALL
            .into_iter()
            .filter(|scenario| listed.contains(scenario))
            .collect();
        prop_assert_eq!(&listed, &in_table_order);
        // A route with a scenario lists its whole family (the terms only where it can list
        // CDs); one without lists none.
        let terms = route.filter.product_types().contains(&offer_model::product_type::ProductType::Cd);
        prop_assert_eq!(
            listed,
            own.map_or_else(Vec::new, |own| Scenario::of_family(own.family())
                .filter(|s| terms || s.term_months().is_none() || *s == own)
                .collect())
        );
        for scenario in Scenario::ALL {
            let query = ListingQuery::from_pairs([("route", PATH), ("scenario", scenario.key())]);
            prop_assert!(query.is_ok(), "{:?}", query);
            let Ok(query) = query else { continue };
            let answer = catalogue.listing(&query);
            if in_table_order.contains(&scenario) {
                prop_assert!(
                    answer.as_ref().is_ok_and(|listing| listing.scenario == Some(scenario)
                        && listing.basis == EditorialBasis::Scenario(scenario)),
                    "{}: {:?}", scenario, answer
                );
            } else {
                prop_assert_eq!(
                    answer.err(),
                    Some(ListingError::ScenarioNotForRoute { path: PATH.to_owned(), scenario })
                );
            }
        }
    }

    #[test]
    fn the_needs_of_a_route_follow_the_need_table(catalogue in catalogue()) {
        for (_, needs) in catalogue.routes_with_needs() {
            let positions: Vec<usize> = needs
                .iter()
                .filter_map(|need| NeedKey::ALL.iter().position(|n| n == need))
                .collect();
            prop_assert_eq!(positions.len(), needs.len());
            prop_assert!(positions.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn a_filter_matches_only_offers_of_its_product_types(
        filter in filter(),
        offer in select(ProductType::ALL.to_vec()).prop_flat_map(arbitrary::offer_of),
    ) {
        if filter.matches(&offer) {
            prop_assert!(filter.product_types().contains(&offer.product_type), "{:?}", filter);
        }
    }

    #[test]
    fn paging_covers_every_item_exactly_once(
        catalogue in catalogue(),
        selector in selector(),
        sort in select(SortKey::ALL.to_vec()),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
        sponsorship in select(vec![SponsorshipMode::Default, SponsorshipMode::None]),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, sort, per_page, sponsorship) else {
            return Ok(());
        };
        let total = pages.first().map_or(0, |p| p.total);
        let ids: Vec<&str> = pages
            .iter()
            .flat_map(|p| p.items.iter().map(|i| i.offer.identity.id.as_str()))
            .collect();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        prop_assert_eq!(ids.len(), total);
        prop_assert_eq!(unique.len(), total);
        // Every page but the last is full; editorial ranks are 1..=total, each once.
        for page in pages.iter().take(pages.len().saturating_sub(1)) {
            prop_assert_eq!(page.items.len(), usize::from(per_page.get()));
        }
        let ranks: BTreeSet<usize> = pages
            .iter()
            .flat_map(|p| p.items.iter().map(|i| i.editorial_rank))
            .collect();
        prop_assert_eq!(ranks, (1..=total).collect::<BTreeSet<usize>>());
        // Nothing discontinued is listed.
        prop_assert!(pages.iter().flat_map(|p| &p.items).all(|i| !i.offer.links.discontinued));
        // The page after the last is refused.
        let past = ListingQuery::new(selector.clone())
            .with_sort(sort)
            .with_page(Page::new(u32::try_from(pages.len() + 1).unwrap_or(u32::MAX)).unwrap_or(Page::FIRST), per_page)
            .with_sponsorship(sponsorship);
        prop_assert!(catalogue.listing(&past).is_err());
    }

    #[test]
    fn without_sponsorship_the_order_never_rises_in_editorial_score(
        catalogue in catalogue(),
        selector in selector(),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, SortKey::Editorial, per_page, SponsorshipMode::None) else {
            return Ok(());
        };
        let items: Vec<_> = pages.iter().flat_map(|p| p.items.iter()).collect();
        prop_assert!(items.iter().all(|i| i.placement == Placement::Editorial));
        for (position, pair) in items.windows(2).enumerate() {
            let [a, b] = pair else { continue };
            // Scores never rise; a missing score comes after every score.
            match (a.editorial_score, b.editorial_score) {
                (Some(a), Some(b)) => prop_assert!(a >= b, "{} < {} at {}", a, b, position),
                (None, Some(_)) => prop_assert!(false, "missing score before a score at {}", position),
                _ => {}
            }
            prop_assert_eq!(a.editorial_rank + 1, b.editorial_rank);
        }
        if let Some(first) = items.first() {
            prop_assert_eq!(first.editorial_rank, 1);
        }
    }

    #[test]
    fn a_sponsored_placement_is_labelled_first_and_never_repeated(
        catalogue in catalogue(),
        selector in selector(),
        per_page in (1_u32..=12).prop_filter_map("size", PerPage::new),
    ) {
        let Some(pages) = all_pages(&catalogue, &selector, SortKey::Editorial, per_page, SponsorshipMode::Default) else {
            return Ok(());
        };
        let items: Vec<_> = pages.iter().flat_map(|p| p.items.iter()).collect();
        let placed: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, i)| i.placement == Placement::Sponsored)
            .map(|(position, _)| position)
            .collect();
        let any_sponsored = items.iter().any(|i| i.offer.links.sponsored);
        prop_assert!(placed.len() <= 1);
        prop_assert_eq!(placed.len() == 1, any_sponsored);
        prop_assert_eq!(pages.first().is_some_and(|p| p.has_sponsored_placement), any_sponsored);
        if let Some(position) = placed.first() {
            prop_assert_eq!(*position, 0);
            let top = items[0];
            prop_assert!(top.offer.links.sponsored);
            // It is the best-ranked sponsored offer, and it is not repeated below.
            let best_sponsored = items
                .iter()
                .filter(|i| i.offer.links.sponsored)
                .map(|i| i.editorial_rank)
                .min();
            prop_assert_eq!(Some(top.editorial_rank), best_sponsored);
            let repeats = items.iter().filter(|i| i.offer.identity.id == top.offer.identity.id).count();
            prop_assert_eq!(repeats, 1);
        }
        // Apart from the placement, the order is the editorial order.
        let rest: Vec<usize> = items
            .iter()
            .filter(|i| i.placement == Placement::Editorial)
            .map(|i| i.editorial_rank)
            .collect();
        prop_assert!(rest.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn query_reading_never_panics(pairs in vec(("[a-z_]{0,12}", "\\PC{0,20}"), 0..8)) {
        let _ = ListingQuery::from_pairs(pairs);
    }

    #[test]
    fn query_reading_accepts_every_valid_combination(
        selector in selector(),
        sort in select(SortKey::ALL.to_vec()),
        page in 1_u32..10_000,
        per_page in 1_u32..=50,
        none in any::<bool>(),
    ) {
        let mut pairs: Vec<(String, String)> = match &selector {
            Selector::Route { path, refinement } => {
                let mut pairs = vec![("route".to_owned(), path.clone())];
                match refinement {
                    Some(RouteRefinement::Scenario(scenario)) => {
                        pairs.push(("scenario".to_owned(), scenario.key().to_owned()));
                    }
                    Some(RouteRefinement::Need(need)) => {
                        pairs.push(("need".to_owned(), need.key().to_owned()));
                    }
                    None => {}
                }
                pairs
            }
            Selector::Need(need) => vec![("need".to_owned(), need.key().to_owned())],
            Selector::Scenario(scenario) => vec![("scenario".to_owned(), scenario.key().to_owned())],
            Selector::ProductType(product_type) => vec![("type".to_owned(), product_type.key().to_owned())],
        };
        pairs.push(("sort".to_owned(), sort.key().to_owned()));
        pairs.push(("page".to_owned(), page.to_string()));
        pairs.push(("per_page".to_owned(), per_page.to_string()));
        pairs.push(("sponsorship".to_owned(), if none { "none" } else { "default" }.to_owned()));
        let query = ListingQuery::from_pairs(pairs);
        prop_assert!(query.is_ok(), "{:?}", query);
        let query = query.unwrap_or_else(|_| ListingQuery::route("/"));
        prop_assert_eq!(query.selector, selector);
        prop_assert_eq!(query.sort, sort);
        prop_assert_eq!(query.page.get(), page);
        prop_assert_eq!(u32::from(query.per_page.get()), per_page);
    }

    #[test]
    fn route_table_reading_never_panics(text in "\\PC{0,200}") {
        let _ = RouteTable::from_json(&text);
    }
}

// Readers of outside input: offers with figures no decimal can hold, visitors' query
// text, route tables and large-bank lists. None of them may panic, whatever they are given.

/// The money and rate fields of a raw offer (each read as an [`Amount`]).
const AMOUNT_FIELDS: [&str; 25] = [
    "ANNUAL_FEE",
    "FOREIGN_TRANSACTION_FEE",
    "BT_FEE",
    "REWARDS_EARN_RATE",
    "REWARDS_BASE_RATE",
    "REWARDS_MAX_RATE",
    "REWARDS_INITIAL_BONUS",
    "REWARDS_CAP",
    "REGULAR_PURCHASE_APR",
    "PURCHASE_INTRO_APR",
    "PURCHASE_INTRO_APR_PERIOD",
    "BT_INTRO_APR",
    "BT_INTRO_APR_PERIOD",
    "MARKET_MEDIAN_APR",
    "APR_NO_SCORE",
    "APR_POOR",
    "APR_GOOD",
    "APR_GREAT",
    "APY",
    "SIGNUP_BONUS",
    "MIN_TO_OPEN",
    "MONTHLY_FEE",
    "TERM",
    "APR",
    "MAX_TERM",
];

/// The largest decimal, as digits.
const MAX_DIGITS: &str = "79228162514264337593543950335";

/// Digits for an amount: short, long, or past what a decimal holds.
fn digits() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,4}",
        "[0-9]{20,29}",
        "[0-9]{30,40}",
        Just(MAX_DIGITS.to_owned())
    ]
}

/// A value for a money or rate field as a feed might write it: plain, huge, tiny, in
/// exponent form, a JSON number of any size, a bonus or a range with huge numbers, or any
/// text at all.
fn odd_amount() -> impl Strategy<Value = Value> {
    prop_oneof![
        (digits(), select(vec!["", "%", "$"])).prop_map(|(digits, unit)| match unit {
            "$" => Value::from(format!("${digits}")),
            unit => Value::from(format!("{digits}{unit}")),
        }),
        select(vec![
            "2e28",
            "7.9e28",
            "1E+28",
            "1e-28",
            "1e400",
            "0.0000000000000000000000000001",
            "7.9228162514264337593543950335",
            "$79,228,162,514,264,337,593,543,950,335",
            "-79228162514264337593543950335",
            "0%",
            "0",
        ])
        .prop_map(Value::from),
        ("[1-9]", -40_i32..60)
            .prop_map(|(mantissa, exponent)| Value::from(format!("{mantissa}e{exponent}"))),
        any::<f64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (digits(), digits(), digits()).prop_map(|(points, spend, days)| Value::from(format!(
            "{points} points after spending ${spend} in {days} days"
        ))),
        (digits(), digits(), digits()).prop_map(|(dollars, spend, days)| Value::from(format!(
            "${dollars} after spending ${spend} in {days} days"
        ))),
        (digits(), digits()).prop_map(|(low, high)| Value::from(format!("{low}% - {high}%"))),
        "\\PC{0,30}".prop_map(Value::from),
    ]
}

/// The text the offer reader takes from a field: a string's own text, a number's digits.
fn amount_text(value: &Value) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned)
}

/// Other numeric fields with odd values: rate tables and APY histories with huge numbers,
/// vote counts and ratings past their range. The offer reader may refuse these.
fn odd_other_field() -> impl Strategy<Value = (&'static str, Value)> {
    prop_oneof![
        (digits(), digits(), digits(), digits()).prop_map(|(low, high, rate, apy)| (
            "RATE_INFO_STR",
            Value::from(format!("0|{low}|{rate}|{apy},{low}|{high}|{rate}|{apy}"))
        )),
        vec(("[0-9]{4}-[0-9]{2}-[0-9]{2}", digits()), 0..4).prop_map(|points| (
            "APY_HISTORY",
            Value::from(
                points
                    .iter()
                    .map(|(day, apy)| format!("{day}:{apy}"))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        )),
        odd_amount().prop_map(|value| ("REVIEWS", value)),
        odd_amount().prop_map(|value| ("RATING", value)),
        odd_amount().prop_map(|value| ("MEMBER_RATING", value)),
    ]
}

/// An arbitrary offer read back from its raw JSON with some money and rate fields (and
/// perhaps other numeric fields) replaced by odd values. When the reader refuses the other
/// fields, the offer keeps only the odd amounts, which it never refuses.
fn odd_offer() -> impl Strategy<Value = Offer> {
    (
        arbitrary::raw_offer(),
        vec((select(AMOUNT_FIELDS.to_vec()), odd_amount()), 1..6),
        vec(odd_other_field(), 0..3),
    )
        .prop_map(|((offer, raw), amounts, others)| {
            let Value::Object(mut raw) = raw else {
                return offer;
            };
            // Keys were spelled in either case: drop both spellings of a replaced field.
            let replace = |raw: &mut serde_json::Map<String, Value>, key: &str, value: Value| {
                raw.remove(&key.to_ascii_lowercase());
                raw.insert(key.to_owned(), value);
            };
            for (key, value) in amounts {
                replace(&mut raw, key, value);
            }
            let with_amounts = raw.clone();
            for (key, value) in others {
                replace(&mut raw, key, value);
            }
            Offer::from_json(&Value::Object(raw))
                .or_else(|_| Offer::from_json(&Value::Object(with_amounts)))
                .unwrap_or(offer)
        })
}

/// Any decimal: the ends of the range, the smallest step, a 96-bit mantissa at any scale,
/// or an everyday amount.
fn any_decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        select(vec![
            Decimal::MAX,
            Decimal::MIN,
            Decimal::ZERO,
            Decimal::ONE,
            Decimal::NEGATIVE_ONE,
            Decimal::new(1, 28),
        ]),
        (any::<i128>(), 0_u32..=28).prop_map(|(mantissa, scale)| {
            // A decimal's mantissa has 96 bits.
            Decimal::try_from_i128_with_scale(mantissa >> 32, scale).unwrap_or(Decimal::MAX)
        }),
        (0_u32..200_000).prop_map(Decimal::from),
    ]
}

/// An arbitrary offer whose money and rate fields are set in code to any decimal (negative
/// ones included, which no feed text gives).
fn extreme_offer() -> impl Strategy<Value = Offer> {
    let amount = any_decimal().prop_flat_map(|value| {
        select(vec![
            Amount::Dollars(value),
            Amount::Percent(value),
            Amount::Number(value),
        ])
    });
    (arbitrary::offer(), vec(proptest::option::of(amount), 14)).prop_map(|(mut offer, amounts)| {
        let slots = [
            &mut offer.rewards.earn_rate,
            &mut offer.rewards.base_rate,
            &mut offer.rewards.initial_bonus,
            &mut offer.fees.annual_fee,
            &mut offer.fees.foreign_transaction_fee,
            &mut offer.rates.regular_purchase_apr,
            &mut offer.rates.purchase_intro_apr,
            &mut offer.rates.purchase_intro_apr_period,
            &mut offer.rates.market_median_apr,
            &mut offer.rates.apr_no_score,
            &mut offer.rates.apr_poor,
            &mut offer.rates.apr_good,
            &mut offer.rates.apr_great,
            &mut offer.banking.apy,
        ];
        for (slot, amount) in slots.into_iter().zip(amounts) {
            if amount.is_some() {
                *slot = amount;
            }
        }
        offer
    })
}

/// An offer with odd figures read from JSON, or with any decimal set in code.
fn any_offer() -> impl Strategy<Value = Offer> {
    prop_oneof![odd_offer(), extreme_offer()]
}

/// The names [`Assumptions::read`] reads.
const ASSUMPTION_FIELDS: [&str; 9] = [
    "groceries",
    "dining",
    "gas",
    "travel",
    "other",
    "balance",
    "tier",
    "score",
    "cpp",
];

/// Anything a visitor might type in a value form field.
fn visitor_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,40}",
        "[-$,0-9. ]{0,14}",
        digits(),
        "-?[0-9]{1,30}\\.[0-9]{1,30}",
        select(vec![
            "none", "poor", "good", "great", "300", "850", "5", "0.1", "1e5", "  ", "",
        ])
        .prop_map(str::to_owned),
    ]
}

/// What a visitor would type in one field of the value form, within its range or near it.
fn plausible_text(field: &'static str) -> BoxedStrategy<String> {
    match field {
        "tier" => select(vec!["none", "poor", "good", "great"])
            .prop_map(str::to_owned)
            .boxed(),
        "score" => "[3-8][0-9]{2}".boxed(),
        "cpp" => "[0-4]\\.[0-9]{1,2}|5".boxed(),
        _ => "[0-9]{1,5}(\\.[0-9]{1,2})?|\\$[1-9][0-9]{0,2}(,[0-9]{3})?".boxed(),
    }
}

/// The value form's fields as a visitor fills them: each left out, plausible, or anything;
/// mostly plausible, so most readings succeed and the card gets valued.
fn assumption_texts() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    ASSUMPTION_FIELDS
        .map(|field| {
            proptest::option::of(prop_oneof![4 => plausible_text(field), 1 => visitor_text()])
                .prop_map(move |text| text.map(|text| (field, text)))
        })
        .to_vec()
        .prop_map(|texts| texts.into_iter().flatten().collect())
}

/// A bonus as a feed writes it, often a number of points a decimal holds but the visitor's
/// cents per point takes past the largest decimal.
fn odd_bonus() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => odd_amount(),
        1 => prop_oneof![
            select(vec!["2e28", "7.9e28", MAX_DIGITS]).prop_map(str::to_owned),
            "[1-7][0-9]{28}",
            "[1-7][0-9]{28} points after spending \\$[0-9]{1,5} in [0-9]{1,3} days",
        ]
        .prop_map(Value::from),
    ]
}

/// Everyday or extreme assumptions, as code may build them from the public fields.
fn assumptions_in_code() -> impl Strategy<Value = Assumptions> {
    (
        vec(any_decimal(), 5),
        any_decimal(),
        select(SurveyTier::ALL.to_vec()),
        any_decimal(),
    )
        .prop_map(|(spend, balance, tier, cents_per_point)| {
            let spend = |index: usize| spend.get(index).copied().unwrap_or_default();
            Assumptions {
                spending: Spending {
                    groceries: spend(0),
                    dining: spend(1),
                    gas: spend(2),
                    travel: spend(3),
                    other: spend(4),
                },
                balance,
                tier,
                cents_per_point,
            }
        })
}

/// A value has no reason and a missing value has one; a known value is its parts added up.
fn check_card_value(value: &CardValue) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        value.value.is_none(),
        value.unknown.is_some(),
        "{:?}",
        value
    );
    if let (Some(total), Some(rewards), Some(fee), Some(interest)) =
        (value.value, value.rewards, value.annual_fee, value.interest)
    {
        let parts = rewards
            .checked_add(value.bonus)
            .and_then(|v| v.checked_sub(fee))
            .and_then(|v| v.checked_sub(interest));
        prop_assert_eq!(Some(total), parts);
    }
    Ok(())
}

/// `{key: value}`.
fn object(key: &str, value: Value) -> Value {
    Value::Object([(key.to_owned(), value)].into_iter().collect())
}

/// A route-table filter as JSON: the real predicates with arbitrary arguments, nested.
fn filter_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        select(vec![
            "noAnnualFee",
            "introPurchaseApr",
            "zeroIntroPurchaseApr",
            "business",
            "signupBonus",
            "aprBelowMarketMedian",
            "tieredRates",
            "notAPredicate",
        ])
        .prop_map(Value::from),
        (
            select(vec![
                "productType",
                "minCredit",
                "cardKind",
                "need",
                "rewards",
                "regularAprAtMost",
                "termAtMostMonths",
                "tag",
            ]),
            json_value(),
        )
            .prop_map(|(key, value)| object(key, value)),
        select(vec![
            json!({"productType": ["creditCard", "savings"]}),
            json!({"need": ["rewards"]}),
            json!({"regularAprAtMost": MAX_DIGITS}),
            json!({"regularAprAtMost": "-1"}),
            json!({"termAtMostMonths": 4_294_967_295_u64}),
            json!({"all": []}),
        ]),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(|all| object("all", Value::Array(all))),
            vec(inner.clone(), 0..4).prop_map(|any| object("any", Value::Array(any))),
            inner.prop_map(|not| object("not", not)),
        ]
    })
}

/// Words the route table and the large-bank list use, and a few that are near them.
fn json_word() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec![
            "routes",
            "banks",
            "about",
            "path",
            "section",
            "title",
            "description",
            "order",
            "scenario",
            "filter",
            "need",
            "rating",
            "all",
            "any",
            "not",
            "productType",
            "creditCards",
            "bestOf",
            "banking",
            "loans",
            "rewards",
            "creditCard",
            "savings",
            "savingAverageAmount",
            "/",
            "/a",
            "/a/",
            "//",
            "Big Bank",
            " ",
            "",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,12}",
    ]
}

/// Any JSON value, nested a few levels, with the route table's and bank list's words for
/// keys and strings so readers get past the first check.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        digits().prop_map(Value::from),
        json_word().prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..6).prop_map(Value::Array),
            vec((json_word(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// The keys of a route in the route table.
const ROUTE_KEYS: [&str; 7] = [
    "path",
    "section",
    "title",
    "description",
    "order",
    "scenario",
    "filter",
];

/// A route as JSON that the table accepts, but for its filter at times (an arbitrary
/// filter-shaped value instead of a valid one).
fn valid_route_json() -> impl Strategy<Value = Value> {
    let order = prop_oneof![
        select(NeedKey::ALL.to_vec()).prop_map(|need| json!({"need": need.key()})),
        select(RatingField::ALL.to_vec()).prop_map(|field| json!({"rating": field.key()})),
    ];
    let filter = prop_oneof![
        3 => filter().prop_map(|filter| serde_json::to_value(filter).unwrap_or(Value::Null)),
        1 => filter_json(),
    ];
    (
        "/[a-z0-9-]{1,10}(/[a-z0-9-]{1,10})?",
        select(RouteSection::ALL.to_vec()),
        "[A-Z][a-z ]{0,12}[a-z]",
        order,
        proptest::option::of(select(Scenario::ALL.to_vec())),
        filter,
    )
        .prop_map(|(path, section, title, order, scenario, filter)| {
            let mut route = json!({
                "path": path, "section": section.key(), "title": title,
                "description": "A page.", "order": order, "filter": filter,
            });
            if let (Some(object), Some(scenario)) = (route.as_object_mut(), scenario) {
                object.insert("scenario".to_owned(), Value::from(scenario.key()));
            }
            route
        })
}

/// One change that may break a route: a key's value replaced by any JSON, a key removed,
/// or an extra key.
#[derive(Debug, Clone)]
enum RouteChange {
    Replace(&'static str, Value),
    Remove(&'static str),
    Add(String, Value),
}

fn route_change() -> impl Strategy<Value = RouteChange> {
    prop_oneof![
        (select(ROUTE_KEYS.to_vec()), json_value())
            .prop_map(|(key, value)| RouteChange::Replace(key, value)),
        select(ROUTE_KEYS.to_vec()).prop_map(RouteChange::Remove),
        (json_word(), json_value()).prop_map(|(key, value)| RouteChange::Add(key, value)),
    ]
}

/// A route as JSON: usually one the table accepts, sometimes with one change that may
/// break it.
fn route_json() -> impl Strategy<Value = Value> {
    (
        valid_route_json(),
        prop::option::weighted(0.3, route_change()),
    )
        .prop_map(|(mut route, change)| {
            if let (Some(object), Some(change)) = (route.as_object_mut(), change) {
                match change {
                    RouteChange::Replace(key, value) => {
                        object.insert(key.to_owned(), value);
                    }
                    RouteChange::Remove(key) => {
                        object.remove(key);
                    }
                    RouteChange::Add(key, value) => {
                        object.insert(key, value);
                    }
                }
            }
            route
        })
}

/// A route table file, shaped right or nearly.
fn route_file_json() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => vec(route_json(), 1..4).prop_map(|routes| json!({ "routes": routes }).to_string()),
        1 => (vec(route_json(), 0..3), json_value()).prop_map(|(routes, description)| json!({
            "description": description, "routes": routes
        })
        .to_string()),
    ]
}

/// Text a visitor or a link might give a lookup: anything, something page- or id-shaped,
/// or a real route path or offer id.
fn lookup_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,40}",
        "/?(d/)?[a-z0-9-]{0,12}/?",
        "offer-[0-9]{1,2}",
        select(vec![
            "/all-cards",
            "/no-fee/",
            " /savings ",
            "/",
            "",
            "/d/",
            "d/"
        ])
        .prop_map(str::to_owned),
    ]
}

/// Up to 11 odd or extreme offers with unique ids, some of them institutions.
fn odd_offers() -> impl Strategy<Value = Vec<Offer>> {
    vec((any_offer(), prop::bool::weighted(0.2)), 0..12).prop_map(|offers| {
        offers
            .into_iter()
            .enumerate()
            .map(|(index, (mut offer, institution))| {
                if let Ok(id) = OfferId::parse(&format!("offer-{index}")) {
                    offer.identity.id = id;
                }
                if institution {
                    offer.product_type = ProductType::Institution;
                }
                offer
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn card_value_gives_a_value_or_a_reason_for_any_offer_and_any_visitor_text(
        offer in any_offer(),
        bonus in proptest::option::of(odd_bonus()),
        given in assumption_texts(),
    ) {
        // The bonus is where a feed's huge number meets the visitor's cents per point.
        let mut offer = offer;
        if let Some(bonus) = bonus {
            offer.rewards.initial_bonus = Amount::parse(&amount_text(&bonus));
        }
        let read = Assumptions::read(|name| {
            given.iter().find(|(field, _)| *field == name).map(|(_, text)| text.clone())
        });
        match read {
            Ok(assumptions) => {
                // What a visitor can set is capped, so a year of it always adds up.
                prop_assert!(assumptions.spending.checked_monthly_total().is_some());
                prop_assert!(assumptions.balance <= MAX_BALANCE);
                check_card_value(&card_value(&offer, &assumptions))?;
            }
            Err(error) => prop_assert!(ASSUMPTION_FIELDS.contains(&error.field()), "{:?}", error),
        }
    }

    #[test]
    fn card_value_gives_a_value_or_a_reason_for_assumptions_set_in_code(
        offer in any_offer(),
        assumptions in assumptions_in_code(),
    ) {
        let _ = assumptions.spending.monthly_total();
        check_card_value(&card_value(&offer, &assumptions))?;
    }

    #[test]
    fn the_breakdown_rates_any_offer_from_one_to_five_or_says_why(offer in any_offer()) {
        let breakdown = card_breakdown(&offer);
        let categories: Vec<BreakdownCategory> = breakdown.iter().map(|s| s.category).collect();
        prop_assert_eq!(categories, BreakdownCategory::ALL.to_vec());
        for score in &breakdown {
            prop_assert!(!score.basis.is_empty());
            if let Some(rating) = score.rating {
                prop_assert!(
                    (Decimal::ONE..=Decimal::from(5)).contains(&rating.value()),
                    "{:?}", score
                );
            }
        }
    }

    #[test]
    fn the_figures_of_any_offer_are_read_without_panicking(
        offer in any_offer(),
        text in prop_oneof![
            odd_amount().prop_map(|value| amount_text(&value)),
            "\\PC{0,40}",
        ],
        history in vec(prop_oneof!["\\PC{0,30}", "[0-9]{4}-[0-9]{2}-[0-9]{2}:-?[0-9.]{1,40}"], 0..5),
    ) {
        let parsed = Amount::parse(&text);
        if let (Some(_), Some(Amount::Text(_))) = (figures::lowest_percent(parsed.as_ref()), &parsed) {
            prop_assert!(text.contains('%'));
        }
        let _ = (figures::plain(parsed.as_ref()), figures::is_zero(parsed.as_ref()));
        let _ = (figures::headline_apy(&offer), figures::annual_fee(&offer));
        let _ = (figures::regular_apr(&offer), figures::term_months(&offer));
        let mut offer = offer;
        offer.banking.apy_history = history;
        let points = figures::apy_history(&offer);
        prop_assert!(points.windows(2).all(|w| w[0] <= w[1]));
        prop_assert!(points.iter().all(|(day, _)| day.len() == 10));
    }

    #[test]
    fn query_reading_with_real_field_names_refuses_only_by_naming_a_field(
        pairs in vec(
            (
                prop_oneof![
                    3 => select(QueryField::ALL.to_vec()).prop_map(|f| f.name().to_owned()),
                    1 => "[a-z_]{0,12}",
                ],
                prop_oneof![
                    3 => "\\PC{0,40}",
                    1 => select(vec![
                        "/all-cards", "rewards", "savingAverageAmount", "creditCard", "apy",
                        "0", "1", "50", "51", "4294967295", "4294967296", "none", "default", "",
                    ]).prop_map(str::to_owned),
                ],
            ),
            0..8,
        ),
    ) {
        let given = |name: &str| pairs.iter().any(|(key, value)| key == name && !value.is_empty());
        match ListingQuery::from_pairs(pairs.clone()) {
            Ok(_) => {}
            Err(QueryError::MissingSelector) => {
                let selectors = [QueryField::Route, QueryField::Need, QueryField::Scenario, QueryField::Type];
                prop_assert!(!selectors.iter().any(|field| given(field.name())));
            }
            Err(error) => {
                let field = error.field();
                prop_assert!(field.is_some_and(|f| given(f.name())), "{:?}", error);
                let name = field.map_or("", QueryField::name);
                prop_assert!(error.to_string().contains(name), "{}", error);
            }
        }
    }

    #[test]
    fn large_bank_and_route_table_reading_never_panic_on_json_shaped_text(
        value in json_value(),
        cut in any::<prop::sample::Index>(),
    ) {
        let text = value.to_string();
        // A whole document, the same cut short, and the value where each reader looks.
        let short: String = text.chars().take(cut.index(text.chars().count() + 1)).collect();
        let wrapped = [json!({"banks": value}).to_string(), json!({"routes": value}).to_string()];
        for text in [&text, &short, &wrapped[0], &wrapped[1]] {
            if let Ok(banks) = LargeBanks::from_json(text) {
                prop_assert!(banks.names().iter().all(|name| !name.trim().is_empty()));
            }
            if let Ok(table) = RouteTable::from_json(text) {
                prop_assert!(table.routes().iter().all(|route| route.path.starts_with('/')));
            }
        }
    }
}

proptest! {
    // Each case builds a catalogue; CI time is shared.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_route_table_read_from_route_shaped_json_lists_without_panicking(
        text in route_file_json(),
        offers in odd_offers(),
    ) {
        // A table the generator broke on purpose is refused with a reason; the rest list.
        let table = match RouteTable::from_json(&text) {
            Ok(table) => table,
            Err(err) => {
                prop_assert!(!err.to_string().is_empty());
                return Ok(());
            }
        };
        let catalogue = Catalogue::new(offers).with_routes(table.clone());
        for route in table.routes() {
            prop_assert!(catalogue.route_size(&route.path).is_some());
            prop_assert!(catalogue.route_needs(&route.path).is_some());
            for sort in SortKey::ALL {
                let query = ListingQuery::route(route.path.clone()).with_sort(sort);
                let _ = catalogue.listing(&query);
            }
        }
    }

    #[test]
    fn lookups_and_search_with_arbitrary_text_answer_or_refuse_without_panicking(
        offers in odd_offers(),
        texts in vec(lookup_text(), 0..6),
        search_text in prop_oneof!["\\PC{0,40}", "[a-z ]{2,20}"],
        offset in prop_oneof![any::<usize>(), 0_usize..20],
        limit in prop_oneof![any::<usize>(), 0_usize..20],
        page in any::<u32>(),
        per_page in any::<u32>(),
    ) {
        let routes = RouteTable::from_json(ROUTES).unwrap_or_default();
        let catalogue = Catalogue::new(offers).with_routes(routes);
        let (page, per_page) = (page.to_string(), per_page.to_string());
        for text in &texts {
            let _ = (catalogue.offer(text), catalogue.offer_by_details_page(text));
            if let Ok(view) = catalogue.institution_with_products(text) {
                prop_assert_eq!(view.institution.product_type, ProductType::Institution);
            }
            let size = catalogue.route_size(text);
            prop_assert_eq!(size.is_some(), catalogue.route_needs(text).is_some());
            prop_assert_eq!(size.is_some(), catalogue.routes().get(text).is_some());
            let pairs = [("route", text.as_str()), ("page", page.as_str()), ("per_page", per_page.as_str())];
            if let Ok(query) = ListingQuery::from_pairs(pairs) {
                let _ = catalogue.listing(&query);
            }
        }
        if let Ok(comparison) = catalogue.compare(&texts) {
            prop_assert!((MIN_COMPARE..=MAX_COMPARE).contains(&comparison.offers.len()));
        }
        for selector in [Selector::Need(NeedKey::Rewards), Selector::Scenario(Scenario::SavingAverageAmount)] {
            for sort in SortKey::ALL {
                let _ = catalogue.listing(&ListingQuery::new(selector.clone()).with_sort(sort));
            }
        }
        if let Ok(query) = SearchQuery::parse(&search_text) {
            let (found, total) = search(catalogue.offers(), &query, offset, limit);
            prop_assert!(found.len() <= limit.min(total.saturating_sub(offset)));
        }
    }
}

#[test]
fn deeply_nested_route_filters_are_refused_without_overflowing_the_stack() {
    let nested = |depth: usize| {
        format!(
            r#"{{"routes": [{{"path": "/deep", "section": "bestOf", "title": "T",
                "description": "D", "order": {{"rating": "rating"}},
                "filter": {}"noAnnualFee"{}}}]}}"#,
            r#"{"not": "#.repeat(depth),
            "}".repeat(depth)
        )
    };
    // Within the JSON reader's depth limit the table reads and lists.
    let table = RouteTable::from_json(&nested(60));
    assert!(table.is_ok(), "{table:?}");
    let catalogue = Catalogue::new(Vec::new()).with_routes(table.unwrap_or_default());
    assert_eq!(catalogue.route_size("/deep"), Some(0));
    // Far past it, the reader refuses the text instead of recursing.
    assert!(RouteTable::from_json(&nested(100_000)).is_err());
    let banks = format!(
        r#"{{"banks": {}"x"{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(LargeBanks::from_json(&banks).is_err());
}
