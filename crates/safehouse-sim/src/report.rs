//! The balance report: one game played by the same bots across its presets, each of its options
//! changed one at a time, and every player count, written as a Markdown file with SVG plots.
//!
//! Each configuration is a [`Tournament`] of the same size and master seed, so configurations
//! are compared on the same seeds. Games are counted as they finish (the tournament's streaming
//! [`crate::Tally`], plus the score counts the plots need), so memory does not grow with the
//! number of games.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use safehouse_engine::OptionDomain;
use serde_json::{Map, Value};

use crate::output::table;
use crate::svg::{bars, boxes};
use crate::{Distribution, Estimate, GameResult, RunOptions, SimError, Summary, Tournament, Values};

/// What to report on.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportSpec {
    /// The game id or alias.
    pub game: String,
    /// The line-up every configuration plays (one kind fills every seat).
    pub bots: Vec<String>,
    /// Games per configuration.
    pub games: u64,
    /// The master seed (the same for every configuration).
    pub seed: u64,
    /// Players for the option comparisons; `None`: the game's default.
    pub players: Option<usize>,
    /// Also compare every player count the default options allow.
    pub player_counts: bool,
    /// Also change each option one at a time from the defaults.
    pub option_variations: bool,
}

/// One configuration of the report.
#[derive(Clone, Debug)]
pub struct Config {
    /// A short label (`default`, `preset cash`, `tie_break = "most_safes"`, `3 players`).
    pub label: String,
    /// The tournament it plays.
    pub tournament: Tournament,
}

/// A configuration with its results: counts, not games.
#[derive(Clone, Debug)]
pub struct ConfigResult {
    /// The configuration.
    pub config: Config,
    /// Its statistics.
    pub summary: Summary,
    /// Every seat's score, over all games (exact value counts).
    pub scores: Values,
    /// Each game's best score.
    pub winning_scores: Values,
    /// A digest of every game's result in index order: configurations with the same digest
    /// played the same games (an option that changed nothing); a 64-bit hash, so a false
    /// "same" has a chance of about 2^-64.
    pub digest: u64,
}

/// Feeds one game's whole result into `hasher`.
fn hash_game(hasher: &mut impl Hasher, g: &GameResult) {
    let GameResult {
        index,
        seed,
        entrants,
        scores,
        ranks,
        win_shares,
        first_mover,
        actions,
        cooperative,
        reason,
        forfeited,
    } = g;
    (index, seed, entrants, scores, ranks, first_mover, actions, cooperative, reason, forfeited).hash(hasher);
    for share in win_shares {
        share.to_bits().hash(hasher);
    }
}

/// The values of an option the report sweeps, from its typed domain: each choice, both
/// booleans and `null`; number ranges are not swept.
fn option_values(domain: &OptionDomain, players: usize) -> Vec<Value> {
    domain.sample_values(players).into_iter().filter(|v| !v.is_number()).collect()
}

/// The configurations the report compares.
pub fn configurations(spec: &ReportSpec) -> Result<Vec<Config>, SimError> {
    let found = safehouse_games::find(&spec.game)?;
    let game = found.game;
    let info = game.info();
    let players = spec.players.unwrap_or(info.default_players);
    let base = Tournament {
        game: info.id.to_owned(),
        players: Some(players),
        bots: spec.bots.clone(),
        games: spec.games,
        seed: spec.seed,
        ..Tournament::default()
    };
    let mut configs = vec![Config { label: "default options".to_owned(), tournament: base.clone() }];
    let defaults = game.default_options();
    // Options already compared (a variation equal to a preset is not played twice).
    let mut seen = vec![defaults.clone()];
    for (name, _, options) in game.presets() {
        if seen.contains(&options) || game.resolve_options(players, Some(name), None).is_err() {
            continue;
        }
        seen.push(options.clone());
        configs.push(Config {
            label: format!("preset {name}"),
            tournament: Tournament { preset: Some(name.to_owned()), ..base.clone() },
        });
    }
    if spec.option_variations {
        for doc in game.option_docs() {
            let default = defaults.get(&doc.name).cloned().unwrap_or(Value::Null);
            for value in option_values(&doc.domain, players) {
                if value == default {
                    continue;
                }
                let mut change = Map::new();
                change.insert(doc.name.clone(), value.clone());
                let change = Value::Object(change);
                match game.resolve_options(players, None, Some(&change)) {
                    Ok(resolved) if !seen.contains(&resolved) => seen.push(resolved),
                    _ => continue,
                }
                configs.push(Config {
                    label: format!("{} = {}", doc.name, value),
                    tournament: Tournament { options: Some(change), ..base.clone() },
                });
            }
        }
    }
    if spec.player_counts {
        for p in info.min_players..=info.max_players {
            if p == players || game.resolve_options(p, None, None).is_err() {
                continue;
            }
            configs.push(Config {
                label: format!("{p} players"),
                tournament: Tournament { players: Some(p), ..base.clone() },
            });
        }
    }
    Ok(configs)
}

/// Plays every configuration (each with a progress bar if asked), counting games as they finish.
pub fn run(spec: &ReportSpec, run: &RunOptions) -> Result<Vec<ConfigResult>, SimError> {
    let configs = configurations(spec)?;
    let total = configs.len();
    let mut results = Vec::with_capacity(total);
    for (i, config) in configs.into_iter().enumerate() {
        let options = RunOptions { label: Some(format!("[{}/{}] {}", i + 1, total, config.label)), ..run.clone() };
        let (mut scores, mut winning_scores) = (Values::default(), Values::default());
        // A fixed-key hasher: the same games give the same digest in every configuration.
        let mut digest = std::hash::DefaultHasher::new();
        let mut count = |g: &GameResult| {
            for &s in &g.scores {
                scores.add(s as f64);
            }
            winning_scores.add(g.scores.iter().copied().max().unwrap_or(0) as f64);
            hash_game(&mut digest, g);
            Ok(())
        };
        let games = config.tournament.games;
        let result = config.tournament.run_range(&options, 0..games, Some(&mut count))?;
        let summary = result.summary();
        results.push(ConfigResult { config, summary, scores, winning_scores, digest: digest.finish() });
    }
    Ok(results)
}

/// Writes `report.md` and the SVG plots into `dir`; returns the files written.
pub fn write(spec: &ReportSpec, results: &[ConfigResult], dir: &Path, command: &str) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut files = Vec::new();
    let Some(first) = results.first() else { return Ok(files) };
    let game = safehouse_games::find(&spec.game).map_err(std::io::Error::other)?.game.info();
    let cooperative = first.summary.cooperative;
    let label = |r: &ConfigResult| format!("{} ({}p)", r.config.label, r.summary.players);

    let mut save = |name: &str, text: String| -> std::io::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        files.push(path);
        Ok(())
    };
    if cooperative {
        let rows: Vec<(String, Estimate)> =
            results.iter().filter_map(|r| r.summary.team.as_ref().map(|t| (label(r), t.success))).collect();
        save("team-success.svg", bars("Team success rate (95% interval)", "games won", &rows, None, true))?;
    } else {
        // The edge over the fair share (1 / players) compares tables of different sizes.
        let rows: Vec<(String, Estimate)> =
            results.iter().filter_map(|r| r.summary.first_player_edge.map(|e| (label(r), e))).collect();
        save(
            "first-player.svg",
            bars(
                "First player's edge: win share minus 1/players (95% interval)",
                "percentage points over the fair share",
                &rows,
                Some(0.0),
                true,
            ),
        )?;
    }
    let score_rows: Vec<(String, Distribution)> = results.iter().map(|r| (label(r), r.scores.distribution())).collect();
    save(
        "scores.svg",
        boxes("Scores of all seats (box: quartiles, whiskers: 10th-90th percentile, dot: mean)", "score", &score_rows),
    )?;
    if !cooperative {
        let win_rows: Vec<(String, Distribution)> =
            results.iter().map(|r| (label(r), r.winning_scores.distribution())).collect();
        save("winning-scores.svg", boxes("Winning score", "score", &win_rows))?;
    }
    let length_rows: Vec<(String, Distribution)> = results.iter().map(|r| (label(r), r.summary.length)).collect();
    save("length.svg", boxes("Game length", "decisions per game", &length_rows))?;

    let mut md = String::new();
    let _ = writeln!(md, "# Balance report: {} (`{}`)\n", game.name, game.id);
    let _ = writeln!(
        md,
        "Every configuration below played **{} games** with the same master seed **{}** (so the same deals where \
         the options allow), every seat played by `{}`. Made with:\n\n```\n{}\n```\n",
        spec.games,
        spec.seed,
        spec.bots.join(","),
        command
    );
    let _ = writeln!(md, "## Summary\n");
    if cooperative {
        let _ = writeln!(
            md,
            "| configuration | players | team success [95% CI] | team score (mean) | length (median decisions) | how games ended |"
        );
        let _ = writeln!(md, "|---|---:|---|---:|---:|---|");
    } else {
        let _ = writeln!(
            md,
            "| configuration | players | first player's win share [95% CI] | edge over fair | mean score | winning score (median) | length (median decisions) | how games ended |"
        );
        let _ = writeln!(md, "|---|---:|---|---:|---:|---:|---:|---|");
    }
    let same_as_default = |r: &ConfigResult| {
        !std::ptr::eq(r, first) && r.summary.players == first.summary.players && r.digest == first.digest
    };
    for r in results {
        let s = &r.summary;
        let note = if same_as_default(r) { " (same games as the defaults)" } else { "" };
        let ends: Vec<String> = s.reasons.iter().map(|(why, n)| format!("{why} {n}")).collect();
        if let Some(team) = &s.team {
            let _ = writeln!(
                md,
                "| {}{note} | {} | {:.1}% [{:.1}, {:.1}] | {:.2} | {} | {} |",
                r.config.label,
                s.players,
                100.0 * team.success.mean,
                100.0 * team.success.low,
                100.0 * team.success.high,
                team.score.mean,
                s.length.median,
                ends.join(", ")
            );
        } else {
            let p0 = s.positions[0].win_share;
            let edge = s.first_player_edge.map_or(f64::NAN, |e| e.mean);
            let win = r.winning_scores.distribution();
            let mean_score = r.scores.distribution().mean;
            let _ = writeln!(
                md,
                "| {}{note} | {} | {:.1}% [{:.1}, {:.1}] | {:+.1} pp | {:.1} | {} | {} | {} |",
                r.config.label,
                s.players,
                100.0 * p0.mean,
                100.0 * p0.low,
                100.0 * p0.high,
                100.0 * edge,
                mean_score,
                win.median,
                s.length.median,
                ends.join(", ")
            );
        }
    }
    let _ = writeln!(md, "\n## Plots\n");
    if cooperative {
        let _ = writeln!(md, "![Team success](team-success.svg)\n");
    } else {
        let _ = writeln!(md, "![First player's win share](first-player.svg)\n");
        let _ = writeln!(md, "![Winning score](winning-scores.svg)\n");
    }
    let _ = writeln!(md, "![Scores](scores.svg)\n");
    let _ = writeln!(md, "![Game length](length.svg)\n");
    if !cooperative {
        let _ = writeln!(md, "## Win share by turn order\n");
        let players_max = results.iter().map(|r| r.summary.players).max().unwrap_or(0);
        let mut header = String::from("| configuration |");
        let mut rule = String::from("|---|");
        for p in 1..=players_max {
            let _ = write!(header, " {p}. |");
            rule.push_str("---:|");
        }
        let _ = writeln!(md, "{header}\n{rule}");
        for r in results {
            let mut row = format!("| {} ({}p) |", r.config.label, r.summary.players);
            for p in 0..players_max {
                match r.summary.positions.get(p) {
                    Some(pos) => {
                        let _ = write!(
                            row,
                            " {:.1}% ±{:.1} |",
                            100.0 * pos.win_share.mean,
                            100.0 * (pos.win_share.high - pos.win_share.mean)
                        );
                    }
                    None => row.push_str(" |"),
                }
            }
            let _ = writeln!(md, "{row}");
        }
    }
    let _ = writeln!(md, "\n## How to read this\n");
    let _ = writeln!(
        md,
        "- Intervals are 95% intervals over games (see `docs/simulator.md`). Two configurations differ for sure only \
         where their intervals do not overlap; with {} games a share is known to about ±{:.1} percentage points.",
        spec.games,
        100.0 * 1.96 * (0.25f64 / spec.games.max(1) as f64).sqrt()
    );
    let _ = writeln!(
        md,
        "- *First player's win share* is the share of wins of the seat that took the first decision; the fair share is \
         1 / players. *Edge over fair* is the difference in percentage points \
         (plotted, so that tables of different sizes compare). *(same games as the defaults)* marks an option that \
         changed nothing in these games."
    );
    let _ = writeln!(
        md,
        "- Every seat is played by the same bot, so the report measures the rules, as played by that bot: a \
         stronger or weaker bot can change the picture (run it again with `--bots`)."
    );
    let _ = writeln!(
        md,
        "- Box plots: the box spans the middle half of the games, whiskers the middle 80%, the line is the median and the dot the mean."
    );
    let _ = writeln!(md, "\n## Every configuration in full\n");
    for r in results {
        let _ = writeln!(md, "### {}\n\n```\n{}```\n", r.config.label, table(&r.summary));
    }
    save("report.md", md)?;
    Ok(files)
}
