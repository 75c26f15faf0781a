//! `safehouse games` and `safehouse rules <game>`: the games, and each game's rulebook for players
//! (in English, Korean or German) or, with `--design`, the design notes with every decision and
//! citation.

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
    /// Print the design notes (every decision with its rulebook citation, the options table)
    /// instead of the players' rulebook.
    #[arg(long)]
    design: bool,
    /// The rulebook's language, `en`, `ko` or `de`; by default the language of `LANG` when the
    /// game's rulebook is written in it, else English.
    #[arg(long)]
    lang: Option<String>,
}

/// The language of the players' rulebook: `--lang` (which must be one the game has), else
/// `LANG`'s language (`ko_KR.UTF-8` reads `ko`) when the game has it, else English.
pub(crate) fn rulebook_language(
    info: &safehouse_engine::GameInfo,
    asked: Option<&str>,
) -> anyhow::Result<&'static str> {
    let known: Vec<&'static str> = info.rulebook_languages().collect();
    let find = |tag: &str| {
        let primary = tag.trim().split(['-', '_', '.', '@']).next().unwrap_or("").to_ascii_lowercase();
        known.iter().copied().find(|lang| *lang == primary)
    };
    if let Some(asked) = asked {
        return find(asked).ok_or_else(|| {
            anyhow::anyhow!("no rulebook in `{asked}` for {}: choose one of {}", info.id, known.join(", "))
        });
    }
    let from_env = std::env::var("LANG").ok().and_then(|tag| find(&tag));
    Ok(from_env.or_else(|| known.first().copied()).unwrap_or("en"))
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
    if !args.design {
        let lang = rulebook_language(info, args.lang.as_deref())?;
        writeln!(out, "{}", info.rulebook(lang).trim_end())?;
        return Ok(());
    }
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
