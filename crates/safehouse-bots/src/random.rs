//! The uniformly random bot, and a rule-based bot with random slips (the easy level).

use safehouse_engine::{Game, GameRng, SmallRng};

use crate::{BOT_SEED_SALT, Bot, bot_rng};

/// Plays a uniformly random legal action. Works for every game.
#[derive(Debug)]
pub struct RandomBot {
    /// A small generator, not a `GameRng`: a simulator seeds a random bot for every game, and a
    /// ChaCha generator cost more to set up than a short game's choices (docs/simulator.md).
    rng: SmallRng,
}

impl RandomBot {
    /// A random bot with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: SmallRng::from_seed(seed ^ BOT_SEED_SALT) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        legal[self.rng.index(legal.len())].clone()
    }

    fn choose_without_view(&mut self, legal: &[G::Action]) -> Option<G::Action> {
        Some(legal[self.rng.index(legal.len())].clone())
    }

    fn reset(&mut self, seed: u64) -> bool {
        *self = RandomBot::new(seed);
        true
    }
}

/// Plays like another bot, but with probability `slip` plays a uniformly random legal action
/// instead: a beginner who mostly knows what to do.
pub struct NoisyBot<G: Game> {
    inner: Box<dyn Bot<G>>,
    slip: f64,
    rng: GameRng,
    name: String,
}

impl<G: Game> std::fmt::Debug for NoisyBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NoisyBot").field("inner", &self.inner.name()).field("slip", &self.slip).finish()
    }
}

impl<G: Game> NoisyBot<G> {
    /// Wraps `inner`; `slip` is clamped to `0..=1`.
    pub fn new(inner: Box<dyn Bot<G>>, slip: f64, seed: u64) -> Self {
        let slip = slip.clamp(0.0, 1.0);
        let name = format!("{}~{:.0}%", inner.name(), slip * 100.0);
        NoisyBot { inner, slip, rng: bot_rng(seed ^ 0x5119), name }
    }
}

impl<G: Game> Bot<G> for NoisyBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        // The inner bot is always asked, so that its own state (if any) follows the game.
        let planned = self.inner.choose(view, legal);
        if self.rng.unit_f64() < self.slip { legal[self.rng.index(legal.len())].clone() } else { planned }
    }

    fn reset(&mut self, seed: u64) -> bool {
        // Reusable only if the inner bot is; the slip rate and the name stay as built.
        if !self.inner.reset(seed) {
            return false;
        }
        self.rng = bot_rng(seed ^ 0x5119);
        true
    }
}
