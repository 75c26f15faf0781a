//! `safehouse serve`: the online table (see docs/server.md).
//!
//! With no flags it serves on 127.0.0.1:8080 with a SQLite file `safehouse.db` in the working
//! directory, and prints the address to open. Every setting also comes from an environment
//! variable (`SAFEHOUSE_...`) or a TOML file (`--config`).

/// Options of `safehouse serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    serve: safehouse_server::ServeArgs,
}

impl Args {
    /// The settings used when `safehouse` runs with no subcommand: the defaults, overridden by
    /// any `SAFEHOUSE_...` environment variables.
    pub(crate) fn default_from_env() -> Self {
        use clap::{FromArgMatches, Parser};
        #[derive(Parser)]
        struct EnvOnly {
            #[command(flatten)]
            serve: safehouse_server::ServeArgs,
        }
        let matches =
            <EnvOnly as clap::CommandFactory>::command().no_binary_name(true).get_matches_from(Vec::<String>::new());
        let serve = EnvOnly::from_arg_matches(&matches).map(|e| e.serve).unwrap_or_default();
        Args { serve }
    }
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let config = args.serve.resolve()?;
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(safehouse_server::run(config))
}
