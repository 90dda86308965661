//! The community question-and-answer area over HTTP, on every backend: the list and its
//! search, sorts, filters and paging; every state of community §4 the server decides
//! (ask, code, wrong code, expired code, resend, submitted, vote, guest, delegated); the
//! rules of §5 with their messages; reports, accepting and moderation; and bad input.

use crate::common;
use crate::common::members as member_helpers;

use crate::common::{Reply, TestApp};
use chrono::{Duration, Utc};
use member_helpers::{csrf_headers, signed_in};
use serde_json::{Value, json};
use store::members::Role;
use store::qna::{self as db, NewPending};

const PERMISSION: &str = "Oops. You don't have permission to make edits on this account.";

/// Two categories: "Credit Cards" (id 1) with 25 questions, "Banking" (id 2) with 3.
/// Question `n` of the cards has `n % 7` upvotes and, for `n < 3`, an answer each; question
/// 1 has 12 answers and is asked on product `ccb-1`. Question 26 (banking) is about
/// "balance transfer fees" in its details only; question 27 has it in its title.
fn fixture() -> db::CommunityFixture {
    let answer = |id: u64, author: &str, votes: u64| {
        json!({"id": id, "author": author, "content": format!("Answer number {id}: pay the statement balance in full every month."),
               "created_at": "2025-02-01T10:00:00Z", "upvotes": votes, "downvotes": 0, "accepted": false, "edited": false})
    };
    let mut questions = Vec::new();
    let mut next_answer = 1;
    for n in 1..=25u64 {
        let answers: Vec<Value> = match n {
            1 => (0..12)
                .map(|i| {
                    next_answer += 1;
                    answer(next_answer - 1, "ann", i)
                })
                .collect(),
            2 => {
                next_answer += 1;
                vec![answer(next_answer - 1, "ann", 1)]
            }
            _ => Vec::new(),
        };
        questions.push(json!({
            "id": n, "category_id": 1, "offer_id": if n == 1 { Some("ccb-1") } else { None },
            "title": format!("How does card question number {n} work?"), "more_info": "",
            "author": "bob", "created_at": "2025-01-01T10:00:00Z",
            "upvotes": n % 7, "downvotes": 0, "answers": answers
        }));
    }
    questions.push(json!({"id": 26, "category_id": 2, "offer_id": null, "title": "Which account should I open first?",
        "more_info": "I worry about balance transfer fees later on.", "author": "bob", "created_at": "2025-01-01T10:00:00Z",
        "upvotes": 0, "downvotes": 0, "answers": []}));
    questions.push(json!({"id": 27, "category_id": 2, "offer_id": null, "title": "Are balance transfer fees worth paying?",
        "more_info": "", "author": "bob", "created_at": "2025-01-01T10:00:00Z", "upvotes": 0, "downvotes": 0, "answers": []}));
    questions.push(json!({"id": 28, "category_id": 2, "offer_id": null, "title": "What is a money market account exactly?",
        "more_info": "", "author": "bob", "created_at": "2025-01-01T10:00:00Z", "upvotes": 0, "downvotes": 0, "answers": []}));
    serde_json::from_value(json!({
        "source": "test",
        "categories": [{"id": 1, "name": "Credit Cards", "slug": "credit-cards"}, {"id": 2, "name": "Banking", "slug": "banking"}],
        "authors": [
            {"login": "ann", "name": "Ann Example", "title": "Community member", "avatar": "/assets/avatars/sample-1.svg", "staff": false},
            {"login": "bob", "name": "Bob Example", "title": "Community member", "avatar": "/assets/avatars/sample-2.svg", "staff": false},
            {"login": "eve", "name": "Eve Editor", "title": "Editor", "avatar": "/assets/avatars/sample-3.svg", "staff": true}
        ],
        "questions": questions
    }))
    .unwrap()
}

async fn qna_apps() -> Vec<TestApp> {
    let apps = common::apps().await;
    for app in &apps {
        assert!(
            db::load_community(
                &app.state.db,
                &fixture(),
                qna_validation::links::question_slug
            )
            .await
            .unwrap()
        );
    }
    apps
}

/// A client: anti-forgery headers and, when signed in, the session cookie.
struct Client {
    headers: Vec<(String, String)>,
    member: Option<i64>,
}

impl Client {
    async fn guest(app: &TestApp) -> Self {
        Self {
            headers: csrf_headers(app, None).await,
            member: None,
        }
    }

    async fn member(app: &TestApp) -> Self {
        let (id, cookie) = signed_in(app, false).await;
        Self {
            headers: csrf_headers(app, Some(&cookie)).await,
            member: Some(id),
        }
    }

    async fn delegated(app: &TestApp) -> Self {
        let (id, cookie) = signed_in(app, true).await;
        Self {
            headers: csrf_headers(app, Some(&cookie)).await,
            member: Some(id),
        }
    }

    fn refs(&self) -> Vec<(&str, &str)> {
        self.headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    async fn post(&self, app: &TestApp, action: &str, pairs: &[(&str, &str)]) -> Reply {
        let mut form = format!("action={action}");
        for (k, v) in pairs {
            form.push_str(&format!(
                "&{k}={}",
                site_urls::encoding::percent_encode_component(v)
            ));
        }
        let mut headers = self.refs();
        headers.push(("referer", "http://127.0.0.1:8080/answers/?qpage=2"));
        app.post_form("/home/rpc", &form, &headers).await
    }

    async fn get(&self, app: &TestApp, query: &str) -> Reply {
        app.get(&format!("/home/rpc?{query}"), &self.refs()).await
    }
}

async fn list(app: &TestApp, query: &str) -> Value {
    let r = app
        .get(&format!("/home/rpc?action=Qna.List&{query}"), &[])
        .await;
    assert_eq!(r.status, 200, "{} {query}: {}", app.name, r.text());
    r.json()
}

fn ids(page: &Value) -> Vec<i64> {
    page["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_i64().unwrap())
        .collect()
}

/// The visible questions as stored (the list's own total is reused for a moment, see
/// `the_list_total_catches_up_within_its_staleness`).
async fn question_count(app: &TestApp) -> u64 {
    db::count_questions(&app.state.db, &db::ListFilter::default())
        .await
        .unwrap()
}

#[tokio::test]
async fn the_list_is_paged_sorted_filtered_and_carries_the_first_answer() {
    for app in qna_apps().await {
        let first = list(&app, "").await;
        assert_eq!(first["total_questions"], 28, "{}", app.name);
        assert_eq!(first["pages"], 3);
        assert_eq!(first["current_page"], 1);
        assert_eq!(first["questions"].as_array().unwrap().len(), 10);
        assert_eq!(
            first["categories"],
            json!([{"id": 1, "name": "Credit Cards"}, {"id": 2, "name": "Banking"}])
        );
        // Most popular: (up − down) + 2 × answers. Question 1 has 12 answers.
        assert_eq!(ids(&first)[0], 1, "{}", app.name);
        let q1 = &first["questions"][0];
        assert_eq!(q1["total_answers"], 12);
        assert_eq!(q1["has_more_answers"], true);
        assert_eq!(q1["answers"].as_array().unwrap().len(), 1);
        assert_eq!(q1["answers"][0]["user_login"], "ann");
        assert_eq!(q1["answers"][0]["upvote"], 11, "the best answer first");
        assert_eq!(
            q1["ques_href"],
            "/answers/how-does-card-question-number-1-work-1"
        );
        assert_eq!(
            q1["ques_fullslug"],
            "how-does-card-question-number-1-work-1"
        );
        assert_eq!(q1["from_search"], false);

        // Most upvotes: 6 upvotes for n = 6, 13, 20; newest first among them.
        let mv = list(&app, "sort=mv").await;
        assert_eq!(&ids(&mv)[..3], &[20, 13, 6], "{}", app.name);

        let third = list(&app, "qpage=3").await;
        assert_eq!(third["current_page"], 3);
        assert_eq!(third["questions"].as_array().unwrap().len(), 8);
        // The page parameter's name is an option.
        let named = list(&app, "page_param=p&p=3").await;
        assert_eq!(ids(&named), ids(&third));
        // An unreadable page is page 1.
        assert_eq!(list(&app, "qpage=x").await["current_page"], 1);

        let banking = list(&app, "category=2").await;
        assert_eq!(banking["total_questions"], 3);
        let card = list(&app, "offer=ccb-1").await;
        assert_eq!(ids(&card), vec![1]);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn search_starts_at_two_characters_ranks_titles_first_and_flags_results() {
    for app in qna_apps().await {
        // Under 2 characters after trimming: the normal list.
        let short = list(&app, "q=%20a%20").await;
        assert_eq!(short["total_questions"], 28);
        assert_eq!(short["questions"][0]["from_search"], false);

        let found = list(&app, "q=balance%20transfer%20fees").await;
        assert_eq!(ids(&found), vec![27, 26], "{}", app.name);
        assert_eq!(found["total_questions"], 2);
        assert_eq!(found["questions"][0]["from_search"], true);
        // Search syntax is never an error.
        let odd = list(&app, "q=%22%20AND%20(").await;
        assert_eq!(odd["total_questions"], 0);

        // Similar questions come from the same search.
        let r = app
            .get(
                "/home/rpc?action=Qna.Similar&title=balance%20transfer%20fees",
                &[],
            )
            .await;
        assert_eq!(ids(&r.json()), vec![27, 26]);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn more_answers_are_paged_and_a_question_has_its_own_page() {
    for app in qna_apps().await {
        let r = app
            .get("/home/rpc?action=Qna.Answers&question=1&offset=1", &[])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let more = r.json();
        assert_eq!(more["answers"].as_array().unwrap().len(), 10);
        assert_eq!(more["has_more_answers"], true);
        let last = app
            .get("/home/rpc?action=Qna.Answers&question=1&offset=11", &[])
            .await
            .json();
        assert_eq!(last["answers"].as_array().unwrap().len(), 1);
        assert_eq!(last["has_more_answers"], false);

        let page = app
            .get(
                "/home/rpc?action=Qna.Question&slug=how-does-card-question-number-1-work-1",
                &[],
            )
            .await;
        assert_eq!(page.status, 200, "{}", page.text());
        assert_eq!(page.json()["question"]["id"], 1);
        assert_eq!(page.json()["category"], "Credit Cards");
        let missing = app.get("/home/rpc?action=Qna.Question&id=999", &[]).await;
        assert_eq!(missing.status, 404);
        let bad = app
            .get("/home/rpc?action=Qna.Question&slug=nope", &[])
            .await;
        assert_eq!(bad.status, 400, "{}", bad.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_member_asks_and_the_question_is_published_at_once() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        let r = member
            .post(
                &app,
                "Qna.Ask",
                &[
                    ("title", "  Can I get a card with no credit history?  "),
                    ("more_info", "I just moved to the US."),
                    ("category", "1"),
                ],
            )
            .await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let body = r.json();
        assert_eq!(body["status"], "submitted");
        let id = body["question"]["id"].as_i64().unwrap();
        assert_eq!(
            body["question"]["ques_content"],
            "Can I get a card with no credit history?"
        );
        assert_eq!(
            body["question"]["ques_href"],
            format!("/answers/can-i-get-a-card-with-no-credit-history-{id}")
        );
        assert_eq!(question_count(&app).await, 29);
        app.cleanup().await;
    }
}

/// Form pairs, the field at fault and its message.
type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);

#[tokio::test]
async fn the_list_total_catches_up_just_after_its_staleness() {
    for app in qna_apps().await {
        assert_eq!(list(&app, "").await["total_questions"], 28, "{}", app.name);
        let member = Client::member(&app).await;
        let r = member
            .post(
                &app,
                "Qna.Ask",
                &[
                    ("title", "Does a new question count at once?"),
                    ("category", "2"),
                ],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // The question itself is listed at once; the total within the staleness.
        let fresh = list(&app, "sort=mv&category=2").await;
        assert!(
            fresh["questions"]
                .as_array()
                .unwrap()
                .iter()
                .any(|q| q["ques_content"] == "Does a new question count at once?")
        );
        tokio::time::sleep(
            plainrate::qna::counts::COUNT_STALENESS + std::time::Duration::from_millis(100),
        )
        .await;
        // The first read after the staleness still gets the kept total and starts the
        // recount in the background; the reads after it get the new total.
        assert_eq!(list(&app, "").await["total_questions"], 28, "{}", app.name);
        let mut total = serde_json::Value::Null;
        for _ in 0..100 {
            total = list(&app, "").await["total_questions"].clone();
            if total == 29 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(total, 29, "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_question_breaking_a_rule_gets_its_message_and_writes_nothing() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        let long = "word ".repeat(29); // 145 characters
        let cases: [Case<'_>; 5] = [
            (
                &[("title", "Two words"), ("category", "1")],
                "title",
                "Question must have at least 3 words.",
            ),
            (
                &[("title", long.as_str()), ("category", "1")],
                "title",
                "Question cannot have more than 140 chars.",
            ),
            (
                &[("title", "What card should I get?")],
                "category",
                "Please select a category.",
            ),
            (
                &[("title", "What card should I get?"), ("category", "9")],
                "category",
                "unknown category 9",
            ),
            (
                &[("title", "Is this shit card any good?"), ("category", "1")],
                "title",
                "Profanity is not allowed, including words such as \"shit\".",
            ),
        ];
        for (pairs, field, message) in cases {
            let r = member.post(&app, "Qna.Ask", pairs).await;
            assert_eq!(r.status, 400, "{} {pairs:?}: {}", app.name, r.text());
            assert_eq!(r.json()["message"], message, "{pairs:?}");
            assert_eq!(r.json()["field"], field, "{pairs:?}");
        }
        assert_eq!(question_count(&app).await, 28);
        app.cleanup().await;
    }
}

/// The code in the newest e-mail to `to`.
async fn mailed_code(app: &TestApp, to: &str) -> String {
    let mails = store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap();
    let body = &mails.last().expect("a code e-mail").body;
    let at = body.find("code is ").unwrap() + "code is ".len();
    body[at..at + 6].to_owned()
}

fn wrong(code: &str) -> String {
    code.chars()
        .map(|c| {
            if c == '9' {
                '0'
            } else {
                char::from(c as u8 + 1)
            }
        })
        .collect()
}

#[tokio::test]
async fn a_guest_asks_with_an_emailed_code_wrong_code_resend_then_submitted() {
    for app in qna_apps().await {
        let guest = Client::guest(&app).await;
        let ask = [
            ("title", "Do I need a bank account for a secured card?"),
            ("category", "1"),
        ];
        // The guest step: an e-mail address is needed.
        let r = guest.post(&app, "Qna.Ask", &ask).await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["message"], "Please enter a correct Email Address.");

        let mut with_email = ask.to_vec();
        with_email.push(("email", "Guest@Example.com"));
        let r = guest.post(&app, "Qna.Ask", &with_email).await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let body = r.json();
        assert_eq!(body["status"], "code_required");
        let pending = body["pending"].as_str().unwrap().to_owned();
        // Another question's id with this token's signature is refused.
        let (id, signature) = pending.split_once('.').unwrap();
        let forged = format!("{}.{signature}", id.parse::<i64>().unwrap() + 1);
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &forged), ("code", "123456")],
            )
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(r.json()["message"], "This question link is not valid.");
        let code = mailed_code(&app, "guest@example.com").await;
        assert_eq!(question_count(&app).await, 28, "nothing published yet");

        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &pending), ("code", "12a")],
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(
            r.json()["message"],
            "Please enter the 6-digit numerical code that we sent to your email."
        );

        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &pending), ("code", &wrong(&code))],
            )
            .await;
        assert_eq!(r.json()["status"], "wrong_code", "{}", r.text());
        assert_eq!(r.json()["attempts_left"], 4);

        let r = guest
            .post(&app, "Qna.ResendCode", &[("pending", &pending)])
            .await;
        assert_eq!(r.json()["status"], "resent", "{}", r.text());
        let new_code = mailed_code(&app, "guest@example.com").await;
        if new_code != code {
            let r = guest
                .post(
                    &app,
                    "Qna.ConfirmCode",
                    &[("pending", &pending), ("code", &code)],
                )
                .await;
            assert_eq!(
                r.json()["status"],
                "wrong_code",
                "the old code stops working"
            );
        }
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &pending), ("code", &new_code)],
            )
            .await;
        assert_eq!(r.json()["status"], "submitted", "{}", r.text());
        assert_eq!(
            r.json()["question"]["ques_content"],
            "Do I need a bank account for a secured card?"
        );
        // The client's retry publishes nothing twice.
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &pending), ("code", &new_code)],
            )
            .await;
        assert_eq!(r.json()["status"], "submitted");
        assert_eq!(question_count(&app).await, 29);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_expired_code_and_too_many_wrong_codes_are_told_apart() {
    for app in qna_apps().await {
        let guest = Client::guest(&app).await;
        let old = db::create_pending(
            &app.state.db,
            &NewPending {
                email: "late@example.com",
                code: "123456",
                slug: "is-it-too-late",
                category_id: 1,
                offer_id: None,
                title: "Is it too late?",
                more_info: "",
            },
            plainrate::qna::CODE_LIFETIME,
            Utc::now() - Duration::minutes(11),
        )
        .await
        .unwrap();
        let old = plainrate::qna::pending_token(&app.state, old);
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &old), ("code", "123456")],
            )
            .await;
        assert_eq!(r.json()["status"], "expired", "{} {}", app.name, r.text());

        let fresh = db::create_pending(
            &app.state.db,
            &NewPending {
                email: "typo@example.com",
                code: "123456",
                slug: "many-typos",
                category_id: 1,
                offer_id: None,
                title: "Many typos here?",
                more_info: "",
            },
            plainrate::qna::CODE_LIFETIME,
            Utc::now(),
        )
        .await
        .unwrap();
        let fresh = plainrate::qna::pending_token(&app.state, fresh);
        for _ in 0..plainrate::qna::MAX_CODE_ATTEMPTS {
            let r = guest
                .post(
                    &app,
                    "Qna.ConfirmCode",
                    &[("pending", &fresh), ("code", "654321")],
                )
                .await;
            assert_eq!(r.json()["status"], "wrong_code");
        }
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &fresh), ("code", "123456")],
            )
            .await;
        assert_eq!(r.json()["status"], "too_many_attempts", "{}", r.text());
        assert_eq!(question_count(&app).await, 28);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn answering_follows_the_reply_rule_and_answers_the_post_response() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        let r = member
            .post(
                &app,
                "Qna.Answer",
                &[("question", "3"), ("content", "   Too short to help.   ")],
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["message"], "Content must have 30 characters.");

        let text = "Pay the full statement balance and the <b>interest</b> never starts.";
        let r = member
            .post(&app, "Qna.Answer", &[("question", "3"), ("content", text)])
            .await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let post = r.json();
        for field in [
            "id",
            "date",
            "answer",
            "user_login",
            "fullname",
            "avatar",
            "user_title",
            "edited",
        ] {
            assert!(post.get(field).is_some(), "{field} in {post}");
        }
        assert_eq!(
            post["answer"],
            "Pay the full statement balance and the &lt;b&gt;interest&lt;/b&gt; never starts."
        );
        assert_eq!(
            post["user_login"],
            format!("member{}", member.member.unwrap())
        );
        let q3 = app
            .get("/home/rpc?action=Qna.Question&id=3", &[])
            .await
            .json();
        assert_eq!(q3["question"]["total_answers"], 1);

        let r = Client::guest(&app)
            .await
            .post(&app, "Qna.Answer", &[("question", "3"), ("content", text)])
            .await;
        assert_eq!(r.status, 401);
        let r = Client::delegated(&app)
            .await
            .post(&app, "Qna.Answer", &[("question", "3"), ("content", text)])
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json()["error"], true);
        assert_eq!(r.json()["message"], PERMISSION);
        let r = member
            .post(
                &app,
                "Qna.Answer",
                &[("question", "999"), ("content", text)],
            )
            .await;
        assert_eq!(r.status, 404);
        let q3 = app
            .get("/home/rpc?action=Qna.Question&id=3", &[])
            .await
            .json();
        assert_eq!(
            q3["question"]["total_answers"], 1,
            "nothing more was written"
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn votes_count_once_per_member_change_and_show_after_a_reload() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        let vote = |kind: &'static str, id: &'static str, value: &'static str| {
            [("kind", kind), ("id", id), ("value", value)]
        };
        let r = member
            .post(&app, "Qna.Vote", &vote("question", "28", "up"))
            .await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        assert_eq!(r.json()["upvote"], 1);
        assert_eq!(r.json()["my_vote"], 1);
        // The same vote again (a client retry) counts once.
        let r = member
            .post(&app, "Qna.Vote", &vote("question", "28", "up"))
            .await;
        assert_eq!(r.json()["upvote"], 1);
        // Changed.
        let r = member
            .post(&app, "Qna.Vote", &vote("question", "28", "down"))
            .await;
        assert_eq!(
            (r.json()["upvote"].clone(), r.json()["downvote"].clone()),
            (json!(0), json!(1))
        );
        // Answer 12 is question 1's best (11 upvotes), so it is on the first page.
        let r = member
            .post(&app, "Qna.Vote", &vote("answer", "12", "up"))
            .await;
        assert_eq!(r.json()["upvote"], 12, "{}", r.text());

        // A reload shows the votes, the member's own included.
        let page = member.get(&app, "action=Qna.Question&id=28").await.json();
        assert_eq!(page["question"]["downvote"], 1);
        assert_eq!(page["question"]["my_vote"], -1);
        let page = member.get(&app, "action=Qna.Question&id=1").await.json();
        let answer = page["question"]["answers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == 12)
            .unwrap()
            .clone();
        assert_eq!(answer["my_vote"], 1);

        // A guest is sent to the light sign-up, back to the page.
        let r = Client::guest(&app)
            .await
            .post(&app, "Qna.Vote", &vote("question", "28", "up"))
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json()["guest"], true);
        assert_eq!(
            r.json()["redirect_url"],
            "/join/light?ref=%2Fanswers%2F%3Fqpage%3D2&vote=question%3A28%3Aup"
        );
        // A delegated session is refused and writes nothing.
        let r = Client::delegated(&app)
            .await
            .post(&app, "Qna.Vote", &vote("question", "28", "up"))
            .await;
        assert_eq!(r.json()["message"], PERMISSION);
        let page = app
            .get("/home/rpc?action=Qna.Question&id=28", &[])
            .await
            .json();
        assert_eq!(
            (
                page["question"]["upvote"].clone(),
                page["question"]["downvote"].clone()
            ),
            (json!(0), json!(1))
        );

        for bad in [
            vote("question", "28", "sideways"),
            vote("comment", "28", "up"),
            vote("question", "x", "up"),
        ] {
            let r = member.post(&app, "Qna.Vote", &bad).await;
            assert_eq!(r.status, 400, "{bad:?}: {}", r.text());
        }
        let r = member
            .post(&app, "Qna.Vote", &vote("question", "999", "up"))
            .await;
        assert_eq!(r.status, 404);
        app.cleanup().await;
    }
}

/// A guest's answer vote is carried through the light sign-up: the vote's answer links to
/// the sign-up with it, the e-mail says it will be counted, and the link casts it.
#[tokio::test]
async fn a_guest_answer_vote_is_cast_when_the_sign_in_link_signs_them_in() {
    for app in qna_apps().await {
        let guest = Client::guest(&app).await;
        let r = guest
            .post(
                &app,
                "Qna.Vote",
                &[("kind", "answer"), ("id", "12"), ("value", "up")],
            )
            .await;
        let redirect = r.json()["redirect_url"].as_str().unwrap().to_owned();
        assert!(redirect.ends_with("&vote=answer%3A12%3Aup"), "{redirect}");
        let headers = guest.refs();
        let r = app
            .post_form(
                "/join/light",
                "email=voter%40example.com&ref=%2Fanswers%2F&vote=answer%3A12%3Aup",
                &headers,
            )
            .await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let mails = store::outbox::for_recipient(&app.state.db, "voter@example.com")
            .await
            .unwrap();
        let body = &mails[0].body;
        assert!(
            body.contains("counts the up vote you chose on the answer"),
            "{body}"
        );
        let at = body.find("code=").unwrap() + "code=".len();
        let code: String = body[at..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        let r = app
            .post_form("/join/light/confirm", &format!("code={code}"), &headers)
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let page = app
            .get("/home/rpc?action=Qna.Question&id=1", &[])
            .await
            .json();
        let answer = page["question"]["answers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == 12)
            .unwrap()
            .clone();
        // 11 up votes before; the new member's makes 12, and it is theirs.
        assert_eq!(answer["upvote"], 12, "{}", app.name);
        let member = store::members::member_by_email(&app.state.db, "voter@example.com")
            .await
            .unwrap()
            .unwrap();
        let mine = db::my_votes(&app.state.db, member.id, db::ItemKind::Answer, &[12])
            .await
            .unwrap();
        assert_eq!(mine, vec![(12, db::VoteValue::Up)]);
        // A malformed vote is left out: the link is sent and promises nothing.
        let r = app
            .post_form(
                "/join/light",
                "email=other%40example.com&vote=answer%3A0%3Aup",
                &headers,
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let mails = store::outbox::for_recipient(&app.state.db, "other@example.com")
            .await
            .unwrap();
        assert!(!mails[0].body.contains("counts the"), "{}", mails[0].body);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_report_keeps_the_item_visible_until_a_moderator_hides_and_restores_it() {
    for app in qna_apps().await {
        let reporter = Client::guest(&app).await;
        let r = reporter
            .post(
                &app,
                "Qna.Report",
                &[
                    ("kind", "answer"),
                    ("id", "13"),
                    ("ru", "http://127.0.0.1:8080/answers/x-2?qpage=2#a"),
                ],
            )
            .await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let q2 = app
            .get("/home/rpc?action=Qna.Question&id=2", &[])
            .await
            .json();
        assert_eq!(q2["question"]["total_answers"], 1, "still visible");

        let member = Client::member(&app).await;
        // Not a 403, which the request layer reads as "banned".
        let r = member.get(&app, "action=Qna.ModerationQueue").await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["message"], "Only moderators may do this.");

        let staff = Client::member(&app).await;
        store::members::profile::set_role(&app.state.db, staff.member.unwrap(), Role::Moderator)
            .await
            .unwrap();
        let queue = staff.get(&app, "action=Qna.ModerationQueue").await.json();
        assert_eq!(queue["items"][0]["id"], 13, "{queue}");
        assert_eq!(queue["items"][0]["page_address"], "/answers/x-2");
        // The report link's own parameters (`t=a`), and an address off the site kept as `/`.
        let r = reporter
            .post(
                &app,
                "Qna.Report",
                &[("t", "a"), ("id", "12"), ("ru", "javascript:alert(1)")],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let queue = staff.get(&app, "action=Qna.ModerationQueue").await.json();
        assert_eq!(queue["items"][0]["id"], 12, "{queue}");
        assert_eq!(queue["items"][0]["page_address"], "/");

        let r = staff
            .post(
                &app,
                "Qna.Hide",
                &[("kind", "answer"), ("id", "13"), ("reason", "Spam link")],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let q2 = app
            .get("/home/rpc?action=Qna.Question&id=2", &[])
            .await
            .json();
        assert_eq!(q2["question"]["total_answers"], 0);
        let r = staff
            .post(
                &app,
                "Qna.Restore",
                &[
                    ("kind", "answer"),
                    ("id", "13"),
                    ("reason", "Reviewed: fine"),
                ],
            )
            .await;
        assert_eq!(r.json()["message"], "Restored.");
        let q2 = app
            .get("/home/rpc?action=Qna.Question&id=2", &[])
            .await
            .json();
        assert_eq!(q2["question"]["total_answers"], 1);
        let log = db::moderation_log(&app.state.db, 10).await.unwrap();
        assert_eq!(log.len(), 2);

        let r = member
            .post(
                &app,
                "Qna.Hide",
                &[("kind", "answer"), ("id", "13"), ("reason", "x")],
            )
            .await;
        assert_eq!(r.status, 400);
        let r = staff
            .post(&app, "Qna.Hide", &[("kind", "answer"), ("id", "13")])
            .await;
        assert_eq!(r.status, 400, "a reason is required");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn only_the_asker_accepts_an_answer_and_it_comes_first() {
    for app in qna_apps().await {
        let asker = Client::member(&app).await;
        let r = asker
            .post(
                &app,
                "Qna.Ask",
                &[
                    ("title", "Which card has the best cash back?"),
                    ("category", "1"),
                ],
            )
            .await;
        let question = r.json()["question"]["id"].as_i64().unwrap().to_string();
        let helper = Client::member(&app).await;
        let mut answers = Vec::new();
        for text in [
            "The first answer says flat two percent cards are simplest.",
            "The second answer says rotating categories pay more if you track them.",
        ] {
            let r = helper
                .post(
                    &app,
                    "Qna.Answer",
                    &[("question", &question), ("content", text)],
                )
                .await;
            answers.push(r.json()["id"].as_i64().unwrap().to_string());
        }
        let r = helper
            .post(
                &app,
                "Qna.Accept",
                &[("question", &question), ("answer", &answers[1])],
            )
            .await;
        // Not a 403, which the request layer reads as "banned".
        assert_eq!(r.status, 400, "{} {}", app.name, r.text());
        assert_eq!(
            r.json()["message"],
            "Only the person who asked may do this."
        );
        let r = asker
            .post(
                &app,
                "Qna.Accept",
                &[("question", &question), ("answer", &answers[1])],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let page = app
            .get(&format!("/home/rpc?action=Qna.Question&id={question}"), &[])
            .await
            .json();
        assert_eq!(page["question"]["answers"][0]["id"].to_string(), answers[1]);
        assert_eq!(page["question"]["answers"][0]["accepted"], true);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn asking_too_often_is_refused_with_when_to_try_again() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        for n in 0..plainrate::limits::QNA_ASK_MEMBER.max {
            let title = format!("Is question number {n} allowed here?");
            let r = member
                .post(&app, "Qna.Ask", &[("title", &title), ("category", "1")])
                .await;
            assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        }
        let r = member
            .post(
                &app,
                "Qna.Ask",
                &[("title", "One question too many today?"), ("category", "1")],
            )
            .await;
        assert_eq!(r.status, 429, "{}", r.text());
        let message = r.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("Please try again in"), "{message}");
        // The window is 10 minutes, so the wait is at most that, in seconds or minutes.
        let wait = message.rsplit("try again in ").next().unwrap();
        let (n, unit) = wait.split_once(' ').unwrap();
        assert!(n.parse::<u32>().unwrap() >= 1, "{message}");
        assert!(
            ["second.", "seconds.", "minute.", "minutes."].contains(&unit),
            "{message}"
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn malformed_input_is_a_4xx_with_a_message_never_a_5xx() {
    for app in qna_apps().await {
        let member = Client::member(&app).await;
        let long = "x".repeat(3000);
        let cases: Vec<(&str, Vec<(&str, &str)>)> = vec![
            ("Qna.Ask", vec![]),
            (
                "Qna.Ask",
                vec![("title", "What card is best?"), ("category", "one")],
            ),
            (
                "Qna.Ask",
                vec![
                    ("title", "What card is best?"),
                    ("category", "1"),
                    ("offer", "no-such-card"),
                ],
            ),
            (
                "Qna.Ask",
                vec![
                    ("title", "What card is best?"),
                    ("category", "1"),
                    ("more_info", &long),
                ],
            ),
            ("Qna.Answer", vec![("question", "abc"), ("content", "x")]),
            ("Qna.Vote", vec![]),
            ("Qna.Report", vec![("kind", "answer"), ("id", "-")]),
            (
                "Qna.Report",
                vec![("kind", "answer"), ("id", "1"), ("reason", &long)],
            ),
            ("Qna.Accept", vec![("question", "1")]),
            ("Qna.ConfirmCode", vec![("pending", "1")]),
            ("Qna.ResendCode", vec![("pending", "99999")]),
        ];
        for (action, pairs) in cases {
            let r = member.post(&app, action, &pairs).await;
            assert!(
                r.status.is_client_error(),
                "{} {action} {pairs:?}: {} {}",
                app.name,
                r.status,
                r.text()
            );
            assert!(r.json()["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        for query in [
            "action=Qna.Answers",
            "action=Qna.List&category=x",
            "action=Qna.Question",
        ] {
            let r = member.get(&app, query).await;
            assert!(r.status.is_client_error(), "{query}: {}", r.status);
        }
        // A NUL character is malformed in any field (PostgreSQL could not store it).
        let r = member
            .post(
                &app,
                "Qna.Ask",
                &[("title", "What card is\0 best?"), ("category", "1")],
            )
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        let r = member.get(&app, "action=Qna.List&offer=a%00b").await;
        assert_eq!(r.status, 400, "{}", r.text());
        // Writes need POST and the token.
        let r = app
            .get("/home/rpc?action=Qna.Vote&kind=question&id=1&value=up", &[])
            .await;
        assert_eq!(r.status, 405);
        let r = app
            .post_form(
                "/home/rpc",
                "action=Qna.Vote&kind=question&id=1&value=up",
                &[],
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(question_count(&app).await, 28);
        app.cleanup().await;
    }
}

// ---- The community's pages, as a browser navigation and a crawler get them.

const NAVIGATION: (&str, &str) = ("accept", "text/html,application/xhtml+xml,*/*;q=0.8");

/// The page's initial data, parsed.
fn initial_data(html: &str) -> Value {
    let start = html.find("id=\"initial-data\">").expect("initial data") + 18;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("\\u003c", "<")).unwrap()
}

/// The page's JSON-LD, parsed.
fn json_ld(html: &str) -> Value {
    let start = html.find("application/ld+json\">").expect("JSON-LD") + 21;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("\\u003c", "<")).unwrap()
}

fn canonical(html: &str) -> &str {
    let start = html
        .find("<link rel=\"canonical\" href=\"")
        .expect("canonical")
        + 28;
    let end = start + html[start..].find('"').unwrap();
    &html[start..end]
}

async fn page(app: &TestApp, path: &str, status: u16) -> String {
    let r = app.get(path, &[NAVIGATION]).await;
    assert_eq!(r.status, status, "{} {path}: {}", app.name, r.text());
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    r.text()
}

#[tokio::test]
async fn the_answers_page_is_the_question_list_rendered_with_its_data_and_attribution() {
    for app in qna_apps().await {
        let attribution = app.state.site.qna_attribution().unwrap().to_owned();
        assert!(attribution.contains("CC BY-SA"), "{attribution}");

        let html = page(&app, "/answers/", 200).await;
        assert!(html.contains("<h1>Questions and answers</h1>"));
        assert!(html.contains("<title>Questions and answers | Plainrate</title>"));
        assert!(
            canonical(&html).ends_with("/answers/"),
            "{}",
            canonical(&html)
        );
        assert!(!html.contains("noindex"));
        assert!(html.contains(
            "<a href=\"/answers/how-does-card-question-number-1-work-1\">How does card question number 1 work?</a>"
        ));
        assert!(html.contains("28 questions."));
        assert!(html.contains("<a href=\"/answers/?category=2\">Banking</a>"));
        assert!(html.contains("<a href=\"/answers/?qpage=2\" rel=\"next\">Next page</a>"));
        // The sample content's licence is on the page, escaped, and in the data.
        assert!(html.contains(&format!(
            "<p class=\"qna-attribution\"><small>{}</small></p>",
            attribution.replace('&', "&amp;").replace('\'', "&#39;")
        )));
        let data = initial_data(&html);
        assert_eq!(data["path"], "/answers/");
        assert_eq!(data["page"]["kind"], "answers");
        // The data is what the list action answers a guest for the same parameters.
        assert_eq!(data["page"]["list"], list(&app, "").await);
        assert_eq!(data["page"]["list"]["attribution"], attribution.as_str());
        let ld = json_ld(&html);
        assert_eq!(ld["@type"], "ItemList");
        assert_eq!(ld["numberOfItems"], 10);
        assert!(
            ld["itemListElement"][0]["url"]
                .as_str()
                .unwrap()
                .ends_with("/answers/how-does-card-question-number-1-work-1")
        );

        // A category, an order and a page come from the address; the canonical address
        // keeps the category and the page, not the order.
        let html = page(&app, "/answers/?category=1&sort=mv&qpage=2", 200).await;
        assert!(html.contains("<h1>Credit Cards: questions and answers, page 2</h1>"));
        assert!(canonical(&html).ends_with("/answers/?category=1&amp;qpage=2"));
        assert!(html.contains("<ol start=\"11\">"));
        assert!(html.contains("href=\"/answers/?category=1&amp;sort=mv\" rel=\"prev\""));
        assert!(html.contains("<a href=\"/answers/?category=1\" aria-current=\"page\">"));
        let data = initial_data(&html);
        assert_eq!(
            data["page"]["list"],
            list(&app, "category=1&sort=mv&qpage=2").await
        );

        // A search is listed and not indexed.
        let html = page(&app, "/answers/?q=balance%20transfer", 200).await;
        assert!(html.contains("<h1>Questions about “balance transfer”</h1>"));
        assert!(html.contains("2 questions match “balance transfer”."));
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert_eq!(
            initial_data(&html)["page"]["list"]["questions"][0]["from_search"],
            true
        );

        // A name given twice counts once, the first time, as the app reads its address.
        let html = page(&app, "/answers/?category=2&category=1", 200).await;
        assert!(html.contains("<h1>Banking: questions and answers</h1>"));
        assert_eq!(
            initial_data(&html)["page"]["list"],
            list(&app, "category=2").await
        );

        // A category that is not a number is a 400 page that says why.
        let html = page(&app, "/answers/?category=cards", 400).await;
        assert!(html.contains("category is not valid"), "{html}");

        // `/answers` is the list's old address.
        let r = app.get("/answers?category=2", &[NAVIGATION]).await;
        assert_eq!(r.status, 301);
        assert_eq!(r.header("location"), Some("/answers/?category=2"));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_question_page_has_its_answers_qapage_data_and_its_own_address() {
    for app in qna_apps().await {
        let path = "/answers/how-does-card-question-number-1-work-1";
        let html = page(&app, path, 200).await;
        assert!(html.contains("<h1>How does card question number 1 work?</h1>"));
        assert!(canonical(&html).ends_with(path));
        assert!(html.contains("<h2>12 answers</h2>"));
        // Every answer is on the page, past the first page of 10 the data carries, so a
        // reader without JavaScript reads them all.
        for n in 1..=12 {
            assert!(html.contains(&format!("Answer number {n}:")), "answer {n}");
        }
        assert!(!html.contains("answers are shown."));
        assert!(html.contains("<p class=\"qna-attribution\">"));
        let data = initial_data(&html);
        assert_eq!(data["page"]["kind"], "question");
        let api = app
            .get("/home/rpc?action=Qna.Question&id=1", &[])
            .await
            .json();
        assert_eq!(data["page"]["question"], api);
        assert_eq!(api["category"], "Credit Cards");

        let ld = json_ld(&html);
        assert_eq!(ld["@type"], "QAPage");
        let question = &ld["mainEntity"];
        assert_eq!(question["@type"], "Question");
        assert_eq!(question["name"], "How does card question number 1 work?");
        assert_eq!(question["answerCount"], 12);
        assert_eq!(question["author"]["name"], "bob");
        let suggested = question["suggestedAnswer"].as_array().unwrap();
        assert_eq!(suggested.len(), 10);
        assert_eq!(suggested[0]["upvoteCount"], 11);
        assert_eq!(suggested[0]["author"]["name"], "Ann Example");
        assert!(
            suggested[0]["url"]
                .as_str()
                .unwrap()
                .contains(&format!("{path}#answer-"))
        );
        assert!(question.get("acceptedAnswer").is_none());

        // An old or mistyped slug is sent to the question's own address.
        let r = app
            .get("/answers/some-old-title-1?x=1", &[NAVIGATION])
            .await;
        assert_eq!(r.status, 301, "{}", app.name);
        assert_eq!(r.header("location"), Some(path));

        // No such question, no id, and a hidden question: the 404 page.
        let r = app
            .get(
                "/answers/How-Does-Card-Question-Number-1-Work-1",
                &[NAVIGATION],
            )
            .await;
        assert_eq!(r.status, 301);
        assert_eq!(r.header("location"), Some(path));
        for missing in [
            "/answers/what-is-this-999",
            "/answers/no-id-here",
            "/answers/zero-0",
            "/answers/far-99999999999999999999999",
        ] {
            let html = page(&app, missing, 404).await;
            assert_eq!(initial_data(&html)["page"]["kind"], "notFound", "{missing}");
        }
        let staff = Client::member(&app).await;
        store::members::profile::set_role(&app.state.db, staff.member.unwrap(), Role::Moderator)
            .await
            .unwrap();
        let hidden = staff
            .post(
                &app,
                "Qna.Hide",
                &[("kind", "question"), ("id", "2"), ("reason", "spam")],
            )
            .await;
        assert_eq!(hidden.status, 200, "{}", hidden.text());
        page(&app, "/answers/how-does-card-question-number-2-work-2", 404).await;
        app.cleanup().await;
    }
}

/// A client whose member's address is confirmed, and that address.
async fn confirmed_member(app: &TestApp) -> (Client, String) {
    let client = Client::member(app).await;
    let id = client.member.unwrap();
    store::members::confirm_email(&app.state.db, id, Utc::now())
        .await
        .unwrap();
    let email = store::members::member(&app.state.db, id)
        .await
        .unwrap()
        .unwrap()
        .email;
    (client, email)
}

/// The outbox's e-mails to `to` with `subject`.
async fn mails(app: &TestApp, to: &str, subject: &str) -> Vec<store::outbox::Message> {
    store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.subject.as_deref() == Some(subject))
        .collect()
}

async fn ask(app: &TestApp, asker: &Client, title: &str) -> String {
    let r = asker
        .post(app, "Qna.Ask", &[("title", title), ("category", "1")])
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["question"]["id"].as_i64().unwrap().to_string()
}

async fn answer(app: &TestApp, by: &Client, question: &str, text: &str) -> String {
    let r = by
        .post(
            app,
            "Qna.Answer",
            &[("question", question), ("content", text)],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["id"].as_i64().unwrap().to_string()
}

#[tokio::test]
async fn the_asker_hears_of_the_first_answer_and_the_answerer_of_acceptance_once_each() {
    use plainrate::qna::notify::{ACCEPTED_SUBJECT, FIRST_ANSWER_SUBJECT};
    for app in qna_apps().await {
        let (asker, asker_email) = confirmed_member(&app).await;
        let (helper, helper_email) = confirmed_member(&app).await;
        let question = ask(&app, &asker, "Which savings account pays interest monthly?").await;
        // The asker's own answer is no news to them.
        answer(
            &app,
            &asker,
            &question,
            "I found one myself but would like other views too.",
        )
        .await;
        assert!(
            mails(&app, &asker_email, FIRST_ANSWER_SUBJECT)
                .await
                .is_empty()
        );
        // Someone else's first answer: one e-mail, on the answers list, with links.
        let first = answer(
            &app,
            &helper,
            &question,
            "Most online banks credit interest monthly; check the account terms.",
        )
        .await;
        answer(
            &app,
            &helper,
            &question,
            "A second answer, which sends the asker nothing more.",
        )
        .await;
        let sent = mails(&app, &asker_email, FIRST_ANSWER_SUBJECT).await;
        assert_eq!(sent.len(), 1, "{}", app.name);
        // Nothing a member wrote is quoted: no name, no title (a link in either would be
        // made clickable in a site-signed e-mail).
        assert!(
            sent[0]
                .body
                .starts_with("Someone answered your question on Plainrate."),
            "{}",
            sent[0].body
        );
        assert!(
            !sent[0].body.contains("Test Member")
                && !sent[0].body.contains("Which savings account")
        );
        assert!(sent[0].body.contains(&format!("http://127.0.0.1:8080/answers/which-savings-account-pays-interest-monthly-{question}")), "{}", sent[0].body);
        let list = sent[0].list.as_ref().expect("a list e-mail");
        assert_eq!(list.list, "answers");
        assert!(sent[0].body.ends_with(&list.unsubscribe_url));
        // Accepting: the answerer hears, once per answer.
        for _ in 0..2 {
            let r = asker
                .post(
                    &app,
                    "Qna.Accept",
                    &[("question", &question), ("answer", &first)],
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.text());
        }
        let accepted = mails(&app, &helper_email, ACCEPTED_SUBJECT).await;
        assert_eq!(accepted.len(), 1, "{}", app.name);
        assert!(accepted[0].body.contains("accepted your answer"));
        assert!(mails(&app, &asker_email, ACCEPTED_SUBJECT).await.is_empty());

        // An address not confirmed hears nothing.
        let unconfirmed = Client::member(&app).await;
        let email = store::members::member(&app.state.db, unconfirmed.member.unwrap())
            .await
            .unwrap()
            .unwrap()
            .email;
        let q = ask(
            &app,
            &unconfirmed,
            "Do credit unions pay more on CDs than banks?",
        )
        .await;
        answer(
            &app,
            &helper,
            &q,
            "Often a little more; compare the APY of each term.",
        )
        .await;
        assert!(mails(&app, &email, FIRST_ANSWER_SUBJECT).await.is_empty());

        // An address that left the answers list hears nothing either.
        store::outbox::opt_outs::leave(&app.state.db, &asker_email, "answers", Utc::now())
            .await
            .unwrap();
        let q = ask(
            &app,
            &asker,
            "Is a money market account insured like savings?",
        )
        .await;
        answer(
            &app,
            &helper,
            &q,
            "Yes, at a bank it is FDIC insured up to the limit.",
        )
        .await;
        assert_eq!(
            mails(&app, &asker_email, FIRST_ANSWER_SUBJECT).await.len(),
            1
        );

        // A guest's address is confirmed by the code their question was published with.
        let guest = Client::guest(&app).await;
        let r = guest
            .post(
                &app,
                "Qna.Ask",
                &[
                    ("title", "Can I open a CD without a checking account?"),
                    ("category", "1"),
                    ("email", "Asker.Guest@Example.com"),
                ],
            )
            .await;
        let pending = r.json()["pending"].as_str().unwrap().to_owned();
        let code = mailed_code(&app, "asker.guest@example.com").await;
        let r = guest
            .post(
                &app,
                "Qna.ConfirmCode",
                &[("pending", &pending), ("code", &code)],
            )
            .await;
        assert_eq!(r.json()["status"], "submitted", "{}", r.text());
        let q = r.json()["question"]["id"].as_i64().unwrap().to_string();
        answer(
            &app,
            &helper,
            &q,
            "Yes, most banks fund a CD from any account you name.",
        )
        .await;
        assert_eq!(
            mails(&app, "asker.guest@example.com", FIRST_ANSWER_SUBJECT)
                .await
                .len(),
            1,
            "{}",
            app.name
        );
        app.cleanup().await;
    }
}
