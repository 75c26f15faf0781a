//! Re-dealing what a viewer cannot see, for the battery's hiding check ([`Redeal`]).
//!
//! Written from the rules and the state, not from `view.rs` or `deduction.rs`. Everything on the
//! table is public (003:37-50): the explosive cards, every number card placed, every face-up discard, the cards
//! won. Each seat holds its own 1..8 every round, so the others know its hand exactly, except
//! when it gave cards up face down (option `no_legal_move = discard_face_down`, gap E8): then
//! they know only that each face-down card, and every card it still held then, was one it could
//! not place at that moment. Hidden from everybody is the order of the explosive deck (its
//! contents are known from the box). So a re-deal shuffles the deck and, for every other seat,
//! draws the values of its face-down discards uniformly among those that fit.

use safehouse_engine::Game as _;
use safehouse_engine::testing::Redeal;
use safehouse_engine::{GameRng, Seat, Viewer};

use crate::cards::CardSet;
use crate::state::Discard;
use crate::state::Explosiv;

impl Redeal for Explosiv {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> Explosiv {
        let mut game = self.clone();
        rng.shuffle(game.deck.as_mut_slice());
        for seat in Seat::all(self.players()).filter(|s| !viewer.is(*s)) {
            let discards = self.seat(seat).discards.as_slice();
            if discards.iter().all(|d| !d.face_down) {
                continue;
            }
            // The cards the table does not show leaving the hand: still held, or given up face down.
            let mut unseen = CardSet::ALL;
            for row in self.rows.iter() {
                for placed in row.cards.iter().filter(|p| p.seat == seat) {
                    unseen.remove(placed.card);
                }
            }
            for discard in discards.iter().filter(|d| !d.face_down) {
                unseen.remove(discard.card);
            }
            let mut fits = Vec::new();
            face_down_values(discards, unseen, &mut Vec::new(), &mut fits);
            // The real values fit, so there is at least one way.
            let values = &fits[rng.index(fits.len())];
            let state = &mut game.seats[seat.index()];
            let mut hand = unseen;
            let mut next = values.iter();
            for discard in state.discards.as_mut_slice().iter_mut().filter(|d| d.face_down) {
                discard.card = *next.next().expect("one value per face-down discard");
                hand.remove(discard.card);
            }
            state.hand = hand;
        }
        game
    }
}

/// Every list of values for the face-down discards, in order, drawn from `unseen`, such that at
/// each discard every card held then (what is still held now, the later face-down discards and
/// the discarded card itself) was one the seat could not place.
fn face_down_values(discards: &[Discard], unseen: CardSet, chosen: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    let face_down = discards.iter().filter(|d| d.face_down).count();
    if chosen.len() == face_down {
        let mut values = chosen.iter();
        let cards: Vec<u8> =
            discards.iter().map(|d| if d.face_down { *values.next().expect("a value") } else { d.card }).collect();
        let mut held = unseen;
        for &card in chosen.iter() {
            held.remove(card);
        }
        // Going back in time, the hand at each discard also held every card discarded since.
        for (discard, &card) in discards.iter().zip(&cards).rev() {
            held.insert(card);
            if !held.minus(discard.unplayable).is_empty() {
                return;
            }
        }
        out.push(chosen.clone());
        return;
    }
    for card in unseen.iter() {
        if !chosen.contains(&card) {
            chosen.push(card);
            face_down_values(discards, unseen, chosen, out);
            chosen.pop();
        }
    }
}
