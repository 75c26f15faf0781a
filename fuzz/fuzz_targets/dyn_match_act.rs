//! Fuzz target: arbitrary JSON actions given to `DynMatch::act` for every registered game.
//!
//! Input layout: byte 0 picks the game (`safehouse_games::all()`, modulo their number), byte 1
//! the number of players (within the game's range), bytes 2..10 the seed (little endian); the
//! rest is split at `\n` into steps:
//! - a step starting with `#` plays the legal action whose index is the next byte (modulo the
//!   number of legal actions), so the fuzzer can reach deep states; it must be accepted;
//! - a step starting with `!` is the JSON action that follows, sent by a seat that is NOT to move;
//!   it must be refused;
//! - any other step is a JSON action sent by the seat to move (steps that are not JSON are skipped).
//!
//! Checked: nothing panics; an accepted action was in the `legal` list (the accepted set is the
//! legal list, issue 14 item 6) and adds one action to the record; a refused action leaves the
//! match exactly as it was (whole state, every seat's view, the record).

#![no_main]

use libfuzzer_sys::fuzz_target;
use safehouse_engine::{DynMatch, DynSetup, Seat, Viewer};
use serde_json::Value;

/// Everything observable about a match, to compare before and after a refused action.
fn snapshot(game: &dyn DynMatch) -> (Value, Vec<String>, Option<Seat>, usize, String) {
    let mut views = vec![game.view_json(Viewer::Spectator)];
    for seat in Seat::all(game.players()) {
        views.push(game.view_json(Viewer::Seat(seat)));
    }
    let record = serde_json::to_string(&game.record()).expect("a record serialises");
    (game.state(), views, game.to_move(), game.action_count(), record)
}

/// Applies `action` as `seat` and checks the outcome; returns whether it was accepted.
fn act_checked(game: &mut dyn DynMatch, seat: Seat, action: &Value) -> bool {
    let legal = if game.to_move() == Some(seat) { game.legal_actions() } else { Vec::new() };
    let before = snapshot(game);
    match game.act(seat, action) {
        Ok(()) => {
            assert!(legal.contains(action), "accepted an action not in the {} legal ones: {action}", legal.len());
            assert_eq!(game.action_count(), before.3 + 1, "an accepted action is recorded once");
            true
        }
        Err(_) => {
            assert!(snapshot(game) == before, "a refused action changed the match: {action}");
            false
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let games = safehouse_games::all();
    let game = games[usize::from(data[0]) % games.len()];
    let info = game.info();
    let span = info.max_players - info.min_players + 1;
    let players = info.min_players + usize::from(data[1]) % span;
    let seed = u64::from_le_bytes(data[2..10].try_into().expect("8 bytes"));
    // A count inside `min_players..=max_players` may still need an option (Club Unlock's
    // two-player variant): a refused setup is a typed error, so fall back to the default count.
    let setup = DynSetup { players: Some(players), seed, ..DynSetup::default() };
    let mut game = match game.new_match(&setup) {
        Ok(game) => game,
        Err(_) => {
            let setup = DynSetup { players: None, seed, ..DynSetup::default() };
            game.new_match(&setup).unwrap_or_else(|e| panic!("{} with default players: {e}", info.id))
        }
    };

    for step in data[10..].split(|&b| b == b'\n') {
        let Some(seat) = game.to_move() else { break };
        match step.first() {
            Some(b'#') => {
                let legal = game.legal_actions();
                assert!(!legal.is_empty(), "{}: seat {seat} is to move but has no legal action", info.id);
                let pick = usize::from(step.get(1).copied().unwrap_or(0)) % legal.len();
                let accepted = act_checked(game.as_mut(), seat, &legal[pick]);
                assert!(accepted, "{}: a legal action was refused: {}", info.id, legal[pick]);
            }
            Some(b'!') => {
                let Ok(action) = serde_json::from_slice::<Value>(&step[1..]) else { continue };
                let other = seat.next(game.players());
                if other != seat {
                    let accepted = act_checked(game.as_mut(), other, &action);
                    assert!(!accepted, "{}: seat {other} acted out of turn with {action}", info.id);
                }
            }
            _ => {
                let Ok(action) = serde_json::from_slice::<Value>(step) else { continue };
                act_checked(game.as_mut(), seat, &action);
            }
        }
    }
});
