//! Club Unlock and CASH: keys, one safe that is not open yet, two safes cracked in one turn for
//! the serial-break and last-safe bonuses. Three seats; you start.

use safehouse_club_unlock::{Action, KeyColour, SafeId};
use serde_json::{Value, json};

use super::{Move, Script, learn, other};
use crate::games::action_json;

/// Three safes (numbered #1 to #3 on the table, 0 to 2 in the JSON): #1 for the seat after you,
/// #2 and #3 for you, in one turn at the end.
fn deal() -> Value {
    json!({
        "safes": [
            {"keys": [0, 0, 2, 2], "value": 14},
            {"keys": [1, 1, 1, 1], "value": 10},
            {"keys": [1, 1, 0, 2], "value": 11},
        ],
        // Red, green, yellow, blue: you hold two red, a green and a blue.
        "starting_keys": [[2, 1, 0, 1], [0, 0, 2, 2], [3, 0, 1, 0]],
        "first_player": 0,
    })
}

fn take(colour: KeyColour) -> Value {
    action_json(&Action::TakeKey { colour })
}

fn crack(safe: u8) -> Value {
    action_json(&Action::Crack { safe: SafeId(safe) })
}

fn moves() -> Vec<Move> {
    vec![
        learn(take(KeyColour::Green), |l| l.text("tutorial-club-unlock-1")),
        // Seat 2 cracks safe #1 (`0` in the JSON) with the keys it chose.
        other(1, crack(0)),
        other(1, action_json(&Action::EndTurn)),
        other(2, take(KeyColour::Yellow)),
        learn(take(KeyColour::Blue), |l| l.text("tutorial-club-unlock-2")),
        other(1, take(KeyColour::Red)),
        other(2, take(KeyColour::Yellow)),
        learn(take(KeyColour::Blue), |l| l.text("tutorial-club-unlock-3")),
        other(1, take(KeyColour::Red)),
        other(2, take(KeyColour::Yellow)),
        learn(take(KeyColour::Yellow), |l| l.text("tutorial-club-unlock-4")),
        other(1, take(KeyColour::Red)),
        other(2, take(KeyColour::Yellow)),
        learn(crack(1), |l| l.text("tutorial-club-unlock-5")),
        learn(crack(2), |l| l.text("tutorial-club-unlock-6")),
    ]
}

/// Club Unlock, the English edition.
pub(super) fn club_unlock() -> Script {
    Script {
        id: "club-unlock",
        game: "club-unlock",
        title: |l| l.text("preset-club-unlock-club-unlock"),
        preset: Some("club-unlock"),
        players: 3,
        options: Value::Null,
        deal: deal(),
        learner: 0,
        intro: |l| l.text("tutorial-club-unlock-intro"),
        moves: moves(),
        finish: |l| l.text("tutorial-club-unlock-finish"),
    }
}

/// CASH, the Korean edition: the same lesson; only the bonus for an empty pile differs.
pub(super) fn cash() -> Script {
    Script {
        id: "cash",
        title: |l| l.text("preset-club-unlock-cash"),
        preset: Some("cash"),
        finish: |l| l.text("tutorial-cash-finish"),
        ..club_unlock()
    }
}
