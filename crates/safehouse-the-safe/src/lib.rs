//! The Safe: a co-operative card game for 1-6 players. The team plays number cards (five
//! colours, 0-9) under four colour cards without ever saying what it holds, then names the
//! hidden code card of each colour; five safes cracked in a row win.
//!
//! Rulebook: `shared/seeds/004_2a136c1bee1452d7.txt` (no other source about the game is known).
//! Every gap (T1-T15 of the research notes) and how it is decided, with citations, is in
//! `docs/rules/the-safe.md`, which is also [`GameInfo::rules`].
//!
//! Module shape (the same in every game): `options` (variants), `state` (the state, its setup
//! and each mission's deal), `actions` (actions and events), `rules` (rows, legal actions,
//! apply, mission end, scoring), `view` (what a seat sees, determinization), `redeal` (what a
//! viewer cannot see, re-dealt for the battery's hiding check); `cards` holds the
//! card vocabulary and [`deduction`] computes which numbers can still be each colour's code.
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
use serde::{Deserialize, Serialize};

pub use actions::{Action, EndReason, Event, MissionEndReason, MissionReport, MissionResult};
pub use cards::{CARD_COUNT, Card, CardStack, Cards, CardsIter, Colour, Colours};
pub use options::{
    ColourRestrictionCheck, MAX_PLAYERS, MIN_PLAYERS, MISSIONS, OnMissionFail, Options, RevealOrder, SoloLeftoverRule,
};
pub use rules::{Direction, Reading, Row};
pub use state::{Deal, HAND_SIZE, HeldColours, Phase, ROWS, Restriction, colour_card_pool, colours_in_play};
pub use view::{RevealedRestriction, RowView, View};

/// The whole state of a game of The Safe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TheSafe {
    options: Options,
    players: u8,
    /// The four colour cards, ascending; they stay for the whole game (004:17, T15).
    colour_cards: [u8; ROWS],
    /// The restriction card under each colour card, face down until revealed (004:18).
    restrictions: [Restriction; ROWS],
    /// The rows in the order their restrictions are revealed (T3).
    reveal_order: [u8; ROWS],
    /// How many restrictions have ever been revealed (they stay known after a restart).
    revealed: u8,
    /// The restriction in force under each colour card this mission.
    active: [Option<Restriction>; ROWS],
    /// The seat that starts every mission (004:32, T14).
    first_player: Seat,
    /// The current mission, 1 to 5 (= `completed + 1`).
    mission: u8,
    /// Missions cracked in the current streak.
    completed: u8,
    /// The longest streak: the team's score.
    best: u8,
    /// Missions played so far, this one included.
    attempts: u16,
    /// The hidden code: one card per colour in play.
    code: Cards,
    /// Each seat's hand (seats beyond the table are empty).
    hands: [Cards; MAX_PLAYERS],
    /// The draw pile, drawn from the top (the end).
    pile: CardStack,
    /// The four rows under the colour cards.
    rows: [Row; ROWS],
    /// The union of the cards the rows accept.
    playable: Cards,
    /// For each seat that passed this mission: the cards the rows accepted then (public).
    passed: [Option<Cards>; MAX_PLAYERS],
    /// The colours each seat held when play ended (public from then on).
    held: HeldColours,
    /// What the team has named so far this mission.
    named: Cards,
    phase: Phase,
    /// The last mission resolved (code turned over).
    last_mission: Option<MissionReport>,
    rng: GameRng,
}

impl TheSafe {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current mission, 1 to 5.
    pub fn mission(&self) -> u8 {
        self.mission
    }

    /// Missions cracked in the current streak.
    pub fn completed(&self) -> u8 {
        self.completed
    }

    /// The longest streak of missions cracked in a row so far: the team's score (what
    /// [`Game::outcome`] reports, without building an `Outcome`).
    pub fn best(&self) -> u8 {
        self.best
    }

    /// Missions played so far (this one included).
    pub fn attempts(&self) -> u16 {
        self.attempts
    }

    /// The four colour cards.
    pub fn colour_cards(&self) -> [u8; ROWS] {
        self.colour_cards
    }

    /// The restriction card under each colour card (revealed or not: the whole truth).
    pub fn restrictions(&self) -> [Restriction; ROWS] {
        self.restrictions
    }

    /// The restriction in force under each colour card this mission.
    pub fn active_restrictions(&self) -> [Option<Restriction>; ROWS] {
        self.active
    }

    /// The seat that starts every mission.
    pub fn first_player(&self) -> Seat {
        self.first_player
    }

    /// The hidden code (the whole truth).
    pub fn code(&self) -> Cards {
        self.code
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The draw pile, bottom to top (the last card is drawn next).
    pub fn draw_pile(&self) -> &[Card] {
        self.pile.as_slice()
    }

    /// A row (0 to 3).
    pub fn row(&self, row: usize) -> Option<&Row> {
        self.rows.get(row)
    }

    /// The cards any row accepts now.
    pub fn playable(&self) -> Cards {
        self.playable
    }

    /// The cards a seat was shown not to hold when it passed this mission, if it passed.
    pub fn passed(&self, seat: Seat) -> Option<Cards> {
        self.passed.get(seat.index()).copied().flatten()
    }

    /// The colours each seat held when play ended (empty during play).
    pub fn held_colours(&self) -> HeldColours {
        self.held
    }

    /// What the team has named this mission.
    pub fn named(&self) -> Cards {
        self.named
    }

    /// The last mission resolved.
    pub fn last_mission(&self) -> Option<MissionReport> {
        self.last_mission
    }

    /// The seat that names `colour` at the end of this mission (`None` if every seat holds it).
    pub fn naming_seat(&self, colour: Colour) -> Option<Seat> {
        self.namer(colour)
    }
}

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
        Some(view::filter_event(event, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        TheSafe::from_view(view, rng)
    }
}
