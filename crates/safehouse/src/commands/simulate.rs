//! `safehouse simulate <game>`: many seeded games between bots, with statistics.
//!
//! Seats rotate between the bots of the line-up, games run on every core, and each game is
//! seeded from `--seed` and its index, so the figures do not depend on `--threads`.
//! See `docs/simulator.md`; `exec:<command>` entrants are outside programs speaking the player
//! protocol (`docs/player-protocol.md`).
//!
//! Statistics are counted as games finish (memory does not grow with `--games`); `--json` and
//! `--csv` rows are written as their batch finishes, in index order. `--shard K/N` plays one
//! shard of the games and writes a mergeable result; `safehouse simulate-merge` adds shards up
//! to exactly the figures of one whole run (a SLURM array or a Kubernetes indexed job).

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::Context;
use safehouse_player::{ExecSettings, OnFailure};
use safehouse_sim::{GameResult, RunOptions, Shard, ShardResult, Tournament, output, parse_lineup};
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
    #[arg(long, conflicts_with = "shard")]
    csv: bool,
    /// Play only shard K of N (0-based: K from 0 to N-1) of the games, e.g. `--shard 0/8`, and print
    /// its mergeable result as one JSON line (`"type":"shard"`; after the games with `--json`).
    /// `safehouse simulate-merge` adds the N results up to exactly the figures of one whole run.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
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
    let (players, lineup) = tournament.table()?;
    let shard = args.shard.unwrap_or(Shard::ALL);
    // Rows go out as their batch of games finishes; stdout is locked only to write.
    let mut rows = std::io::BufWriter::new(std::io::stdout());
    let (json, csv) = (args.json, args.csv);
    if csv {
        writeln!(rows, "{}", output::csv_header(players))?;
    }
    let mut write_row = |g: &GameResult| -> std::io::Result<()> {
        if json {
            writeln!(rows, "{}", output::game_json_line(g, &lineup))
        } else {
            writeln!(rows, "{}", output::csv_row(g, &lineup))
        }
    };
    let sink: Option<safehouse_sim::GameSink<'_>> = if json || csv { Some(&mut write_row) } else { None };
    let result = tournament.run_range(&run, shard.range(tournament.games), sink)?;
    let mut out = rows;
    if args.shard.is_some() {
        let mut line = serde_json::to_value(&result)?;
        if let Some(object) = line.as_object_mut() {
            object.insert("type".to_owned(), Value::from("shard"));
        }
        writeln!(out, "{line}")?;
        out.flush()?;
        return Ok(());
    }
    let summary = result.summary();
    if json {
        writeln!(out, "{}", output::summary_json_line(&summary)?)?;
    } else if csv {
        out.flush()?;
        eprint!("{}", output::table(&summary));
    } else {
        write!(out, "{}", output::table(&summary))?;
    }
    out.flush()?;
    Ok(())
}

/// Options of `safehouse simulate-merge`.
#[derive(Debug, clap::Args)]
pub(crate) struct MergeArgs {
    /// The shard results (`safehouse simulate --shard K/N` output; other lines, such as `--json`
    /// games, are skipped). `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the summary as one JSON line (as the last line of `simulate --json`).
    #[arg(long)]
    json: bool,
}

/// `safehouse simulate-merge FILES...`: the summary of every shard of a tournament together.
pub(crate) fn merge(args: MergeArgs) -> anyhow::Result<()> {
    let mut shards = Vec::new();
    for path in &args.files {
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
            Box::new(std::io::BufReader::new(file))
        };
        let before = shards.len();
        for (number, line) in reader.lines().enumerate() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            // Cheap test first: game rows are skipped without parsing.
            if !line.contains("\"type\":\"shard\"") {
                continue;
            }
            let shard: ShardResult = serde_json::from_str(&line)
                .with_context(|| format!("{}:{}: not a shard result", path.display(), number + 1))?;
            shards.push(shard);
        }
        if shards.len() == before {
            anyhow::bail!("{}: no shard result in it (a line with \"type\":\"shard\")", path.display());
        }
    }
    let merged = ShardResult::merge_all(shards)?;
    let summary = merged.summary();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", output::summary_json_line(&summary)?)?;
    } else {
        write!(out, "{}", output::table(&summary))?;
    }
    out.flush()?;
    Ok(())
}
