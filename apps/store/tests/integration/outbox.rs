//! The outbox's delivery record: claiming due e-mails, recording each attempt, and several
//! senders at once never holding one row together, on every backend.

use std::collections::BTreeSet;

use sea_orm::DatabaseConnection;
use store::outbox::{self, Channel, DeliveryState, NewMessage, Outcome};
use store::testing;

use crate::common::at;

fn email(key: &str) -> NewMessage {
    NewMessage {
        channel: Channel::Email,
        recipient: format!("{key}@example.test"),
        subject: Some("Your code".into()),
        body: "Your code is 123456.".into(),
        idempotency_key: key.into(),
        list: None,
    }
}

/// Claims in a write transaction, as the sender does.
async fn claim(db: &DatabaseConnection, now: i64, limit: u64) -> Vec<outbox::Message> {
    let txn = store::begin_write(db).await.unwrap();
    let claimed = outbox::claim_due(&txn, Channel::Email, at(now), at(now + 60), limit)
        .await
        .unwrap();
    txn.commit().await.unwrap();
    claimed
}

fn keys(messages: &[outbox::Message]) -> Vec<&str> {
    messages
        .iter()
        .map(|m| m.idempotency_key.as_str())
        .collect()
}

#[tokio::test]
async fn a_claimed_email_is_held_until_its_claim_ends_and_each_outcome_is_kept() {
    for t in testing::all().await.unwrap() {
        for key in ["a", "b", "c"] {
            outbox::enqueue(&t.db, email(key), at(0)).await.unwrap();
        }
        let sms = NewMessage {
            channel: Channel::Sms,
            recipient: "5551234567".into(),
            subject: None,
            body: "hi".into(),
            idempotency_key: "sms".into(),
            list: None,
        };
        outbox::enqueue(&t.db, sms, at(0)).await.unwrap();
        let fresh = outbox::all(&t.db).await.unwrap();
        assert!(
            fresh
                .iter()
                .all(|m| m.delivery.state == DeliveryState::Queued && m.delivery.attempts == 0)
        );

        // Oldest first, e-mails only, one attempt counted each.
        let first = claim(&t.db, 1, 2).await;
        assert_eq!(keys(&first), ["a", "b"], "{}", t.name);
        assert!(first.iter().all(|m| m.delivery.attempts == 1));
        // Held: a second sender gets only what is left.
        assert_eq!(keys(&claim(&t.db, 2, 10).await), ["c"], "{}", t.name);
        assert!(claim(&t.db, 3, 10).await.is_empty());

        let id = |key: &str, all: &[outbox::Message]| {
            all.iter().find(|m| m.idempotency_key == key).unwrap().id
        };
        let all = outbox::all(&t.db).await.unwrap();
        // Each claim is recorded against its own end: a and b were claimed until 61, c
        // until 62.
        assert!(
            outbox::record(&t.db, id("a", &all), at(61), &Outcome::Sent, at(4))
                .await
                .unwrap()
        );
        let retry = Outcome::Retry {
            error: "451 try later".into(),
            retry_at: at(100),
        };
        assert!(
            outbox::record(&t.db, id("b", &all), at(61), &retry, at(4))
                .await
                .unwrap()
        );
        // A late sender whose claim has gone cannot overwrite a recorded result.
        assert!(
            !outbox::record(&t.db, id("a", &all), at(61), &retry, at(5))
                .await
                .unwrap()
        );
        let failed = Outcome::Failed {
            error: "550 refused".into(),
        };
        assert!(
            outbox::record(&t.db, id("c", &all), at(62), &failed, at(4))
                .await
                .unwrap()
        );

        let all = outbox::all(&t.db).await.unwrap();
        let delivery = |key: &str| {
            all.iter()
                .find(|m| m.idempotency_key == key)
                .unwrap()
                .delivery
                .clone()
        };
        assert_eq!(delivery("a").state, DeliveryState::Sent, "{}", t.name);
        assert_eq!(delivery("a").sent_at, Some(at(4)));
        assert_eq!(delivery("b").state, DeliveryState::Queued);
        assert_eq!(delivery("b").last_error.as_deref(), Some("451 try later"));
        assert_eq!(delivery("b").next_attempt_at, Some(at(100)));
        assert_eq!(delivery("c").state, DeliveryState::Failed);
        assert_eq!(delivery("c").last_error.as_deref(), Some("550 refused"));
        assert_eq!(delivery("sms").attempts, 0, "text messages are not claimed");

        // The retried one is not due before its time, then is, with its second attempt.
        assert!(claim(&t.db, 99, 10).await.is_empty());
        let again = claim(&t.db, 100, 10).await;
        assert_eq!(keys(&again), ["b"], "{}", t.name);
        assert_eq!(again[0].delivery.attempts, 2);
        // A sender that dies holding it: the claim runs out and the row is due again.
        assert!(claim(&t.db, 159, 10).await.is_empty());
        let after_crash = claim(&t.db, 160, 10).await;
        assert_eq!(keys(&after_crash), ["b"], "{}", t.name);
        assert_eq!(after_crash[0].delivery.attempts, 3);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_senders_at_once_never_claim_one_email_together() {
    for t in testing::all().await.unwrap() {
        let count = 60;
        for n in 0..count {
            outbox::enqueue(&t.db, email(&format!("m{n:03}")), at(0))
                .await
                .unwrap();
        }
        let senders: Vec<_> = (0..4)
            .map(|_| {
                let db = t.db.clone();
                tokio::spawn(async move {
                    let mut mine = Vec::new();
                    loop {
                        let batch = claim(&db, 1, 3).await;
                        if batch.is_empty() {
                            return mine;
                        }
                        mine.extend(batch.into_iter().map(|m| m.id));
                        tokio::task::yield_now().await;
                    }
                })
            })
            .collect();
        let mut claimed = Vec::new();
        for sender in senders {
            claimed.extend(sender.await.unwrap());
        }
        let distinct: BTreeSet<i64> = claimed.iter().copied().collect();
        assert_eq!(
            claimed.len(),
            count,
            "{}: a row was claimed twice or missed",
            t.name
        );
        assert_eq!(distinct.len(), count, "{}", t.name);
        let all = outbox::all(&t.db).await.unwrap();
        assert!(all.iter().all(|m| m.delivery.attempts == 1), "{}", t.name);
        t.cleanup().await.unwrap();
    }
}
