//! `safehouse games` and `safehouse rules <game>`: the games, their rules and options in plain words.

use std::io::Write;

use anyhow::Context;

/// Options of `safehouse rules`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id (or alias), e.g. `club-unlock`, `cash`, `safe-breaker`, `explosiv`, `the-safe`.
    game: String,
    /// Print only the options, as JSON (name, default, typed domain, help, players' words).
    #[arg(long)]
    json: bool,
}

pub(crate) fn list_games() -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for game in safehouse_games::all() {
        let info = game.info();
        let aliases: Vec<&str> = info.aliases.iter().map(|a| a.id).collect();
        let aliases = if aliases.is_empty() { String::new() } else { format!(" (also: {})", aliases.join(", ")) };
        writeln!(out, "{:<14} {}{aliases}, {}-{} players", info.id, info.name, info.min_players, info.max_players)?;
        writeln!(out, "{:<14} {}", "", info.summary)?;
    }
    Ok(())
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let found = safehouse_games::find(&args.game)?;
    let game = found.game;
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &game.option_docs()).context("writing options")?;
        writeln!(out)?;
        return Ok(());
    }
    let info = game.info();
    writeln!(out, "{}", info.rules.trim_end())?;
    writeln!(out, "\n## Options (defaults in brackets)\n")?;
    for doc in game.option_docs() {
        writeln!(out, "- {} [{}]: {}\n  values: {}", doc.name, doc.default, doc.help, doc.domain)?;
    }
    let presets = game.presets();
    if !presets.is_empty() {
        writeln!(out, "\n## Presets\n")?;
        for (name, help, _) in presets {
            writeln!(out, "- {name}: {help}")?;
        }
    }
    if let Some(preset) = found.preset {
        writeln!(out, "\n(`{}` selects the `{preset}` preset.)", args.game)?;
    }
    Ok(())
}
