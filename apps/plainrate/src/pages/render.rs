//! The server-rendered parts of a page: the head (title, description, canonical address,
//! Open Graph, JSON-LD) and a plain, semantic version of the content that a crawler or a
//! reader without JavaScript sees until the app replaces it. Every text is escaped; every
//! JSON put into the page has `<` written as `\u003c`, so no string can close its script
//! element.

use api_types::content::ContentPage;
use api_types::listing::{
    CompareResponse, InstitutionResponse, ListingResponse, Placement, RouteSection, RoutesResponse,
};
use api_types::offer::{Figure, OfferSummary};
use serde_json::{Value, json};

pub mod experts;
pub mod qna;

use crate::escaping::{escape, json_for_html};

/// The site's name, as pages and Open Graph name it.
pub const SITE_NAME: &str = "Plainrate";

/// The longest meta description written; longer text is cut at a word.
pub const MAX_DESCRIPTION_CHARS: usize = 160;

/// Text cut to at most `max` characters, at a word boundary, with an ellipsis when cut.
pub fn summary(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    if let Some(space) = cut.rfind(' ') {
        cut.truncate(space);
    }
    cut.truncate(cut.trim_end_matches([',', ';', ':', '.', ' ']).len());
    cut.push('…');
    cut
}

/// The head of a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    /// The page's own title (Open Graph's title).
    pub title: String,
    /// The document title, in `<title>`: the page title and the site's name.
    pub document_title: String,
    /// The meta description.
    pub description: String,
    /// The canonical absolute address; none for a page that has none (the 404 page).
    pub canonical: Option<String>,
    /// Asks search engines not to index the page (forms, errors, comparisons).
    pub noindex: bool,
    /// Structured data (schema.org), when the page has some.
    pub json_ld: Option<Value>,
}

impl Head {
    /// A head with this title and description (cut to [`MAX_DESCRIPTION_CHARS`]); no
    /// canonical address, indexable, no structured data.
    pub fn new(title: impl Into<String>, description: &str) -> Self {
        let title = title.into();
        Self {
            document_title: format!("{title} | {SITE_NAME}"),
            title,
            description: summary(description, MAX_DESCRIPTION_CHARS),
            canonical: None,
            noindex: false,
            json_ld: None,
        }
    }

    /// The same head with a canonical address.
    #[must_use]
    pub fn canonical(mut self, url: String) -> Self {
        self.canonical = Some(url);
        self
    }

    /// The same head, asking not to be indexed.
    #[must_use]
    pub fn noindex(mut self) -> Self {
        self.noindex = true;
        self
    }

    /// The same head with structured data.
    #[must_use]
    pub fn json_ld(mut self, value: Value) -> Self {
        self.json_ld = Some(value);
        self
    }

    /// The HTML that goes where the template says `<!--app-head-->`.
    pub fn html(&self) -> String {
        let mut out = String::with_capacity(1024);
        out.push_str(&format!(
            "<title>{}</title>\n<meta name=\"description\" content=\"{}\">\n",
            escape(&self.document_title),
            escape(&self.description)
        ));
        if let Some(url) = &self.canonical {
            out.push_str(&format!(
                "<link rel=\"canonical\" href=\"{}\">\n",
                escape(url)
            ));
        }
        if self.noindex {
            out.push_str("<meta name=\"robots\" content=\"noindex\">\n");
        }
        out.push_str(&format!(
            "<meta property=\"og:type\" content=\"website\">\n\
             <meta property=\"og:site_name\" content=\"{SITE_NAME}\">\n\
             <meta property=\"og:title\" content=\"{}\">\n\
             <meta property=\"og:description\" content=\"{}\">\n",
            escape(&self.title),
            escape(&self.description)
        ));
        if let Some(url) = &self.canonical {
            out.push_str(&format!(
                "<meta property=\"og:url\" content=\"{}\">\n",
                escape(url)
            ));
        }
        if let Some(value) = &self.json_ld {
            let json = serde_json::to_vec(value).unwrap_or_default();
            out.push_str(&format!(
                "<script type=\"application/ld+json\">{}</script>\n",
                json_for_html(&json)
            ));
        }
        out
    }
}

/// What a rating reads as: "Rated 4.5 out of 5 by our editors (12 member ratings)", or
/// "Not rated yet".
pub fn rating_text(offer: &OfferSummary) -> String {
    let Some(rating) = &offer.rating else {
        return "Not rated yet".to_owned();
    };
    // The editors' rating is ours; member votes are counted apart, never credited to it.
    match offer.reviews {
        0 => format!("Rated {} out of 5", rating.text),
        1 => format!(
            "Rated {} out of 5 by our editors (1 member rating)",
            rating.text
        ),
        n => format!(
            "Rated {} out of 5 by our editors ({n} member ratings)",
            rating.text
        ),
    }
}

/// An offer's name, linked to its details page when it has one.
fn offer_link(offer: &OfferSummary) -> String {
    match &offer.details_path {
        Some(path) => format!("<a href=\"{}\">{}</a>", escape(path), escape(&offer.name)),
        None => escape(&offer.name),
    }
}

/// The one-line description of an offer: its editors' notes, else its first description
/// line, else its type and issuer.
pub fn offer_description(offer: &OfferSummary) -> String {
    offer
        .editors_notes
        .clone()
        .filter(|notes| !notes.trim().is_empty())
        .or_else(|| {
            offer
                .description
                .iter()
                .find(|line| !line.trim().is_empty())
                .cloned()
        })
        .unwrap_or_else(|| match &offer.issuer {
            Some(issuer) => format!("{} from {issuer}.", offer.product_label),
            None => format!("{}.", offer.product_label),
        })
}

/// An absolute address on the site.
pub fn absolute(base: &str, path: &str) -> String {
    format!("{base}{path}")
}

/// A schema.org `Product` for an offer, without `@context` (for use inside a list).
pub fn product(offer: &OfferSummary, base: &str, fallback_path: &str) -> Value {
    let url = absolute(base, offer.details_path.as_deref().unwrap_or(fallback_path));
    let mut product = json!({
        "@type": "Product",
        "name": offer.name,
        "description": summary(&offer_description(offer), 300),
        "category": offer.product_label,
        "url": url,
        "offers": {"@type": "Offer", "url": url},
    });
    if let Some(object) = product.as_object_mut() {
        if let Some(issuer) = &offer.issuer {
            object.insert(
                "brand".to_owned(),
                json!({"@type": "Brand", "name": issuer}),
            );
        }
        // The members' votes, by the page's own rule: their mean is published once there
        // are enough of them (ratings' 10-vote rule), on the 1-to-5 scale they are cast on.
        // The editors' rating is not an aggregate of anyone's votes, so it is never one.
        if let Some(rating) = offer
            .member_rating
            .as_ref()
            .filter(|_| ratings::visibility::votes_allow_user_score(offer.reviews))
        {
            object.insert(
                "aggregateRating".to_owned(),
                json!({
                    "@type": "AggregateRating",
                    "ratingValue": rating.value,
                    "ratingCount": offer.reviews,
                    "bestRating": 5,
                    "worstRating": 1,
                }),
            );
        }
    }
    product
}

/// A schema.org `Product` for a details page, with `@context`.
pub fn product_document(offer: &OfferSummary, base: &str, fallback_path: &str) -> Value {
    let mut value = product(offer, base, fallback_path);
    if let Some(object) = value.as_object_mut() {
        object.insert("@context".to_owned(), json!("https://schema.org"));
    }
    value
}

/// A schema.org `ItemList` of a listing page's offers, as `Product`s, numbered from the
/// page's first position.
pub fn item_list(listing: &ListingResponse, base: &str, name: &str) -> Value {
    let first = u64::from(listing.page.saturating_sub(1)) * u64::from(listing.per_page);
    let items = listing
        .items
        .iter()
        .map(|entry| json!({"item": product(&entry.offer, base, "")}))
        .collect();
    numbered_list(name, first, items)
}

/// A schema.org `ItemList` named `name` of these `ListItem` fields, numbered from
/// `first + 1`.
fn numbered_list(name: &str, first: u64, entries: Vec<Value>) -> Value {
    let items: Vec<Value> = entries
        .into_iter()
        .zip(1u64..)
        .map(|(mut entry, n)| {
            if let Some(map) = entry.as_object_mut() {
                map.insert("@type".to_owned(), json!("ListItem"));
                map.insert("position".to_owned(), json!(first + n));
            }
            entry
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "name": name,
        "numberOfItems": items.len(),
        "itemListElement": items,
    })
}

/// The site itself, for the home page.
pub fn website(base: &str) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": SITE_NAME,
        "url": absolute(base, "/"),
    })
}

fn section_title(section: RouteSection) -> &'static str {
    match section {
        RouteSection::CreditCards => "Credit cards",
        RouteSection::BestOf => "Best of",
        RouteSection::Banking => "Banking",
        RouteSection::Loans => "Loans",
    }
}

/// A page's content: a `<main>` with a heading and what follows it.
fn main(title: &str, rest: &str) -> String {
    format!("<main>\n<h1>{}</h1>\n{rest}</main>\n", escape(title))
}

fn paragraph(text: &str) -> String {
    format!("<p>{}</p>\n", escape(text))
}

/// The home page: every listing of the route table, by section.
pub fn home_html(title: &str, lead: &str, routes: &RoutesResponse) -> String {
    let mut body = paragraph(lead);
    let sections = [
        RouteSection::CreditCards,
        RouteSection::BestOf,
        RouteSection::Banking,
        RouteSection::Loans,
    ];
    for section in sections {
        let in_section: Vec<_> = routes
            .routes
            .iter()
            .filter(|route| route.section == section)
            .collect();
        if in_section.is_empty() {
            continue;
        }
        body.push_str(&format!(
            "<section>\n<h2>{}</h2>\n<ul>\n",
            section_title(section)
        ));
        for route in in_section {
            body.push_str(&format!(
                "<li><a href=\"{}\">{}</a></li>\n",
                escape(&route.path),
                escape(&super::dated(&route.title))
            ));
        }
        body.push_str("</ul>\n</section>\n");
    }
    main(title, &body)
}

/// What the page of a route the catalogue has nothing for says in the server's HTML, word
/// for word as the app says it (the app adds the national figures and what to compare).
pub const EMPTY_LISTING: &str = "No products are listed here yet: the public data this site is built from names none \
    of them, and we do not make products up to fill a page.";

/// What a listing whose filters match nothing says, as the app does.
pub const NO_MATCH: &str = "No products match.";

/// A listing page: its description, its offers in order with their ratings and the
/// sponsored label, and links to the pages before and after (`page_href` gives a page's
/// address); an empty listing says why: its route has nothing ([`EMPTY_LISTING`], when
/// `route_is_empty`) or its filters match nothing ([`NO_MATCH`]).
pub fn listing_html(
    title: &str,
    description: &str,
    listing: &ListingResponse,
    route_is_empty: bool,
    page_href: impl Fn(u64) -> String,
) -> String {
    let mut body = paragraph(description);
    if listing.total == 0 {
        // Nothing is made up to fill a page: an empty listing says so.
        body.push_str(&paragraph(if route_is_empty {
            EMPTY_LISTING
        } else {
            NO_MATCH
        }));
        return main(title, &body);
    }
    let first = u64::from(listing.page.saturating_sub(1)) * u64::from(listing.per_page) + 1;
    if first > 1 {
        body.push_str(&format!("<ol start=\"{first}\">\n"));
    } else {
        body.push_str("<ol>\n");
    }
    for entry in &listing.items {
        let sponsored = if entry.placement == Placement::Sponsored {
            " <strong>Sponsored</strong>"
        } else {
            ""
        };
        // A rate's recent move, from the product's recorded history.
        let moved = entry
            .offer
            .rate_change
            .as_ref()
            .map_or_else(String::new, |change| {
                format!(" <span>{}</span>", escape(&rate_change_text(change)))
            });
        body.push_str(&format!(
            "<li>{} <span>{}</span>{moved}{sponsored}</li>\n",
            offer_link(&entry.offer),
            escape(&rating_text(&entry.offer))
        ));
    }
    body.push_str("</ol>\n");
    body.push_str(&pages_nav(
        u64::from(listing.page),
        listing.pages,
        page_href,
    ));
    main(title, &body)
}

/// A listing's mark of a recent rate move: "APY up 0.25 points on Nov 3, 2026".
pub fn rate_change_text(change: &api_types::offer::RateChange) -> String {
    let day = chrono::NaiveDate::parse_from_str(&change.date, "%Y-%m-%d").map_or_else(
        |_| change.date.clone(),
        |d| d.format("%b %-d, %Y").to_string(),
    );
    format!("{} on {day}", change.summary)
}

/// The links to the pages before and after `page` of `pages` (`page_href` gives a page's
/// address), or nothing when there is one page.
fn pages_nav(page: u64, pages: u64, page_href: impl Fn(u64) -> String) -> String {
    if pages <= 1 {
        return String::new();
    }
    let mut out = format!("<nav aria-label=\"Pages\">\n<p>Page {page} of {pages}</p>\n");
    if page > 1 {
        // Past the last page, "previous" is the last.
        out.push_str(&format!(
            "<a href=\"{}\" rel=\"prev\">Previous page</a>\n",
            escape(&page_href((page - 1).min(pages)))
        ));
    }
    if page < pages {
        out.push_str(&format!(
            "<a href=\"{}\" rel=\"next\">Next page</a>\n",
            escape(&page_href(page + 1))
        ));
    }
    out.push_str("</nav>\n");
    out
}

/// The key figures of an offer that are known, as label and text.
fn key_figures(offer: &OfferSummary) -> Vec<(&'static str, String)> {
    let known = |figure: &Figure| figure.display != "N/A";
    let mut out = Vec::new();
    for (label, figure) in [
        ("APY", &offer.apy),
        ("APR", &offer.apr),
        ("Annual fee", &offer.annual_fee),
        ("Account fee", &offer.account_fee),
        ("Regular purchase APR", &offer.regular_purchase_apr),
        ("Intro purchase APR", &offer.purchase_intro_apr),
        ("Sign-up bonus", &offer.initial_bonus),
        ("Rewards", &offer.rewards_earn_rate),
    ] {
        if known(figure) {
            out.push((label, figure.display.clone()));
        }
    }
    if offer.min_to_open != "N/A" {
        out.push(("Minimum to open", offer.min_to_open.clone()));
    }
    if let Some(credit) = &offer.min_credit {
        out.push(("Minimum credit", credit.clone()));
    }
    out
}

fn list(heading: &str, items: &[String]) -> String {
    if items.is_empty() {
        return String::new();
    }
    let mut out = format!("<h2>{}</h2>\n<ul>\n", escape(heading));
    for item in items {
        out.push_str(&format!("<li>{}</li>\n", escape(item)));
    }
    out.push_str("</ul>\n");
    out
}

/// An offer's key figures as a definition list, or nothing when it has none.
fn figures_list(offer: &OfferSummary) -> String {
    let figures = key_figures(offer);
    if figures.is_empty() {
        return String::new();
    }
    let mut out = String::from("<dl>\n");
    for (label, text) in figures {
        out.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>\n",
            escape(label),
            escape(&text)
        ));
    }
    out.push_str("</dl>\n");
    out
}

/// A details page: name, issuer, rating, key figures, editors' notes, pros and cons.
pub fn offer_html(offer: &OfferSummary) -> String {
    main(&offer.name, &offer_content(offer))
}

/// The sentence a retired product's page opens with.
pub fn retired_notice(offer: &OfferSummary) -> String {
    let since = offer
        .retired_since
        .as_deref()
        .and_then(|date| chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok())
        .map(|date| date.format("%b %-d, %Y").to_string())
        .unwrap_or_else(|| "recently".to_owned());
    format!(
        "No longer offered. {} left the data we publish on {since}; these are its last known figures.",
        offer.name
    )
}

/// A retired product's page: the notice, then its last known figures.
pub fn retired_offer_html(offer: &OfferSummary) -> String {
    let body = format!(
        "<p role=\"status\"><strong>{}</strong></p>\n{}",
        escape(&retired_notice(offer)),
        offer_content(offer)
    );
    main(&offer.name, &body)
}

fn offer_content(offer: &OfferSummary) -> String {
    let mut body = String::with_capacity(2048);
    let kind = match &offer.issuer {
        Some(issuer) => format!("{} from {issuer}", offer.product_label),
        None => offer.product_label.clone(),
    };
    body.push_str(&paragraph(&kind));
    if offer.sponsored {
        body.push_str("<p><strong>Sponsored</strong></p>\n");
    }
    body.push_str(&paragraph(&rating_text(offer)));
    body.push_str(&figures_list(offer));
    if let Some(notes) = offer.editors_notes.as_deref().filter(|n| !n.is_empty()) {
        body.push_str(&paragraph(notes));
    }
    body.push_str(&list("Pros", &offer.pros));
    body.push_str(&list("Cons", &offer.cons));
    body.push_str(&list("Details", &offer.description));
    body.push_str(&breakdown_list(offer));
    body
}

/// A card's ratings breakdown: each category's rating (or "Not rated"), its share of our
/// rating and its basis.
fn breakdown_list(offer: &OfferSummary) -> String {
    if offer.ratings_breakdown.is_empty() {
        return String::new();
    }
    let mut out = String::from("<h2>Ratings breakdown</h2>\n<dl>\n");
    for category in &offer.ratings_breakdown {
        let rating = category
            .rating
            .as_ref()
            .map_or_else(|| "Not rated".to_owned(), |r| format!("{} of 5", r.text));
        let share = category.weight.map_or_else(
            || "not counted in our rating".to_owned(),
            |weight| format!("{weight}% of our rating"),
        );
        out.push_str(&format!(
            "<dt>{} ({})</dt><dd>{}: {}</dd>\n",
            escape(&category.label),
            escape(&share),
            escape(&rating),
            escape(&category.basis)
        ));
    }
    out.push_str("</dl>\n");
    out
}

/// An institution page: the institution and its products.
pub fn institution_html(view: &InstitutionResponse) -> String {
    let institution = &view.institution;
    let mut body = paragraph(&rating_text(institution));
    if let Some(notes) = institution
        .editors_notes
        .as_deref()
        .filter(|n| !n.is_empty())
    {
        body.push_str(&paragraph(notes));
    }
    if !view.products.is_empty() {
        body.push_str("<h2>Products</h2>\n<ul>\n");
        for offer in &view.products {
            body.push_str(&format!(
                "<li>{} <span>{}</span> <span>{}</span></li>\n",
                offer_link(offer),
                escape(&offer.product_label),
                escape(&rating_text(offer))
            ));
        }
        body.push_str("</ul>\n");
    }
    main(&institution.name, &body)
}

/// A comparison: each offer with its rating and key figures.
pub fn compare_html(title: &str, compare: &CompareResponse) -> String {
    let mut body = String::new();
    for offer in &compare.offers {
        body.push_str(&format!(
            "<section>\n<h2>{}</h2>\n{}",
            offer_link(offer),
            paragraph(&rating_text(offer))
        ));
        body.push_str(&figures_list(offer));
        body.push_str("</section>\n");
    }
    main(title, &body)
}

/// Whether a link target may be written into a page: a site path, or an http(s) address.
fn safe_href(href: &str) -> bool {
    (href.starts_with('/') && !href.starts_with("//"))
        || href.starts_with("https://")
        || href.starts_with("http://")
}

/// A content page: its sections and links.
pub fn content_html(page: &ContentPage) -> String {
    let mut body = String::new();
    for section in &page.sections {
        body.push_str("<section>\n");
        if let Some(heading) = &section.heading {
            body.push_str(&format!("<h2>{}</h2>\n", escape(heading)));
        }
        for text in &section.paragraphs {
            body.push_str(&paragraph(text));
        }
        body.push_str("</section>\n");
    }
    if !page.links.is_empty() {
        body.push_str("<ul>\n");
        for link in &page.links {
            if safe_href(&link.href) {
                body.push_str(&format!(
                    "<li><a href=\"{}\">{}</a></li>\n",
                    escape(&link.href),
                    escape(&link.label)
                ));
            } else {
                body.push_str(&format!("<li>{}</li>\n", escape(&link.label)));
            }
        }
        body.push_str("</ul>\n");
    }
    main(&page.title, &body)
}

/// One escaped paragraph.
pub fn paragraph_html(text: &str) -> String {
    paragraph(text)
}

/// A page with a heading and one paragraph (forms, errors, the comparison picker).
pub fn plain_html(title: &str, text: &str) -> String {
    main(title, &paragraph(text))
}

/// The 404 page's content.
pub fn not_found_html(title: &str, text: &str) -> String {
    main(
        title,
        &format!(
            "{}<p><a href=\"/\">Go to the home page</a></p>\n",
            paragraph(text)
        ),
    )
}

#[cfg(test)]
mod tests;
