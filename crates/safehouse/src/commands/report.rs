//! `safehouse report <game>`: a balance report for one game across its presets, its options
//! (each changed on its own) and its player counts: a Markdown file and SVG plots.
//! See `docs/simulator.md`.

use std::path::PathBuf;

use safehouse_sim::report::{self, ReportSpec};
use safehouse_sim::{RunOptions, parse_lineup};

/// Options of `safehouse report`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id (or alias).
    game: String,
    /// Games per configuration.
    #[arg(long, default_value_t = 2_000)]
    games: u64,
    /// The master seed (the same for every configuration, so they are compared on the same deals).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The line-up every configuration plays (one kind fills every seat).
    #[arg(long, default_value = "heuristic")]
    bots: String,
    /// Players for the option comparisons (default: the game's usual table).
    #[arg(long)]
    players: Option<usize>,
    /// Skip the comparison of player counts.
    #[arg(long)]
    no_player_counts: bool,
    /// Skip changing each option on its own (presets are still compared).
    #[arg(long)]
    no_option_variations: bool,
    /// Directory to write `report.md` and the plots into (default: `report-<game>`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bars.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let spec = ReportSpec {
        game: args.game.clone(),
        bots: parse_lineup(&args.bots),
        games: args.games,
        seed: args.seed,
        players: args.players,
        player_counts: !args.no_player_counts,
        option_variations: !args.no_option_variations,
    };
    let run = RunOptions { threads: args.threads, progress: !args.quiet, label: None };
    let results = report::run(&spec, &run)?;
    let dir = args.out.unwrap_or_else(|| PathBuf::from(format!("report-{}", args.game)));
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let files = report::write(&spec, &results, &dir, &command)?;
    for file in files {
        println!("{}", file.display());
    }
    Ok(())
}
