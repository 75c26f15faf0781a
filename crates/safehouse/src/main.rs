//! `safehouse`: the one binary. With no subcommand it serves the table (as `safehouse serve`).
//!
//! Exit codes: 0 success, 1 runtime failure, 2 bad usage (clap's convention).

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

// The server's many small JSON allocations per action cost a fifth of its time with glibc's
// allocator (docs/server.md, Load).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Safehouse: a home for safe-cracking card games.
#[derive(Debug, Parser)]
#[command(name = "safehouse", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the games.
    Games,
    /// Show a game's rulebook for players (`--lang ko` in Korean, `--lang de` in German; `--design`: the design notes with citations).
    Rules(commands::rules::Args),
    /// Play a game in the terminal against bots.
    Play(commands::play::Args),
    /// Run many seeded games between bots and print statistics.
    Simulate(commands::simulate::Args),
    /// Add up the shard results of `simulate --shard K/N` into one run's statistics.
    SimulateMerge(commands::simulate::MergeArgs),
    /// Write a balance report (Markdown and SVG plots) for a game across its options.
    Report(commands::report::Args),
    /// Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md).
    Engine(commands::engine::Args),
    /// Seat an outside program (the player protocol, docs/player-protocol.md) at a table of a server, from its waiting room's link.
    Bot(commands::bot::Args),
    /// Copy the table's SQLite database into a new file, consistent even while the server runs.
    Backup(commands::store::BackupArgs),
    /// Copy every match from one database into another that holds none (SQLite into PostgreSQL, or back).
    CopyStore(commands::store::CopyArgs),
    /// Serve the online table (the default when no subcommand is given).
    // Boxed: the server's settings are several times larger than any other command's.
    Serve(Box<commands::serve::Args>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => commands::serve::run(commands::serve::Args::default_from_env()),
        Some(Command::Games) => commands::rules::list_games(),
        Some(Command::Rules(args)) => commands::rules::run(args),
        Some(Command::Play(args)) => commands::play::run(args),
        Some(Command::Simulate(args)) => commands::simulate::run(args),
        Some(Command::SimulateMerge(args)) => commands::simulate::merge(args),
        Some(Command::Report(args)) => commands::report::run(args),
        Some(Command::Engine(args)) => commands::engine::run(args),
        Some(Command::Bot(args)) => commands::bot::run(args),
        Some(Command::Backup(args)) => commands::store::backup(args),
        Some(Command::CopyStore(args)) => commands::store::copy(args),
        Some(Command::Serve(args)) => commands::serve::run(*args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // A closed pipe (e.g. `safehouse rules x | head`) is not a failure.
            if error.chain().any(|e| {
                e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {error:#}");
            ExitCode::from(1)
        }
    }
}
