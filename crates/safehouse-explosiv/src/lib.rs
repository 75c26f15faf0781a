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
//! Module shape (the same in every game; `crates/safehouse/tests/tidy.rs` checks it, and that no
//! two modules use each other): `cards` (the explosive deck table), `options` (variants), `actions`
//! (actions and events), `state` (the game's state struct and its setup; `state::fixed` the inline
//! vector that keeps it off the heap), `rules` (the [`Rule`] codes, legal actions, apply, end of
//! round and game), `view` (what a seat sees, filtered events, the board as text; determinization),
//! `deduction` (what the public table proves about a hidden hand, below the view), `redeal` (what a
//! viewer cannot see, re-dealt for the battery's hiding check). lib.rs holds only the `impl Game`,
//! handing over to helpers of the same names in every game (`setup`, `list_legal_actions`,
//! `apply_action`, `build_view`, `filter_event`, `final_outcome`, `from_view`).
//!
//! In brief: 2-4 players, each with number cards 1..8 of one colour; each round lays out
//! `players + 1` explosive cards briefcase side up. Turn by turn a seat places a card at the end
//! of a row: never directly on its own card, each number at most once per row except 8, and the
//! row's 8th card blows it up (bomb side). When all cards are placed, each row goes to the
//! highest total (last card +2). The game ends when too few explosive cards are left.

mod actions;
mod cards;
mod deduction;
mod options;
mod redeal;
mod rules;
mod state;
mod view;

use safehouse_engine::{ActionError, Game, GameInfo, GameRng, Outcome, Seat, Setup, SetupError, Viewer};

pub use actions::{Action, Event, ExplosionCause, row_letter};
pub use cards::{CardSet, Colour, EXPLOSION_AT, EXPLOSIVE_DECK, ExplosiveCard, HIGHEST_NUMBER};
pub use deduction::DeducedHand;
pub use options::{
    GameTieBreak, LongestRowTie, MAX_LAST_CARD_BONUS, NoLegalMove, Options, RoundStartPlayer, RowTieBreak, Unclaimed,
};
pub use rules::Rule;
pub use state::{
    Deal, Discard, Explosiv, FixedVec, MAX_DECK, MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, Placed, ROW_CAPACITY,
    RoundSummary, Row, RowResult, SeatState,
};
pub use view::{DiscardView, RowView, SeatView, View};

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
            safehouse_engine::PlayersRules { lang: "de", text: include_str!("../rules/de.md") },
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
        self.list_legal_actions(out);
    }

    fn apply(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        self.apply_action(action, events)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.build_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.filter_event(event, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        Explosiv::from_view(view, rng)
    }
}
