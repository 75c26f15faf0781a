//! `safehouse-server`: the table server alone (the same as `safehouse serve`), used by the
//! crash test and the load generator, which need a process they can kill or measure.

use clap::Parser;
use safehouse_server::ServeArgs;

// glibc's allocator spent a fifth of the server's time per action (docs/server.md, Load).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Safehouse table server.
#[derive(Debug, Parser)]
#[command(name = "safehouse-server", version, about)]
struct Cli {
    #[command(flatten)]
    serve: ServeArgs,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.serve.resolve()?;
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(safehouse_server::run(config))
}
