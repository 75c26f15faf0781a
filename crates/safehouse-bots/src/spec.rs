//! Bot kinds by name: `easy`, `medium`, `hard`, `random`, `heuristic`, `noisy`, `noisy:<percent>`,
//! `ismcts`, `ismcts:<iterations>`, `ismcts:<iterations>:<ms>ms` (a time cap), `omniscient`,
//! `omniscient:<iterations>`, and each game's own (`deduction`...).

use crate::random::NoisyBot;
use crate::search::{Budget, Ismcts, IsmctsConfig, OmniscientMcts};
use crate::{Bot, BotError, BotGame, Difficulty, OmniscientBot, RandomBot};

/// The slip rate of the easy level's noisy rule-based bot, in percent.
pub const EASY_SLIP_PERCENT: u32 = 35;

/// A bot kind, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// The game's rule-based bot.
    Heuristic,
    /// The rule-based bot with random slips (percent of decisions).
    Noisy(u32),
    /// IS-MCTS with this many iterations per decision (`None`: the game's default).
    Ismcts(Option<u32>),
    /// IS-MCTS with this many iterations per decision, but stopping once a decision has taken
    /// `cap_ms` milliseconds (`ismcts:4000:800ms`): reproducible from the seed except in the
    /// decisions the cap cuts short (a slow or busy machine).
    IsmctsCapped {
        /// Iterations per decision when the cap is not reached.
        iterations: u32,
        /// The time cap per decision, in milliseconds.
        cap_ms: u32,
    },
    /// The omniscient search bot (simulator only).
    Omniscient(Option<u32>),
    /// A game-specific kind (`deduction`...).
    Special(String),
}

fn number(text: &str, kind: &str) -> Option<u32> {
    text.strip_prefix(kind).and_then(|rest| rest.strip_prefix(':')).and_then(|n| n.trim().parse().ok())
}

/// A clock cap among a kind's parameters, `<n>ms` (at least 1): the one spelling every kind
/// with a clock cap uses, so that [`BotSpec::reads_the_clock`] knows them all.
pub(crate) fn clock_cap_ms(part: &str) -> Option<u32> {
    let cap: u32 = part.trim().strip_suffix("ms")?.trim().parse().ok()?;
    Some(cap.max(1))
}

/// `ismcts:<iterations>:<ms>ms`, both at least 1.
fn capped(kind: &str) -> Option<(u32, u32)> {
    let (iterations, cap) = kind.strip_prefix("ismcts:")?.split_once(':')?;
    let iterations: u32 = iterations.trim().parse().ok()?;
    Some((iterations.max(1), clock_cap_ms(cap)?))
}

impl BotSpec {
    /// Reads a kind for game `G`; difficulty levels resolve to what they stand for in `G`.
    pub fn parse<G: BotGame>(kind: &str) -> Result<BotSpec, BotError> {
        let kind = kind.trim();
        let unknown = || BotError::UnknownKind {
            game: G::INFO.id.to_owned(),
            kind: kind.to_owned(),
            known: format!("{}, ismcts:<iterations>, noisy:<percent>, omniscient", G::KINDS.join(", ")),
        };
        let spec = match kind {
            "easy" | "medium" | "hard" => {
                let level = match kind {
                    "easy" => Difficulty::Easy,
                    "medium" => Difficulty::Medium,
                    _ => Difficulty::Hard,
                };
                let target = G::difficulty(level);
                if matches!(target, "easy" | "medium" | "hard") {
                    return Err(unknown());
                }
                return BotSpec::parse::<G>(target);
            }
            "random" => BotSpec::Random,
            "heuristic" => BotSpec::Heuristic,
            "noisy" => BotSpec::Noisy(EASY_SLIP_PERCENT),
            "ismcts" => BotSpec::Ismcts(None),
            "omniscient" => BotSpec::Omniscient(None),
            _ => {
                if let Some((iterations, cap_ms)) = capped(kind) {
                    BotSpec::IsmctsCapped { iterations, cap_ms }
                } else if let Some(n) = number(kind, "ismcts") {
                    BotSpec::Ismcts(Some(n.max(1)))
                } else if let Some(n) = number(kind, "omniscient") {
                    BotSpec::Omniscient(Some(n.max(1)))
                } else if let Some(n) = number(kind, "noisy") {
                    BotSpec::Noisy(n.min(100))
                } else if G::KINDS.contains(&kind)
                    || kind.split_once(':').is_some_and(|(base, _)| G::KINDS.contains(&base))
                {
                    BotSpec::Special(kind.to_owned())
                } else {
                    return Err(unknown());
                }
            }
        };
        Ok(spec)
    }

    /// Whether the bot's choices can depend on the clock: a kind with a wall-clock cap (`<n>ms`
    /// in any kind's parameters: `ismcts:4000:800ms`, `deduction:50000steps:800ms`) plays
    /// reproducibly from its seed only while the cap is not reached, which a busy machine can
    /// change. Tests that compare games played twice must leave such kinds out.
    pub fn reads_the_clock(&self) -> bool {
        match self {
            BotSpec::IsmctsCapped { .. } => true,
            BotSpec::Special(kind) => kind.split(':').skip(1).any(|part| clock_cap_ms(part).is_some()),
            _ => false,
        }
    }

    /// The bot, for a seat at a real table (the omniscient bot is refused).
    pub fn build<G: BotGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, BotError> {
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Heuristic => G::heuristic(seed),
            BotSpec::Noisy(percent) => Box::new(NoisyBot::new(G::heuristic(seed), f64::from(*percent) / 100.0, seed)),
            BotSpec::Ismcts(iterations) => Box::new(Ismcts::<G>::new(
                IsmctsConfig {
                    budget: Budget::Iterations(iterations.unwrap_or(G::DEFAULT_ITERATIONS)),
                    ..IsmctsConfig::default()
                },
                G::search_policy(),
                seed,
            )),
            BotSpec::IsmctsCapped { iterations, cap_ms } => Box::new(Ismcts::<G>::new(
                IsmctsConfig {
                    budget: Budget::Time {
                        limit: std::time::Duration::from_millis(u64::from(*cap_ms)),
                        max_iterations: *iterations,
                    },
                    ..IsmctsConfig::default()
                },
                G::search_policy(),
                seed,
            )),
            BotSpec::Omniscient(_) => return Err(BotError::OmniscientNotSeatable),
            BotSpec::Special(kind) => G::special(kind, seed).ok_or_else(|| BotError::UnknownKind {
                game: G::INFO.id.to_owned(),
                kind: kind.clone(),
                known: G::KINDS.join(", "),
            })?,
        })
    }

    /// The omniscient bot, if this spec names it.
    pub fn build_omniscient<G: BotGame>(&self, seed: u64) -> Option<Box<dyn OmniscientBot<G>>> {
        match self {
            BotSpec::Omniscient(None) => Some(G::omniscient(seed)),
            BotSpec::Omniscient(Some(n)) => Some(Box::new(OmniscientMcts::<G>::new(
                IsmctsConfig { budget: Budget::Iterations(*n), ..IsmctsConfig::default() },
                G::search_policy(),
                seed,
            ))),
            _ => None,
        }
    }
}
