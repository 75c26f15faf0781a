//! The table's database: `safehouse backup` (a consistent copy of the SQLite file, while the
//! server runs) and `safehouse copy-store` (every match from one database into another, SQLite
//! into PostgreSQL or back). docs/server.md, Operations.

use std::path::PathBuf;

use anyhow::{Context, bail};
use safehouse_engine::words::count;

/// Options of `safehouse backup`.
#[derive(Debug, clap::Args)]
pub(crate) struct BackupArgs {
    /// The new file to write the copy to (never overwritten).
    to: PathBuf,
    /// The database to copy, as `safehouse serve` takes it [default: sqlite://safehouse.db].
    #[arg(long, env = "SAFEHOUSE_DATABASE_URL")]
    database_url: Option<String>,
    /// A TOML file of `safehouse serve`'s settings, to read the database from.
    #[arg(long, env = "SAFEHOUSE_CONFIG")]
    config: Option<PathBuf>,
}

pub(crate) fn backup(args: BackupArgs) -> anyhow::Result<()> {
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

/// Options of `safehouse copy-store`.
#[derive(Debug, clap::Args)]
pub(crate) struct CopyArgs {
    /// The database to copy from: a `postgres://` URL or a SQLite file (read as one snapshot; a
    /// server may still be running on it).
    #[arg(long)]
    from: String,
    /// The database to copy into, which must hold no match yet (created if missing; stop any
    /// server on it first).
    #[arg(long)]
    to: String,
    /// PostgreSQL schema of `--from` [default: public].
    #[arg(long)]
    from_schema: Option<String>,
    /// PostgreSQL schema of `--to` [default: public].
    #[arg(long)]
    to_schema: Option<String>,
}

pub(crate) fn copy(args: CopyArgs) -> anyhow::Result<()> {
    use safehouse_store::{OpenOptions, open, redact_url};
    let (from_url, to_url) = (redact_url(&args.from), redact_url(&args.to));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let summary = runtime.block_on(async {
        if !safehouse_store::is_postgres_url(&args.from) {
            let path = safehouse_store::sqlite_path(&args.from);
            // Opening a missing SQLite file would create an empty database and copy nothing.
            if !std::path::Path::new(path).is_file() {
                bail!("no database file at {path}");
            }
        }
        let from = open(&args.from, &OpenOptions { schema: args.from_schema, ..Default::default() })
            .await
            .with_context(|| format!("opening {from_url}"))?;
        let to = open(&args.to, &OpenOptions { schema: args.to_schema, ..Default::default() })
            .await
            .with_context(|| format!("opening {to_url}"))?;
        safehouse_store::copy_store(from.as_ref(), to.as_ref())
            .await
            .with_context(|| format!("copying {from_url} into {to_url}"))
    })?;
    println!(
        "copied {}, {} from {from_url} into {to_url}",
        count(summary.matches, "match", "matches"),
        count(summary.actions, "action", "actions"),
    );
    Ok(())
}
