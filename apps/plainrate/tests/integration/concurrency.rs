//! Every write action of the site, sent by 8 clients at once, on every backend: no answer
//! may be a 5xx. On SQLite a transaction that reads and then writes cannot become the
//! writer while another write runs ("database is locked"); every write must begin as a
//! writer or go through a writer queue, and this suite is what shows it.
//!
//! Each write has a storm: [`CLIENTS`] tasks on a multi-threaded runtime, each sending
//! [`ROUNDS`] requests that the write accepts (distinct addresses and e-mail addresses, so
//! rate limits do not answer in its place). A storm fails on any 5xx and when fewer than
//! half of its answers are 2xx (a storm that writes nothing proves nothing). A coverage
//! check fails when a write action is registered that no storm sends.

use crate::common;
use crate::common::members as member_helpers;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

use crate::common::{TestApp, form};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use member_helpers::{csrf_headers, signed_in, unique_email};
use offer_model::Offer;
use plainrate::listings::Snapshot;
use plainrate::rpc::{self, Methods};
use serde_json::json;
use tower::ServiceExt;

/// Concurrent clients per storm.
const CLIENTS: usize = 8;
/// Requests each client sends per storm.
const ROUNDS: usize = 4;

/// One request of a storm, ready to send.
struct Call {
    path: String,
    form: String,
    headers: Vec<(String, String)>,
    peer: SocketAddr,
}

/// A distinct client address per client and round, so per-address limits stay clear.
fn peer(client: usize, round: usize) -> SocketAddr {
    let c = u8::try_from(client).unwrap();
    let r = u8::try_from(round).unwrap();
    SocketAddr::from(([10, 77, c, r + 1], 40000))
}

/// Sends every call at once, [`CLIENTS`] tasks of [`ROUNDS`] calls each, and returns
/// the answers (status and body).
async fn storm(app: &TestApp, calls: Vec<Vec<Call>>) -> Vec<(StatusCode, String)> {
    let mut tasks = tokio::task::JoinSet::new();
    for client_calls in calls {
        let router = app.router.clone();
        tasks.spawn(async move {
            let mut answers = Vec::new();
            for call in client_calls {
                let mut b = Request::builder()
                    .method(Method::POST)
                    .uri(&call.path)
                    .header("content-type", "application/x-www-form-urlencoded");
                for (k, v) in &call.headers {
                    b = b.header(k, v);
                }
                let mut request = b.body(Body::from(call.form)).unwrap();
                request.extensions_mut().insert(ConnectInfo(call.peer));
                let response = router.clone().oneshot(request).await.unwrap();
                let status = response.status();
                let body = response.into_body().collect().await.unwrap().to_bytes();
                answers.push((status, String::from_utf8_lossy(&body).into_owned()));
            }
            answers
        });
    }
    let mut out = Vec::new();
    while let Some(answers) = tasks.join_next().await {
        out.extend(answers.unwrap());
    }
    out
}

/// Fails on any 5xx, and when fewer than half the answers are 2xx.
fn assert_storm(app: &TestApp, action: &str, answers: &[(StatusCode, String)]) {
    let failed: Vec<_> = answers
        .iter()
        .filter(|(s, _)| s.is_server_error())
        .collect();
    assert!(
        failed.is_empty(),
        "{} {action}: {} of {} answers were 5xx, e.g. {:?}",
        app.name,
        failed.len(),
        answers.len(),
        failed.first()
    );
    let ok = answers.iter().filter(|(s, _)| s.is_success()).count();
    assert!(
        ok * 2 >= answers.len(),
        "{} {action}: only {ok} of {} answers were 2xx, e.g. {:?}",
        app.name,
        answers.len(),
        answers.iter().find(|(s, _)| !s.is_success())
    );
}

/// [`CLIENTS`] new members, each with the anti-forgery headers of their session.
async fn new_members(app: &TestApp) -> Vec<(i64, Vec<(String, String)>)> {
    let mut out = Vec::new();
    for _ in 0..CLIENTS {
        let (id, cookie) = signed_in(app, false).await;
        out.push((id, csrf_headers(app, Some(&cookie)).await));
    }
    out
}

/// A storm of `action` by signed-in members: each client is its own member, and
/// `params` gives the form of each round.
async fn member_storm(
    app: &TestApp,
    action: &str,
    params: impl Fn(usize, usize) -> Vec<(String, String)>,
) -> Vec<(StatusCode, String)> {
    let members = new_members(app).await;
    storm_as(app, action, &members, |c, r, _| params(c, r)).await
}

/// A storm of `action` by the given members; `params` gets the client, the round and the
/// client's member id.
async fn storm_as(
    app: &TestApp,
    action: &str,
    members: &[(i64, Vec<(String, String)>)],
    params: impl Fn(usize, usize, i64) -> Vec<(String, String)>,
) -> Vec<(StatusCode, String)> {
    let mut calls = Vec::new();
    for (client, (member, headers)) in members.iter().enumerate() {
        calls.push(
            (0..ROUNDS)
                .map(|round| {
                    let mut pairs = vec![("action".to_owned(), action.to_owned())];
                    pairs.extend(params(client, round, *member));
                    let borrowed: Vec<(&str, &str)> = pairs
                        .iter()
                        .map(|(k, v)| (k.as_str(), v.as_str()))
                        .collect();
                    Call {
                        path: "/home/rpc".to_owned(),
                        form: form(&borrowed),
                        headers: headers.clone(),
                        peer: peer(client, round),
                    }
                })
                .collect(),
        );
    }
    storm(app, calls).await
}

/// A storm of `action` by guests, each call with its own address and the form `params`
/// gives for it.
async fn guest_storm(
    app: &TestApp,
    action: &str,
    params: impl Fn(usize, usize) -> Vec<(String, String)>,
) -> Vec<(StatusCode, String)> {
    let mut calls = Vec::new();
    for client in 0..CLIENTS {
        let headers = csrf_headers(app, None).await;
        calls.push(
            (0..ROUNDS)
                .map(|round| {
                    let mut pairs = vec![("action".to_owned(), action.to_owned())];
                    pairs.extend(params(client, round));
                    let borrowed: Vec<(&str, &str)> = pairs
                        .iter()
                        .map(|(k, v)| (k.as_str(), v.as_str()))
                        .collect();
                    Call {
                        path: "/home/rpc".to_owned(),
                        form: form(&borrowed),
                        headers: headers.clone(),
                        peer: peer(client, round),
                    }
                })
                .collect(),
        );
    }
    storm(app, calls).await
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

fn offers() -> Vec<Offer> {
    common::offers_from(&[
        json!({"ID": "ccb-1", "PID": "pid-1", "NAME": "Everyday Cash Card"}),
        json!({"ID": "ccb-2", "PID": "pid-2", "NAME": "Travel Card"}),
        json!({"ID": "bank-1", "UID": "bank-1", "NAME": "First Test Bank", "TYPE": "inst"}),
        json!({"ID": "bank-2", "UID": "bank-2", "NAME": "Second Test Bank", "TYPE": "inst"}),
    ])
}

/// The sign-in codes of every sign-in link in the outbox.
async fn mailed_codes(app: &TestApp) -> Vec<String> {
    store::outbox::all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|m| {
            let at = m.body.find("code=")? + "code=".len();
            let code: String = m.body[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            (!code.is_empty()).then_some(code)
        })
        .collect()
}

/// The write actions each storm below sends; the coverage test compares it with the
/// registry.
const STORMED: &[&str] = &[
    "Members.Join",
    "Members.JoinLight",
    "Members.ConfirmLight",
    "Members.SignIn",
    "Members.SignOut",
    "Members.SetPrivateInfo",
    "Members.ForgotPassword",
    "Members.ResetPassword",
    "Members.ConfirmEmail",
    "Members.ChangePassword",
    "Members.ChangeEmail",
    "Members.ConfirmEmailChange",
    "Members.DeleteAccount",
    "Details.SetRate",
    "Reviews.SetInstRate",
    "Reviews.Write",
    "Qna.Ask",
    "Qna.ConfirmCode",
    "Qna.ResendCode",
    "Qna.Answer",
    "Qna.Vote",
    "Qna.Report",
    "Qna.Accept",
    "Qna.Hide",
    "Qna.Restore",
    "send_edu_feedback",
    "download_app",
    "Alerts.Follow",
    "Alerts.FollowListing",
    "Alerts.Stop",
    "Alerts.SetCadence",
];

#[test]
fn every_write_action_has_a_storm() {
    let writes: BTreeSet<&str> = rpc::action_names()
        .into_iter()
        .filter(|name| rpc::find(name).is_some_and(|a| a.methods == Methods::Post))
        .collect();
    let stormed: BTreeSet<&str> = STORMED.iter().copied().collect();
    assert_eq!(
        writes, stormed,
        "every write action needs a storm in this file"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn member_writes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        // Light sign-up: a new member, a code and an e-mail in one transaction.
        let answers = guest_storm(&app, "Members.JoinLight", |c, r| {
            pairs(&[
                ("email", &format!("light{c}.{r}.{}", unique_email())),
                ("ref", "/"),
            ])
        })
        .await;
        assert_storm(&app, "Members.JoinLight", &answers);

        // Each code once, all at once.
        let codes = mailed_codes(&app).await;
        assert_eq!(codes.len(), CLIENTS * ROUNDS, "{}", app.name);
        let answers = guest_storm(&app, "Members.ConfirmLight", |c, r| {
            pairs(&[("code", &codes[c * ROUNDS + r])])
        })
        .await;
        assert_storm(&app, "Members.ConfirmLight", &answers);

        // Full sign-up (the password hashing runs outside the transaction).
        let emails: Vec<String> = (0..CLIENTS * ROUNDS)
            .map(|i| format!("join{i}.{}", unique_email()))
            .collect();
        let answers = guest_storm(&app, "Members.Join", |c, r| {
            pairs(&[
                ("email", &emails[c * ROUNDS + r]),
                ("password", "correct horse battery"),
            ])
        })
        .await;
        assert_storm(&app, "Members.Join", &answers);

        let answers = guest_storm(&app, "Members.SignIn", |c, r| {
            pairs(&[
                ("email", &emails[c * ROUNDS + r]),
                ("password", "correct horse battery"),
            ])
        })
        .await;
        assert_storm(&app, "Members.SignIn", &answers);

        let answers = member_storm(&app, "Members.SetPrivateInfo", |_, r| {
            pairs(&[("optOut", if r % 2 == 0 { "1" } else { "0" })])
        })
        .await;
        assert_storm(&app, "Members.SetPrivateInfo", &answers);

        let answers = member_storm(&app, "Members.SignOut", |_, _| Vec::new()).await;
        assert_storm(&app, "Members.SignOut", &answers);
        app.cleanup().await;
    }
}

/// The tokens of the account links to `path` in the outbox, oldest first.
async fn mailed_tokens(app: &TestApp, path: &str) -> Vec<String> {
    let marker = format!("{path}?token=");
    store::outbox::all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|m| {
            let at = m.body.find(&marker)? + marker.len();
            Some(m.body.get(at..at + 64)?.to_owned())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn account_writes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        // Full members, each e-mailed a confirmation link, confirmed all at once.
        let emails: Vec<String> = (0..CLIENTS * ROUNDS)
            .map(|i| format!("account{i}.{}", unique_email()))
            .collect();
        let answers = guest_storm(&app, "Members.Join", |c, r| {
            pairs(&[
                ("email", &emails[c * ROUNDS + r]),
                ("password", "correct horse battery"),
            ])
        })
        .await;
        assert_storm(&app, "Members.Join", &answers);
        let tokens = mailed_tokens(&app, "/join/confirm").await;
        assert_eq!(tokens.len(), CLIENTS * ROUNDS, "{}", app.name);
        let answers = guest_storm(&app, "Members.ConfirmEmail", |c, r| {
            pairs(&[("token", &tokens[c * ROUNDS + r])])
        })
        .await;
        assert_storm(&app, "Members.ConfirmEmail", &answers);

        // A reset link each, then every link used at once.
        let answers = guest_storm(&app, "Members.ForgotPassword", |c, r| {
            pairs(&[("email", &emails[c * ROUNDS + r])])
        })
        .await;
        assert_storm(&app, "Members.ForgotPassword", &answers);
        let tokens = mailed_tokens(&app, "/sign-in/reset").await;
        assert_eq!(tokens.len(), CLIENTS * ROUNDS, "{}", app.name);
        let answers = guest_storm(&app, "Members.ResetPassword", |c, r| {
            pairs(&[
                ("token", &tokens[c * ROUNDS + r]),
                ("password", "a new battery staple"),
            ])
        })
        .await;
        assert_storm(&app, "Members.ResetPassword", &answers);

        // Light members set a password, and ask to move, round after round.
        // Each round's current password is the one the round before set.
        let answers = member_storm(&app, "Members.ChangePassword", |_, r| {
            let current = r.checked_sub(1).map(|p| format!("new password {p}"));
            pairs(&[
                ("current", current.as_deref().unwrap_or("")),
                ("password", &format!("new password {r}")),
            ])
        })
        .await;
        assert_storm(&app, "Members.ChangePassword", &answers);
        let answers = member_storm(&app, "Members.ChangeEmail", |c, r| {
            pairs(&[("email", &format!("moved{c}.{r}.{}", unique_email()))])
        })
        .await;
        assert_storm(&app, "Members.ChangeEmail", &answers);

        // One move each for members of their own, all confirmed at once.
        let mut links = Vec::new();
        for _ in 0..CLIENTS * ROUNDS {
            let (id, _) = signed_in(&app, false).await;
            let to = format!("moving.{}", unique_email());
            links.push(
                store::members::account_links::create(
                    &app.state.db,
                    id,
                    store::members::account_links::Purpose::ChangeEmail,
                    Some(&to),
                    chrono::Utc::now(),
                )
                .await
                .unwrap(),
            );
        }
        let answers = guest_storm(&app, "Members.ConfirmEmailChange", |c, r| {
            pairs(&[("token", &links[c * ROUNDS + r])])
        })
        .await;
        assert_storm(&app, "Members.ConfirmEmailChange", &answers);

        // Accounts deleted at once, each by its own session.
        let mut calls = Vec::new();
        for client in 0..CLIENTS {
            let mut client_calls = Vec::new();
            for round in 0..ROUNDS {
                let (_, cookie) = signed_in(&app, false).await;
                client_calls.push(Call {
                    path: "/home/rpc".to_owned(),
                    form: form(&[("action", "Members.DeleteAccount")]),
                    headers: csrf_headers(&app, Some(&cookie)).await,
                    peer: peer(client, round),
                });
            }
            calls.push(client_calls);
        }
        let answers = storm(&app, calls).await;
        assert_storm(&app, "Members.DeleteAccount", &answers);
        app.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn alert_writes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        // The same product twice (the second keeps the first), and listings.
        let answers = member_storm(&app, "Alerts.Follow", |c, _| {
            pairs(&[("offer", if c % 2 == 0 { "ccb-1" } else { "ccb-2" })])
        })
        .await;
        assert_storm(&app, "Alerts.Follow", &answers);
        let answers = member_storm(&app, "Alerts.FollowListing", |c, r| {
            pairs(&[
                ("type", "cd"),
                ("minApy", &format!("4.{}", (c + r) % 2)),
                ("term", "12"),
            ])
        })
        .await;
        assert_storm(&app, "Alerts.FollowListing", &answers);
        let answers = member_storm(&app, "Alerts.SetCadence", |_, r| {
            pairs(&[("cadence", if r % 2 == 0 { "weekly" } else { "immediate" })])
        })
        .await;
        assert_storm(&app, "Alerts.SetCadence", &answers);
        // Each member follows one product, then stops it from every round at once.
        let members = new_members(&app).await;
        let mut ids = Vec::new();
        for (member, _) in &members {
            let target = store::alerts::Target::Product {
                offer_id: "ccb-1".to_owned(),
            };
            let (follow, _) =
                store::alerts::follow(&app.state.db, *member, target, chrono::Utc::now())
                    .await
                    .unwrap();
            ids.push(follow.id);
        }
        let answers = storm_as(&app, "Alerts.Stop", &members, |c, _, _| {
            pairs(&[("id", &ids[c].to_string())])
        })
        .await;
        assert_storm(&app, "Alerts.Stop", &answers);
        for (member, _) in &members {
            assert!(
                store::alerts::follows(&app.state.db, *member)
                    .await
                    .unwrap()
                    .is_empty()
            );
        }
        app.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn rating_votes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        let answers = member_storm(&app, "Details.SetRate", |c, r| {
            let pid = if (c + r) % 2 == 0 { "pid-1" } else { "pid-2" };
            pairs(&[("pid", pid), ("rtg", &(1 + (c + r) % 5).to_string())])
        })
        .await;
        assert_storm(&app, "Details.SetRate", &answers);

        let answers = member_storm(&app, "Reviews.SetInstRate", |c, r| {
            let uid = if (c + r) % 2 == 0 { "bank-1" } else { "bank-2" };
            pairs(&[
                ("inst_uid", uid),
                ("rating", &(1 + (c * r) % 5).to_string()),
            ])
        })
        .await;
        assert_storm(&app, "Reviews.SetInstRate", &answers);

        // Written reviews: each also casts the member's rating, and rewrites replace.
        let answers = member_storm(&app, "Reviews.Write", |c, r| {
            let pid = if (c + r) % 2 == 0 { "pid-1" } else { "pid-2" };
            pairs(&[
                ("pid", pid),
                ("rtg", &(1 + (c + r) % 5).to_string()),
                (
                    "text",
                    &format!("Round {r} from client {c}: the fees are fair and the app works."),
                ),
            ])
        })
        .await;
        assert_storm(&app, "Reviews.Write", &answers);
        app.cleanup().await;
    }
}

/// A category, and one question by each of `askers` with two answers by the first.
async fn community(app: &TestApp, askers: &[i64]) -> (i64, Vec<(i64, [i64; 2])>) {
    use store::qna::{self as db, NewAnswer, NewQuestion};
    let now = chrono::Utc::now();
    let category = db::create_category(&app.state.db, "Credit Cards", "credit-cards", 1)
        .await
        .unwrap();
    let mut out = Vec::new();
    for (n, asker) in askers.iter().enumerate() {
        let title = format!("How do intro APR offers work number {n}?");
        let question = db::create_question(
            &app.state.db,
            &NewQuestion {
                category_id: category,
                offer_id: None,
                slug: "how-do-intro-apr-offers-work",
                title: &title,
                more_info: "",
                author_id: *asker,
            },
            now,
        )
        .await
        .unwrap();
        let mut answers = [0; 2];
        for slot in &mut answers {
            *slot = db::create_answer(
                &app.state.db,
                &NewAnswer {
                    question_id: question,
                    author_id: askers[0],
                    content: "The intro rate lasts for the promotional months only.",
                },
                now,
            )
            .await
            .unwrap()
            .id;
        }
        out.push((question, answers));
    }
    (category, out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn community_writes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        let members = new_members(&app).await;
        let ids: Vec<i64> = members.iter().map(|(id, _)| *id).collect();
        let (category, questions) = community(&app, &ids).await;
        let category = category.to_string();

        let answers = storm_as(&app, "Qna.Ask", &members, |c, r, _| {
            pairs(&[
                (
                    "title",
                    &format!("Which card is best for person {c} in round {r}?"),
                ),
                ("category", &category),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Ask", &answers);

        // Guests ask: each gets a code by e-mail.
        let answers = guest_storm(&app, "Qna.Ask", |c, r| {
            pairs(&[
                ("title", &format!("Can guest {c} ask question {r} here?")),
                ("category", &category),
                ("email", &format!("asker{c}.{r}@example.com")),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Ask (guest)", &answers);
        let pending: Vec<String> = answers
            .iter()
            .map(|(_, body)| {
                serde_json::from_str::<serde_json::Value>(body).unwrap()["pending"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        // Half of them resend, the other half confirm (with a wrong code: the attempt
        // is a write too).
        let answers = guest_storm(&app, "Qna.ResendCode", |c, r| {
            pairs(&[("pending", &pending[(c * ROUNDS + r) % pending.len()])])
        })
        .await;
        assert_storm(&app, "Qna.ResendCode", &answers);
        let answers = guest_storm(&app, "Qna.ConfirmCode", |c, r| {
            pairs(&[
                ("pending", &pending[(c * ROUNDS + r) % pending.len()]),
                ("code", "000000"),
            ])
        })
        .await;
        assert_storm(&app, "Qna.ConfirmCode", &answers);

        let answers = storm_as(&app, "Qna.Answer", &members, |c, r, _| {
            let (question, _) = questions[(c + r) % questions.len()];
            pairs(&[
                ("question", &question.to_string()),
                (
                    "content",
                    "Pay the balance in full before the intro period ends.",
                ),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Answer", &answers);

        // Everyone votes on the same few items: the counters are contended.
        let answers = storm_as(&app, "Qna.Vote", &members, |c, r, _| {
            let (question, answer_ids) = questions[r % 2];
            let (kind, id) = if c % 2 == 0 {
                ("question", question)
            } else {
                ("answer", answer_ids[r % 2])
            };
            pairs(&[
                ("kind", kind),
                ("id", &id.to_string()),
                ("value", if (c + r) % 3 == 0 { "down" } else { "up" }),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Vote", &answers);

        let answers = guest_storm(&app, "Qna.Report", |c, r| {
            let (_, answer_ids) = questions[c % questions.len()];
            pairs(&[
                ("kind", "answer"),
                ("id", &answer_ids[r % 2].to_string()),
                ("ru", "/answers/some-question-1"),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Report", &answers);

        // Each asker accepts answers of their own question.
        let answers = storm_as(&app, "Qna.Accept", &members, |c, r, _| {
            let (question, answer_ids) = questions[c];
            pairs(&[
                ("question", &question.to_string()),
                ("answer", &answer_ids[r % 2].to_string()),
            ])
        })
        .await;
        assert_storm(&app, "Qna.Accept", &answers);

        for (id, _) in &members {
            store::members::profile::set_role(&app.state.db, *id, store::members::Role::Moderator)
                .await
                .unwrap();
        }
        for action in ["Qna.Hide", "Qna.Restore"] {
            let answers = storm_as(&app, action, &members, |c, r, _| {
                let (_, answer_ids) = questions[(c + r) % questions.len()];
                pairs(&[
                    ("kind", "answer"),
                    ("id", &answer_ids[r % 2].to_string()),
                    ("reason", "Checked in a test"),
                ])
            })
            .await;
            assert_storm(&app, action, &answers);
        }
        app.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn community_widget_writes_from_eight_clients_at_once_never_answer_5xx() {
    for app in common::apps().await {
        // Guests: helpful and not helpful, each call from its own address.
        let answers = guest_storm(&app, "send_edu_feedback", |c, r| {
            let helpful = if (c + r) % 2 == 0 { "1" } else { "0" };
            pairs(&[
                ("postId", &format!("post-{}", c % 3)),
                ("url", &format!("/blog/post-{}", c % 3)),
                ("helpful", helpful),
                ("feedback", "The numbers in the example are out of date."),
            ])
        })
        .await;
        assert_storm(&app, "send_edu_feedback", &answers);
        // And members.
        let answers = member_storm(&app, "send_edu_feedback", |c, r| {
            pairs(&[
                ("postId", &format!("post-{}", (c + r) % 3)),
                ("url", "/blog/post"),
                ("helpful", "true"),
            ])
        })
        .await;
        assert_storm(&app, "send_edu_feedback", &answers);

        // Text messages: a distinct number and address per call, so no limit answers;
        // every answer must be a text sent.
        let answers = guest_storm(&app, "download_app", |c, r| {
            pairs(&[
                ("type", ["", "android", "apple"][(c + r) % 3]),
                ("phoneNumber", &format!("555040{c:02}{r:02}")),
            ])
        })
        .await;
        assert_storm(&app, "download_app", &answers);
        for (status, body) in &answers {
            assert_eq!(
                (status.as_u16(), body.contains("\"error\":false")),
                (200, true),
                "{}: {body}",
                app.name
            );
        }
        let texts = store::outbox::all(&app.state.db).await.unwrap();
        assert_eq!(texts.len(), CLIENTS * ROUNDS, "{}", app.name);
        app.cleanup().await;
    }
}

/// The fixture catalogue's offers, with every CD's APY `apy`.
fn fixture_offers_with_cd_apy(apy: &str) -> Vec<Offer> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue");
    store::catalogue::read_dir(&dir)
        .unwrap()
        .into_iter()
        .map(|offer| {
            if offer.product_type != offer_model::ProductType::Cd {
                return offer;
            }
            let mut raw = offer.to_raw_json();
            raw["APY"] = json!(apy);
            Offer::from_json(&raw).unwrap()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_import_during_reads_and_votes_fails_no_request_and_keeps_every_vote() {
    const CARDS: [&str; 2] = [
        "ccb-0820b7c9725a7adf52e4721b6f57affa",
        "ccb-0b3a9849575c68ce5cbf31aad08f015e",
    ];
    let stars = |client: usize, round: usize| 1 + (client + round) % 5;
    for app in common::apps().await {
        store::catalogue::replace(&app.state.db, &fixture_offers_with_cd_apy("4.00%"))
            .await
            .unwrap();
        app.state.catalogue.refresh(&app.state.db).await.unwrap();
        let members = new_members(&app).await;
        let mut tasks = tokio::task::JoinSet::new();
        // Votes: each member alternates between the two cards, round by round.
        for (client, (member, headers)) in members.iter().cloned().enumerate() {
            let router = app.router.clone();
            tasks.spawn(async move {
                let mut answers = Vec::new();
                for round in 0..ROUNDS {
                    let rtg = stars(client, round).to_string();
                    let body = form(&[
                        ("action", "Details.SetRate"),
                        ("pid", CARDS[round % 2]),
                        ("rtg", &rtg),
                    ]);
                    let mut b = Request::builder()
                        .method(Method::POST)
                        .uri("/home/rpc")
                        .header("content-type", "application/x-www-form-urlencoded");
                    for (k, v) in &headers {
                        b = b.header(k, v);
                    }
                    let mut request = b.body(Body::from(body)).unwrap();
                    request
                        .extensions_mut()
                        .insert(ConnectInfo(peer(client, round)));
                    let response = router.clone().oneshot(request).await.unwrap();
                    answers.push((Some((member, round)), response.status()));
                }
                answers
            });
        }
        // Reads of a product and a listing until the import is over (10 at least); those
        // answered while it ran are counted.
        let importing = Arc::new(AtomicU8::new(0)); // 0 before, 1 during, 2 after
        let during = Arc::new(AtomicUsize::new(0));
        for reader in 0..4 {
            let router = app.router.clone();
            let (importing, during) = (importing.clone(), during.clone());
            tasks.spawn(async move {
                let mut answers = Vec::new();
                // At most 2,000 reads: a failed import never ends the test by hanging it.
                for n in 0..2_000 {
                    if n >= 10 && importing.load(Ordering::SeqCst) == 2 {
                        break;
                    }
                    let uri = if (reader + n) % 2 == 0 {
                        format!("/api/offers/{}", CARDS[0])
                    } else {
                        "/api/listings?route=/cd-rates".to_owned()
                    };
                    let mut request = Request::builder().uri(uri).body(Body::empty()).unwrap();
                    request
                        .extensions_mut()
                        .insert(ConnectInfo(peer(20 + reader, n % 4)));
                    let response = router.clone().oneshot(request).await.unwrap();
                    if importing.load(Ordering::SeqCst) == 1 {
                        during.fetch_add(1, Ordering::SeqCst);
                    }
                    answers.push((None, response.status()));
                    // Answers from memory never wait, so a reader yields to let the
                    // import's task run on these four threads.
                    tokio::task::yield_now().await;
                }
                answers
            });
        }
        // The import, from beside the site, and the site's pick-up of it.
        let db = app.state.db.clone();
        let catalogue = app.state.catalogue.clone();
        let state = importing.clone();
        tasks.spawn(async move {
            state.store(1, Ordering::SeqCst);
            let imported = store::catalogue::import(
                &db,
                &fixture_offers_with_cd_apy("3.75%"),
                store::catalogue::ImportOptions::default(),
                chrono::Utc::now(),
            )
            .await
            .unwrap();
            assert!(!imported.plan.changed.is_empty());
            catalogue.refresh(&db).await.unwrap();
            state.store(2, Ordering::SeqCst);
            Vec::new()
        });
        let mut acknowledged = Vec::new();
        while let Some(answers) = tasks.join_next().await {
            for (vote, status) in answers.unwrap() {
                assert!(
                    status.is_success(),
                    "{}: {status} during the import",
                    app.name
                );
                if let Some(vote) = vote {
                    acknowledged.push(vote);
                }
            }
        }
        assert_eq!(acknowledged.len(), CLIENTS * ROUNDS);
        assert!(
            during.load(Ordering::SeqCst) > 0,
            "{}: reads ran during the import",
            app.name
        );
        // Every member's vote on each card is the last one they were answered for.
        for (client, (member, _)) in members.iter().enumerate() {
            for (card, last_round) in [(CARDS[0], ROUNDS - 2), (CARDS[1], ROUNDS - 1)] {
                let kept = store::votes::member_vote(
                    &app.state.db,
                    store::votes::TargetKind::Product,
                    *member,
                    card,
                )
                .await
                .unwrap()
                .map(|s| usize::from(s.get()));
                assert_eq!(
                    kept,
                    Some(stars(client, last_round)),
                    "{}: member {member} on {card}",
                    app.name
                );
            }
        }
        // The import took: every CD shows its new APY (and the move from the old one).
        let cds = app.get("/api/listings?route=/cd-rates", &[]).await.json();
        let items = cds["items"].as_array().unwrap();
        assert!(!items.is_empty());
        for item in items {
            let offer = &item["offer"];
            assert_eq!(offer["apy"]["display"], "3.75%", "{}: {offer}", app.name);
            assert_eq!(offer["rateChange"]["summary"], "APY down 0.25 points");
        }
        app.cleanup().await;
    }
}
