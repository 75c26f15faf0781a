//! Exact deduction from one seat's view: the set of code assignments still possible.
//!
//! Everything a seat learns is a fact about **one** seat's code: an answer "No" to
//! "colour `c`, number `n`?" says that seat has neither (001:23), "Yes" that it has one or both
//! (001:21-22), a wrong guess rules out a code or a half (001:30, 001:36), a right one or a
//! part lying face up fixes it, and a set-aside part lying face up (001:34) is held by nobody.
//! So each seat gets a set of candidate codes, a 36-bit mask. The only link between seats is
//! that the six locks and the six keys are all different (001:9-10). The assignments
//! consistent with the view are exactly the ways to give every seat one of its candidates
//! with no colour and no number used twice; the set-aside parts are the rest.
//!
//! The count is a dynamic programme over seats (fewest candidates first) whose state is the
//! set of colours and the set of numbers already taken (12 bits): a forward pass counts the
//! ways to reach each state, a backward pass the ways to complete it, and their product gives,
//! for every seat and code, the number of consistent assignments in which that seat holds that
//! code. With six players there are at most 924 states, so the work is a few thousand steps
//! whatever the position: from a seat's view the 5! x 5! = 14,400 assignments of an opening
//! position are counted without being visited one by one. Every consistent assignment is
//! equally likely (the deal is uniform and every answer is forced by the codes), so the counts
//! give exact probabilities, and [`Deduction::sample`] draws an assignment uniformly by walking
//! down the backward counts. [`Deduction::for_each`] enumerates the assignments themselves
//! (depth-first, cutting a branch as soon as a remaining seat has no candidate left).
//!
//! The deduction treats the players' *choices* (what they ask, whom they accuse) as carrying no
//! information: they are strategy, not rules.
//!
//! Determinization (`Game::determinize`) is here too: a full state drawn from the deduction.

use safehouse_engine::{GameRng, Seat, SetupError};

use crate::actions::{Entry, Guess};
use crate::cards::{CODES, Code, Colour, MAX_PLAYERS, Number, PARTS};
use crate::state::{SafeBreaker, SeatState};
use crate::view::{View, check_shape};

/// The codes with colour index `c`: bits `6c..6c+6`.
#[inline]
const fn colour_mask(c: usize) -> u64 {
    0x3F << (c * PARTS)
}

/// The codes with number index `n`: bits `n, n+6, ..., n+30`.
#[inline]
const fn number_mask(n: usize) -> u64 {
    0x4104_1041 << n
}

/// Codes sharing a colour or a number with code `i`: what holding `i` takes from everybody else.
const CONFLICTS: [u64; CODES] = {
    let mut out = [0u64; CODES];
    let mut i = 0;
    while i < CODES {
        out[i] = colour_mask(i / PARTS) | number_mask(i % PARTS);
        i += 1;
    }
    out
};

/// The search state bits a code takes: its colour (bits 0-5) and its number (bits 6-11).
const STATE_BITS: [u16; CODES] = {
    let mut out = [0u16; CODES];
    let mut i = 0;
    while i < CODES {
        out[i] = (1 << (i / PARTS)) | (1 << (PARTS + i % PARTS));
        i += 1;
    }
    out
};

/// The codes blocked by a set of taken colours (a 6-bit mask).
const COLOUR_BLOCKS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut c = 0;
        while c < PARTS {
            if m & (1 << c) != 0 {
                out[m] |= colour_mask(c);
            }
            c += 1;
        }
        m += 1;
    }
    out
};

/// The codes blocked by a set of taken numbers (a 6-bit mask).
const NUMBER_BLOCKS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut n = 0;
        while n < PARTS {
            if m & (1 << n) != 0 {
                out[m] |= number_mask(n);
            }
            n += 1;
        }
        m += 1;
    }
    out
};

/// Search states: 6 bits of taken colours and 6 of taken numbers.
const STATES: usize = 1 << (2 * PARTS);

/// The codes a search state blocks.
#[inline]
fn blocked(state: u16) -> u64 {
    COLOUR_BLOCKS[usize::from(state & 0x3F)] | NUMBER_BLOCKS[usize::from(state >> PARTS)]
}

/// All 36 codes.
const ALL_CODES: u64 = (1 << CODES) - 1;

/// The codes a holder of which says "Yes" to `colour`, `number` (001:21-23).
#[inline]
fn yes_mask(colour: Colour, number: Number) -> u64 {
    colour_mask(colour.index()) | number_mask(number.index())
}

/// The codes a guess is right about.
#[inline]
fn guess_mask(guess: Guess) -> u64 {
    match guess {
        Guess::Code { colour, number } => 1 << Code::new(colour, number).index(),
        Guess::Lock { colour } => colour_mask(colour.index()),
        Guess::Key { number } => number_mask(number.index()),
    }
}

/// Each seat's candidate codes (36-bit masks) from everything in `view` about that seat alone.
///
/// This is the "unary" part of the deduction; [`Deduction`] adds the all-different link.
pub fn candidates(view: &View) -> [u64; MAX_PLAYERS] {
    let players = view.players().min(MAX_PLAYERS);
    let mut cand = [0u64; MAX_PLAYERS];
    let mut nobody = 0u64;
    for colour in &view.exposed_locks {
        nobody |= colour_mask(colour.index());
    }
    for number in &view.exposed_keys {
        nobody |= number_mask(number.index());
    }
    for (i, seat) in view.seats.iter().take(players).enumerate() {
        let mut mask = ALL_CODES & !nobody;
        if let Some(colour) = seat.lock {
            mask &= colour_mask(colour.index());
        }
        if let Some(number) = seat.key {
            mask &= number_mask(number.index());
        }
        cand[i] = mask;
    }
    if let (Some(seat), Some(code)) = (view.seat(), view.own_code)
        && seat.index() < players
    {
        cand[seat.index()] &= 1 << code.index();
    }
    let mut restrict = |seat: Seat, mask: u64| {
        if let Some(c) = cand.get_mut(seat.index()) {
            *c &= mask;
        }
    };
    for entry in &view.log {
        match *entry {
            Entry::Question { colour, number, no, yes, .. } => {
                let mask = yes_mask(colour, number);
                for seat in no.iter() {
                    restrict(seat, !mask);
                }
                if let Some(seat) = yes {
                    restrict(seat, mask);
                }
            }
            Entry::Guess { target, guess, correct, .. } => {
                let mask = guess_mask(guess);
                restrict(target, if correct { mask } else { !mask });
            }
        }
    }
    cand
}

/// The exact set of code assignments consistent with one view, summarised.
///
/// Built by [`Deduction::from_view`]; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    players: usize,
    /// Candidate codes per seat after the unary facts.
    candidates: [u64; MAX_PLAYERS],
    /// Seats in search order (fewest candidates first).
    order: [u8; MAX_PLAYERS],
    /// Number of consistent assignments.
    worlds: u64,
    /// `completions[d]`: for every state reachable after the first `d` seats of `order` (sorted
    /// by state), the number of ways to complete it. `completions[0]` is `[(0, worlds)]`.
    completions: Vec<Vec<(u16, u32)>>,
    /// `counts[s][i]`: assignments in which seat `s` holds code `i`.
    counts: [[u32; CODES]; MAX_PLAYERS],
}

impl Deduction {
    /// Deduces from a view (a seat's or a spectator's).
    ///
    /// # Errors
    /// [`SetupError::InconsistentView`] if the view is malformed or no assignment fits it.
    pub fn from_view(view: &View) -> Result<Deduction, SetupError> {
        check_shape(view)?;
        let deduction = Deduction::from_candidates(view.players(), candidates(view));
        if deduction.worlds == 0 {
            return Err(SetupError::InconsistentView("no deal of codes fits everything this view has seen".into()));
        }
        Ok(deduction)
    }

    /// Deduces from per-seat candidate masks (for `players` seats). The result may have no world.
    pub fn from_candidates(players: usize, candidates: [u64; MAX_PLAYERS]) -> Deduction {
        let players = players.min(MAX_PLAYERS);
        let mut order = [0u8; MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        order[..players].sort_by_key(|&s| (candidates[usize::from(s)].count_ones(), s));
        let mut deduction = Deduction {
            players,
            candidates,
            order,
            worlds: 0,
            completions: Vec::new(),
            counts: [[0; CODES]; MAX_PLAYERS],
        };
        deduction.count();
        deduction
    }

    /// The forward and backward passes (see the module docs).
    fn count(&mut self) {
        let players = self.players;
        // Forward: the reachable states after each seat, with the ways to reach them.
        let mut forward: Vec<Vec<(u16, u32)>> = Vec::with_capacity(players + 1);
        forward.push(vec![(0, 1)]);
        let mut scratch = vec![0u32; STATES];
        for depth in 0..players {
            let seat = usize::from(self.order[depth]);
            let mut next: Vec<u16> = Vec::new();
            for &(state, ways) in &forward[depth] {
                let mut avail = self.candidates[seat] & !blocked(state);
                while avail != 0 {
                    let i = avail.trailing_zeros() as usize;
                    avail &= avail - 1;
                    let to = state | STATE_BITS[i];
                    if scratch[usize::from(to)] == 0 {
                        next.push(to);
                    }
                    scratch[usize::from(to)] += ways;
                }
            }
            next.sort_unstable();
            let level = next.iter().map(|&to| (to, std::mem::take(&mut scratch[usize::from(to)]))).collect();
            forward.push(level);
        }
        // Backward: the ways to complete each state; forward x backward gives the counts.
        let mut completions: Vec<Vec<(u16, u32)>> = vec![Vec::new(); players + 1];
        completions[players] = forward[players].iter().map(|&(state, _)| (state, 1)).collect();
        for &(state, _) in &forward[players] {
            scratch[usize::from(state)] = 1;
        }
        for depth in (0..players).rev() {
            let seat = usize::from(self.order[depth]);
            let mut level = Vec::with_capacity(forward[depth].len());
            for &(state, ways) in &forward[depth] {
                let mut avail = self.candidates[seat] & !blocked(state);
                let mut total = 0u32;
                while avail != 0 {
                    let i = avail.trailing_zeros() as usize;
                    avail &= avail - 1;
                    let below = scratch[usize::from(state | STATE_BITS[i])];
                    if below > 0 {
                        self.counts[seat][i] += (u64::from(ways) * u64::from(below)) as u32;
                        total += below;
                    }
                }
                level.push((state, total));
            }
            for &(state, _) in &forward[depth + 1] {
                scratch[usize::from(state)] = 0;
            }
            for &(state, total) in &level {
                scratch[usize::from(state)] = total;
            }
            completions[depth] = level;
        }
        self.worlds = completions[0].first().map_or(0, |&(_, total)| u64::from(total));
        self.completions = completions;
    }

    /// Ways to complete `state` after the first `depth` seats of the search order.
    fn completions_of(&self, depth: usize, state: u16) -> u64 {
        let level = &self.completions[depth];
        level.binary_search_by_key(&state, |&(s, _)| s).map_or(0, |k| u64::from(level[k].1))
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Number of code assignments consistent with the view (at least 1).
    pub fn worlds(&self) -> u64 {
        self.worlds
    }

    /// The candidate codes of `seat` from the facts about it alone (before the all-different link).
    pub fn candidate_mask(&self, seat: Seat) -> u64 {
        self.candidates.get(seat.index()).copied().unwrap_or(0)
    }

    /// In how many consistent assignments `seat` holds `code`.
    pub fn code_count(&self, seat: Seat, code: Code) -> u64 {
        self.counts.get(seat.index()).map_or(0, |c| u64::from(c[code.index()]))
    }

    /// In how many consistent assignments the guess at `seat` is right.
    pub fn guess_count(&self, seat: Seat, guess: Guess) -> u64 {
        let mask = guess_mask(guess);
        self.counts
            .get(seat.index())
            .map_or(0, |c| (0..CODES).filter(|i| mask & (1 << i) != 0).map(|i| u64::from(c[i])).sum())
    }

    fn fraction(&self, count: u64) -> f64 {
        if self.worlds == 0 { 0.0 } else { count as f64 / self.worlds as f64 }
    }

    /// Probability that `seat` holds `code`.
    pub fn code_probability(&self, seat: Seat, code: Code) -> f64 {
        self.fraction(self.code_count(seat, code))
    }

    /// Probability that a guess at `seat` is right.
    pub fn guess_probability(&self, seat: Seat, guess: Guess) -> f64 {
        self.fraction(self.guess_count(seat, guess))
    }

    /// Probability that `seat`'s lock is `colour`.
    pub fn colour_probability(&self, seat: Seat, colour: Colour) -> f64 {
        self.guess_probability(seat, Guess::Lock { colour })
    }

    /// Probability that `seat`'s key is `number`.
    pub fn number_probability(&self, seat: Seat, number: Number) -> f64 {
        self.guess_probability(seat, Guess::Key { number })
    }

    /// Probability that `seat` answers "Yes" to `colour`, `number`.
    pub fn yes_probability(&self, seat: Seat, colour: Colour, number: Number) -> f64 {
        let mask = yes_mask(colour, number);
        let count = self
            .counts
            .get(seat.index())
            .map_or(0, |c| (0..CODES).filter(|i| mask & (1 << i) != 0).map(|i| u64::from(c[i])).sum::<u64>());
        self.fraction(count)
    }

    /// Whether a guess at `seat` is right in every consistent assignment.
    pub fn is_certain(&self, seat: Seat, guess: Guess) -> bool {
        self.worlds > 0 && self.guess_count(seat, guess) == self.worlds
    }

    /// `seat`'s code, if every consistent assignment gives it the same one.
    pub fn certain_code(&self, seat: Seat) -> Option<Code> {
        Code::all().find(|code| self.worlds > 0 && self.code_count(seat, *code) == self.worlds)
    }

    /// `seat`'s lock, if certain.
    pub fn certain_colour(&self, seat: Seat) -> Option<Colour> {
        Colour::ALL.into_iter().find(|colour| self.is_certain(seat, Guess::Lock { colour: *colour }))
    }

    /// `seat`'s key, if certain.
    pub fn certain_number(&self, seat: Seat) -> Option<Number> {
        Number::ALL.into_iter().find(|number| self.is_certain(seat, Guess::Key { number: *number }))
    }

    /// The codes `seat` may still hold, with the number of assignments for each.
    pub fn possible_codes(&self, seat: Seat) -> impl Iterator<Item = (Code, u64)> + '_ {
        Code::all().map(move |code| (code, self.code_count(seat, code))).filter(|(_, n)| *n > 0)
    }

    /// In how many consistent assignments nobody holds lock `colour` (it is set aside).
    pub fn set_aside_colour_count(&self, colour: Colour) -> u64 {
        let held: u64 = (0..self.players)
            .map(|s| (0..PARTS).map(|n| u64::from(self.counts[s][colour.index() * PARTS + n])).sum::<u64>())
            .sum();
        self.worlds - held
    }

    /// In how many consistent assignments nobody holds key `number` (it is set aside).
    pub fn set_aside_number_count(&self, number: Number) -> u64 {
        let held: u64 = (0..self.players)
            .map(|s| (0..PARTS).map(|c| u64::from(self.counts[s][c * PARTS + number.index()])).sum::<u64>())
            .sum();
        self.worlds - held
    }

    /// Probability that lock `colour` is among the set-aside parts.
    pub fn set_aside_colour_probability(&self, colour: Colour) -> f64 {
        self.fraction(self.set_aside_colour_count(colour))
    }

    /// Probability that key `number` is among the set-aside parts.
    pub fn set_aside_number_probability(&self, number: Number) -> f64 {
        self.fraction(self.set_aside_number_count(number))
    }

    /// Calls `f` with every consistent assignment (each seat's code, by seat), in a fixed order.
    pub fn for_each(&self, mut f: impl FnMut(&[Code])) {
        let search = Search { cand: &self.candidates, order: &self.order, players: self.players };
        let mut codes = [Code::new(Colour::ALL[0], Number::ALL[0]); MAX_PLAYERS];
        search.walk(0, 0, &mut codes, &mut |codes| f(codes));
    }

    /// Every consistent assignment (each seat's code, by seat). At most 14,400 from a seat's view.
    pub fn assignments(&self) -> Vec<Vec<Code>> {
        let mut out = Vec::with_capacity(usize::try_from(self.worlds).unwrap_or(0));
        self.for_each(|codes| out.push(codes.to_vec()));
        out
    }

    /// The consistent assignment number `index` (`0..worlds()`) in the order of [`Deduction::for_each`],
    /// found by walking down the completion counts (no enumeration).
    pub fn nth(&self, index: u64) -> Option<Vec<Code>> {
        if index >= self.worlds {
            return None;
        }
        let mut codes = vec![Code::new(Colour::ALL[0], Number::ALL[0]); self.players];
        let mut state = 0u16;
        let mut left = index;
        for depth in 0..self.players {
            let seat = usize::from(self.order[depth]);
            let mut avail = self.candidates[seat] & !blocked(state);
            let mut chosen = None;
            while avail != 0 {
                let i = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                let below = self.completions_of(depth + 1, state | STATE_BITS[i]);
                if left < below {
                    chosen = Some(i);
                    break;
                }
                left -= below;
            }
            let i = chosen?;
            codes[seat] = Code::from_index(i)?;
            state |= STATE_BITS[i];
        }
        Some(codes)
    }

    /// One consistent assignment drawn uniformly at random (each seat's code, by seat).
    pub fn sample(&self, rng: &mut GameRng) -> Vec<Code> {
        let index = if self.worlds <= u64::from(u32::MAX) {
            u64::from(rng.below(self.worlds.max(1) as u32))
        } else {
            rng.next_u64() % self.worlds
        };
        self.nth(index).unwrap_or_default()
    }
}

/// Most search states reachable after any number of seats: C(6,3)² (three colours and three
/// numbers taken).
const LEVEL_CAPACITY: usize = 400;

/// One level of the dynamic programme: states (sorted) with their counts, on the stack.
#[derive(Clone, Copy)]
struct Level {
    len: usize,
    entries: [(u16, u32); LEVEL_CAPACITY],
}

impl Level {
    const EMPTY: Level = Level { len: 0, entries: [(0, 0); LEVEL_CAPACITY] };

    fn get(&self, state: u16) -> u64 {
        let entries = &self.entries[..self.len];
        entries.binary_search_by_key(&state, |&(s, _)| s).map_or(0, |k| u64::from(entries[k].1))
    }
}

/// Draws one consistent assignment for the seats with these candidate masks, exactly as
/// `Deduction::from_candidates(players, candidates).sample(rng)` does (the same counts, the same
/// draw from `rng`, the same walk, so the same codes), but with every table on the stack: what
/// determinizing once per search iteration needs, as it allocates nothing. `false` when no
/// assignment fits (then `out` holds anything).
pub(crate) fn sample_into(
    players: usize,
    candidates: &[u64; MAX_PLAYERS],
    rng: &mut GameRng,
    out: &mut [Code; MAX_PLAYERS],
) -> bool {
    let players = players.min(MAX_PLAYERS);
    let mut order = [0u8; MAX_PLAYERS];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u8;
    }
    order[..players].sort_unstable_by_key(|&s| (candidates[usize::from(s)].count_ones(), s));
    // Forward: the states reachable after each seat (their counts are not needed to sample).
    let mut forward = [Level::EMPTY; MAX_PLAYERS + 1];
    forward[0].len = 1;
    let mut seen = [false; STATES];
    for depth in 0..players {
        let seat = usize::from(order[depth]);
        let (done, rest) = forward.split_at_mut(depth + 1);
        let (from, next) = (&done[depth], &mut rest[0]);
        for &(state, _) in &from.entries[..from.len] {
            let mut avail = candidates[seat] & !blocked(state);
            while avail != 0 {
                let i = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                let to = state | STATE_BITS[i];
                if !std::mem::replace(&mut seen[usize::from(to)], true) {
                    if next.len == LEVEL_CAPACITY {
                        return false;
                    }
                    next.entries[next.len] = (to, 0);
                    next.len += 1;
                }
            }
        }
        next.entries[..next.len].sort_unstable_by_key(|&(s, _)| s);
        for &(state, _) in &next.entries[..next.len] {
            seen[usize::from(state)] = false;
        }
    }
    // Backward: the ways to complete each state, as `Deduction::count` computes them.
    let mut completions = [Level::EMPTY; MAX_PLAYERS + 1];
    completions[players] = forward[players];
    for entry in &mut completions[players].entries[..forward[players].len] {
        entry.1 = 1;
    }
    for depth in (0..players).rev() {
        let seat = usize::from(order[depth]);
        let (head, tail) = completions.split_at_mut(depth + 1);
        let (level, below) = (&mut head[depth], &tail[0]);
        *level = forward[depth];
        for entry in &mut level.entries[..level.len] {
            let mut avail = candidates[seat] & !blocked(entry.0);
            let mut total = 0u64;
            while avail != 0 {
                let i = avail.trailing_zeros() as usize;
                avail &= avail - 1;
                total += below.get(entry.0 | STATE_BITS[i]);
            }
            entry.1 = total as u32;
        }
    }
    let worlds = if completions[0].len > 0 { u64::from(completions[0].entries[0].1) } else { 0 };
    if worlds == 0 {
        return false;
    }
    let mut left =
        if worlds <= u64::from(u32::MAX) { u64::from(rng.below(worlds as u32)) } else { rng.next_u64() % worlds };
    let mut state = 0u16;
    for depth in 0..players {
        let seat = usize::from(order[depth]);
        let mut avail = candidates[seat] & !blocked(state);
        let mut chosen = None;
        while avail != 0 {
            let i = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let below = completions[depth + 1].get(state | STATE_BITS[i]);
            if left < below {
                chosen = Some(i);
                break;
            }
            left -= below;
        }
        let Some(code) = chosen.and_then(Code::from_index) else { return false };
        out[seat] = code;
        state |= STATE_BITS[code.index()];
    }
    true
}

/// The depth-first search over seats.
struct Search<'a> {
    cand: &'a [u64; MAX_PLAYERS],
    order: &'a [u8; MAX_PLAYERS],
    players: usize,
}

impl Search<'_> {
    /// Whether every seat from `depth` on still has a candidate outside `blocked`.
    #[inline]
    fn feasible(&self, depth: usize, blocked: u64) -> bool {
        self.order[depth..self.players].iter().all(|&s| self.cand[usize::from(s)] & !blocked != 0)
    }

    /// Visits every assignment of seats `order[depth..]` avoiding `blocked`, in order.
    fn walk(&self, depth: usize, blocked: u64, codes: &mut [Code; MAX_PLAYERS], f: &mut dyn FnMut(&[Code])) {
        if depth == self.players {
            f(&codes[..self.players]);
            return;
        }
        if !self.feasible(depth, blocked) {
            return;
        }
        let seat = usize::from(self.order[depth]);
        let mut avail = self.cand[seat] & !blocked;
        while avail != 0 {
            let i = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            if let Some(code) = Code::from_index(i) {
                codes[seat] = code;
            }
            self.walk(depth + 1, blocked | CONFLICTS[i], codes, f);
        }
    }
}

// Determinization lives here, above the view: it reads a view and draws from the deduction,
// and the view module needs neither (so `view` never uses `deduction`).
impl View {
    /// The exact deduction from this view (see the [module docs](self)).
    pub fn deduce(&self) -> Result<Deduction, SetupError> {
        Deduction::from_view(self)
    }
}

impl SafeBreaker {
    /// A full state consistent with `view`, the hidden codes drawn uniformly from the exact set
    /// of assignments consistent with it ([`Deduction::sample`]).
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<SafeBreaker, SetupError> {
        let deduction = Deduction::from_view(view)?;
        let codes = deduction.sample(rng);
        SafeBreaker::from_view_with_codes(view, &codes[..view.players()])
    }

    /// [`SafeBreaker::from_view`] into an existing state, reusing its buffers (the seats and
    /// the log): the same codes from the same `rng`, and no allocation once `into` has grown.
    pub(crate) fn from_view_into(view: &View, rng: &mut GameRng, into: &mut SafeBreaker) -> Result<(), SetupError> {
        check_shape(view)?;
        let mut codes = [Code::new(Colour::ALL[0], Number::ALL[0]); MAX_PLAYERS];
        if !crate::deduction::sample_into(view.players(), &crate::deduction::candidates(view), rng, &mut codes) {
            return Err(SetupError::InconsistentView("no deal of codes fits everything this view has seen".into()));
        }
        into.fill_from_view(view, &codes[..view.players()])
    }

    /// The full state `view` shows, with these codes at the seats (one per seat, e.g. a world
    /// of [`Deduction::for_each`] chosen by a bot). Fails if the codes do not fit the view: a
    /// code the view rules out, or a colour or number twice.
    pub fn from_view_with_codes(view: &View, codes: &[Code]) -> Result<SafeBreaker, SetupError> {
        let mut state = SafeBreaker {
            options: view.options.clone(),
            seats: Vec::with_capacity(view.seats.len()),
            exposed_locks: Vec::new(),
            exposed_keys: Vec::new(),
            first_player: view.first_player,
            to_move: view.to_move,
            active: view.active(),
            log: Vec::with_capacity(view.log.len().max(crate::state::LOG_CAPACITY)),
            questions: 0,
        };
        state.fill_from_view(view, codes)?;
        Ok(state)
    }

    /// Makes `self` the full state `view` shows with these codes, reusing its buffers.
    fn fill_from_view(&mut self, view: &View, codes: &[Code]) -> Result<(), SetupError> {
        check_shape(view)?;
        let players = view.players();
        if codes.len() != players {
            return Err(SetupError::InconsistentView(format!("{} codes for {players} seats", codes.len())));
        }
        let allowed = crate::deduction::candidates(view);
        let (mut colours, mut numbers) = (0u8, 0u8);
        for (seat, code) in codes.iter().enumerate() {
            let (colour, number) = (1u8 << code.colour.index(), 1u8 << code.number.index());
            if allowed[seat] & (1u64 << code.index()) == 0 || colours & colour != 0 || numbers & number != 0 {
                return Err(SetupError::InconsistentView(format!("seat {seat} cannot hold {code}")));
            }
            colours |= colour;
            numbers |= number;
        }
        self.seats.clear();
        self.seats.extend(view.seats.iter().zip(codes.iter()).map(|(s, code)| SeatState {
            code: *code,
            status: s.status,
            lock_shown: s.lock.is_some(),
            key_shown: s.key.is_some(),
        }));
        self.log.clear();
        self.log.reserve(view.log.len().max(crate::state::LOG_CAPACITY));
        self.log.extend_from_slice(&view.log);
        let questions = self.log.iter().filter(|e| matches!(e, crate::actions::Entry::Question { .. })).count();
        self.options.clone_from(&view.options);
        self.exposed_locks.clone_from(&view.exposed_locks);
        self.exposed_keys.clone_from(&view.exposed_keys);
        self.first_player = view.first_player;
        self.to_move = view.to_move;
        self.active = view.active();
        self.questions = u16::try_from(questions).unwrap_or(u16::MAX);
        Ok(())
    }
}
