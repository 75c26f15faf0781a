//! Safe Breaker: questions whose answers rule codes out, a question nobody answers "Yes", and
//! two right guesses that win the game. Three seats, the set-aside locks face up; you start.

use safehouse_engine::Seat;
use safehouse_safe_breaker::{Action, Colour, Number};
use serde_json::{Value, json};

use super::{Move, Script, learn, other};
use crate::games::action_json;

/// The lock colour and key number named, as the game's types (none for a colour or number the
/// game does not have: the action is then `null`, which the tutorial's tests refuse).
fn part(colour: &str, number: u8) -> Option<(Colour, Number)> {
    Some((Colour::ALL.into_iter().find(|c| c.name() == colour)?, Number::new(number)?))
}

fn ask(colour: &str, number: u8) -> Value {
    part(colour, number).map_or(Value::Null, |(colour, number)| action_json(&Action::Ask { colour, number }))
}

fn guess(target: u8, colour: &str, number: u8) -> Value {
    part(colour, number)
        .map_or(Value::Null, |(colour, number)| action_json(&Action::Guess { target: Seat(target), colour, number }))
}

fn moves() -> Vec<Move> {
    vec![
        // "Red 3?": 3 is yours, so a Yes can only be about red. Seat 2 has red: Yes.
        learn(ask("red", 3), |l| l.text("tutorial-safe-breaker-1")),
        other(1, ask("green", 6)),
        other(2, ask("blue", 4)),
        // "Yellow 6?": yellow lies face up, so only 6 matters; nobody has it: your turn again.
        learn(ask("yellow", 6), |l| l.text("tutorial-safe-breaker-2")),
        // "Yellow 1?": seat 2 says No, seat 3 says Yes.
        learn(ask("yellow", 1), |l| l.text("tutorial-safe-breaker-3")),
        other(2, ask("purple", 3)),
        // "Yellow 5?": seat 2 says Yes, so its key is 5.
        learn(ask("yellow", 5), |l| l.text("tutorial-safe-breaker-4")),
        other(1, ask("orange", 2)),
        other(1, ask("orange", 3)),
        learn(guess(1, "red", 5), |l| l.text("tutorial-safe-breaker-5")),
        learn(guess(2, "green", 1), |l| l.text("tutorial-safe-breaker-6")),
    ]
}

/// The tutorial.
pub(super) fn script() -> Script {
    Script {
        id: "safe-breaker",
        game: "safe-breaker",
        title: |l| l.text("game-name-safe-breaker"),
        preset: None,
        players: 3,
        options: json!({"exposed_locks": "all"}),
        deal: json!({
            "codes": [
                {"colour": "blue", "number": 3},
                {"colour": "red", "number": 5},
                {"colour": "green", "number": 1},
            ],
            "exposed_locks": ["yellow", "purple", "orange"],
            "first_player": 0,
        }),
        learner: 0,
        intro: |l| l.text("tutorial-safe-breaker-intro"),
        moves: moves(),
        finish: |l| l.text("tutorial-safe-breaker-finish"),
    }
}
