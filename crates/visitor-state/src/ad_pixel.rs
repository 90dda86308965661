//! The ad-view pixel payload (site-core §3 "Ad-view pixel payload", §5 "Ad pixel", §7
//! "Tracking pixel", §9 "Ad view trigger ratio").
//!
//! The browser requests `{base}/pixel.png` with the payload as query fields, once per
//! view, and again on a click when click tracking is enabled. [`AdView::to_query`] builds
//! those fields; [`AdView::from_query`] reads them back so the server can store what
//! arrives.
//!
//! # Rules
//!
//! - Fields, in this order: `adview_id`, `adview_pid`, `adview_page`, `adview_version`,
//!   `adview_section`, `adview_position`, `adview_totals`, `adview_click`.
//! - `adview_version` is always [`AD_VIEW_VERSION`] (2); it is a constant, not an input.
//! - Empty or null parameters are dropped: an absent text, position or totals is not
//!   sent, and neither is `adview_click` when the view is not a click. A click is sent as
//!   `adview_click=1`.
//! - Position and totals are both dropped when both are 0 or both are -1
//!   ([`AdView::normalized`]). Any other pair, such as (0, -1) or (0, 5), is sent as is.
//! - Every text value is 1 to [`MAX_AD_VIEW_VALUE_CHARS`] characters.
//!
//! When reading, the query values are expected already percent-decoded (as a web framework
//! hands them over). Unknown fields are ignored; an empty value counts as absent; a field
//! given twice is rejected; the version must be exactly `2`; position and totals must be
//! integers; `adview_click` must be `1`/`true` or `0`/`false`. The result is normalized,
//! so `from_query(to_query(view)) == view.normalized()`.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Path of the tracking image under the site base (site-core §2, §7: `{base}/pixel.png`).
pub const PIXEL_PATH: &str = "/pixel.png";

/// The payload version, always 2 (site-core §3: "adview_version (always 2)").
pub const AD_VIEW_VERSION: u8 = 2;

/// [`AD_VIEW_VERSION`] as the query writes it, compared without formatting the number on
/// every view.
const AD_VIEW_VERSION_TEXT: &str = "2";
const _: () = assert!(AD_VIEW_VERSION == 2, "AD_VIEW_VERSION_TEXT must follow it");

/// Longest accepted query value, in characters (our cap).
pub const MAX_AD_VIEW_VALUE_CHARS: usize = 256;

/// Share of an ad, in percent, that must be visible to count as a view (site-core §9: "Ad
/// view trigger ratio 0.15").
pub const AD_VIEW_TRIGGER_PERCENT: u8 = 15;

/// Delay after scrolling stops before visibility is checked (site-core §9: "scroll-end
/// delay 500 ms").
pub const SCROLL_END_DELAY_MS: u64 = 500;

/// Image defer threshold, in percent (site-core §9: "image defer threshold 0.7").
pub const IMAGE_DEFER_THRESHOLD_PERCENT: u8 = 70;

/// Query field `adview_id`.
pub const FIELD_ID: &str = "adview_id";
/// Query field `adview_pid`.
pub const FIELD_PID: &str = "adview_pid";
/// Query field `adview_page`.
pub const FIELD_PAGE: &str = "adview_page";
/// Query field `adview_version`.
pub const FIELD_VERSION: &str = "adview_version";
/// Query field `adview_section`.
pub const FIELD_SECTION: &str = "adview_section";
/// Query field `adview_position`.
pub const FIELD_POSITION: &str = "adview_position";
/// Query field `adview_totals`.
pub const FIELD_TOTALS: &str = "adview_totals";
/// Query field `adview_click`.
pub const FIELD_CLICK: &str = "adview_click";

/// Why a text cannot be a pixel value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPixelText {
    /// The text is empty (empty parameters are dropped, never sent).
    #[error("pixel value is empty")]
    Empty,
    /// The text is longer than [`MAX_AD_VIEW_VALUE_CHARS`].
    #[error("pixel value is {len} characters long, more than {max}")]
    TooLong {
        /// Length of the text, in characters.
        len: usize,
        /// The limit, [`MAX_AD_VIEW_VALUE_CHARS`].
        max: usize,
    },
}

/// A text value of the payload: 1 to [`MAX_AD_VIEW_VALUE_CHARS`] characters, kept as
/// given (not trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PixelText(String);

impl PixelText {
    /// Checks and wraps a text value.
    ///
    /// # Errors
    ///
    /// [`InvalidPixelText`] when the text is empty or too long.
    pub fn parse(raw: &str) -> Result<Self, InvalidPixelText> {
        check_length(raw)?;
        Ok(Self(raw.to_owned()))
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The length rule for every value.
fn check_length(raw: &str) -> Result<(), InvalidPixelText> {
    if raw.is_empty() {
        return Err(InvalidPixelText::Empty);
    }
    let len = raw.chars().count();
    if len > MAX_AD_VIEW_VALUE_CHARS {
        return Err(InvalidPixelText::TooLong {
            len,
            max: MAX_AD_VIEW_VALUE_CHARS,
        });
    }
    Ok(())
}

impl fmt::Display for PixelText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for PixelText {
    type Error = InvalidPixelText;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        check_length(&raw)?;
        Ok(Self(raw))
    }
}

impl From<PixelText> for String {
    fn from(text: PixelText) -> Self {
        text.0
    }
}

/// Why query pairs are not a valid ad-view payload.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdViewError {
    /// `adview_version` is missing or empty.
    #[error("adview_version is missing")]
    MissingVersion,
    /// `adview_version` is not `2`.
    #[error("adview_version is {found:?}, expected {AD_VIEW_VERSION}")]
    WrongVersion {
        /// The version received.
        found: String,
    },
    /// `adview_position` or `adview_totals` is not an integer.
    #[error("{field} is not an integer: {value:?}")]
    NotANumber {
        /// The field name.
        field: &'static str,
        /// The value received.
        value: String,
    },
    /// `adview_click` is not `1`, `true`, `0` or `false`.
    #[error("adview_click is not a flag: {value:?}")]
    NotAFlag {
        /// The value received.
        value: String,
    },
    /// A value is longer than [`MAX_AD_VIEW_VALUE_CHARS`].
    #[error("{field} is {len} characters long, more than {max}")]
    TooLong {
        /// The field name.
        field: &'static str,
        /// Length of the value, in characters.
        len: usize,
        /// The limit, [`MAX_AD_VIEW_VALUE_CHARS`].
        max: usize,
    },
    /// A field appears more than once.
    #[error("{field} is given more than once")]
    Duplicate {
        /// The field name.
        field: &'static str,
    },
}

impl AdViewError {
    /// A stable camelCase code for the error kind, as used in the shared test vectors:
    /// `missingVersion`, `wrongVersion`, `notANumber`, `notAFlag`, `tooLong`, `duplicate`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::MissingVersion => "missingVersion",
            Self::WrongVersion { .. } => "wrongVersion",
            Self::NotANumber { .. } => "notANumber",
            Self::NotAFlag { .. } => "notAFlag",
            Self::TooLong { .. } => "tooLong",
            Self::Duplicate { .. } => "duplicate",
        }
    }
}

/// One ad view or click, as sent to the tracking pixel. The version is not a field: it is
/// always [`AD_VIEW_VERSION`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AdView {
    /// `adview_id`: the ad (card) id.
    pub id: Option<PixelText>,
    /// `adview_pid`: the product id.
    pub pid: Option<PixelText>,
    /// `adview_page`: the page the ad was shown on.
    pub page: Option<PixelText>,
    /// `adview_section`: the page section.
    pub section: Option<PixelText>,
    /// `adview_position`: the ad's position in its list.
    pub position: Option<i64>,
    /// `adview_totals`: how many ads the list holds.
    pub totals: Option<i64>,
    /// `adview_click`: this is a click, not a view.
    pub click: bool,
}

impl AdView {
    /// The view with the position rule applied: position and totals both become absent
    /// when both are 0 or both are -1.
    #[must_use]
    pub fn normalized(&self) -> Self {
        self.clone().into_normalized()
    }

    /// [`AdView::normalized`], taking the view instead of copying it.
    #[must_use]
    pub fn into_normalized(self) -> Self {
        let mut view = self;
        if matches!(
            (view.position, view.totals),
            (Some(0), Some(0)) | (Some(-1), Some(-1))
        ) {
            view.position = None;
            view.totals = None;
        }
        view
    }

    /// The query fields for the pixel request, in the spec's order, with the drop rules
    /// applied and the version always set to 2.
    ///
    /// ```
    /// use visitor_state::ad_pixel::{AdView, PixelText};
    ///
    /// let view = AdView {
    ///     id: PixelText::parse("123").ok(),
    ///     position: Some(0),
    ///     totals: Some(0),
    ///     ..AdView::default()
    /// };
    /// assert_eq!(
    ///     view.to_query(),
    ///     [("adview_id", "123".to_owned()), ("adview_version", "2".to_owned())]
    /// );
    /// ```
    #[must_use]
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let view = self.normalized();
        let text = |field: &'static str, value: &Option<PixelText>| {
            value.as_ref().map(|v| (field, v.as_str().to_owned()))
        };
        let number =
            |field: &'static str, value: Option<i64>| value.map(|v| (field, v.to_string()));
        [
            text(FIELD_ID, &view.id),
            text(FIELD_PID, &view.pid),
            text(FIELD_PAGE, &view.page),
            Some((FIELD_VERSION, AD_VIEW_VERSION.to_string())),
            text(FIELD_SECTION, &view.section),
            number(FIELD_POSITION, view.position),
            number(FIELD_TOTALS, view.totals),
            view.click.then(|| (FIELD_CLICK, String::from("1"))),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Reads the payload back from query pairs (already percent-decoded), applying the
    /// rules in the module docs. The result is normalized.
    ///
    /// ```
    /// use visitor_state::ad_pixel::{AdView, AdViewError};
    ///
    /// let view = AdView::from_query([("adview_version", "2"), ("adview_position", "3"), ("adview_click", "1")])?;
    /// assert_eq!((view.position, view.click), (Some(3), true));
    /// assert_eq!(
    ///     AdView::from_query([("adview_version", "1")]),
    ///     Err(AdViewError::WrongVersion { found: "1".into() })
    /// );
    /// # Ok::<(), AdViewError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`AdViewError`] for a missing or wrong version, a non-integer position or totals, a
    /// click that is not a flag, a value over [`MAX_AD_VIEW_VALUE_CHARS`], or a repeated
    /// field.
    ///
    /// Values may be borrowed (`&str`, `Cow::Borrowed`): a borrowed value is only copied
    /// when the view keeps it.
    pub fn from_query<'a, I, K, V>(pairs: I) -> Result<Self, AdViewError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: Into<Cow<'a, str>>,
    {
        let mut fields = QueryFields::default();
        for (key, value) in pairs {
            fields.set(key.as_ref(), value.into())?;
        }
        fields.finish()
    }
}

/// The raw values seen so far, by field; `Some("")` marks a field seen empty.
#[derive(Default)]
struct QueryFields<'a> {
    id: Option<Cow<'a, str>>,
    pid: Option<Cow<'a, str>>,
    page: Option<Cow<'a, str>>,
    version: Option<Cow<'a, str>>,
    section: Option<Cow<'a, str>>,
    position: Option<Cow<'a, str>>,
    totals: Option<Cow<'a, str>>,
    click: Option<Cow<'a, str>>,
}

impl<'a> QueryFields<'a> {
    /// Records one pair; unknown keys are ignored.
    fn set(&mut self, key: &str, value: Cow<'a, str>) -> Result<(), AdViewError> {
        let (field, slot) = match key {
            FIELD_ID => (FIELD_ID, &mut self.id),
            FIELD_PID => (FIELD_PID, &mut self.pid),
            FIELD_PAGE => (FIELD_PAGE, &mut self.page),
            FIELD_VERSION => (FIELD_VERSION, &mut self.version),
            FIELD_SECTION => (FIELD_SECTION, &mut self.section),
            FIELD_POSITION => (FIELD_POSITION, &mut self.position),
            FIELD_TOTALS => (FIELD_TOTALS, &mut self.totals),
            FIELD_CLICK => (FIELD_CLICK, &mut self.click),
            _ => return Ok(()),
        };
        if slot.is_some() {
            return Err(AdViewError::Duplicate { field });
        }
        if let Err(InvalidPixelText::TooLong { len, max }) = check_length(&value) {
            return Err(AdViewError::TooLong { field, len, max });
        }
        *slot = Some(value);
        Ok(())
    }

    /// Checks the version and converts the values.
    fn finish(self) -> Result<AdView, AdViewError> {
        match non_empty(self.version) {
            None => return Err(AdViewError::MissingVersion),
            Some(v) if v != AD_VIEW_VERSION_TEXT => {
                return Err(AdViewError::WrongVersion {
                    found: v.into_owned(),
                });
            }
            Some(_) => {}
        }
        let view = AdView {
            id: pixel_text(self.id),
            pid: pixel_text(self.pid),
            page: pixel_text(self.page),
            section: pixel_text(self.section),
            position: integer(FIELD_POSITION, self.position)?,
            totals: integer(FIELD_TOTALS, self.totals)?,
            click: click(self.click)?,
        };
        Ok(view.into_normalized())
    }
}

/// An empty value counts as absent.
fn non_empty(value: Option<Cow<'_, str>>) -> Option<Cow<'_, str>> {
    value.filter(|v| !v.is_empty())
}

/// A text value; its length was checked when it was recorded.
fn pixel_text(value: Option<Cow<'_, str>>) -> Option<PixelText> {
    non_empty(value).and_then(|v| PixelText::try_from(v.into_owned()).ok())
}

/// An integer value.
fn integer(field: &'static str, value: Option<Cow<'_, str>>) -> Result<Option<i64>, AdViewError> {
    non_empty(value)
        .map(|v| {
            v.parse::<i64>().map_err(|_| AdViewError::NotANumber {
                field,
                value: v.into_owned(),
            })
        })
        .transpose()
}

/// The click flag.
fn click(value: Option<Cow<'_, str>>) -> Result<bool, AdViewError> {
    match non_empty(value).as_deref() {
        None | Some("0" | "false") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(AdViewError::NotAFlag {
            value: other.to_owned(),
        }),
    }
}

/// Whether an ad counts as viewed: at least [`AD_VIEW_TRIGGER_PERCENT`] of its height is
/// visible (the ratio 0.15 reached or passed, as an intersection-observer threshold
/// fires). An ad with no height is never viewed. Integer arithmetic, no rounding.
///
/// ```
/// use visitor_state::ad_pixel::is_viewed;
///
/// assert!(!is_viewed(149, 1000));
/// assert!(is_viewed(150, 1000));
/// ```
#[must_use]
pub fn is_viewed(visible_px: u32, total_px: u32) -> bool {
    total_px > 0
        && u64::from(visible_px) * 100 >= u64::from(total_px) * u64::from(AD_VIEW_TRIGGER_PERCENT)
}
