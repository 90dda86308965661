//! Rating votes and helpful feedback, on every backend.

use crate::common::at;
use chrono::{DateTime, Duration, Utc};
use ratings::StarCount;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use store::feedback::{self, NewFeedback};
use store::limits::Limit;
use store::testing;
use store::votes::{self, Ballot, BatchVote, Cast, Change, Tally, TargetKind};

fn stars(n: u8) -> StarCount {
    StarCount::new(n).unwrap()
}

async fn member(db: &DatabaseConnection, n: usize) -> i64 {
    crate::common::member(db, &format!("voter{n}")).await
}

const LIMIT: Limit = Limit {
    name: "vote",
    window: Duration::minutes(1),
    max: 1000,
};

async fn vote(
    db: &DatabaseConnection,
    kind: TargetKind,
    target: &str,
    member_id: i64,
    n: u8,
    now: DateTime<Utc>,
) -> Cast {
    let key = member_id.to_string();
    let limit = LIMIT.on(&key);
    votes::cast(
        db,
        &Ballot {
            kind,
            target_id: target,
            member_id,
            stars: stars(n),
        },
        &limit,
        now,
    )
    .await
    .unwrap()
}

fn counted(cast: Cast) -> (Change, Tally) {
    match cast {
        Cast::Counted { change, tally } => (change, tally),
        other => panic!("not counted: {other:?}"),
    }
}

/// Every row of every table a vote may touch, in a fixed order, as text.
async fn dump(db: &DatabaseConnection) -> Vec<String> {
    let queries = [
        "SELECT CAST(member_id AS TEXT) || '|' || product_id || '|' || CAST(stars AS TEXT) \
         || '|' || COALESCE(CAST(previous_stars AS TEXT), '-') || '|' || CAST(created_at AS TEXT) \
         || '|' || CAST(updated_at AS TEXT) FROM product_votes ORDER BY 1",
        "SELECT CAST(member_id AS TEXT) || '|' || institution_id || '|' || CAST(stars AS TEXT) \
         || '|' || COALESCE(CAST(previous_stars AS TEXT), '-') || '|' || CAST(created_at AS TEXT) \
         || '|' || CAST(updated_at AS TEXT) FROM institution_votes ORDER BY 1",
        "SELECT kind || '|' || target_id || '|' || CAST(votes AS TEXT) || '|' \
         || CAST(star_sum AS TEXT) || '|' || CAST(updated_at AS TEXT) FROM vote_totals ORDER BY 1",
        "SELECT key || '|' || CAST(window_start AS TEXT) || '|' || CAST(hits AS TEXT) \
         FROM rate_limits ORDER BY 1",
        "SELECT CAST(id AS TEXT) || '|' || page_id FROM feedback ORDER BY 1",
    ];
    crate::common::dump_rows(db, &queries).await
}

#[tokio::test]
async fn a_vote_counts_a_changed_vote_replaces_it_and_the_same_vote_changes_nothing() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let m = member(db, 1).await;
        let p = TargetKind::Product;

        let (change, tally) = counted(vote(db, p, "card-1", m, 4, at(0)).await);
        assert_eq!(change, Change::Added, "{}", t.name);
        assert_eq!(
            tally,
            Tally {
                votes: 1,
                star_sum: 4
            }
        );
        assert_eq!(tally.mean().unwrap().to_string(), "4");
        assert_eq!(
            votes::member_vote(db, p, m, "card-1").await.unwrap(),
            Some(stars(4))
        );

        let (change, tally) = counted(vote(db, p, "card-1", m, 2, at(1)).await);
        assert_eq!(change, Change::Changed { from: stars(4) });
        assert_eq!(
            tally,
            Tally {
                votes: 1,
                star_sum: 2
            }
        );
        assert_eq!(
            votes::member_vote(db, p, m, "card-1").await.unwrap(),
            Some(stars(2))
        );

        // The client's retry: nothing is written at all, the rate-limit hit included.
        let before = dump(db).await;
        let (change, tally) = counted(vote(db, p, "card-1", m, 2, at(2)).await);
        assert_eq!(change, Change::Unchanged);
        assert_eq!(
            tally,
            Tally {
                votes: 1,
                star_sum: 2
            }
        );
        assert_eq!(dump(db).await, before, "{}", t.name);
        assert_eq!(votes::recount(db, p, "card-1").await.unwrap(), tally);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn counts_and_mean_follow_several_members_and_kinds_stay_apart() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let mut ids = Vec::new();
        for n in 0..3 {
            ids.push(member(db, n).await);
        }
        let p = TargetKind::Product;
        counted(vote(db, p, "card-1", ids[0], 5, at(0)).await);
        counted(vote(db, p, "card-1", ids[1], 4, at(0)).await);
        let (_, tally) = counted(vote(db, p, "card-1", ids[2], 5, at(0)).await);
        assert_eq!(
            tally,
            Tally {
                votes: 3,
                star_sum: 14
            },
            "{}",
            t.name
        );
        // 14 / 3 = 4.666…, kept to two places.
        assert_eq!(tally.mean().unwrap().to_string(), "4.67");
        let (_, tally) = counted(vote(db, p, "card-1", ids[2], 1, at(0)).await);
        assert_eq!(
            tally,
            Tally {
                votes: 3,
                star_sum: 10
            }
        );
        assert_eq!(tally.mean().unwrap().to_string(), "3.33");

        // The same id as an institution, and another product, have their own totals.
        let i = TargetKind::Institution;
        let (_, inst) = counted(vote(db, i, "card-1", ids[0], 1, at(0)).await);
        assert_eq!(
            inst,
            Tally {
                votes: 1,
                star_sum: 1
            }
        );
        let (_, other) = counted(vote(db, p, "card-2", ids[0], 3, at(0)).await);
        assert_eq!(
            other,
            Tally {
                votes: 1,
                star_sum: 3
            }
        );
        assert_eq!(
            votes::tally(db, p, "card-1").await.unwrap(),
            Tally {
                votes: 3,
                star_sum: 10
            }
        );
        assert_eq!(
            votes::tally(db, p, "nobody-voted").await.unwrap(),
            Tally::default()
        );
        assert_eq!(Tally::default().mean(), None);
        let all = votes::tallies(db, p).await.unwrap();
        assert_eq!(
            all,
            vec![
                (
                    "card-1".to_owned(),
                    Tally {
                        votes: 3,
                        star_sum: 10
                    }
                ),
                (
                    "card-2".to_owned(),
                    Tally {
                        votes: 1,
                        star_sum: 3
                    }
                ),
            ]
        );
        assert_eq!(votes::tallies(db, i).await.unwrap().len(), 1);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_rate_limited_vote_writes_nothing_and_the_next_window_is_open() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let m = member(db, 1).await;
        let limit = Limit {
            name: "vote",
            window: Duration::minutes(1),
            max: 3,
        }
        .on("limited");
        let ballot = |target: &'static str, n: u8| Ballot {
            kind: TargetKind::Product,
            target_id: target,
            member_id: m,
            stars: stars(n),
        };
        for (i, target) in ["a", "b", "c"].into_iter().enumerate() {
            let cast = votes::cast(db, &ballot(target, 3), &limit, at(i as i64))
                .await
                .unwrap();
            assert!(
                matches!(
                    cast,
                    Cast::Counted {
                        change: Change::Added,
                        ..
                    }
                ),
                "{} {cast:?}",
                t.name
            );
        }
        let before = dump(db).await;
        let cast = votes::cast(db, &ballot("d", 3), &limit, at(10))
            .await
            .unwrap();
        assert_eq!(cast, Cast::RateLimited { hits: 4 }, "{}", t.name);
        assert_eq!(dump(db).await, before);
        assert_eq!(
            votes::tally(db, TargetKind::Product, "d").await.unwrap(),
            Tally::default()
        );
        // Repeating a vote already taken writes nothing, so it is never limited.
        for _ in 0..5 {
            let cast = votes::cast(db, &ballot("a", 3), &limit, at(20))
                .await
                .unwrap();
            assert!(
                matches!(
                    cast,
                    Cast::Counted {
                        change: Change::Unchanged,
                        ..
                    }
                ),
                "{cast:?}"
            );
        }
        assert_eq!(dump(db).await, before);
        // A new window counts afresh (at(0) is the start of a minute).
        let cast = votes::cast(db, &ballot("d", 3), &limit, at(60))
            .await
            .unwrap();
        assert!(!cast.must_roll_back(), "{cast:?}");
        assert_eq!(
            votes::tally(db, TargetKind::Product, "d").await.unwrap(),
            Tally {
                votes: 1,
                star_sum: 3
            }
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_failed_vote_leaves_every_table_as_it_was() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let m = member(db, 1).await;
        counted(vote(db, TargetKind::Product, "card-1", m, 4, at(0)).await);
        let before = dump(db).await;
        // No such member: the vote insert fails after the rate-limit hit was counted.
        let err = votes::cast(
            db,
            &Ballot {
                kind: TargetKind::Product,
                target_id: "card-1",
                member_id: m + 1000,
                stars: stars(5),
            },
            &LIMIT.on("ghost"),
            at(1),
        )
        .await;
        assert!(err.is_err(), "{} {err:?}", t.name);
        assert_eq!(dump(db).await, before, "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

/// A small fixed-seed generator, so the sequence is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[tokio::test]
async fn totals_equal_a_recount_after_a_random_sequence_of_votes() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let mut ids = Vec::new();
        for n in 0..6 {
            ids.push(member(db, n).await);
        }
        let targets = ["p1", "p2", "p3", "p4"];
        let kinds = [TargetKind::Product, TargetKind::Institution];
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut expected = std::collections::HashMap::new();
        for step in 0..150 {
            let kind = kinds[rng.below(2) as usize];
            let target = targets[rng.below(4) as usize];
            let m = ids[rng.below(6) as usize];
            let n = rng.below(5) as u8 + 1;
            let (change, _) = counted(vote(db, kind, target, m, n, at(step)).await);
            let previous = expected.insert((kind, target, m), n);
            let want = match previous {
                None => Change::Added,
                Some(p) if p == n => Change::Unchanged,
                Some(p) => Change::Changed { from: stars(p) },
            };
            assert_eq!(change, want, "{} step {step}", t.name);
        }
        for kind in kinds {
            for target in targets {
                let stored = votes::tally(db, kind, target).await.unwrap();
                let recounted = votes::recount(db, kind, target).await.unwrap();
                let model: Vec<u64> = expected
                    .iter()
                    .filter(|((k, tg, _), _)| *k == kind && *tg == target)
                    .map(|(_, n)| u64::from(*n))
                    .collect();
                let want = Tally {
                    votes: model.len() as u64,
                    star_sum: model.iter().sum(),
                };
                assert_eq!(stored, recounted, "{} {kind:?} {target}", t.name);
                assert_eq!(stored, want, "{} {kind:?} {target}", t.name);
            }
        }
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn concurrent_votes_keep_the_totals_exact() {
    for t in testing::all().await.unwrap() {
        let mut ids = Vec::new();
        for n in 0..8 {
            ids.push(member(&t.db, n).await);
        }
        let mut tasks = Vec::new();
        for (i, m) in ids.iter().copied().enumerate() {
            let db = t.db.clone();
            tasks.push(tokio::spawn(async move {
                for round in 0..12_u8 {
                    // Every member changes its vote on one shared product, over and over.
                    let n = (round + i as u8) % 5 + 1;
                    vote(&db, TargetKind::Product, "shared", m, n, at(0)).await;
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        let stored = votes::tally(&t.db, TargetKind::Product, "shared")
            .await
            .unwrap();
        let recounted = votes::recount(&t.db, TargetKind::Product, "shared")
            .await
            .unwrap();
        assert_eq!(stored, recounted, "{}", t.name);
        assert_eq!(stored.votes, 8);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn feedback_is_stored_with_its_defaults() {
    for t in testing::all().await.unwrap() {
        let db = &t.db;
        let m = member(db, 1).await;
        let first = feedback::insert_feedback(
            db,
            &NewFeedback {
                page_id: "post-12",
                url: "https://example.test/learn/apr",
                helpful: false,
                reason: Some("The example numbers are out of date."),
                kind: None,
                member_id: Some(m),
            },
            at(5),
        )
        .await
        .unwrap();
        let second = feedback::insert_feedback(
            db,
            &NewFeedback {
                page_id: "post-12",
                url: "https://example.test/learn/apr",
                helpful: true,
                reason: None,
                kind: Some("REVIEW"),
                member_id: None,
            },
            at(6),
        )
        .await
        .unwrap();
        assert!(second > first, "{}", t.name);
        let rows = feedback::feedback_for_page(db, "post-12").await.unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].id, first);
        assert!(!rows[0].helpful);
        assert_eq!(
            rows[0].reason.as_deref(),
            Some("The example numbers are out of date.")
        );
        assert_eq!(rows[0].kind, feedback::DEFAULT_FEEDBACK_TYPE);
        assert_eq!(rows[0].member_id, Some(m));
        assert_eq!(rows[0].created_at, at(5));
        assert!(rows[1].helpful);
        assert_eq!(rows[1].kind, "REVIEW");
        assert_eq!(rows[1].member_id, None);
        assert_eq!(rows[1].reason, None);
        assert!(
            feedback::feedback_for_page(db, "post-13")
                .await
                .unwrap()
                .is_empty()
        );
        // Feedback from an unknown member is refused.
        let err = feedback::insert_feedback(
            db,
            &NewFeedback {
                page_id: "post-12",
                url: "/x",
                helpful: true,
                reason: None,
                kind: None,
                member_id: Some(m + 1000),
            },
            at(7),
        )
        .await;
        assert!(err.is_err(), "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

/// A batch written in a few statements answers each vote, and leaves every table, exactly
/// as the same votes cast one after the other: random batches of a few members voting on
/// a few targets of both kinds, so that batches often hold a member's second vote on a
/// target, a changed vote and a repeated one; rate-limit counters shared by members or
/// apart from them, some tight enough to be reached; times equal, in order and out of it.
/// A batch with a vote over its limit is given up exactly when casting one after the
/// other refuses one; it is then rolled back and cast vote by vote, as the writer does.
#[tokio::test]
async fn a_batch_answers_and_writes_as_its_votes_one_after_the_other() {
    const TIGHT: Limit = Limit {
        name: "tight",
        window: Duration::minutes(1),
        max: 2,
    };
    let batched_dbs = testing::all().await.unwrap();
    let one_by_one_dbs = testing::all().await.unwrap();
    for (b, o) in batched_dbs.into_iter().zip(one_by_one_dbs) {
        let mut ids = Vec::new();
        for n in 0..3 {
            let id = member(&b.db, n).await;
            assert_eq!(member(&o.db, n).await, id);
            ids.push(id);
        }
        // Counters: each member's own, and two that any member may count against.
        let mut subjects: Vec<String> = ids.iter().map(i64::to_string).collect();
        subjects.extend(["shared-a".to_owned(), "shared-b".to_owned()]);
        let targets = ["p1", "p2", "p3"];
        let kinds = [TargetKind::Product, TargetKind::Institution];
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let (mut second, mut given_up) = (0, 0);
        for batch_no in 0..40 {
            let size = rng.below(12) as usize + 1;
            let mut batch = Vec::new();
            for _ in 0..size {
                let m = rng.below(3) as usize;
                let subject = match rng.below(3) {
                    0 => &subjects[m],
                    _ => &subjects[3 + rng.below(2) as usize],
                };
                let limit = if rng.below(2) == 0 { TIGHT } else { LIMIT };
                second += 4;
                batch.push(BatchVote {
                    ballot: Ballot {
                        kind: kinds[rng.below(2) as usize],
                        target_id: targets[rng.below(3) as usize],
                        member_id: ids[m],
                        stars: stars(rng.below(5) as u8 + 1),
                    },
                    limit: limit.on(subject),
                    now: at(second - rng.below(6) as i64),
                });
            }
            let mut one_by_one = Vec::new();
            for vote in &batch {
                one_by_one.push(
                    votes::cast(&o.db, &vote.ballot, &vote.limit, vote.now)
                        .await
                        .unwrap(),
                );
            }
            let refused = one_by_one.iter().any(Cast::must_roll_back);
            let txn = store::begin_write(&b.db).await.unwrap();
            match votes::cast_batch_in(&txn, &batch).await.unwrap() {
                Some(batched) => {
                    txn.commit().await.unwrap();
                    assert!(
                        !refused,
                        "{} batch {batch_no}: a refusal was missed",
                        b.name
                    );
                    assert_eq!(
                        batched, one_by_one,
                        "{} batch {batch_no}: {batch:?}",
                        b.name
                    );
                }
                None => {
                    txn.rollback().await.unwrap();
                    assert!(refused, "{} batch {batch_no}: given up for nothing", b.name);
                    given_up += 1;
                    for vote in &batch {
                        votes::cast(&b.db, &vote.ballot, &vote.limit, vote.now)
                            .await
                            .unwrap();
                    }
                }
            }
            assert_eq!(
                dump(&b.db).await,
                dump(&o.db).await,
                "{} batch {batch_no}",
                b.name
            );
        }
        assert!(
            (1..30).contains(&given_up),
            "{}: {given_up} of 40 batches reached a limit",
            b.name
        );
        b.cleanup().await.unwrap();
        o.cleanup().await.unwrap();
    }
}

/// A changed vote whose target has lost its totals row is an error in a batch, as it is
/// cast alone, rather than a vote acknowledged with made-up totals.
#[tokio::test]
async fn a_batch_refuses_a_change_to_a_target_without_totals() {
    for t in testing::all().await.unwrap() {
        let m = member(&t.db, 0).await;
        vote(&t.db, TargetKind::Product, "p1", m, 3, at(0)).await;
        t.db.execute_raw(Statement::from_string(
            t.db.get_database_backend(),
            "DELETE FROM vote_totals".to_owned(),
        ))
        .await
        .unwrap();
        let key = m.to_string();
        let batch = [BatchVote {
            ballot: Ballot {
                kind: TargetKind::Product,
                target_id: "p1",
                member_id: m,
                stars: stars(5),
            },
            limit: LIMIT.on(&key),
            now: at(1),
        }];
        let txn = store::begin_write(&t.db).await.unwrap();
        assert!(
            votes::cast_batch_in(&txn, &batch).await.is_err(),
            "{}",
            t.name
        );
        txn.rollback().await.unwrap();
        let alone = votes::cast(&t.db, &batch[0].ballot, &batch[0].limit, at(1)).await;
        assert!(alone.is_err(), "{}", t.name);
        t.cleanup().await.unwrap();
    }
}

/// A batch with a vote over its limit is given up, for the caller to roll back and cast
/// vote by vote; rolled back, it leaves every table as it was.
#[tokio::test]
async fn a_batch_with_a_vote_over_its_limit_is_given_up() {
    const TIGHT: Limit = Limit {
        name: "vote",
        window: Duration::minutes(1),
        max: 2,
    };
    for t in testing::all().await.unwrap() {
        let m = member(&t.db, 0).await;
        let key = m.to_string();
        let before = dump(&t.db).await;
        let batch: Vec<BatchVote<'_>> = ["p1", "p2", "p3"]
            .into_iter()
            .map(|target| BatchVote {
                ballot: Ballot {
                    kind: TargetKind::Product,
                    target_id: target,
                    member_id: m,
                    stars: stars(4),
                },
                limit: TIGHT.on(&key),
                now: at(0),
            })
            .collect();
        let txn = store::begin_write(&t.db).await.unwrap();
        let outcome = votes::cast_batch_in(&txn, &batch).await.unwrap();
        assert_eq!(outcome, None, "{}", t.name);
        txn.rollback().await.unwrap();
        assert_eq!(dump(&t.db).await, before, "{}", t.name);
        // Two of them fit the limit.
        let txn = store::begin_write(&t.db).await.unwrap();
        let outcome = votes::cast_batch_in(&txn, &batch[..2]).await.unwrap();
        txn.commit().await.unwrap();
        let tallies: Vec<Tally> = outcome
            .expect("within the limit")
            .into_iter()
            .map(|cast| counted(cast).1)
            .collect();
        let one = Tally {
            votes: 1,
            star_sum: 4,
        };
        assert_eq!(tallies, vec![one, one], "{}", t.name);
        t.cleanup().await.unwrap();
    }
}
