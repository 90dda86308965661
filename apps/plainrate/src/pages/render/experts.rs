//! The experts gallery as plain HTML (`/experts/`), so a visitor without JavaScript and a
//! crawler read every profile. Names, captions and addresses are escaped here; the profile
//! text arrives as the gallery's HTML (escaped paragraphs, see
//! [`crate::community_extras::experts`]).

use api_types::dialogs::ExpertsGallery;
use qna_validation::experts::expert_fragment;

use super::{main, paragraph};
use crate::escaping::escape;

/// The gallery: its introduction, then every expert as an article whose id is the deep
/// link's fragment (`expert=JaneDoe`), so `/experts/#expert=JaneDoe` lands on the profile
/// before the app has loaded; an anchor of the lower-case fragment inside it catches the
/// same link typed in lower case (hashtags match ignoring case).
pub fn gallery_html(gallery: &ExpertsGallery) -> String {
    let mut body = String::new();
    if !gallery.experts_intro.is_empty() {
        body.push_str(&paragraph(&gallery.experts_intro));
    }
    if gallery.experts_content.is_empty() {
        body.push_str(&paragraph("No experts are listed yet."));
    }
    for expert in &gallery.experts_content {
        let image = if expert.avatar.is_empty() {
            String::new()
        } else {
            format!(
                "<img src=\"{}\" alt=\"\" width=\"96\" height=\"96\">\n",
                escape(&expert.avatar)
            )
        };
        let fragment = expert_fragment(&expert.hashtag);
        let lower = fragment.to_lowercase();
        let lower_anchor = if lower == fragment {
            String::new()
        } else {
            format!("<a id=\"{}\"></a>", escape(&lower))
        };
        body.push_str(&format!(
            "<article id=\"{}\">{lower_anchor}\n{image}<h2>{}</h2>\n<p>{}</p>\n{}\n</article>\n",
            escape(&fragment),
            escape(&expert.author),
            escape(&expert.caption),
            expert.content,
        ));
    }
    main(&gallery.header_text, &body)
}

#[cfg(test)]
mod tests {
    use api_types::dialogs::Expert;

    use super::*;

    fn gallery(experts: Vec<Expert>) -> ExpertsGallery {
        ExpertsGallery {
            experts_content: experts,
            experts_intro: "Sample <profiles>".to_owned(),
            aslogos: false,
            header_text: "Ask the experts".to_owned(),
            more_text: "More Experts".to_owned(),
            back_link_text: "Back to All Experts".to_owned(),
        }
    }

    #[test]
    fn every_expert_is_an_article_named_by_its_deep_link_with_its_text_escaped() {
        let html = gallery_html(&gallery(vec![Expert {
            author: "Jo <b>Ann</b>".to_owned(),
            caption: "Cards & loans".to_owned(),
            content: "<p>Writes about cards.</p>".to_owned(),
            avatar: "/assets/avatars/sample-1.svg".to_owned(),
            hashtag: "#JoAnn".to_owned(),
        }]));
        assert!(html.contains("<h1>Ask the experts</h1>"));
        assert!(html.contains("<p>Sample &lt;profiles&gt;</p>"));
        assert!(html.contains("<article id=\"expert=JoAnn\"><a id=\"expert=joann\"></a>"));
        assert!(html.contains("<h2>Jo &lt;b&gt;Ann&lt;/b&gt;</h2>"));
        assert!(html.contains("<p>Cards &amp; loans</p>"));
        assert!(html.contains("<p>Writes about cards.</p>"));
        assert!(html.contains("width=\"96\" height=\"96\""));
    }

    #[test]
    fn an_empty_gallery_says_so() {
        let html = gallery_html(&gallery(vec![]));
        assert!(html.contains("No experts are listed yet."));
        assert!(!html.contains("<article"));
    }
}
