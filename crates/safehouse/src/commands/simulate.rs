//! `safehouse simulate <game>`: many seeded games between bots, with statistics.
//!
//! Seats rotate between the bots of the line-up, games run on every core, and each game is
//! seeded from `--seed` and its index, so the figures do not depend on `--threads`.
//! See `docs/simulator.md`; `exec:<command>` entrants are outside programs speaking the player
//! protocol (`docs/player-protocol.md`).

use std::io::Write;

use anyhow::Context;
use safehouse_player::{ExecSettings, OnFailure};
use safehouse_sim::{RunOptions, Tournament, output, parse_lineup};
use serde_json::Value;

/// Options of `safehouse simulate`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id (or alias, e.g. `cash`).
    game: String,
    /// Number of games.
    #[arg(long, default_value_t = 1_000)]
    games: u64,
    /// The master seed: game i is seeded from (seed, i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The line-up, comma separated: one bot kind per seat (`ismcts:2000,heuristic,heuristic,heuristic`),
    /// one kind for every seat, `kind*n` to repeat, or more kinds than seats for a league.
    /// Kinds: easy, medium, hard, random, heuristic, noisy[:percent], ismcts[:iterations],
    /// omniscient[:iterations] (evaluation only), the game's own (see `safehouse rules <game>`), and
    /// `exec:<command line>`: an outside program speaking the player protocol (docs/player-protocol.md),
    /// e.g. 'exec:python3 examples/random_bot.py' (the command may not contain a comma).
    #[arg(long, default_value = "heuristic")]
    bots: String,
    /// Milliseconds an outside program (`exec:`) has for each decision.
    #[arg(long, default_value_t = 1_000)]
    exec_budget_ms: u64,
    /// Extra milliseconds for the first decision of a freshly started program (its start-up).
    #[arg(long, default_value_t = 5_000)]
    exec_startup_ms: u64,
    /// The bot that decides when an outside program fails (garbage, an illegal answer, silence, a crash).
    #[arg(long, default_value = "random")]
    exec_fallback: String,
    /// An outside program that fails forfeits the game (it is scored last) instead of only
    /// handing the decision to the fallback bot.
    #[arg(long)]
    exec_forfeit: bool,
    /// Number of players (default: one per bot, or the game's usual table for a single bot).
    #[arg(long)]
    players: Option<usize>,
    /// A preset of options (e.g. `cash`).
    #[arg(long)]
    preset: Option<String>,
    /// Options to change, as a JSON object, e.g. '{"tie_break":"most_safes"}'.
    #[arg(long)]
    options: Option<String>,
    /// Print every game, then the summary, as JSON lines.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print every game as a CSV row (the summary table goes to stderr).
    #[arg(long)]
    csv: bool,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Longest game allowed, in decisions (a longer one is reported as a bug).
    #[arg(long, default_value_t = 100_000)]
    max_actions: usize,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let options = match &args.options {
        Some(text) => Some(serde_json::from_str::<Value>(text).context("--options must be a JSON object")?),
        None => None,
    };
    let tournament = Tournament {
        game: args.game.clone(),
        players: args.players,
        preset: args.preset.clone(),
        options,
        bots: parse_lineup(&args.bots),
        games: args.games,
        seed: args.seed,
        max_actions: args.max_actions,
        exec: ExecSettings {
            budget_ms: args.exec_budget_ms,
            startup_ms: args.exec_startup_ms,
            on_failure: if args.exec_forfeit { OnFailure::Forfeit } else { OnFailure::Fallback },
        },
        exec_fallback: args.exec_fallback.clone(),
    };
    let run = RunOptions { threads: args.threads, progress: !args.quiet, label: None };
    let played = tournament.run(&run)?;
    let summary = played.summary();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        output::write_json_lines(&played, &summary, &mut out)?;
    } else if args.csv {
        output::write_csv(&played, &summary, &mut out)?;
        eprint!("{}", output::table(&summary));
    } else {
        write!(out, "{}", output::table(&summary))?;
    }
    out.flush()?;
    Ok(())
}
