//! Re-dealing what a viewer cannot see, for the battery's hiding check ([`Redeal`]).
//!
//! Written from the rules, not from `view.rs` or `deduction.rs`. The secrets of the game are the
//! order of the face-down safe deck and the starting keys, which each player chooses "and hold
//! them in their hand hidden from other players" (000:11, 002:37):
//! - While they are chosen in secret, a viewer knows only its own picks and how many the others
//!   have made; the piles are not seen, except that the seat choosing finds out whether a pile it
//!   reaches for is empty. The others' picks are re-dealt freely under those limits.
//! - Afterwards the piles lie face up again (000:10) and every take and crack is seen (000:16,
//!   000:18). At a table that remembers, a viewer therefore knows each other seat's takes,
//!   returns and loot, the total of the starting keys of the seats it does not know, and that
//!   each seat held a safe's keys when it cracked it. Their starting keys are re-dealt among
//!   those totals until every seat could have made every crack it made (rejection sampling).
//!   With an open start every hand is known, and only the deck is re-dealt.
//! - With [`TableMemory::CountsOnly`] a player remembers only how many keys and safes each other
//!   player holds (000:11, 000:18): the keys of the others are then any keys not in the piles or
//!   the viewer's hand, and their safes any safes neither displayed nor the viewer's own.
//!
//! Once the game is over everything is shown.

use safehouse_engine::testing::Redeal;
use safehouse_engine::{GameRng, Viewer};

use crate::cards::{BONUS_VALUE, KEYS_PER_COLOUR, KeyColour};
use crate::options::{StartingKeys, TableMemory};
use crate::state::ClubUnlock;
use crate::state::Phase;

/// Tries at drawing starting keys that fit every crack before keeping the real ones.
const TRIES: usize = 2_000;

impl Redeal for ClubUnlock {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> ClubUnlock {
        let mut game = self.clone();
        game.rng = rng.fork();
        rng.shuffle(&mut game.deck);
        if matches!(self.phase, Phase::Over { .. }) {
            return game;
        }
        let others: Vec<usize> =
            (0..self.seats.len()).filter(|&i| viewer.seat().map(|s| s.index()) != Some(i)).collect();
        let secret = self.options.starting_keys == StartingKeys::Secret;
        if secret && let Phase::ChoosingKeys { seat: chooser, .. } = self.phase {
            self.redeal_secret_picks(&mut game, viewer.is(chooser), &others, rng);
        } else if self.options.table_memory == TableMemory::CountsOnly {
            self.redeal_without_memory(&mut game, viewer, &others, rng);
        } else if secret {
            self.redeal_starting_keys(&mut game, &others, rng);
        }
        game
    }
}

impl ClubUnlock {
    /// During the secret choice: the others' picks, any colours, as long as the piles the
    /// viewer found empty (when it is choosing) stay empty and the others keep a key.
    fn redeal_secret_picks(&self, game: &mut ClubUnlock, choosing: bool, others: &[usize], rng: &mut GameRng) {
        let viewer_holds = |c: usize| -> u8 {
            let all: u8 = self.seats.iter().map(|s| s.keys[c]).sum();
            all - others.iter().map(|&i| self.seats[i].keys[c]).sum::<u8>()
        };
        let mut keys: Vec<KeyColour> = Vec::new();
        let mut room = [0u8; 4];
        for colour in KeyColour::ALL {
            let c = colour.index();
            let free = KEYS_PER_COLOUR - viewer_holds(c);
            if choosing && self.piles[c] == 0 {
                keys.extend(std::iter::repeat_n(colour, usize::from(free)));
            } else {
                room[c] = if choosing { free - 1 } else { free };
            }
        }
        let picks: usize = others.iter().map(|&i| usize::from(self.seats[i].keys.iter().sum::<u8>())).sum();
        while keys.len() < picks {
            let open: Vec<KeyColour> = KeyColour::ALL.into_iter().filter(|c| room[c.index()] > 0).collect();
            let Some(&colour) = rng.pick(&open) else { return };
            room[colour.index()] -= 1;
            keys.push(colour);
        }
        rng.shuffle(&mut keys);
        for &i in others {
            let size = usize::from(self.seats[i].keys.iter().sum::<u8>());
            let hand = &mut game.seats[i].keys;
            *hand = [0; 4];
            for colour in keys.drain(..size) {
                hand[colour.index()] += 1;
            }
        }
        for c in 0..4 {
            game.piles[c] = KEYS_PER_COLOUR - game.seats.iter().map(|s| s.keys[c]).sum::<u8>();
        }
    }

    /// After a secret choice, at a table that remembers: the starting keys of the others, drawn
    /// from their total per colour until each seat held the keys of every safe it cracked.
    fn redeal_starting_keys(&self, game: &mut ClubUnlock, others: &[usize], rng: &mut GameRng) {
        let mut pool: Vec<KeyColour> = Vec::new();
        for colour in KeyColour::ALL {
            let total: usize = others.iter().map(|&i| usize::from(self.seats[i].starting_keys()[colour.index()])).sum();
            pool.extend(std::iter::repeat_n(colour, total));
        }
        for _ in 0..TRIES {
            rng.shuffle(&mut pool);
            let mut rest = pool.as_slice();
            let mut fits = true;
            let mut starts = Vec::with_capacity(others.len());
            for &i in others {
                let size = usize::from(self.seats[i].starting_keys().iter().sum::<u8>());
                let (mine, later) = rest.split_at(size);
                rest = later;
                let mut start = [0u8; 4];
                for colour in mine {
                    start[colour.index()] += 1;
                }
                fits &= (0..4).all(|c| start[c] >= self.seats[i].starting_at_least[c]);
                starts.push(start);
            }
            if fits {
                for (&i, start) in others.iter().zip(starts) {
                    let seat = &mut game.seats[i];
                    seat.keys = [0, 1, 2, 3].map(|c| (u16::from(start[c]) + seat.taken[c] - seat.returned[c]) as u8);
                }
                return;
            }
        }
    }

    /// A table that remembers nothing: any keys not in the piles or the viewer's hand, and any
    /// safes neither displayed nor the viewer's own, dealt back to the others by count.
    fn redeal_without_memory(&self, game: &mut ClubUnlock, viewer: Viewer, others: &[usize], rng: &mut GameRng) {
        let mut keys: Vec<KeyColour> = Vec::new();
        for colour in KeyColour::ALL {
            let own = viewer.seat().map_or(0, |s| self.seats[s.index()].keys[colour.index()]);
            let unseen = KEYS_PER_COLOUR - self.piles[colour.index()] - own;
            keys.extend(std::iter::repeat_n(colour, usize::from(unseen)));
        }
        rng.shuffle(&mut keys);
        for &i in others {
            let size: u8 = self.seats[i].keys.iter().sum();
            let seat = &mut game.seats[i];
            seat.keys = [0; 4];
            for colour in keys.drain(..usize::from(size)) {
                seat.keys[colour.index()] += 1;
            }
            // Nothing is remembered of its takes and returns: the dealt hand is its start.
            seat.taken = [0; 4];
            seat.returned = [0; 4];
            seat.starting_at_least = [0; 4];
        }

        let mut safes = game.deck.clone();
        for &i in others {
            safes.extend_from_slice(&self.seats[i].cracked);
        }
        rng.shuffle(&mut safes);
        for &i in others {
            let count = self.seats[i].cracked.len();
            let seat = &mut game.seats[i];
            seat.cracked.clear();
            seat.cracked.extend(safes.drain(..count));
            let loot: i64 = seat.cracked.iter().map(|id| i64::from(self.cards[id.index()].value)).sum();
            seat.score = loot + BONUS_VALUE * i64::from(seat.markers);
        }
        game.deck.clear();
        game.deck.extend(safes);
    }
}
