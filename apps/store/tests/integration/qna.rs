//! The community question-and-answer area, on every backend.

use crate::common::{at, member};
use chrono::{Duration, TimeZone, Utc};
use sea_orm::DatabaseConnection;
use store::members;
use store::qna::{
    self, CommunityFixture, ConfirmOutcome, ItemKind, ListFilter, ModerationAction, NewAnswer,
    NewPending, NewQuestion, NewReport, QnaError, ResendOutcome, Role, Sort, VoteValue,
};
use store::{StoreError, testing};

const ALL: ListFilter<'static> = ListFilter {
    category_id: None,
    offer_id: None,
};

/// Categories, members and helpers of one test database.
struct World<'a> {
    db: &'a DatabaseConnection,
    cards: i64,
    loans: i64,
    asker: i64,
    answerer: i64,
    moderator: i64,
    voters: Vec<i64>,
}

async fn world(db: &DatabaseConnection) -> World<'_> {
    let loans = qna::create_category(db, "Loans", "loans", 2).await.unwrap();
    let cards = qna::create_category(db, "Credit cards", "credit-cards", 1)
        .await
        .unwrap();
    let asker = member(db, "asker").await;
    let answerer = member(db, "answerer").await;
    let moderator = member(db, "moderator").await;
    store::members::profile::set_role(db, moderator, Role::Moderator)
        .await
        .unwrap();
    let mut voters = Vec::new();
    for n in 0..6 {
        voters.push(member(db, &format!("voter{n}")).await);
    }
    World {
        db,
        cards,
        loans,
        asker,
        answerer,
        moderator,
        voters,
    }
}

impl World<'_> {
    async fn ask_in(&self, category_id: i64, offer_id: Option<&str>, title: &str) -> i64 {
        qna::create_question(
            self.db,
            &NewQuestion {
                category_id,
                offer_id,
                slug: "a-question",
                title,
                more_info: "",
                author_id: self.asker,
            },
            at(0),
        )
        .await
        .unwrap()
    }

    async fn ask(&self, title: &str) -> i64 {
        self.ask_in(self.cards, None, title).await
    }

    async fn ask_with_details(&self, title: &str, more_info: &str) -> i64 {
        qna::create_question(
            self.db,
            &NewQuestion {
                category_id: self.cards,
                offer_id: None,
                slug: "a-question",
                title,
                more_info,
                author_id: self.asker,
            },
            at(0),
        )
        .await
        .unwrap()
    }

    async fn answer_at(&self, question_id: i64, seconds: i64) -> i64 {
        qna::create_answer(
            self.db,
            &NewAnswer {
                question_id,
                author_id: self.answerer,
                content: "An answer long enough to count as one.",
            },
            at(seconds),
        )
        .await
        .unwrap()
        .id
    }

    /// `up` up votes and `down` down votes from distinct voters.
    async fn votes(&self, kind: ItemKind, id: i64, up: usize, down: usize) {
        for (n, voter) in self.voters.iter().take(up + down).enumerate() {
            let value = if n < up {
                VoteValue::Up
            } else {
                VoteValue::Down
            };
            qna::vote(self.db, *voter, kind, id, value, at(1))
                .await
                .unwrap();
        }
    }

    async fn ids(&self, filter: &ListFilter<'_>, sort: Sort) -> Vec<i64> {
        qna::list_questions(self.db, filter, sort, 1, 50)
            .await
            .unwrap()
            .questions
            .iter()
            .map(|q| q.id)
            .collect()
    }

    async fn search(&self, text: &str) -> Vec<i64> {
        qna::search_questions(self.db, text, &ALL, 1, 50)
            .await
            .unwrap()
            .questions
            .iter()
            .map(|q| q.id)
            .collect()
    }

    async fn answer_ids(&self, question_id: i64) -> Vec<i64> {
        qna::answers(self.db, question_id, 0, 50)
            .await
            .unwrap()
            .iter()
            .map(|a| a.id)
            .collect()
    }

    async fn question(&self, id: i64) -> qna::QuestionRow {
        qna::question(self.db, id).await.unwrap().unwrap()
    }
}

#[tokio::test]
async fn categories_come_in_menu_order() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let cats = qna::categories(&t.db).await.unwrap();
        let names: Vec<_> = cats.iter().map(|c| c.slug.as_str()).collect();
        assert_eq!(names, ["credit-cards", "loans"], "{}", t.name);
        assert_eq!(cats[0].id, w.cards);
        assert!(matches!(
            qna::create_category(&t.db, "Again", "loans", 3).await,
            Err(StoreError::Conflict(_))
        ));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn most_popular_orders_by_score_plus_twice_the_answers_then_newer_first() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let a = w.ask("Question a has three up votes").await; // 3
        let b = w.ask("Question b has one answer").await; // 2
        let c = w.ask("Question c has two up votes").await; // 2, newer than b
        let d = w.ask("Question d has a down vote").await; // -1
        let e = w.ask("Question e has nothing").await; // 0
        w.votes(ItemKind::Question, a, 3, 0).await;
        w.answer_at(b, 1).await;
        w.votes(ItemKind::Question, c, 2, 0).await;
        w.votes(ItemKind::Question, d, 0, 1).await;
        assert_eq!(
            w.ids(&ALL, Sort::Popular).await,
            [a, c, b, e, d],
            "{}",
            t.name
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn most_upvotes_orders_by_upvotes_then_newer_first() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let a = w.ask("Question a has two up votes").await;
        let b = w.ask("Question b has two up, three down").await;
        let c = w.ask("Question c has many answers").await;
        let d = w.ask("Question d has one up vote").await;
        w.votes(ItemKind::Question, a, 2, 0).await;
        w.votes(ItemKind::Question, b, 2, 3).await;
        for s in 0..3 {
            w.answer_at(c, s).await;
        }
        w.votes(ItemKind::Question, d, 1, 0).await;
        assert_eq!(w.ids(&ALL, Sort::Upvotes).await, [b, a, d, c], "{}", t.name);
        assert_eq!(Sort::from_key("mv"), Some(Sort::Upvotes));
        assert_eq!(Sort::default().key(), "mp");
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_category_filter_lists_only_that_category() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let card = w.ask("Which card has no annual fee").await;
        let loan = w.ask_in(w.loans, None, "Which loan has no fee").await;
        let filter = ListFilter {
            category_id: Some(w.loans),
            offer_id: None,
        };
        for sort in [Sort::Popular, Sort::Upvotes] {
            assert_eq!(w.ids(&filter, sort).await, [loan], "{}", t.name);
        }
        let page = qna::list_questions(&t.db, &filter, Sort::Popular, 1, 10)
            .await
            .unwrap();
        assert_eq!(page.total, 1);
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [loan, card]);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_offer_filter_lists_only_that_products_questions() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let on_card = w.ask_in(w.cards, Some("card-1"), "Is card one good").await;
        let other = w.ask_in(w.cards, Some("card-2"), "Is card two good").await;
        let general = w.ask("Are cards good at all").await;
        let filter = ListFilter {
            category_id: None,
            offer_id: Some("card-1"),
        };
        assert_eq!(w.ids(&filter, Sort::Popular).await, [on_card], "{}", t.name);
        assert_eq!(w.ids(&filter, Sort::Upvotes).await, [on_card]);
        let both = ListFilter {
            category_id: Some(w.loans),
            offer_id: Some("card-1"),
        };
        assert!(w.ids(&both, Sort::Popular).await.is_empty());
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [general, other, on_card]);
        let q = w.question(on_card).await;
        assert_eq!(q.offer_id.as_deref(), Some("card-1"));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn pages_split_the_list_and_the_total_counts_every_question() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let mut ids = Vec::new();
        for n in 0..7 {
            ids.push(w.ask(&format!("Question number {n} here")).await);
        }
        ids.reverse(); // all tie: newest first
        let mut seen = Vec::new();
        for page in 1..=3 {
            let p = qna::list_questions(&t.db, &ALL, Sort::Popular, page, 3)
                .await
                .unwrap();
            assert_eq!(p.total, 7, "{}", t.name);
            assert_eq!(p.questions.len(), if page == 3 { 1 } else { 3 });
            seen.extend(p.questions.iter().map(|q| q.id));
        }
        assert_eq!(seen, ids);
        let beyond = qna::list_questions(&t.db, &ALL, Sort::Popular, 4, 3)
            .await
            .unwrap();
        assert!(beyond.questions.is_empty());
        assert_eq!(beyond.total, 7);
        // Page 0 reads as page 1.
        let zero = qna::list_questions(&t.db, &ALL, Sort::Popular, 0, 3)
            .await
            .unwrap();
        assert_eq!(zero.questions.first().map(|q| q.id), ids.first().copied());
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn hidden_questions_are_never_listed_but_can_be_read_by_id() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let shown = w
            .ask_in(w.cards, Some("card-1"), "A question that stays")
            .await;
        let gone = w
            .ask_in(w.cards, Some("card-1"), "A question that goes")
            .await;
        assert!(
            qna::hide(&t.db, w.moderator, ItemKind::Question, gone, "spam", at(2))
                .await
                .unwrap()
        );
        for filter in [
            ALL,
            ListFilter {
                category_id: Some(w.cards),
                offer_id: None,
            },
            ListFilter {
                category_id: None,
                offer_id: Some("card-1"),
            },
        ] {
            for sort in [Sort::Popular, Sort::Upvotes] {
                let page = qna::list_questions(&t.db, &filter, sort, 1, 10)
                    .await
                    .unwrap();
                let ids: Vec<_> = page.questions.iter().map(|q| q.id).collect();
                assert_eq!(ids, [shown], "{}", t.name);
                assert_eq!(page.total, 1);
            }
        }
        let q = w.question(gone).await;
        assert!(q.hidden);
        assert!(!w.question(shown).await.hidden);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_first_answer_is_the_accepted_one_then_the_best_scored_then_the_oldest() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q1 = w.ask("Question with an accepted answer").await;
        let old = w.answer_at(q1, 1).await;
        let liked = w.answer_at(q1, 2).await;
        let accepted = w.answer_at(q1, 3).await;
        w.votes(ItemKind::Answer, liked, 3, 0).await;
        w.votes(ItemKind::Answer, accepted, 0, 2).await;
        qna::accept_answer(&t.db, w.asker, q1, accepted)
            .await
            .unwrap();

        let q2 = w.ask("Question without an accepted answer").await;
        let first = w.answer_at(q2, 1).await;
        let second = w.answer_at(q2, 2).await;
        let best = w.answer_at(q2, 3).await;
        w.votes(ItemKind::Answer, best, 2, 1).await;

        let q3 = w.ask("Question with equal answers").await;
        let older = w.answer_at(q3, 1).await;
        let _newer = w.answer_at(q3, 2).await;

        let q4 = w.ask("Question without answers").await;

        let firsts = qna::first_answers(&t.db, &[q4, q3, q2, q1]).await.unwrap();
        let got: Vec<_> = firsts.iter().map(|a| (a.question_id, a.id)).collect();
        assert_eq!(got, [(q3, older), (q2, best), (q1, accepted)], "{}", t.name);
        let a1 = firsts.iter().find(|a| a.question_id == q1).unwrap();
        assert!(a1.accepted);
        assert_eq!((a1.upvotes, a1.downvotes), (0, 2));
        assert!(
            !firsts
                .iter()
                .find(|a| a.question_id == q2)
                .unwrap()
                .accepted
        );

        assert_eq!(w.answer_ids(q1).await, [accepted, liked, old]);
        assert_eq!(w.answer_ids(q2).await, [best, first, second]);
        assert!(qna::first_answers(&t.db, &[]).await.unwrap().is_empty());
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn answers_page_in_answer_order_and_leave_hidden_ones_out() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("Question with many answers").await;
        let mut ids = Vec::new();
        for s in 0..5 {
            ids.push(w.answer_at(q, s).await);
        }
        qna::hide(&t.db, w.moderator, ItemKind::Answer, ids[1], "rude", at(9))
            .await
            .unwrap();
        let page = |offset, limit| qna::answers(&t.db, q, offset, limit);
        let first: Vec<_> = page(0, 2).await.unwrap().iter().map(|a| a.id).collect();
        let second: Vec<_> = page(2, 2).await.unwrap().iter().map(|a| a.id).collect();
        let third: Vec<_> = page(4, 2).await.unwrap().iter().map(|a| a.id).collect();
        assert_eq!(first, [ids[0], ids[2]], "{}", t.name);
        assert_eq!(second, [ids[3], ids[4]]);
        assert!(third.is_empty());
        assert_eq!(w.question(q).await.answer_count, 4);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_new_vote_counts_once() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question to vote on").await;
        let a = w.answer_at(q, 1).await;
        let v = w.voters[0];
        let up = qna::vote(&t.db, v, ItemKind::Question, q, VoteValue::Up, at(2))
            .await
            .unwrap();
        assert!(up.changed, "{}", t.name);
        assert_eq!((up.upvotes, up.downvotes), (1, 0));
        let down = qna::vote(&t.db, v, ItemKind::Answer, a, VoteValue::Down, at(2))
            .await
            .unwrap();
        assert!(down.changed);
        assert_eq!((down.upvotes, down.downvotes), (0, 1));
        let mine = qna::my_votes(&t.db, v, ItemKind::Question, &[q, q + 100])
            .await
            .unwrap();
        assert_eq!(mine, [(q, VoteValue::Up)]);
        let mine = qna::my_votes(&t.db, v, ItemKind::Answer, &[a])
            .await
            .unwrap();
        assert_eq!(mine, [(a, VoteValue::Down)]);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_changed_vote_moves_both_counters() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question to vote on").await;
        let v = w.voters[0];
        qna::vote(&t.db, v, ItemKind::Question, q, VoteValue::Up, at(1))
            .await
            .unwrap();
        let down = qna::vote(&t.db, v, ItemKind::Question, q, VoteValue::Down, at(2))
            .await
            .unwrap();
        assert!(down.changed, "{}", t.name);
        assert_eq!((down.upvotes, down.downvotes), (0, 1));
        let up = qna::vote(&t.db, v, ItemKind::Question, q, VoteValue::Up, at(3))
            .await
            .unwrap();
        assert_eq!((up.upvotes, up.downvotes), (1, 0));
        let row = w.question(q).await;
        assert_eq!((row.upvotes, row.downvotes), (1, 0));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_same_vote_again_changes_nothing_and_says_so() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question to vote on").await;
        let a = w.answer_at(q, 1).await;
        w.votes(ItemKind::Question, q, 2, 1).await;
        w.votes(ItemKind::Answer, a, 1, 1).await;
        let before = w.question(q).await;
        let popular_before = w.ids(&ALL, Sort::Popular).await;
        let again = qna::vote(
            &t.db,
            w.voters[0],
            ItemKind::Question,
            q,
            VoteValue::Up,
            at(5),
        )
        .await
        .unwrap();
        assert!(!again.changed, "{}", t.name);
        assert_eq!((again.upvotes, again.downvotes), (2, 1));
        assert_eq!(w.question(q).await, before);
        assert_eq!(w.ids(&ALL, Sort::Popular).await, popular_before);
        let again = qna::vote(
            &t.db,
            w.voters[1],
            ItemKind::Answer,
            a,
            VoteValue::Down,
            at(5),
        )
        .await
        .unwrap();
        assert!(!again.changed);
        assert_eq!((again.upvotes, again.downvotes), (1, 1));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn voting_on_a_missing_item_is_an_error() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let v = w.voters[0];
        let err = qna::vote(&t.db, v, ItemKind::Question, 999, VoteValue::Up, at(1)).await;
        assert!(
            matches!(
                err,
                Err(QnaError::NotFound {
                    kind: ItemKind::Question,
                    id: 999
                })
            ),
            "{}: {err:?}",
            t.name
        );
        let err = qna::vote(&t.db, v, ItemKind::Answer, 999, VoteValue::Down, at(1)).await;
        assert!(matches!(
            err,
            Err(QnaError::NotFound {
                kind: ItemKind::Answer,
                ..
            })
        ));
        assert!(
            qna::my_votes(&t.db, v, ItemKind::Question, &[999])
                .await
                .unwrap()
                .is_empty()
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn voting_on_a_hidden_item_is_an_error() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question that gets hidden").await;
        let a = w.answer_at(q, 1).await;
        let other = w.ask("A question that stays").await;
        let hidden_answer = w.answer_at(other, 1).await;
        qna::hide(&t.db, w.moderator, ItemKind::Question, q, "spam", at(2))
            .await
            .unwrap();
        qna::hide(
            &t.db,
            w.moderator,
            ItemKind::Answer,
            hidden_answer,
            "spam",
            at(2),
        )
        .await
        .unwrap();
        let v = w.voters[0];
        let on_question = qna::vote(&t.db, v, ItemKind::Question, q, VoteValue::Up, at(3)).await;
        assert!(
            matches!(on_question, Err(QnaError::Hidden { kind: ItemKind::Question, id }) if id == q),
            "{}: {on_question:?}",
            t.name
        );
        // An answer of a hidden question cannot be voted on either.
        let on_answer = qna::vote(&t.db, v, ItemKind::Answer, a, VoteValue::Up, at(3)).await;
        assert!(matches!(on_answer, Err(QnaError::Hidden { .. })));
        let on_hidden = qna::vote(
            &t.db,
            v,
            ItemKind::Answer,
            hidden_answer,
            VoteValue::Up,
            at(3),
        )
        .await;
        assert!(
            matches!(on_hidden, Err(QnaError::Hidden { kind: ItemKind::Answer, id }) if id == hidden_answer)
        );
        assert_eq!(w.question(q).await.upvotes, 0);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn popularity_moves_with_question_votes_and_visible_answers() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let r = w.ask("The rival question").await;
        let q = w.ask("The question that moves").await;
        w.votes(ItemKind::Question, r, 3, 0).await; // rival: 3
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [r, q], "{}", t.name);
        let a = w.answer_at(q, 1).await; // q: 2
        w.votes(ItemKind::Answer, a, 4, 0).await; // answer votes do not count
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [r, q]);
        let b = w.answer_at(q, 2).await; // q: 4
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [q, r]);
        qna::hide(&t.db, w.moderator, ItemKind::Answer, b, "spam", at(3))
            .await
            .unwrap(); // q: 2
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [r, q]);
        assert_eq!(w.question(q).await.answer_count, 1);
        qna::vote(
            &t.db,
            w.voters[0],
            ItemKind::Question,
            q,
            VoteValue::Up,
            at(4),
        )
        .await
        .unwrap(); // q: 3, newer than r
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [q, r]);
        qna::vote(
            &t.db,
            w.voters[0],
            ItemKind::Question,
            q,
            VoteValue::Down,
            at(5),
        )
        .await
        .unwrap(); // q: 1
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [r, q]);
        qna::restore(&t.db, w.moderator, ItemKind::Answer, b, "fine", at(6))
            .await
            .unwrap(); // q: 3
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [q, r]);
        assert_eq!(w.question(q).await.answer_count, 2);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn only_the_asker_may_accept_an_answer_and_a_later_accept_replaces_it() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("Whose answer is right").await;
        let a = w.answer_at(q, 1).await;
        let b = w.answer_at(q, 2).await;
        let other = w.ask("Another question").await;
        let elsewhere = w.answer_at(other, 1).await;
        let refused = qna::accept_answer(&t.db, w.answerer, q, a).await;
        assert!(
            matches!(refused, Err(QnaError::NotAuthor { member_id }) if member_id == w.answerer),
            "{}: {refused:?}",
            t.name
        );
        assert_eq!(w.question(q).await.accepted_answer_id, None);
        let wrong = qna::accept_answer(&t.db, w.asker, q, elsewhere).await;
        assert!(matches!(wrong, Err(QnaError::NotAnAnswerOf { .. })));
        let missing = qna::accept_answer(&t.db, w.asker, q, 9999).await;
        assert!(matches!(missing, Err(QnaError::NotFound { .. })));
        qna::accept_answer(&t.db, w.asker, q, a).await.unwrap();
        assert_eq!(w.question(q).await.accepted_answer_id, Some(a));
        qna::accept_answer(&t.db, w.asker, q, b).await.unwrap();
        assert_eq!(w.question(q).await.accepted_answer_id, Some(b));
        assert_eq!(w.answer_ids(q).await, [b, a]);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn only_the_author_may_edit_an_answer_and_it_shows_as_edited() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question to answer").await;
        let a = w.answer_at(q, 1).await;
        let refused = qna::edit_answer(&t.db, w.asker, a, "Not mine to change at all", at(2)).await;
        assert!(
            matches!(refused, Err(QnaError::NotAuthor { .. })),
            "{}",
            t.name
        );
        let edited = qna::edit_answer(&t.db, w.answerer, a, "A better answer than before.", at(3))
            .await
            .unwrap();
        assert!(edited.edited);
        assert_eq!(edited.content, "A better answer than before.");
        assert_eq!(edited.created_at, at(1));
        let listed = &qna::answers(&t.db, q, 0, 10).await.unwrap()[0];
        assert!(listed.edited);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn answering_a_missing_or_hidden_question_is_an_error() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question that gets hidden").await;
        qna::hide(&t.db, w.moderator, ItemKind::Question, q, "spam", at(1))
            .await
            .unwrap();
        let new = |question_id| NewAnswer {
            question_id,
            author_id: w.answerer,
            content: "An answer long enough to count as one.",
        };
        let hidden = qna::create_answer(&t.db, &new(q), at(2)).await;
        assert!(matches!(hidden, Err(QnaError::Hidden { .. })), "{}", t.name);
        let missing = qna::create_answer(&t.db, &new(q + 100), at(2)).await;
        assert!(matches!(missing, Err(QnaError::NotFound { .. })));
        assert_eq!(w.question(q).await.answer_count, 0);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn search_ranks_a_title_match_above_a_match_in_the_details_only() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let in_title = w
            .ask_with_details("How do balance transfers work", "I have debt on two cards.")
            .await;
        let in_details = w
            .ask_with_details(
                "Which card should I pick",
                "I am looking at a balance transfer offer from my bank.",
            )
            .await;
        let _unrelated = w
            .ask_with_details("Is a credit score free", "Asking for me.")
            .await;
        assert_eq!(
            w.search("balance transfer").await,
            [in_title, in_details],
            "{}",
            t.name
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn search_finds_every_word_stemmed_and_applies_the_filters() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let rewards = w
            .ask_in(w.cards, Some("card-1"), "Do rewards cards charge fees")
            .await;
        let loan = w
            .ask_in(w.loans, None, "Do personal loans charge origination fees")
            .await;
        let mut both = w.search("fee").await;
        both.sort_unstable();
        assert_eq!(both, [rewards, loan], "{}", t.name);
        assert_eq!(w.search("reward card").await, [rewards]);
        assert_eq!(w.search("  LOANS   fees ").await, [loan]);
        assert!(w.search("rewards loans").await.is_empty());
        let filtered = qna::search_questions(
            &t.db,
            "fees",
            &ListFilter {
                category_id: None,
                offer_id: Some("card-1"),
            },
            1,
            10,
        )
        .await
        .unwrap();
        assert_eq!(
            filtered.questions.iter().map(|q| q.id).collect::<Vec<_>>(),
            [rewards]
        );
        assert_eq!(filtered.total, 1);
        let by_category = qna::search_questions(
            &t.db,
            "fees",
            &ListFilter {
                category_id: Some(w.loans),
                offer_id: None,
            },
            1,
            10,
        )
        .await
        .unwrap();
        assert_eq!(
            by_category
                .questions
                .iter()
                .map(|q| q.id)
                .collect::<Vec<_>>(),
            [loan]
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn search_syntax_characters_find_nothing_instead_of_failing() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        w.ask_with_details(
            "What does AND mean on a statement",
            "Quotes \" and (brackets)",
        )
        .await;
        for text in [
            "\"",
            "AND (",
            "\"unclosed",
            "title:x*",
            "-^",
            "NEAR(",
            "*",
            "''",
            "()",
            "a OR",
            "NOT",
            "é ü",
            "!!!",
        ] {
            let page = qna::search_questions(&t.db, text, &ALL, 1, 10).await;
            let page = page.unwrap_or_else(|e| panic!("{}: {text:?} failed: {e}", t.name));
            assert!(page.questions.is_empty(), "{}: {text:?}", t.name);
            assert_eq!(page.total, 0);
        }
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn search_leaves_hidden_questions_out() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let shown = w.ask("Is a secured card worth it").await;
        let gone = w.ask("Secured card scam offer").await;
        assert_eq!(w.search("secured").await.len(), 2, "{}", t.name);
        qna::hide(&t.db, w.moderator, ItemKind::Question, gone, "spam", at(1))
            .await
            .unwrap();
        assert_eq!(w.search("secured").await, [shown]);
        let page = qna::search_questions(&t.db, "secured", &ALL, 1, 10)
            .await
            .unwrap();
        assert_eq!(page.total, 1);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn search_pages_and_counts_every_match() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let mut ids = Vec::new();
        for n in 0..5 {
            ids.push(w.ask(&format!("Mortgage question number {n}")).await);
        }
        w.ask("Something else entirely").await;
        let first = qna::search_questions(&t.db, "mortgage", &ALL, 1, 2)
            .await
            .unwrap();
        let last = qna::search_questions(&t.db, "mortgage", &ALL, 3, 2)
            .await
            .unwrap();
        assert_eq!(first.total, 5, "{}", t.name);
        assert_eq!(first.questions.len(), 2);
        assert_eq!(last.total, 5);
        assert_eq!(last.questions.len(), 1);
        // Equal ranks: newer first.
        assert_eq!(last.questions[0].id, ids[0]);
        t.cleanup().await.unwrap();
    }
}

const CODE: &str = "123456";
const LIFETIME: Duration = Duration::minutes(10);

async fn pending(w: &World<'_>, email: &str) -> i64 {
    qna::create_pending(
        w.db,
        &NewPending {
            email,
            code: CODE,
            slug: "is-this-card-good",
            category_id: w.cards,
            offer_id: Some("card-9"),
            title: "Is this card any good",
            more_info: "Asking as a guest.",
        },
        LIFETIME,
        at(0),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn the_right_code_publishes_a_guest_question_once() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "  Guest@Example.TEST ").await;
        let done = qna::confirm_pending(&t.db, id, CODE, 3, at(60))
            .await
            .unwrap();
        let ConfirmOutcome::Published {
            question_id,
            member_id,
        } = done
        else {
            panic!("{}: {done:?}", t.name)
        };
        let m = members::member(&t.db, member_id).await.unwrap().unwrap();
        assert_eq!(m.email, "guest@example.test");
        assert_eq!(m.password_hash, None);
        let q = w.question(question_id).await;
        assert_eq!(q.slug, "is-this-card-good");
        assert_eq!(q.title, "Is this card any good");
        assert_eq!(q.more_info, "Asking as a guest.");
        assert_eq!(q.offer_id.as_deref(), Some("card-9"));
        assert_eq!(q.category_id, w.cards);
        assert_eq!(q.created_at, at(60));
        assert_eq!(q.author.member_id, member_id);
        assert_eq!(q.author.login, format!("member{member_id}"));
        let again = qna::confirm_pending(&t.db, id, CODE, 3, at(61))
            .await
            .unwrap();
        assert_eq!(again, ConfirmOutcome::AlreadyUsed);
        assert_eq!(
            qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 10)
                .await
                .unwrap()
                .total,
            1
        );
        // A second question from the same address goes to the same member.
        let id2 = pending(&w, "guest@example.test").await;
        let ConfirmOutcome::Published { member_id: m2, .. } =
            qna::confirm_pending(&t.db, id2, CODE, 3, at(62))
                .await
                .unwrap()
        else {
            panic!("not published")
        };
        assert_eq!(m2, member_id);
        assert_eq!(
            qna::confirm_pending(&t.db, id2 + 100, CODE, 3, at(62))
                .await
                .unwrap(),
            ConfirmOutcome::NotFound
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_guest_question_goes_to_the_existing_member_of_its_address() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "ASKER@example.test").await;
        let done = qna::confirm_pending(&t.db, id, CODE, 3, at(1))
            .await
            .unwrap();
        assert!(
            matches!(done, ConfirmOutcome::Published { member_id, .. } if member_id == w.asker),
            "{}: {done:?}",
            t.name
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn wrong_codes_count_down_then_the_code_stops_working() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "guest@example.test").await;
        for left in [2, 1, 0] {
            let got = qna::confirm_pending(&t.db, id, "654321", 3, at(1))
                .await
                .unwrap();
            assert_eq!(
                got,
                ConfirmOutcome::WrongCode {
                    attempts_left: left
                },
                "{}",
                t.name
            );
        }
        // Even the right code is refused now.
        let got = qna::confirm_pending(&t.db, id, CODE, 3, at(2))
            .await
            .unwrap();
        assert_eq!(got, ConfirmOutcome::TooManyAttempts);
        assert_eq!(
            qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 10)
                .await
                .unwrap()
                .total,
            0
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn an_expired_code_does_not_publish() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "guest@example.test").await;
        let got = qna::confirm_pending(&t.db, id, CODE, 3, at(0) + LIFETIME)
            .await
            .unwrap();
        assert_eq!(got, ConfirmOutcome::Expired, "{}", t.name);
        let just_in_time = qna::confirm_pending(&t.db, id, CODE, 3, at(599))
            .await
            .unwrap();
        assert!(matches!(just_in_time, ConfirmOutcome::Published { .. }));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_resend_resets_attempts_and_expiry_and_the_old_code_stops_working() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "Guest@example.test").await;
        for _ in 0..3 {
            qna::confirm_pending(&t.db, id, "000000", 3, at(1))
                .await
                .unwrap();
        }
        let resent = qna::resend_pending(&t.db, id, "777777", 2, LIFETIME, at(900))
            .await
            .unwrap();
        assert_eq!(
            resent,
            ResendOutcome::Resent {
                email: "guest@example.test".to_owned()
            },
            "{}",
            t.name
        );
        // Past the first code's expiry, with fresh attempts; the old code is wrong now.
        let old = qna::confirm_pending(&t.db, id, CODE, 3, at(1000))
            .await
            .unwrap();
        assert_eq!(old, ConfirmOutcome::WrongCode { attempts_left: 2 });
        let new = qna::confirm_pending(&t.db, id, "777777", 3, at(1001))
            .await
            .unwrap();
        assert!(matches!(new, ConfirmOutcome::Published { .. }), "{new:?}");
        let after = qna::resend_pending(&t.db, id, "888888", 2, LIFETIME, at(1002))
            .await
            .unwrap();
        assert_eq!(after, ResendOutcome::AlreadyUsed);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn resends_stop_after_the_limit() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let id = pending(&w, "guest@example.test").await;
        for n in 0..2 {
            let got = qna::resend_pending(&t.db, id, &format!("11111{n}"), 2, LIFETIME, at(n))
                .await
                .unwrap();
            assert!(matches!(got, ResendOutcome::Resent { .. }), "{}", t.name);
        }
        let got = qna::resend_pending(&t.db, id, "999999", 2, LIFETIME, at(5))
            .await
            .unwrap();
        assert_eq!(got, ResendOutcome::TooManyResends);
        // The last code sent still works.
        let done = qna::confirm_pending(&t.db, id, "111111", 3, at(6))
            .await
            .unwrap();
        assert!(matches!(done, ConfirmOutcome::Published { .. }));
        assert_eq!(
            qna::resend_pending(&t.db, id + 100, "1", 2, LIFETIME, at(7))
                .await
                .unwrap(),
            ResendOutcome::NotFound
        );
        t.cleanup().await.unwrap();
    }
}

fn report_of(kind: ItemKind, id: i64, page: &str) -> NewReport<'_> {
    NewReport {
        reporter_id: None,
        reporter_ip: "192.0.2.1",
        item_kind: kind,
        item_id: id,
        page_address: page,
        reason: Some("spam"),
    }
}

#[tokio::test]
async fn a_reported_item_stays_visible_and_waits_in_the_queue() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question someone dislikes").await;
        let a = w.answer_at(q, 1).await;
        qna::report(
            &t.db,
            &report_of(ItemKind::Answer, a, "/answers/one"),
            at(2),
        )
        .await
        .unwrap();
        qna::report(
            &t.db,
            &NewReport {
                reporter_id: Some(w.voters[0]),
                ..report_of(ItemKind::Answer, a, "/answers/two")
            },
            at(3),
        )
        .await
        .unwrap();
        qna::report(&t.db, &report_of(ItemKind::Question, q, "/card-1"), at(4))
            .await
            .unwrap();
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [q], "{}", t.name);
        assert_eq!(w.answer_ids(q).await, [a]);
        let queue = qna::moderation_queue(&t.db, 10).await.unwrap();
        assert_eq!(queue.len(), 2);
        assert_eq!(
            (queue[0].item_kind, queue[0].item_id),
            (ItemKind::Question, q)
        );
        assert_eq!(queue[0].text, "A question someone dislikes");
        assert_eq!(queue[0].reports, 1);
        assert_eq!(
            (queue[1].item_kind, queue[1].item_id),
            (ItemKind::Answer, a)
        );
        assert_eq!(queue[1].reports, 2);
        assert_eq!(queue[1].latest_page_address, "/answers/two");
        assert_eq!(queue[1].latest_reported_at, at(3));
        assert_eq!(queue[1].text, "An answer long enough to count as one.");
        assert!(!queue[1].hidden);
        let missing = qna::report(&t.db, &report_of(ItemKind::Answer, a + 100, "/x"), at(5)).await;
        assert!(matches!(missing, Err(QnaError::NotFound { .. })));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn hiding_removes_the_item_resolves_its_reports_and_is_logged() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question with a rude answer").await;
        let a = w.answer_at(q, 1).await;
        qna::report(&t.db, &report_of(ItemKind::Answer, a, "/answers/q"), at(2))
            .await
            .unwrap();
        let refused = qna::hide(&t.db, w.asker, ItemKind::Answer, a, "rude", at(3)).await;
        assert!(
            matches!(refused, Err(QnaError::NotModerator { .. })),
            "{}",
            t.name
        );
        assert!(
            qna::hide(&t.db, w.moderator, ItemKind::Answer, a, "rude", at(3))
                .await
                .unwrap()
        );
        assert!(w.answer_ids(q).await.is_empty());
        assert!(qna::first_answers(&t.db, &[q]).await.unwrap().is_empty());
        assert_eq!(w.question(q).await.answer_count, 0);
        assert!(qna::moderation_queue(&t.db, 10).await.unwrap().is_empty());
        // Hiding again changes nothing but is logged.
        assert!(
            !qna::hide(&t.db, w.moderator, ItemKind::Answer, a, "rude", at(4))
                .await
                .unwrap()
        );
        assert_eq!(w.question(q).await.answer_count, 0);
        let log = qna::moderation_log(&t.db, 10).await.unwrap();
        assert_eq!(log.len(), 2);
        assert_eq!(log[1].action, ModerationAction::Hide);
        assert_eq!((log[1].item_kind, log[1].item_id), (ItemKind::Answer, a));
        assert_eq!(log[1].moderator_id, w.moderator);
        assert_eq!(log[1].reason, "rude");
        assert_eq!(log[1].created_at, at(3));
        let missing = qna::hide(&t.db, w.moderator, ItemKind::Question, q + 100, "x", at(5)).await;
        assert!(matches!(missing, Err(QnaError::NotFound { .. })));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn restoring_brings_the_item_back_and_is_logged() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("A question hidden by mistake").await;
        w.answer_at(q, 1).await;
        qna::hide(&t.db, w.moderator, ItemKind::Question, q, "spam", at(2))
            .await
            .unwrap();
        assert!(w.ids(&ALL, Sort::Popular).await.is_empty(), "{}", t.name);
        qna::report(
            &t.db,
            &report_of(ItemKind::Question, q, "/answers/q"),
            at(3),
        )
        .await
        .unwrap();
        let queued = qna::moderation_queue(&t.db, 10).await.unwrap();
        assert!(queued[0].hidden);
        assert!(
            qna::restore(&t.db, w.moderator, ItemKind::Question, q, "not spam", at(4))
                .await
                .unwrap()
        );
        assert_eq!(w.ids(&ALL, Sort::Popular).await, [q]);
        assert_eq!(w.search("mistake").await, [q]);
        let row = w.question(q).await;
        assert!(!row.hidden);
        assert_eq!(row.answer_count, 1);
        assert!(qna::moderation_queue(&t.db, 10).await.unwrap().is_empty());
        let log = qna::moderation_log(&t.db, 10).await.unwrap();
        let actions: Vec<_> = log.iter().map(|e| (e.action, e.reason.as_str())).collect();
        assert_eq!(
            actions,
            [
                (ModerationAction::Restore, "not spam"),
                (ModerationAction::Hide, "spam")
            ]
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_members_profile_and_role_show_on_their_answers() {
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("Who answers this").await;
        w.answer_at(q, 1).await;
        let before = &qna::answers(&t.db, q, 0, 1).await.unwrap()[0].author;
        assert_eq!(before.login, format!("member{}", w.answerer), "{}", t.name);
        assert!(!before.expert);
        assert_eq!(
            store::members::profile::role(&t.db, w.answerer)
                .await
                .unwrap(),
            Some(Role::Member)
        );
        store::members::profile::set_profile(
            &t.db,
            w.answerer,
            Some("jane"),
            Some("Jane Doe"),
            Some("Credit expert"),
            Some("https://img.example/jane.png"),
        )
        .await
        .unwrap();
        store::members::profile::set_role(&t.db, w.answerer, Role::Staff)
            .await
            .unwrap();
        let after = qna::first_answers(&t.db, &[q]).await.unwrap()[0]
            .author
            .clone();
        assert_eq!(after.member_id, w.answerer);
        assert_eq!(after.login, "jane");
        assert_eq!(after.name.as_deref(), Some("Jane Doe"));
        assert_eq!(after.title.as_deref(), Some("Credit expert"));
        assert_eq!(
            after.avatar.as_deref(),
            Some("https://img.example/jane.png")
        );
        assert!(after.expert);
        assert_eq!(
            store::members::profile::role(&t.db, w.answerer)
                .await
                .unwrap(),
            Some(Role::Staff)
        );
        let m = members::member(&t.db, w.answerer).await.unwrap().unwrap();
        assert_eq!((m.login.as_deref(), m.role), (Some("jane"), Role::Staff));
        let taken =
            store::members::profile::set_profile(&t.db, w.asker, Some("jane"), None, None, None)
                .await;
        assert!(matches!(taken, Err(StoreError::Conflict(_))));
        let unknown = store::members::profile::set_role(&t.db, 9999, Role::Moderator).await;
        assert!(matches!(unknown, Err(StoreError::NotFound(_))));
        assert_eq!(
            store::members::profile::role(&t.db, 9999).await.unwrap(),
            None
        );
        t.cleanup().await.unwrap();
    }
}

fn sample() -> CommunityFixture {
    serde_json::from_value(serde_json::json!({
        "source": "Sample questions written for the tests",
        "categories": [
            {"id": 7, "name": "Credit cards", "slug": "credit-cards"},
            {"id": 3, "name": "Loans", "slug": "loans"}
        ],
        "authors": [
            {"login": "ann", "name": "Ann", "title": null, "avatar": null, "staff": false},
            {"login": "expert", "name": "Eve Expert", "title": "Editor",
             "avatar": "https://img.example/eve.png", "staff": true},
            {"login": "bob", "name": "Bob", "title": "Reader", "avatar": null, "staff": false}
        ],
        "questions": [
            {"id": 101, "category_id": 7, "offer_id": "card-1",
             "title": "Is card one worth the fee", "more_info": "It costs 95 a year.",
             "author": "ann", "created_at": "2024-01-02T03:04:05Z",
             "upvotes": 4, "downvotes": 1,
             "answers": [
                {"id": 501, "author": "bob", "content": "Only if you travel a lot, I think.",
                 "created_at": "2024-01-03T00:00:00Z", "upvotes": 5, "downvotes": 0,
                 "accepted": false, "edited": true},
                {"id": 502, "author": "expert", "content": "Count the credits you would use.",
                 "created_at": "2024-01-04T00:00:00Z", "upvotes": 1, "downvotes": 0,
                 "accepted": true, "edited": false}
             ]},
            {"id": 102, "category_id": 3, "offer_id": null,
             "title": "How fast are personal loans funded", "more_info": "",
             "author": "bob", "created_at": "2024-02-01T00:00:00Z",
             "upvotes": 0, "downvotes": 0, "answers": []},
            {"id": 103, "category_id": 7, "offer_id": null,
             "title": "Does a balance transfer hurt my score", "more_info": "Asking first.",
             "author": "ann", "created_at": "2024-03-01T00:00:00Z",
             "upvotes": 2, "downvotes": 0,
             "answers": [
                {"id": 503, "author": "expert", "content": "A little, for a short while.",
                 "created_at": "2024-03-02T00:00:00Z", "upvotes": 0, "downvotes": 0,
                 "accepted": false, "edited": false}
             ]}
        ]
    }))
    .unwrap()
}

fn slug(title: &str) -> String {
    title.to_lowercase().replace(' ', "-")
}

#[tokio::test]
async fn the_community_fixture_loads_once_with_its_ids_and_counts() {
    for t in testing::all().await.unwrap() {
        let fixture = sample();
        assert!(
            qna::load_community(&t.db, &fixture, slug).await.unwrap(),
            "{}",
            t.name
        );
        let cats: Vec<_> = qna::categories(&t.db)
            .await
            .unwrap()
            .into_iter()
            .map(|c| (c.id, c.slug))
            .collect();
        assert_eq!(
            cats,
            [(7, "credit-cards".to_owned()), (3, "loans".to_owned())]
        );
        let page = qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 10)
            .await
            .unwrap();
        let ids: Vec<_> = page.questions.iter().map(|q| q.id).collect();
        // 101: 3 + 2×2 = 7; 103: 2 + 2 = 4; 102: 0.
        assert_eq!(ids, [101, 103, 102]);
        let q = &page.questions[0];
        assert_eq!((q.upvotes, q.downvotes, q.answer_count), (4, 1, 2));
        assert_eq!(q.accepted_answer_id, Some(502));
        assert_eq!(q.slug, "is-card-one-worth-the-fee");
        assert_eq!(q.author.login, "ann");
        assert_eq!(
            q.created_at,
            Utc.with_ymd_and_hms(2024, 1, 2, 3, 4, 5).unwrap()
        );
        let answers = qna::answers(&t.db, 101, 0, 10).await.unwrap();
        let order: Vec<_> = answers
            .iter()
            .map(|a| (a.id, a.accepted, a.edited))
            .collect();
        assert_eq!(order, [(502, true, false), (501, false, true)]);
        assert!(answers[0].author.expert);
        assert_eq!(answers[0].author.title.as_deref(), Some("Editor"));
        let eve = members::member_by_email(&t.db, "expert@sample.plainrate.invalid")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(eve.role, Role::Staff);
        assert_eq!(eve.password_hash, None);

        // The second load does nothing.
        assert!(!qna::load_community(&t.db, &fixture, slug).await.unwrap());
        let again = qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 10)
            .await
            .unwrap();
        assert_eq!(again, page);

        // New rows get ids after the fixture's.
        let id = qna::create_question(
            &t.db,
            &NewQuestion {
                category_id: 3,
                offer_id: None,
                slug: "new",
                title: "A brand new question",
                more_info: "",
                author_id: eve.id,
            },
            at(0),
        )
        .await
        .unwrap();
        assert!(id > 103, "{id}");
        let answer = qna::create_answer(
            &t.db,
            &NewAnswer {
                question_id: id,
                author_id: eve.id,
                content: "An answer to the new question here.",
            },
            at(1),
        )
        .await
        .unwrap();
        assert!(answer.id > 503);
        assert!(
            qna::create_category(&t.db, "More", "more", 9)
                .await
                .unwrap()
                > 7
        );
        assert_eq!(
            qna::search_questions(&t.db, "balance transfer", &ALL, 1, 10)
                .await
                .unwrap()
                .questions[0]
                .id,
            103
        );
        t.cleanup().await.unwrap();
    }
}

/// A fixture whose one author stands for the FiQA source.
fn sourced() -> CommunityFixture {
    serde_json::from_value(serde_json::json!({
        "source": "From a public source",
        "categories": [{"id": 1, "name": "Credit cards", "slug": "credit-cards"}],
        "authors": [{"login": "fiqa", "name": "Personal Finance & Money Stack Exchange",
                     "staff": false, "source": "fiqa"}],
        "questions": [
            {"id": 1, "category_id": 1, "offer_id": null,
             "title": "Is a card fee ever worth it", "author": "fiqa",
             "answers": [{"id": 1, "author": "fiqa", "content": "Only when the credits pay it back."}]}
        ]
    }))
    .unwrap()
}

#[tokio::test]
async fn a_sources_text_loads_under_its_account_with_no_votes_and_the_loading_time() {
    for t in testing::all().await.unwrap() {
        let before = Utc::now() - Duration::seconds(1);
        assert!(qna::load_community(&t.db, &sourced(), slug).await.unwrap());
        let page = qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 10)
            .await
            .unwrap();
        let q = &page.questions[0];
        assert_eq!(q.author.source.as_deref(), Some("fiqa"), "{}", t.name);
        assert!(!q.author.expert);
        assert_eq!((q.upvotes, q.downvotes, q.accepted_answer_id), (0, 0, None));
        assert!(q.created_at >= before, "{}", t.name);
        let answers = qna::answers(&t.db, 1, 0, 10).await.unwrap();
        assert_eq!(answers[0].author.source.as_deref(), Some("fiqa"));
        assert!(!answers[0].edited && !answers[0].accepted);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_sources_text_with_a_date_votes_or_an_unknown_source_loads_nothing() {
    let mut dated = sourced();
    dated.questions[0].created_at = Some(Utc.with_ymd_and_hms(2024, 1, 2, 3, 4, 5).unwrap());
    let mut voted = sourced();
    voted.questions[0].answers[0].upvotes = 3;
    let mut accepted = sourced();
    accepted.questions[0].answers[0].accepted = true;
    let mut unknown = sourced();
    unknown.authors[0].source = Some("nowhere".to_owned());
    let mut staff = sourced();
    staff.authors[0].staff = true;
    for t in testing::all().await.unwrap() {
        for fixture in [&dated, &voted, &accepted, &unknown, &staff] {
            let err = qna::load_community(&t.db, fixture, slug).await;
            assert!(
                matches!(err, Err(StoreError::Fixture(_))),
                "{}: {err:?}",
                t.name
            );
            assert!(qna::categories(&t.db).await.unwrap().is_empty());
        }
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_fixture_naming_an_unknown_author_loads_nothing() {
    for t in testing::all().await.unwrap() {
        let mut fixture = sample();
        fixture.questions[1].author = "nobody".to_owned();
        let err = qna::load_community(&t.db, &fixture, slug).await;
        assert!(
            matches!(err, Err(StoreError::Fixture(_))),
            "{}: {err:?}",
            t.name
        );
        assert!(qna::categories(&t.db).await.unwrap().is_empty());
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_bulk_seed_adds_consistent_questions_and_answers() {
    for t in testing::all().await.unwrap() {
        let report = qna::seed_bulk(&t.db, 300, 3, at(0)).await.unwrap();
        assert_eq!((report.questions, report.answers), (300, 900), "{}", t.name);
        let page = qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 5)
            .await
            .unwrap();
        assert_eq!(page.total, 300);
        for q in &page.questions {
            assert_eq!(q.answer_count, 3);
        }
        let top = page.questions[0].id;
        assert_eq!(qna::answers(&t.db, top, 0, 10).await.unwrap().len(), 3);
        let found = qna::search_questions(&t.db, "credit", &ALL, 1, 5)
            .await
            .unwrap();
        assert!(found.total > 0);
        let more = qna::seed_bulk(&t.db, 10, 1, at(0)).await.unwrap();
        assert_eq!(more.questions, 10);
        assert_eq!(
            qna::list_questions(&t.db, &ALL, Sort::Popular, 1, 5)
                .await
                .unwrap()
                .total,
            310
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn the_search_index_follows_changed_and_deleted_questions() {
    use sea_orm::ConnectionTrait;
    for t in testing::all().await.unwrap() {
        let w = world(&t.db).await;
        let q = w.ask("Original wording about mortgages").await;
        let gone = w.ask("Another mortgage question").await;
        w.votes(ItemKind::Question, q, 2, 0).await;
        assert_eq!(w.search("mortgage").await, [gone, q], "{}", t.name);
        t.db.execute_unprepared(&format!(
            "UPDATE qna_questions SET title = 'Reworded about pensions' WHERE id = {q}"
        ))
        .await
        .unwrap();
        t.db.execute_unprepared(&format!("DELETE FROM qna_questions WHERE id = {gone}"))
            .await
            .unwrap();
        assert!(w.search("mortgage").await.is_empty());
        assert_eq!(w.search("pension").await, [q]);
        t.cleanup().await.unwrap();
    }
}

/// Whether a benchmark text holds every one of `words` (its words are plain English ones
/// that stem to themselves).
fn holds_words(text: &str, words: &[&str]) -> bool {
    words.iter().all(|word| text.split(' ').any(|w| w == *word))
}

#[tokio::test]
async fn a_broad_search_lists_title_matches_first_then_the_rest_newest_first() {
    for t in testing::all().await.unwrap() {
        qna::seed_bulk(&t.db, 5_000, 0, at(0)).await.unwrap();
        let mut every = Vec::new();
        for page in 1..=10 {
            let list = qna::list_questions(&t.db, &ALL, Sort::Popular, page, 500);
            every.extend(list.await.unwrap().questions);
        }
        assert_eq!(every.len(), 5_000, "{}", t.name);
        let words = ["credit", "card"];
        let in_title = |q: &qna::QuestionRow| holds_words(&q.title, &words);
        let matches =
            |q: &qna::QuestionRow| holds_words(&format!("{} {}", q.title, q.more_info), &words);
        let newest_first = |mut ids: Vec<i64>| {
            ids.sort_unstable_by(|a, b| b.cmp(a));
            ids
        };
        let want_title = newest_first(every.iter().filter(|q| in_title(q)).map(|q| q.id).collect());
        let want_rest = newest_first(
            every
                .iter()
                .filter(|q| matches(q) && !in_title(q))
                .map(|q| q.id)
                .collect(),
        );

        let totals = qna::search_totals(&t.db, "Credit cards?", &ALL)
            .await
            .unwrap();
        assert!(
            totals.all > qna::RANKED_SEARCH_MAX,
            "{}: {totals:?}",
            t.name
        );
        assert_eq!(totals.all as usize, want_title.len() + want_rest.len());
        assert_eq!(totals.in_title as usize, want_title.len());
        // Pages of 70 cross the line between the two parts inside a page.
        assert!(
            totals.in_title > 70 && totals.in_title % 70 != 0,
            "{totals:?}"
        );
        let mut found = Vec::new();
        for page in 1.. {
            let rows = qna::search_page(&t.db, "credit card", &ALL, totals, page, 70)
                .await
                .unwrap();
            if rows.is_empty() {
                break;
            }
            found.extend(rows.iter().map(|q| q.id));
        }
        let want: Vec<i64> = want_title.into_iter().chain(want_rest).collect();
        assert_eq!(found, want, "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_narrow_search_ranks_every_match() {
    for t in testing::all().await.unwrap() {
        qna::seed_bulk(&t.db, 3_000, 0, at(0)).await.unwrap();
        let text = "airline hotel gas";
        let totals = qna::search_totals(&t.db, text, &ALL).await.unwrap();
        assert!(
            totals.all > 0 && totals.all <= qna::RANKED_SEARCH_MAX,
            "{}: {totals:?}",
            t.name
        );
        assert_eq!(totals.in_title, 0, "not counted for a ranked search");
        let per_page = u32::try_from(totals.all).unwrap();
        let page = qna::search_page(&t.db, text, &ALL, totals, 1, per_page)
            .await
            .unwrap();
        assert_eq!(page.len() as u64, totals.all);
        let words = ["airline", "hotel", "gas"];
        let title_matches = page
            .iter()
            .filter(|q| holds_words(&q.title, &words))
            .count();
        assert!(
            title_matches > 0 && title_matches < page.len(),
            "{}",
            t.name
        );
        // Ranked (bm25 / ts_rank), so neither by age nor in a broad search's order.
        let ids: Vec<i64> = page.iter().map(|q| q.id).collect();
        let mut newest_first = ids.clone();
        newest_first.sort_unstable_by(|a, b| b.cmp(a));
        let (mut tiers, rest): (Vec<i64>, Vec<i64>) = newest_first.iter().partition(|id| {
            page.iter()
                .any(|q| q.id == **id && holds_words(&q.title, &words))
        });
        tiers.extend(rest);
        assert_ne!(ids, newest_first, "{}: ranked, not by age", t.name);
        assert_ne!(ids, tiers, "{}: ranked, not by tier", t.name);
        t.cleanup().await.unwrap();
    }
}
