//! The state of a game of Explosiv, its setup from a seed or an explicit [`Deal`].

mod fixed;

pub use fixed::FixedVec;

use safehouse_engine::{GameOptions, GameRng, Seat, Setup, SetupError, check_players};
use serde::{Deserialize, Serialize};

use crate::cards::{CardSet, EXPLOSIVE_DECK, ExplosiveCard, HIGHEST_NUMBER};
use crate::options::Options;

/// The whole state of a game of Explosiv. It holds no generator: the explosive deck is
/// shuffled once at setup and nothing else is left to chance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explosiv {
    pub(crate) options: Options,
    pub(crate) players: u8,
    /// Undrawn explosive fronts; the top card is the last.
    pub(crate) deck: FixedVec<u8, MAX_DECK>,
    /// The round being played, from 1.
    pub(crate) round: u8,
    pub(crate) round_start: Seat,
    /// `None` once the game is over.
    pub(crate) to_move: Option<Seat>,
    pub(crate) rows: FixedVec<Row, MAX_ROWS>,
    pub(crate) seats: FixedVec<SeatState, MAX_PLAYERS>,
    /// Explosive cards that left the game unclaimed (E7).
    pub(crate) removed: FixedVec<ExplosiveCard, MAX_DECK>,
    pub(crate) last_round: Option<RoundSummary>,
}

impl Explosiv {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The round being played, from 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Who started the current round.
    pub fn round_start(&self) -> Seat {
        self.round_start
    }

    /// This round's rows, row A first.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The undrawn explosive fronts; the next card drawn is the last.
    pub fn deck(&self) -> &[u8] {
        &self.deck
    }

    /// Explosive cards that left the game unclaimed.
    pub fn removed(&self) -> &[ExplosiveCard] {
        &self.removed
    }

    /// A seat's cards (`None` for a seat not at the table).
    pub fn seat_state(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat.index())
    }

    /// A seat at the table (rules code only ever passes seats of the table).
    pub(crate) fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    pub(crate) fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// A seat's score so far.
    pub fn score(&self, seat: Seat) -> i16 {
        self.seat_state(seat).map_or(0, SeatState::score)
    }

    /// How the last round was scored.
    pub fn last_round(&self) -> Option<&RoundSummary> {
        self.last_round.as_ref()
    }
}

/// Fewest players (the two-player rule exists, rules-notes §3.3).
pub const MIN_PLAYERS: usize = 2;
/// Most players: there are four sets of number cards (003:36).
pub const MAX_PLAYERS: usize = 4;
/// Most explosive cards in a game (the box holds 16).
pub const MAX_DECK: usize = 16;
/// Most rows in a round: players + 1 (003:37).
pub const MAX_ROWS: usize = MAX_PLAYERS + 1;
/// Most number cards a row can hold: 1..7 once each plus every seat's 8.
pub const ROW_CAPACITY: usize = 12;

/// An explicit deal: the order of the explosive deck. Number cards need no deal: every seat
/// holds its 1..8 at the start of each round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Front values of the explosive cards, top card first: round 1 lays out the first
    /// `players + 1` (row A first), round 2 the next, and so on. Any list of `players + 1` to
    /// 16 values in 1..=8 is accepted (tests and puzzles use short decks); the box's deck is
    /// [`EXPLOSIVE_DECK`].
    pub explosives: Vec<u8>,
}

impl Deal {
    /// A deal of the given explosive fronts, top card first.
    pub fn new(explosives: &[u8]) -> Self {
        Deal { explosives: explosives.to_vec() }
    }
}

/// One number card lying in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// Whose card it is.
    pub seat: Seat,
    /// Its value, 1..=8.
    pub card: u8,
}

impl Default for Placed {
    fn default() -> Self {
        Placed { seat: Seat(0), card: 0 }
    }
}

/// One explosive card on the table and the number cards placed in front of it, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub(crate) explosive: ExplosiveCard,
    pub(crate) cards: FixedVec<Placed, ROW_CAPACITY>,
    /// The values 1..7 already in the row (8 may repeat, so it is never recorded here).
    pub(crate) present: CardSet,
    /// Whether the explosive card was carried over unclaimed from the last round (E7).
    pub(crate) carried: bool,
}

impl Row {
    pub(crate) fn new(explosive: ExplosiveCard) -> Self {
        Row { explosive, cards: FixedVec::new(), present: CardSet::EMPTY, carried: false }
    }

    /// Whether the explosive card was carried over unclaimed from the last round (option
    /// `unclaimed_explosive = carry_over`); unclaimed again, it leaves the game.
    pub fn carried(&self) -> bool {
        self.carried
    }

    /// The explosive card, with the side that is up.
    pub fn explosive(&self) -> ExplosiveCard {
        self.explosive
    }

    /// The number cards in the order they were placed.
    pub fn cards(&self) -> &[Placed] {
        &self.cards
    }

    /// The owner of the row's last card.
    pub fn last_seat(&self) -> Option<Seat> {
        self.cards.last().map(|p| p.seat)
    }

    pub(crate) fn push(&mut self, placed: Placed) -> bool {
        if !self.cards.push(placed) {
            return false;
        }
        if placed.card != HIGHEST_NUMBER {
            self.present.insert(placed.card);
        }
        true
    }

    /// A row from its parts, or `None` if they break the row rules' shape.
    pub(crate) fn from_parts(explosive: ExplosiveCard, cards: &[Placed], carried: bool) -> Option<Row> {
        if !(1..=HIGHEST_NUMBER).contains(&explosive.front) {
            return None;
        }
        let mut row = Row { carried, ..Row::new(explosive) };
        for &placed in cards {
            if !(1..=HIGHEST_NUMBER).contains(&placed.card)
                || (placed.card != HIGHEST_NUMBER && row.present.contains(placed.card))
                || !row.push(placed)
            {
                return None;
            }
        }
        Some(row)
    }
}

#[derive(Serialize, Deserialize)]
struct RowData {
    explosive: ExplosiveCard,
    cards: FixedVec<Placed, ROW_CAPACITY>,
    #[serde(default)]
    carried: bool,
}

impl Serialize for Row {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RowData { explosive: self.explosive, cards: self.cards, carried: self.carried }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Row {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = RowData::deserialize(deserializer)?;
        Row::from_parts(data.explosive, &data.cards, data.carried)
            .ok_or_else(|| serde::de::Error::custom("row breaks the placement rules (bad or repeated card)"))
    }
}

/// A number card given up by a seat that could not place any card (gap E8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Discard {
    /// The card given up.
    pub card: u8,
    /// Whether it was given up face down (option `no_legal_move = discard_face_down`).
    pub face_down: bool,
    /// The values this seat could not have placed anywhere at that moment (a public fact of the
    /// table); every card the seat held then was among them.
    pub unplayable: CardSet,
}

/// One seat's cards: its hand this round, its discards this round, the explosive cards won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub(crate) hand: CardSet,
    pub(crate) discards: FixedVec<Discard, 8>,
    pub(crate) won: FixedVec<ExplosiveCard, MAX_DECK>,
}

impl SeatState {
    /// The number cards in hand.
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// The cards given up this round, in order.
    pub fn discards(&self) -> &[Discard] {
        &self.discards
    }

    /// The explosive cards won so far, in order.
    pub fn won(&self) -> &[ExplosiveCard] {
        &self.won
    }

    /// The points of the explosive cards won.
    pub fn score(&self) -> i16 {
        self.won.iter().map(|c| i16::from(c.value())).sum()
    }

    /// How many briefcase (positive) cards were won.
    pub fn briefcases(&self) -> usize {
        self.won.iter().filter(|c| c.value() > 0).count()
    }
}

/// How one row was scored at the end of a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowResult {
    /// The explosive card, with the side that was up when scored.
    pub explosive: ExplosiveCard,
    /// Number cards in the row.
    pub cards: u8,
    /// Each seat's total in the row, bonus included.
    pub totals: FixedVec<u8, MAX_PLAYERS>,
    /// Who took the card (`None`: nobody, gap E7).
    pub winner: Option<Seat>,
    /// Whether several seats had the highest total.
    pub tied: bool,
}

/// The scoring of the last round played, kept for people to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    /// The round's number, from 1.
    pub round: u8,
    /// One result per row, in row order.
    pub rows: FixedVec<RowResult, MAX_ROWS>,
}

impl Explosiv {
    /// Sets up a game: checks players, options and deal, shuffles (or takes) the explosive deck
    /// and starts round 1 with red (seat 0) to move.
    pub(crate) fn setup(setup: &Setup<Explosiv>) -> Result<Self, SetupError> {
        check_players(setup.players, MIN_PLAYERS, MAX_PLAYERS)?;
        setup.options.validate(setup.players)?;
        let players = setup.players;
        let mut top_first: FixedVec<u8, MAX_DECK> = match &setup.deal {
            Some(deal) => validate_deal(deal, players)?,
            None => {
                let mut deck = EXPLOSIVE_DECK;
                GameRng::from_seed(setup.seed).shuffle(&mut deck);
                FixedVec::from_slice(&deck).unwrap_or_default()
            }
        };
        // Drawn from the end.
        top_first.reverse();
        let mut seats = FixedVec::new();
        for _ in 0..players {
            seats.push(SeatState::default());
        }
        let mut game = Explosiv {
            options: setup.options.clone(),
            players: players as u8,
            deck: top_first,
            round: 0,
            round_start: Seat(0),
            to_move: None,
            rows: FixedVec::new(),
            seats,
            removed: FixedVec::new(),
            last_round: None,
        };
        game.start_round(&FixedVec::new(), &mut Vec::new());
        Ok(game)
    }
}

fn validate_deal(deal: &Deal, players: usize) -> Result<FixedVec<u8, MAX_DECK>, SetupError> {
    let n = deal.explosives.len();
    if n < players + 1 || n > MAX_DECK {
        return Err(SetupError::InvalidDeal(format!(
            "{n} explosive cards: a game of {players} needs {} to {MAX_DECK}",
            players + 1
        )));
    }
    if let Some(bad) = deal.explosives.iter().find(|v| !(1..=HIGHEST_NUMBER).contains(*v)) {
        return Err(SetupError::InvalidDeal(format!("explosive card {bad}: briefcase values are 1 to 8")));
    }
    FixedVec::from_slice(&deal.explosives).ok_or_else(|| SetupError::InvalidDeal("too many explosive cards".into()))
}
