use super::*;
use crate::content::{ContentLink, ContentSection};
use crate::protocol::ErrorCode;
use catalogue::{Catalogue, ListingQuery, RouteTable};
use offer_model::Offer;
use serde_json::json;

fn catalogue() -> Catalogue {
    let offers: Vec<Offer> = serde_json::from_value(json!([
        {"ID": "a", "NAME": "Card <A>", "RATING": "4.5", "DETAILS_HTML_PAGE": "card-a",
         "EDITORS_PROS": "No fee</script>", "REVIEWS": "3"},
        {"ID": "b", "NAME": "Card B", "RATING": "3.9", "SPONSORED": "Y"},
        {"ID": "inst", "NAME": "First Bank", "TYPE": "inst"},
        {"ID": "loan", "NAME": "Loan", "TYPE": "prsn", "UID": "inst", "APR": "8.99%"}
    ]))
    .unwrap();
    let routes = RouteTable::from_json(
        r#"{"routes": [{"path": "/best-credit-cards", "section": "bestOf", "title": "Best credit cards",
        "description": "Every card.", "order": {"need": "rewards"}, "filter": {"productType": ["creditCard"]}}]}"#,
    )
    .unwrap();
    Catalogue::new(offers).with_routes(routes)
}

/// Every payload, with what its content serialises to.
fn payloads() -> Vec<(PageKind, PagePayload, Option<Vec<u8>>)> {
    let catalogue = catalogue();
    let routes = RoutesResponse::from(catalogue.routes());
    let listing = ListingResponse::from_listing(
        &catalogue
            .listing(&ListingQuery::route("/best-credit-cards"))
            .unwrap(),
        "",
        catalogue.large_banks(),
    );
    let offer =
        OfferSummary::from_offer(catalogue.offer("a").unwrap(), "", catalogue.large_banks());
    let institution = InstitutionResponse::from_view(
        &catalogue.institution_with_products("inst").unwrap(),
        "",
        catalogue.large_banks(),
    );
    let compare = CompareResponse::from_comparison(
        &catalogue.compare(&["a", "b"]).unwrap(),
        "",
        catalogue.large_banks(),
    );
    let error =
        ErrorBody::new(ErrorCode::Validation, "page 9 is past the last page, 1").with_field("page");
    let content = ContentPage {
        path: "/answers/".to_owned(),
        title: "Answers".to_owned(),
        description: "What people ask.".to_owned(),
        sections: vec![ContentSection {
            heading: None,
            paragraphs: vec!["One <b>".to_owned()],
        }],
        links: vec![ContentLink {
            label: "Home".to_owned(),
            href: "/".to_owned(),
        }],
        not_offered: false,
    };
    let question = crate::qna::Question {
        id: 7,
        ques_content: "Is a balance transfer worth it?".to_owned(),
        ques_more_info: "</script> maybe".to_owned(),
        ques_slug: "is-a-balance-transfer-worth-it".to_owned(),
        ques_fullslug: "is-a-balance-transfer-worth-it-7".to_owned(),
        ques_href: "/answers/is-a-balance-transfer-worth-it-7".to_owned(),
        upvote: 2,
        downvote: 0,
        answers: Vec::new(),
        total_answers: 0,
        has_more_answers: false,
        from_search: false,
        category_id: 1,
        offer_id: None,
        asker_uid: 3,
        asker_login: "sam".to_owned(),
        date: "2026-01-02T03:04:05+00:00".to_owned(),
        source: None,
        my_vote: None,
    };
    let list = crate::qna::QuestionListResponse {
        questions: vec![question.clone()],
        pages: 1,
        current_page: 1,
        total_questions: 1,
        categories: vec![crate::qna::Category {
            id: 1,
            name: "Credit Cards".to_owned(),
        }],
        attribution: Some("Sample text, CC BY-SA.".to_owned()),
    };
    let one = crate::qna::QuestionResponse {
        question,
        category: "Credit Cards".to_owned(),
        attribution: None,
    };
    let gallery = crate::dialogs::ExpertsGalleryResponse {
        error: false,
        data: Some(crate::dialogs::ExpertsGallery {
            experts_content: vec![crate::dialogs::Expert {
                author: "Avery".to_owned(),
                caption: "Sample profile".to_owned(),
                content: "<p>Writes about cards.</p>".to_owned(),
                avatar: String::new(),
                hashtag: "#Avery".to_owned(),
            }],
            experts_intro: "Sample profiles".to_owned(),
            aslogos: false,
            header_text: "Ask the experts".to_owned(),
            more_text: "More Experts".to_owned(),
            back_link_text: "Back to All Experts".to_owned(),
        }),
    };
    let bytes = |value: &dyn erased::Json| Some(value.json());
    vec![
        (
            PageKind::Home,
            PagePayload::Home {
                routes: routes.clone(),
            },
            bytes(&routes),
        ),
        (
            PageKind::Listing,
            PagePayload::Listing {
                listing: listing.clone(),
            },
            bytes(&listing),
        ),
        (
            PageKind::ListingError,
            PagePayload::ListingError {
                error: error.clone(),
            },
            bytes(&error),
        ),
        (
            PageKind::Offer,
            PagePayload::Offer {
                offer: offer.clone(),
            },
            bytes(&offer),
        ),
        (
            PageKind::Institution,
            PagePayload::Institution {
                institution: institution.clone(),
            },
            bytes(&institution),
        ),
        (
            PageKind::Compare,
            PagePayload::Compare {
                compare: compare.clone(),
            },
            bytes(&compare),
        ),
        (PageKind::CompareEmpty, PagePayload::CompareEmpty {}, None),
        (
            PageKind::Content,
            PagePayload::Content {
                content: content.clone(),
            },
            bytes(&content),
        ),
        (
            PageKind::Answers,
            PagePayload::Answers { list: list.clone() },
            bytes(&list),
        ),
        (
            PageKind::Question,
            PagePayload::Question {
                question: one.clone(),
            },
            bytes(&one),
        ),
        (
            PageKind::Experts,
            PagePayload::Experts {
                gallery: gallery.clone(),
            },
            bytes(&gallery),
        ),
        (PageKind::Form, PagePayload::Form {}, None),
        (PageKind::NotFound, PagePayload::NotFound {}, None),
    ]
}

mod erased {
    /// Serialises any of the test's values.
    pub trait Json {
        fn json(&self) -> Vec<u8>;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> Vec<u8> {
            serde_json::to_vec(self).unwrap()
        }
    }
}

#[test]
fn spliced_page_data_is_what_serde_writes_for_the_typed_value() {
    let path = "/best-credit-cards?page=1&x=\"</script>";
    for (kind, payload, content) in payloads() {
        let spliced = page_data_json(path, kind, content.as_deref()).unwrap();
        let typed = serde_json::to_vec(&PageData {
            path: path.to_owned(),
            page: payload.clone(),
        })
        .unwrap();
        assert_eq!(
            String::from_utf8(spliced.clone()).unwrap(),
            String::from_utf8(typed).unwrap(),
            "{kind:?}"
        );
        let read: PageData = serde_json::from_slice(&spliced).unwrap();
        assert_eq!(read.page, payload, "{kind:?}");
        assert_eq!(read.path, path);
    }
}

#[test]
fn kinds_are_tagged_in_camel_case() {
    for (kind, payload, _) in payloads() {
        let value = serde_json::to_value(&payload).unwrap();
        assert_eq!(value["kind"], kind.tag());
        let fields: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .filter(|k| *k != "kind")
            .collect();
        assert_eq!(
            fields,
            kind.field().into_iter().collect::<Vec<_>>(),
            "{kind:?}"
        );
    }
}

#[test]
fn content_must_match_the_kind() {
    assert_eq!(
        page_data_json("/", PageKind::Home, None),
        Err(PageContentMismatch {
            kind: "home",
            needs_content: true
        })
    );
    let err = page_data_json("/", PageKind::Form, Some(b"{}")).unwrap_err();
    assert_eq!(err.to_string(), "a form page carries no content");
}

#[test]
fn content_pages_read_without_optional_parts() {
    let page: ContentPage = serde_json::from_str(
        r#"{"path": "/about", "title": "About", "description": "Who we are.",
            "sections": [{"paragraphs": ["We compare."]}]}"#,
    )
    .unwrap();
    assert_eq!(page.sections[0].heading, None);
    assert!(page.links.is_empty());
    assert!(!page.not_offered);
    assert_eq!(
        serde_json::to_string(&page).unwrap(),
        r#"{"path":"/about","title":"About","description":"Who we are.","sections":[{"paragraphs":["We compare."]}],"links":[],"notOffered":false}"#
    );
}
