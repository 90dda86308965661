use super::*;

#[test]
fn reads_and_writes_both_kinds() {
    for text in [
        "product:a:1",
        "institution:fdic-628:5",
        "product:id:with:colons:4",
    ] {
        assert_eq!(PendingVote::parse(text).unwrap().to_string(), text);
    }
    let vote = PendingVote::parse("product:id:with:colons:4").unwrap();
    assert_eq!(vote.target, "id:with:colons");
}

#[test]
fn refuses_what_is_not_a_vote() {
    use PendingVoteError::*;
    for (text, error) in [
        ("", Malformed),
        ("product", Malformed),
        ("product:3", Malformed),
        ("answer:a:3", Malformed),
        ("product::3", BadTarget),
        ("product:a\nb:3", BadTarget),
        ("product:a:0", BadStars),
        ("product:a:6", BadStars),
        ("product:a:2.5", BadStars),
    ] {
        assert_eq!(PendingVote::parse(text), Err(error), "{text:?}");
    }
    let long = format!("product:{}:3", "x".repeat(MAX_TARGET_CHARS + 1));
    assert_eq!(PendingVote::parse(&long), Err(BadTarget));
    let longest = format!("product:{}:3", "x".repeat(MAX_TARGET_CHARS));
    assert!(PendingVote::parse(&longest).is_ok());
}
