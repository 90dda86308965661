use super::*;

#[test]
fn hashtags_match_ignoring_case() {
    assert!(hashtag_matches("#JaneDoe", "#JANEDOE"));
    assert!(hashtag_matches("#ÉLISE", "#élise"));
}

#[test]
fn hashtags_match_with_or_without_the_leading_hash() {
    assert!(hashtag_matches("#JaneDoe", "janedoe"));
    assert!(hashtag_matches("JaneDoe", "#janedoe"));
    assert!(hashtag_matches("janedoe", "janedoe"));
}

#[test]
fn only_one_leading_hash_is_ignored() {
    assert!(!hashtag_matches("#JaneDoe", "##JaneDoe"));
}

#[test]
fn different_hashtags_do_not_match() {
    assert!(!hashtag_matches("#JaneDoe", "#JaneDo"));
    assert!(!hashtag_matches("#JaneDoe", "# JaneDoe"));
}

#[test]
fn empty_hashtags_never_match() {
    assert!(!hashtag_matches("", ""));
    assert!(!hashtag_matches("#", "#"));
}

#[test]
fn fragment_holds_the_hashtag_without_hash() {
    assert_eq!(expert_fragment("#JohnSmith"), "expert=JohnSmith");
    assert_eq!(expert_fragment("JohnSmith"), "expert=JohnSmith");
}

#[test]
fn fragment_encodes_unusual_hashtags() {
    assert_eq!(expert_fragment("#Jo Ann&Co"), "expert=Jo%20Ann%26Co");
}

#[test]
fn fragment_reads_back_the_hashtag() {
    assert_eq!(
        expert_from_fragment(&format!("#{}", expert_fragment("#Jo Ann&Co"))).as_deref(),
        Some("Jo Ann&Co")
    );
}

#[test]
fn fragment_without_an_expert_entry_gives_none() {
    assert_eq!(expert_from_fragment(""), None);
    assert_eq!(expert_from_fragment("#sp=597&srt=mv"), None);
    assert_eq!(expert_from_fragment("#experts=x"), None);
    assert_eq!(expert_from_fragment("#expert="), None);
    assert_eq!(expert_from_fragment("#expert=%E0"), None);
}

#[test]
fn zero_per_page_means_six() {
    assert_eq!(effective_per_page(0), 6);
    assert_eq!(effective_per_page(4), 4);
}

#[test]
fn page_count_rounds_up() {
    assert_eq!(experts_page_count(6, 6), 1);
    assert_eq!(experts_page_count(7, 6), 2);
    assert_eq!(experts_page_count(12, 6), 2);
    assert_eq!(experts_page_count(13, 0), 3);
}

#[test]
fn more_advances_to_the_next_page() {
    assert_eq!(next_experts_page(1, 13, 6), 2);
    assert_eq!(next_experts_page(2, 13, 6), 3);
}

#[test]
fn more_wraps_from_the_last_page_to_the_first() {
    assert_eq!(next_experts_page(3, 13, 6), 1);
    assert_eq!(next_experts_page(1, 6, 6), 1);
}

#[test]
fn more_from_past_the_last_page_or_an_empty_gallery_gives_page_one() {
    assert_eq!(next_experts_page(9, 13, 6), 1);
    assert_eq!(next_experts_page(1, 0, 6), 1);
    assert_eq!(next_experts_page(usize::MAX, usize::MAX, 1), 1);
}

#[test]
fn pages_hold_per_page_experts_and_the_last_holds_the_rest() {
    assert_eq!(experts_on_page(1, 13, 6), 0..6);
    assert_eq!(experts_on_page(2, 13, 6), 6..12);
    assert_eq!(experts_on_page(3, 13, 6), 12..13);
}

#[test]
fn page_past_the_last_is_empty_and_page_zero_is_the_first() {
    assert_eq!(experts_on_page(4, 13, 6), 13..13);
    assert_eq!(experts_on_page(0, 13, 6), 0..6);
    assert_eq!(experts_on_page(usize::MAX, 13, 6), 13..13);
}

#[test]
fn scroll_target_is_100_pixels_above() {
    assert_eq!(expert_scroll_target(100), 0);
    assert_eq!(expert_scroll_target(0), -100);
    assert_eq!(expert_scroll_target(i64::MIN), i64::MIN);
}
