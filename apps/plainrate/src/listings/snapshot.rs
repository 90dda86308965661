//! The catalogue view every handler reads: an immutable [`Snapshot`] (the pure
//! [`catalogue::Catalogue`] with the route table and the large-bank issuers, and a cache of
//! finished answers), swapped whole by [`SharedCatalogue`] when the catalogue version in the
//! database changes.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock};

use api_types::offer::RateChange;
use catalogue::rate_moves::{FIELD, RECENT_DAYS};
use catalogue::{Catalogue, LargeBanks, RouteTable, RouteTableError};
use chrono::{DateTime, NaiveDate, Utc};
use offer_model::Offer;
use sea_orm::DatabaseConnection;
use store::catalogue::{Retired, Versioned};
use store::votes::{TargetKind, TotalsFingerprint};

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

/// The large-bank list, relative to the fixtures folder (`FIXTURES_DIR`).
pub const LARGE_BANKS_FILE: &str = "large-banks.json";

/// Reads the large-bank issuers (site-core §5, DECISIONS.md "Large-bank asterisk") from
/// [`LARGE_BANKS_FILE`] in the fixtures folder. Never fails: a missing or invalid file is
/// logged and gives no large banks, so no offer gets the asterisk.
pub fn load_large_banks(fixtures_dir: &Path) -> LargeBanks {
    let file = fixtures_dir.join(LARGE_BANKS_FILE);
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(err) => {
            tracing::warn!(file = %file.display(), %err, "no large-bank list; no issuer gets the large-bank asterisk");
            return LargeBanks::default();
        }
    };
    match LargeBanks::from_json(&text) {
        Ok(banks) => {
            tracing::info!(names = banks.names().len(), "large-bank list loaded");
            banks
        }
        Err(err) => {
            tracing::error!(file = %file.display(), %err, "the large-bank list is not valid; no issuer gets the large-bank asterisk");
            LargeBanks::default()
        }
    }
}

/// One immutable build of the catalogue.
pub struct Snapshot {
    /// The catalogue version it was built from.
    pub version: i64,
    /// The member vote totals it was built with.
    pub votes: TotalsFingerprint,
    catalogue: Catalogue,
    /// The retired offers, looked up by the same names as the offered ones, and when each
    /// was retired: their details pages answer "no longer offered" with 410.
    retired: Catalogue,
    retired_at: HashMap<String, DateTime<Utc>>,
    /// Each product's APY move of the last [`catalogue::rate_moves::RECENT_DAYS`] days, from
    /// its recorded history, as listings mark it.
    rate_changes: HashMap<String, RateChange>,
    /// The day it was built: the recent moves are those of the days before it, so it is
    /// built again on a new day.
    day: Option<NaiveDate>,
    cache: BodyCache,
}

impl Default for Snapshot {
    fn default() -> Self {
        Self::new(0, Vec::new())
    }
}

impl Snapshot {
    /// Builds a snapshot from offers, with the compiled-in route table and no large banks.
    pub fn new(version: i64, offers: Vec<Offer>) -> Self {
        Self::with_large_banks(version, offers, LargeBanks::default())
    }

    /// Builds a snapshot from offers, with the compiled-in route table and the large-bank
    /// issuers.
    pub fn with_large_banks(version: i64, offers: Vec<Offer>, large_banks: LargeBanks) -> Self {
        let catalogue = Catalogue::new(offers)
            .with_routes(route_table().clone())
            .with_large_banks(large_banks);
        Self {
            version,
            votes: TotalsFingerprint::default(),
            catalogue,
            retired: Catalogue::new(Vec::new()),
            retired_at: HashMap::new(),
            rate_changes: HashMap::new(),
            day: None,
            cache: BodyCache::new(version),
        }
    }

    /// The same snapshot with these retired offers.
    pub fn with_retired(mut self, retired: Vec<Retired>) -> Self {
        self.retired_at = retired
            .iter()
            .map(|r| (r.offer.identity.id.as_str().to_owned(), r.retired_at))
            .collect();
        self.retired = Catalogue::new(retired.into_iter().map(|r| r.offer).collect())
            .with_large_banks(self.catalogue.large_banks().clone());
        self
    }

    /// The same snapshot with the APY moves recorded since `day` less
    /// [`catalogue::rate_moves::RECENT_DAYS`] (`recent`, oldest first; a product's latest
    /// move is the one marked).
    pub fn with_rate_changes(
        mut self,
        day: NaiveDate,
        recent: Vec<(String, store::catalogue::history::FigureChange)>,
    ) -> Self {
        for (offer, change) in recent {
            let field = catalogue::refresh::FieldChange {
                field: change.field,
                old: change.old,
                new: change.new,
            };
            let Some(moved) = catalogue::rate_moves::RateMove::of(&field) else {
                // A later change that is no move (a rate no longer given) ends the mark.
                self.rate_changes.remove(&offer);
                continue;
            };
            self.rate_changes.insert(
                offer,
                RateChange {
                    summary: moved.describe(),
                    date: change.recorded_at.format("%Y-%m-%d").to_string(),
                    old: field.old.unwrap_or_default(),
                    new: field.new.unwrap_or_default(),
                    up: moved.is_up(),
                },
            );
        }
        self.day = Some(day);
        self
    }

    /// The recent APY move of the product with this id.
    pub fn rate_change(&self, id: &str) -> Option<&RateChange> {
        self.rate_changes.get(id)
    }

    /// The offer with this id or `PID`, offered or retired: what members wrote about a
    /// retired product stays readable on its page.
    pub fn offer_or_retired(&self, id: &str) -> Option<&Offer> {
        self.catalogue.offer(id).or_else(|| self.retired.offer(id))
    }

    /// The retired offers (their details pages say they are no longer offered).
    pub fn retired(&self) -> &Catalogue {
        &self.retired
    }

    /// When the retired offer with this id was retired.
    pub fn retired_at(&self, id: &str) -> Option<DateTime<Utc>> {
        self.retired_at.get(id).copied()
    }

    /// The retired offers with when each was retired, for the next rebuild.
    fn retired_list(&self) -> Vec<Retired> {
        self.retired
            .offers()
            .iter()
            .filter_map(|offer| {
                self.retired_at(offer.identity.id.as_str())
                    .map(|retired_at| Retired {
                        offer: offer.clone(),
                        retired_at,
                    })
            })
            .collect()
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
    /// The large-bank issuers every rebuild is made with (read once at start-up).
    large_banks: Arc<LargeBanks>,
}

impl SharedCatalogue {
    /// An empty catalogue whose rebuilds mark the offers of these large-bank issuers.
    pub fn new(large_banks: LargeBanks) -> Self {
        Self {
            large_banks: Arc::new(large_banks),
            ..Self::default()
        }
    }

    /// The large-bank issuers rebuilds are made with.
    pub fn large_banks(&self) -> &LargeBanks {
        &self.large_banks
    }

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

    /// Rebuilds from the database when its catalogue version or its member vote totals
    /// differ from the snapshot's: loads the offers when the catalogue changed (every offer
    /// with its version, in one read transaction), folds in the vote totals, builds the
    /// view and warms the cache off the async threads, then swaps the snapshot in. Returns
    /// whether it rebuilt.
    ///
    /// This is how member votes show in the cached reads: the answers stay finished bytes
    /// between rebuilds, and a vote is in every read after the next check (see
    /// `Settings::catalogue_poll_secs`, and DECISIONS.md "How fresh vote counts are").
    pub async fn refresh(&self, db: &DatabaseConnection) -> Result<bool, store::StoreError> {
        let _one_at_a_time = self.rebuilding.lock().await;
        let current = self.snapshot();
        let stored = store::meta::catalogue_version(db).await?;
        // Read before the totals: a vote between the two reads only makes the next check
        // rebuild again.
        let votes = store::votes::totals_fingerprint(db).await?;
        let today = Utc::now().date_naive();
        if stored == current.version && votes == current.votes && current.day == Some(today) {
            return Ok(false);
        }
        let began = std::time::Instant::now();
        let Versioned {
            version,
            offers,
            retired,
        } = if stored == current.version {
            Versioned {
                version: current.version,
                offers: current.offers().to_vec(),
                retired: current.retired_list(),
            }
        } else {
            store::catalogue::load_versioned(db).await?
        };
        // After the offers: the moves of the version read, or of a later one (never fewer).
        let since = Utc::now() - chrono::Duration::days(i64::from(RECENT_DAYS));
        let recent = store::catalogue::history::recent(db, FIELD, since).await?;
        let products = store::votes::tallies(db, TargetKind::Product).await?;
        let institutions = store::votes::tallies(db, TargetKind::Institution).await?;
        let large_banks = LargeBanks::clone(&self.large_banks);
        let build = move || {
            let offers = with_member_votes(offers, &products, &institutions);
            // A retired product's page still shows its members' ratings.
            let (retired_offers, retired_at): (Vec<Offer>, Vec<_>) =
                retired.into_iter().map(|r| (r.offer, r.retired_at)).unzip();
            let retired = with_member_votes(retired_offers, &products, &institutions)
                .into_iter()
                .zip(retired_at)
                .map(|(offer, retired_at)| Retired { offer, retired_at })
                .collect();
            let mut snapshot = Snapshot::with_large_banks(version, offers, large_banks)
                .with_retired(retired)
                .with_rate_changes(today, recent);
            snapshot.votes = votes;
            super::api::warm(&snapshot);
            snapshot
        };
        let snapshot = tokio::task::spawn_blocking(build).await.map_err(|err| {
            store::StoreError::InvalidData(format!("building the catalogue view failed: {err}"))
        })?;
        self.replace(snapshot);
        crate::telemetry::catalogue_rebuild(began.elapsed());
        Ok(true)
    }
}

/// The offers with their member vote count and mean set from the totals: products from
/// the product totals, institutions from the institution totals.
pub fn with_member_votes(
    mut offers: Vec<Offer>,
    products: &[(String, store::votes::Tally)],
    institutions: &[(String, store::votes::Tally)],
) -> Vec<Offer> {
    use std::collections::HashMap;
    let products: HashMap<&str, store::votes::Tally> =
        products.iter().map(|(id, t)| (id.as_str(), *t)).collect();
    let institutions: HashMap<&str, store::votes::Tally> = institutions
        .iter()
        .map(|(id, t)| (id.as_str(), *t))
        .collect();
    for offer in &mut offers {
        let totals = if offer.product_type == offer_model::product_type::ProductType::Institution {
            &institutions
        } else {
            &products
        };
        // Offers nobody voted on keep what the catalogue says (the public data carries no
        // counts; imported data may).
        if let Some(tally) = totals
            .get(offer.identity.id.as_str())
            .filter(|t| t.votes > 0)
        {
            offer.ratings.reviews = Some(tally.votes);
            offer.ratings.member_rating = tally.mean();
        }
    }
    offers
}
