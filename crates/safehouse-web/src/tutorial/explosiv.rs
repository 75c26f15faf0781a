//! Explosiv: one round for two players over three briefcases. Never on your own card, each
//! number once in a row, the last-card bonus, and the longest row blowing up at two players.
//! You are red and start.

use safehouse_explosiv::Action;
use serde_json::{Value, json};

use super::{Move, Script, learn, other};
use crate::games::action_json;

fn place(card: u8, row: u8) -> Value {
    action_json(&Action::Place { card, row })
}

fn moves() -> Vec<Move> {
    // Rows: A (+6), B (+2), C (+5). At the end A and B are yours, C (the longest, blown up)
    // goes to blue as a bomb.
    vec![
        learn(place(8, 0), |l| l.text("tutorial-explosiv-1")),
        other(1, place(7, 0)),
        learn(place(6, 0), |l| l.text("tutorial-explosiv-2")),
        other(1, place(8, 2)),
        learn(place(1, 2), |l| l.text("tutorial-explosiv-3")),
        other(1, place(6, 2)),
        learn(place(2, 1), |l| l.text("tutorial-explosiv-4")),
        other(1, place(1, 1)),
        learn(place(3, 2), |l| l.text("tutorial-explosiv-5")),
        other(1, place(5, 0)),
        learn(place(4, 0), |l| l.text("tutorial-explosiv-6")),
        other(1, place(4, 2)),
        learn(place(7, 2), |l| l.text("tutorial-explosiv-7")),
        other(1, place(3, 0)),
        learn(place(5, 1), |l| l.text("tutorial-explosiv-8")),
        other(1, place(2, 2)),
    ]
}

/// The tutorial.
pub(super) fn script() -> Script {
    Script {
        id: "explosiv",
        game: "explosiv",
        title: |l| l.text("game-name-explosiv"),
        preset: None,
        players: 2,
        options: Value::Null,
        // Three briefcases: one round, then the game is over.
        deal: json!({"explosives": [6, 2, 5]}),
        learner: 0,
        intro: |l| l.text("tutorial-explosiv-intro"),
        moves: moves(),
        finish: |l| l.text("tutorial-explosiv-finish"),
    }
}
