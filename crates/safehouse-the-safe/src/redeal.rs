//! Re-dealing what a viewer cannot see, for the battery's hiding check ([`Redeal`]).
//!
//! Written from the rules and the state, not from `view.rs` or `deduction.rs`. Hidden from a
//! seat are the other hands and the draw pile (004:15-16), the code of the mission being played
//! (004:12-13; it is turned over when the mission is resolved, and stays so once the game is
//! over), the face-down restriction cards (004:18) and, with a random reveal order, which of
//! them comes next. What it does know about the hidden cards: the hand sizes, that a seat which
//! passed holds none of the cards the rows accepted then (004:35; it plays no more this
//! mission, so its hand is still the one it passed with), and once play has ended the colours
//! each hand holds (004:48). A re-deal moves the hidden cards between the code, the other
//! hands and the pile by a random walk of swaps that each keep all of that true (a code card
//! only trades places with a card of its colour), starting from the real deal: every such
//! deal is equally likely in the long run, and the walk takes many steps per hidden card. (An
//! exact sampler by rejection was tried first: at the end of a mission, when every hand must
//! show exactly its held colours, it almost never found a deal.) The pile is then shuffled,
//! and the face-down restrictions are drawn uniformly among the cards the rules allow (a
//! colour, even or odd, a colour, a direction; the two colours differ, 004:18).

use safehouse_engine::Game as _;
use safehouse_engine::testing::Redeal;
use safehouse_engine::{GameRng, Seat, Viewer};

use crate::cards::{Card, CardStack, Cards, Colour, Restriction};
use crate::options::{MAX_PLAYERS, RevealOrder};
use crate::state::TheSafe;
use crate::state::{Phase, ROWS};

/// Swaps tried per hidden card.
const SWAPS_PER_CARD: usize = 20;

/// Where a hidden card lies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Code,
    Hand(usize),
    Pile,
}

impl Redeal for TheSafe {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> TheSafe {
        let mut game = self.clone();
        game.rng = rng.fork();
        game.redeal_restrictions(rng);

        let over = matches!(self.phase, Phase::Over { .. });
        let play_ended = !matches!(self.phase, Phase::Play { .. });
        let hidden_hand = |s: usize| viewer.seat().map(|v| v.index()) != Some(s);
        // What each hidden hand may hold.
        let mut allowed = [Cards::EMPTY; MAX_PLAYERS];
        for (s, slot) in allowed.iter_mut().enumerate().take(self.players()) {
            *slot = !self.passed[s].unwrap_or(Cards::EMPTY);
            if play_ended {
                *slot &= Cards::of_colours(self.held.seat(Seat(s as u8)));
            }
        }
        let mut cards: Vec<(Card, Place)> = Vec::new();
        if !over {
            cards.extend(self.code.iter().map(|card| (card, Place::Code)));
        }
        for s in (0..self.players()).filter(|&s| hidden_hand(s)) {
            cards.extend(self.hands[s].iter().map(|card| (card, Place::Hand(s))));
        }
        cards.extend(self.pile.as_slice().iter().map(|&card| (card, Place::Pile)));

        let mut hands = self.hands;
        let fits = |hands: &[Cards; MAX_PLAYERS], s: usize| {
            hands[s] & !allowed[s] == Cards::EMPTY
                && (!play_ended || hands[s].colours() == self.held.seat(Seat(s as u8)))
        };
        for _ in 0..SWAPS_PER_CARD * cards.len() {
            let (i, j) = (rng.index(cards.len()), rng.index(cards.len()));
            let ((a, from), (b, to)) = (cards[i], cards[j]);
            if from == to || ((from == Place::Code || to == Place::Code) && a.colour() != b.colour()) {
                continue;
            }
            let mut moved = hands;
            for (place, out, into) in [(from, a, b), (to, b, a)] {
                if let Place::Hand(s) = place {
                    moved[s].remove(out);
                    moved[s].insert(into);
                }
            }
            let ok = [from, to].iter().all(|place| match *place {
                Place::Hand(s) => fits(&moved, s),
                Place::Code | Place::Pile => true,
            });
            if ok {
                hands = moved;
                cards[i] = (b, from);
                cards[j] = (a, to);
            }
        }
        if !over {
            game.code = cards.iter().filter(|(_, place)| *place == Place::Code).map(|(card, _)| *card).collect();
        }
        game.hands = hands;
        let mut pile: Vec<Card> =
            cards.iter().filter(|(_, place)| *place == Place::Pile).map(|(card, _)| *card).collect();
        rng.shuffle(&mut pile);
        game.pile = CardStack::from_slice(&pile);
        game
    }
}

impl TheSafe {
    /// Draws the face-down restriction cards again, and the order in which they come if it is random.
    fn redeal_restrictions(&mut self, rng: &mut GameRng) {
        let known = usize::from(self.revealed).min(ROWS);
        let is_known = |row: usize| self.reveal_order[..known].contains(&(row as u8));
        let colours: Vec<Colour> = self.in_play().iter().collect();
        let colour_of = |r: Restriction| match r {
            Restriction::Colour(colour) => Some(colour),
            _ => None,
        };
        let (first, second) = (colour_of(self.restrictions[0]), colour_of(self.restrictions[2]));
        let (first, second) = match (is_known(0), is_known(2)) {
            (true, true) => (first, second),
            (true, false) => (first, pick_colour(&colours, first, rng)),
            (false, true) => (pick_colour(&colours, second, rng), second),
            (false, false) => {
                let a = pick_colour(&colours, None, rng);
                (a, pick_colour(&colours, a, rng))
            }
        };
        let mut restrictions = self.restrictions;
        if let (Some(a), Some(b)) = (first, second) {
            restrictions[0] = Restriction::Colour(a);
            restrictions[2] = Restriction::Colour(b);
        }
        if !is_known(1) {
            restrictions[1] = if rng.below(2) == 0 { Restriction::Even } else { Restriction::Odd };
        }
        if !is_known(3) {
            restrictions[3] = if rng.below(2) == 0 { Restriction::Ascending } else { Restriction::Descending };
        }
        self.restrictions = restrictions;
        if self.options.restriction_reveal_order == RevealOrder::Random {
            rng.shuffle(&mut self.reveal_order[known..]);
        }
    }
}

/// A colour in play other than `not`, uniformly.
fn pick_colour(colours: &[Colour], not: Option<Colour>, rng: &mut GameRng) -> Option<Colour> {
    let others: Vec<Colour> = colours.iter().copied().filter(|c| Some(*c) != not).collect();
    rng.pick(&others).copied()
}
