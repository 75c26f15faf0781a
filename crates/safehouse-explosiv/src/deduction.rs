//! What the public table proves about a seat's hidden hand.
//!
//! Every number card that leaves a hand is seen (placed, or discarded face up under the default
//! options), so the hidden hands follow exactly from the table; a face-down discard
//! (`no_legal_move = discard_face_down`) leaves only the values the seat could not have placed
//! then. The view shows this with option `show_deduced_hands`.

use safehouse_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::CardSet;
use crate::state::Explosiv;

/// The public deduction of a seat's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeducedHand {
    /// Every card the seat may still hold.
    pub cards: CardSet,
    /// Whether these are exactly its cards (always, unless it discarded face down).
    pub exact: bool,
}

impl Explosiv {
    /// The cards `seat` may hold as the public table shows them (what `show_deduced_hands`
    /// puts in the views).
    pub fn deduced_hand(&self, seat: Seat) -> Option<DeducedHand> {
        self.seat_state(seat).map(|_| self.deduce(seat))
    }

    /// The cards `seat` may still hold as far as the public table shows: its 1..8 minus the
    /// cards it placed this round and its face-up discards, kept to the values it could not
    /// place at each of its discards this round.
    pub(crate) fn deduce(&self, seat: Seat) -> DeducedHand {
        let state = self.seat(seat);
        let mut possible = CardSet::ALL;
        for row in self.rows.iter() {
            for placed in row.cards.iter().filter(|p| p.seat == seat) {
                possible.remove(placed.card);
            }
        }
        for discard in state.discards.iter() {
            if !discard.face_down {
                possible.remove(discard.card);
            }
            possible = possible.and(discard.unplayable);
        }
        DeducedHand { cards: possible, exact: possible.len() == state.hand.len() }
    }
}
