//! How many questions each list has, kept for [`COUNT_STALENESS`]: counting 100,000
//! questions is most of a list page's work, and a total that is a second or two behind
//! costs a visitor nothing (the questions themselves are always read fresh).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sea_orm::DatabaseConnection;
use store::qna::{self as db, ListFilter};

use crate::ApiError;

/// How long a count is reused.
pub const COUNT_STALENESS: Duration = Duration::from_secs(2);

/// Counts kept at most (lists by product can be many); past that the map starts over.
const MAX_KEPT: usize = 1024;

type Key = (Option<i64>, Option<String>);

/// The kept counts, by category and product filter. Part of the shared state.
#[derive(Default)]
pub struct QuestionCounts {
    kept: Mutex<HashMap<Key, (Instant, u64)>>,
}

impl QuestionCounts {
    /// The number of visible questions passing `filter`, at most [`COUNT_STALENESS`] old.
    pub async fn count(
        &self,
        db: &DatabaseConnection,
        filter: &ListFilter<'_>,
    ) -> Result<u64, ApiError> {
        let key: Key = (filter.category_id, filter.offer_id.map(str::to_owned));
        let now = Instant::now();
        if let Some((at, n)) = self.lock().get(&key)
            && now.duration_since(*at) < COUNT_STALENESS
        {
            return Ok(*n);
        }
        let n = db::count_questions(db, filter).await?;
        let mut kept = self.lock();
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(key, (now, n));
        Ok(n)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, (Instant, u64)>> {
        match self.kept.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}
