//! The Safe: alone, near the end of the first mission. Play your cards into the rows (colours,
//! up or down), then name the three code numbers you never saw.

use serde_json::{Value, json};

use super::{Move, Script, learn};

fn play(card: &str, row: u8) -> Value {
    json!({"type": "play", "card": card, "row": row})
}

fn name(colour: &str, number: u8) -> Value {
    json!({"type": "name", "colour": colour, "number": number})
}

fn moves() -> Vec<Move> {
    vec![
        learn(play("O8", 0), |l| l.text("tutorial-the-safe-1")),
        learn(play("Y5", 1), |l| l.text("tutorial-the-safe-2")),
        learn(play("Y6", 1), |l| l.text("tutorial-the-safe-3")),
        learn(play("O9", 0), |l| l.text("tutorial-the-safe-4")),
        learn(play("G8", 1), |l| l.text("tutorial-the-safe-5")),
        learn(name("orange", 4), |l| l.text("tutorial-the-safe-6")),
        learn(name("green", 6), |l| l.text("tutorial-the-safe-7")),
        learn(name("yellow", 2), |l| l.text("tutorial-the-safe-8")),
    ]
}

/// The tutorial.
pub(super) fn script() -> Script {
    Script {
        id: "the-safe",
        game: "the-safe",
        title: |l| l.text("game-name-the-safe"),
        preset: None,
        players: 1,
        options: Value::Null,
        deal: json!({
            "colour_cards": [1, 2, 2, 3],
            "restrictions": [{"colour": "orange"}, "even", {"colour": "green"}, "ascending"],
            "first_player": 0,
            "mission": 1,
            "code": ["O4", "G6", "Y2"],
            "hands": [["O8", "Y5", "G8"]],
            "rows": [
                ["O0", "O1", "O2", "O3", "O5", "O6", "O7"],
                ["G0", "Y1", "G1", "G2", "Y3", "G3", "Y4"],
                ["Y9", "G9", "Y8", "Y7", "G7"],
                ["G5", "G4", "Y0"],
            ],
            "draw_pile": ["Y6", "O9"],
        }),
        learner: 0,
        intro: |l| l.text("tutorial-the-safe-intro"),
        moves: moves(),
        finish: |l| l.text("tutorial-the-safe-finish"),
    }
}
