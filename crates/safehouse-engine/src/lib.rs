//! The Safehouse engine contract: what every game implements, and the machinery every game
//! shares (seeded randomness, match records, run-time dispatch, the test battery).
//!
//! This crate knows no game. Games depend on it; bots, the simulator, the protocol and the
//! server depend on it and on the game registry, and are written once for all games.
//!
//! Architecture invariants:
//! - Rules code does no I/O, reads no clock and uses no global randomness: every random event
//!   comes from the [`GameRng`] stored in the state.
//! - A seat only ever receives its own view ([`Game::view`]) and events filtered for it
//!   ([`Game::event_view`]); the whole state never leaves the server.
//! - An illegal action returns a typed [`ActionError`] and changes nothing.

pub mod bench;
mod bitset;
mod dynamic;
mod error;
mod game;
mod option_doc;
mod outcome;
mod record;
mod rng;
mod seat;
pub mod testing;
pub mod words;

pub use bitset::{BitSet8, BitSetItem};
pub use dynamic::{
    DynGame, DynMatch, DynRecord, DynRecordedAction, DynSetup, GameHandle, HistoryEntry, RECORD_FORMAT, RecordFormat,
};
pub use error::{ActionError, ReplayError, RuleCode, SetupError};
pub use game::{
    Alias, Game, GameInfo, GameOptions, PlayersRules, Preset, RULEBOOK_SECTIONS, Setup, check_first_player,
    check_players,
};
pub use option_doc::{Bound, OptionDoc, OptionDomain, Words};
pub use outcome::Outcome;
pub use record::{Match, MatchRecord, RecordedAction};
pub use rng::{GameRng, SEED_LANES, SeedSeries, SmallRng};
pub use seat::{Seat, Viewer};

/// Plays one uniformly random legal action and returns it (`None` once the game is over).
///
/// The buffers are the caller's so that a playout loop allocates nothing per action.
#[inline]
pub fn random_playout_step<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Option<G::Action> {
    game.to_move()?;
    game.legal_actions(actions);
    let action = actions.get(rng.index(actions.len()))?.clone();
    events.clear();
    // The action was just listed as legal, so a rejection is a bug in the game's rules code.
    if let Err(error) = game.apply(&action, events) {
        panic!("{}: legal action {action:?} rejected: {error}", G::INFO.id);
    }
    Some(action)
}

/// Plays uniformly random legal actions until the game ends or `max_actions` were played;
/// returns how many were played.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
    max_actions: usize,
) -> usize {
    let mut played = 0;
    while played < max_actions && random_playout_step(game, rng, actions, events).is_some() {
        played += 1;
    }
    played
}
