//! The Safe: a co-operative card game for 1-6 players. The team plays number cards (five
//! colours, 0-9) under four colour cards without ever saying what it holds, then names the
//! hidden code card of each colour; five safes cracked in a row win.
//!
//! Rulebook: `shared/seeds/004_2a136c1bee1452d7.txt` (no other source about the game is known).
//! Every gap (T1-T15 of the research notes) and how it is decided, with citations, is in
//! `docs/rules/the-safe.md`, which is also [`GameInfo::rules`].
//!
//! Module shape (the same in every game; `crates/safehouse/tests/tidy.rs` checks it, and that no
//! two modules use each other): `cards` (the card vocabulary, restriction cards), `options`
//! (variants), `actions` (actions and events), `state` (the game's state struct and its setup, each
//! mission's deal and `state::row`, a row's readings), `rules` (the [`Rule`] codes, legal actions,
//! apply, mission end, scoring), `view` (what a seat sees, filtered events, the board as text),
//! `deduction` (which numbers can still be each colour's code, and determinization, above the
//! view), `redeal` (what a viewer cannot see, re-dealt for the battery's hiding check). lib.rs
//! holds only the `impl Game`, handing over to helpers of the same names in every game (`setup`,
//! `list_legal_actions`, `apply_action`, `build_view`, `filter_event`, `final_outcome`,
//! `from_view`).
//!
//! The engine is one decision at a time, so the end-of-mission naming is a sequence of
//! decisions: for each colour in play, the first seat clockwise from the first player that holds
//! no card of that colour names a number for the team.

mod actions;
mod cards;
pub mod deduction;
mod options;
mod redeal;
mod rules;
mod state;
mod view;

use safehouse_engine::{ActionError, Game, GameInfo, GameRng, Outcome, Seat, Setup, SetupError, Viewer};

pub use actions::{Action, EndReason, Event, MissionEndReason, MissionReport, MissionResult};
pub use cards::{CARD_COUNT, Card, CardStack, Cards, CardsIter, Colour, Colours, HeldColours, Restriction};
pub use options::{
    ColourRestrictionCheck, MAX_PLAYERS, MIN_PLAYERS, MISSIONS, OnMissionFail, Options, RevealOrder, SoloLeftoverRule,
};
pub use rules::Rule;
pub use state::{Deal, Direction, HAND_SIZE, Phase, ROWS, Reading, Row, TheSafe, colour_card_pool, colours_in_play};
pub use view::{RevealedRestriction, RowView, View};

impl Game for TheSafe {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Deal = Deal;

    const INFO: GameInfo = GameInfo {
        id: "the-safe",
        aliases: &[],
        name: "The Safe",
        summary: "Co-operative: play number cards under colour cards without talking, then name the hidden code of \
                  each colour; crack five safes in a row.",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        default_players: 3,
        // "Players must work together" (004:28); "Players may NEVER reveal which cards they hold.
        // (Colours and numbers may not be spoken.)" (004:29).
        cooperative: true,
        table_talk: false,
        rules: include_str!("../../../docs/rules/the-safe.md"),
        players_rules: &[
            safehouse_engine::PlayersRules { lang: "en", text: include_str!("../rules/en.md") },
            safehouse_engine::PlayersRules { lang: "ko", text: include_str!("../rules/ko.md") },
            safehouse_engine::PlayersRules { lang: "de", text: include_str!("../rules/de.md") },
        ],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        TheSafe::setup(setup)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Play { seat } | Phase::Naming { seat, .. } => Some(seat),
            Phase::Over { .. } => None,
        }
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
        TheSafe::from_view(view, rng)
    }
}
