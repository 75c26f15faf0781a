//! Club Unlock / CASH (Kramer & Grunau's *Cash*): collect keys of four colours, crack safes
//! from an open display of seven, score their value and bonus markers of 10.
//!
//! Rulebooks: `shared/seeds/000_7fc81049e7759926.txt` (Club Unlock, English) and
//! `shared/seeds/002_cc6bcd00acf8ac7e.txt` (CASH, Korean). They are one game; the editions differ
//! on the bonus for an exhausted key pile and are the presets `club-unlock` and `cash`.
//! Every gap and how it is decided: `docs/rules/club-unlock.md`.
//!
//! Module shape (the same in every game; `crates/safehouse/tests/tidy.rs` checks it, and that no
//! two modules use each other): `cards` (the safes and keys), `options` (variants), `actions`
//! (actions and events), `state` (the game's state struct and its setup), `rules` (the [`Rule`]
//! codes, legal actions, apply, the end), `view` (what a seat sees, filtered events, the board as
//! text; determinization, since the view shows what the deduction proves), `deduction` (what a seat
//! can infer of the secret starting keys, below the view), `redeal` (what a viewer cannot see,
//! re-dealt for the battery's hiding check). lib.rs holds only the `impl Game`, handing over to
//! helpers of the same names in every game (`setup`, `list_legal_actions`, `apply_action`,
//! `build_view`, `filter_event`, `final_outcome`, `from_view`).

mod actions;
mod cards;
mod deduction;
mod options;
mod redeal;
mod rules;
mod state;
mod view;

use safehouse_engine::{ActionError, Alias, Game, GameInfo, GameRng, Outcome, Seat, Setup, SetupError, Viewer};

pub use actions::{Action, EndReason, Event};
pub use cards::{
    BONUS_MARKERS, BONUS_VALUE, DISPLAY_SIZE, KEYS_PER_COLOUR, KeyColour, KeyCounts, STANDARD_SAFES, STARTING_KEYS,
    SafeCard, SafeId,
};
pub use options::{ExhaustedPileBonus, Options, StartingKeys, TableMemory, TieBreak};
pub use rules::Rule;
pub use state::{ClubUnlock, Deal, DisplayedSafe, KeyTally, Phase, SeatState};
pub use view::{SeatView, View};

impl Game for ClubUnlock {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Deal = Deal;

    const INFO: GameInfo = GameInfo {
        id: "club-unlock",
        aliases: &[Alias { id: "cash", preset: Some("cash") }],
        name: "Club Unlock / CASH",
        summary: "Collect coloured keys and crack safes from an open display; serial cracks and the last safe earn bonuses.",
        min_players: 2,
        max_players: 6,
        default_players: 4,
        cooperative: false,
        table_talk: true,
        rules: include_str!("../../../docs/rules/club-unlock.md"),
        players_rules: &[
            safehouse_engine::PlayersRules { lang: "en", text: include_str!("../rules/en.md") },
            safehouse_engine::PlayersRules { lang: "ko", text: include_str!("../rules/ko.md") },
            safehouse_engine::PlayersRules { lang: "de", text: include_str!("../rules/de.md") },
        ],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        ClubUnlock::setup(setup)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::ChoosingKeys { seat, .. } | Phase::Turn { seat, .. } | Phase::PlacingBonus { seat, .. } => {
                Some(seat)
            }
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

    fn describe(&self, action: &Action) -> String {
        match *action {
            Action::Crack { safe } | Action::PlaceBonus { safe } if safe.index() < self.cards.len() => {
                format!("{action} ({})", self.card(safe))
            }
            _ => action.to_string(),
        }
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        ClubUnlock::from_view(view, rng)
    }

    /// The same state as [`Game::determinize`] from the same `rng`, written into `into`'s
    /// buffers, the starting keys drawn with stack tables: no allocation per search iteration.
    fn determinize_into(view: &View, rng: &mut GameRng, into: &mut Self) -> Result<(), SetupError> {
        ClubUnlock::from_view_into(view, rng, into)
    }
}
