//! The community's pages as plain HTML and structured data: the question list
//! (`/answers/`) and a question's own page with its answers, as a crawler or a reader
//! without JavaScript sees them. Question titles and details are escaped here; answer
//! texts arrive as the API's HTML (escaped text with `<br>` line breaks, see
//! `qna::wire::text_html`) and are written as they are.

use api_types::qna::{Answer, Attribution, Question, QuestionListResponse, QuestionResponse};
use serde_json::{Value, json};

use super::{absolute, main, numbered_list, pages_nav, paragraph};
use crate::escaping::escape;
use crate::qna::html_text;
// Dates as the app writes them once it takes over the page, so the text does not change
// under the reader.
use formatting::format_day as day;

fn per_page() -> i64 {
    i64::from(crate::qna::QUESTIONS_PER_PAGE)
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The attribution line of sample content, as a small paragraph.
fn attribution_html(attribution: Option<&str>) -> String {
    attribution.map_or_else(String::new, |line| {
        format!(
            "<p class=\"qna-attribution\"><small>{}</small></p>\n",
            escape(line)
        )
    })
}

/// Where a source's question or answer comes from: the source and its licence, linked, and
/// what the source does not record.
fn source_html(source: &Attribution) -> String {
    format!(
        "From <a href=\"{}\" rel=\"nofollow\">{}</a>, licensed <a href=\"{}\" rel=\"license\">{}</a>. {}",
        escape(&source.source_url),
        escape(&source.source),
        escape(&source.licence_url),
        escape(&source.licence),
        escape(&source.note),
    )
}

/// One answer: its marks, its author and date (or its source), the text and the votes.
fn answer_html(answer: &Answer, full: bool) -> String {
    let mut marks = Vec::new();
    if answer.accepted {
        marks.push("Accepted answer");
    }
    if answer.expert {
        marks.push("Expert");
    }
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!("<p><strong>{}</strong></p>\n", marks.join(" · "))
    };
    let mut author = format!(
        "@{} ({})",
        escape(&answer.user_login),
        escape(&answer.user_fullname)
    );
    if !answer.user_title.is_empty() {
        author.push_str(&format!(", {}", escape(&answer.user_title)));
    }
    let edited = if answer.edited { " (edited)" } else { "" };
    let byline = match &answer.source {
        Some(source) => source_html(source),
        None => format!(
            "{author}, <time datetime=\"{}\">{}</time>{edited}",
            escape(&answer.date),
            escape(&day(&answer.date)),
        ),
    };
    let text = if full {
        &answer.full_content
    } else {
        &answer.content
    };
    format!(
        "<article id=\"answer-{}\">\n{marks}<p>{byline}</p>\n\
         <p>{text}</p>\n<p>{} up, {} down</p>\n</article>\n",
        answer.id, answer.upvote, answer.downvote,
    )
}

/// One question of the list: its link, figures and first answer.
fn list_item_html(question: &Question) -> String {
    let asked = match &question.source {
        Some(source) => format!("from {}", escape(&source.source)),
        None => format!(
            "asked by @{} on <time datetime=\"{}\">{}</time>",
            escape(&question.asker_login),
            escape(&question.date),
            escape(&day(&question.date)),
        ),
    };
    let mut out = format!(
        "<li>\n<h2><a href=\"{}\">{}</a></h2>\n<p>{} · {} up, {} down · {asked}</p>\n",
        escape(&question.ques_href),
        escape(&question.ques_content),
        plural(question.total_answers, "answer", "answers"),
        question.upvote,
        question.downvote,
    );
    if let Some(first) = question.answers.first() {
        out.push_str(&answer_html(first, true));
    }
    if question.total_answers > 1 {
        out.push_str(&format!(
            "<p><a href=\"{}\">All {} answers</a></p>\n",
            escape(&question.ques_href),
            question.total_answers
        ));
    }
    out.push_str("</li>\n");
    out
}

/// What the question list page shows above its questions: how many, and what was asked.
pub struct ListHeading<'a> {
    /// The page's title.
    pub title: &'a str,
    /// The lead paragraph.
    pub lead: &'a str,
    /// The search text, when the list is a search.
    pub search: Option<&'a str>,
    /// The category chosen, when one is.
    pub category: Option<i64>,
}

/// The question list page (`/answers/`): the categories, the questions with their first
/// answers, links to the pages before and after (`page_href` gives a page's address) and
/// the attribution of sample content.
pub fn list_html(
    heading: &ListHeading<'_>,
    list: &QuestionListResponse,
    page_href: impl Fn(i64) -> String,
) -> String {
    let mut body = paragraph(heading.lead);
    body.push_str("<nav aria-label=\"Categories\">\n<ul>\n");
    body.push_str("<li><a href=\"/answers/\">All questions</a></li>\n");
    for category in &list.categories {
        let current = if heading.category == Some(category.id) {
            " aria-current=\"page\""
        } else {
            ""
        };
        body.push_str(&format!(
            "<li><a href=\"/answers/?category={}\"{current}>{}</a></li>\n",
            category.id,
            escape(&category.name)
        ));
    }
    body.push_str("</ul>\n</nav>\n");
    body.push_str(&paragraph(&match heading.search {
        Some(text) => format!(
            "{} “{text}”.",
            plural(list.total_questions, "question matches", "questions match")
        ),
        None => format!("{}.", plural(list.total_questions, "question", "questions")),
    }));
    if list.questions.is_empty() {
        body.push_str(&paragraph("No questions here yet."));
    } else {
        let first = (list.current_page.max(1) - 1) * per_page() + 1;
        if first > 1 {
            body.push_str(&format!("<ol start=\"{first}\">\n"));
        } else {
            body.push_str("<ol>\n");
        }
        for question in &list.questions {
            body.push_str(&list_item_html(question));
        }
        body.push_str("</ol>\n");
    }
    let page = u64::try_from(list.current_page).unwrap_or(1);
    let pages = u64::try_from(list.pages).unwrap_or(0);
    body.push_str(&pages_nav(page, pages, |p| {
        page_href(i64::try_from(p).unwrap_or(i64::MAX))
    }));
    body.push_str(&attribution_html(list.attribution.as_deref()));
    main(heading.title, &body)
}

/// A question's own page: the question, who asked it and when, its answers in answer
/// order (the first page's, then `later` ones), a link back to the list and the
/// attribution of sample content.
pub fn question_html(view: &QuestionResponse, later: &[Answer]) -> String {
    let question = &view.question;
    let mut body = String::new();
    if !question.ques_more_info.is_empty() {
        body.push_str(&paragraph(&question.ques_more_info));
    }
    match &question.source {
        Some(source) => body.push_str(&format!(
            "<p>{} In {} · {} up, {} down</p>\n",
            source_html(source),
            escape(&view.category),
            question.upvote,
            question.downvote
        )),
        None => body.push_str(&paragraph(&format!(
            "Asked by @{} on {} in {} · {} up, {} down",
            question.asker_login,
            day(&question.date),
            view.category,
            question.upvote,
            question.downvote
        ))),
    }
    body.push_str(&format!(
        "<section>\n<h2>{}</h2>\n",
        plural(question.total_answers, "answer", "answers")
    ));
    for answer in question.answers.iter().chain(later) {
        body.push_str(&answer_html(answer, true));
    }
    let shown = question.answers.len() + later.len();
    if i64::try_from(shown).unwrap_or(i64::MAX) < question.total_answers {
        body.push_str(&paragraph(&format!("The first {shown} answers are shown.")));
    }
    body.push_str("</section>\n<p><a href=\"/answers/\">All questions</a></p>\n");
    body.push_str(&attribution_html(view.attribution.as_deref()));
    main(&question.ques_content, &body)
}

/// Who wrote a question or an answer, in structured data: the person, or for a source's
/// text the source, with the licence and no date (the source records none).
fn credit(map: &mut Value, person: &str, date: &str, source: Option<&Attribution>) {
    let Some(map) = map.as_object_mut() else {
        return;
    };
    match source {
        Some(source) => {
            map.insert(
                "author".to_owned(),
                json!({"@type": "Organization", "name": source.source, "url": source.source_url}),
            );
            map.insert("license".to_owned(), json!(source.licence_url));
        }
        None => {
            map.insert(
                "author".to_owned(),
                json!({"@type": "Person", "name": person}),
            );
            map.insert("dateCreated".to_owned(), json!(date));
        }
    }
}

fn answer_ld(answer: &Answer, page_url: &str) -> Value {
    let mut ld = json!({
        "@type": "Answer",
        "text": html_text(&answer.full_content),
        "upvoteCount": answer.upvote,
        "url": format!("{page_url}#answer-{}", answer.id),
    });
    credit(
        &mut ld,
        &answer.user_fullname,
        &answer.date,
        answer.source.as_ref(),
    );
    ld
}

/// A question's page as a schema.org `QAPage`: the question with its accepted answer and
/// the other answers shown, each with its address on the page.
pub fn qa_page(view: &QuestionResponse, base: &str) -> Value {
    let question = &view.question;
    let page_url = absolute(base, &question.ques_href);
    let text = if question.ques_more_info.is_empty() {
        &question.ques_content
    } else {
        &question.ques_more_info
    };
    let mut entity = json!({
        "@type": "Question",
        "name": question.ques_content,
        "text": text,
        "answerCount": question.total_answers,
        "upvoteCount": question.upvote,
    });
    credit(
        &mut entity,
        &question.asker_login,
        &question.date,
        question.source.as_ref(),
    );
    let accepted = question.answers.iter().find(|a| a.accepted);
    let suggested: Vec<Value> = question
        .answers
        .iter()
        .filter(|a| !a.accepted)
        .map(|a| answer_ld(a, &page_url))
        .collect();
    if let Some(map) = entity.as_object_mut() {
        if let Some(answer) = accepted {
            map.insert("acceptedAnswer".to_owned(), answer_ld(answer, &page_url));
        }
        if !suggested.is_empty() {
            map.insert("suggestedAnswer".to_owned(), Value::Array(suggested));
        }
    }
    json!({
        "@context": "https://schema.org",
        "@type": "QAPage",
        "mainEntity": entity,
    })
}

/// The questions of a list page as a schema.org `ItemList` of their addresses.
pub fn question_list(list: &QuestionListResponse, base: &str, name: &str) -> Value {
    let first = u64::try_from(list.current_page.max(1) - 1).unwrap_or(0)
        * u64::from(crate::qna::QUESTIONS_PER_PAGE);
    let items = list
        .questions
        .iter()
        .map(|question| {
            json!({
                "url": absolute(base, &question.ques_href),
                "name": question.ques_content,
            })
        })
        .collect();
    numbered_list(name, first, items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(id: i64, accepted: bool) -> Answer {
        Answer {
            id,
            uid: 1,
            user_login: "ann".to_owned(),
            user_fullname: "Ann <b>Example</b>".to_owned(),
            user_title: String::new(),
            user_avatar: String::new(),
            content: "Short &amp; sweet".to_owned(),
            full_content: "Short &amp; sweet<br>and more".to_owned(),
            date: "2025-02-01T10:00:00+00:00".to_owned(),
            edited: false,
            upvote: 3,
            downvote: 1,
            accepted,
            expert: id == 2,
            source: None,
            my_vote: None,
        }
    }

    fn view() -> QuestionResponse {
        QuestionResponse {
            question: Question {
                id: 9,
                ques_content: "Is </script><b>this</b> fine?".to_owned(),
                ques_more_info: String::new(),
                ques_slug: "is-this-fine".to_owned(),
                ques_fullslug: "is-this-fine-9".to_owned(),
                ques_href: "/answers/is-this-fine-9".to_owned(),
                upvote: 1,
                downvote: 0,
                answers: vec![answer(2, true), answer(3, false)],
                total_answers: 2,
                has_more_answers: false,
                from_search: false,
                category_id: 1,
                offer_id: None,
                asker_uid: 4,
                asker_login: "bob".to_owned(),
                date: "2025-01-01T10:00:00+00:00".to_owned(),
                source: None,
                my_vote: None,
            },
            category: "Credit <Cards>".to_owned(),
            attribution: Some("Data & licence".to_owned()),
        }
    }

    #[test]
    fn a_question_page_escapes_every_text_and_marks_the_accepted_and_expert_answer() {
        let html = question_html(&view(), &[]);
        assert!(html.contains("<h1>Is &lt;/script&gt;&lt;b&gt;this&lt;/b&gt; fine?</h1>"));
        assert!(!html.contains("<b>"));
        assert!(html.contains("in Credit &lt;Cards&gt;"));
        assert!(html.contains("<strong>Accepted answer · Expert</strong>"));
        assert!(html.contains("@ann (Ann &lt;b&gt;Example&lt;/b&gt;)"));
        assert!(html.contains("<p>Short &amp; sweet<br>and more</p>"));
        assert!(html.contains("<small>Data &amp; licence</small>"));
        assert!(html.contains("<article id=\"answer-3\">"));
    }

    #[test]
    fn the_qapage_names_the_accepted_answer_apart_from_the_others() {
        let ld = qa_page(&view(), "https://plainrate.example");
        let question = &ld["mainEntity"];
        assert_eq!(question["text"], "Is </script><b>this</b> fine?");
        assert_eq!(
            question["acceptedAnswer"]["text"],
            "Short & sweet\nand more"
        );
        assert_eq!(
            question["acceptedAnswer"]["url"],
            "https://plainrate.example/answers/is-this-fine-9#answer-2"
        );
        assert_eq!(question["suggestedAnswer"].as_array().unwrap().len(), 1);
        assert_eq!(
            question["suggestedAnswer"][0]["author"]["name"],
            "Ann <b>Example</b>"
        );
    }

    fn sourced(mut view: QuestionResponse) -> QuestionResponse {
        let source = Attribution {
            source: "Q&A <Exchange>".to_owned(),
            source_url: "https://qa.example/".to_owned(),
            licence: "CC BY-SA".to_owned(),
            licence_url: "https://creativecommons.org/licenses/by-sa/4.0/".to_owned(),
            note: "No author recorded.".to_owned(),
        };
        view.question.source = Some(source.clone());
        for answer in &mut view.question.answers {
            answer.source = Some(source.clone());
            answer.expert = false;
        }
        view
    }

    #[test]
    fn a_sources_text_names_the_source_and_licence_and_no_person_or_date() {
        let view = sourced(view());
        let html = question_html(&view, &[]);
        assert!(html.contains(
            "From <a href=\"https://qa.example/\" rel=\"nofollow\">Q&amp;A &lt;Exchange&gt;</a>, \
             licensed <a href=\"https://creativecommons.org/licenses/by-sa/4.0/\" rel=\"license\">CC BY-SA</a>. \
             No author recorded."
        ));
        assert!(!html.contains("@ann"), "{html}");
        assert!(!html.contains("Asked by"), "{html}");
        assert!(!html.contains("<time"), "{html}");
        let ld = qa_page(&view, "https://plainrate.example");
        let question = &ld["mainEntity"];
        assert_eq!(question["author"]["@type"], "Organization");
        assert_eq!(question["author"]["name"], "Q&A <Exchange>");
        assert!(question.get("dateCreated").is_none());
        assert_eq!(
            question["acceptedAnswer"]["license"],
            "https://creativecommons.org/licenses/by-sa/4.0/"
        );
        assert!(question["acceptedAnswer"].get("dateCreated").is_none());
        let list = QuestionListResponse {
            questions: vec![view.question.clone()],
            pages: 1,
            current_page: 1,
            total_questions: 1,
            categories: Vec::new(),
            attribution: None,
        };
        let heading = ListHeading {
            title: "Questions",
            lead: "Lead",
            search: None,
            category: None,
        };
        let html = list_html(&heading, &list, |p| p.to_string());
        assert!(html.contains("from Q&amp;A &lt;Exchange&gt;</p>"), "{html}");
        assert!(!html.contains("asked by"), "{html}");
    }

    #[test]
    fn the_list_links_every_question_and_says_when_there_are_none() {
        let v = view();
        let list = QuestionListResponse {
            questions: vec![v.question.clone()],
            pages: 3,
            current_page: 2,
            total_questions: 21,
            categories: Vec::new(),
            attribution: None,
        };
        let heading = ListHeading {
            title: "Questions",
            lead: "Lead",
            search: Some("a <b>"),
            category: None,
        };
        let html = list_html(&heading, &list, |p| format!("/answers/?qpage={p}"));
        assert!(html.contains("<ol start=\"11\">"));
        assert!(html.contains("21 questions match “a &lt;b&gt;”."));
        assert!(html.contains("href=\"/answers/?qpage=1\" rel=\"prev\""));
        assert!(html.contains("href=\"/answers/?qpage=3\" rel=\"next\""));
        assert!(html.contains("All 2 answers"));
        assert!(!html.contains("qna-attribution"));
        let empty = QuestionListResponse {
            questions: Vec::new(),
            pages: 0,
            total_questions: 0,
            current_page: 1,
            ..list
        };
        let html = list_html(&heading, &empty, |p| p.to_string());
        assert!(html.contains("No questions here yet."));
        assert!(!html.contains("<ol"));
    }
}
