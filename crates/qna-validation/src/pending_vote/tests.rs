use super::*;

#[test]
fn every_kind_and_direction_reads_back_as_written() {
    for text in [
        "question:1:up",
        "answer:12:down",
        "review:9223372036854775807:up",
    ] {
        assert_eq!(PendingQnaVote::parse(text).unwrap().to_string(), text);
    }
}

#[test]
fn other_texts_are_refused_with_their_reason() {
    use PendingQnaVoteError::*;
    for (text, error) in [
        ("", Malformed),
        ("answer:12", Malformed),
        ("answer:12:up:more", Malformed),
        ("product:card:3", Malformed),
        ("Answer:12:up", Malformed),
        ("answer:0:up", BadId),
        ("answer:-3:up", BadId),
        ("answer:+3:up", BadId),
        ("answer: 3:up", BadId),
        ("answer:99999999999999999999:up", BadId),
        ("answer::up", BadId),
        ("answer:3:UP", BadDirection),
        ("answer:3:1", BadDirection),
    ] {
        assert_eq!(PendingQnaVote::parse(text), Err(error), "{text:?}");
    }
}
