//! The whole state of a game, and how a game is set up from a seed or an explicit deal.

use safehouse_engine::{GameOptions, GameRng, Seat, Setup, SetupError};
use serde::{Deserialize, Serialize};

use crate::actions::EndReason;
use crate::cards::{
    BONUS_MARKERS, DISPLAY_SIZE, KEYS_PER_COLOUR, KeyColour, KeyCounts, STANDARD_SAFES, SafeCard, SafeId,
};
use crate::options::{Options, StartingKeys};

/// The whole state of a game of Club Unlock / CASH.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClubUnlock {
    pub(crate) options: Options,
    pub(crate) players: u8,
    /// The card table: every safe in the game, indexed by [`SafeId`].
    pub(crate) cards: Vec<SafeCard>,
    /// Face-down safes, drawn from the end.
    pub(crate) deck: Vec<SafeId>,
    pub(crate) display: Vec<DisplayedSafe>,
    pub(crate) piles: KeyCounts,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) bonus_supply: u8,
    pub(crate) phase: Phase,
    pub(crate) first_player: Seat,
    /// Times safes were laid out (the opening display counts as 1).
    pub(crate) layouts: u8,
    pub(crate) rng: GameRng,
}

impl ClubUnlock {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The displayed safes.
    pub fn display(&self) -> &[DisplayedSafe] {
        &self.display
    }

    /// Safes left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// Keys left in each pile.
    pub fn piles(&self) -> KeyCounts {
        self.piles
    }

    /// Markers left in the supply.
    pub fn bonus_supply(&self) -> u8 {
        self.bonus_supply
    }

    /// One seat's keys, loot and score.
    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    /// The card table.
    pub fn cards(&self) -> &[SafeCard] {
        &self.cards
    }
}

/// Where the game stands: whose decision it is and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before play, each seat in turn order takes four keys of its choice, one at a time (000:11;
    /// gap C3): in secret by default (nobody else sees which, nor the piles), or in the open.
    ChoosingKeys {
        /// Who is choosing.
        seat: Seat,
        /// Keys taken so far (0..4).
        taken: u8,
    },
    /// A seat's turn: take one key, or crack one or more safes (000:14).
    Turn {
        /// Whose turn.
        seat: Seat,
        /// Safes cracked so far this turn.
        cracked: u8,
    },
    /// The seat that took the last key of `colour` chooses the safe for the bonus marker (000:27).
    PlacingBonus {
        /// Who chooses.
        seat: Seat,
        /// The exhausted colour.
        colour: KeyColour,
    },
    /// The game is over.
    Over {
        /// Why.
        reason: EndReason,
    },
}

/// A safe in the display, with the markers lying under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayedSafe {
    /// The safe.
    pub safe: SafeId,
    /// Bonus markers under it.
    pub markers: u8,
}

/// Keys counted per colour over a whole game (a seat may take and return more than 255 with a
/// long dealt deck).
pub type KeyTally = [u16; 4];

/// What one seat holds.
///
/// Its keys are always its starting keys plus `taken` less `returned`; the starting keys are
/// secret (with the default `starting_keys: secret`), the takes and the returns are public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// Keys in hand, per colour.
    pub keys: KeyCounts,
    /// Keys taken from the piles during play, after the starting keys (public: 000:16).
    pub taken: KeyTally,
    /// Keys handed back to the piles by cracking safes (public: 000:18).
    pub returned: KeyTally,
    /// The fewest starting keys of each colour this seat can have chosen, as its takes and cracks
    /// show: before every crack it held the safe's keys, so its starting keys were at least what
    /// it had handed back by then less what it had taken (public).
    pub starting_at_least: KeyCounts,
    /// Safes cracked, in order.
    pub cracked: Vec<SafeId>,
    /// Bonus markers won.
    pub markers: u8,
    /// Money: safe values plus 10 per marker.
    pub score: i64,
}

impl SeatState {
    /// A seat holding `keys` as its starting keys, with nothing else yet.
    pub(crate) fn starting_with(keys: KeyCounts, cards: usize) -> SeatState {
        SeatState {
            keys,
            taken: [0; 4],
            returned: [0; 4],
            starting_at_least: [0; 4],
            cracked: Vec::with_capacity(cards),
            markers: 0,
            score: 0,
        }
    }

    /// The starting keys: what the seat holds, less what it took, plus what it handed back.
    pub fn starting_keys(&self) -> KeyCounts {
        // Never negative: the hand is the starting keys plus the takes less the returns.
        [0, 1, 2, 3].map(|c| (u16::from(self.keys[c]) + self.returned[c] - self.taken[c]) as u8)
    }
}

/// An explicit deal: fixes every random element of the setup.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Deal {
    /// The safe deck in draw order (first drawn first); empty means the standard 35 shuffled
    /// by the seed. Any list of safes of four keys each may be given (it replaces the card table).
    pub safes: Vec<SafeCard>,
    /// Each seat's starting keys; when given, the choosing phase is skipped.
    pub starting_keys: Option<Vec<KeyCounts>>,
    /// The first seat; overrides the option and the seed.
    pub first_player: Option<Seat>,
}

impl ClubUnlock {
    /// Sets up a game: options checked, deck shuffled (or dealt), seven safes displayed.
    pub(crate) fn setup(setup: &Setup<ClubUnlock>) -> Result<ClubUnlock, SetupError> {
        let options: Options = setup.options.clone();
        options.validate(setup.players)?;
        let players = setup.players;
        let mut rng = GameRng::from_seed(setup.seed);
        let deal = setup.deal.clone().unwrap_or_default();

        let (cards, mut deck): (Vec<SafeCard>, Vec<SafeId>) = if deal.safes.is_empty() {
            let mut order: Vec<SafeId> = (0..STANDARD_SAFES.len() as u8).map(SafeId).collect();
            rng.shuffle(&mut order);
            (STANDARD_SAFES.to_vec(), order)
        } else {
            if deal.safes.len() > usize::from(u8::MAX) {
                return Err(SetupError::InvalidDeal(format!("{} safes; at most 255", deal.safes.len())));
            }
            if let Some(bad) = deal.safes.iter().find(|s| s.keys.iter().map(|&k| u32::from(k)).sum::<u32>() != 4) {
                return Err(SetupError::InvalidDeal(format!("safe {bad:?} does not need exactly four keys")));
            }
            (deal.safes.clone(), (0..deal.safes.len() as u8).map(SafeId).collect())
        };
        // The deck is drawn from its end, so the first card of a dealt order goes on top.
        deck.reverse();

        let first_player = match deal.first_player.or(options.first_player) {
            Some(seat) if seat.index() < players => seat,
            Some(seat) => return Err(SetupError::InvalidDeal(format!("first player {seat} does not exist"))),
            None => Seat(rng.below(players as u32) as u8),
        };

        let mut piles = [KEYS_PER_COLOUR; 4];
        let mut seats: Vec<SeatState> = (0..players).map(|_| SeatState::starting_with([0; 4], cards.len())).collect();
        let phase = match &deal.starting_keys {
            None => Phase::ChoosingKeys { seat: first_player, taken: 0 },
            Some(hands) => {
                if hands.len() != players {
                    return Err(SetupError::InvalidDeal(format!(
                        "{} starting hands for {players} players",
                        hands.len()
                    )));
                }
                for (seat, hand) in seats.iter_mut().zip(hands) {
                    for colour in KeyColour::ALL {
                        let i = colour.index();
                        piles[i] = piles[i].checked_sub(hand[i]).ok_or_else(|| {
                            SetupError::InvalidDeal(format!("the starting hands hold more than 15 {colour} keys"))
                        })?;
                    }
                    seat.keys = *hand;
                }
                Phase::Turn { seat: first_player, cracked: 0 }
            }
        };

        let mut game = ClubUnlock {
            options,
            players: players as u8,
            cards,
            deck,
            display: Vec::new(),
            piles,
            seats,
            bonus_supply: BONUS_MARKERS,
            phase,
            first_player,
            layouts: 0,
            rng,
        };
        game.display.reserve(game.cards.len());
        // The books lay the safes out after the keys are chosen (000:11-12, 002:37); the open
        // draft lays them out first, so that the picks can follow the display.
        if !game.choosing_in_secret() {
            game.lay_out(DISPLAY_SIZE, &mut Vec::new());
        }
        Ok(game)
    }

    /// Turns up to `count` safes from the deck into the display.
    pub(crate) fn lay_out(&mut self, count: usize, events: &mut Vec<crate::Event>) {
        for _ in 0..count {
            let Some(safe) = self.deck.pop() else { break };
            self.display.push(DisplayedSafe { safe, markers: 0 });
            events.push(crate::Event::SafeRevealed { safe });
        }
        self.layouts += 1;
    }

    /// Whether the starting keys are still being chosen in secret (no safes on display yet).
    pub(crate) fn choosing_in_secret(&self) -> bool {
        self.options.starting_keys == StartingKeys::Secret && matches!(self.phase, Phase::ChoosingKeys { .. })
    }

    /// The card of a safe.
    #[inline]
    pub fn card(&self, safe: SafeId) -> SafeCard {
        self.cards[safe.index()]
    }
}
