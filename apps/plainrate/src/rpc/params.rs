//! Request parameters: the query string, then the body (JSON object or form-encoded), the
//! body winning.

use std::collections::BTreeMap;
use std::str::FromStr;

use axum::body::Bytes;
use axum::http::{HeaderMap, Uri, header};

use crate::ApiError;

/// Request parameters, merged from the query string and the body (the body wins).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    /// Builds parameters from pairs (later pairs win).
    pub fn from_pairs<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        Self(pairs.into_iter().collect())
    }

    /// A parameter's raw value.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// A parameter that must be present and non-blank.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        match self.get(name).map(str::trim) {
            Some(v) if !v.is_empty() => Ok(v),
            _ => Err(ApiError::validation(name, format!("{name} is required"))),
        }
    }

    /// A required yes-or-no parameter, read by the one flag rule ([`qna_validation::flag`]).
    pub fn flag(&self, name: &'static str) -> Result<bool, ApiError> {
        qna_validation::flag::parse(name, self.required(name)?)
            .map_err(|refused| ApiError::validation(name, refused.to_string()))
    }

    /// A required parameter parsed as `T`.
    pub fn parse<T: FromStr>(&self, name: &str) -> Result<T, ApiError> {
        self.required(name)?
            .parse()
            .map_err(|_| ApiError::validation(name, format!("{name} is not valid")))
    }

    /// An optional parameter parsed as `T`: absent or blank is `None`, present and
    /// unreadable is an error naming the field.
    pub fn parse_optional<T: FromStr>(&self, name: &str) -> Result<Option<T>, ApiError> {
        match self.get(name).map(str::trim) {
            None | Some("") => Ok(None),
            Some(_) => self.parse(name).map(Some),
        }
    }

    /// Every parameter, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// A body read as parameters and, for JSON, the value itself.
type ParsedBody = (Vec<(String, String)>, Option<serde_json::Value>);

/// Which body encodings a request may use besides JSON and form encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlainText {
    /// `text/plain` bodies are read as form pairs (the dispatch endpoint, as the request
    /// layer may send them).
    AsForm,
    /// `text/plain` bodies are refused.
    Refused,
}

/// Parameters of a request: the query string, then the body (JSON object or
/// form-encoded), the body winning; for a JSON body, the value too.
pub fn request_params(
    headers: &HeaderMap,
    uri: &Uri,
    body: &Bytes,
    plain_text: PlainText,
) -> Result<(Params, Option<serde_json::Value>), ApiError> {
    let mut pairs = form_pairs(uri.query().unwrap_or("").as_bytes());
    let (body_pairs, json) = parse_body(headers, body, plain_text)?;
    pairs.extend(body_pairs);
    // No text of the site holds a NUL character, and PostgreSQL refuses to store one: a
    // request carrying one is malformed, whichever field it is in.
    if let Some((name, _)) = pairs
        .iter()
        .find(|(name, value)| name.contains('\0') || value.contains('\0'))
    {
        return Err(ApiError::BadRequest(format!(
            "{name} may not contain a NUL character"
        )));
    }
    Ok((Params::from_pairs(pairs), json))
}

/// Parses the body by its content type into parameters and, for JSON, the value.
fn parse_body(
    headers: &HeaderMap,
    body: &Bytes,
    plain_text: PlainText,
) -> Result<ParsedBody, ApiError> {
    if body.is_empty() {
        return Ok((Vec::new(), None));
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if content_type.starts_with("application/json") {
        let value: serde_json::Value = serde_json::from_slice(body)
            .map_err(|e| ApiError::BadRequest(format!("malformed JSON body: {e}")))?;
        let serde_json::Value::Object(map) = &value else {
            return Err(ApiError::BadRequest(
                "the JSON body must be an object".to_owned(),
            ));
        };
        let pairs = map
            .iter()
            .filter_map(|(k, v)| {
                let text = match v {
                    serde_json::Value::String(s) => s.clone(),
                    serde_json::Value::Number(n) => n.to_string(),
                    serde_json::Value::Bool(b) => b.to_string(),
                    _ => return None,
                };
                Some((k.clone(), text))
            })
            .collect();
        Ok((pairs, Some(value)))
    } else if content_type.starts_with("application/x-www-form-urlencoded")
        || (plain_text == PlainText::AsForm && content_type.starts_with("text/plain"))
        || content_type.is_empty()
    {
        Ok((form_pairs(body), None))
    } else {
        Err(ApiError::BadRequest(format!(
            "unsupported content type: {content_type}"
        )))
    }
}

/// Decodes `a=1&b=2` pairs (`+` is a space), skipping empty names.
pub fn form_pairs(bytes: &[u8]) -> Vec<(String, String)> {
    bytes
        .split(|b| *b == b'&')
        .filter(|part| !part.is_empty())
        .filter_map(|part| {
            let mut it = part.splitn(2, |b| *b == b'=');
            let name = decode_component(it.next()?);
            let value = decode_component(it.next().unwrap_or(&[]));
            (!name.is_empty()).then_some((name, value))
        })
        .collect()
}

/// Form decoding as `site_urls::encoding::form_decode_component` does it, but lenient: a
/// malformed escape leaves the text as sent (with `+` as a space).
fn decode_component(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    match site_urls::encoding::form_decode_component(&text) {
        Some(decoded) => decoded.into_owned(),
        None => text.replace('+', " "),
    }
}
