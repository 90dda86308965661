//! The schema, as an ordered list of migrations (one per area).

use sea_orm::DatabaseConnection;
use sea_orm_migration::{MigrationTrait, MigratorTrait};

use crate::{StoreError, connect::connect_with};

/// Every migration of the site, oldest first: each `src/<area>/mNNNN_<what>.rs`, found by
/// the build script and run in the order of its number, so a migration that references
/// another area's tables takes a higher number than theirs.
pub struct Migrator;

/// Lists the migrations, each by its module (`area::mNNNN_what`, the module named after
/// the migration's stored name, its struct always `Migration`), and keeps the modules'
/// paths for [`migration_modules`]. The build script writes the one use of it.
macro_rules! migrations {
    ($($area:ident :: $module:ident),* $(,)?) => {
        impl MigratorTrait for Migrator {
            fn migrations() -> Vec<Box<dyn MigrationTrait>> {
                vec![$(Box::new(crate::$area::$module::Migration)),*]
            }
        }

        /// The module of each migration (`qna::m0007_qna`), in order: a test checks that
        /// each is named after the migration it holds.
        pub fn migration_modules() -> Vec<&'static str> {
            vec![$(concat!(stringify!($area), "::", stringify!($module))),*]
        }
    };
}

// Every `src/<area>/mNNNN_<what>.rs`, in the order of their numbers (`build.rs`).
include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// Applies every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), StoreError> {
    Migrator::up(db, None).await?;
    Ok(())
}

/// Opens the database at `url` (see [`crate::connect`]), applies every pending migration
/// on a connection of its own, and only then opens the pool the site uses.
///
/// Why not migrate through the pool: a SQLite connection that read while the migrations
/// ran can go on reading its snapshot from before them for a moment (the driver finishes
/// a statement whose rows were not all read later, on its own thread), and a statement
/// sent to it then would not find a table the migrations had just made. Every connection
/// of the returned pool opens after the schema is complete.
pub async fn open_migrated(
    url: &str,
    search_path: Option<&str>,
) -> Result<DatabaseConnection, StoreError> {
    let single = connect_with(url, search_path, Some(1)).await?;
    migrate(&single).await?;
    single.close().await?;
    crate::connect(url, search_path).await
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use sea_orm_migration::MigratorTrait;

    use super::{Migrator, migration_modules};

    /// `area::mNNNN_what` for every `mNNNN_what.rs` file under `src/<area>/`.
    fn migration_files() -> BTreeSet<String> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut found = BTreeSet::new();
        for area in std::fs::read_dir(&src).unwrap().flatten() {
            if !area.path().is_dir() {
                continue;
            }
            for file in std::fs::read_dir(area.path()).unwrap().flatten() {
                let name = file.file_name().to_string_lossy().into_owned();
                let Some(stem) = name.strip_suffix(".rs") else {
                    continue;
                };
                let bytes = stem.as_bytes();
                let numbered = bytes.len() > 6
                    && bytes[0] == b'm'
                    && bytes[1..5].iter().all(u8::is_ascii_digit)
                    && bytes[5] == b'_';
                if numbered {
                    found.insert(format!("{}::{stem}", area.file_name().to_string_lossy()));
                }
            }
        }
        found
    }

    #[test]
    fn every_migration_file_runs_once_in_order_and_is_named_after_its_migration() {
        let listed = migration_modules();
        let files = migration_files();
        let listed_set: BTreeSet<String> = listed.iter().map(|m| (*m).to_owned()).collect();
        assert_eq!(
            listed_set, files,
            "every store/src/<area>/mNNNN_*.rs runs, and only those"
        );
        assert_eq!(
            listed_set.len(),
            listed.len(),
            "a migration is listed twice"
        );
        let names: Vec<String> = Migrator::migrations()
            .iter()
            .map(|m| m.name().to_owned())
            .collect();
        let stems: Vec<&str> = listed.iter().filter_map(|m| m.split("::").nth(1)).collect();
        assert_eq!(
            names, stems,
            "a migration's stored name is its module's name"
        );
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(
            names, sorted,
            "migrations run in the order of their numbers"
        );
    }
}
