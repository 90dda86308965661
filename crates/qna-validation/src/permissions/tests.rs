use super::*;

#[test]
fn guest_asks_through_the_email_step() {
    assert_eq!(
        Actor::Guest.can_post(Post::Question),
        Ok(PostRoute::GuestVerification)
    );
}

#[test]
fn guest_reply_needs_sign_in() {
    assert_eq!(
        Actor::Guest.can_post(Post::Reply),
        Err(PermissionError::SignInRequired {
            action: Action::Reply
        })
    );
}

#[test]
fn guest_vote_needs_sign_in() {
    assert_eq!(
        Actor::Guest.can_vote(),
        Err(PermissionError::SignInRequired {
            action: Action::Vote
        })
    );
}

#[test]
fn guest_edit_needs_sign_in() {
    assert_eq!(
        Actor::Guest.can_edit(),
        Err(PermissionError::SignInRequired {
            action: Action::Edit
        })
    );
}

#[test]
fn member_posts_directly() {
    assert_eq!(
        Actor::Member.can_post(Post::Question),
        Ok(PostRoute::Direct)
    );
    assert_eq!(Actor::Member.can_post(Post::Reply), Ok(PostRoute::Direct));
}

#[test]
fn member_may_vote_and_edit() {
    assert_eq!(Actor::Member.can_vote(), Ok(()));
    assert_eq!(Actor::Member.can_edit(), Ok(()));
}

#[test]
fn delegated_session_may_not_do_any_write() {
    for action in [
        Action::AskQuestion,
        Action::Reply,
        Action::Vote,
        Action::Edit,
    ] {
        assert_eq!(
            Actor::Delegated.can(action),
            Err(PermissionError::Delegated { action })
        );
    }
}

#[test]
fn delegated_error_displays_the_spec_message() {
    assert_eq!(
        Actor::Delegated.can_vote().unwrap_err().to_string(),
        "Oops. You don't have permission to make edits on this account."
    );
}

#[test]
fn sign_in_error_names_the_action() {
    assert_eq!(
        Actor::Guest.can_vote().unwrap_err().to_string(),
        "sign-in required to vote"
    );
}

#[test]
fn actors_serialize_in_camel_case() {
    assert_eq!(
        serde_json::to_string(&Actor::Delegated).unwrap(),
        "\"delegated\""
    );
    assert_eq!(
        serde_json::to_string(&PostRoute::GuestVerification).unwrap(),
        "\"guestVerification\""
    );
}
