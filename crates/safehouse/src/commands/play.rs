//! `safehouse play <game>`: a person plays in the terminal against bots, seeing only their own view.

use std::io::{BufRead, Write};

use anyhow::Context;
use safehouse_bots::DynBot;
use safehouse_engine::{ActionError, DynMatch, DynSetup, Seat, Viewer};
use safehouse_safe_breaker::Code;
use safehouse_web::Lang;
use safehouse_web::terminal::{Sitter, TerminalWords};
use serde_json::{Value, json};

/// Options of `safehouse play`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id (or alias).
    game: String,
    /// Number of players (default: the game's usual table).
    #[arg(long)]
    players: Option<usize>,
    /// Your seat, counted from 1 as the table names players (the first player is chosen by the
    /// game).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..))]
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
    if usize::from(args.seat) > game.players() {
        let players = game.players();
        anyhow::bail!("seat {} does not exist at a table of {players} (seats are 1 to {players})", args.seat);
    }
    let me = Seat(args.seat - 1);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut bots = make_bots(game.as_ref(), me, &args.bots, seed)?;
    let sitters = sitters(game.as_ref(), me, &args.bots);
    let words = TerminalWords::new(game.info().id, Lang::En, me.0, &sitters);
    let players: Vec<String> = (0..game.players()).map(|s| words.label(s as u8)).collect();
    writeln!(out, "{} with {} players, seed {seed}: {}.", game.info().name, game.players(), players.join(", "))?;
    writeln!(out, "Type the number of a move, or `help` for the other commands.")?;
    play(game.as_mut(), me, &mut bots, &words, seed, &mut stdin.lock(), &mut out)
}

/// What plays each seat, as [`make_bots`] reads `spec`: the person, or a bot's level or kind.
pub(crate) fn sitters(game: &dyn DynMatch, human: Seat, spec: &str) -> Vec<Sitter> {
    let kinds: Vec<&str> = spec.split(',').map(str::trim).collect();
    Seat::all(game.players())
        .map(|seat| {
            if seat == human {
                Sitter::Person
            } else {
                let kind =
                    if kinds.len() == 1 { kinds[0] } else { kinds.get(seat.index()).copied().unwrap_or("medium") };
                Sitter::Bot(kind.to_owned())
            }
        })
        .collect()
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
                format!("bot for {seat}: known kinds are {}", safehouse_bots::bot_kinds(id).join(", "))
            })?;
            Ok(Some(bot))
        })
        .collect()
}

/// The play loop, over any input and output so that it can be tested with a script.
///
/// Moves, log lines and refusals are in the browser table's words (`words`), so players and
/// rows are numbered as on the web; Safe Breaker also reads shorthand (see [`safe_breaker_move`]).
pub(crate) fn play(
    game: &mut dyn DynMatch,
    human: Seat,
    bots: &mut [Option<Box<dyn DynBot>>],
    words: &TerminalWords,
    seed: u64,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let viewer = Viewer::Seat(human);
    let safe_breaker = game.info().id == "safe-breaker";
    let mut show_view = true;
    let mut show_moves = true;
    while let Some(to_move) = game.to_move() {
        if to_move != human {
            let legal = game.legal_actions();
            let bot = bots.get_mut(to_move.index()).and_then(Option::as_mut).context("no bot in this seat")?;
            // The bot sees only its own seat's view, like a person would.
            let choice = bot.choose(&game.view(Viewer::Seat(to_move)), &legal)?;
            game.act(to_move, &choice).map_err(|e| anyhow::anyhow!("bot action rejected: {e}"))?;
            print_events(game, viewer, words, out)?;
            show_view = true;
            show_moves = true;
            continue;
        }
        let view = game.view(viewer);
        if show_view {
            writeln!(out, "\n{}", game.view_text(viewer))?;
            show_view = false;
        }
        let legal = game.legal_actions_described();
        let actions: Vec<Value> = legal.iter().map(|(action, _)| action.clone()).collect();
        if show_moves {
            if safe_breaker {
                write_safe_breaker_help(game, human, words, out)?;
            } else {
                write_moves(&legal, &view, words, out)?;
            }
            show_moves = false;
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
                show_moves = true;
                continue;
            }
            "list" | "moves" => {
                write_moves(&legal, &view, words, out)?;
                continue;
            }
            "help" | "h" | "?" => {
                write_commands(safe_breaker, out)?;
                continue;
            }
            "rules" => {
                // The players' rulebook, as `safehouse rules <game>` prints it (in `LANG`'s
                // language when the game has one), not the design notes with their citations.
                let info = game.info();
                let lang = super::rules::rulebook_language(info, None)?;
                writeln!(out, "{}", info.rulebook(lang).trim_end())?;
                writeln!(out, "\n(Every decision with its citation: `safehouse rules {} --design`.)", info.id)?;
                continue;
            }
            "record" => {
                writeln!(out, "{}", serde_json::to_string(&game.record())?)?;
                continue;
            }
            _ => match line.parse::<usize>() {
                Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].0.clone(),
                Ok(n) => {
                    writeln!(out, "There is no move {n}: choose 1 to {}.", legal.len())?;
                    continue;
                }
                Err(_) => match safe_breaker.then(|| safe_breaker_move(line)).flatten() {
                    Some(Ok(action)) => action,
                    Some(Err(why)) => {
                        writeln!(out, "{why}")?;
                        continue;
                    }
                    // Anything else may be an action written as JSON, checked by the rules like any other.
                    None => match serde_json::from_str::<Value>(line) {
                        Ok(value) => value,
                        Err(_) => {
                            let shorthand = if safe_breaker { ", a code such as R3, `accuse 2 B5`" } else { "" };
                            writeln!(
                                out,
                                "Not understood: type a number from 1 to {}{shorthand}, or `help`.",
                                legal.len()
                            )?;
                            continue;
                        }
                    },
                },
            },
        };
        match game.act(human, &action) {
            Ok(()) => {
                print_events(game, viewer, words, out)?;
                show_view = true;
                show_moves = true;
            }
            Err(error) => writeln!(out, "{}", refusal(&error, &view, &actions, &action, words))?,
        }
    }
    writeln!(out, "\n{}", game.view_text(viewer))?;
    if let Some(outcome) = game.outcome() {
        // A detail is a phrase without a full stop (`Outcome::detail`; the games' batteries check it).
        let detail = &outcome.detail;
        if outcome.cooperative {
            let result = if outcome.winners.is_empty() { "The team lost" } else { "The team won" };
            writeln!(out, "Game over: {detail}. {result}.")?;
        } else {
            let scores: Vec<String> = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(seat, score)| format!("{} {score}", words.name(seat as u8)))
                .collect();
            let me = outcome.ranks.get(human.index()).copied().unwrap_or(0);
            writeln!(out, "Game over: {detail}. Scores: {}. You finished rank {me}.", scores.join(", "))?;
        }
    }
    Ok(())
}

/// The last action's events as `viewer` saw them, in the table's words (the engine's own text
/// for a game the table has no words for).
fn print_events(game: &dyn DynMatch, viewer: Viewer, words: &TerminalWords, out: &mut dyn Write) -> anyhow::Result<()> {
    let events = game.last_events_for(viewer);
    let view = game.view(viewer);
    let lines = words.events(&view, &events);
    let lines = if lines.is_empty() && !events.is_empty() && !words.knows_game(&view) {
        game.last_events_text_for(viewer)
    } else {
        lines
    };
    for line in lines {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

/// The commands the play loop reads besides a move.
fn write_commands(safe_breaker: bool, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "Commands:")?;
    writeln!(out, "  1, 2, ...   play the move of that number")?;
    if safe_breaker {
        writeln!(out, "  R3          ask the table about a code (a colour letter and a key number)")?;
        writeln!(out, "  accuse 2 B5 accuse player 2 of a code")?;
    }
    writeln!(out, "  list        every move, numbered")?;
    writeln!(out, "  view        the table again (also an empty line)")?;
    writeln!(out, "  rules       how to play this game")?;
    writeln!(out, "  record      this game so far as JSON, to replay or share")?;
    writeln!(out, "  quit        leave (the seed to replay this game is printed)")?;
    Ok(())
}

/// Every legal move, numbered from 1, labelled as the table's buttons are.
fn write_moves(
    legal: &[(Value, String)],
    view: &Value,
    words: &TerminalWords,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(out, "Your move:")?;
    for (i, (action, text)) in legal.iter().enumerate() {
        let label = words.action(view, action).unwrap_or_else(|| text.clone());
        writeln!(out, "  {:>3}) {label}", i + 1)?;
    }
    Ok(())
}

/// Safe Breaker's moves are a code and perhaps a player: a short prompt instead of a list of
/// every combination (`list` still numbers them all).
fn write_safe_breaker_help(
    game: &dyn DynMatch,
    human: Seat,
    words: &TerminalWords,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let legal = game.legal_actions();
    let can_ask = legal.iter().any(|a| a["type"] == "ask");
    let halves = legal.iter().any(|a| a["type"] == "guess_lock");
    let mut targets: Vec<u8> = legal.iter().filter_map(|a| a["target"].as_u64()).map(|t| t as u8).collect();
    targets.sort_unstable();
    targets.dedup();
    targets.retain(|t| Seat(*t) != human);
    let names: Vec<String> = targets.iter().map(|t| words.name(*t)).collect();
    writeln!(out, "Your move (colours R B Y G P O, keys 1 to 6):")?;
    if can_ask {
        writeln!(out, "  ask the table: type a code, e.g. R3")?;
    } else {
        writeln!(out, "  the question limit is reached: only accusations now")?;
    }
    if let Some(first) = targets.first() {
        let n = TerminalWords::number(*first);
        writeln!(out, "  accuse a player of a code: accuse {n} B5 (players still in: {})", names.join(", "))?;
        if halves {
            writeln!(out, "  accuse a player of one half: accuse {n} B (the lock) or accuse {n} 5 (the key)")?;
        }
    }
    writeln!(out, "  `list` numbers every move")?;
    Ok(())
}

/// Reads Safe Breaker shorthand: `R3` or `ask R3` asks about red 3; `accuse 2 B5` (or `guess`)
/// accuses player 2 (numbered from 1, as on the table) of blue 5; `accuse 2 B` and `accuse 2 5`
/// guess one half (Keep it simple). `None`: the line is not shorthand; `Err`: it is, but wrong.
pub(crate) fn safe_breaker_move(line: &str) -> Option<Result<Value, String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let ask = |code: Code| json!({"type": "ask", "colour": code.colour.name(), "number": code.number.value()});
    let verb = words.first().map(|w| w.to_ascii_lowercase()).unwrap_or_default();
    match verb.as_str() {
        "ask" => Some(words[1..].join(" ").parse::<Code>().map(ask).map_err(|e| format!("{e}."))),
        "accuse" | "guess" => Some(accusation(&words[1..])),
        _ => line.parse::<Code>().ok().map(|code| Ok(ask(code))),
    }
}

fn accusation(words: &[&str]) -> Result<Value, String> {
    const USAGE: &str = "Write an accusation as `accuse <player> <code>`, e.g. accuse 2 B5.";
    let [player, guess @ ..] = words else { return Err(USAGE.to_owned()) };
    if guess.is_empty() {
        return Err(USAGE.to_owned());
    }
    let number: u8 = player.parse().map_err(|_| format!("`{player}` is not a player's number. {USAGE}"))?;
    let target = number.checked_sub(1).ok_or_else(|| "Players are numbered from 1.".to_owned())?;
    let guess = guess.join(" ");
    if let Ok(code) = guess.parse::<Code>() {
        return Ok(
            json!({"type": "guess", "target": target, "colour": code.colour.name(), "number": code.number.value()}),
        );
    }
    if let Some(colour) = safehouse_safe_breaker::Colour::parse(&guess) {
        return Ok(json!({"type": "guess_lock", "target": target, "colour": colour.name()}));
    }
    if let Some(key) = guess.parse::<u8>().ok().and_then(safehouse_safe_breaker::Number::new) {
        return Ok(json!({"type": "guess_key", "target": target, "number": key.value()}));
    }
    Err(format!("`{guess}` is not a code: write a colour letter and a key number 1 to 6, e.g. B5."))
}

/// A refused move in players' words: the table's explanation of the broken rule, else the
/// rules' own message.
fn refusal(error: &ActionError, view: &Value, legal: &[Value], action: &Value, words: &TerminalWords) -> String {
    match error {
        ActionError::Illegal { rule, message } => {
            let why = words.refusal(view, legal, rule, Some(action)).unwrap_or_else(|| sentence(message));
            format!("Not allowed: {why}")
        }
        ActionError::Malformed(_) => {
            "Not understood: that is not a move of this game (type `list` to see them numbered).".to_owned()
        }
        ActionError::NotYourTurn { .. } => "It is not your turn.".to_owned(),
        ActionError::GameOver => "The game is over.".to_owned(),
    }
}

/// `text` as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.trim().chars();
    let mut out: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_game(id: &str, seed: u64) -> Box<dyn DynMatch> {
        let found = safehouse_games::find(id).expect("game");
        found.game.new_match(&DynSetup { seed, ..DynSetup::default() }).expect("setup")
    }

    fn words(game: &dyn DynMatch, bots: &str) -> TerminalWords {
        TerminalWords::new(game.info().id, Lang::En, 0, &sitters(game, Seat(0), bots))
    }

    #[test]
    fn bad_input_is_explained_and_a_scripted_game_runs_to_the_end() {
        let mut game = new_game("club-unlock", 5);
        let mut bots = make_bots(game.as_ref(), Seat(0), "random", 5).expect("bots");
        let words = words(game.as_ref(), "random");
        // Nonsense, an out-of-range number, an illegal JSON action, then always the first action.
        let mut script = String::from("banana\n99\n{\"type\":\"end_turn\"}\n");
        script.push_str(&"1\n".repeat(5_000));
        let mut out = Vec::new();
        play(game.as_mut(), Seat(0), &mut bots, &words, 5, &mut script.as_bytes(), &mut out).expect("play");
        let text = String::from_utf8(out).expect("utf8");
        assert!(text.contains("Not understood"), "{text}");
        assert!(text.contains("There is no move 99"));
        assert!(text.contains("Not allowed:"));
        assert!(text.contains("Game over"), "the game should finish: {}", &text[text.len().saturating_sub(500)..]);
        assert!(game.outcome().is_some());
    }

    #[test]
    fn safe_breaker_shorthand_reads_questions_accusations_and_halves() {
        let read = |line: &str| safe_breaker_move(line).map(|r| r.map_err(|e| e.to_string()));
        assert_eq!(read("R3"), Some(Ok(json!({"type": "ask", "colour": "red", "number": 3}))));
        assert_eq!(read("ask blue 6"), Some(Ok(json!({"type": "ask", "colour": "blue", "number": 6}))));
        assert_eq!(read("Accuse 2 B5"), Some(Ok(json!({"type": "guess", "target": 1, "colour": "blue", "number": 5}))));
        assert_eq!(read("guess 3 y"), Some(Ok(json!({"type": "guess_lock", "target": 2, "colour": "yellow"}))));
        assert_eq!(read("accuse 4 6"), Some(Ok(json!({"type": "guess_key", "target": 3, "number": 6}))));
        for wrong in ["accuse", "accuse 2", "accuse two B5", "accuse 0 B5", "accuse 2 B9", "ask", "ask R"] {
            assert!(matches!(read(wrong), Some(Err(_))), "{wrong}");
        }
        for other in ["banana", "{\"type\":\"ask\"}", "R", "7"] {
            assert_eq!(read(other), None, "{other}");
        }
    }

    #[test]
    fn end_of_input_leaves_cleanly() {
        let mut game = new_game("club-unlock", 6);
        let mut bots = make_bots(game.as_ref(), Seat(0), "medium", 6).expect("bots");
        let words = words(game.as_ref(), "medium");
        let mut out = Vec::new();
        play(game.as_mut(), Seat(0), &mut bots, &words, 6, &mut "".as_bytes(), &mut out).expect("play");
        assert!(String::from_utf8(out).expect("utf8").contains("end of input"));
    }
}
