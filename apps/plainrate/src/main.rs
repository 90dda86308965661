//! `plainrate`: the site server. `plainrate --help` lists every setting.

use std::process::ExitCode;

/// Small, short-lived allocations dominate a request; mimalloc serves them from
/// thread-local pages, which the system allocator does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    plainrate::cli::run().await
}
