//! Re-dealing what a viewer cannot see, for the battery's hiding check ([`Redeal`]).
//!
//! Written from the rules and the state, not from `view.rs` or `deduction.rs`. What everybody
//! knows is the table: the parts lying face up (exposed set-aside parts, halves shown by a half
//! guess, the codes of cracked seats, every code once the game is over) and every answer said
//! aloud (001:21-24) and every guess and its result (001:26-30), which the state keeps in its
//! log. A seat also knows its own code. So a re-deal draws every other code uniformly among the
//! deals that agree with all of that: one lock and one key per seat, no colour or number twice
//! (001:9-10), none of them an exposed part.

use std::collections::HashMap;

use safehouse_engine::testing::Redeal;
use safehouse_engine::{GameRng, Seat, Viewer};

use crate::actions::Entry;
use crate::cards::{CODES, Code};
use crate::state::SafeBreaker;

impl Redeal for SafeBreaker {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> SafeBreaker {
        let allowed = self.codes_allowed(viewer);
        let mut counts = HashMap::new();
        let mut game = self.clone();
        let (mut colours, mut numbers) = (0u8, 0u8);
        for seat in 0..self.seats.len() {
            let options: Vec<(Code, u64)> = (0..CODES)
                .filter_map(Code::from_index)
                .filter(|code| allowed[seat] & (1 << code.index()) != 0)
                .filter(|code| colours & colour_bit(*code) == 0 && numbers & number_bit(*code) == 0)
                .map(|code| {
                    let rest =
                        deals(&allowed, seat + 1, colours | colour_bit(code), numbers | number_bit(code), &mut counts);
                    (code, rest)
                })
                .collect();
            let total: u64 = options.iter().map(|(_, n)| n).sum();
            // The real deal is one of them, so there is always at least one.
            let bound = u32::try_from(total).expect("at most 6! × 6! deals");
            let mut pick = u64::from(rng.below(bound));
            let (code, _) = options
                .iter()
                .find(|(_, n)| {
                    let here = pick < *n;
                    pick = pick.saturating_sub(*n);
                    here
                })
                .copied()
                .expect("a pick below the total");
            game.seats[seat].code = code;
            colours |= colour_bit(code);
            numbers |= number_bit(code);
        }
        game
    }
}

impl SafeBreaker {
    /// For each seat, the codes (bits by [`Code::index`]) it may hold as far as `viewer` knows,
    /// each seat on its own (that no part is dealt twice is left to the deal).
    fn codes_allowed(&self, viewer: Viewer) -> Vec<u64> {
        let over = self.to_move.is_none();
        let mut allowed: Vec<u64> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let known_code = over || viewer.is(Seat(i as u8)) || (seat.lock_shown && seat.key_shown);
                (0..CODES)
                    .filter_map(Code::from_index)
                    .filter(|code| {
                        !self.exposed_locks.contains(&code.colour) && !self.exposed_keys.contains(&code.number)
                    })
                    .filter(|code| !known_code || *code == seat.code)
                    .filter(|code| !seat.lock_shown || code.colour == seat.code.colour)
                    .filter(|code| !seat.key_shown || code.number == seat.code.number)
                    .fold(0u64, |bits, code| bits | 1 << code.index())
            })
            .collect();
        for entry in &self.log {
            match *entry {
                Entry::Question { colour, number, no, yes, .. } => {
                    for seat in no.iter() {
                        allowed[seat.index()] &= codes_where(|code| !code.answers_yes(colour, number));
                    }
                    if let Some(seat) = yes {
                        allowed[seat.index()] &= codes_where(|code| code.answers_yes(colour, number));
                    }
                }
                Entry::Guess { target, guess, correct, .. } => {
                    allowed[target.index()] &= codes_where(|code| guess.matches(code) == correct);
                }
            }
        }
        allowed
    }
}

fn codes_where(keep: impl Fn(Code) -> bool) -> u64 {
    (0..CODES).filter_map(Code::from_index).filter(|code| keep(*code)).fold(0, |bits, code| bits | 1 << code.index())
}

fn colour_bit(code: Code) -> u8 {
    1 << code.colour.index()
}

fn number_bit(code: Code) -> u8 {
    1 << code.number.index()
}

/// How many ways seats `seat..` can be dealt allowed codes with none of the colours and numbers
/// already used (memoised: at most 7 × 2⁶ × 2⁶ states).
fn deals(allowed: &[u64], seat: usize, colours: u8, numbers: u8, memo: &mut HashMap<(usize, u8, u8), u64>) -> u64 {
    if seat == allowed.len() {
        return 1;
    }
    if let Some(&n) = memo.get(&(seat, colours, numbers)) {
        return n;
    }
    let n = (0..CODES)
        .filter_map(Code::from_index)
        .filter(|code| allowed[seat] & (1 << code.index()) != 0)
        .filter(|code| colours & colour_bit(*code) == 0 && numbers & number_bit(*code) == 0)
        .map(|code| deals(allowed, seat + 1, colours | colour_bit(code), numbers | number_bit(code), memo))
        .sum();
    memo.insert((seat, colours, numbers), n);
    n
}
