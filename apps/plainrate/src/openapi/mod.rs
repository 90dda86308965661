//! The API's OpenAPI 3.1 document, served at `/api/openapi.json`.
//!
//! Schemas come from the wire types of `api-types` (the same types the frontend's
//! TypeScript is generated from). Operations come from two tables: [`actions::ACTIONS`]
//! (every action of the dispatch endpoint, each also at `/home/rpc/{name}`) and
//! [`routes::ROUTES`] (every own path). A test fails when an action or a route is missing
//! from them.

pub mod actions;
pub mod examples;
pub mod model;
pub mod routes;

use std::sync::OnceLock;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::response::{ResponseBuilder, ResponsesBuilder};
use utoipa::openapi::schema::{
    AnyOfBuilder, ComponentsBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{InfoBuilder, OpenApi, OpenApiBuilder, PathsBuilder, RefOr, Required};

use crate::AppState;
use crate::rpc::Methods;
use model::{ActionDoc, Answer, Kind, Param, Refusal, Verb, schema_of};

/// The path of the dispatch endpoint where each action also has a path of its own.
pub const ACTION_PATH_PREFIX: &str = "/home/rpc/";

/// The document's route.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(serve))
}

async fn serve() -> Response {
    let mut response = (
        [(header::CONTENT_TYPE, "application/json")],
        document_json(),
    )
        .into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    response
}

/// The document as JSON, built once.
pub fn document_json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        document()
            .to_json()
            .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    })
}

/// Schemas collected while the operations are described.
type Schemas = Vec<(String, RefOr<Schema>)>;

/// Builds the whole document.
pub fn document() -> OpenApi {
    let mut schemas = Schemas::new();
    let mut paths = PathsBuilder::new();
    for doc in actions::ACTIONS {
        let Some(action) = crate::rpc::find(doc.name) else {
            continue;
        };
        let verb = match action.methods {
            Methods::Get => Verb::Get,
            Methods::Post => Verb::Post,
        };
        let path = format!("{ACTION_PATH_PREFIX}{}", doc.name);
        let operation = describe(
            &mut schemas,
            &path,
            verb,
            doc.summary,
            doc_of(doc),
            action.csrf,
        );
        paths = paths.path(path, PathItem::new(http(verb), operation));
    }
    for route in routes::ROUTES {
        let (params, ok, refusals, csrf) = match route.action.and_then(action_doc) {
            Some(doc) => (
                doc.params,
                doc.ok,
                doc.refusals,
                crate::rpc::find(doc.name).is_some_and(|a| a.csrf),
            ),
            None => (route.params, route.ok, route.refusals, false),
        };
        let operation = describe(
            &mut schemas,
            route.path,
            route.verb,
            route.summary,
            (params, ok, refusals),
            csrf,
        );
        paths = paths.path(route.path, PathItem::new(http(route.verb), operation));
    }
    for endpoint in ["/home/rpc", "/ajax.php"] {
        for verb in [Verb::Get, Verb::Post] {
            let operation = dispatch_operation(&mut schemas, verb);
            paths = paths.path(endpoint, PathItem::new(http(verb), operation));
        }
    }
    schema_of::<api_types::protocol::MaintenanceResponse>(&mut schemas);
    schema_of::<api_types::protocol::ApiBlockedResponse>(&mut schemas);
    let components = ComponentsBuilder::new()
        .schemas_from_iter(schemas)
        .security_scheme(
            "windowId",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-XSRF-WHID",
                "A window id from GET /sid.php.",
            ))),
        )
        .security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-XSRF-TOKEN",
                "An anti-forgery token from GET /home/rpc?action=get-csrf-token, bound to \
                 the session cookie it was fetched with.",
            ))),
        )
        .build();
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("PlainRate site API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every route and every action of the dispatch endpoint. An action is \
                     reached as /home/rpc?action=NAME (or /ajax.php?action=NAME) and, \
                     identically, at /home/rpc/NAME, which is how this document lists it. \
                     Writes are POST and carry a window id and an anti-forgery token \
                     (docs/API.md, \"Anti-forgery flow\").",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components))
        .build()
}

fn action_doc(name: &str) -> Option<&'static ActionDoc> {
    actions::ACTIONS.iter().find(|doc| doc.name == name)
}

fn doc_of(doc: &ActionDoc) -> (&'static [Param], Answer, &'static [Refusal]) {
    (doc.params, doc.ok, doc.refusals)
}

fn http(verb: Verb) -> HttpMethod {
    match verb {
        Verb::Get => HttpMethod::Get,
        Verb::Post => HttpMethod::Post,
    }
}

fn param_schema(param: &Param) -> Schema {
    Schema::Object(param_object(param).build())
}

/// A parameter's schema. A required text is read trimmed and refused when nothing is
/// left, so it needs a character other than white space.
fn param_object(param: &Param) -> ObjectBuilder {
    let text = || {
        let text = ObjectBuilder::new().schema_type(Type::String);
        if param.required {
            text.min_length(Some(1)).pattern(Some("\\S"))
        } else {
            text
        }
    };
    match param.kind {
        Kind::Text => text(),
        Kind::TextMax(max) => text().max_length(Some(max)),
        Kind::TextBetween(min, max) => text().min_length(Some(min)).max_length(Some(max)),
        // Words are runs of characters between white space (`qna_validation::text`); the
        // pattern names plain ASCII ones, which every reading of "white space" agrees on.
        Kind::Words(min, max) => text().max_length(Some(max)).pattern(Some(format!(
            "[!-~]+( +[!-~]+){{{}}}",
            min.saturating_sub(1)
        ))),
        Kind::Chars(class, max) => text().pattern(Some(format!("^[{class}]{{0,{max}}}$"))),
        Kind::Email(max) => text()
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
            .max_length(Some(max))
            .pattern(Some(qna_validation::guest::GUEST_EMAIL_JS_PATTERN)),
        Kind::Matching(pattern) => text().pattern(Some(pattern)),
        Kind::Digits(n) => text().pattern(Some(format!("^[0-9]{{{n}}}$"))),
        // The server reads whole numbers as 64-bit.
        Kind::Integer => ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(i64::MIN))
            .maximum(Some(i64::MAX)),
        Kind::IntegerIn(min, max) => ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(min))
            .maximum(Some(max)),
        Kind::Decimal => text().pattern(Some("^-?[0-9]+(\\.[0-9]+)?$")),
        Kind::OneOf(words) => text().enum_values(Some(words.iter().copied())),
        Kind::Listed(words) => text().enum_values(Some(words())),
    }
}

/// An example as JSON: a number for a whole-number parameter, else the text.
fn example_value(kind: Kind, value: &str) -> serde_json::Value {
    match kind {
        Kind::Integer | Kind::IntegerIn(..) => value
            .parse::<i64>()
            .map_or_else(|_| value.into(), serde_json::Value::from),
        _ => value.into(),
    }
}

/// The names a path template names (`/api/offers/{name}` → `name`).
fn path_names(path: &str) -> Vec<&str> {
    path.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// One operation: its parameters (query and path for reads, a form or JSON body for
/// writes), its answer, and the refusals it can give.
fn describe(
    schemas: &mut Schemas,
    path: &str,
    verb: Verb,
    summary: &str,
    (params, ok, refusals): (&'static [Param], Answer, &'static [Refusal]),
    csrf: bool,
) -> utoipa::openapi::path::Operation {
    let in_path = path_names(path);
    let mut operation = OperationBuilder::new().summary(Some(summary));
    let mut body = ObjectBuilder::new().schema_type(Type::Object);
    let mut body_fields = 0;
    for param in params {
        let location = if param.in_header {
            Some(ParameterIn::Header)
        } else if in_path.contains(&param.name) {
            Some(ParameterIn::Path)
        } else if verb == Verb::Get {
            Some(ParameterIn::Query)
        } else {
            None
        };
        match location {
            Some(location) => {
                let required = param.required || location == ParameterIn::Path;
                operation = operation.parameter(
                    ParameterBuilder::new()
                        .name(param.name)
                        .parameter_in(location)
                        .required(if required {
                            Required::True
                        } else {
                            Required::False
                        })
                        .description(Some(param.about))
                        .schema(Some(param_schema(param)))
                        .example(param.example.map(|value| example_value(param.kind, value))),
                );
            }
            None => {
                body_fields += 1;
                let mut field = param_object(param).description(Some(param.about));
                if let Some(value) = param.example {
                    field = field.examples([example_value(param.kind, value)]);
                }
                body = body.property(param.name, field);
                if param.required {
                    body = body.required(param.name);
                }
            }
        }
    }
    if verb == Verb::Post {
        let body = Schema::Object(body.build());
        operation = operation.request_body(Some(
            RequestBodyBuilder::new()
                .required(Some(if body_fields > 0 {
                    Required::True
                } else {
                    Required::False
                }))
                .content(
                    "application/x-www-form-urlencoded",
                    ContentBuilder::new().schema(Some(body.clone())).build(),
                )
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(body)).build(),
                )
                .build(),
        ));
    }
    if csrf {
        operation = operation.security(
            SecurityRequirement::new("windowId", Vec::<String>::new())
                .add("token", Vec::<String>::new()),
        );
    }
    operation
        .responses(responses(schemas, ok, refusals, verb == Verb::Get, csrf))
        .build()
}

/// The generic dispatch endpoint: `action` names what runs.
fn dispatch_operation(schemas: &mut Schemas, verb: Verb) -> utoipa::openapi::path::Operation {
    let names: Vec<&str> = actions::ACTIONS
        .iter()
        .filter(|doc| {
            crate::rpc::find(doc.name).is_some_and(|a| match verb {
                Verb::Get => a.methods == Methods::Get,
                Verb::Post => a.methods == Methods::Post,
            })
        })
        .map(|doc| doc.name)
        .collect();
    let param = ParameterBuilder::new()
        .name("action")
        .parameter_in(ParameterIn::Query)
        .required(Required::True)
        .description(Some(
            "The action to run; its parameters and answer are those of /home/rpc/{action}.",
        ))
        .schema(Some(Schema::Object(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(names))
                .build(),
        )));
    let summary = match verb {
        Verb::Get => "Runs a read action named by `action`.",
        Verb::Post => "Runs a write action named by `action`.",
    };
    let mut operation = OperationBuilder::new()
        .summary(Some(summary))
        .parameter(param);
    let any_object = Schema::Object(ObjectBuilder::new().schema_type(Type::Object).build());
    if verb == Verb::Post {
        operation = operation.request_body(Some(
            RequestBodyBuilder::new()
                .content(
                    "application/x-www-form-urlencoded",
                    ContentBuilder::new()
                        .schema(Some(any_object.clone()))
                        .build(),
                )
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(any_object.clone()))
                        .build(),
                )
                .build(),
        ));
        operation = operation.security(
            SecurityRequirement::new("windowId", Vec::<String>::new())
                .add("token", Vec::<String>::new()),
        );
    }
    let mut responses = ResponsesBuilder::new().response(
        "200",
        ResponseBuilder::new()
            .description("The action's answer (see /home/rpc/{action}).")
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(any_object)).build(),
            )
            .content("text/plain", text_content()),
    );
    let error = schema_of::<api_types::protocol::ErrorBody>(schemas);
    for (status, description) in [
        (
            "400",
            "Malformed request, unknown action, a parameter that broke a rule, or a bad anti-forgery token.",
        ),
        ("401", "The action needs a signed-in member."),
        (
            "403",
            "A forbidden write, a cross-site write, or a blocked client.",
        ),
        ("404", "The action found nothing by that name or id."),
        ("405", "The action does not accept this method."),
        ("413", "The body is over 64 KiB."),
        ("429", "Too many attempts; try again later."),
    ] {
        responses = responses.response(status, json_response(description, error.clone()));
    }
    responses = responses.response("503", unavailable(schemas));
    operation.responses(responses.build()).build()
}

fn text_content() -> utoipa::openapi::content::Content {
    ContentBuilder::new()
        .schema(Some(Schema::Object(
            ObjectBuilder::new().schema_type(Type::String).build(),
        )))
        .build()
}

fn json_response(description: &str, schema: RefOr<Schema>) -> ResponseBuilder {
    ResponseBuilder::new().description(description).content(
        "application/json",
        ContentBuilder::new().schema(Some(schema)).build(),
    )
}

fn unavailable(schemas: &mut Schemas) -> ResponseBuilder {
    json_response(
        "The site is in maintenance (Retry-After), or the request ran out of time (empty body).",
        schema_of::<api_types::protocol::MaintenanceResponse>(schemas),
    )
}

fn responses(
    schemas: &mut Schemas,
    ok: Answer,
    refusals: &[Refusal],
    read: bool,
    write: bool,
) -> utoipa::openapi::response::Responses {
    let binary = || {
        ContentBuilder::new()
            .schema(Some(Schema::Object(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .content_media_type("application/octet-stream")
                    .build(),
            )))
            .build()
    };
    let mut responses = ResponsesBuilder::new();
    let html = matches!(ok, Answer::Html);
    responses = match ok {
        Answer::Json(schema) => {
            let schema = schema(schemas);
            let responses = responses.response("200", json_response("Success.", schema));
            if read {
                // Cached answers carry an ETag; a request that sends it back gets 304.
                responses.response("304", ResponseBuilder::new().description("Not modified."))
            } else {
                responses
            }
        }
        Answer::JsonOrDelegated(done, refused) => {
            // anyOf, not oneOf: the permission message's shape (`error`, `message`) is
            // also valid as the write's answer, so "exactly one" would never hold.
            let either = AnyOfBuilder::new()
                .item(done(schemas))
                .item(refused(schemas))
                .build();
            responses.response(
                "200",
                json_response(
                    "Success; a delegated session gets the permission message instead.",
                    RefOr::T(Schema::AnyOf(either)),
                ),
            )
        }
        Answer::Document => {
            let object = Schema::Object(ObjectBuilder::new().schema_type(Type::Object).build());
            responses.response("200", json_response("Success.", RefOr::T(object)))
        }
        Answer::Text => responses.response(
            "200",
            ResponseBuilder::new()
                .description("Success.")
                .content("text/plain", text_content()),
        ),
        Answer::Html => responses.response(
            "200",
            ResponseBuilder::new()
                .description("The page.")
                .content("text/html", text_content()),
        ),
        Answer::Xml => responses.response(
            "200",
            ResponseBuilder::new()
                .description("The document.")
                .content("application/xml", text_content()),
        ),
        Answer::Png => responses.response(
            "200",
            ResponseBuilder::new()
                .description("The image.")
                .content("image/png", binary()),
        ),
        Answer::Svg => responses.response(
            "200",
            ResponseBuilder::new()
                .description("The image.")
                .content("image/svg+xml", text_content()),
        ),
        Answer::File => responses
            .response(
                "200",
                ResponseBuilder::new()
                    .description("The file, with its own content type.")
                    .content("*/*", binary()),
            )
            .response("304", ResponseBuilder::new().description("Not modified.")),
        Answer::Redirect => {
            let location = || {
                HeaderBuilder::new()
                    .schema(Some(Schema::Object(
                        ObjectBuilder::new().schema_type(Type::String).build(),
                    )))
                    .description(Some("Where to go."))
                    .build()
            };
            let moved = |description: &str| {
                ResponseBuilder::new()
                    .description(description)
                    .header("Location", location())
            };
            responses
                .response("301", moved("Moved for good."))
                .response("302", moved("Found elsewhere."))
                .response("308", moved("Moved for good, method kept."))
        }
    };
    let error = schema_of::<api_types::protocol::ErrorBody>(schemas);
    let refusal = |description: &str| {
        let mut response = json_response(description, error.clone());
        if html {
            response = response.content("text/html", text_content());
        }
        response
    };
    responses = responses
        .response(
            "400",
            refusal("Malformed request, or a parameter that broke a rule (`field` names it)."),
        )
        .response("413", refusal("The body is over 64 KiB."))
        .response("429", refusal("Too many attempts; try again later."))
        .response("503", unavailable(schemas));
    if write || refusals.contains(&Refusal::Forbidden) {
        responses = responses.response(
            "403",
            refusal("A forbidden or cross-site write, or a blocked client."),
        );
    }
    if refusals.contains(&Refusal::Guest) {
        responses = responses.response("401", refusal("The action needs a signed-in member."));
    }
    if refusals.contains(&Refusal::WrongMethod) {
        responses = responses.response(
            "405",
            refusal("Only a browser asking for the page may GET it; send a POST."),
        );
    }
    if refusals.contains(&Refusal::NotFound) {
        responses = responses.response("404", refusal("Nothing by that name or id."));
    }
    if refusals.contains(&Refusal::Gone) {
        responses = responses.response(
            "410",
            refusal("A product no longer offered: retired by an import (code gone)."),
        );
    }
    responses.build()
}
