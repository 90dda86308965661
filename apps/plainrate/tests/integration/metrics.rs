//! The metrics listener (`METRICS_BIND`), read from the real binary: the Prometheus text
//! passes `promtool check metrics` and counts requests by route and status, rate-limit
//! refusals, catalogue rebuilds, the database pool and the e-mail backlog; the site's own
//! address does not serve it.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::server::{Server, anti_forgery};
use crate::common::smtp::free_port;

/// `promtool check metrics` on `text`: its verdict, or none when promtool is missing
/// (a failure when `REQUIRE_PROMTOOL=1`, as CI sets it).
fn promtool(text: &str) -> Option<(bool, String)> {
    let child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(_) if std::env::var("REQUIRE_PROMTOOL").is_ok_and(|v| v == "1") => {
            panic!("REQUIRE_PROMTOOL=1 but promtool is missing (Debian's prometheus package)")
        }
        Err(_) => {
            eprintln!("skipped: no promtool (Debian's prometheus package)");
            return None;
        }
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some((out.status.success(), said))
}

#[tokio::test]
async fn the_metrics_pass_promtool_and_count_what_operators_watch() {
    let metrics_port = free_port();
    let mut server = Server::start(&[("METRICS_BIND", format!("127.0.0.1:{metrics_port}"))]).await;
    let http = reqwest::Client::new();
    let base = server.base.clone();
    for path in [
        "/api/listings?route=/credit-cards/rewards",
        "/api/routes",
        "/no-such-page",
    ] {
        http.get(format!("{base}{path}")).send().await.unwrap();
    }
    // Sign-ins from one address over the minute's limit of six: refusals.
    let headers = anti_forgery(&http, &base).await;
    for _ in 0..8 {
        let mut request = http.post(format!("{base}/sign-in"));
        for (name, value) in &headers {
            request = request.header(name, value);
        }
        request
            .json(&serde_json::json!({"email": "nobody@example.test", "password": "not it at all"}))
            .send()
            .await
            .unwrap();
    }
    let answer = http
        .get(format!("http://127.0.0.1:{metrics_port}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let text = answer.text().await.unwrap();
    for family in [
        "plainrate_http_requests_total{route=\"/api/listings\",status=\"200\"}",
        "plainrate_http_request_duration_seconds_bucket{route=\"/api/listings\",status=\"200\"",
        "plainrate_http_requests_total{route=\"other\",status=\"404\"}",
        "plainrate_catalogue_rebuilds_total",
        "plainrate_catalogue_rebuild_seconds",
        "plainrate_db_pool_connections",
        "plainrate_db_pool_idle_connections",
        "plainrate_email_backlog",
    ] {
        assert!(text.contains(family), "no {family} in:\n{text}");
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("plainrate_rate_limit_refusals_total{limit=\"sign-in:ip\"}")),
        "the refused sign-ins are counted:\n{text}"
    );
    // The sign-in refusals are 429s in the request counts too.
    assert!(
        text.contains("plainrate_http_requests_total{route=\"/sign-in\",status=\"429\"}"),
        "{text}"
    );
    if let Some((passed, said)) = promtool(&text) {
        assert!(passed, "promtool check metrics: {said}\n{text}");
    }
    // Visitors reach the site's address only: it has no metrics.
    assert!(
        !text.contains("no-such-page"),
        "a path a visitor typed is never a label"
    );
    let site = http.get(format!("{base}/metrics")).send().await.unwrap();
    assert_eq!(site.status(), 404);
    assert!(
        !site
            .text()
            .await
            .unwrap()
            .contains("plainrate_http_requests_total")
    );
    server.stop();
}
