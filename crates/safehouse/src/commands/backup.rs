//! `safehouse backup`: a consistent copy of the table's SQLite database, while the server runs.

use std::path::PathBuf;

use anyhow::{Context, bail};
use safehouse_engine::words::count;

/// Options of `safehouse backup`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The new file to write the copy to (never overwritten).
    to: PathBuf,
    /// The database to copy, as `safehouse serve` takes it [default: sqlite://safehouse.db].
    #[arg(long, env = "SAFEHOUSE_DATABASE_URL")]
    database_url: Option<String>,
    /// A TOML file of `safehouse serve`'s settings, to read the database from.
    #[arg(long, env = "SAFEHOUSE_CONFIG")]
    config: Option<PathBuf>,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    // The database is found as the server finds it: the flag, else the settings file, else the default.
    let serve =
        safehouse_server::ServeArgs { config: args.config, database_url: args.database_url, ..Default::default() };
    let config = serve.resolve()?;
    let url = config.database_url;
    if safehouse_store::is_postgres_url(&url) {
        let schema = config.database_schema.as_deref().unwrap_or("public");
        bail!(
            "{} is PostgreSQL: back it up with its own tools, e.g. `pg_dump --schema {schema} --format custom \
             --file safehouse.dump <url>` (docs/server.md, Operations)",
            safehouse_store::redact_url(&url)
        );
    }
    let from = safehouse_store::sqlite_path(&url);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let summary = runtime
        .block_on(safehouse_store::SqliteStore::backup(from, &args.to))
        .with_context(|| format!("backing up {from}"))?;
    println!(
        "copied {from} to {}: {}, {} (to restore: stop the server, delete {from}'s -wal and -shm files if any, and \
         put the copy in its place)",
        args.to.display(),
        count(summary.matches, "match", "matches"),
        count(summary.actions, "action", "actions"),
    );
    Ok(())
}
