//! Every action of the dispatch endpoint, described for the OpenAPI document.

use api_types::alerts::AlertsView;
use api_types::dialogs::{ExpertsGalleryResponse, HelpfulFeedbackResponse, TextMessageResponse};
use api_types::listing::{CompareResponse, InstitutionResponse, ListingResponse, RoutesResponse};
use api_types::members::{
    AccountNotice, LightSignUpResponse, PrivateInfo, SignedInResponse, SignedOut,
};
use api_types::offer::OfferSummary;
use api_types::protocol::MyIpResponse;
use api_types::qna::{
    AnswerPostResponse, AnswersResponse, AskResponse, ModerationQueueResponse, QnaDone,
    QnaVoteResponse, QuestionListResponse, QuestionResponse,
};
use api_types::rating::RateResponse;
use api_types::review::{ReviewWriteResponse, ReviewsResponse};

use catalogue::query::MAX_PER_PAGE;
use qna_validation::constants::{
    FEEDBACK_REASON_MIN_CHARS, GUEST_EMAIL_MAX_CHARS, ONE_TIME_CODE_DIGITS, PAGE_MAX,
    QUESTION_MAX_CHARS, QUESTION_MIN_WORDS, REPLY_MIN_CHARS, REVIEW_MAX_CHARS, REVIEW_MIN_CHARS,
};
use qna_validation::lengths;
use ratings::constants::{MAX_STARS, MIN_STARS};

use super::examples as ex;
use super::model::{ActionDoc, Answer, Kind, Param, Refusal, schema_of};

/// The need keys a listing takes.
pub(super) fn need_keys() -> Vec<&'static str> {
    offer_model::needs::NeedKey::ALL
        .iter()
        .map(|n| n.key())
        .collect()
}

/// The customer scenario keys a listing takes.
pub(super) fn scenario_keys() -> Vec<&'static str> {
    offer_model::scenarios::Scenario::ALL
        .iter()
        .map(|s| s.key())
        .collect()
}

/// The listing orders.
pub(super) fn listing_sorts() -> Vec<&'static str> {
    catalogue::order::SortKey::ALL
        .iter()
        .map(|k| k.key())
        .collect()
}

/// The plain form of a US phone number the phone rule reads
/// (`qna_validation::text_message::UsPhone`): ten digits, or `+1` and ten digits.
const US_PHONE_PATTERN: &str = "^(\\+1)?[0-9]{10}$";

/// What a vote, report or moderation action is about (`kind`).
const ITEM_KINDS: &[&str] = &["question", "answer", "review"];

/// The report link's short form of `kind` (`t`).
const ITEM_LETTERS: &[&str] = &["q", "a", "r"];

/// The `kind` parameter of `Qna.Vote`, `Qna.Report`, `Qna.Hide` and `Qna.Restore`.
const KIND: Param = Param::required(
    "kind",
    Kind::OneOf(ITEM_KINDS),
    "What the item is (the server also reads t in its place).",
)
.example("question");

/// The `t` parameter: `kind` as the report link names it.
const KIND_LETTER: Param = Param::optional(
    "t",
    Kind::OneOf(ITEM_LETTERS),
    "The kind as a letter (q, a or r), read when kind is absent.",
);

/// A listing alert's APY threshold: 0 to 25, up to two decimals.
const MIN_APY_PATTERN: &str = "^(([0-9]|1[0-9]|2[0-4])(\\.[0-9]{1,2})?|25(\\.0{1,2})?)$";

/// The `id` parameter of an item.
const ITEM_ID: Param =
    Param::required("id", Kind::Integer, "The item's id.").example(ex::QUESTION_ID);

/// Every registered action, in the order of `rpc::action_names()` (sorted by name).
pub const ACTIONS: &[ActionDoc] = &[
    ActionDoc {
        name: "Alerts.Follow",
        summary: "Follow every change of a product's figures. Answers the member's alerts.",
        params: &[
            Param::required("offer", Kind::Text, "The id of a product on offer.")
                .example(ex::CARD_ID),
        ],
        ok: Answer::Json(schema_of::<AlertsView>),
        refusals: &[Refusal::Guest, Refusal::Forbidden, Refusal::NotFound],
    },
    ActionDoc {
        name: "Alerts.FollowListing",
        summary: "Follow a deposit listing at an APY threshold: a product of the kind (and, for CDs, term) that comes to it, new or risen. Answers the member's alerts.",
        params: &[
            Param::required(
                "type",
                Kind::OneOf(&["savings", "moneyMarket", "checking", "cd"]),
                "The listing's kind.",
            )
            .example("cd"),
            Param::required(
                "minApy",
                Kind::Matching(MIN_APY_PATTERN),
                "The APY threshold in percent, 0 to 25.",
            )
            .example("4.50"),
            Param::optional(
                "term",
                Kind::IntegerIn(1, 120),
                "A CD's term in months (type cd only).",
            ),
            Param::optional(
                "replace",
                Kind::Integer,
                "The id of a follow of the member's this one replaces.",
            ),
        ],
        ok: Answer::Json(schema_of::<AlertsView>),
        refusals: &[Refusal::Guest, Refusal::Forbidden, Refusal::NotFound],
    },
    ActionDoc {
        name: "Alerts.List",
        summary: "The products and listings the member follows, and how often they get alert e-mail.",
        params: &[],
        ok: Answer::Json(schema_of::<AlertsView>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Alerts.SetCadence",
        summary: "Alert e-mail after each update (immediate) or at most once a week (weekly).",
        params: &[Param::required(
            "cadence",
            Kind::OneOf(&["immediate", "weekly"]),
            "How often.",
        )
        .example("weekly")],
        ok: Answer::Json(schema_of::<AlertsView>),
        refusals: &[Refusal::Guest, Refusal::Forbidden],
    },
    ActionDoc {
        name: "Alerts.Stop",
        summary: "Stop following one product or listing.",
        params: &[Param::required("id", Kind::Integer, "The follow's id.").example("1")],
        ok: Answer::Json(schema_of::<AlertsView>),
        refusals: &[Refusal::Guest, Refusal::Forbidden],
    },
    ActionDoc {
        name: "Catalogue.Compare",
        summary: "Compare two to four offers side by side.",
        params: &[Param::required(
            "ids",
            Kind::Text,
            "Two to four offer ids or PIDs, comma-separated.",
        )
        .example(ex::TWO_CARDS)],
        ok: Answer::Json(schema_of::<CompareResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Catalogue.Institution",
        summary: "An institution with its products.",
        params: &[
            Param::required("id", Kind::Text, "The institution's id or UID.")
                .example(ex::INSTITUTION_ID),
        ],
        ok: Answer::Json(schema_of::<InstitutionResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Catalogue.List",
        summary: "A page of a listing: a route, a need, a scenario or a product type.",
        params: &[
            Param::optional(
                "route",
                Kind::Text,
                "A route path, e.g. /credit-cards/secured.",
            )
            .example(ex::ROUTE),
            Param::optional(
                "need",
                Kind::Listed(need_keys),
                "A need to list, or to narrow a route to.",
            ),
            Param::optional(
                "scenario",
                Kind::Listed(scenario_keys),
                "A customer scenario to list, or to rank a route for.",
            ),
            Param::optional(
                "type",
                Kind::Text,
                "A product type by key, code or name (savings, svg, CD), any case.",
            ),
            Param::optional(
                "sort",
                Kind::Listed(listing_sorts),
                "The order; editorial by default.",
            ),
            Param::optional(
                "page",
                Kind::IntegerIn(1, u32::MAX as i64),
                "The page, from 1.",
            ),
            Param::optional(
                "per_page",
                Kind::IntegerIn(1, MAX_PER_PAGE as i64),
                "Items per page; 20 by default.",
            ),
            Param::optional(
                "sponsorship",
                Kind::OneOf(&["default", "none"]),
                "none leaves out the sponsored placement.",
            ),
        ],
        ok: Answer::Json(schema_of::<ListingResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Catalogue.Offer",
        summary: "One offer's summary.",
        params: &[Param::required(
            "name",
            Kind::Text,
            "A details-page name (cash-card, d/cash-card), an offer id or a PID.",
        )
        .example(ex::CARD_PAGE)],
        ok: Answer::Json(schema_of::<OfferSummary>),
        refusals: &[Refusal::NotFound, Refusal::Gone],
    },
    ActionDoc {
        name: "Catalogue.Routes",
        summary: "The route table: every listing page of the site.",
        params: &[],
        ok: Answer::Json(schema_of::<RoutesResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Details.SetRate",
        summary: "Rate a product from 1 to 5 stars (a guest is sent to sign up).",
        params: &[
            Param::required("pid", Kind::Text, "The product's id or PID.").example(ex::CARD_ID),
            Param::required(
                "rtg",
                Kind::IntegerIn(MIN_STARS as i64, MAX_STARS as i64),
                "Whole stars, 1 to 5.",
            )
            .example("4"),
        ],
        ok: Answer::Json(schema_of::<RateResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Members.ChangeEmail",
        summary: "E-mail a link to a new address; the account moves there when it is followed.",
        params: &[
            Param::required(
                "email",
                Kind::Email(GUEST_EMAIL_MAX_CHARS),
                "The new e-mail address.",
            )
            .example(ex::NEW_EMAIL),
            Param::optional(
                "password",
                Kind::TextMax(lengths::PASSWORD.max_chars),
                "The account's password (required when it has one).",
            ),
        ],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Members.ChangePassword",
        summary: "Change the password (set one, for an account without); every other session ends.",
        params: &[
            Param::optional(
                "current",
                Kind::TextMax(lengths::PASSWORD.max_chars),
                "The current password (required when the account has one).",
            ),
            Param::required(
                "password",
                Kind::TextBetween(lengths::MIN_PASSWORD_CHARS, lengths::PASSWORD.max_chars),
                "The new password.",
            ),
        ],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Members.ConfirmEmail",
        summary: "Confirm a new member's address with the token of the e-mailed link.",
        params: &[Param::required(
            "token",
            Kind::Text,
            "The token from the link.",
        )],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.ConfirmEmailChange",
        summary: "Move the account to the new address with the token of the link sent there.",
        params: &[Param::required(
            "token",
            Kind::Text,
            "The token from the link.",
        )],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.ConfirmLight",
        summary: "Sign in with the code of an e-mailed sign-in link.",
        params: &[Param::required(
            "code",
            Kind::Text,
            "The code from the sign-in link.",
        )],
        ok: Answer::Json(schema_of::<SignedInResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.DeleteAccount",
        summary: "Delete the account: personal data removed, writing kept as by a former member, signed out.",
        params: &[Param::optional(
            "password",
            Kind::TextMax(lengths::PASSWORD.max_chars),
            "The account's password (required when it has one).",
        )],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Members.ForgotPassword",
        summary: "E-mail a link to set a new password when the address has an account; one answer either way.",
        params: &[Param::required(
            "email",
            Kind::Email(GUEST_EMAIL_MAX_CHARS),
            "The account's e-mail address.",
        )
        .example(ex::LIGHT_EMAIL)],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.Join",
        summary: "Join as a full member, signed in at once.",
        params: &[
            Param::required(
                "email",
                Kind::Email(GUEST_EMAIL_MAX_CHARS),
                "The e-mail address.",
            )
            .example(ex::NEW_EMAIL),
            Param::required(
                "password",
                Kind::TextBetween(lengths::MIN_PASSWORD_CHARS, lengths::PASSWORD.max_chars),
                "The password, 8 characters or more.",
            )
            .example(ex::PASSWORD),
            Param::optional(
                "name",
                Kind::TextMax(lengths::DISPLAY_NAME.max_chars),
                "The display name.",
            )
            .example(ex::NAME),
        ],
        ok: Answer::Json(schema_of::<SignedInResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.JoinLight",
        summary: "E-mail a sign-in link, making a light member when the address is new.",
        params: &[
            Param::required(
                "email",
                Kind::Email(GUEST_EMAIL_MAX_CHARS),
                "The e-mail address.",
            )
            .example(ex::LIGHT_EMAIL),
            Param::optional(
                "ref",
                Kind::Text,
                "The page to return to (a same-site path, else /).",
            )
            .example("/"),
            Param::optional(
                "vote",
                Kind::Text,
                "A rating chosen before signing up, product:<id>:<stars> or institution:<id>:<stars>; the sign-in link casts it.",
            ),
        ],
        ok: Answer::Json(schema_of::<LightSignUpResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.PrivateInfo",
        summary: "The member's opt-out of sharing personal info.",
        params: &[],
        ok: Answer::Json(schema_of::<PrivateInfo>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Members.ResetPassword",
        summary: "Set a new password with the token of the e-mailed link; every session ends and this one signs in.",
        params: &[
            Param::required("token", Kind::Text, "The token from the link."),
            Param::required(
                "password",
                Kind::TextBetween(lengths::MIN_PASSWORD_CHARS, lengths::PASSWORD.max_chars),
                "The new password.",
            ),
        ],
        ok: Answer::Json(schema_of::<SignedInResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.SetPrivateInfo",
        summary: "Set the member's opt-out of sharing personal info.",
        params: &[Param::required(
            "optOut",
            Kind::OneOf(&qna_validation::flag::WORDS),
            "Whether to opt out (any case).",
        )
        .example("true")],
        ok: Answer::Json(schema_of::<PrivateInfo>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Members.SignIn",
        summary: "Sign in with e-mail address and password.",
        params: &[
            Param::required(
                "email",
                Kind::Email(GUEST_EMAIL_MAX_CHARS),
                "The e-mail address.",
            ),
            Param::required(
                "password",
                Kind::TextBetween(lengths::MIN_PASSWORD_CHARS, lengths::PASSWORD.max_chars),
                "The password.",
            ),
        ],
        ok: Answer::Json(schema_of::<SignedInResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Members.SignOut",
        summary: "Sign out: end the session and clear its cookies.",
        params: &[],
        ok: Answer::Json(schema_of::<SignedOut>),
        refusals: &[],
    },
    ActionDoc {
        name: "Posts.GetExpertsGallery",
        summary: "The experts gallery.",
        params: &[Param::required(
            "path",
            Kind::TextMax(lengths::GALLERY_PATH.max_chars),
            "The page asking; every page gets the same gallery.",
        )
        .example("/experts/")],
        ok: Answer::Json(schema_of::<ExpertsGalleryResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Qna.Accept",
        summary: "Accept one answer of your own question.",
        params: &[
            Param::required("question", Kind::Integer, "The question's id.")
                .example(ex::QUESTION_ID),
            Param::required("answer", Kind::Integer, "The id of one of its answers.")
                .example(ex::ANSWER_ID),
        ],
        ok: Answer::Json(schema_of::<QnaDone>),
        refusals: &[Refusal::Guest, Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Answer",
        summary: "Answer a question.",
        params: &[
            Param::required("question", Kind::Integer, "The question's id.")
                .example(ex::QUESTION_ID),
            Param::required(
                "content",
                Kind::TextBetween(REPLY_MIN_CHARS, lengths::ANSWER.max_chars),
                "The answer, 30 characters or more.",
            )
            .example(ex::ANSWER),
        ],
        ok: Answer::JsonOrDelegated(schema_of::<AnswerPostResponse>, schema_of::<QnaDone>),
        refusals: &[Refusal::Guest, Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Answers",
        summary: "More answers of a question.",
        params: &[
            Param::required("question", Kind::Integer, "The question's id.")
                .example(ex::QUESTION_ID),
            Param::optional(
                "offset",
                Kind::IntegerIn(0, i64::MAX),
                "Answers already shown; 0 by default.",
            ),
        ],
        ok: Answer::Json(schema_of::<AnswersResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Ask",
        summary: "Ask a question: a member's is published, a guest's waits for an e-mailed code.",
        params: &[
            Param::required(
                "title",
                Kind::Words(QUESTION_MIN_WORDS, QUESTION_MAX_CHARS),
                "The question, 3 words or more.",
            )
            .example(ex::QUESTION_TITLE),
            Param::optional(
                "more_info",
                Kind::TextMax(lengths::QUESTION_DETAILS.max_chars),
                "Details of the question.",
            ),
            Param::required(
                "category",
                Kind::IntegerIn(1, i64::MAX),
                "A category id (the server reads it only when there are several).",
            )
            .example("1"),
            Param::optional(
                "offer",
                Kind::Text,
                "The id of the product it is asked about.",
            ),
            Param::optional(
                "email",
                Kind::Email(GUEST_EMAIL_MAX_CHARS),
                "Where a guest's code is sent; required of a guest.",
            )
            .example(ex::GUEST_EMAIL),
        ],
        ok: Answer::JsonOrDelegated(schema_of::<AskResponse>, schema_of::<QnaDone>),
        refusals: &[],
    },
    ActionDoc {
        name: "Qna.ConfirmCode",
        summary: "Publish a guest's question with the code e-mailed for it.",
        params: &[
            Param::required("pending", Kind::Text, "The pending token Qna.Ask answered."),
            Param::required(
                "code",
                Kind::Digits(ONE_TIME_CODE_DIGITS),
                "The 6-digit code from the e-mail.",
            ),
        ],
        ok: Answer::JsonOrDelegated(schema_of::<AskResponse>, schema_of::<QnaDone>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Hide",
        summary: "Hide a question, answer or review, with a reason (moderators).",
        params: &[
            KIND,
            KIND_LETTER,
            ITEM_ID,
            Param::required(
                "reason",
                Kind::TextMax(lengths::MODERATION_REASON.max_chars),
                "Why it is hidden.",
            )
            .example(ex::REASON),
        ],
        ok: Answer::Json(schema_of::<QnaDone>),
        refusals: &[Refusal::Guest, Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.List",
        summary: "A page of questions, or of a search of them.",
        params: &[
            Param::optional("category", Kind::Integer, "A category id."),
            Param::optional(
                "offer",
                Kind::TextMax(lengths::OFFER_FILTER_MAX_BYTES),
                "A product id: that product's questions.",
            ),
            Param::optional(
                "sort",
                Kind::OneOf(&["mp", "mv"]),
                "mp most popular (default), mv most upvotes; anything else is mp.",
            ),
            Param::optional(
                "qpage",
                Kind::IntegerIn(1, PAGE_MAX as i64),
                "The page; anything unreadable is page 1.",
            ),
            Param::optional(
                "page_param",
                Kind::TextMax(lengths::PAGE_PARAM_NAME_MAX_BYTES),
                "Renames the page parameter (qpage by default).",
            ),
            Param::optional("q", Kind::Text, "Search text, used from 2 characters."),
        ],
        ok: Answer::Json(schema_of::<QuestionListResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Qna.ModerationQueue",
        summary: "Reported items awaiting a moderator (moderators).",
        params: &[],
        ok: Answer::Json(schema_of::<ModerationQueueResponse>),
        refusals: &[Refusal::Guest],
    },
    ActionDoc {
        name: "Qna.Question",
        summary: "One question with its first answers.",
        params: &[
            Param::optional("id", Kind::Integer, "The question's id.").example(ex::QUESTION_ID),
            Param::optional(
                "slug",
                Kind::Text,
                "Its full slug (slug-id); required without id.",
            ),
        ],
        ok: Answer::Json(schema_of::<QuestionResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Report",
        summary: "Report a question, answer or review to the moderators.",
        params: &[
            KIND,
            KIND_LETTER,
            ITEM_ID,
            Param::optional("ru", Kind::Text, "The page it was reported from."),
            Param::optional(
                "reason",
                Kind::TextMax(lengths::MODERATION_REASON.max_chars),
                "Why it is reported.",
            )
            .example(ex::REASON),
        ],
        ok: Answer::Json(schema_of::<QnaDone>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.ResendCode",
        summary: "E-mail a new code for a guest's waiting question.",
        params: &[Param::required(
            "pending",
            Kind::Text,
            "The pending token Qna.Ask answered.",
        )],
        ok: Answer::JsonOrDelegated(schema_of::<AskResponse>, schema_of::<QnaDone>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Restore",
        summary: "Show a hidden question, answer or review again, with a reason (moderators).",
        params: &[
            KIND,
            KIND_LETTER,
            ITEM_ID,
            Param::required(
                "reason",
                Kind::TextMax(lengths::MODERATION_REASON.max_chars),
                "Why it is restored.",
            )
            .example(ex::REASON),
        ],
        ok: Answer::Json(schema_of::<QnaDone>),
        refusals: &[Refusal::Guest, Refusal::NotFound],
    },
    ActionDoc {
        name: "Qna.Similar",
        summary: "Up to 5 questions like the title being typed.",
        params: &[Param::optional(
            "title",
            Kind::TextMax(lengths::SIMILAR_TITLE_MAX_CHARS),
            "The question being typed; searched from 2 characters.",
        )],
        ok: Answer::Json(schema_of::<QuestionListResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "Qna.Vote",
        summary: "Vote a question, answer or review up or down (a guest is sent to sign up).",
        params: &[
            KIND,
            KIND_LETTER,
            ITEM_ID,
            Param::required(
                "value",
                Kind::OneOf(&["up", "down", "1", "-1"]),
                "The vote.",
            )
            .example("up"),
        ],
        ok: Answer::Json(schema_of::<QnaVoteResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Reviews.List",
        summary: "A page of a product's written reviews.",
        params: &[
            Param::required("pid", Kind::Text, "The product's id or PID.").example(ex::CARD_ID),
            Param::optional(
                "sort",
                Kind::OneOf(&["new", "helpful"]),
                "Newest first (default) or most helpful first.",
            ),
            Param::optional(
                "offset",
                Kind::IntegerIn(0, i64::MAX),
                "Reviews already shown; 0 by default.",
            ),
        ],
        ok: Answer::Json(schema_of::<ReviewsResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Reviews.SetInstRate",
        summary: "Rate an institution from 1 to 5 stars (a guest is sent to sign up).",
        params: &[
            Param::required("inst_uid", Kind::Text, "The institution's id or UID.")
                .example(ex::INSTITUTION_ID),
            Param::required(
                "rating",
                Kind::IntegerIn(MIN_STARS as i64, MAX_STARS as i64),
                "Whole stars, 1 to 5.",
            )
            .example("4"),
        ],
        ok: Answer::Json(schema_of::<RateResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "Reviews.Write",
        summary: "Write, or replace, your review of a product (a guest is sent to sign up).",
        params: &[
            Param::required("pid", Kind::Text, "The product's id or PID.").example(ex::CARD_ID),
            Param::required(
                "rtg",
                Kind::IntegerIn(MIN_STARS as i64, MAX_STARS as i64),
                "Whole stars, 1 to 5; also your rating.",
            )
            .example("4"),
            Param::required(
                "text",
                Kind::TextBetween(REVIEW_MIN_CHARS, REVIEW_MAX_CHARS),
                "The review, 30 characters or more.",
            )
            .example(ex::REVIEW),
        ],
        ok: Answer::Json(schema_of::<ReviewWriteResponse>),
        refusals: &[Refusal::NotFound],
    },
    ActionDoc {
        name: "download_app",
        summary: "Text the app's store link to a US phone number.",
        params: &[
            Param::optional(
                "type",
                Kind::OneOf(&["android", "apple"]),
                "Which store's link (any case); empty sends both.",
            ),
            Param::required(
                "phoneNumber",
                Kind::Matching(US_PHONE_PATTERN),
                "A US phone number: 10 digits (separators and a leading +1 are also read).",
            )
            .example(ex::PHONE),
            Param::optional(
                "commId",
                Kind::Chars("A-Za-z0-9._-", lengths::COMM_ID_MAX_CHARS),
                "Letters, digits, -, _ or .",
            ),
        ],
        ok: Answer::Json(schema_of::<TextMessageResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "get-csrf-token",
        summary: "A new anti-forgery token for the X-XSRF-WHID window id, also set as a cookie.",
        params: &[],
        ok: Answer::Text,
        refusals: &[],
    },
    ActionDoc {
        name: "get-my-ip",
        summary: "The caller's IP address.",
        params: &[],
        ok: Answer::Json(schema_of::<MyIpResponse>),
        refusals: &[],
    },
    ActionDoc {
        name: "send_edu_feedback",
        summary: "Say whether an article was helpful, and why not.",
        params: &[
            Param::required(
                "postId",
                Kind::TextMax(lengths::FEEDBACK_POST_ID.max_chars),
                "The article's id.",
            )
            .example(ex::POST_ID),
            Param::required(
                "url",
                Kind::TextMax(lengths::FEEDBACK_URL.max_chars),
                "The article's address.",
            )
            .example(ex::POST_URL),
            Param::required(
                "helpful",
                Kind::OneOf(&qna_validation::flag::WORDS),
                "Whether it helped (any case).",
            )
            .example("true"),
            Param::optional(
                "type",
                Kind::Chars("A-Za-z0-9_-", lengths::FEEDBACK_TYPE_MAX_CHARS),
                "Letters, digits, _ or -; EDU by default.",
            ),
            Param::optional(
                "feedback",
                Kind::TextBetween(
                    FEEDBACK_REASON_MIN_CHARS,
                    lengths::FEEDBACK_REASON.max_chars,
                ),
                "Why not, 10 characters or more; required when helpful is false.",
            ),
        ],
        ok: Answer::Json(schema_of::<HelpfulFeedbackResponse>),
        refusals: &[],
    },
];
