//! Every number, message and label the community specification gives for the
//! question-and-answer box, the ask overlay, the text-message dialog, the
//! helpful widget and the experts gallery (community §2, §4, §5, §8, §9),
//! with the fixes of `DECISIONS.md`.
//!
//! Messages are the exact text users see; the validators' errors display them.

#[cfg(test)]
mod tests;

// --- Question box and ask overlay (community §5, §9) ---

/// "Question: at least 3 words" (community §9).
pub const QUESTION_MIN_WORDS: usize = 3;

/// "Question: … at most 140 characters" (community §9).
pub const QUESTION_MAX_CHARS: usize = 140;

/// Shown when a question has fewer than [`QUESTION_MIN_WORDS`] words (community §5).
pub const QUESTION_MIN_WORDS_MESSAGE: &str = "Question must have at least 3 words.";

/// Shown when a question has more than [`QUESTION_MAX_CHARS`] characters
/// (community §5, with the "more then" typo fixed by `DECISIONS.md`).
pub const QUESTION_MAX_CHARS_MESSAGE: &str = "Question cannot have more than 140 chars.";

/// Shown when several categories exist and none is chosen (community §5).
pub const CATEGORY_REQUIRED_MESSAGE: &str = "Please select a category.";

/// Shown when a guest e-mail, when given, does not match the pattern (community §5).
pub const GUEST_EMAIL_MESSAGE: &str = "Please enter a correct Email Address.";

/// The longest accepted guest e-mail address, in characters (the length of
/// an address that fits an SMTP path; set by the product brief, not the spec).
pub const GUEST_EMAIL_MAX_CHARS: usize = 254;

/// The longest domain label of an e-mail address, in characters (WHATWG and RFC 1034).
pub const EMAIL_LABEL_MAX_CHARS: usize = 63;

/// "One-time code: 6 digits" (community §9).
pub const ONE_TIME_CODE_DIGITS: usize = 6;

/// Shown when the one-time code is not exactly [`ONE_TIME_CODE_DIGITS`] digits (community §5).
pub const ONE_TIME_CODE_MESSAGE: &str =
    "Please enter the 6-digit numerical code that we sent to your email.";

/// Minutes an e-mailed one-time code works.
pub const ONE_TIME_CODE_LIFETIME_MINUTES: i64 = 10;

/// Wrong codes before a one-time code stops working.
pub const ONE_TIME_CODE_MAX_ATTEMPTS: u32 = 5;

/// Times a one-time code is sent again for one question.
pub const ONE_TIME_CODE_MAX_RESENDS: u32 = 3;

/// Minutes an e-mailed sign-in link works.
pub const SIGN_IN_LINK_LIFETIME_MINUTES: i64 = 10;

/// Minutes an e-mailed password-reset link works.
pub const RESET_LINK_LIFETIME_MINUTES: i64 = 30;

/// Hours an e-mailed link that confirms an address (a new member's, or a new one) works.
pub const EMAIL_CONFIRMATION_LIFETIME_HOURS: i64 = 48;

/// Questions on one page of the list.
pub const QUESTIONS_PER_PAGE: u32 = 10;

/// Answers fetched by one "View more answers" (and on a question's page).
pub const ANSWERS_PER_PAGE: u64 = 10;

/// Questions offered as similar while a question is typed.
pub const SIMILAR_QUESTIONS: u32 = 5;

/// Characters of an answer's short version.
pub const SHORT_ANSWER_CHARS: usize = 280;

/// "Reply: at least 30 characters" after trimming (community §9).
pub const REPLY_MIN_CHARS: usize = 30;

/// Shown when a trimmed reply has fewer than [`REPLY_MIN_CHARS`] characters (community §5).
pub const REPLY_MIN_CHARS_MESSAGE: &str = "Content must have 30 characters.";

/// A written review of a product: at least this many characters after cleaning and
/// trimming (the same floor as a reply).
pub const REVIEW_MIN_CHARS: usize = 30;

/// Shown when a review is shorter than [`REVIEW_MIN_CHARS`].
pub const REVIEW_MIN_CHARS_MESSAGE: &str = "A review must have at least 30 characters.";

/// A written review is short: at most this many characters.
pub const REVIEW_MAX_CHARS: usize = 2_000;

/// Shown when a review is longer than [`REVIEW_MAX_CHARS`].
pub const REVIEW_MAX_CHARS_MESSAGE: &str = "A review cannot have more than 2,000 characters.";

/// "Search: minimum 2 characters" of trimmed text before search mode starts (community §4, §9).
pub const SEARCH_MIN_CHARS: usize = 2;

/// "Search: … debounce 200 ms" (community §4, §9).
pub const SEARCH_DEBOUNCE_MS: u32 = 200;

/// Shown when a delegated or auth-user session tries to post, vote or edit
/// (community §5, §8; site-core §6). Defined once, beside the delegated-session flag, in
/// `visitor-state`.
pub use visitor_state::status::PERMISSION_DENIED_MESSAGE;

/// The start of the server's profanity message (community §5); the whole
/// message is built by [`crate::profanity::profanity_message`].
pub const PROFANITY_MESSAGE_PREFIX: &str = "Profanity is not allowed, including words such as";

/// "Error toast: 2200 ms" for the community widgets (community §9; `DECISIONS.md`).
pub const ERROR_TOAST_MS: u32 = 2200;

// --- Sorting and paging (community §2, §4, §9) ---

/// Sort key of 'Most Popular', the default sort (community §4, §9).
pub const SORT_KEY_MOST_POPULAR: &str = "mp";

/// Sort key of 'Most Upvotes' (community §4, §9).
pub const SORT_KEY_MOST_UPVOTES: &str = "mv";

/// Label of the default sort (community §4).
pub const SORT_LABEL_MOST_POPULAR: &str = "Most Popular";

/// Label of the upvote sort (community §4).
pub const SORT_LABEL_MOST_UPVOTES: &str = "Most Upvotes";

/// "Pagination query parameter default name: qpage" (community §2, §9).
pub const PAGE_PARAM_DEFAULT: &str = "qpage";

/// The highest page number a `qpage` value may ask for; larger values count
/// as invalid and give page 1. Not in the spec: chosen so that a page number
/// always fits the server's queries and a browser's safe integers.
pub const PAGE_MAX: u32 = 10_000;

/// Label of the button that reveals further answers (community §4).
pub const VIEW_MORE_ANSWERS_LABEL: &str = "View more answers";

// --- Links (community §2) ---

/// "A link to the general answers section at /answers/ is shown" (community §2);
/// also the prefix of every question link.
pub const ANSWERS_LINK: &str = "/answers/";

/// Path of the report-abuse page (community §2).
pub const REPORT_ABUSE_PATH: &str = "/report-abuse/";

/// The longest question slug, in characters. Not in the spec: long enough for
/// the first dozen words of a 140-character question, short enough for a URL.
pub const SLUG_MAX_CHARS: usize = 80;

/// The slug of a question whose title has no ASCII letter or digit left
/// after transliteration (for example a title written in Chinese).
pub const SLUG_FALLBACK: &str = "question";

// --- Text-message dialog (community §4, §8, §9) ---

/// "Phone: 10 digits" (community §9).
pub const US_PHONE_DIGITS: usize = 10;

/// The country code a typed phone number may start with, once separators are
/// removed (not in the spec: see [`crate::text_message`]).
pub const US_COUNTRY_CODE_PREFIX: &str = "+1";

/// Shown when the phone number is not 10 digits (community §5).
pub const US_PHONE_MESSAGE: &str = "Please enter a valid US number";

/// Shown when the server answers the text-message request with an error (community §8).
pub const TEXT_MESSAGE_FAILED_MESSAGE: &str = "Failed. Please check your phone number.";

/// The message code with which the server refuses repeated text-message requests (community §8).
pub const REQUEST_LOCKED_BY_FILTER: &str = "REQUEST_LOCKED_BY_FILTER";

/// Shown, with store links and Close, for [`REQUEST_LOCKED_BY_FILTER`] (community §8).
pub const TEXT_MESSAGE_LOCKED_MESSAGE: &str = "Apologies, but we could not send you an SMS due to repeated attempts. Please go directly to the App Store or Google Play and search for the app.";

/// Shown when the text message was sent (community §8).
pub const TEXT_MESSAGE_SENT_MESSAGE: &str =
    "Awesome! You should be receiving a text with the download link shortly.";

/// The answer to the same request again within moments of a text it sent: nothing more is
/// sent, so it says the text already went rather than that one is on its way.
pub const TEXT_MESSAGE_ALREADY_SENT_MESSAGE: &str = "We sent a text with the download link to this number a moment ago, so no new one is on its way.";

/// "Notice: the service is free, standard message rates apply." (community §9).
pub const TEXT_MESSAGE_NOTICE: &str = "The service is free, standard message rates apply.";

// --- Helpful widget (community §4, §5, §8, §9) ---

/// "Minimum feedback length 10" characters of the cleaned reason (community §9; `DECISIONS.md`).
pub const FEEDBACK_REASON_MIN_CHARS: usize = 10;

/// Shown when the cleaned reason is shorter than [`FEEDBACK_REASON_MIN_CHARS`]
/// (`DECISIONS.md`: the rule and its message agree on 10).
pub const FEEDBACK_REASON_MESSAGE: &str = "Content must have at least 10 characters.";

/// Shown when sending helpful feedback fails (community §8).
pub const HELPFUL_ERROR_MESSAGE: &str = "We encountered an error. Please retry";

/// "type (default EDU)" of the helpful feedback (community §3).
pub const FEEDBACK_TYPE_DEFAULT: &str = "EDU";

/// "The vote is remembered 7 days per page" (community §4, §9), in milliseconds: the
/// lifetime [`crate::helpful`] passes to the shared rule
/// [`visitor_state::lifetime::is_live`].
pub const HELPFUL_VOTE_MEMORY_MS: i64 = 7 * 24 * 60 * 60 * 1000;

// --- Experts gallery (community §2, §4, §9) ---

/// "Experts per page comes from an option (6 in the compiled gallery)" (community §9).
pub const EXPERTS_PER_PAGE: usize = 6;

/// "Scroll offset -100" pixels, added to an expert's position when scrolling to it (community §9).
pub const EXPERTS_SCROLL_OFFSET_PX: i64 = -100;

/// The key of the experts deep link in the URL fragment, `expert={hashtag without #}` (community §2).
pub const EXPERT_FRAGMENT_KEY: &str = "expert";

/// Label of the button that returns to the grid (community §2).
pub const BACK_TO_ALL_EXPERTS_LABEL: &str = "Back to All Experts";

/// Label of the button that shows the next page of experts (community §2).
pub const MORE_EXPERTS_LABEL: &str = "More Experts";
