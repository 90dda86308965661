//! The catalogue import and load, on every backend.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use offer_model::Offer;
use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder};
use serde_json::{Value, json};
use store::catalogue;
use store::catalogue::entity::{institution, need, offer, rate_tier};
use store::{meta, testing};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue")
}

/// Every fixture offer, read file by file in name order, independently of the store.
fn fixture_offers() -> Vec<Offer> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let value: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            value
                .as_array()
                .unwrap()
                .iter()
                .map(|item| Offer::from_json(item).unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A fresh empty folder under the temporary directory.
fn temp_dir(label: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "plainrate-catalogue-{label}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_json(dir: &Path, name: &str, value: &Value) {
    std::fs::write(dir.join(name), serde_json::to_string_pretty(value).unwrap()).unwrap();
}

/// Every row of the four tables, in key order, as text.
async fn dump(db: &impl ConnectionTrait) -> Vec<String> {
    let mut out: Vec<String> = offer::Entity::find()
        .order_by_asc(offer::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|row| format!("{row:?}"))
        .collect();
    out.extend(
        rate_tier::Entity::find()
            .order_by_asc(rate_tier::Column::OfferId)
            .order_by_asc(rate_tier::Column::Position)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|row| format!("{row:?}")),
    );
    out.extend(
        need::Entity::find()
            .order_by_asc(need::Column::OfferId)
            .order_by_asc(need::Column::NeedKey)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|row| format!("{row:?}")),
    );
    out.extend(
        institution::Entity::find()
            .order_by_asc(institution::Column::Id)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|row| format!("{row:?}")),
    );
    out
}

fn small_catalogue() -> Value {
    json!([
        {
            "ID": "bank-1", "NAME": "First Bank", "TYPE": "inst", "UID": "u-1",
            "TAGS": "bank,largest-by-assets"
        },
        {
            "ID": "sav-1", "NAME": "First Bank Savings", "TYPE": "svg", "PDT_TYPE": "Savings",
            "ISSUER": "First Bank", "UID": "u-1", "APY": "4.1%",
            "RATE_INFO_STR": "0|9999.99|4.00|4.07,10000|99999999|4.05|4.12",
            "SOURCE": "Test data", "SOURCE_AS_OF": "2026-01-31", "ILLUSTRATIVE": "Y"
        },
        {
            "ID": "card-1", "PID": "p-card-1", "NAME": "Cash Card", "RATING": "4.50",
            "WH_RATINGS": "4.8", "WH_RATINGS_NEEDS": "rewards,travel",
            "ELIGIBLE_NEEDS": "rewards,student", "SPONSORED": "Y", "WH_AFFILIATE_LINK": "yes",
            "DETAILS_HTML_PAGE": "/d/cash-card"
        }
    ])
}

#[tokio::test]
async fn every_fixture_offer_loads_back_equal() {
    let expected = fixture_offers();
    assert!(
        expected.len() > 100,
        "fixtures hold {} offers",
        expected.len()
    );
    let tiers: usize = expected.iter().map(|o| o.banking.rate_tiers.len()).sum();
    let institution_count = expected
        .iter()
        .filter(|o| o.product_type == offer_model::ProductType::Institution)
        .count();
    for t in testing::all().await.unwrap() {
        assert!(catalogue::is_empty(&t.db).await.unwrap(), "{}", t.name);
        let count = catalogue::import_dir(&t.db, &fixtures_dir()).await.unwrap();
        assert_eq!(count, expected.len(), "{}", t.name);
        assert!(!catalogue::is_empty(&t.db).await.unwrap());
        assert_eq!(
            catalogue::count(&t.db).await.unwrap(),
            expected.len() as u64
        );
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), 1);
        let loaded = catalogue::load_offers(&t.db).await.unwrap();
        assert_eq!(loaded.len(), expected.len(), "{}", t.name);
        for (got, want) in loaded.iter().zip(&expected) {
            assert_eq!(got, want, "{}: offer {}", t.name, want.identity.id.as_str());
        }
        let versioned = catalogue::load_versioned(&t.db).await.unwrap();
        assert_eq!(
            (
                versioned.version,
                versioned.offers.len(),
                versioned.retired.len()
            ),
            (1, expected.len(), 0)
        );
        let stored_tiers = rate_tier::Entity::find().all(&t.db).await.unwrap();
        assert_eq!(stored_tiers.len(), tiers, "{}", t.name);
        let stored_institutions = institution::Entity::find().all(&t.db).await.unwrap();
        assert_eq!(stored_institutions.len(), institution_count, "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn importing_twice_gives_the_same_rows() {
    for t in testing::all().await.unwrap() {
        catalogue::import_dir(&t.db, &fixtures_dir()).await.unwrap();
        let first = dump(&t.db).await;
        catalogue::import_dir(&t.db, &fixtures_dir()).await.unwrap();
        let second = dump(&t.db).await;
        assert_eq!(first.len(), second.len(), "{}", t.name);
        assert!(
            first == second,
            "{}: rows differ after a second import",
            t.name
        );
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), 2);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn indexed_columns_rate_tiers_needs_and_institutions_are_stored() {
    let dir = temp_dir("small");
    write_json(&dir, "a.json", &small_catalogue());
    for t in testing::all().await.unwrap() {
        assert_eq!(catalogue::import_dir(&t.db, &dir).await.unwrap(), 3);
        let card = offer::Entity::find_by_id("card-1".to_owned())
            .one(&t.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(card.pid.as_deref(), Some("p-card-1"));
        assert_eq!(card.product_type, "creditCard");
        assert_eq!(card.rating.as_deref(), Some("4.5"));
        assert_eq!(card.details_page.as_deref(), Some("/d/cash-card"));
        assert!(card.sponsored && card.affiliate && !card.discontinued && !card.illustrative);
        assert_eq!(card.position, 2);
        let raw: Value = serde_json::from_str(&card.raw).unwrap();
        assert_eq!(
            raw["WH_AFFILIATE_LINK"], "Y",
            "flags are stored canonically"
        );

        let savings = offer::Entity::find_by_id("sav-1".to_owned())
            .one(&t.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(savings.product_type, "savings");
        assert_eq!(savings.institution.as_deref(), Some("First Bank"));
        assert_eq!(savings.uid.as_deref(), Some("u-1"));
        assert_eq!(savings.source_as_of.as_deref(), Some("2026-01-31"));
        assert!(savings.illustrative);

        let tiers = rate_tier::Entity::find()
            .order_by_asc(rate_tier::Column::Position)
            .all(&t.db)
            .await
            .unwrap();
        let tiers: Vec<_> = tiers
            .iter()
            .map(|r| {
                (
                    r.offer_id.as_str(),
                    r.position,
                    r.low.as_str(),
                    r.high.as_str(),
                    r.rate.as_str(),
                    r.apy.as_str(),
                )
            })
            .collect();
        assert_eq!(
            tiers,
            [
                ("sav-1", 0, "0", "9999.99", "4.00", "4.07"),
                ("sav-1", 1, "10000", "99999999", "4.05", "4.12"),
            ]
        );

        let needs = need::Entity::find()
            .order_by_asc(need::Column::NeedKey)
            .all(&t.db)
            .await
            .unwrap();
        let needs: Vec<_> = needs
            .iter()
            .map(|n| {
                (
                    n.need_key.as_str(),
                    n.rating.as_deref(),
                    n.eligible,
                    n.rated,
                )
            })
            .collect();
        assert_eq!(
            needs,
            [
                ("rewards", Some("4.8"), true, true),
                ("student", None, true, false),
                ("travel", Some("4.8"), false, true),
            ]
        );

        let banks = institution::Entity::find().all(&t.db).await.unwrap();
        assert_eq!(banks.len(), 1);
        assert_eq!(banks[0].id, "bank-1");
        assert_eq!(banks[0].uid.as_deref(), Some("u-1"));
        assert_eq!(banks[0].name_key, "first bank");
        assert_eq!(banks[0].kind.as_deref(), Some("bank"));
        assert!(catalogue::offer_exists(&t.db, "sav-1").await.unwrap());
        assert!(!catalogue::offer_exists(&t.db, "nope").await.unwrap());
        t.cleanup().await.unwrap();
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_broken_folder_fails_the_import_and_changes_nothing() {
    let good = small_catalogue();
    // Each case: files to write, and a piece of the expected message.
    let cases: Vec<(Vec<(&str, String)>, &str)> = vec![
        (
            vec![
                ("a.json", good.to_string()),
                ("b.json", "[{\"ID\": 1,".to_owned()),
            ],
            "b.json: not valid JSON",
        ),
        (
            vec![
                ("a.json", good.to_string()),
                ("b.json", "{\"ID\": \"x\"}".to_owned()),
            ],
            "b.json: expected a JSON array",
        ),
        (
            vec![
                ("a.json", good.to_string()),
                (
                    "b.json",
                    json!([{"ID": "z", "NAME": "Z"}, {"ID": "y"}]).to_string(),
                ),
            ],
            "b.json: offer 2 (ID \"y\")",
        ),
        (
            vec![
                ("a.json", good.to_string()),
                (
                    "b.json",
                    json!([{"ID": "q", "NAME": "Q", "RATING": "7"}]).to_string(),
                ),
            ],
            "b.json: offer 1",
        ),
        (
            vec![
                ("a.json", good.to_string()),
                (
                    "b.json",
                    json!([{"ID": "card-1", "NAME": "Again"}]).to_string(),
                ),
            ],
            "offer id card-1 is already in a.json",
        ),
        (
            vec![("notes.txt", "hello".to_owned())],
            "no *.json catalogue file",
        ),
        (vec![("a.json", "[]".to_owned())], "hold no offer"),
    ];
    for t in testing::all().await.unwrap() {
        catalogue::import_dir(&t.db, &fixtures_dir()).await.unwrap();
        let before = dump(&t.db).await;
        for (files, message) in &cases {
            let dir = temp_dir("broken");
            for (name, text) in files {
                std::fs::write(dir.join(name), text).unwrap();
            }
            let err = catalogue::import_dir(&t.db, &dir).await.unwrap_err();
            assert!(
                matches!(err, store::StoreError::Fixture(_)),
                "{}: {err:?}",
                t.name
            );
            assert!(
                err.to_string().contains(message),
                "{}: {err} should say {message}",
                t.name
            );
            let _ = std::fs::remove_dir_all(dir);
        }
        let missing = catalogue::import_dir(&t.db, Path::new("/no/such/catalogue/folder"))
            .await
            .unwrap_err();
        assert!(
            missing.to_string().contains("cannot read the folder"),
            "{missing}"
        );
        assert!(
            before == dump(&t.db).await,
            "{}: a failed import changed rows",
            t.name
        );
        assert_eq!(
            meta::catalogue_version(&t.db).await.unwrap(),
            1,
            "{}",
            t.name
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_smaller_catalogue_replaces_the_rows_of_a_larger_one() {
    let dir = temp_dir("smaller");
    write_json(&dir, "a.json", &small_catalogue());
    let changed = temp_dir("changed");
    let mut items = small_catalogue().as_array().unwrap().clone();
    items.retain(|item| item["ID"] != "bank-1");
    items[0]["RATE_INFO_STR"] = json!("0|99999999|3.00|3.04");
    items[1]["WH_RATINGS_NEEDS"] = json!("");
    write_json(&changed, "only.json", &Value::Array(items.clone()));
    for t in testing::all().await.unwrap() {
        catalogue::import_dir(&t.db, &fixtures_dir()).await.unwrap();
        catalogue::import_dir(&t.db, &dir).await.unwrap();
        assert_eq!(catalogue::count(&t.db).await.unwrap(), 3, "{}", t.name);
        assert_eq!(catalogue::import_dir(&t.db, &changed).await.unwrap(), 2);
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), 3);
        let loaded = catalogue::load_offers(&t.db).await.unwrap();
        let want: Vec<Offer> = items.iter().map(|i| Offer::from_json(i).unwrap()).collect();
        assert_eq!(loaded, want, "{}", t.name);
        assert!(
            institution::Entity::find()
                .all(&t.db)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(rate_tier::Entity::find().all(&t.db).await.unwrap().len(), 1);
        let needs = need::Entity::find().all(&t.db).await.unwrap();
        assert!(needs.iter().all(|n| !n.rated), "{}", t.name);
        let dup = catalogue::replace(&t.db, &[want[0].clone(), want[0].clone()])
            .await
            .unwrap_err();
        assert!(dup.to_string().contains("appears twice"), "{dup}");
        assert_eq!(catalogue::load_offers(&t.db).await.unwrap(), want);
        t.cleanup().await.unwrap();
    }
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(changed);
}

/// A savings offer for the refresh tests: `n` in its id, `apy` its APY.
fn savings(n: u32, apy: &str) -> Offer {
    Offer::from_json(&json!({
        "ID": format!("refresh-{n}"),
        "TYPE": "svg",
        "PDT_TYPE": "Savings",
        "NAME": format!("Test Savings {n}"),
        "APY": apy,
        "EDITORS_NOTES": format!("Editors' note {n}."),
        "EDITORIAL_FIELDS": "EDITORS_NOTES",
    }))
    .unwrap()
}

/// The same offer as the public data has it: figures, no editors' words.
fn without_editors(offer: &Offer) -> Offer {
    let mut raw = offer.to_raw_json();
    let map = raw.as_object_mut().unwrap();
    map.remove("EDITORS_NOTES");
    map.remove("EDITORIAL_FIELDS");
    Offer::from_json(&raw).unwrap()
}

#[tokio::test]
async fn an_import_retires_restores_keeps_the_editors_fields_and_a_dry_run_writes_nothing() {
    use catalogue::ImportOptions;
    let at = |day: u32| {
        chrono::NaiveDate::from_ymd_opt(2026, 11, day)
            .unwrap()
            .and_hms_opt(6, 0, 0)
            .unwrap()
            .and_utc()
    };
    let first: Vec<Offer> = (1..=10).map(|n| savings(n, "4.00%")).collect();
    for t in testing::all().await.unwrap() {
        catalogue::import(&t.db, &first, ImportOptions::default(), at(1))
            .await
            .unwrap();
        // Offer 1 lowers its APY, offer 10 is gone, offer 11 is new: the public data has no
        // editors' notes.
        let mut second: Vec<Offer> = first[..9].iter().map(without_editors).collect();
        second[0] = without_editors(&savings(1, "3.75%"));
        second.push(without_editors(&savings(11, "4.50%")));
        let dry = ImportOptions {
            dry_run: true,
            ..ImportOptions::default()
        };
        let version = meta::catalogue_version(&t.db).await.unwrap();
        let report = catalogue::import(&t.db, &second, dry, at(2)).await.unwrap();
        assert_eq!(report.version, None);
        assert_eq!(report.plan.added, ["refresh-11"]);
        assert_eq!(report.plan.retired, ["refresh-10"]);
        assert_eq!(
            report.plan.changed.len(),
            1,
            "{}: {:?}",
            t.name,
            report.plan.changed
        );
        assert_eq!(
            report.plan.to_string().lines().last(),
            Some("  APY: 4.00% → 3.75%")
        );
        // Nothing was written.
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), version);
        assert_eq!(
            catalogue::load_offers(&t.db).await.unwrap(),
            first,
            "{}",
            t.name
        );

        let done = catalogue::import(&t.db, &second, ImportOptions::default(), at(2))
            .await
            .unwrap();
        assert_eq!(done.plan, report.plan, "{}", t.name);
        assert_eq!(done.version, Some(version + 1));
        let live = catalogue::load_offers(&t.db).await.unwrap();
        assert_eq!(live.len(), 10);
        assert!(live.iter().all(|o| o.identity.id.as_str() != "refresh-10"));
        // The editors' notes stayed; the new data's figures came in.
        let one = live[0].to_raw_json();
        assert_eq!(
            (one["APY"].as_str(), one["EDITORS_NOTES"].as_str()),
            (Some("3.75%"), Some("Editors' note 1."))
        );
        let retired = catalogue::load_retired(&t.db).await.unwrap();
        assert_eq!(retired.len(), 1);
        assert_eq!(
            (retired[0].offer.identity.id.as_str(), retired[0].retired_at),
            ("refresh-10", at(2))
        );
        assert_eq!(retired[0].offer, first[9], "its last figures are kept");

        // The same data again changes nothing; offer 10 coming back is restored.
        let again = catalogue::import(&t.db, &second, ImportOptions::default(), at(3))
            .await
            .unwrap();
        assert!(again.plan.is_empty(), "{:?}", again.plan);
        let mut third = second.clone();
        third.push(without_editors(&first[9]));
        let back = catalogue::import(&t.db, &third, ImportOptions::default(), at(4))
            .await
            .unwrap();
        assert_eq!(back.plan.restored, ["refresh-10"]);
        assert!(back.plan.changed.is_empty(), "{:?}", back.plan.changed);
        assert!(catalogue::load_retired(&t.db).await.unwrap().is_empty());
        assert_eq!(catalogue::count(&t.db).await.unwrap(), 11);

        // A folder that would retire 3 of 11 (over 20%) is refused unless forced, and the
        // refusal writes nothing.
        let version = meta::catalogue_version(&t.db).await.unwrap();
        let err = catalogue::import(&t.db, &third[3..], ImportOptions::default(), at(5))
            .await
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("would retire 3 of 11 offers, more than 20%"),
            "{err}"
        );
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), version);
        assert_eq!(catalogue::count(&t.db).await.unwrap(), 11);
        let forced = ImportOptions {
            force: true,
            ..ImportOptions::default()
        };
        catalogue::import(&t.db, &third[3..], forced, at(5))
            .await
            .unwrap();
        assert_eq!(catalogue::count(&t.db).await.unwrap(), 8);
        assert_eq!(catalogue::load_retired(&t.db).await.unwrap().len(), 3);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_product_s_history_across_three_imports_records_each_changed_figure_once() {
    use catalogue::ImportOptions;
    let at = |day: u32| {
        chrono::NaiveDate::from_ymd_opt(2026, 11, day)
            .unwrap()
            .and_hms_opt(6, 0, 0)
            .unwrap()
            .and_utc()
    };
    let first: Vec<Offer> = (1..=5).map(|n| savings(n, "4.00%")).collect();
    let mut second = first.clone();
    second[0] = savings(1, "3.75%");
    let mut third = second.clone();
    third[0] = savings(1, "3.50%");
    for t in testing::all().await.unwrap() {
        for (day, offers) in [(1, &first), (2, &second), (3, &third), (4, &third)] {
            catalogue::import(&t.db, offers, ImportOptions::default(), at(day))
                .await
                .unwrap();
        }
        let history = catalogue::history::of_offer(&t.db, "refresh-1")
            .await
            .unwrap();
        let seen: Vec<(u32, &str, Option<&str>, Option<&str>)> = history
            .iter()
            .map(|c| {
                use chrono::Datelike;
                (
                    c.recorded_at.day(),
                    c.field.as_str(),
                    c.old.as_deref(),
                    c.new.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (1, "APY", None, Some("4.00%")),
                (2, "APY", Some("4.00%"), Some("3.75%")),
                (3, "APY", Some("3.75%"), Some("3.50%")),
            ],
            "{}",
            t.name
        );
        // An offer whose figures never changed has its first figures only.
        assert_eq!(
            catalogue::history::of_offer(&t.db, "refresh-2")
                .await
                .unwrap()
                .len(),
            1
        );

        // The fixtures' tracked savings account starts its history at its dated APYs.
        catalogue::replace(&t.db, &fixture_offers()).await.unwrap();
        let ally = catalogue::history::of_offer(&t.db, "hysa-ally-online-savings-account")
            .await
            .unwrap();
        let first_point = &ally[0];
        assert_eq!(
            first_point.recorded_at.date_naive().to_string(),
            "2026-01-08"
        );
        assert_eq!(
            (first_point.old.as_deref(), first_point.new.as_deref()),
            (None, Some("3.30%"))
        );
        assert!(first_point.source.is_some(), "each change names its source");
        t.cleanup().await.unwrap();
    }
}
