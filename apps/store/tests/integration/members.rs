//! Members, sessions, sign-in codes, the outbox and the rate-limit counters, on every
//! backend.

use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::{ConnectionTrait, Statement, TransactionTrait};
use store::StoreError;
use store::limits as rate_limit;
use store::members::{
    self, NewMember, SESSION_ABSOLUTE, SESSION_IDLE, SESSION_TOUCH, SessionKind, sign_in_codes,
    token,
};
use store::outbox;
use store::testing;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap()
}

fn new(email: &str) -> NewMember {
    NewMember {
        email: email.to_owned(),
        password_hash: Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned()),
        name: Some("Ada".to_owned()),
    }
}

const FULL: SessionKind = SessionKind {
    delegated: false,
    full: true,
};

#[tokio::test]
async fn members_are_stored_lowercased_and_unique() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("  Ada@Example.COM "))
            .await
            .unwrap();
        let m = members::member(&t.db, id).await.unwrap().unwrap();
        assert_eq!(m.email, "ada@example.com", "{}", t.name);
        assert_eq!(m.plan, "basic");
        assert_eq!(m.name.as_deref(), Some("Ada"));
        assert!(!m.private_info_opt_out);
        assert_eq!(m.group_id, None);
        let by_email = members::member_by_email(&t.db, "ADA@example.com")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(by_email.id, id);
        let again = members::create_member(&t.db, new("ada@EXAMPLE.com")).await;
        assert!(matches!(again, Err(StoreError::Conflict(_))), "{again:?}");
        let light = members::create_member(
            &t.db,
            NewMember {
                email: "light@example.com".into(),
                password_hash: None,
                name: None,
            },
        )
        .await
        .unwrap();
        assert_ne!(light, id);
        let l = members::member(&t.db, light).await.unwrap().unwrap();
        assert_eq!((l.password_hash, l.name), (None, None));
        assert!(members::member(&t.db, light + 100).await.unwrap().is_none());
        assert!(matches!(
            members::create_member(&t.db, new("   ")).await,
            Err(StoreError::InvalidData(_))
        ));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn private_info_opt_out_is_set_and_cleared() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("p@example.com"))
            .await
            .unwrap();
        members::set_private_info_opt_out(&t.db, id, true)
            .await
            .unwrap();
        assert!(
            members::member(&t.db, id)
                .await
                .unwrap()
                .unwrap()
                .private_info_opt_out
        );
        members::set_private_info_opt_out(&t.db, id, false)
            .await
            .unwrap();
        assert!(
            !members::member(&t.db, id)
                .await
                .unwrap()
                .unwrap()
                .private_info_opt_out
        );
        assert!(matches!(
            members::set_private_info_opt_out(&t.db, id + 1, true).await,
            Err(StoreError::NotFound(_))
        ));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn sessions_store_only_a_digest_and_resolve_to_their_member() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("s@example.com"))
            .await
            .unwrap();
        let token = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        assert!(token::is_well_formed(&token), "{token}");
        let other = members::create_session(
            &t.db,
            id,
            SessionKind {
                delegated: true,
                full: false,
            },
            t0(),
        )
        .await
        .unwrap();
        assert_ne!(token, other);
        // The token itself is nowhere in the table.
        let rows =
            t.db.query_all_raw(Statement::from_string(
                t.db.get_database_backend(),
                "SELECT token_hash FROM sessions".to_owned(),
            ))
            .await
            .unwrap();
        let stored: Vec<String> = rows
            .iter()
            .map(|r| r.try_get_by_index::<String>(0).unwrap())
            .collect();
        assert_eq!(stored.len(), 2);
        assert!(!stored.contains(&token) && !stored.contains(&other));
        assert!(stored.contains(&token::digest(&token)));

        let s = members::session(&t.db, &token, t0())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.member.id, id, "{}", t.name);
        assert!(s.full && !s.delegated);
        assert_eq!(s.token_hash, token::digest(&token));
        assert_eq!(s.expires_at, t0() + SESSION_ABSOLUTE);
        let d = members::session(&t.db, &other, t0())
            .await
            .unwrap()
            .unwrap();
        assert!(d.delegated && !d.full);

        for bad in ["", "nope", &token.to_uppercase(), &token::new_token()] {
            assert!(members::session(&t.db, bad, t0()).await.unwrap().is_none());
        }
        assert!(matches!(
            members::create_session(&t.db, id + 99, FULL, t0()).await,
            Err(StoreError::NotFound(_))
        ));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn sessions_end_when_idle_at_their_absolute_end_and_when_revoked() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("e@example.com"))
            .await
            .unwrap();
        // Idle: live one second before 7 days without use, gone at 7 days.
        let idle = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        let almost = t0() + SESSION_IDLE - Duration::seconds(1);
        assert!(
            members::session(&t.db, &idle, almost)
                .await
                .unwrap()
                .is_some()
        );
        // That use moved the idle clock (it was more than an hour old).
        let later = almost + SESSION_IDLE - Duration::seconds(1);
        let s = members::session(&t.db, &idle, later)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.last_seen_at, later);
        assert!(
            members::session(&t.db, &idle, later + SESSION_IDLE)
                .await
                .unwrap()
                .is_none(),
            "{}",
            t.name
        );
        // Gone for good, not only at that instant.
        assert!(
            members::session(&t.db, &idle, later)
                .await
                .unwrap()
                .is_none()
        );

        // The last use is written at most once an hour.
        let touch = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        let s = members::session(&t.db, &touch, t0() + SESSION_TOUCH - Duration::seconds(1))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.last_seen_at, t0());
        let s = members::session(&t.db, &touch, t0() + SESSION_TOUCH)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.last_seen_at, t0() + SESSION_TOUCH);

        // Absolute: used every day, still gone at 30 days.
        let busy = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        for day in 1..30 {
            assert!(
                members::session(&t.db, &busy, t0() + Duration::days(day))
                    .await
                    .unwrap()
                    .is_some(),
                "day {day}"
            );
        }
        assert!(
            members::session(&t.db, &busy, t0() + SESSION_ABSOLUTE)
                .await
                .unwrap()
                .is_none()
        );

        // Revoked.
        let gone = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        assert!(members::revoke_session(&t.db, &gone).await.unwrap());
        assert!(!members::revoke_session(&t.db, &gone).await.unwrap());
        assert!(
            members::session(&t.db, &gone, t0())
                .await
                .unwrap()
                .is_none()
        );
        assert!(!members::revoke_session(&t.db, "x").await.unwrap());

        // Every session of a member, and pruning.
        let a = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        let _b = members::create_session(&t.db, id, FULL, t0() - Duration::days(40))
            .await
            .unwrap();
        assert_eq!(members::prune_sessions(&t.db, t0()).await.unwrap(), 1);
        assert!(members::session_count(&t.db, id).await.unwrap() >= 2);
        assert!(members::revoke_member_sessions(&t.db, id).await.unwrap() >= 2);
        assert_eq!(members::session_count(&t.db, id).await.unwrap(), 0);
        assert!(members::session(&t.db, &a, t0()).await.unwrap().is_none());
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn rate_limit_counts_per_key_and_window_and_resets() {
    for t in testing::all().await.unwrap() {
        let minute = Duration::minutes(1);
        let at = t0() + Duration::seconds(5);
        for expected in 1..=7 {
            assert_eq!(
                rate_limit::hit(&t.db, "k", minute, at).await.unwrap(),
                expected,
                "{}",
                t.name
            );
        }
        // Same window, later instant.
        assert_eq!(
            rate_limit::hit(&t.db, "k", minute, t0() + Duration::seconds(59))
                .await
                .unwrap(),
            8
        );
        assert_eq!(rate_limit::peek(&t.db, "k", minute, at).await.unwrap(), 8);
        // Another key, another window length, a new window.
        assert_eq!(
            rate_limit::hit(&t.db, "other", minute, at).await.unwrap(),
            1
        );
        assert_eq!(
            rate_limit::hit(&t.db, "k", Duration::minutes(2), at)
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            rate_limit::hit(&t.db, "k", minute, t0() + minute)
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            rate_limit::peek(&t.db, "k", minute, t0() + minute * 5)
                .await
                .unwrap(),
            0
        );
        // Windows line up on multiples of their length.
        assert_eq!(
            rate_limit::window_start(Duration::minutes(10), t0() + Duration::minutes(17)).unwrap(),
            t0() + Duration::minutes(10)
        );
        assert!(
            rate_limit::hit(&t.db, "k", Duration::zero(), at)
                .await
                .is_err()
        );
        assert!(rate_limit::window_start(Duration::milliseconds(10), at).is_err());
        // Pruning removes old windows only.
        assert_eq!(rate_limit::prune(&t.db, t0() + minute).await.unwrap(), 3);
        assert_eq!(
            rate_limit::peek(&t.db, "k", minute, t0() + minute)
                .await
                .unwrap(),
            1
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn rate_limit_works_inside_a_transaction_and_rolls_back_with_it() {
    for t in testing::all().await.unwrap() {
        let w = Duration::hours(1);
        let txn = t.db.begin().await.unwrap();
        assert_eq!(rate_limit::hit(&txn, "tx", w, t0()).await.unwrap(), 1);
        assert_eq!(rate_limit::hit(&txn, "tx", w, t0()).await.unwrap(), 2);
        txn.rollback().await.unwrap();
        assert_eq!(rate_limit::peek(&t.db, "tx", w, t0()).await.unwrap(), 0);
        let txn = t.db.begin().await.unwrap();
        assert_eq!(rate_limit::hit(&txn, "tx", w, t0()).await.unwrap(), 1);
        txn.commit().await.unwrap();
        assert_eq!(
            rate_limit::hit(&t.db, "tx", w, t0()).await.unwrap(),
            2,
            "{}",
            t.name
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn concurrent_hits_are_all_counted() {
    for t in testing::all().await.unwrap() {
        let w = Duration::minutes(10);
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let db = t.db.clone();
            tasks.push(tokio::spawn(async move {
                rate_limit::hit(&db, "race", w, t0()).await.unwrap()
            }));
        }
        let mut seen = Vec::new();
        for task in tasks {
            seen.push(task.await.unwrap());
        }
        seen.sort_unstable();
        assert_eq!(seen, (1..=20).collect::<Vec<u32>>(), "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn outbox_keeps_one_message_per_idempotency_key() {
    for t in testing::all().await.unwrap() {
        let message = |key: &str| outbox::NewMessage {
            channel: outbox::Channel::Email,
            recipient: "o@example.com".into(),
            subject: Some("Sign in".into()),
            body: "https://example.com/x".into(),
            idempotency_key: key.into(),
            list: None,
        };
        assert!(outbox::enqueue(&t.db, message("a"), t0()).await.unwrap());
        assert!(!outbox::enqueue(&t.db, message("a"), t0()).await.unwrap());
        assert!(outbox::enqueue(&t.db, message("b"), t0()).await.unwrap());
        let sms = outbox::NewMessage {
            channel: outbox::Channel::Sms,
            recipient: "5551234567".into(),
            subject: None,
            body: "hi".into(),
            idempotency_key: "c".into(),
            list: None,
        };
        assert!(outbox::enqueue(&t.db, sms, t0()).await.unwrap());
        let mine = outbox::for_recipient(&t.db, "o@example.com").await.unwrap();
        assert_eq!(mine.len(), 2, "{}", t.name);
        assert_eq!(mine[0].idempotency_key, "a");
        assert_eq!(mine[0].channel, outbox::Channel::Email);
        assert_eq!(mine[0].created_at, t0());
        let all = outbox::all(&t.db).await.unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all[2].channel, outbox::Channel::Sms);
        assert_eq!(all[2].subject, None);
        // Newest first; queued at the same time, the later one first.
        let keys = |messages: Vec<outbox::Message>| -> Vec<String> {
            messages.into_iter().map(|m| m.idempotency_key).collect()
        };
        let newest = outbox::newest(&t.db, None, 2).await.unwrap();
        assert_eq!(keys(newest), ["c", "b"], "{}", t.name);
        let newest = outbox::newest(&t.db, Some("o@example.com"), 10)
            .await
            .unwrap();
        assert_eq!(keys(newest), ["b", "a"], "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn outbox_finds_recent_messages_by_key_prefix_and_removes_by_key() {
    for t in testing::all().await.unwrap() {
        let sms = |key: &str| outbox::NewMessage {
            channel: outbox::Channel::Sms,
            recipient: "+15551234567".into(),
            subject: None,
            body: "link".into(),
            idempotency_key: key.into(),
            list: None,
        };
        assert!(
            outbox::enqueue(&t.db, sms("app-link:ab:1"), t0())
                .await
                .unwrap()
        );
        assert!(
            outbox::enqueue(&t.db, sms("app-link:cd:1"), t0() + Duration::minutes(5))
                .await
                .unwrap()
        );
        let found = |prefix: &'static str, since| {
            let db = t.db.clone();
            async move { outbox::queued_since(&db, prefix, since).await.unwrap() }
        };
        assert!(found("app-link:ab:", t0()).await, "{}", t.name);
        assert!(!found("app-link:ab:", t0() + Duration::seconds(1)).await);
        assert!(found("app-link:cd:", t0() + Duration::minutes(5)).await);
        assert!(!found("app-link:ef:", t0()).await);
        assert!(outbox::remove(&t.db, "app-link:ab:1").await.unwrap());
        assert!(!outbox::remove(&t.db, "app-link:ab:1").await.unwrap());
        assert!(!found("app-link:ab:", t0()).await);
        assert_eq!(outbox::all(&t.db).await.unwrap().len(), 1);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn sign_in_codes_work_once_and_expire() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("c@example.com"))
            .await
            .unwrap();
        let code = sign_in_codes::create(&t.db, id, "/d/card?x=1", t0())
            .await
            .unwrap();
        assert!(token::is_well_formed(&code));
        let got = sign_in_codes::redeem(&t.db, &code, t0() + Duration::minutes(1))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got.member_id, id, "{}", t.name);
        assert_eq!(got.return_to, "/d/card?x=1");
        assert!(
            sign_in_codes::redeem(&t.db, &code, t0() + Duration::minutes(2))
                .await
                .unwrap()
                .is_none()
        );
        let late = sign_in_codes::create(&t.db, id, "/", t0()).await.unwrap();
        assert!(
            sign_in_codes::redeem(&t.db, &late, t0() + sign_in_codes::CODE_LIFETIME)
                .await
                .unwrap()
                .is_none()
        );
        for bad in ["", "zz", &token::new_token()] {
            assert!(
                sign_in_codes::redeem(&t.db, bad, t0())
                    .await
                    .unwrap()
                    .is_none()
            );
        }
        assert!(matches!(
            sign_in_codes::create(&t.db, id + 5, "/", t0()).await,
            Err(StoreError::NotFound(_))
        ));
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn deleting_a_member_removes_its_sessions() {
    for t in testing::all().await.unwrap() {
        let id = members::create_member(&t.db, new("gone@example.com"))
            .await
            .unwrap();
        let token = members::create_session(&t.db, id, FULL, t0())
            .await
            .unwrap();
        t.db.execute_raw(Statement::from_string(
            t.db.get_database_backend(),
            format!("DELETE FROM members WHERE id = {id}"),
        ))
        .await
        .unwrap();
        assert_eq!(
            members::session_count(&t.db, id).await.unwrap(),
            0,
            "{}",
            t.name
        );
        assert!(
            members::session(&t.db, &token, t0())
                .await
                .unwrap()
                .is_none()
        );
        t.cleanup().await.unwrap();
    }
}
