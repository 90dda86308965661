//! E-mail delivery over SMTP, against a real SMTP server on TCP (`common::smtp`), on every
//! backend: the sign-in link arrives as mail clients expect it and signs in; a refusal, a
//! dropped connection and a server that is down give retries and then a recorded failure,
//! never an error to the visitor and never a lost message; two instances send each e-mail
//! once.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request};
use chrono::{DateTime, TimeZone, Utc};
use mail_delivery::retry::{DELAYS, MAX_ATTEMPTS};
use mail_delivery::unsubscribe::List;
use plainrate::config::{Settings, SmtpSecurity, Transport};
use plainrate::email::smtp::SmtpSender;
use plainrate::email::worker::{Pass, deliver_due as deliver_one};
use serde_json::json;
use store::outbox::{self, Channel, DeliveryState, NewMessage};

use crate::common::smtp::{SmtpSink, decoded, dkim_verifies, free_port, header};
use crate::common::{self, Reply, TestApp, members};

const FROM: &str = "no-reply@example.test";

/// Settings that send e-mail to the server on `port`, plainly (the test server has no TLS).
fn smtp_to(settings: &mut Settings, port: u16) {
    settings.email_transport = Transport::Smtp;
    settings.smtp_host = Some("127.0.0.1".to_owned());
    settings.smtp_port = Some(port);
    settings.smtp_security = SmtpSecurity::Plain;
    settings.mail_from = Some(FROM.to_owned());
    settings.email_poll_secs = 1;
}

async fn post_json(app: &TestApp, path: &str, body: serde_json::Value) -> Reply {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("content-type", "application/json");
    for (name, value) in members::csrf_only(app, None).await {
        request = request.header(name, value);
    }
    app.send(request.body(Body::from(body.to_string())).unwrap())
        .await
}

/// The sign-in code in a received message's text part.
fn sign_in_code(message: &str) -> String {
    let text = decoded(message);
    let at = text
        .find("/join/light/confirm?code=")
        .unwrap_or_else(|| panic!("no sign-in link in {text}"));
    text[at + "/join/light/confirm?code=".len()..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

#[tokio::test]
async fn the_sign_in_link_arrives_by_smtp_as_mail_clients_expect_and_signs_in() {
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let port = sink.port;
    let mut received = 0;
    for app in common::apps_with(|s| smtp_to(s, port)).await {
        let email = members::unique_email();
        let r = post_json(&app, "/join/light", json!({"email": email, "ref": "/"})).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        received += 1;
        let messages = sink.wait_for(received).await;
        assert_eq!(messages.len(), received, "{}: the link arrived", app.name);
        let mail = &messages[received - 1];
        assert_eq!(
            header(mail, "From").as_deref(),
            Some("Plainrate <no-reply@example.test>")
        );
        assert_eq!(header(mail, "To").as_deref(), Some(email.as_str()));
        assert_eq!(
            header(mail, "Subject").as_deref(),
            Some(plainrate::members::LINK_SUBJECT)
        );
        assert!(header(mail, "Date").is_some());
        let row = &outbox::for_recipient(&app.state.db, &email).await.unwrap()[0];
        assert_eq!(
            header(mail, "Message-ID").unwrap(),
            format!(
                "<outbox.{}.{}@127.0.0.1>",
                row.id,
                row.created_at.timestamp_millis()
            )
        );
        assert!(
            header(mail, "Content-Type")
                .unwrap()
                .starts_with("multipart/alternative")
        );
        assert!(mail.contains("Content-Type: text/plain; charset=utf-8"));
        assert!(mail.contains("Content-Type: text/html; charset=utf-8"));
        // The link points at the site's public address and signs in, in both parts.
        let code = sign_in_code(mail);
        assert!(decoded(mail).contains(&format!(
            "<a href=\"http://127.0.0.1:8080/join/light/confirm?code={code}\">"
        )));
        let r = post_json(&app, "/join/light/confirm", json!({"code": code})).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.json()["member"]["email"], email.as_str());
        // The outbox records the delivery.
        let row = &outbox::for_recipient(&app.state.db, &email).await.unwrap()[0];
        assert_eq!(row.delivery.state, DeliveryState::Sent, "{}", app.name);
        assert_eq!(row.delivery.attempts, 1);
        assert!(row.delivery.sent_at.is_some());
        app.cleanup().await;
    }
}

fn at(seconds: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_800_000_000 + seconds, 0).unwrap()
}

fn mail_to(recipient: &str) -> NewMessage {
    NewMessage {
        channel: Channel::Email,
        recipient: recipient.to_owned(),
        subject: Some("A test message".to_owned()),
        body: "Hello.".to_owned(),
        idempotency_key: format!("test:{recipient}"),
        list: None,
    }
}

/// A sender to the server on `port`, outside the app (whose own sender is off, so only the
/// test's passes, on the test's clock, touch the outbox).
fn sender_to(port: u16) -> SmtpSender {
    let mut settings = Settings::for_tests("sqlite::memory:");
    smtp_to(&mut settings, port);
    SmtpSender::from_settings(&settings).unwrap()
}

async fn delivery(app: &TestApp, recipient: &str) -> outbox::Delivery {
    outbox::for_recipient(&app.state.db, recipient)
        .await
        .unwrap()[0]
        .delivery
        .clone()
}

const CLAIM: Duration = Duration::from_secs(60);

/// Passes of the sender at `now` until nothing is due, added up (a pass takes one e-mail).
async fn deliver_due(
    db: &store::DatabaseConnection,
    sender: &SmtpSender,
    now: DateTime<Utc>,
    claim: Duration,
) -> Result<Pass, store::StoreError> {
    let mut all = Pass::default();
    loop {
        let pass = deliver_one(db, sender, now, claim).await?;
        if pass == Pass::default() {
            return Ok(all);
        }
        all.sent += pass.sent;
        all.retried += pass.retried;
        all.failed += pass.failed;
        all.withheld += pass.withheld;
    }
}

#[tokio::test]
async fn a_refusal_is_recorded_at_once_and_a_busy_or_dropping_server_is_retried_then_given_up() {
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let sender = sender_to(sink.port);
    let mut backends = 0;
    for app in common::apps().await {
        backends += 1;
        let db = &app.state.db;
        for to in [
            "refuse@example.test",
            "busy@example.test",
            "drop@example.test",
            "ok@example.test",
        ] {
            outbox::enqueue(db, mail_to(to), at(0)).await.unwrap();
        }
        let first = deliver_due(db, &sender, at(0), CLAIM).await.unwrap();
        assert_eq!(
            first,
            Pass {
                sent: 1,
                retried: 2,
                failed: 1,
                withheld: 0
            },
            "{}",
            app.name
        );
        let refused = delivery(&app, "refuse@example.test").await;
        assert_eq!(refused.state, DeliveryState::Failed);
        assert_eq!(refused.attempts, 1);
        assert!(refused.last_error.unwrap().contains("550"));
        let busy = delivery(&app, "busy@example.test").await;
        assert_eq!(busy.state, DeliveryState::Queued);
        assert_eq!(busy.next_attempt_at, Some(at(30)));
        assert!(busy.last_error.unwrap().contains("451"));
        assert_eq!(
            delivery(&app, "ok@example.test").await.state,
            DeliveryState::Sent
        );
        // Nothing is due before the first wait is over.
        assert_eq!(
            deliver_due(db, &sender, at(29), CLAIM).await.unwrap(),
            Pass::default()
        );
        // Each wait of the schedule, then the last attempt gives up.
        let mut clock = 0;
        for (n, wait) in DELAYS.iter().enumerate() {
            clock += wait.as_secs() as i64;
            let pass = deliver_due(db, &sender, at(clock), CLAIM).await.unwrap();
            let last = n + 2 == MAX_ATTEMPTS as usize;
            let expected = if last {
                Pass {
                    sent: 0,
                    retried: 0,
                    failed: 2,
                    withheld: 0,
                }
            } else {
                Pass {
                    sent: 0,
                    retried: 2,
                    failed: 0,
                    withheld: 0,
                }
            };
            assert_eq!(pass, expected, "{}: attempt {}", app.name, n + 2);
        }
        for to in ["busy@example.test", "drop@example.test"] {
            let given_up = delivery(&app, to).await;
            assert_eq!(given_up.state, DeliveryState::Failed, "{to}");
            assert_eq!(given_up.attempts, MAX_ATTEMPTS);
        }
        // Nothing more is ever tried, and every row is still there.
        assert_eq!(
            deliver_due(db, &sender, at(clock + 86_400), CLAIM)
                .await
                .unwrap(),
            Pass::default()
        );
        assert_eq!(outbox::all(db).await.unwrap().len(), 4);
        app.cleanup().await;
    }
    // The server received the one message it accepted, once per backend.
    assert_eq!(sink.messages().len(), backends);
}

#[tokio::test]
async fn with_the_mail_server_down_the_visitor_is_answered_and_the_mail_goes_when_it_is_back() {
    let port = free_port();
    // The app's own sender points at a server that is not there.
    for app in common::apps_with(|s| {
        smtp_to(s, port);
        s.email_transport = Transport::Outbox;
    })
    .await
    {
        let mut down = app.state.settings.as_ref().clone();
        smtp_to(&mut down, port);
        let sender = SmtpSender::from_settings(&down).unwrap();
        let email = members::unique_email();
        let r = post_json(&app, "/join/light", json!({"email": email})).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        let row = &outbox::for_recipient(&app.state.db, &email).await.unwrap()[0];
        let queued = row.created_at;
        let pass = deliver_due(&app.state.db, &sender, queued, CLAIM)
            .await
            .unwrap();
        assert_eq!(
            pass,
            Pass {
                sent: 0,
                retried: 1,
                failed: 0,
                withheld: 0
            },
            "{}",
            app.name
        );
        let waiting = delivery(&app, &email).await;
        assert_eq!(waiting.state, DeliveryState::Queued);
        assert!(waiting.last_error.is_some());
        // The server comes up on that port; the next attempt delivers.
        let Some(sink) = SmtpSink::start_on(port) else {
            return;
        };
        let later = queued + chrono::Duration::seconds(30);
        let pass = deliver_due(&app.state.db, &sender, later, CLAIM)
            .await
            .unwrap();
        assert_eq!(
            pass,
            Pass {
                sent: 1,
                retried: 0,
                failed: 0,
                withheld: 0
            },
            "{}",
            app.name
        );
        assert_eq!(sink.messages().len(), 1);
        assert_eq!(sign_in_code(&sink.messages()[0]).len(), 64);
        let sent = delivery(&app, &email).await;
        assert_eq!((sent.state, sent.attempts), (DeliveryState::Sent, 2));
        drop(sink);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn two_instances_send_each_e_mail_once() {
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let port = sink.port;
    let mut expected = 0;
    for first in common::apps_with(|s| smtp_to(s, port)).await {
        let second = first.second_instance().await;
        const MESSAGES: usize = 30;
        for n in 0..MESSAGES {
            let app = if n % 2 == 0 { &first } else { &second };
            let message = mail_to(&format!("member{n}.{}@example.test", first.name));
            outbox::enqueue(&app.state.db, message, Utc::now())
                .await
                .unwrap();
            app.state.mail.wake();
        }
        expected += MESSAGES;
        let messages = sink.wait_for(expected).await;
        // A moment more: a message sent twice would arrive now.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let messages = if sink.messages().len() > messages.len() {
            sink.messages()
        } else {
            messages
        };
        assert_eq!(messages.len(), expected, "{}", first.name);
        let mut message_ids: Vec<String> = messages
            .iter()
            .map(|m| header(m, "Message-ID").unwrap())
            .collect();
        message_ids.sort();
        message_ids.dedup();
        assert_eq!(
            message_ids.len(),
            expected,
            "{}: each Message-ID once",
            first.name
        );
        let sent = outbox::all(&first.state.db)
            .await
            .unwrap()
            .iter()
            .filter(|m| m.delivery.state == DeliveryState::Sent && m.delivery.attempts == 1)
            .count();
        assert_eq!(
            sent, MESSAGES,
            "{}: each row sent on its first attempt",
            first.name
        );
        first.cleanup().await;
    }
}

/// A fresh RSA key pair made by openssl: the PKCS#1 PEM file and the public key's base64 DER.
fn rsa_key(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let key = dir.join("dkim.pem");
    let made = std::process::Command::new("openssl")
        .args(["genrsa", "-traditional", "-out"])
        .arg(&key)
        .arg("2048")
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let public = std::process::Command::new("openssl")
        .args(["rsa", "-pubout", "-outform", "DER", "-in"])
        .arg(&key)
        .output()
        .unwrap();
    assert!(public.status.success());
    use base64::Engine;
    (
        key,
        base64::engine::general_purpose::STANDARD.encode(public.stdout),
    )
}

#[tokio::test]
async fn with_a_dkim_key_each_e_mail_is_signed_and_the_signature_verifies() {
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dkim-{}-{}", std::process::id(), free_port()));
    std::fs::create_dir_all(&dir).unwrap();
    let (key, public) = rsa_key(&dir);
    let sender = {
        let mut settings = Settings::for_tests("sqlite::memory:");
        smtp_to(&mut settings, sink.port);
        settings.dkim_key_file = Some(key.clone());
        SmtpSender::from_settings(&settings).unwrap()
    };
    for app in common::apps().await {
        outbox::enqueue(&app.state.db, mail_to("signed@example.test"), at(0))
            .await
            .unwrap();
        let pass = deliver_due(&app.state.db, &sender, at(0), CLAIM)
            .await
            .unwrap();
        assert_eq!(pass.sent, 1, "{}", app.name);
        let message = sink.messages().pop().unwrap();
        let signature = header(&message, "DKIM-Signature").expect("a DKIM-Signature header");
        assert!(signature.contains("d=example.test"), "{signature}");
        assert!(signature.contains("s=plainrate"), "{signature}");
        assert!(
            dkim_verifies(&message, &public),
            "{}: the signature verifies",
            app.name
        );
        // A message changed on the way no longer verifies: the check can fail.
        let altered = message.replacen("Hello.", "Hello!", 1);
        assert_ne!(altered, message);
        assert!(!dkim_verifies(&altered, &public));
        // A list e-mail's signature covers its unsubscribe headers (RFC 8058 §4).
        outbox::enqueue(
            &app.state.db,
            list_mail(&app, List::RateAlerts, "signed@example.test", "signed"),
            at(0),
        )
        .await
        .unwrap();
        deliver_due(&app.state.db, &sender, at(0), CLAIM)
            .await
            .unwrap();
        let listed = sink.messages().pop().unwrap();
        let signature = header(&listed, "DKIM-Signature").unwrap();
        assert!(
            signature.contains("list-unsubscribe:list-unsubscribe-post"),
            "{signature}"
        );
        assert!(dkim_verifies(&listed, &public), "{}", app.name);
        let moved = listed.replacen("/unsubscribe?token=", "/unsubscribe?x=1&token=", 1);
        assert_ne!(moved, listed);
        assert!(!dkim_verifies(&moved, &public));
        app.cleanup().await;
    }
    // A key file that is not a key is refused at start-up, naming the setting.
    std::fs::write(&key, "not a key").unwrap();
    let mut settings = Settings::for_tests("sqlite::memory:");
    smtp_to(&mut settings, sink.port);
    settings.dkim_key_file = Some(key);
    assert!(
        SmtpSender::from_settings(&settings)
            .unwrap_err()
            .contains("--dkim-key-file")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A message on `list` to `to`, as the site queues one.
fn list_mail(app: &TestApp, list: List, to: &str, key: &str) -> NewMessage {
    plainrate::unsubscribe::list_message(
        &app.state.settings.base_url,
        &app.state.secret,
        list,
        to,
        "Your question has an answer",
        "Someone answered your question.",
        format!("test:{key}"),
    )
}

/// A POST to the site from no browser: no cookie, no anti-forgery token.
async fn post_bare(app: &TestApp, uri: &str, content_type: &str, body: &str) -> Reply {
    let request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("content-type", content_type)
        .body(Body::from(body.to_owned()))
        .unwrap();
    app.send(request).await
}

/// A mail client's one-click POST to the link (RFC 8058 §3.2), multipart as the RFC prefers.
async fn one_click(app: &TestApp, link: &str) -> Reply {
    let uri = link.trim_start_matches("http://127.0.0.1:8080");
    let body = "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n";
    post_bare(app, uri, "multipart/form-data; boundary=b", body).await
}

#[tokio::test]
async fn a_list_e_mail_carries_one_click_unsubscribe_that_works_without_signing_in() {
    let Some(sink) = SmtpSink::start() else {
        return;
    };
    let sender = sender_to(sink.port);
    let mut received = 0;
    for app in common::apps().await {
        let db = &app.state.db;
        let to = "Reader@Example.test";
        // A list e-mail, and one queued before the reader leaves that goes unsent.
        assert!(
            outbox::enqueue(db, list_mail(&app, List::Answers, to, "first"), at(0))
                .await
                .unwrap()
        );
        assert_eq!(
            deliver_due(db, &sender, at(0), CLAIM).await.unwrap().sent,
            1
        );
        assert!(
            outbox::enqueue(db, list_mail(&app, List::Answers, to, "second"), at(1))
                .await
                .unwrap()
        );
        received += 1;
        let message = &sink.messages()[received - 1];
        let link = header(message, "List-Unsubscribe").expect("List-Unsubscribe");
        let link = link
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_owned();
        assert!(
            link.starts_with("http://127.0.0.1:8080/unsubscribe?token=answers."),
            "{link}"
        );
        assert_eq!(
            header(message, "List-Unsubscribe-Post").as_deref(),
            Some("List-Unsubscribe=One-Click")
        );
        assert!(
            decoded(message).contains(&link),
            "the text ends with the link"
        );

        // Altered, cut or missing tokens are refused, and nobody leaves anything.
        let token = link.split_once("token=").unwrap().1.to_owned();
        let (list, rest) = token.split_once('.').unwrap();
        let (_, signature) = rest.split_once('.').unwrap();
        use base64::Engine;
        let other = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode("someone@example.test");
        let flipped = if signature.starts_with('A') { "B" } else { "A" };
        for bad in [
            format!("/unsubscribe?token={list}.{other}.{signature}"),
            format!(
                "/unsubscribe?token=rate-alerts.{}",
                token.split_once('.').unwrap().1
            ),
            format!(
                "/unsubscribe?token={}{flipped}",
                &token[..token.len() - signature.len()]
            ),
            format!("/unsubscribe?token={}", &token[..token.len() - 3]),
            format!("/unsubscribe?token={list}"),
            "/unsubscribe".to_owned(),
        ] {
            let r = post_bare(&app, &bad, "application/x-www-form-urlencoded", "").await;
            assert_eq!(r.status, 400, "{}: {bad}: {}", app.name, r.text());
            assert_eq!(r.json()["field"], "token", "{bad}");
            if bad.contains("token=") {
                assert_eq!(r.json()["message"], plainrate::unsubscribe::LINK_NOT_VALID);
            }
        }
        for (address, list) in [
            (to, "answers"),
            (to, "rate-alerts"),
            ("someone@example.test", "answers"),
        ] {
            assert!(
                !outbox::opt_outs::has_left(db, address, list).await.unwrap(),
                "{address} {list}"
            );
        }
        // Opening the link changes nothing (mail scanners follow links).
        let page = app
            .send(
                Request::builder()
                    .uri(link.trim_start_matches("http://127.0.0.1:8080"))
                    .header("accept", "text/html")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(page.status, 200);
        assert!(!outbox::opt_outs::has_left(db, to, "answers").await.unwrap());

        // The mail client's POST: no session, no token, a multipart body.
        let r = one_click(&app, &link).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(
            r.json()["message"],
            "Done: r•••@example.test will get no more e-mails about answers to your questions."
        );
        assert!(
            outbox::opt_outs::has_left(db, "reader@example.test", "answers")
                .await
                .unwrap()
        );
        // Again: the same answer, nothing more.
        assert_eq!(one_click(&app, &link).await.status, 200);

        // The e-mail queued before is not sent; a later one is not queued; the other list
        // and one-time links still go.
        let pass = deliver_due(db, &sender, at(2), CLAIM).await.unwrap();
        assert_eq!((pass.sent, pass.withheld), (0, 1), "{}", app.name);
        let rows = outbox::for_recipient(db, to).await.unwrap();
        assert_eq!(rows[1].delivery.state, DeliveryState::Failed);
        assert_eq!(
            rows[1].delivery.last_error.as_deref(),
            Some(plainrate::email::worker::WITHHELD)
        );
        assert!(
            !outbox::enqueue(
                db,
                list_mail(&app, List::Answers, "reader@example.test", "third"),
                at(3)
            )
            .await
            .unwrap()
        );
        assert!(
            outbox::enqueue(db, list_mail(&app, List::RateAlerts, to, "alerts"), at(3))
                .await
                .unwrap()
        );
        assert!(outbox::enqueue(db, mail_to(to), at(3)).await.unwrap());
        assert_eq!(
            deliver_due(db, &sender, at(3), CLAIM).await.unwrap().sent,
            2
        );
        received += 2;
        let messages = sink.messages();
        assert_eq!(messages.len(), received);
        let one_time = messages
            .iter()
            .rev()
            .find(|m| decoded(m).contains("Hello."))
            .unwrap();
        assert_eq!(
            header(one_time, "List-Unsubscribe"),
            None,
            "a one-time message has none"
        );

        // The site's own page sends the token in a JSON body.
        let alerts = plainrate::unsubscribe::link(
            &app.state.settings.base_url,
            &app.state.secret,
            List::RateAlerts,
            to,
        );
        let token = alerts.split_once("token=").unwrap().1;
        let r = post_bare(
            &app,
            "/unsubscribe",
            "application/json",
            &json!({"token": token}).to_string(),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(
            outbox::opt_outs::has_left(db, to, "rate-alerts")
                .await
                .unwrap()
        );
        app.cleanup().await;
    }
}
