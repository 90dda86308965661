//! TypeScript declarations of every wire type (behind the `ts-rs` feature).
//!
//! The list below is the one place that names what the frontend may import. A test checks
//! that every type a listed type refers to is listed too, so no generated import dangles.

use std::collections::BTreeSet;

use ts_rs::{Config, TS};

/// One generated file: its path relative to the output folder, and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to the output folder, e.g. `ErrorBody.ts`.
    pub path: String,
    /// The file's contents.
    pub contents: String,
}

/// Why the declarations could not be produced.
#[derive(Debug, thiserror::Error)]
pub enum BindingsError {
    /// ts-rs refused a type.
    #[error("cannot export {type_name}: {source}")]
    Export {
        /// The Rust type.
        type_name: &'static str,
        /// What ts-rs said.
        source: ts_rs::ExportError,
    },
    /// A listed type refers to a type that is not listed.
    #[error("{type_name} refers to {dependency}, which is not in the wire-type list")]
    Unlisted {
        /// The listed type.
        type_name: &'static str,
        /// The missing one.
        dependency: String,
    },
}

/// The settings every declaration is produced with: 64-bit integers travel as JSON numbers.
fn config() -> Config {
    Config::new().with_large_int("number")
}

struct Entry {
    type_name: &'static str,
    path: String,
    render: fn(&Config) -> Result<String, ts_rs::ExportError>,
    dependencies: fn(&Config) -> Vec<String>,
}

fn entry<T: TS + 'static>() -> Entry {
    Entry {
        type_name: std::any::type_name::<T>(),
        path: T::output_path()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default(),
        render: T::export_to_string,
        dependencies: |cfg| {
            T::dependencies(cfg)
                .into_iter()
                .map(|d| d.output_path.to_string_lossy().into_owned())
                .collect()
        },
    }
}

macro_rules! wire_types {
    ($($ty:ty),* $(,)?) => {
        fn entries() -> Vec<Entry> {
            vec![$(entry::<$ty>()),*]
        }
    };
}

wire_types![
    crate::offer::Figure,
    crate::offer::RateTierRow,
    crate::offer::RateTable,
    crate::offer::ApplyTarget,
    crate::offer::SourceLink,
    crate::offer::Provenance,
    crate::offer::MarketApr,
    crate::offer::CategoryRating,
    crate::offer::AffiliateLinkView,
    crate::offer::OfferSummary,
    crate::listing::RouteSection,
    crate::listing::EditorialOrderKind,
    crate::listing::EditorialOrder,
    crate::listing::ScenarioInfo,
    crate::listing::NeedInfo,
    crate::listing::RouteInfo,
    crate::listing::RoutesResponse,
    crate::listing::ListingSort,
    crate::listing::Sponsorship,
    crate::listing::Placement,
    crate::listing::ListingEntry,
    crate::listing::ListingResponse,
    crate::listing::InstitutionResponse,
    crate::listing::CompareResponse,
    crate::content::ContentLink,
    crate::content::ContentSection,
    crate::content::ContentPage,
    crate::page::PagePayload,
    crate::page::PageData,
    crate::members::MemberView,
    crate::members::SignedInResponse,
    crate::members::LightSignUpResponse,
    crate::members::ReturnAddress,
    crate::members::PrivateInfo,
    crate::members::SignedOut,
    crate::rating::StarPiece,
    crate::rating::RatingView,
    crate::write_status::WriteStatus,
    crate::rating::RateResponse,
    crate::protocol::WindowIdResponse,
    crate::protocol::ErrorCode,
    crate::protocol::ErrorBody,
    crate::protocol::MaintenanceResponse,
    crate::protocol::ApiBlockedResponse,
    crate::protocol::MyIpResponse,
    crate::qna::Category,
    crate::qna::Attribution,
    crate::qna::Answer,
    crate::qna::Question,
    crate::qna::QuestionListResponse,
    crate::qna::AnswerPostResponse,
    crate::qna::AnswersResponse,
    crate::qna::QuestionResponse,
    crate::qna::AskStatus,
    crate::qna::AskResponse,
    crate::qna::QnaVoteResponse,
    crate::qna::QnaDone,
    crate::qna::ModerationItem,
    crate::qna::ModerationQueueResponse,
    crate::review::Review,
    crate::review::ReviewsResponse,
    crate::review::ReviewWriteResponse,
    crate::offer::ArtView,
    crate::offer::RatePoint,
    crate::search::SearchHit,
    crate::search::QuestionHit,
    crate::search::SearchResponse,
    crate::card_value::ValueAssumptions,
    crate::card_value::CardValueItem,
    crate::card_value::CardValueResponse,
    crate::dialogs::TextMessageResponse,
    crate::dialogs::HelpfulFeedbackResponse,
    crate::dialogs::Expert,
    crate::dialogs::ExpertsGallery,
    crate::dialogs::ExpertsGalleryResponse,
];

/// Every declaration file, plus an `index.ts` that re-exports them all, sorted by path.
pub fn generated_files() -> Result<Vec<GeneratedFile>, BindingsError> {
    let cfg = config();
    let entries = entries();
    let listed: BTreeSet<&str> = entries.iter().map(|e| e.path.as_str()).collect();
    let mut files = Vec::with_capacity(entries.len() + 1);
    for e in &entries {
        if let Some(dependency) = (e.dependencies)(&cfg)
            .into_iter()
            .find(|d| !listed.contains(d.as_str()))
        {
            return Err(BindingsError::Unlisted {
                type_name: e.type_name,
                dependency,
            });
        }
        let contents = (e.render)(&cfg).map_err(|source| BindingsError::Export {
            type_name: e.type_name,
            source,
        })?;
        files.push(GeneratedFile {
            path: e.path.clone(),
            contents,
        });
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let index = files
        .iter()
        .map(|f| {
            let module = f.path.trim_end_matches(".ts");
            format!("export type * from \"./{module}\";\n")
        })
        .collect::<String>();
    files.push(GeneratedFile {
        path: "index.ts".to_owned(),
        contents: format!(
            "// Generated by `just gen-types` from crates/api-types. Do not edit.\n{index}"
        ),
    });
    Ok(files)
}
