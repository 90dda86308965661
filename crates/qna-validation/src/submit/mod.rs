//! "A submission is ignored while a save is already in progress" (community §5):
//! a guard that lets one save run at a time.

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// A submission was made while a save was already in progress; it is ignored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a save is already in progress")]
pub struct AlreadySaving;

/// Whether a save is in progress. Starts idle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmitGuard {
    saving: bool,
}

impl SubmitGuard {
    /// An idle guard.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a save, or refuses when one is already in progress.
    ///
    /// ```
    /// use qna_validation::submit::{AlreadySaving, SubmitGuard};
    /// let mut guard = SubmitGuard::new();
    /// assert_eq!(guard.begin(), Ok(()));
    /// assert_eq!(guard.begin(), Err(AlreadySaving));
    /// guard.finish();
    /// assert_eq!(guard.begin(), Ok(()));
    /// ```
    pub fn begin(&mut self) -> Result<(), AlreadySaving> {
        if self.saving {
            return Err(AlreadySaving);
        }
        self.saving = true;
        Ok(())
    }

    /// Ends the save in progress, whether it succeeded or failed (idle again;
    /// calling it when idle does nothing).
    pub fn finish(&mut self) {
        self.saving = false;
    }

    /// Whether a save is in progress.
    #[must_use]
    pub fn is_saving(&self) -> bool {
        self.saving
    }
}
