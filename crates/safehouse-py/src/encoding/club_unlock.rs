//! Club Unlock / CASH: the observation tensor and the action indexing.
//!
//! Actions (`C` = safe cards in the game, 35 in the standard deck; `N = 2C + 6`, 76):
//! `0..4` take a key of colour red, green, yellow, blue; `4..4+C` crack safe `#i`;
//! `4+C` end the turn; `5+C..5+2C` put the bonus marker under safe `#i`; `5+2C` pass.

use safehouse_club_unlock::{Action, BONUS_MARKERS, ClubUnlock, KEYS_PER_COLOUR, Phase, STARTING_KEYS, View};
use safehouse_engine::Seat;

use super::{Encoder, RlGame, relative, scaled};

/// The highest value printed on a standard safe (4..=16); larger values saturate at 1.
const MAX_SAFE_VALUE: f64 = 16.0;
/// A score scale: about the most money one seat collects in a game.
const SCORE_SCALE: f64 = 400.0;

fn viewer(view: &View) -> Seat {
    view.viewer.seat().unwrap_or(Seat(0))
}

impl RlGame for ClubUnlock {
    fn action_space(view: &View) -> usize {
        2 * view.cards.len() + 6
    }

    fn action_index(view: &View, action: &Action) -> usize {
        let cards = view.cards.len();
        match *action {
            Action::TakeKey { colour } => colour.index(),
            Action::Crack { safe } => 4 + safe.index(),
            Action::EndTurn => 4 + cards,
            Action::PlaceBonus { safe } => 5 + cards + safe.index(),
            Action::Pass => 5 + 2 * cards,
        }
    }

    fn encode(view: &View, e: &mut Encoder<'_>) {
        let me = viewer(view);
        let players = view.seats.len();
        let cards = view.cards.len();
        let keys = f64::from(KEYS_PER_COLOUR);
        let (phase, to_move) = match view.phase {
            Phase::ChoosingKeys { seat, .. } => (0, Some(seat)),
            Phase::Turn { seat, .. } => (1, Some(seat)),
            Phase::PlacingBonus { seat, .. } => (2, Some(seat)),
            Phase::Over { .. } => (3, None),
        };
        e.one_hot("phase", "one-hot: choosing starting keys, turn, placing a bonus marker, over", 4, Some(phase));
        e.to_move(me, to_move, players);
        e.one_hot(
            "first_player",
            "one-hot relative seat that started",
            players,
            Some(relative(me, view.first_player, players)),
        );
        let (taken, cracked_this_turn, bonus_colour) = match view.phase {
            Phase::ChoosingKeys { taken, .. } => (taken, 0, None),
            Phase::Turn { cracked, .. } => (0, cracked, None),
            Phase::PlacingBonus { colour, .. } => (0, 0, Some(colour.index())),
            Phase::Over { .. } => (0, 0, None),
        };
        e.scalar(
            "starting_keys_taken",
            "starting keys the choosing seat took so far / 4",
            scaled(f64::from(taken), f64::from(STARTING_KEYS)),
        );
        e.scalar(
            "cracked_this_turn",
            "safes cracked so far this turn / C",
            scaled(f64::from(cracked_this_turn), cards as f64),
        );
        e.one_hot("bonus_colour", "one-hot exhausted colour of a pending bonus marker (R, G, Y, B)", 4, bonus_colour);
        e.scalar(
            "piles_known",
            "1 if the viewer sees the piles' counts (0 while starting keys are chosen in secret)",
            f32::from(u8::from(view.piles.is_some())),
        );
        e.put("piles", "keys left in each pile (R, G, Y, B) / 15 (0 when unknown)", 4, |s| {
            for (slot, &n) in s.iter_mut().zip(view.piles.iter().flatten()) {
                *slot = scaled(f64::from(n), keys);
            }
        });
        e.put("pile_empty", "for each pile (R, G, Y, B), 1 if the viewer sees it empty", 4, |s| {
            for (slot, &empty) in s.iter_mut().zip(&view.pile_empty) {
                *slot = f32::from(u8::from(empty));
            }
        });
        e.scalar(
            "bonus_supply",
            "bonus markers left in the supply / 25",
            scaled(f64::from(view.bonus_supply), f64::from(BONUS_MARKERS)),
        );
        e.scalar("deck_size", "safe cards face down in the deck / C", scaled(f64::from(view.deck_size), cards as f64));
        e.put("card_keys", "for each safe #i, the keys it needs per colour (R, G, Y, B) / 4; C x 4", 4 * cards, |s| {
            for (chunk, card) in s.chunks_exact_mut(4).zip(&view.cards) {
                for (slot, &n) in chunk.iter_mut().zip(&card.keys) {
                    *slot = scaled(f64::from(n), 4.0);
                }
            }
        });
        e.put("card_value", "for each safe #i, its value / 16", cards, |s| {
            for (slot, card) in s.iter_mut().zip(&view.cards) {
                *slot = scaled(f64::from(card.value), MAX_SAFE_VALUE);
            }
        });
        e.put("displayed", "for each safe #i, 1 if it lies in the display", cards, |s| {
            for slot in &view.display {
                if let Some(x) = s.get_mut(slot.safe.index()) {
                    *x = 1.0;
                }
            }
        });
        e.put("display_markers", "for each safe #i, bonus markers lying under it / 25", cards, |s| {
            for slot in &view.display {
                if let Some(x) = s.get_mut(slot.safe.index()) {
                    *x = scaled(f64::from(slot.markers), f64::from(BONUS_MARKERS));
                }
            }
        });
        for offset in 0..players {
            let seat = &view.seats[(me.index() + offset) % players];
            e.seat(offset);
            e.scalar("key_count", "keys in hand / 60", scaled(f64::from(seat.key_count), 4.0 * keys));
            e.scalar(
                "keys_known",
                "1 if the viewer may know this seat's keys",
                f32::from(u8::from(seat.keys.is_some())),
            );
            e.put("keys", "keys in hand per colour (R, G, Y, B) / 15 (0 when unknown)", 4, |s| {
                for (slot, &n) in s.iter_mut().zip(seat.keys.iter().flatten()) {
                    *slot = scaled(f64::from(n), keys);
                }
            });
            e.put("keys_at_least", "keys of each colour the seat surely holds, as the viewer deduces / 15", 4, |s| {
                for (slot, &n) in s.iter_mut().zip(&seat.keys_at_least) {
                    *slot = scaled(f64::from(n), keys);
                }
            });
            e.put(
                "keys_at_most",
                "keys of each colour the seat can hold at most, as the viewer deduces / 15",
                4,
                |s| {
                    for (slot, &n) in s.iter_mut().zip(&seat.keys_at_most) {
                        *slot = scaled(f64::from(n), keys);
                    }
                },
            );
            e.scalar("cracked_count", "safes cracked / C", scaled(f64::from(seat.cracked_count), cards as f64));
            e.put("cracked", "for each safe #i, 1 if this seat cracked it (0 when unknown)", cards, |s| {
                for id in seat.cracked.iter().flatten() {
                    if let Some(x) = s.get_mut(id.index()) {
                        *x = 1.0;
                    }
                }
            });
            e.scalar("markers", "bonus markers won / 25", scaled(f64::from(seat.markers), f64::from(BONUS_MARKERS)));
            e.scalar(
                "score_known",
                "1 if the viewer may know this seat's money",
                f32::from(u8::from(seat.score.is_some())),
            );
            e.scalar(
                "score",
                "money so far / 400, clamped (0 when unknown)",
                scaled(seat.score.unwrap_or(0) as f64, SCORE_SCALE),
            );
        }
        e.end_seat();
    }
}
