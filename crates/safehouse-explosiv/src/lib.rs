//! Explosiv (Michael Schacht, Piatnik): Chicago mobsters place number cards in front of
//! briefcases; the highest total in a row takes its briefcase, unless the row's 8th card turned
//! it into a bomb.
//!
//! Rulebook: `shared/seeds/003_01e4902427864093.txt` (the English half, lines 29-55, is
//! authoritative; the Korean half is a machine translation of it). Public sources identify the
//! game and fill its gaps (`shared/research/rules-notes.md` §3, gaps E1-E12). Every decision,
//! with its citation and the option that changes it, is in `docs/rules/explosiv.md`, which is
//! also [`GameInfo::rules`].
//!
//! Module shape (the same in every game): `options` (variants), `state` (the state and its
//! setup), `actions` (actions and events), `rules` (legal actions, apply, end of round and game),
//! `view` (what a seat sees, determinization), `redeal` (what a viewer cannot see, re-dealt for
//! the battery's hiding check); `cards` holds the card data (the explosive deck
//! table) and `fixed` the inline vector that keeps the state off the heap.
//!
//! In brief: 2-4 players, each with number cards 1..8 of one colour; each round lays out
//! `players + 1` explosive cards briefcase side up. Turn by turn a seat places a card at the end
//! of a row: never directly on its own card, each number at most once per row except 8, and the
//! row's 8th card blows it up (bomb side). When all cards are placed, each row goes to the
//! highest total (last card +2). The game ends when too few explosive cards are left.

mod actions;
mod cards;
mod fixed;
mod options;
mod redeal;
mod rules;
mod state;
mod view;

use safehouse_engine::{ActionError, Game, GameInfo, GameRng, Outcome, Seat, Setup, SetupError, Viewer};
use serde::{Deserialize, Serialize};

pub use actions::{Action, Event, ExplosionCause, row_letter};
pub use cards::{CardSet, Colour, EXPLOSION_AT, EXPLOSIVE_DECK, ExplosiveCard, HIGHEST_NUMBER};
pub use fixed::FixedVec;
pub use options::{
    GameTieBreak, LongestRowTie, MAX_LAST_CARD_BONUS, NoLegalMove, Options, RoundStartPlayer, RowTieBreak, Unclaimed,
};
pub use state::{
    Deal, Discard, MAX_DECK, MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, Placed, ROW_CAPACITY, RoundSummary, Row, RowResult,
    SeatState,
};
pub use view::{DeducedHand, DiscardView, RowView, SeatView, View};

/// The whole state of a game of Explosiv. It holds no generator: the explosive deck is
/// shuffled once at setup and nothing else is left to chance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explosiv {
    options: Options,
    players: u8,
    /// Undrawn explosive fronts; the top card is the last.
    deck: FixedVec<u8, MAX_DECK>,
    /// The round being played, from 1.
    round: u8,
    round_start: Seat,
    /// `None` once the game is over.
    to_move: Option<Seat>,
    rows: FixedVec<Row, MAX_ROWS>,
    seats: FixedVec<SeatState, MAX_PLAYERS>,
    /// Explosive cards that left the game unclaimed (E7).
    removed: FixedVec<ExplosiveCard, MAX_DECK>,
    last_round: Option<RoundSummary>,
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

    fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
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

    /// The cards `seat` may hold as the public table shows them (what `show_deduced_hands`
    /// puts in the views).
    pub fn deduced_hand(&self, seat: Seat) -> Option<DeducedHand> {
        self.seat_state(seat).map(|_| self.deduce(seat))
    }
}

impl Game for Explosiv {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Deal = Deal;

    const INFO: GameInfo = GameInfo {
        id: "explosiv",
        aliases: &[],
        name: "Explosiv",
        summary: "Place number cards before briefcases; the highest total takes each one, unless its row's 8th card \
                  turned it into a bomb.",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        default_players: 3,
        cooperative: false,
        table_talk: true,
        rules: include_str!("../../../docs/rules/explosiv.md"),
        players_rules: &[
            safehouse_engine::PlayersRules { lang: "en", text: include_str!("../rules/en.md") },
            safehouse_engine::PlayersRules { lang: "ko", text: include_str!("../rules/ko.md") },
        ],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        Explosiv::setup(setup)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        self.apply_action(action, events)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.event_for(event, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_now()
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        Explosiv::from_view(view, rng)
    }
}
