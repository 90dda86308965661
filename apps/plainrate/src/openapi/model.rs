//! How an operation is described: the small vocabulary the tables of
//! [`super::actions`] and [`mod@super::routes`] are written in.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;

/// Registers a wire type's schema (and the schemas it refers to) and returns a reference.
pub type SchemaFn = fn(&mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema>;

/// The schema of the wire type `T`, registered under its name.
pub fn schema_of<T: utoipa::ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
    T::schemas(schemas);
    let name = T::name().into_owned();
    if !schemas.iter().any(|(known, _)| *known == name) {
        schemas.push((name.clone(), T::schema()));
    }
    RefOr::Ref(utoipa::openapi::Ref::from_schema_name(name))
}

/// The method of an own path (an action's comes from its registration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// GET (HEAD answers the same without a body).
    Get,
    /// POST.
    Post,
}

/// What a parameter holds.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Any text (bounded where `max` says so).
    Text,
    /// Text of at most this many characters.
    TextMax(usize),
    /// Text of `min..=max` characters.
    TextBetween(usize, usize),
    /// Text of at least this many words and at most this many characters.
    Words(usize, usize),
    /// An e-mail address as the address rule reads it
    /// ([`qna_validation::guest::GUEST_EMAIL_JS_PATTERN`]), of at most this many characters.
    Email(usize),
    /// At most this many characters, each of a regular expression's character class
    /// (such as `A-Za-z0-9_-`).
    Chars(&'static str, usize),
    /// Exactly this many ASCII digits.
    Digits(usize),
    /// Text matching a regular expression (ECMA-262, as JSON Schema reads it).
    Matching(&'static str),
    /// A whole number.
    Integer,
    /// A whole number in `min..=max`.
    IntegerIn(i64, i64),
    /// A decimal number written as text, e.g. `3.5`.
    Decimal,
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// One of the words a domain type lists (its keys, in its own order).
    Listed(fn() -> Vec<&'static str>),
}

/// One request parameter: in the query of a read, in the form or JSON body of a write, in
/// the path where the path names it (`{name}`), or a request header ([`Param::header`]).
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// Its name.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// Whether the request is refused without it.
    pub required: bool,
    /// One sentence on what it is.
    pub about: &'static str,
    /// A value the server accepts, from the shipped fixtures where it names a thing
    /// ([`super::examples`]); the contract run sends it first.
    pub example: Option<&'static str>,
    /// Whether it is a request header.
    pub in_header: bool,
}

impl Param {
    /// A required parameter.
    pub const fn required(name: &'static str, kind: Kind, about: &'static str) -> Self {
        Self {
            name,
            kind,
            required: true,
            about,
            example: None,
            in_header: false,
        }
    }

    /// An optional parameter.
    pub const fn optional(name: &'static str, kind: Kind, about: &'static str) -> Self {
        Self {
            name,
            kind,
            required: false,
            about,
            example: None,
            in_header: false,
        }
    }

    /// A required request header.
    pub const fn header(name: &'static str, kind: Kind, about: &'static str) -> Self {
        Self {
            in_header: true,
            ..Self::required(name, kind, about)
        }
    }

    /// The same parameter with a documented example value.
    pub const fn example(self, value: &'static str) -> Self {
        Self {
            example: Some(value),
            ..self
        }
    }
}

/// The answer of a successful request.
#[derive(Clone, Copy)]
pub enum Answer {
    /// 200 with a JSON wire type.
    Json(SchemaFn),
    /// 200 with the first JSON wire type, or, to a delegated (read-only) session, the
    /// second: the permission message in place of the write.
    JsonOrDelegated(SchemaFn, SchemaFn),
    /// 200 with a JSON document no wire type describes (this API document itself).
    Document,
    /// 200 with plain text.
    Text,
    /// 200 with an HTML page.
    Html,
    /// 200 with an XML document.
    Xml,
    /// 200 with a PNG image.
    Png,
    /// 200 with an SVG image.
    Svg,
    /// 200 with a built file of the frontend (script, style sheet, image, font…).
    File,
    /// 301, 302 or 308 to the address in `Location`.
    Redirect,
}

/// Error statuses an operation can answer besides those every JSON operation can (400,
/// 413, 429 and 503; writes also 403), each with the JSON error body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// 401: the action needs a signed-in member.
    Guest,
    /// 403: a delegated session's write, or a cross-site write.
    Forbidden,
    /// 404: no such thing.
    NotFound,
    /// 410: a product no longer offered (its details page still shows its last figures).
    Gone,
    /// 405: a form page's GET from a caller that does not ask for HTML (it must POST).
    WrongMethod,
}

/// One action of the dispatch endpoint, described.
#[derive(Clone, Copy)]
pub struct ActionDoc {
    /// The action's name, e.g. `Details.SetRate`.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its parameters (besides `action`).
    pub params: &'static [Param],
    /// Its answer when it succeeds.
    pub ok: Answer,
    /// The refusals it can answer besides the common ones.
    pub refusals: &'static [Refusal],
}

/// One own path and method, described. A path that runs an action ([`RouteDoc::runs`])
/// takes its parameters, answer and refusals from that action's [`ActionDoc`].
#[derive(Clone, Copy)]
pub struct RouteDoc {
    /// The path in OpenAPI's form (`/api/offers/{name}`).
    pub path: &'static str,
    /// Its method.
    pub verb: Verb,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its parameters (path parameters are those named in `path`).
    pub params: &'static [Param],
    /// Its answer when it succeeds.
    pub ok: Answer,
    /// The refusals it can answer besides the common ones.
    pub refusals: &'static [Refusal],
    /// The action this path runs, when it is an action's own path.
    pub action: Option<&'static str>,
}

impl RouteDoc {
    /// An action's own path: everything but the summary comes from the action.
    pub const fn runs(
        path: &'static str,
        verb: Verb,
        action: &'static str,
        summary: &'static str,
    ) -> Self {
        Self {
            path,
            verb,
            summary,
            params: &[],
            ok: Answer::Text,
            refusals: &[],
            action: Some(action),
        }
    }
}
