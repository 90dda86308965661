//! The catalogue view every handler reads: an immutable [`Snapshot`] (the pure
//! [`catalogue::Catalogue`] with the route table, and a cache of finished answers), swapped
//! whole by [`SharedCatalogue`] when the catalogue version in the database changes.

use std::sync::{Arc, OnceLock, RwLock};

use catalogue::{Catalogue, RouteTable, RouteTableError};
use offer_model::Offer;
use sea_orm::DatabaseConnection;

use super::cache::BodyCache;

/// The route table, compiled into the binary so that every instance of one build lists the
/// same pages (the route table changes with the code that serves it, not with the data).
pub const ROUTES_JSON: &str = include_str!("../../../../fixtures/routes.json");

/// The compiled-in route table, read and checked.
pub fn parse_routes() -> Result<RouteTable, RouteTableError> {
    RouteTable::from_json(ROUTES_JSON)
}

/// The compiled-in route table, read once. A table that fails its checks (a test guards
/// against it) gives no routes rather than a server that cannot start.
pub fn route_table() -> &'static RouteTable {
    static TABLE: OnceLock<RouteTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        parse_routes().unwrap_or_else(|err| {
            tracing::error!(%err, "the route table is not valid; no listing pages");
            RouteTable::default()
        })
    })
}

/// One immutable build of the catalogue.
pub struct Snapshot {
    /// The catalogue version it was built from.
    pub version: i64,
    catalogue: Catalogue,
    cache: BodyCache,
}

impl Default for Snapshot {
    fn default() -> Self {
        Self::new(0, Vec::new())
    }
}

impl Snapshot {
    /// Builds a snapshot from offers, with the compiled-in route table.
    pub fn new(version: i64, offers: Vec<Offer>) -> Self {
        let catalogue = Catalogue::new(offers).with_routes(route_table().clone());
        Self {
            version,
            catalogue,
            cache: BodyCache::new(version),
        }
    }

    /// The offer with this id, or else this `PID`.
    pub fn offer(&self, id: &str) -> Option<&Offer> {
        self.catalogue.offer(id)
    }

    /// Every offer, in import order.
    pub fn offers(&self) -> &[Offer] {
        self.catalogue.offers()
    }

    /// The catalogue view: listings, details pages, institutions, comparisons.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The cache of finished answers built from this snapshot.
    pub fn cache(&self) -> &BodyCache {
        &self.cache
    }
}

/// The catalogue every handler reads; swapped whole when the data changes, so a reader
/// holds one complete snapshot for as long as it needs it and never sees half a catalogue.
#[derive(Clone, Default)]
pub struct SharedCatalogue {
    current: Arc<RwLock<Arc<Snapshot>>>,
    /// Serialises rebuilds, so two refreshes never build the same version twice.
    rebuilding: Arc<tokio::sync::Mutex<()>>,
}

impl SharedCatalogue {
    /// The current snapshot.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        match self.current.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Replaces the snapshot.
    pub fn replace(&self, snapshot: Snapshot) {
        let fresh = Arc::new(snapshot);
        match self.current.write() {
            Ok(mut guard) => *guard = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
    }

    /// Rebuilds from the database when its catalogue version differs from the snapshot's:
    /// loads every offer with its version in one read transaction, builds the view and
    /// warms the cache off the async threads, then swaps the snapshot in. Returns whether
    /// it rebuilt.
    pub async fn refresh(&self, db: &DatabaseConnection) -> Result<bool, store::StoreError> {
        let _one_at_a_time = self.rebuilding.lock().await;
        let stored = store::meta::catalogue_version(db).await?;
        if stored == self.snapshot().version {
            return Ok(false);
        }
        let (version, offers) = store::catalogue::load_versioned(db).await?;
        let build = move || {
            let snapshot = Snapshot::new(version, offers);
            super::api::warm(&snapshot);
            snapshot
        };
        let snapshot = tokio::task::spawn_blocking(build).await.map_err(|err| {
            store::StoreError::InvalidData(format!("building the catalogue view failed: {err}"))
        })?;
        self.replace(snapshot);
        Ok(true)
    }
}
