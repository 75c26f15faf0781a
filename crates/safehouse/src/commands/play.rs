//! `safehouse play <game>`: a person plays in the terminal against bots, seeing only their own view.

use std::io::{BufRead, Write};

use anyhow::Context;
use safehouse_bots::DynBot;
use safehouse_engine::{DynMatch, DynSetup, Seat, Viewer};
use serde_json::Value;

/// Options of `safehouse play`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id (or alias).
    game: String,
    /// Number of players (default: the game's usual table).
    #[arg(long)]
    players: Option<usize>,
    /// Your seat (0 starts counting; the first player is chosen by the game).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The game's seed (default: from the clock, printed so the game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// A preset of options (e.g. `cash`).
    #[arg(long)]
    preset: Option<String>,
    /// Options to change, as a JSON object, e.g. '{"tie_break":"most_safes"}'.
    #[arg(long)]
    options: Option<String>,
    /// The bots in the other seats: a difficulty (easy, medium, hard) or a bot kind
    /// (`safehouse rules <game>` and docs/bots.md list them), or a comma-separated list, one per seat.
    #[arg(long, default_value = "medium")]
    bots: String,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let found = safehouse_games::find(&args.game)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    let options = match &args.options {
        Some(text) => Some(serde_json::from_str::<Value>(text).context("--options must be a JSON object")?),
        None => None,
    };
    let setup = DynSetup {
        players: args.players,
        preset: args.preset.clone().or(found.preset.map(str::to_owned)),
        options,
        seed,
        deal: None,
    };
    let mut game = found.game.new_match(&setup)?;
    if usize::from(args.seat) >= game.players() {
        anyhow::bail!("seat {} does not exist at a table of {}", args.seat, game.players());
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} with {} players, seed {seed}. You are seat {}.", game.info().name, game.players(), args.seat)?;
    writeln!(out, "Type the number of an action, `view`, `rules`, `record` or `quit`.")?;
    let mut bots = make_bots(game.as_ref(), Seat(args.seat), &args.bots, seed)?;
    play(game.as_mut(), Seat(args.seat), &mut bots, seed, &mut stdin.lock(), &mut out)
}

/// One bot per seat other than the person's; `spec` is one kind for all, or one per seat in seat order.
pub(crate) fn make_bots(
    game: &dyn DynMatch,
    human: Seat,
    spec: &str,
    seed: u64,
) -> anyhow::Result<Vec<Option<Box<dyn DynBot>>>> {
    let kinds: Vec<&str> = spec.split(',').map(str::trim).collect();
    let id = game.info().id;
    Seat::all(game.players())
        .map(|seat| {
            if seat == human {
                return Ok(None);
            }
            let kind = if kinds.len() == 1 { kinds[0] } else { kinds.get(seat.index()).copied().unwrap_or("medium") };
            let bot = safehouse_bots::dyn_bot(id, kind, seed ^ (u64::from(seat.0) << 32)).with_context(|| {
                format!("bot for seat {}: known kinds are {}", seat.0, safehouse_bots::bot_kinds(id).join(", "))
            })?;
            Ok(Some(bot))
        })
        .collect()
}

/// The play loop, over any input and output so that it can be tested with a script.
pub(crate) fn play(
    game: &mut dyn DynMatch,
    human: Seat,
    bots: &mut [Option<Box<dyn DynBot>>],
    seed: u64,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let viewer = Viewer::Seat(human);
    let mut show_view = true;
    while let Some(to_move) = game.to_move() {
        if to_move != human {
            let legal = game.legal_actions();
            let bot = bots.get_mut(to_move.index()).and_then(Option::as_mut).context("no bot in this seat")?;
            // The bot sees only its own seat's view, like a person would.
            let choice = bot.choose(&game.view(Viewer::Seat(to_move)), &legal)?;
            game.act(to_move, &choice).map_err(|e| anyhow::anyhow!("bot action rejected: {e}"))?;
            for event in game.last_events_text_for(viewer) {
                writeln!(out, "  {event}")?;
            }
            show_view = true;
            continue;
        }
        if show_view {
            writeln!(out, "\n{}", game.view_text(viewer))?;
            show_view = false;
        }
        let legal = game.legal_actions_described();
        writeln!(out, "Your move:")?;
        for (i, (_, text)) in legal.iter().enumerate() {
            writeln!(out, "  {:>2}) {text}", i + 1)?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\n(end of input: leaving the game; replay it with --seed {seed})")?;
            return Ok(());
        }
        let line = line.trim();
        let action: Value = match line {
            "quit" | "q" => {
                writeln!(out, "Bye. Replay this game with --seed {seed}.")?;
                return Ok(());
            }
            "view" | "v" | "" => {
                show_view = true;
                continue;
            }
            "rules" => {
                writeln!(out, "{}", game.info().rules)?;
                continue;
            }
            "record" => {
                writeln!(out, "{}", serde_json::to_string(&game.record())?)?;
                continue;
            }
            _ => match line.parse::<usize>() {
                Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].0.clone(),
                Ok(n) => {
                    writeln!(out, "There is no action {n}: choose 1 to {}.", legal.len())?;
                    continue;
                }
                // Anything else may be an action written as JSON, checked by the rules like any other.
                Err(_) => match serde_json::from_str::<Value>(line) {
                    Ok(value) => value,
                    Err(_) => {
                        writeln!(out, "Not understood: type a number from 1 to {}, or `quit`.", legal.len())?;
                        continue;
                    }
                },
            },
        };
        match game.act(human, &action) {
            Ok(()) => {
                for event in game.last_events_text_for(viewer) {
                    writeln!(out, "  {event}")?;
                }
                show_view = true;
            }
            Err(error) => writeln!(out, "Not allowed: {error}")?,
        }
    }
    writeln!(out, "\n{}", game.view_text(viewer))?;
    if let Some(outcome) = game.outcome() {
        if outcome.cooperative {
            let result = if outcome.winners.is_empty() { "The team lost" } else { "The team won" };
            writeln!(out, "Game over: {}. {result}.", outcome.detail)?;
        } else {
            let me = outcome.ranks.get(human.index()).copied().unwrap_or(0);
            writeln!(out, "Game over: {}. Scores {:?}. You finished rank {me}.", outcome.detail, outcome.scores)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_game(id: &str, seed: u64) -> Box<dyn DynMatch> {
        let found = safehouse_games::find(id).expect("game");
        found.game.new_match(&DynSetup { seed, ..DynSetup::default() }).expect("setup")
    }

    #[test]
    fn bad_input_is_explained_and_a_scripted_game_runs_to_the_end() {
        let mut game = new_game("club-unlock", 5);
        let mut bots = make_bots(game.as_ref(), Seat(0), "random", 5).expect("bots");
        // Nonsense, an out-of-range number, an illegal JSON action, then always the first action.
        let mut script = String::from("banana\n99\n{\"type\":\"end_turn\"}\n");
        script.push_str(&"1\n".repeat(5_000));
        let mut out = Vec::new();
        play(game.as_mut(), Seat(0), &mut bots, 5, &mut script.as_bytes(), &mut out).expect("play");
        let text = String::from_utf8(out).expect("utf8");
        assert!(text.contains("Not understood"), "{text}");
        assert!(text.contains("There is no action 99"));
        assert!(text.contains("Not allowed:"));
        assert!(text.contains("Game over"), "the game should finish: {}", &text[text.len().saturating_sub(500)..]);
        assert!(game.outcome().is_some());
    }

    #[test]
    fn end_of_input_leaves_cleanly() {
        let mut game = new_game("club-unlock", 6);
        let mut bots = make_bots(game.as_ref(), Seat(0), "medium", 6).expect("bots");
        let mut out = Vec::new();
        play(game.as_mut(), Seat(0), &mut bots, 6, &mut "".as_bytes(), &mut out).expect("play");
        assert!(String::from_utf8(out).expect("utf8").contains("end of input"));
    }
}
