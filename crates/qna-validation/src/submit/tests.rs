use super::*;

#[test]
fn new_guard_is_idle() {
    assert!(!SubmitGuard::new().is_saving());
}

#[test]
fn first_submission_starts_a_save() {
    let mut guard = SubmitGuard::new();
    assert_eq!(guard.begin(), Ok(()));
    assert!(guard.is_saving());
}

#[test]
fn submission_during_a_save_is_ignored() {
    let mut guard = SubmitGuard::new();
    guard.begin().unwrap();
    assert_eq!(guard.begin(), Err(AlreadySaving));
    assert!(guard.is_saving());
}

#[test]
fn submission_after_finish_starts_a_new_save() {
    let mut guard = SubmitGuard::new();
    guard.begin().unwrap();
    guard.finish();
    assert!(!guard.is_saving());
    assert_eq!(guard.begin(), Ok(()));
}

#[test]
fn finishing_an_idle_guard_keeps_it_idle() {
    let mut guard = SubmitGuard::new();
    guard.finish();
    assert!(!guard.is_saving());
}
