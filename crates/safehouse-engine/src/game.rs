//! The contract every game implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{ActionError, GameRng, OptionDoc, Outcome, Seat, SetupError, Viewer};

/// Static facts about a game: its id, names, player counts and rules text.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The stable id used by the CLI, the protocol, the server and match records.
    pub id: &'static str,
    /// Other ids accepted for this game, each with the preset it selects (if any).
    pub aliases: &'static [Alias],
    /// The game's name, for people.
    pub name: &'static str,
    /// One sentence about the game.
    pub summary: &'static str,
    /// Fewest players any option allows.
    pub min_players: usize,
    /// Most players any option allows.
    pub max_players: usize,
    /// Players in a game set up with the default options, when nobody says.
    pub default_players: usize,
    /// Whether the players win or lose together, as one team (the server then refuses a
    /// "lose on time" clock and the table reads the result as the team's).
    pub cooperative: bool,
    /// Whether the rules let players talk about the game while it is on (the table's chat is on
    /// by default only then).
    pub table_talk: bool,
    /// The project's rules document (Markdown), with every decision and its citation: the design
    /// notes (`safehouse rules <game> --design`).
    pub rules: &'static str,
    /// The rulebook for players, in plain words, one Markdown text per language (English first),
    /// each with the sections of [`RULEBOOK_SECTIONS`]; see [`GameInfo::rulebook`].
    pub players_rules: &'static [PlayersRules],
}

/// A game's rulebook for players in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayersRules {
    /// The language tag (`en`, `ko`, `de`).
    pub lang: &'static str,
    /// The rulebook (Markdown): what you have, a turn, how to win, an example turn, the options.
    pub text: &'static str,
}

/// The level-2 headings (`## ...`) every players' rulebook has, in this order, per language.
/// A rulebook may have more sections between them.
pub const RULEBOOK_SECTIONS: &[(&str, &[&str])] = &[
    ("en", &["What you have", "On your turn", "How to win", "An example turn", "Options"]),
    ("ko", &["구성물과 준비", "자기 차례", "게임 종료와 승리", "한 차례 예시", "옵션"]),
    ("de", &["Was ihr habt", "Dein Zug", "Spielende und Sieg", "Ein Beispielzug", "Optionen"]),
];

impl GameInfo {
    /// The players' rulebook in `lang` (a tag such as `ko` or `ko-KR`, any case), if the game has one
    /// in that language.
    pub fn rulebook_in(&self, lang: &str) -> Option<&'static str> {
        let lang = lang.trim();
        let primary = lang.split(['-', '_']).next().unwrap_or(lang);
        self.players_rules.iter().find(|r| r.lang.eq_ignore_ascii_case(primary)).map(|r| r.text)
    }

    /// The players' rulebook in `lang`, else in English (the first text); empty if the game has none.
    pub fn rulebook(&self, lang: &str) -> &'static str {
        self.rulebook_in(lang).or_else(|| self.players_rules.first().map(|r| r.text)).unwrap_or("")
    }

    /// The languages the players' rulebook is written in (`en`, `ko`, `de`).
    pub fn rulebook_languages(&self) -> impl Iterator<Item = &'static str> {
        self.players_rules.iter().map(|r| r.lang)
    }
}

/// Another id for a game, e.g. `cash` for `club-unlock` with the `cash` preset.
#[derive(Clone, Copy, Debug)]
pub struct Alias {
    /// The alias itself.
    pub id: &'static str,
    /// The preset it selects, if any.
    pub preset: Option<&'static str>,
}

/// A named set of options, e.g. one edition's rules.
#[derive(Clone, Debug)]
pub struct Preset<O> {
    /// The preset's name.
    pub name: &'static str,
    /// One line about it.
    pub help: &'static str,
    /// The options it sets.
    pub options: O,
}

/// A game's variants: serialisable, with defaults, validation and documentation.
///
/// Options deserialise with `#[serde(default)]` so that a client names only what it changes,
/// and `deny_unknown_fields` so that a typo is an error rather than silently ignored.
pub trait GameOptions:
    Clone + Debug + Default + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// Checks the options for a table of `players`; the error says what to change.
    fn validate(&self, players: usize) -> Result<(), SetupError>;

    /// Every option, described for people.
    fn docs() -> Vec<OptionDoc>;

    /// Named presets (editions, house rules); the first is not implied to be the default.
    fn presets() -> Vec<Preset<Self>> {
        Vec::new()
    }

    /// These options for a table where no person plays (the simulator, a server table of bots):
    /// the same, unless the rules as printed let bots play for ever, in which case a game with
    /// these rules adds the digital-table rule that ends it (Safe Breaker's question limit).
    /// Tables with a person play exactly the options they chose.
    fn for_bots_only(&self) -> Self {
        self.clone()
    }
}

/// Everything needed to start a game: who plays, with which options, from which seed,
/// and optionally an explicit deal that fixes every hidden card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Setup<G: Game> {
    /// Number of players.
    pub players: usize,
    /// The game's options.
    #[serde(default)]
    pub options: G::Options,
    /// The seed of the game's own generator. With a deal it still drives any later shuffles.
    #[serde(default)]
    pub seed: u64,
    /// An explicit deal (tests, puzzles, replays of a real table); `None` deals from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<G::Deal>,
}

impl<G: Game> Setup<G> {
    /// A seeded setup with default options.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup { players, options: G::Options::default(), seed, deal: None }
    }

    /// The same setup with other options.
    pub fn with_options(mut self, options: G::Options) -> Self {
        self.options = options;
        self
    }

    /// The same setup with an explicit deal.
    pub fn with_deal(mut self, deal: G::Deal) -> Self {
        self.deal = Some(deal);
        self
    }
}

/// A game: its state, its rules as pure functions, and what each seat may see.
///
/// Invariants every implementation keeps (the shared battery in [`crate::testing`] checks them):
/// - **No I/O, no clock, no global randomness.** All chance comes from a [`GameRng`] stored in
///   the state, so the same setup and the same actions give the same game, bit for bit.
/// - **Errors change nothing.** `apply` either applies the action completely or returns an
///   error and leaves the state exactly as it was.
/// - **One decision at a time.** `to_move` names the one seat whose decision it is (a turn may
///   be several decisions, e.g. crack a safe, crack another, end the turn).
/// - **Views hide what they must.** `view(Viewer::Seat(s))` holds exactly what seat `s` may
///   know; it is the seat's whole information set, so that `determinize` can rebuild a state
///   from it alone.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// The game's variants.
    type Options: GameOptions;
    /// One decision of one seat. `Display` says it in words for a person.
    type Action: Clone + Debug + Display + PartialEq + Eq + Hash + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// Something that happened, as the full state knows it; see [`Game::event_view`].
    /// `Display` says it in words for a person (the terminal, logs).
    type Event: Clone + Debug + Display + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// What one seat (or a spectator) may see. `Display` draws it as text for the terminal.
    type View: Clone + Debug + Display + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// An explicit deal that fixes every random element of the setup.
    type Deal: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;

    /// Static facts about the game.
    const INFO: GameInfo;

    /// Sets up a game; validates the player count, the options and any deal.
    fn new(setup: &Setup<Self>) -> Result<Self, SetupError>;

    /// [`Game::new`] into an existing state, reusing its heap buffers: what a simulator calls
    /// once a game, so that dealing allocates nothing once `into` has grown. The same state as
    /// `new` from the same setup (the battery checks it, into a state of another deal); on error
    /// `into` may hold anything (it is scratch). The default builds a fresh state; a game of a
    /// few decisions, whose deal is much of a simulated game's cost, overrides it.
    fn new_into(setup: &Setup<Self>, into: &mut Self) -> Result<(), SetupError> {
        *into = Self::new(setup)?;
        Ok(())
    }

    /// Number of seats.
    fn players(&self) -> usize;

    /// Whose decision it is, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Clears `out` and fills it with every legal action of the seat to move (empty once over).
    ///
    /// Never empty while the game is not over: a seat with nothing to do gets a pass action.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Applies an action of the seat to move, appending what happened to `events`.
    ///
    /// On error nothing changes (and nothing is appended).
    fn apply(&mut self, action: &Self::Action, events: &mut Vec<Self::Event>) -> Result<(), ActionError>;

    /// What `viewer` may know of the whole state.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// An event as `viewer` may see it (hidden parts removed), or `None` if they see nothing of it.
    /// Called on the state right after the action that produced the event.
    fn event_view(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// [`Game::outcome`]'s figures written into `out`, reusing its buffers, without the sentence
    /// for a person (`out.detail` is left empty): what a simulator reads of millions of games.
    /// Returns `false`, leaving `out` as it was, while the game is not over. The scores, ranks,
    /// winners, `cooperative` and `reason` are `outcome()`'s (the battery checks it). The default
    /// builds the whole outcome; a game of a few decisions, whose outcome is much of a simulated
    /// game's cost, overrides it.
    fn outcome_into(&self, out: &mut Outcome) -> bool {
        let Some(mut outcome) = self.outcome() else { return false };
        outcome.detail.clear();
        *out = outcome;
        true
    }

    /// A full state consistent with everything in `view` (a seat's view), with the hidden parts
    /// drawn at random from `rng`: the determinization that search bots sample.
    ///
    /// Invariant: `G::determinize(&g.view(s), rng)?.view(s) == g.view(s)`.
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Result<Self, SetupError>;

    /// [`Game::determinize`] into an existing state, reusing its heap buffers: what a search
    /// calls once per iteration, so that it allocates nothing once `into` has grown. Same
    /// contract as `determinize`; on error `into` may hold anything (it is scratch). The
    /// default builds a fresh state; games whose state holds `Vec`s override it.
    fn determinize_into(view: &Self::View, rng: &mut GameRng, into: &mut Self) -> Result<(), SetupError> {
        *into = Self::determinize(view, rng)?;
        Ok(())
    }

    /// Applies an action for `seat`, checking first that it is that seat's decision.
    fn apply_as(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError> {
        match self.to_move() {
            None => Err(ActionError::GameOver),
            Some(to_move) if to_move != seat => Err(ActionError::NotYourTurn { seat, to_move }),
            Some(_) => self.apply(action, events),
        }
    }

    /// One line about `action` for a person, with whatever the state adds (the safe's keys,
    /// the card's value...). The default is the action's own `Display`.
    fn describe(&self, action: &Self::Action) -> String {
        action.to_string()
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// The options with a preset's name applied, or an error naming the known presets.
    fn preset(name: &str) -> Result<Self::Options, SetupError> {
        let presets = Self::Options::presets();
        presets.iter().find(|p| p.name == name).map(|p| p.options.clone()).ok_or_else(|| SetupError::UnknownPreset {
            preset: name.to_owned(),
            known: presets.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
        })
    }
}

/// Checks `players` against a range, with the error every game reports.
pub fn check_players(players: usize, min: usize, max: usize) -> Result<(), SetupError> {
    if (min..=max).contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount { players, min, max, allowed_by: None })
    }
}

/// Checks a `first_player` option, the same in every game that has one: `None` (drawn from the
/// seed) or a seat at a table of `players`, else an error naming the option.
pub fn check_first_player(first_player: Option<Seat>, players: usize) -> Result<(), SetupError> {
    match first_player {
        Some(seat) if seat.index() >= players => {
            Err(SetupError::option("first_player", format!("seat {} does not exist at a table of {players}", seat.0)))
        }
        _ => Ok(()),
    }
}
