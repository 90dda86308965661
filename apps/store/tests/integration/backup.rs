//! `plainrate backup`: a copy of a live SQLite database taken while members keep writing
//! holds every write acknowledged before it began, is whole, and opens as the site opens a
//! database; a backup never overwrites a file; PostgreSQL is pointed to its own tools.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sea_orm::{ConnectionTrait, Statement};
use store::backup::{BackupError, sqlite_copy};
use store::members::{self, NewMember};
use tokio::sync::Mutex;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_during_writes_holds_every_write_acknowledged_before_it_began() {
    let live = store::testing::sqlite().await.unwrap();
    let db = live.db.clone();
    let folder = std::env::temp_dir().join(format!("backup-test-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let target = folder.join("copy.sqlite");
    let _ = std::fs::remove_file(&target);

    // A member joins every moment; each id is kept once its commit has returned.
    let acknowledged = Arc::new(Mutex::new(Vec::<i64>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, acknowledged, stop) = (db.clone(), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let new = NewMember {
                    email: format!("writer{n}@example.test"),
                    password_hash: None,
                    name: None,
                };
                let id = members::create_member(&db, new).await.unwrap();
                acknowledged.lock().await.push(id);
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before: Vec<i64> = acknowledged.lock().await.clone();
    sqlite_copy(&db, &target).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    let all = acknowledged.lock().await.len();
    assert!(
        before.len() >= 10,
        "writes went on before the backup: {}",
        before.len()
    );
    assert!(all > before.len(), "writes went on after the backup began");

    // The copy opens as the site opens its database, is whole, and has every write
    // acknowledged before the backup began.
    let url = format!("sqlite://{}?mode=rw", target.display());
    let copy = store::migration::open_migrated(&url, None).await.unwrap();
    let integrity = copy
        .query_one_raw(Statement::from_string(
            copy.get_database_backend(),
            "PRAGMA integrity_check".to_owned(),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<String>(0)
        .unwrap();
    assert_eq!(integrity, "ok");
    let mut missing = Vec::new();
    for id in &before {
        if members::member(&copy, *id).await.unwrap().is_none() {
            missing.push(*id);
        }
    }
    assert!(
        missing.is_empty(),
        "acknowledged before the backup, missing from it: {missing:?}"
    );
    let rows = copy
        .query_one_raw(Statement::from_string(
            copy.get_database_backend(),
            "SELECT COUNT(*) FROM members".to_owned(),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap();
    eprintln!(
        "backup: {} writes acknowledged before it began, {} by the end of the run, {rows} in the copy, 0 missing",
        before.len(),
        all
    );
    assert!(rows as usize >= before.len() && rows as usize <= all);
    copy.close().await.unwrap();

    // A backup never overwrites a file.
    assert!(matches!(
        sqlite_copy(&db, &target).await,
        Err(BackupError::Exists(_))
    ));
    live.cleanup().await.unwrap();
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn a_postgres_database_is_pointed_to_its_own_tools() {
    if let Some(pg) = store::testing::postgres().await.unwrap() {
        let target = std::env::temp_dir().join("never-written.sqlite");
        let refused = sqlite_copy(&pg.db, &target).await;
        assert!(
            matches!(refused, Err(BackupError::NotSqlite)),
            "{refused:?}"
        );
        assert!(refused.unwrap_err().to_string().contains("pg_dump"));
        assert!(!target.exists());
        pg.cleanup().await.unwrap();
    }
}
