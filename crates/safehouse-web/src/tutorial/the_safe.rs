//! The Safe: alone, near the end of the first mission. Play your cards into the rows (colours,
//! up or down), then name the three code numbers you never saw.

use safehouse_the_safe::{Action, Card, Colour};
use serde_json::{Value, json};

use super::{Move, Script, learn};
use crate::games::action_json;

/// Playing `card` (`O8`: its colour letter and number) on `row` (the action is `null` for a card
/// the game does not have, which the tutorial's tests refuse).
fn play(card: &str, row: u8) -> Value {
    card.parse::<Card>().map_or(Value::Null, |card| action_json(&Action::Play { card, row }))
}

fn name(colour: Colour, number: u8) -> Value {
    action_json(&Action::Name { colour, number })
}

fn moves() -> Vec<Move> {
    vec![
        learn(play("O8", 0), |l| l.text("tutorial-the-safe-1")),
        learn(play("Y5", 1), |l| l.text("tutorial-the-safe-2")),
        learn(play("Y6", 1), |l| l.text("tutorial-the-safe-3")),
        learn(play("O9", 0), |l| l.text("tutorial-the-safe-4")),
        learn(play("G8", 1), |l| l.text("tutorial-the-safe-5")),
        learn(name(Colour::Orange, 4), |l| l.text("tutorial-the-safe-6")),
        learn(name(Colour::Green, 6), |l| l.text("tutorial-the-safe-7")),
        learn(name(Colour::Yellow, 2), |l| l.text("tutorial-the-safe-8")),
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
