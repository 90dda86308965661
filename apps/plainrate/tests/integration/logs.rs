//! The server's JSON logs (`LOG_FORMAT=json`), read from the real binary's output: one line
//! per request with its request id, route, status and duration, and no e-mail address,
//! phone number or token anywhere, whatever the requests carried.

use std::time::Duration;

use crate::common::server::{Server, anti_forgery};

#[tokio::test]
async fn json_logs_give_each_request_its_id_route_status_and_duration_and_no_personal_data() {
    let mut server = Server::start(&[
        ("LOG_FORMAT", "json".to_owned()),
        // The e-mail sender runs too, against a mail server that is not there.
        ("EMAIL_TRANSPORT", "smtp".to_owned()),
        ("SMTP_HOST", "127.0.0.1".to_owned()),
        ("SMTP_PORT", crate::common::smtp::free_port().to_string()),
        ("SMTP_SECURITY", "plain".to_owned()),
        ("MAIL_FROM", "no-reply@example.test".to_owned()),
        ("EMAIL_POLL_SECS", "1".to_owned()),
    ])
    .await;
    let base = server.base.clone();
    let http = reqwest::Client::new();

    let email = "private.person@example.com";
    let phone = "5550109876";
    let token = "0123456789abcdef".repeat(4);
    let headers = anti_forgery(&http, &base).await;
    let mut requests = 0;
    for (path, body) in [
        ("/join/light", serde_json::json!({"email": email})),
        ("/sign-in/forgot", serde_json::json!({"email": email})),
        (
            "/join",
            serde_json::json!({"email": email, "password": "a long enough secret"}),
        ),
        (
            "/sign-in/reset",
            serde_json::json!({"token": token, "password": "a long enough secret"}),
        ),
        (
            "/home/rpc/download_app",
            serde_json::json!({"phoneNumber": phone, "type": ""}),
        ),
    ] {
        let mut request = http.post(format!("{base}{path}")).json(&body);
        for (name, value) in &headers {
            request = request.header(name, value);
        }
        request.send().await.unwrap();
        requests += 1;
    }
    http.get(format!("{base}/join/light/confirm?code={token}"))
        .send()
        .await
        .unwrap();
    requests += 1;
    // The sender has tried (and failed) to send the e-mails.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let text = server.stop();
    let mut answered = 0;
    for line in text.lines() {
        let entry: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        if entry["fields"]["message"] == "answered" {
            answered += 1;
            let span = &entry["span"];
            let id = span["request_id"].as_str().unwrap_or_default();
            assert_eq!(id.len(), 16, "{line}");
            assert!(
                span["route"].as_str().is_some_and(|r| r.starts_with('/')),
                "{line}"
            );
            assert!(entry["fields"]["status"].as_u64().is_some(), "{line}");
            assert!(entry["fields"]["duration_ms"].as_f64().is_some(), "{line}");
        }
        for secret in [email, "private.person", phone, "0109876", token.as_str()] {
            assert!(
                !line.contains(secret),
                "a log line holds {secret:?}: {line}"
            );
        }
    }
    // The requests above, and the ones that fetched the anti-forgery token and the health.
    assert!(
        answered >= requests + 2,
        "{answered} request lines for {requests} requests:\n{text}"
    );
    assert!(
        text.contains("e-mail not sent"),
        "the sender's attempts are logged:\n{text}"
    );
}
