//! How many questions each list and each search has (and the category menu), kept for
//! [`COUNT_STALENESS`]:
//! counting 100,000 questions (or the tens of thousands a broad search finds) is most of
//! a page's work, and a total that is a second or two behind costs a visitor nothing
//! (the questions themselves are always read fresh). A count a little older is counted
//! again in the background while requests go on with it, so a busy list never waits for
//! a recount; one older than [`COUNT_MAX_AGE`] (a list nobody read for a while), like a
//! first count, is counted while its request waits, once: requests that find it missing
//! at the same moment wait for that one count.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sea_orm::DatabaseConnection;
use store::StoreError;
use store::qna::{self as db, CategoryRow, ListFilter, SearchTotals};

use crate::ApiError;

/// How long a count is reused before it is counted again.
pub const COUNT_STALENESS: Duration = Duration::from_secs(2);

/// The oldest count a request is answered with while it is counted again.
pub const COUNT_MAX_AGE: Duration = Duration::from_secs(4);

/// Counts kept at most per kind (lists by product and searches can be many); past that
/// the oldest goes.
const MAX_KEPT: usize = 1024;

/// A list: its category and product filter.
type ListKey = (Option<i64>, Option<String>);

/// A search: its list and its words.
type SearchKey = (ListKey, Vec<String>);

/// What [`Kept::lookup`] found.
#[derive(Debug, PartialEq, Eq)]
enum Lookup<V> {
    /// Kept and young enough.
    Fresh(V),
    /// Kept but old: this caller (the first to find it so) counts again; until then
    /// the others get the old value as fresh.
    Recount(V),
    /// Never counted, or too old to answer with.
    Missing,
}

/// Values with the moment they were counted, shared with the background recounts, and
/// the counts under way: one caller counts a missing value while the others with the same
/// key wait for it (eight requests arriving together at a list nobody read for a while
/// would otherwise count it eight times at once, each slower for the others).
struct Kept<K, V> {
    values: Arc<Mutex<HashMap<K, (Instant, V)>>>,
    counting: Arc<Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>>,
}

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self {
            values: Arc::default(),
            counting: Arc::default(),
        }
    }
}

impl<K, V> Clone for Kept<K, V> {
    fn clone(&self) -> Self {
        Self {
            values: Arc::clone(&self.values),
            counting: Arc::clone(&self.counting),
        }
    }
}

fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

impl<K: Eq + Hash + Clone + Send + 'static, V: Clone + Send + 'static> Kept<K, V> {
    fn lookup(&self, key: &K, now: Instant) -> Lookup<V> {
        let mut kept = self.lock();
        let Some((at, value)) = kept.get_mut(key) else {
            return Lookup::Missing;
        };
        let age = now.duration_since(*at);
        if age < COUNT_STALENESS {
            return Lookup::Fresh(value.clone());
        }
        if age >= COUNT_MAX_AGE {
            return Lookup::Missing;
        }
        *at = now;
        Lookup::Recount(value.clone())
    }

    fn keep(&self, key: K, now: Instant, value: V) {
        let mut kept = self.lock();
        if kept.len() >= MAX_KEPT && !kept.contains_key(&key) {
            let oldest = kept
                .iter()
                .min_by_key(|(_, (at, _))| *at)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                kept.remove(&oldest);
            }
        }
        kept.insert(key, (now, value));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, (Instant, V)>> {
        locked(&self.values)
    }

    /// The kept value of `key` if it may still answer a request (younger than
    /// [`COUNT_MAX_AGE`]), without starting a recount.
    fn usable(&self, key: &K, now: Instant) -> Option<V> {
        self.lock()
            .get(key)
            .filter(|(at, _)| now.duration_since(*at) < COUNT_MAX_AGE)
            .map(|(_, value)| value.clone())
    }

    /// The turn to count `key`: the same lock for every caller counting it at once.
    fn turn(&self, key: &K) -> Arc<tokio::sync::Mutex<()>> {
        let mut counting = locked(&self.counting);
        if counting.len() >= MAX_KEPT {
            // Turns nobody holds or waits for are only a key and an unlocked lock.
            counting.retain(|_, turn| Arc::strong_count(turn) > 1);
        }
        Arc::clone(counting.entry(key.clone()).or_default())
    }

    /// The value of `key`: kept, or counted by `count` (in the background when an old
    /// one may serve meanwhile; a failed recount keeps the old value another while).
    async fn get<F>(&self, key: K, count: impl FnOnce() -> F) -> Result<V, StoreError>
    where
        F: Future<Output = Result<V, StoreError>> + Send + 'static,
    {
        let now = Instant::now();
        match self.lookup(&key, now) {
            Lookup::Fresh(value) => Ok(value),
            Lookup::Recount(value) => {
                let kept = self.clone();
                let recount = count();
                tokio::spawn(async move {
                    match recount.await {
                        Ok(fresh) => kept.keep(key, Instant::now(), fresh),
                        Err(err) => tracing::warn!("question count failed: {err}"),
                    }
                });
                Ok(value)
            }
            Lookup::Missing => {
                let turn = self.turn(&key);
                let _counting = turn.lock().await;
                // Another caller may have counted it while this one waited.
                if let Some(value) = self.usable(&key, Instant::now()) {
                    return Ok(value);
                }
                let started = Instant::now();
                let value = count().await?;
                self.keep(key, started, value.clone());
                Ok(value)
            }
        }
    }
}

/// The kept counts. Part of the shared state.
#[derive(Default)]
pub struct QuestionCounts {
    lists: Kept<ListKey, u64>,
    searches: Kept<SearchKey, SearchTotals>,
    categories: Kept<(), Arc<[CategoryRow]>>,
}

fn list_key(filter: &ListFilter<'_>) -> ListKey {
    (filter.category_id, filter.offer_id.map(str::to_owned))
}

impl QuestionCounts {
    /// The number of visible questions passing `filter`, at most [`COUNT_MAX_AGE`] old
    /// at most.
    pub async fn count(
        &self,
        db: &DatabaseConnection,
        filter: &ListFilter<'_>,
    ) -> Result<u64, ApiError> {
        let key = list_key(filter);
        let (db, (category_id, offer_id)) = (db.clone(), key.clone());
        let count = || async move {
            let filter = ListFilter {
                category_id,
                offer_id: offer_id.as_deref(),
            };
            db::count_questions(&db, &filter).await
        };
        Ok(self.lists.get(key, count).await?)
    }

    /// The totals of the search for `text` among the questions passing `filter`, at most
    /// [`COUNT_MAX_AGE`] old. Texts with the same words share them.
    pub async fn search_totals(
        &self,
        db: &DatabaseConnection,
        text: &str,
        filter: &ListFilter<'_>,
    ) -> Result<SearchTotals, ApiError> {
        let key = (list_key(filter), db::search_terms(text));
        let (db, ((category_id, offer_id), words)) = (db.clone(), key.clone());
        let count = || async move {
            let filter = ListFilter {
                category_id,
                offer_id: offer_id.as_deref(),
            };
            db::search_totals(&db, &words.join(" "), &filter).await
        };
        Ok(self.searches.get(key, count).await?)
    }

    /// Every category, in menu order, at most [`COUNT_MAX_AGE`] old (a new
    /// category is an operator's change; every list page shows the menu).
    pub async fn categories(
        &self,
        db: &DatabaseConnection,
    ) -> Result<Arc<[CategoryRow]>, ApiError> {
        let db = db.clone();
        let read = || async move { Ok(db::categories(&db).await?.into()) };
        Ok(self.categories.get((), read).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_count_is_recounted_by_the_first_caller_while_the_others_keep_it() {
        let kept: Kept<u8, u64> = Kept::default();
        let start = Instant::now();
        assert_eq!(kept.lookup(&1, start), Lookup::Missing);
        kept.keep(1, start, 40);
        let young = start + Duration::from_millis(1_999);
        assert_eq!(kept.lookup(&1, young), Lookup::Fresh(40));
        let later = start + COUNT_STALENESS;
        assert_eq!(
            kept.lookup(&1, later),
            Lookup::Recount(40),
            "the first caller"
        );
        assert_eq!(kept.lookup(&1, later), Lookup::Fresh(40), "the next ones");
        kept.keep(1, later, 41);
        assert_eq!(kept.lookup(&1, later), Lookup::Fresh(41));
    }

    #[tokio::test]
    async fn an_old_count_is_served_while_it_is_counted_again_in_the_background() {
        let kept: Kept<u8, u64> = Kept::default();
        assert_eq!(kept.get(1, || async { Ok(5) }).await.unwrap(), 5);
        let old = Instant::now().checked_sub(COUNT_STALENESS).unwrap();
        kept.keep(1, old, 5);
        assert_eq!(kept.get(1, || async { Ok(6) }).await.unwrap(), 5);
        for _ in 0..200 {
            if kept.lookup(&1, Instant::now()) == Lookup::Fresh(6) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the background recount never kept its value");
    }

    #[test]
    fn a_count_older_than_the_longest_wait_is_counted_while_the_request_waits() {
        let kept: Kept<u8, u64> = Kept::default();
        let start = Instant::now();
        kept.keep(1, start, 40);
        let old = start + COUNT_MAX_AGE;
        assert_eq!(kept.lookup(&1, old), Lookup::Missing);
    }

    #[tokio::test]
    async fn callers_missing_the_same_count_together_count_it_once() {
        let kept: Kept<u8, u64> = Kept::default();
        let counted = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let callers = (0..8).map(|_| {
            let (kept, counted) = (kept.clone(), Arc::clone(&counted));
            tokio::spawn(async move {
                kept.get(1, || async move {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Ok(counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 7)
                })
                .await
            })
        });
        for caller in callers.collect::<Vec<_>>() {
            assert_eq!(
                caller.await.unwrap().unwrap(),
                7,
                "every caller gets the one count"
            );
        }
        assert_eq!(counted.load(std::sync::atomic::Ordering::SeqCst), 1);
        // Another key is counted on its own.
        assert_eq!(kept.get(2, || async { Ok(9) }).await.unwrap(), 9);
    }

    #[tokio::test]
    async fn a_failed_count_lets_the_next_caller_count() {
        let kept: Kept<u8, u64> = Kept::default();
        let failed = kept
            .get(1, || async {
                Err(StoreError::InvalidData("down".to_owned()))
            })
            .await;
        assert!(failed.is_err());
        assert_eq!(kept.get(1, || async { Ok(3) }).await.unwrap(), 3);
    }

    #[test]
    fn a_full_map_lets_its_oldest_count_go() {
        let kept: Kept<usize, u64> = Kept::default();
        let start = Instant::now();
        for n in 0..=MAX_KEPT {
            kept.keep(n, start + Duration::from_millis(n as u64), 1);
        }
        let now = start + Duration::from_secs(1);
        assert_eq!(kept.lookup(&0, now), Lookup::Missing, "the oldest went");
        assert_eq!(kept.lookup(&1, now), Lookup::Fresh(1));
        assert_eq!(kept.lookup(&MAX_KEPT, now), Lookup::Fresh(1));
    }
}
