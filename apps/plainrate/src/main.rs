//! `plainrate`: the site server. `plainrate --help` lists every setting.

use std::process::ExitCode;

/// The process runs on one event loop; `serve` starts one more per further CPU core
/// (`plainrate::listen`).
fn main() -> ExitCode {
    match plainrate::listen::event_loop() {
        Ok(runtime) => runtime.block_on(plainrate::cli::run()),
        Err(err) => {
            eprintln!("error: could not start the async runtime: {err}");
            ExitCode::FAILURE
        }
    }
}
