//! The full state of a game (every code, face up or not), its setup from a seed or an
//! explicit [`Deal`].

use safehouse_engine::{GameOptions, GameRng, Seat, Setup, SetupError};
use serde::{Deserialize, Serialize};

use crate::actions::{Entry, OutReason};
use crate::cards::{Code, Colour, Number, PARTS, SeatSet};
use crate::options::Options;

/// Log entries reserved at setup, so that the log does not grow during a typical game.
pub(crate) const LOG_CAPACITY: usize = 64;

/// An explicit deal: every seat's code, and optionally the rest of the setup.
///
/// Whatever the deal leaves out is drawn from the setup's seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's code, by seat.
    pub codes: Vec<Code>,
    /// The set-aside locks laid face up (Quick Game); as many as `exposed_locks` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exposed_locks: Option<Vec<Colour>>,
    /// The set-aside keys laid face up (Quick Game); as many as `exposed_keys` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exposed_keys: Option<Vec<Number>>,
    /// The seat that starts (overrides the `first_player` option).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
}

impl Deal {
    /// A deal of these codes, the rest drawn from the seed.
    pub fn new(codes: Vec<Code>) -> Self {
        Deal { codes, exposed_locks: None, exposed_keys: None, first_player: None }
    }
}

/// Whether a seat is still playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    /// Still in the game.
    Active,
    /// Out of the game.
    Out {
        /// Why.
        reason: OutReason,
        /// 1 for the first seat out, 2 for the second...
        order: u8,
    },
}

impl Status {
    /// Whether the seat is still in the game.
    #[inline]
    pub fn is_active(self) -> bool {
        self == Status::Active
    }
}

/// One seat of the full state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// The secret code.
    pub code: Code,
    /// Playing or out.
    #[serde(flatten)]
    pub status: Status,
    /// Whether the lock lies face up for everybody.
    pub lock_shown: bool,
    /// Whether the key lies face up for everybody.
    pub key_shown: bool,
}

/// A game of Safe Breaker: the full state, with every code.
///
/// Nothing random happens after the deal, so the state holds no generator: the codes, the
/// public table and the log are everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SafeBreaker {
    pub(crate) options: Options,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) exposed_locks: Vec<Colour>,
    pub(crate) exposed_keys: Vec<Number>,
    pub(crate) first_player: Seat,
    pub(crate) to_move: Option<Seat>,
    /// Seats still in the game (derived from `seats`, kept for speed).
    pub(crate) active: SeatSet,
    pub(crate) log: Vec<Entry>,
    /// Questions asked so far (for `question_limit`).
    #[serde(default)]
    pub(crate) questions: u16,
}

/// Checks that the codes are a valid deal: one per seat, no colour or number twice.
pub(crate) fn check_codes(codes: &[Code], players: usize) -> Result<(), String> {
    if codes.len() != players {
        return Err(format!("{} codes for {players} players", codes.len()));
    }
    let mut colours = 0u8;
    let mut numbers = 0u8;
    for code in codes {
        let (c, n) = (1u8 << code.colour.index(), 1u8 << code.number.index());
        if colours & c != 0 {
            return Err(format!("lock {} is dealt twice", code.colour));
        }
        if numbers & n != 0 {
            return Err(format!("key {} is dealt twice", code.number));
        }
        colours |= c;
        numbers |= n;
    }
    Ok(())
}

impl SafeBreaker {
    /// Sets up a game (validates players, options and deal).
    pub(crate) fn setup(setup: &Setup<SafeBreaker>) -> Result<SafeBreaker, SetupError> {
        let mut state = SafeBreaker {
            options: setup.options.clone(),
            seats: Vec::with_capacity(setup.players),
            exposed_locks: Vec::new(),
            exposed_keys: Vec::new(),
            first_player: Seat(0),
            to_move: None,
            active: SeatSet::first(0),
            log: Vec::with_capacity(LOG_CAPACITY),
            questions: 0,
        };
        state.deal(setup)?;
        Ok(state)
    }

    /// Deals a new game from `setup` into this state, reusing its buffers ([`Game::new_into`]:
    /// a simulator deals millions of games of five decisions). On error the state is scratch.
    pub(crate) fn deal(&mut self, setup: &Setup<SafeBreaker>) -> Result<(), SetupError> {
        let players = setup.players;
        let options = &setup.options;
        options.validate(players)?;
        let mut rng = GameRng::from_seed(setup.seed);
        // The deal's parts are gathered on the stack (at most six of each): a simulator deals
        // millions of games, and each temporary vector was an allocation a game.
        let mut codes = [Code::new(Colour::ALL[0], Number::ALL[0]); PARTS];
        match &setup.deal {
            Some(deal) => {
                check_codes(&deal.codes, players).map_err(SetupError::InvalidDeal)?;
                codes[..players].copy_from_slice(&deal.codes);
            }
            None => {
                // 001:9-10: the six locks and the six keys are shuffled separately, one of each per player.
                let mut colours = Colour::ALL;
                let mut numbers = Number::ALL;
                rng.shuffle(&mut colours);
                rng.shuffle(&mut numbers);
                for (code, (c, n)) in codes.iter_mut().zip(colours.iter().zip(numbers.iter())).take(players) {
                    *code = Code::new(*c, *n);
                }
            }
        }
        let (codes, deal) = (&codes[..players], setup.deal.as_ref());
        // 001:11: the rest is set aside face down; the Quick Game turns some over (001:34).
        let dealt_locks = codes.iter().fold(0u8, |mask, code| mask | 1 << code.colour.index());
        let dealt_keys = codes.iter().fold(0u8, |mask, code| mask | 1 << code.number.index());
        let (spare_locks, spare_lock_count) = spare(Colour::ALL, dealt_locks);
        let (spare_keys, spare_key_count) = spare(Number::ALL, dealt_keys);
        exposed(
            deal.and_then(|d| d.exposed_locks.as_deref()),
            &spare_locks[..spare_lock_count],
            options.exposed_locks.count(players),
            "lock",
            &mut rng,
            &mut self.exposed_locks,
        )?;
        exposed(
            deal.and_then(|d| d.exposed_keys.as_deref()),
            &spare_keys[..spare_key_count],
            options.exposed_keys.count(players),
            "key",
            &mut rng,
            &mut self.exposed_keys,
        )?;
        let first_player = match (deal.and_then(|d| d.first_player), options.first_player) {
            (Some(seat), _) if seat.index() >= players => {
                return Err(SetupError::InvalidDeal(format!("first player {} does not exist", seat.0)));
            }
            (Some(seat), _) | (None, Some(seat)) => seat,
            (None, None) => Seat(rng.index(players) as u8),
        };
        self.seats.clear();
        self.seats.extend(codes.iter().map(|&code| SeatState {
            code,
            status: Status::Active,
            lock_shown: false,
            key_shown: false,
        }));
        self.options.clone_from(options);
        self.first_player = first_player;
        self.to_move = Some(first_player);
        self.active = SeatSet::first(players);
        self.log.clear();
        self.log.reserve(LOG_CAPACITY);
        self.questions = 0;
        Ok(())
    }

    /// Every seat's code, by seat.
    pub fn codes(&self) -> impl Iterator<Item = Code> + '_ {
        self.seats.iter().map(|s| s.code)
    }

    /// One seat's state.
    pub fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat.index())
    }

    /// The public log of questions and guesses.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Seats still in the game.
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// The set-aside locks lying face up.
    pub fn exposed_locks(&self) -> &[Colour] {
        &self.exposed_locks
    }

    /// The set-aside keys lying face up.
    pub fn exposed_keys(&self) -> &[Number] {
        &self.exposed_keys
    }

    /// The seat that started.
    pub fn first_player(&self) -> Seat {
        self.first_player
    }
}

/// The exposed set-aside parts of one kind: the deal's, checked, or `count` drawn at random.
fn exposed<T: Copy + PartialEq + std::fmt::Display>(
    dealt: Option<&[T]>,
    spare: &[T],
    count: usize,
    kind: &str,
    rng: &mut GameRng,
    out: &mut Vec<T>,
) -> Result<(), SetupError> {
    out.clear();
    match dealt {
        Some(parts) => {
            if parts.len() != count {
                return Err(SetupError::InvalidDeal(format!(
                    "{} exposed {kind}s dealt but the options expose {count}",
                    parts.len()
                )));
            }
            for (i, part) in parts.iter().enumerate() {
                if !spare.contains(part) {
                    return Err(SetupError::InvalidDeal(format!("exposed {kind} {part} is not set aside")));
                }
                if parts[..i].contains(part) {
                    return Err(SetupError::InvalidDeal(format!("exposed {kind} {part} is listed twice")));
                }
            }
            out.extend_from_slice(parts);
            Ok(())
        }
        None => {
            // Shuffled on the stack (the same draws as a shuffled vector): only what is exposed
            // is kept, and exposing nothing allocates nothing.
            let mut shuffled = [spare.first().copied(); PARTS];
            for (slot, part) in shuffled.iter_mut().zip(spare) {
                *slot = Some(*part);
            }
            let shuffled = &mut shuffled[..spare.len()];
            rng.shuffle(shuffled);
            out.extend(shuffled.iter().take(count).flatten().copied());
            Ok(())
        }
    }
}

/// The parts of `all` not in the `dealt` mask (bit `i` for `all[i]`), in order, on the stack: the
/// array and how many. Without a branch on which parts were dealt: they are random, and each
/// mispredicted branch cost a five-decision game more than the test itself.
fn spare<T: Copy>(all: [T; PARTS], dealt: u8) -> ([T; PARTS], usize) {
    let mut out = all;
    let mut count = 0;
    for (i, part) in all.into_iter().enumerate() {
        out[count] = part;
        count += usize::from(dealt >> i & 1 == 0);
    }
    (out, count)
}
