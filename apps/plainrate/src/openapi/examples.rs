//! The example values the document gives: where one names a thing, a real thing of the
//! shipped fixtures (`fixtures/`), so a caller, and the contract run, can try an
//! operation and see it succeed. The contract run sends each first; an operation none
//! of whose cases succeeds fails it.

/// A credit card's offer id: Chase Freedom Unlimited, from the CFPB card survey.
pub const CARD_ID: &str = "tccp-jpmorgan-chase-bank-freedom-unlimited";

/// The same card's PID.
pub const CARD_PID: &str = "3a9ea798ce73485fc8456280fd4b1816";

/// The same card's details-page name.
pub const CARD_PAGE: &str = "jpmorgan-chase-bank-freedom-unlimited";

/// Two cards to compare: the card above and Capital One Quicksilver Rewards.
pub const TWO_CARDS: &str = "tccp-jpmorgan-chase-bank-freedom-unlimited,tccp-capital-one-quicksilver-rewards-non-ranged-apr-offering";

/// The card's illustration.
pub const CARD_ART: &str = "tccp-jpmorgan-chase-bank-freedom-unlimited.svg";

/// The redirect id of the card (its PID followed by `c`).
pub const CARD_REDIRECT: &str = "3a9ea798ce73485fc8456280fd4b1816c";

/// An institution's id: JPMorgan Chase Bank, by its FDIC certificate.
pub const INSTITUTION_ID: &str = "fdic-628";

/// A listing route.
pub const ROUTE: &str = "/credit-cards/secured";

/// A product type key.
pub const PRODUCT_TYPE: &str = "savings";

/// An editorial content page.
pub const CONTENT_PATH: &str = "/rating-methodologies";

/// The first question of the community fixture (`fixtures/qna/community.json`) and its
/// first answer.
pub const QUESTION_ID: &str = "1";

/// The first answer of [`QUESTION_ID`].
pub const ANSWER_ID: &str = "1";

/// A search that finds products, institutions and questions.
pub const SEARCH: &str = "cash back";

/// A new member's e-mail address (`example.com` is reserved for examples).
pub const NEW_EMAIL: &str = "new-member@example.com";

/// A password the sign-up accepts.
pub const PASSWORD: &str = "correct horse battery staple";

/// A display name.
pub const NAME: &str = "New Member";

/// A light sign-up's e-mail address.
pub const LIGHT_EMAIL: &str = "light-member@example.com";

/// A guest's e-mail address for an asked question's code.
pub const GUEST_EMAIL: &str = "guest@example.com";

/// A question the ask rule accepts.
pub const QUESTION_TITLE: &str =
    "Does a CD's early withdrawal penalty apply after the grace period?";

/// An answer the answer rule accepts (30 characters or more).
pub const ANSWER: &str =
    "Usually not: a withdrawal during the grace period after renewal carries no penalty.";

/// A review the review rule accepts (30 characters or more).
pub const REVIEW: &str =
    "Easy to use and no annual fee; the rewards are paid as a statement credit.";

/// A moderation or report reason.
pub const REASON: &str = "Off-topic: not about the product.";

/// A US phone number for the app link (555-01XX numbers are reserved for fiction).
pub const PHONE: &str = "5550100123";

/// An article id and address for the helpful widget.
pub const POST_ID: &str = "rating-methodologies";

/// The address of [`POST_ID`].
pub const POST_URL: &str = "/rating-methodologies";
