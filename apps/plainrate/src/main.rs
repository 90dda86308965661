//! `plainrate`: the site server. `plainrate --help` lists every setting.

use std::process::ExitCode;

/// The process runs on an event loop of its own; `serve` answers connections on one more
/// per CPU core (`plainrate::listen`).
fn main() -> ExitCode {
    match plainrate::listen::event_loop() {
        Ok(runtime) => runtime.block_on(plainrate::cli::run()),
        Err(err) => {
            eprintln!("error: could not start the async runtime: {err}");
            ExitCode::FAILURE
        }
    }
}
