//! Re-dealing what a viewer cannot see, for the battery's hiding check ([`Redeal`]).
//!
//! Written from the rules, not from `view.rs`. Keys come from face-up piles and safes are
//! cracked from the open display (000:10, 000:14), so at a table with perfect memory the only
//! secret is the order of the face-down safe deck. With [`TableMemory::CountsOnly`] a player
//! remembers only how many keys and safes each other player holds (000:11, 000:18): the keys
//! of the others are then any keys not in the piles or the viewer's hand, and their safes any
//! safes neither displayed nor the viewer's own. Once the game is over everything is shown.

use safehouse_engine::testing::Redeal;
use safehouse_engine::{GameRng, Viewer};

use crate::ClubUnlock;
use crate::cards::{BONUS_VALUE, KEYS_PER_COLOUR, KeyColour};
use crate::options::TableMemory;
use crate::state::Phase;

impl Redeal for ClubUnlock {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> ClubUnlock {
        let mut game = self.clone();
        game.rng = rng.fork();
        let remembers_all =
            self.options.table_memory == TableMemory::Perfect || matches!(self.phase, Phase::Over { .. });
        if remembers_all {
            rng.shuffle(&mut game.deck);
            return game;
        }
        let others: Vec<usize> =
            (0..self.seats.len()).filter(|&i| viewer.seat().map(|s| s.index()) != Some(i)).collect();

        // Every key neither in a pile nor in the viewer's hand, dealt back to the others by hand size.
        let mut keys: Vec<KeyColour> = Vec::new();
        for colour in KeyColour::ALL {
            let own = viewer.seat().map_or(0, |s| self.seats[s.index()].keys[colour.index()]);
            let unseen = KEYS_PER_COLOUR - self.piles[colour.index()] - own;
            keys.extend(std::iter::repeat_n(colour, usize::from(unseen)));
        }
        rng.shuffle(&mut keys);
        for &i in &others {
            let size: u8 = self.seats[i].keys.iter().sum();
            let hand = &mut game.seats[i].keys;
            *hand = [0; 4];
            for colour in keys.drain(..usize::from(size)) {
                hand[colour.index()] += 1;
            }
        }

        // Every safe neither displayed nor the viewer's own: the others' loot and the deck.
        let mut safes = game.deck.clone();
        for &i in &others {
            safes.extend_from_slice(&self.seats[i].cracked);
        }
        rng.shuffle(&mut safes);
        for &i in &others {
            let count = self.seats[i].cracked.len();
            let seat = &mut game.seats[i];
            seat.cracked.clear();
            seat.cracked.extend(safes.drain(..count));
            let loot: i64 = seat.cracked.iter().map(|id| i64::from(self.cards[id.index()].value)).sum();
            seat.score = loot + BONUS_VALUE * i64::from(seat.markers);
        }
        game.deck.clear();
        game.deck.extend(safes);
        game
    }
}
