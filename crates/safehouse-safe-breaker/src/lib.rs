//! Safe Breaker (a.k.a. *Merkurya*, Dave Cousins): a deduction game of coloured locks and
//! numbered keys.
//!
//! Each player secretly holds one lock (a colour) and one key (a number 1-6). On your turn you
//! ask the player on your left "Do you have red lock 1?"; whoever holds that colour or that
//! number must say "Yes" and takes the turn, a "No" passes the question on round the table,
//! and if everybody says "No" you go again. Or you point at a player and guess their code:
//! right, they are out and you go again; wrong, you are out and they take the turn. The last
//! player standing wins.
//!
//! Rulebook: `../shared/seeds/001_2a4a4db4d049f0b5.txt`. Every gap (S1-S13 in the research
//! notes) is settled in `docs/rules/safe-breaker.md`, with the citation; the plausible
//! alternatives are [`Options`]. [`deduction`] computes exactly what a seat can know.
//!
//! Module shape (the same in every game; `crates/safehouse/tests/tidy.rs` checks it, and that no
//! two modules use each other): `cards` (locks, keys, codes), `options` (variants), `actions`
//! (actions and events), `state` (the game's state struct and its setup and the deal), `rules` (the
//! [`Rule`] codes, legal actions, apply, the end), `view` (what a seat sees, filtered events, the
//! board as text), `deduction` (the exact set of codes still possible, and determinization, above
//! the view), `redeal` (what a viewer cannot see, re-dealt for the battery's hiding check). lib.rs
//! holds only the `impl Game`, handing over to helpers of the same names in every game (`setup`,
//! `list_legal_actions`, `apply_action`, `build_view`, `filter_event`, `final_outcome`,
//! `from_view`).

pub mod actions;
pub mod cards;
pub mod deduction;
pub mod options;
mod redeal;
mod rules;
pub mod state;
pub mod view;

use safehouse_engine::{ActionError, Alias, Game, GameInfo, GameRng, Outcome, Seat, Setup, SetupError, Viewer};

pub use actions::{Action, Entry, Event, Guess, Half, OutReason};
pub use cards::{COLOUR_NAMES, Code, Colour, Number, SeatSet};
pub use deduction::Deduction;
pub use options::{Exposure, HalfRevealTurn, Options, QuestionHistory, SimpleWrongGuess};
pub use rules::Rule;
pub use state::{Deal, SafeBreaker, SeatState, Status};
pub use view::{SeatView, View};

impl Game for SafeBreaker {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Deal = Deal;

    const INFO: GameInfo = GameInfo {
        id: "safe-breaker",
        aliases: &[Alias { id: "merkurya", preset: None }],
        name: "Safe Breaker",
        summary: "Ask round the table about colours and numbers, deduce every secret code, and be the last one standing.",
        min_players: 2,
        max_players: 6,
        default_players: 4,
        cooperative: false,
        table_talk: true,
        rules: include_str!("../../../docs/rules/safe-breaker.md"),
        players_rules: &[
            safehouse_engine::PlayersRules { lang: "en", text: include_str!("../rules/en.md") },
            safehouse_engine::PlayersRules { lang: "ko", text: include_str!("../rules/ko.md") },
            safehouse_engine::PlayersRules { lang: "de", text: include_str!("../rules/de.md") },
        ],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        SafeBreaker::setup(setup)
    }

    fn new_into(setup: &Setup<Self>, into: &mut Self) -> Result<(), SetupError> {
        into.deal(setup)
    }

    fn players(&self) -> usize {
        self.seats.len()
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list_legal_actions(out);
    }

    #[inline]
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

    fn outcome_into(&self, out: &mut Outcome) -> bool {
        self.final_outcome_into(out)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        SafeBreaker::from_view(view, rng)
    }

    /// The same codes as [`Game::determinize`] from the same `rng`, drawn with the deduction's
    /// tables on the stack and written into `into`'s buffers: no allocation per search iteration.
    fn determinize_into(view: &View, rng: &mut GameRng, into: &mut Self) -> Result<(), SetupError> {
        SafeBreaker::from_view_into(view, rng, into)
    }
}
