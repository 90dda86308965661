//! What the site serves besides the API, read once at start-up: the built frontend, the
//! content pages, the base address pages are canonical under, and the app-store links.

use super::*;

/// The app's store pages the operator configured, as `<meta>` tags every page carries,
/// so the browser offers "Get the app" only when there is one (`frontend/src/components/
/// community/storeLinks.ts` reads them); empty when none is configured.
pub fn app_links_head(settings: &Settings) -> String {
    [
        ("plainrate:app-store", &settings.app_store_url),
        ("plainrate:play-store", &settings.play_store_url),
    ]
    .iter()
    .filter_map(|(name, url)| {
        let url = url.as_deref()?.trim();
        (!url.is_empty()).then(|| format!("<meta name=\"{name}\" content=\"{}\">\n", escape(url)))
    })
    .collect()
}

/// What the site serves besides the API: the built frontend, the content pages and the
/// address pages are canonical under. Read once at start-up.
#[derive(Debug)]
pub struct Site {
    /// The built frontend.
    pub assets: Assets,
    /// The editorial content pages.
    pub content: ContentPages,
    base_url: String,
    qna_attribution: Option<String>,
}

impl Site {
    /// Reads the build folder (`ASSETS_DIR`) and the content file under `FIXTURES_DIR`;
    /// what is missing is logged and left out.
    pub fn load(settings: &Settings) -> Self {
        Self::new(
            Assets::load(&settings.assets_dir).with_head(&app_links_head(settings)),
            ContentPages::load(&settings.fixtures_dir),
            &settings.base_url,
        )
        .with_qna_attribution(answers::sample_attribution(&settings.fixtures_dir))
    }

    /// A site from its parts.
    pub fn new(assets: Assets, content: ContentPages, base_url: &str) -> Self {
        Self {
            assets,
            content,
            base_url: base_url.trim_end_matches('/').to_owned(),
            qna_attribution: None,
        }
    }

    /// The site with the line that attributes its sample questions and answers.
    pub fn with_qna_attribution(mut self, attribution: Option<String>) -> Self {
        self.qna_attribution = attribution.filter(|line| !line.trim().is_empty());
        self
    }

    /// Where the sample questions and answers come from and their licence, shown with
    /// them; `None` when the site holds no sample content.
    pub fn qna_attribution(&self) -> Option<&str> {
        self.qna_attribution.as_deref()
    }

    /// The public base address, without a trailing `/`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub(super) fn absolute(&self, path: &str) -> String {
        render::absolute(&self.base_url, path)
    }
}
