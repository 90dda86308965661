//! The national rate chart's data: the committed file is what the builder writes from
//! the shared FDIC files, and it holds the series the banking pages draw.

use catalogue_build::national;
use serde_json::Value;

const COMMITTED: &str = include_str!("../../../frontend/public/assets/data/national-rates.json");

#[test]
fn the_chart_data_holds_each_series_in_month_order_with_its_source() {
    let data: Value = serde_json::from_str(COMMITTED).unwrap();
    assert!(data["source"].as_str().unwrap().contains("FDIC"));
    let series = data["series"].as_array().unwrap();
    let labels: Vec<&str> = series
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "Savings",
            "Money market",
            "Interest checking",
            "12-month CD",
            "24-month CD",
            "48-month CD"
        ]
    );
    for s in series {
        let points = s["points"].as_array().unwrap();
        assert!(points.len() >= 30, "{}", s["label"]);
        let months: Vec<&str> = points.iter().map(|p| p[0].as_str().unwrap()).collect();
        assert!(
            months.windows(2).all(|w| w[0] < w[1]),
            "{} in month order",
            s["label"]
        );
        assert!(
            points
                .iter()
                .all(|p| p[1].as_str().unwrap().parse::<f64>().is_ok())
        );
    }
}

#[test]
fn the_latest_rates_and_caps_are_the_newest_month_of_each_kind() {
    let data: Value = serde_json::from_str(COMMITTED).unwrap();
    let latest = data["latest"].as_array().unwrap();
    let kinds: Vec<&str> = latest
        .iter()
        .map(|l| l["productType"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["savings", "moneyMarket", "checking"]);
    // The shared data's README gives the newest month, 2023-11: savings 0.46 / cap 6.08,
    // money market 0.65 / cap 6.08.
    assert_eq!(latest[0]["asOf"], "2023-11-01");
    assert_eq!(
        (latest[0]["rate"].as_str(), latest[0]["cap"].as_str()),
        (Some("0.46"), Some("6.08"))
    );
    assert_eq!(
        (latest[1]["rate"].as_str(), latest[1]["cap"].as_str()),
        (Some("0.65"), Some("6.08"))
    );
    for l in latest {
        let rate: f64 = l["rate"].as_str().unwrap().parse().unwrap();
        let cap: f64 = l["cap"].as_str().unwrap().parse().unwrap();
        assert!(cap >= rate + 0.75 - 1e-9, "{l}");
    }
}

/// Without the shared data folder beside the repository the check is skipped, unless
/// `REQUIRE_SHARED_DATA` is set.
#[test]
fn the_committed_chart_data_is_what_the_builder_writes() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if !data.join(national::CD_FILE).is_file() {
        assert!(
            std::env::var_os("REQUIRE_SHARED_DATA").is_none(),
            "no {}",
            data.join(national::CD_FILE).display()
        );
        eprintln!("skipped: no shared data at {}", data.display());
        return;
    }
    let built = serde_json::to_string(&national::series(&data).unwrap()).unwrap() + "\n";
    assert!(
        built == COMMITTED,
        "frontend/public/assets/data/national-rates.json is stale: run `just build-fixtures`"
    );
}
