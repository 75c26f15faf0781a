//! Bots for every Safehouse game.
//!
//! A bot is a [`Bot<G>`]: it is handed its seat's view and the legal actions, and returns one
//! of them. It never sees the state: the types make it impossible (the view is all a seat may
//! know, see [`safehouse_engine::Game::view`]). Every bot owns a seeded [`GameRng`], so for a
//! given seed and budget its decisions are reproducible.
//!
//! What is here:
//! - [`RandomBot`]: a uniformly random legal action (any game).
//! - [`Ismcts`]: Information-Set Monte Carlo Tree Search (single-observer, with availability
//!   counts, after Cowling, Powley & Whitehouse 2012) over states sampled from the view with
//!   [`safehouse_engine::Game::determinize`] (any game; per-game playout policies and
//!   evaluations make it stronger and faster, see [`SearchPolicy`]).
//! - [`OmniscientBot`] and [`OmniscientMcts`]: a bot that *does* see the whole state, as an upper
//!   bound on what hidden information costs. It is a different trait, so it can never be
//!   seated at a real table (the server and [`dyn_bot`] deal only in [`Bot`]s).
//! - Rule-based bots for each game, the Safe Breaker deduction bot and The Safe's co-operative
//!   bots, in the per-game modules; their strategies are written down in `docs/bots.md`.
//! - [`Difficulty`] levels and the run-time interface [`DynBot`] / [`dyn_bot`] / [`bot_kinds`]
//!   (JSON views in, JSON actions out) for the server and the CLI.
//!
//! Generic code that must build bots for a game chosen at run time goes through [`visit`],
//! which hands a [`BotVisitor`] the game's type with its [`BotGame`] knowledge.

mod arena;
mod club_unlock;
mod dynbot;
mod explosiv;
mod random;
mod safe_breaker;
mod search;
mod spec;
mod the_safe;

use safehouse_engine::{Game, GameRng, SetupError};

pub use arena::{
    ChoiceCheck, Finished, PlayBuffers, PlayError, Played, Player, play_game, play_game_into, play_game_with,
};
pub use club_unlock::CashHeuristic;
pub use dynbot::{DynBot, JsonBot, bot_kinds, difficulty_kind, dyn_bot};
pub use explosiv::ExplosivHeuristic;
pub use random::{NoisyBot, RandomBot};
pub use safe_breaker::{
    DeductionSettings, DeductionWork, EASY_HUNCH_CODES, EASY_OVERLOOK_PERCENT, SafeBreakerDeduction, SafeBreakerEasy,
    SafeBreakerHeuristic,
};
/// The bot levels, defined with the API that names them (so that the API needs no bots).
pub use safehouse_api::Difficulty;
pub use search::{
    Budget, Ismcts, IsmctsConfig, OmniscientMcts, SearchPolicy, SearchStats, outcome_rewards, uniform_rollout,
};
pub use spec::{BotSpec, EASY_SLIP_PERCENT};
pub use the_safe::{TeamSettings, TheSafeHeuristic, TheSafeOmniscient, TheSafePlanner, TheSafeTeam};

/// A player that sees only its own seat's view.
///
/// `choose` is called only when it is this bot's seat's decision, with the seat's view and the
/// non-empty list of legal actions; it must return one of them.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs (`random`, `heuristic`, `ismcts:2000`).
    fn name(&self) -> &str;
    /// Chooses one of `legal`.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;
    /// Chooses one of `legal` without looking at the view, for a bot that never reads one (the
    /// random bot): the same choice `choose` would make, so that the simulator need not build a
    /// view it would throw away. `None` (the default): this bot reads its view.
    fn choose_without_view(&mut self, _legal: &[G::Action]) -> Option<G::Action> {
        None
    }
    /// Makes this bot exactly the bot its kind builds from `seed`, forgetting every game it has
    /// played, and returns `true`; so that the simulator can seat it again in the next game
    /// instead of building and boxing a new one (which, in a four-decision game, cost more than
    /// the game). `false` (the default): it cannot, and the caller builds a fresh bot, which is
    /// always right, so a bot that keeps anything across games must not say `true` unless it
    /// clears it here.
    fn reset(&mut self, _seed: u64) -> bool {
        false
    }
}

/// A player that sees the whole state: for evaluation only (what would perfect information be
/// worth?). Never offered at a real table; only the simulator seats it.
pub trait OmniscientBot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// Chooses one of `legal` knowing the whole state.
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action;
}

/// Why a bot could not be made or could not choose.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// The game id or alias is unknown.
    #[error(transparent)]
    Game(#[from] SetupError),
    /// No bot of this kind exists for the game.
    #[error("unknown bot `{kind}` for {game} (known: {known})")]
    UnknownKind {
        /// The game id.
        game: String,
        /// The kind asked for.
        kind: String,
        /// The kinds the game offers, comma separated.
        known: String,
    },
    /// The omniscient bot was asked for where only the view is available.
    #[error("the omniscient bot sees the whole state; it is for evaluation in the simulator only")]
    OmniscientNotSeatable,
    /// The view could not be read as the game's view.
    #[error("malformed view: {0}")]
    MalformedView(String),
    /// A legal action could not be read as the game's action.
    #[error("malformed legal action: {0}")]
    MalformedAction(String),
    /// There was nothing to choose from.
    #[error("no legal action to choose from")]
    NoLegalActions,
}

impl BotError {
    /// A stable machine code for the error.
    pub fn code(&self) -> &'static str {
        match self {
            BotError::Game(e) => e.code(),
            BotError::UnknownKind { .. } => "unknown_bot",
            BotError::OmniscientNotSeatable => "omniscient_not_seatable",
            BotError::MalformedView(_) => "malformed_view",
            BotError::MalformedAction(_) => "malformed_action",
            BotError::NoLegalActions => "no_legal_actions",
        }
    }
}

/// What the bots know about one game: its rule-based and special bots, how to search it, and
/// which bot each difficulty level means. Implemented here for every game of the registry.
pub trait BotGame: Game {
    /// Every bot kind offered for the game (for menus and `--bots`), `ismcts:<n>` aside; the
    /// default is the kinds every game has.
    const KINDS: &'static [&'static str] = &["easy", "medium", "hard", "random", "heuristic", "noisy", "ismcts"];

    /// The kind each difficulty level stands for (`heuristic`, `ismcts:800`...); by default the
    /// noisy rule-based bot, the rule-based bot and `ismcts:4000:800ms`: 4000 iterations
    /// (stronger than 2000 in Club Unlock and Explosiv, docs/bots.md), cut short once a decision
    /// has taken 800 ms, so that a rare slow decision (Club Unlock's slowest took 1.35 s on a busy
    /// machine) stays under the one-second budget.
    fn difficulty(level: Difficulty) -> &'static str {
        match level {
            Difficulty::Easy => "noisy",
            Difficulty::Medium => "heuristic",
            Difficulty::Hard => "ismcts:4000:800ms",
        }
    }

    /// The game's rule-based bot.
    fn heuristic(seed: u64) -> Box<dyn Bot<Self>>;

    /// A game-specific bot other than the heuristic (`deduction`, `cautious`...), if `kind` names one.
    fn special(_kind: &str, _seed: u64) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// The playout policy and evaluation the search bots use for this game.
    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy::default()
    }

    /// ISMCTS iterations per decision when a kind says just `ismcts`.
    const DEFAULT_ITERATIONS: u32 = 1_000;

    /// The omniscient bot for the game (by default perfect-information MCTS on the true state).
    fn omniscient(seed: u64) -> Box<dyn OmniscientBot<Self>> {
        Box::new(OmniscientMcts::<Self>::new(
            IsmctsConfig { budget: Budget::Iterations(Self::DEFAULT_ITERATIONS), ..IsmctsConfig::default() },
            Self::search_policy(),
            seed,
        ))
    }
}

/// Generic code to run for a game chosen at run time, with its bot knowledge.
pub trait BotVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the generic code for game `G`.
    fn visit<G: BotGame>(self) -> Self::Output;
}

// The bots follow the registry's one list of games: a game added to
// `safehouse_games::for_each_game!` does not compile here until it implements `BotGame`.
macro_rules! bot_games {
    ($($game:ty),* $(,)?) => {
        /// Runs `visitor` for the game with this id or alias; an error if the game is unknown.
        pub fn visit<V: BotVisitor>(game_id: &str, visitor: V) -> Result<V::Output, BotError> {
            let id = safehouse_games::find(game_id)?.game.info().id;
            $(
                if id == <$game as Game>::INFO.id {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            // Not reached: `find` knows the games of this same list only.
            Err(SetupError::UnknownGame(id.to_owned()).into())
        }
    };
}

safehouse_games::for_each_game!(bot_games);

/// Builds a typed bot of `kind` for game `G` (see [`BotSpec`] for the kinds).
pub fn make_bot<G: BotGame>(kind: &str, seed: u64) -> Result<Box<dyn Bot<G>>, BotError> {
    let spec = BotSpec::parse::<G>(kind)?;
    spec.build::<G>(seed)
}

/// A fresh generator for a bot from its seed (kept in one place so all bots agree).
pub(crate) fn bot_rng(seed: u64) -> GameRng {
    GameRng::from_seed(seed ^ BOT_SEED_SALT)
}

/// Mixed into a bot's seed before its generator is seeded, so that a bot seeded like a game
/// does not draw the game's numbers.
pub(crate) const BOT_SEED_SALT: u64 = 0xb07_5eed;
