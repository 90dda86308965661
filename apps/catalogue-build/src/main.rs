//! `catalogue-build <shared-data-dir> <out-dir>`: reads the public datasets and writes the
//! catalogue fixtures, the large-bank issuers as `<out-dir>/../large-banks.json` and the
//! community questions and answers as `<out-dir>/../qna/community.json`. When
//! `<out-dir>/../routes.json` and `<out-dir>/../README.md` exist, it also rewrites the
//! README's size tables (see the crate README); when `<out-dir>/../../frontend/public`
//! exists, it writes the sample avatars under its `assets/avatars/` and the national
//! deposit rates for the charts as its `assets/data/national-rates.json`.

use std::{path::PathBuf, process::ExitCode};

use catalogue_build::{BuildError, Catalogue, qna, readme};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(data), Some(out), None) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: catalogue-build <shared-data-dir> <out-dir>");
        return ExitCode::from(2);
    };
    let out_dir = PathBuf::from(out);
    let data_dir = PathBuf::from(data);
    let result = catalogue_build::build(&data_dir)
        .and_then(|catalogue| catalogue.write(&out_dir).map(|()| catalogue))
        .and_then(|catalogue| {
            catalogue
                .write_large_banks(beside(&out_dir))
                .map(|()| catalogue)
        })
        .and_then(|catalogue| update_readme(&catalogue, &out_dir).map(|note| (catalogue, note)))
        .and_then(|(catalogue, note)| {
            let community = write_community(&data_dir, &out_dir)?;
            Ok((catalogue, note, community))
        });
    match result {
        Ok((catalogue, note, community)) => {
            for (file, offers) in catalogue.files() {
                eprintln!("wrote {out}/{file}: {} offers", offers.len());
            }
            eprintln!(
                "wrote {}: {} large-bank issuer names",
                beside(&out_dir)
                    .join(catalogue_build::LARGE_BANKS_FILE)
                    .display(),
                catalogue
                    .large_banks
                    .get("banks")
                    .and_then(serde_json::Value::as_array)
                    .map_or(0, Vec::len)
            );
            eprintln!("{note}");
            for line in community {
                eprintln!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("catalogue-build: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The folder that holds the output folder, where the large-bank list and the README go.
fn beside(out_dir: &std::path::Path) -> &std::path::Path {
    out_dir.parent().unwrap_or(out_dir)
}

/// Builds the community questions and answers, writes them to `qna/community.json` beside
/// the output folder, and the national rates when the frontend's `public` folder is there;
/// says what it did.
fn write_community(
    data_dir: &std::path::Path,
    out_dir: &std::path::Path,
) -> Result<Vec<String>, BuildError> {
    let built = qna::build_from(data_dir)?;
    let parent = beside(out_dir);
    built.community.write(parent)?;
    let mut lines = vec![format!(
        "wrote {}",
        parent
            .join(qna::QNA_DIR)
            .join(qna::COMMUNITY_FILE)
            .display()
    )];
    lines.extend(built.summary.lines(&built.community));
    let public = beside(parent).join("frontend").join("public");
    if public.is_dir() {
        let rates = catalogue_build::national::write(data_dir, &public)?;
        lines.push(format!("wrote {}", rates.display()));
    } else {
        lines.push(format!(
            "no {}: national rates not written",
            public.display()
        ));
    }
    Ok(lines)
}

/// Rewrites the size tables of the README beside the output folder, when it and the route
/// table exist; says what it did.
fn update_readme(catalogue: &Catalogue, out_dir: &std::path::Path) -> Result<String, BuildError> {
    let parent = beside(out_dir);
    let (readme_path, routes_path) = (parent.join("README.md"), parent.join("routes.json"));
    if !readme_path.is_file() || !routes_path.is_file() {
        return Ok(
            "no README.md and routes.json beside the output folder: size tables not written"
                .to_owned(),
        );
    }
    let io = |path: &std::path::Path, error: std::io::Error| BuildError::Io {
        path: path.display().to_string(),
        message: error.to_string(),
    };
    let routes = std::fs::read_to_string(&routes_path).map_err(|e| io(&routes_path, e))?;
    let text = std::fs::read_to_string(&readme_path).map_err(|e| io(&readme_path, e))?;
    let offers = catalogue.offers()?;
    let shortfalls = catalogue_build::coverage::shortfalls(&offers);
    if !shortfalls.is_empty() {
        let list: Vec<String> = shortfalls.into_iter().map(|s| s.0).collect();
        return Err(BuildError::BadValue {
            file: routes_path.display().to_string(),
            message: format!("the catalogue falls short: {}", list.join("; ")),
        });
    }
    let view = readme::view(offers, &routes)?;
    let updated = readme::update(&text, &readme::size_tables(&view))?;
    std::fs::write(&readme_path, updated).map_err(|e| io(&readme_path, e))?;
    Ok(format!(
        "updated the size tables of {}",
        readme_path.display()
    ))
}
