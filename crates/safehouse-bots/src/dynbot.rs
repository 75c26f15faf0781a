//! The run-time interface for the server and the CLI: bots chosen by game id and kind, speaking
//! JSON (the view of `DynMatch::view(Viewer::Seat(s))` in, one of `DynMatch::legal_actions()` out).

use serde_json::Value;

use crate::{Bot, BotError, BotGame, BotSpec, BotVisitor, Difficulty, visit};

/// A bot for a game chosen at run time.
pub trait DynBot: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// Chooses one of `legal` (returned exactly as given) from the seat's `view`.
    fn choose(&mut self, view: &serde_json::Value, legal: &[serde_json::Value]) -> Result<serde_json::Value, BotError>;
}

/// A typed bot behind the JSON interface: reads the view and the legal actions into the game's
/// types, asks the bot, and answers with the matching legal action's JSON.
pub struct JsonBot<G: BotGame> {
    bot: Box<dyn Bot<G>>,
    legal: Vec<G::Action>,
}

impl<G: BotGame> std::fmt::Debug for JsonBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonBot").field("game", &G::INFO.id).field("bot", &self.bot.name()).finish()
    }
}

impl<G: BotGame> JsonBot<G> {
    /// Wraps a typed bot.
    pub fn new(bot: Box<dyn Bot<G>>) -> Self {
        JsonBot { bot, legal: Vec::new() }
    }
}

impl<G: BotGame> DynBot for JsonBot<G> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, view: &Value, legal: &[Value]) -> Result<Value, BotError> {
        if legal.is_empty() {
            return Err(BotError::NoLegalActions);
        }
        let view: G::View = G::View::deserialize(view).map_err(|e| BotError::MalformedView(e.to_string()))?;
        self.legal.clear();
        for action in legal {
            self.legal.push(G::Action::deserialize(action).map_err(|e| BotError::MalformedAction(e.to_string()))?);
        }
        let chosen = self.bot.choose(&view, &self.legal);
        let index = self.legal.iter().position(|a| *a == chosen).unwrap_or(0);
        Ok(legal[index].clone())
    }
}

use serde::Deserialize as _;

struct MakeDynBot<'a> {
    kind: &'a str,
    seed: u64,
}

impl BotVisitor for MakeDynBot<'_> {
    type Output = Result<Box<dyn DynBot>, BotError>;

    fn visit<G: BotGame>(self) -> Self::Output {
        let bot = BotSpec::parse::<G>(self.kind)?.build::<G>(self.seed)?;
        Ok(Box::new(JsonBot::<G>::new(bot)))
    }
}

/// A bot of `kind` for the game `game_id` (an id or an alias such as `cash`), seeded with `seed`.
///
/// Kinds: `easy`, `medium`, `hard`, `random`, `heuristic`, `noisy`, `noisy:<percent>`, `ismcts`,
/// `ismcts:<iterations>`, and the game's own (see [`bot_kinds`]).
pub fn dyn_bot(game_id: &str, kind: &str, seed: u64) -> Result<Box<dyn DynBot>, BotError> {
    visit(game_id, MakeDynBot { kind, seed })?
}

struct Kinds;

impl BotVisitor for Kinds {
    type Output = Vec<&'static str>;

    fn visit<G: BotGame>(self) -> Self::Output {
        G::KINDS.to_vec()
    }
}

/// The bot kinds offered for a game, difficulty levels first (empty for an unknown game).
/// `ismcts:<iterations>` and `noisy:<percent>` are accepted too but not listed.
pub fn bot_kinds(game_id: &str) -> Vec<&'static str> {
    visit(game_id, Kinds).unwrap_or_default()
}

struct LevelKind(Difficulty);

impl BotVisitor for LevelKind {
    type Output = &'static str;

    fn visit<G: BotGame>(self) -> Self::Output {
        G::difficulty(self.0)
    }
}

/// The kind a difficulty level stands for in a game (`heuristic`, `ismcts:600`...).
pub fn difficulty_kind(game_id: &str, level: Difficulty) -> Result<&'static str, BotError> {
    visit(game_id, LevelKind(level))
}
