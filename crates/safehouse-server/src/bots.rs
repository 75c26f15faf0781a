//! Bots at the table: the run-time interface of `safehouse-bots` (JSON view and legal actions
//! in, one action out), with a uniformly random fallback for games that have no bots yet.
//!
//! A bot only ever receives its own seat's view (`DynMatch::view(Viewer::Seat(seat))`) and the
//! legal actions; it runs on a blocking thread, never on the event loop.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// How hard a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// A beginner.
    Easy,
    /// A sensible player.
    #[default]
    Medium,
    /// The strongest bot that still answers quickly.
    Hard,
}

impl Difficulty {
    /// The bot kind this level asks for.
    pub fn kind(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

/// Why a bot could not be made or could not choose.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BotFailure(pub String);

/// A bot that plays from JSON (the shape of `safehouse_bots::DynBot`).
pub trait TableBot: Send {
    /// A short name for logs.
    fn name(&self) -> &str;
    /// Chooses one of `legal` from the seat's view.
    fn choose(&mut self, view: &Value, legal: &[Value]) -> Result<Value, BotFailure>;
}

/// A uniformly random legal action, from a small seeded generator (splitmix64).
#[derive(Debug)]
pub struct RandomTableBot {
    state: u64,
}

impl RandomTableBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomTableBot { state: seed ^ 0x5EED_5AFE_u64 }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl TableBot for RandomTableBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _view: &Value, legal: &[Value]) -> Result<Value, BotFailure> {
        if legal.is_empty() {
            return Err(BotFailure("no legal action to choose from".into()));
        }
        let index = (self.next() % legal.len() as u64) as usize;
        Ok(legal[index].clone())
    }
}

/// A bot of `safehouse-bots` at the table.
struct GameBot(Box<dyn safehouse_bots::DynBot>);

impl TableBot for GameBot {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, view: &Value, legal: &[Value]) -> Result<Value, BotFailure> {
        self.0.choose(view, legal).map_err(|e| BotFailure(e.to_string()))
    }
}

/// Makes the bot for a seat: the game's bot for `difficulty` from `safehouse-bots`, or a
/// uniformly random bot for a game that has no bots yet.
pub fn make_bot(game_id: &str, difficulty: Difficulty, seed: u64) -> Box<dyn TableBot> {
    match safehouse_bots::dyn_bot(game_id, difficulty.kind(), seed) {
        Ok(bot) => Box::new(GameBot(bot)),
        Err(error) => {
            tracing::debug!(game_id, %error, "no bot for this game and level; playing at random");
            Box::new(RandomTableBot::new(seed))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_and_level_gets_a_bot_that_plays_legally() {
        for game in safehouse_games::all() {
            for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
                // `make_bot` falls back to a random bot; that must not be what a listed game gets.
                let real = safehouse_bots::dyn_bot(game.info().id, level.kind(), 1);
                assert!(
                    real.is_ok(),
                    "{} {level:?} has no real bot ({:?}): the table would play at random",
                    game.info().id,
                    real.err()
                );
                let m = game.new_match(&safehouse_engine::DynSetup::default()).expect("setup");
                let seat = m.to_move().expect("to move");
                let legal = m.legal_actions();
                let mut bot = make_bot(game.info().id, level, 1);
                let choice = bot.choose(&m.view(safehouse_engine::Viewer::Seat(seat)), &legal).expect("choice");
                assert!(legal.contains(&choice), "{} {level:?} ({})", game.info().id, bot.name());
            }
        }
    }
}
