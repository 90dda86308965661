//! `plainrate`: the site server. `plainrate --help` lists every setting.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    plainrate::cli::run().await
}
