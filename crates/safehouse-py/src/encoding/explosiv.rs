//! Explosiv: the observation tensor and the action indexing.
//!
//! Actions (`N = 49` for every player count): `8 row + card - 1` places number card `card`
//! (1-8) at the end of row `row` (0-4, row 0 is "A"); `40 + card - 1` discards `card` (no legal
//! placement); `48` passes (no legal placement, option `skip_keep`).

use safehouse_engine::Seat;
use safehouse_explosiv::{Action, EXPLOSIVE_DECK, Explosiv, HIGHEST_NUMBER, View};

use super::{Encoder, RlGame, relative, scaled};

/// Most rows on the table (four players and one).
const ROWS: usize = 5;
/// Most number cards one row can hold before it must have exploded.
const ROW_SLOTS: usize = 12;
/// Number-card values.
const NUMBERS: usize = HIGHEST_NUMBER as usize;
/// A score scale: about the most one seat can win in a game.
const SCORE_SCALE: f64 = 40.0;

fn viewer(view: &View) -> Seat {
    view.viewer.seat().unwrap_or(Seat(0))
}

fn card_bits(set: safehouse_explosiv::CardSet) -> u64 {
    u64::from(set.low_byte())
}

impl RlGame for Explosiv {
    fn action_space(_view: &View) -> usize {
        ROWS * NUMBERS + NUMBERS + 1
    }

    fn action_index(_view: &View, action: &Action) -> usize {
        let card = |c: u8| usize::from(c.clamp(1, HIGHEST_NUMBER)) - 1;
        match *action {
            Action::Place { card: c, row } => NUMBERS * usize::from(row).min(ROWS - 1) + card(c),
            Action::Discard { card: c } => ROWS * NUMBERS + card(c),
            Action::Pass => ROWS * NUMBERS + NUMBERS,
        }
    }

    fn encode(view: &View, e: &mut Encoder<'_>) {
        let me = viewer(view);
        let players = usize::from(view.players);
        let deck_copies = EXPLOSIVE_DECK.iter().filter(|&&f| f == 1).count() as f64;
        e.scalar("round", "the round being played / 8", scaled(f64::from(view.round), 8.0));
        e.to_move(me, view.to_move, players);
        e.one_hot(
            "round_start",
            "one-hot relative seat that started this round",
            players,
            Some(relative(me, view.round_start, players)),
        );
        e.put("deck", "for each explosive front 1-8, cards of it still in the deck / 2", NUMBERS, |s| {
            for &front in &view.deck {
                if let Some(x) = s.get_mut(usize::from(front).wrapping_sub(1)) {
                    *x += scaled(1.0, deck_copies);
                }
            }
        });
        e.put("removed", "for each explosive front 1-8, cards of it that left the game unclaimed / 2", NUMBERS, |s| {
            for card in &view.removed {
                if let Some(x) = s.get_mut(usize::from(card.front).wrapping_sub(1)) {
                    *x += scaled(1.0, deck_copies);
                }
            }
        });
        for row in 0..ROWS {
            let shown = view.rows.get(row);
            let name = ["row_a", "row_b", "row_c", "row_d", "row_e"][row];
            e.put(
                name,
                "one row (A-E): [in play, carried over, exploded, front one-hot 1-8, cards in row / 8, then for each \
                 of 12 slots: card value / 8 and its owner one-hot relative seat]",
                3 + NUMBERS + 1 + ROW_SLOTS * (1 + players),
                |s| {
                    let Some(row) = shown else { return };
                    s[0] = 1.0;
                    s[1] = f32::from(u8::from(row.carried));
                    s[2] = f32::from(u8::from(row.explosive.exploded));
                    if let Some(x) = s
                        .get_mut(3 + usize::from(row.explosive.front).wrapping_sub(1))
                        .filter(|_| row.explosive.front >= 1)
                    {
                        *x = 1.0;
                    }
                    s[3 + NUMBERS] = scaled(row.cards.len() as f64, 8.0);
                    let slots = &mut s[4 + NUMBERS..];
                    for (placed, slot) in row.cards.iter().zip(slots.chunks_exact_mut(1 + players)) {
                        slot[0] = scaled(f64::from(placed.card), f64::from(HIGHEST_NUMBER));
                        slot[1 + relative(me, placed.seat, players)] = 1.0;
                    }
                },
            );
        }
        for offset in 0..players {
            let Some(seat) = view.seats.get((me.index() + offset) % players) else { continue };
            e.seat(offset);
            e.scalar("score", "points won so far / 40, clamped to [-1, 1]", scaled(f64::from(seat.score), SCORE_SCALE));
            e.scalar("won", "explosive cards won / 16", scaled(seat.won.len() as f64, EXPLOSIVE_DECK.len() as f64));
            e.scalar(
                "hand_size",
                "number cards held / 8",
                scaled(f64::from(seat.hand_size), f64::from(HIGHEST_NUMBER)),
            );
            e.bits(
                "hand",
                "for each card 1-8, 1 if held (the viewer's own seat only)",
                NUMBERS,
                seat.hand.map_or(0, card_bits),
            );
            e.put("discarded", "for each card 1-8, 1 if discarded face up this round", NUMBERS, |s| {
                for card in seat.discards.iter().filter_map(|d| d.card.filter(|_| !d.face_down)) {
                    if let Some(x) = s.get_mut(usize::from(card).wrapping_sub(1)) {
                        *x = 1.0;
                    }
                }
            });
            e.scalar(
                "face_down_discards",
                "cards discarded face down this round / 8",
                scaled(seat.discards.iter().filter(|d| d.face_down).count() as f64, f64::from(HIGHEST_NUMBER)),
            );
            e.bits(
                "deducible",
                "for each card 1-8, 1 if the public table says the seat may still hold it (option show_deduced_hands)",
                NUMBERS,
                seat.deduced_hand.map_or(0, |d| card_bits(d.cards)),
            );
        }
        e.end_seat();
    }
}
