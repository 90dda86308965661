//! Every own path of the server, described for the OpenAPI document.
use api_types::card_value::CardValueResponse;
use api_types::content::ContentPage;
use api_types::history::OfferHistory;
use api_types::listing::{CompareResponse, InstitutionResponse, ListingResponse, RoutesResponse};
use api_types::members::{AccountNotice, ReturnAddress};
use api_types::offer::OfferSummary;
use api_types::protocol::WindowIdResponse;
use api_types::search::SearchResponse;

use catalogue::query::MAX_PER_PAGE;
use mail_delivery::unsubscribe::MAX_TOKEN_CHARS;
use offer_model::credit::{MAX_CREDIT_SCORE, MIN_CREDIT_SCORE};
use visitor_state::ad_pixel::MAX_AD_VIEW_VALUE_CHARS;

use super::examples as ex;
use super::model::{Answer, Kind, Param, Refusal, RouteDoc, Verb, schema_of};

/// An offer named in a path: `/api/offers/{name}` and `/d/{name}`.
const OFFER_NAME: &[Param] = &[Param::required(
    "name",
    Kind::Text,
    "A details-page name (cash-card, d/cash-card), or an offer id or PID.",
)
.example(ex::CARD_PAGE)];

/// An institution named in a path: `/api/institutions/{id}` and `/institutions/{id}`.
const INSTITUTION_ID: &[Param] =
    &[
        Param::required("id", Kind::Text, "An institution's id, PID or UID.")
            .example(ex::INSTITUTION_ID),
    ];

/// The request header of a page that answers a browser navigation only.
const ACCEPT_HTML: &[Param] = &[Param::header(
    "Accept",
    Kind::OneOf(&["text/html"]),
    "A browser navigation names text/html; any other request gets the refusal.",
)
.example("text/html")];

/// The query of the redirect, `/r/` and `/r`.
const REDIRECT_PARAMS: &[Param] = &[
    Param::required(
        "id",
        Kind::Text,
        "A redirect id: a stored redirPid, or an offer's PID or id followed by c or i.",
    )
    .example(ex::CARD_REDIRECT),
    Param::optional(
        "rf",
        Kind::OneOf(&["1", "0"]),
        "1 for the rates-and-fees address; 0 or absent for the apply address.",
    )
    .example("1"),
];

/// Every own path and method, by path.
pub const ROUTES: &[RouteDoc] = &[
    RouteDoc {
        path: "/",
        verb: Verb::Get,
        summary: "The home page: every listing, by section.",
        params: &[],
        ok: Answer::Html,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/answers",
        verb: Verb::Get,
        summary: "Moves to /answers/ (301), keeping the query.",
        params: &[],
        ok: Answer::Redirect,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/answers/",
        verb: Verb::Get,
        summary: "The community's questions, as a page.",
        params: &[
            Param::optional("category", Kind::Integer, "A category id."),
            Param::optional(
                "sort",
                Kind::OneOf(&["mp", "mv"]),
                "mp most popular (the default), mv most upvotes; anything else is mp.",
            ),
            Param::optional(
                "qpage",
                Kind::Integer,
                "The page, from 1; an unreadable or out-of-range value is 1.",
            ),
            Param::optional("q", Kind::Text, "Search text, used from 2 characters."),
        ],
        ok: Answer::Html,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/answers/{slug}",
        verb: Verb::Get,
        summary: "A question and its answers; an old slug moves (301) to its own.",
        params: &[Param::required(
            "slug",
            Kind::Text,
            "The question's full slug, ending in its id (slug-id).",
        )],
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/card-values",
        verb: Verb::Get,
        summary: "Credit cards ranked by their yearly value for the visitor's figures.",
        params: &[
            Param::optional(
                "groceries",
                Kind::Decimal,
                "Monthly dollars on groceries, 0 to 100,000; default 400.",
            ),
            Param::optional(
                "dining",
                Kind::Decimal,
                "Monthly dollars on dining, 0 to 100,000; default 200.",
            ),
            Param::optional(
                "gas",
                Kind::Decimal,
                "Monthly dollars on gas, 0 to 100,000; default 150.",
            ),
            Param::optional(
                "travel",
                Kind::Decimal,
                "Monthly dollars on travel, 0 to 100,000; default 100.",
            ),
            Param::optional(
                "other",
                Kind::Decimal,
                "Monthly dollars on everything else, 0 to 100,000; default 650.",
            ),
            Param::optional(
                "balance",
                Kind::Decimal,
                "Dollars of balance carried, 0 to 1,000,000; default 0.",
            ),
            Param::optional(
                "tier",
                Kind::OneOf(&["none", "poor", "good", "great"]),
                "The credit tier; default good.",
            ),
            Param::optional(
                "score",
                Kind::IntegerIn(MIN_CREDIT_SCORE as i64, MAX_CREDIT_SCORE as i64),
                "A credit score, read as its tier when tier is not given.",
            ),
            Param::optional(
                "cpp",
                Kind::Decimal,
                "Cents a point or mile is worth, 0.1 to 5; default 1.",
            ),
            Param::optional("page", Kind::Integer, "The page of 20 cards, from 1."),
        ],
        ok: Answer::Json(schema_of::<CardValueResponse>),
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/api/compare",
        verb: Verb::Get,
        summary: "Two to four offers side by side, in the order asked.",
        params: &[Param::required(
            "ids",
            Kind::Text,
            "2 to 4 offer ids or PIDs, comma-separated, each offer once.",
        )
        .example(ex::TWO_CARDS)],
        ok: Answer::Json(schema_of::<CompareResponse>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/content",
        verb: Verb::Get,
        summary: "An editorial content page, by its path.",
        params: &[
            Param::required("path", Kind::Text, "The page's path, matched exactly.")
                .example(ex::CONTENT_PATH),
        ],
        ok: Answer::Json(schema_of::<ContentPage>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/feed",
        verb: Verb::Get,
        summary: "The open product-data feed: every product, each figure with its source.",
        params: &[],
        ok: Answer::Json(schema_of::<catalogue::feed::Feed>),
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/api/feed/{id}",
        verb: Verb::Get,
        summary: "One product of the open product-data feed, with its recorded history.",
        params: &[Param::required("id", Kind::Text, "An offer id.").example(ex::CARD_ID)],
        ok: Answer::Json(schema_of::<catalogue::feed::FeedProductWithHistory>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/institutions/{id}",
        verb: Verb::Get,
        summary: "An institution with the products it offers.",
        params: INSTITUTION_ID,
        ok: Answer::Json(schema_of::<InstitutionResponse>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/listings",
        verb: Verb::Get,
        summary: "One page of a listing.",
        params: &[
            Param::optional(
                "route",
                Kind::Text,
                "A route path such as /credit-cards/secured; one of the selectors.",
            )
            .example(ex::ROUTE),
            Param::optional(
                "need",
                Kind::Listed(super::actions::need_keys),
                "A need key such as rewards (exact case); a selector, or with route.",
            ),
            Param::optional(
                "scenario",
                Kind::Listed(super::actions::scenario_keys),
                "A customer scenario key such as savingAverageAmount; a selector, or with route.",
            ),
            Param::optional(
                "type",
                Kind::Text,
                "A product type: key, type code or PDT_TYPE name; one of the selectors.",
            ),
            Param::optional(
                "sort",
                Kind::Listed(super::actions::listing_sorts),
                "The order; default editorial.",
            ),
            Param::optional("page", Kind::Integer, "The page, from 1; default 1."),
            Param::optional(
                "per_page",
                Kind::IntegerIn(1, MAX_PER_PAGE as i64),
                "Items per page; default 20.",
            ),
            Param::optional(
                "sponsorship",
                Kind::OneOf(&["default", "none"]),
                "default allows one labelled sponsored placement on top; none does not.",
            ),
        ],
        ok: Answer::Json(schema_of::<ListingResponse>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/offers/{name}/history",
        verb: Verb::Get,
        summary: "A product's history: every figure an import changed (and its first figures), with when and from which source, oldest first; a retired product's too.",
        params: OFFER_NAME,
        ok: Answer::Json(schema_of::<OfferHistory>),
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/api/offers/{name}",
        verb: Verb::Get,
        summary: "One offer of any type; 410 for a product no longer offered.",
        params: OFFER_NAME,
        ok: Answer::Json(schema_of::<OfferSummary>),
        refusals: &[Refusal::NotFound, Refusal::Gone],
        action: None,
    },
    RouteDoc {
        path: "/api/openapi.json",
        verb: Verb::Get,
        summary: "This document (OpenAPI 3.1).",
        params: &[],
        ok: Answer::Document,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/api/routes",
        verb: Verb::Get,
        summary: "Every listing page of the site, in route-table order.",
        params: &[],
        ok: Answer::Json(schema_of::<RoutesResponse>),
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/api/search",
        verb: Verb::Get,
        summary: "The site search: products, institutions and community questions.",
        params: &[
            Param::required(
                "q",
                Kind::Text,
                "The search text, 2 characters or more; the first 200 are read.",
            )
            .example(ex::SEARCH),
            Param::optional("offset", Kind::Integer, "Products to skip, from 0."),
        ],
        ok: Answer::Json(schema_of::<SearchResponse>),
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/art/{file}",
        verb: Verb::Get,
        summary: "The site's own illustration of a product.",
        params: &[
            Param::required("file", Kind::Text, "An offer id followed by .svg.")
                .example(ex::CARD_ART),
        ],
        ok: Answer::Svg,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/assets/{file}",
        verb: Verb::Get,
        summary: "A built file of the frontend.",
        params: &[Param::required(
            "file",
            Kind::Text,
            "The file's path under assets/.",
        )],
        ok: Answer::File,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/card-value",
        verb: Verb::Get,
        summary: "The card-value page, for a browser navigation only.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/compare",
        verb: Verb::Get,
        summary: "A comparison page, or the picker without a usable list.",
        params: &[Param::optional(
            "ids",
            Kind::Text,
            "2 to 4 offer ids or PIDs, comma-separated.",
        )
        .example(ex::TWO_CARDS)],
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/d/{name}",
        verb: Verb::Get,
        summary: "An offer's details page; a product no longer offered answers 410 with its last known figures under a notice.",
        params: OFFER_NAME,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound, Refusal::Gone],
        action: None,
    },
    RouteDoc {
        path: "/experts",
        verb: Verb::Get,
        summary: "Moves to /experts/ (301).",
        params: &[],
        ok: Answer::Redirect,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/experts/",
        verb: Verb::Get,
        summary: "The experts gallery, every profile on the page.",
        params: &[],
        ok: Answer::Html,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/gototop.png",
        verb: Verb::Get,
        summary: "The go-to-top ping: counts it and answers a 1x1 PNG.",
        params: &[],
        ok: Answer::Png,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/healthz",
        verb: Verb::Get,
        summary: "Liveness check: the text ok.",
        params: &[],
        ok: Answer::Text,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/home/settings/account",
        verb: Verb::Get,
        summary: "The account settings page (password, address, deleting the account), for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/home/settings/delete",
        Verb::Post,
        "Members.DeleteAccount",
        "Deletes the account and signs out.",
    ),
    RouteDoc::runs(
        "/home/settings/email",
        Verb::Post,
        "Members.ChangeEmail",
        "E-mails a link to a new address.",
    ),
    RouteDoc {
        path: "/home/settings/email/confirm",
        verb: Verb::Get,
        summary: "The page of the link sent to a new address, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/home/settings/email/confirm",
        Verb::Post,
        "Members.ConfirmEmailChange",
        "Moves the account to the new address.",
    ),
    RouteDoc::runs(
        "/home/settings/password",
        Verb::Post,
        "Members.ChangePassword",
        "Changes the password; every other session ends.",
    ),
    RouteDoc::runs(
        "/home/settings/alerts",
        Verb::Get,
        "Alerts.List",
        "The member's rate alerts; a browser navigation gets the alerts page.",
    ),
    RouteDoc::runs(
        "/home/settings/alerts",
        Verb::Post,
        "Alerts.Follow",
        "Follows a product or a listing at an APY threshold.",
    ),
    RouteDoc::runs(
        "/home/settings/private-info",
        Verb::Get,
        "Members.PrivateInfo",
        "The member's private-info choice; a browser navigation gets the form page.",
    ),
    RouteDoc::runs(
        "/home/settings/private-info",
        Verb::Post,
        "Members.SetPrivateInfo",
        "Saves the member's private-info choice.",
    ),
    RouteDoc {
        path: "/institutions/{id}",
        verb: Verb::Get,
        summary: "An institution's page, with its products.",
        params: INSTITUTION_ID,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/join",
        verb: Verb::Get,
        summary: "The join form page, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/join",
        Verb::Post,
        "Members.Join",
        "Creates a full member and signs them in.",
    ),
    // Runs `Members.LightReturn`, which has no dispatch name, so it is described here.
    RouteDoc {
        path: "/join/confirm",
        verb: Verb::Get,
        summary: "The page of the link that confirms a new member's address, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/join/confirm",
        Verb::Post,
        "Members.ConfirmEmail",
        "Confirms the member's address.",
    ),
    RouteDoc {
        path: "/join/light",
        verb: Verb::Get,
        summary: "A light sign-up's return address; a browser navigation gets the form page.",
        params: &[Param::optional(
            "ref",
            Kind::Text,
            "The page to return to; anything not on this site becomes /.",
        )],
        ok: Answer::Json(schema_of::<ReturnAddress>),
        refusals: &[],
        action: None,
    },
    RouteDoc::runs(
        "/join/light",
        Verb::Post,
        "Members.JoinLight",
        "Light sign-up: e-mails a one-time sign-in link.",
    ),
    RouteDoc {
        path: "/join/light/confirm",
        verb: Verb::Get,
        summary: "The sign-in link's page, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/join/light/confirm",
        Verb::Post,
        "Members.ConfirmLight",
        "Uses a sign-in link's code and signs the member in.",
    ),
    RouteDoc {
        path: "/moderation/",
        verb: Verb::Get,
        summary: "The moderation queue page, for a browser navigation only.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/pixel.png",
        verb: Verb::Get,
        summary: "The ad-view pixel: records an ad view or click and answers a 1x1 PNG.",
        params: &[
            Param::optional(
                "adview_id",
                Kind::TextMax(MAX_AD_VIEW_VALUE_CHARS),
                "The ad (card) id.",
            ),
            Param::optional(
                "adview_pid",
                Kind::TextMax(MAX_AD_VIEW_VALUE_CHARS),
                "The product id.",
            ),
            Param::optional(
                "adview_page",
                Kind::TextMax(MAX_AD_VIEW_VALUE_CHARS),
                "The page the ad was shown on.",
            ),
            Param::required(
                "adview_version",
                Kind::OneOf(&["2"]),
                "The payload version, always 2.",
            ),
            Param::optional(
                "adview_section",
                Kind::TextMax(MAX_AD_VIEW_VALUE_CHARS),
                "The section of the page.",
            ),
            Param::optional(
                "adview_position",
                Kind::Integer,
                "The ad's position in its list.",
            ),
            Param::optional("adview_totals", Kind::Integer, "Ads in the list."),
            Param::optional(
                "adview_click",
                Kind::OneOf(&["1", "true", "0", "false"]),
                "1 or true for a click; 0, false or absent for a view.",
            ),
        ],
        ok: Answer::Png,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/r",
        verb: Verb::Get,
        summary: "The same redirect as /r/.",
        params: REDIRECT_PARAMS,
        ok: Answer::Redirect,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/r/",
        verb: Verb::Get,
        summary: "Redirects (302) to an offer's apply or rates-and-fees address.",
        params: REDIRECT_PARAMS,
        ok: Answer::Redirect,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/report-abuse/",
        verb: Verb::Get,
        summary: "The abuse report form, for a browser navigation only.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/robots.txt",
        verb: Verb::Get,
        summary: "What crawlers may read, and the sitemap's address.",
        params: &[],
        ok: Answer::Text,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/saved",
        verb: Verb::Get,
        summary: "The products saved on this device, for a browser navigation only.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/search",
        verb: Verb::Get,
        summary: "The search results page, for a browser navigation only.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::NotFound],
        action: None,
    },
    RouteDoc {
        path: "/sid.php",
        verb: Verb::Get,
        summary: "Issues a new window id; any query is ignored.",
        params: &[],
        ok: Answer::Json(schema_of::<WindowIdResponse>),
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/sign-in",
        verb: Verb::Get,
        summary: "The sign-in form page, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/sign-in",
        Verb::Post,
        "Members.SignIn",
        "Signs a member in with e-mail and password.",
    ),
    RouteDoc {
        path: "/sign-in/forgot",
        verb: Verb::Get,
        summary: "The forgotten-password form page, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/sign-in/forgot",
        Verb::Post,
        "Members.ForgotPassword",
        "E-mails a link to set a new password.",
    ),
    RouteDoc {
        path: "/sign-in/reset",
        verb: Verb::Get,
        summary: "The page of the link that sets a new password, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc::runs(
        "/sign-in/reset",
        Verb::Post,
        "Members.ResetPassword",
        "Sets a new password and signs in.",
    ),
    RouteDoc::runs(
        "/sign-out",
        Verb::Post,
        "Members.SignOut",
        "Ends the session and clears its cookies.",
    ),
    RouteDoc {
        path: "/sitemap.xml",
        verb: Verb::Get,
        summary: "The sitemap of every public page.",
        params: &[],
        ok: Answer::Xml,
        refusals: &[],
        action: None,
    },
    RouteDoc {
        path: "/unsubscribe",
        verb: Verb::Get,
        summary: "The page of a list e-mail's unsubscribe link, for a browser navigation; any other GET is 405.",
        params: ACCEPT_HTML,
        ok: Answer::Html,
        refusals: &[Refusal::WrongMethod],
        action: None,
    },
    RouteDoc {
        path: "/unsubscribe",
        verb: Verb::Post,
        summary: "One-click unsubscribe (RFC 8058): the token's address leaves the token's list. No session or anti-forgery token: the signed token is the proof. The token may be in the query instead, as in the List-Unsubscribe header; the body is then not read.",
        params: &[Param::required(
            "token",
            Kind::TextMax(MAX_TOKEN_CHARS),
            "The token of the e-mail's unsubscribe link.",
        )],
        ok: Answer::Json(schema_of::<AccountNotice>),
        refusals: &[],
        action: None,
    },
];
