//! Bots at the table: the run-time interface of `safehouse-bots` (JSON view and legal actions
//! in, one action out).
//!
//! A bot only ever receives its own seat's view (`DynMatch::view(Viewer::Seat(seat))`) and the
//! legal actions; it runs on a blocking thread, never on the event loop.

use safehouse_api::Difficulty;
use serde_json::Value;

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

/// What stands in when `safehouse-bots` has no bot for a game and level: the registry gives every
/// game its bots (the test below holds every game and level to it), so only a bug gets here.
/// It never chooses, and the runner then plays the first legal action (and logs it).
#[derive(Debug)]
struct MissingBot(String);

impl TableBot for MissingBot {
    fn name(&self) -> &str {
        "missing"
    }

    fn choose(&mut self, _view: &Value, _legal: &[Value]) -> Result<Value, BotFailure> {
        Err(BotFailure(self.0.clone()))
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

/// Makes the bot for a seat: the game's bot for `difficulty` from `safehouse-bots`.
pub fn make_bot(game_id: &str, difficulty: Difficulty, seed: u64) -> Box<dyn TableBot> {
    match safehouse_bots::dyn_bot(game_id, difficulty.name(), seed) {
        Ok(bot) => Box::new(GameBot(bot)),
        Err(error) => {
            tracing::error!(game_id, %error, "no bot for this game and level");
            Box::new(MissingBot(error.to_string()))
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
                // `make_bot` stands in a bot that never chooses; no listed game may get it.
                let real = safehouse_bots::dyn_bot(game.info().id, level.name(), 1);
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
