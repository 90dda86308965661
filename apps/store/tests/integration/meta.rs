//! Settings and durability, on every backend.

use store::{meta, testing};

#[tokio::test]
async fn settings_round_trip_and_first_value_wins() {
    for t in testing::all().await.unwrap() {
        assert_eq!(meta::get(&t.db, "k").await.unwrap(), None, "{}", t.name);
        let first = meta::get_or_init(&t.db, "k", || "one".into())
            .await
            .unwrap();
        let second = meta::get_or_init(&t.db, "k", || "two".into())
            .await
            .unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("one", "one"),
            "{}",
            t.name
        );
        meta::put(&t.db, "k", "three").await.unwrap();
        assert_eq!(
            meta::get(&t.db, "k").await.unwrap().as_deref(),
            Some("three")
        );
        assert_eq!(meta::catalogue_version(&t.db).await.unwrap(), 0);
        assert_eq!(meta::bump_catalogue_version(&t.db).await.unwrap(), 1);
        assert_eq!(meta::bump_catalogue_version(&t.db).await.unwrap(), 2);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn durability_settings_are_in_force() {
    for t in testing::all().await.unwrap() {
        let d = store::describe_durability(&t.db).await.unwrap();
        match t.backend() {
            // synchronous=2 is FULL.
            store::Backend::Sqlite => {
                assert!(d.contains("journal_mode=wal"), "{d}");
                assert!(d.contains("synchronous=2"), "{d}");
                assert!(d.contains("foreign_keys=1"), "{d}");
            }
            store::Backend::Postgres => {
                assert!(d.contains("fsync=on"), "{d}");
                assert!(d.contains("synchronous_commit=on"), "{d}");
            }
        }
        assert!(store::unsafe_durability(&d).is_empty(), "{d}");
        t.cleanup().await.unwrap();
    }
}

/// Every connection of a freshly opened pool knows the whole schema: four transactions
/// held open at once (so on four different connections) each find the last migration's
/// table and a member table, on databases made one after another.
#[tokio::test]
async fn every_pooled_connection_of_a_new_database_knows_the_migrated_schema() {
    use sea_orm::{ConnectionTrait, Statement, TransactionTrait};
    for _ in 0..5 {
        for t in testing::all().await.unwrap() {
            let backend = t.db.get_database_backend();
            let mut open = Vec::new();
            for _ in 0..4 {
                let txn = t.db.begin().await.unwrap();
                for table in ["members", "product_reviews"] {
                    txn.query_one_raw(Statement::from_string(
                        backend,
                        format!("SELECT count(*) FROM {table}"),
                    ))
                    .await
                    .unwrap_or_else(|e| panic!("{}: {table}: {e}", t.name));
                }
                open.push(txn);
            }
            for txn in open {
                txn.rollback().await.unwrap();
            }
            t.cleanup().await.unwrap();
        }
    }
}
