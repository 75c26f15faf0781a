//! Games chosen at run time, spoken in JSON: what the protocol, the server and the CLI use.
//!
//! [`DynGame`] and [`DynMatch`] are object-safe mirrors of [`Game`] and [`Match`] whose
//! options, actions, views and events are `serde_json::Value`s. [`GameHandle<G>`] implements
//! them for any `G: Game`, so a game gets all of this by being listed in the registry.

use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{
    ActionError, Game, GameInfo, GameOptions, Match, MatchRecord, OptionDoc, Outcome, RecordedAction, ReplayError,
    Seat, Setup, SetupError, Viewer,
};

/// The format of a [`DynRecord`], written into every stored record as its name
/// (`"safehouse-record/1"`). A record in any other format does not read: a future format is
/// refused with a clear message instead of being replayed as if it were this one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RecordFormat {
    /// Game, players, full options, seed, optional explicit deal, every action in order.
    #[default]
    #[serde(rename = "safehouse-record/1")]
    V1,
}

impl RecordFormat {
    /// The format's name, as written in records.
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::V1 => "safehouse-record/1",
        }
    }
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The record format this build writes (and the only one it reads).
pub const RECORD_FORMAT: RecordFormat = RecordFormat::V1;

/// How to start a match of a game chosen at run time. Read from JSON, it refuses a field it does
/// not have (the engine protocol's `new` reads it so).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DynSetup {
    /// Number of players; `None` takes the game's default.
    #[serde(default)]
    pub players: Option<usize>,
    /// A preset to start from (e.g. `cash`), before `options` are applied.
    #[serde(default)]
    pub preset: Option<String>,
    /// Options to change, as a JSON object; absent fields keep the preset's or default value.
    #[serde(default)]
    pub options: Option<Value>,
    /// The seed of the game's generator.
    #[serde(default)]
    pub seed: u64,
    /// An explicit deal, in the game's deal format.
    #[serde(default)]
    pub deal: Option<Value>,
}

/// A stored match: game id, setup and every action. Replaying it reproduces the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DynRecord {
    /// Always [`RECORD_FORMAT`]: reading a record in another format fails.
    pub format: RecordFormat,
    /// The game id.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The full options (every field, so that changing a default never changes a stored game).
    pub options: Value,
    /// The seed.
    pub seed: u64,
    /// The explicit deal, if the game was dealt by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Value>,
    /// Every action in order.
    pub actions: Vec<DynRecordedAction>,
}

/// One action of a [`DynRecord`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DynRecordedAction {
    /// The acting seat.
    pub seat: Seat,
    /// The action, in the game's action format.
    pub action: Value,
}

/// A game, chosen at run time.
pub trait DynGame: Send + Sync + 'static {
    /// Static facts about the game.
    fn info(&self) -> &'static GameInfo;
    /// The options, described for people.
    fn option_docs(&self) -> Vec<OptionDoc>;
    /// The presets: name, one line, full options.
    fn presets(&self) -> Vec<(&'static str, &'static str, Value)>;
    /// The default options, every field.
    fn default_options(&self) -> Value;
    /// Full options (as [`DynGame::resolve_options`] gives them) for a table where no person
    /// plays: see [`GameOptions::for_bots_only`]. Options that do not parse are returned as they are.
    fn for_bots_only(&self, options: &Value) -> Value;
    /// The full options for a preset and a set of changes, validated for `players`.
    fn resolve_options(
        &self,
        players: usize,
        preset: Option<&str>,
        changes: Option<&Value>,
    ) -> Result<Value, SetupError>;
    /// Starts a match.
    fn new_match(&self, setup: &DynSetup) -> Result<Box<dyn DynMatch>, SetupError>;
    /// Rebuilds a match from its record.
    fn replay(&self, record: &DynRecord) -> Result<Box<dyn DynMatch>, ReplayError>;
}

/// A live match of a game chosen at run time.
pub trait DynMatch: Send + Sync + fmt::Debug {
    /// The game's static facts.
    fn info(&self) -> &'static GameInfo;
    /// Number of seats.
    fn players(&self) -> usize;
    /// Whose decision it is, or `None` once over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal actions of the seat to move, as JSON.
    fn legal_actions(&self) -> Vec<Value>;
    /// The legal actions with a line of text each, for people.
    fn legal_actions_described(&self) -> Vec<(Value, String)>;
    /// Applies `seat`'s action (JSON). JSON that is not exactly an action's canonical form (as
    /// [`DynMatch::legal_actions`] writes it: no unknown fields, the same spelling) gives
    /// [`ActionError::Malformed`], so accepted JSON is always safe to store as it is.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ActionError>;
    /// The events of the last action as `viewer` may see them.
    fn last_events_for(&self, viewer: Viewer) -> Vec<Value>;
    /// The events of the last action, unfiltered (for whoever owns the match; never for a seat).
    fn last_events(&self) -> Vec<Value>;
    /// The events of the last action as `viewer` may see them, in words.
    fn last_events_text_for(&self, viewer: Viewer) -> Vec<String>;
    /// What `viewer` may see, as JSON.
    fn view(&self, viewer: Viewer) -> Value;
    /// What `viewer` may see, as compact JSON text: the same JSON as [`DynMatch::view`], written
    /// straight from the typed view without building a tree (the server's hot path).
    fn view_json(&self, viewer: Viewer) -> String;
    /// What `viewer` may see, drawn as text.
    fn view_text(&self, viewer: Viewer) -> String;
    /// The whole state (for tools and audits; never for a seat).
    fn state(&self) -> Value;
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The record so far.
    fn record(&self) -> DynRecord;
    /// Number of actions applied.
    fn action_count(&self) -> usize;
    /// A copy of this match.
    fn clone_box(&self) -> Box<dyn DynMatch>;
}

impl Clone for Box<dyn DynMatch> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The [`DynGame`] of a statically known game `G`.
pub struct GameHandle<G>(PhantomData<fn() -> G>);

impl<G> GameHandle<G> {
    /// The handle (a zero-sized value).
    pub const fn new() -> Self {
        GameHandle(PhantomData)
    }
}

impl<G> Default for GameHandle<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> fmt::Debug for GameHandle<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameHandle({})", G::INFO.id)
    }
}

fn to_value<T: Serialize>(value: &T) -> Value {
    // Serialising our own plain data types to JSON cannot fail (no maps with non-string keys).
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Game> GameHandle<G> {
    fn typed_options(
        &self,
        players: usize,
        preset: Option<&str>,
        changes: Option<&Value>,
    ) -> Result<G::Options, SetupError> {
        let base = match preset {
            Some(name) => G::preset(name)?,
            None => G::Options::default(),
        };
        let options = match changes {
            None | Some(Value::Null) => base,
            Some(Value::Object(changes)) => {
                let mut merged = to_value(&base);
                if let Value::Object(fields) = &mut merged {
                    for (key, value) in changes {
                        fields.insert(key.clone(), value.clone());
                    }
                }
                serde_json::from_value(merged).map_err(|e| SetupError::MalformedOptions(e.to_string()))?
            }
            Some(other) => return Err(SetupError::MalformedOptions(format!("expected a JSON object, got {other}"))),
        };
        options.validate(players)?;
        Ok(options)
    }

    fn typed_setup(&self, setup: &DynSetup) -> Result<Setup<G>, SetupError> {
        let players = setup.players.unwrap_or(G::INFO.default_players);
        let options = self.typed_options(players, setup.preset.as_deref(), setup.options.as_ref())?;
        let deal = match &setup.deal {
            None | Some(Value::Null) => None,
            Some(deal) => {
                Some(serde_json::from_value(deal.clone()).map_err(|e| SetupError::InvalidDeal(e.to_string()))?)
            }
        };
        Ok(Setup { players, options, seed: setup.seed, deal })
    }
}

impl<G: Game> DynGame for GameHandle<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }

    fn option_docs(&self) -> Vec<OptionDoc> {
        G::Options::docs()
    }

    fn presets(&self) -> Vec<(&'static str, &'static str, Value)> {
        G::Options::presets().into_iter().map(|p| (p.name, p.help, to_value(&p.options))).collect()
    }

    fn default_options(&self) -> Value {
        to_value(&G::Options::default())
    }

    fn for_bots_only(&self, options: &Value) -> Value {
        match serde_json::from_value::<G::Options>(options.clone()) {
            Ok(typed) => to_value(&typed.for_bots_only()),
            Err(_) => options.clone(),
        }
    }

    fn resolve_options(
        &self,
        players: usize,
        preset: Option<&str>,
        changes: Option<&Value>,
    ) -> Result<Value, SetupError> {
        self.typed_options(players, preset, changes).map(|o| to_value(&o))
    }

    fn new_match(&self, setup: &DynSetup) -> Result<Box<dyn DynMatch>, SetupError> {
        let setup = self.typed_setup(setup)?;
        Ok(Box::new(Match::new(setup)?))
    }

    fn replay(&self, record: &DynRecord) -> Result<Box<dyn DynMatch>, ReplayError> {
        if record.game != G::INFO.id {
            return Err(ReplayError::WrongGame { expected: G::INFO.id.to_owned(), found: record.game.clone() });
        }
        let options: G::Options =
            serde_json::from_value(record.options.clone()).map_err(|e| SetupError::MalformedOptions(e.to_string()))?;
        let deal: Option<G::Deal> = match &record.deal {
            None | Some(Value::Null) => None,
            Some(deal) => {
                Some(serde_json::from_value(deal.clone()).map_err(|e| SetupError::InvalidDeal(e.to_string()))?)
            }
        };
        let mut actions: Vec<RecordedAction<G>> = Vec::with_capacity(record.actions.len());
        for (index, step) in record.actions.iter().enumerate() {
            let action: G::Action = serde_json::from_value(step.action.clone())
                .map_err(|e| ReplayError::Action { index, error: ActionError::Malformed(e.to_string()) })?;
            actions.push(RecordedAction { seat: step.seat, action });
        }
        let typed = MatchRecord { setup: Setup { players: record.players, options, seed: record.seed, deal }, actions };
        Ok(Box::new(Match::from_record(typed)?))
    }
}

impl<G: Game> DynMatch for Match<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }

    fn players(&self) -> usize {
        self.game().players()
    }

    fn to_move(&self) -> Option<Seat> {
        self.game().to_move()
    }

    fn legal_actions(&self) -> Vec<Value> {
        Match::legal_actions(self).iter().map(to_value).collect()
    }

    fn legal_actions_described(&self) -> Vec<(Value, String)> {
        Match::legal_actions(self).iter().map(|a| (to_value(a), self.game().describe(a))).collect()
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ActionError> {
        let parsed: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| ActionError::Malformed(e.to_string()))?;
        // Only the canonical JSON of an action is accepted (no unknown fields, no other
        // spelling), so the JSON accepted is exactly the JSON of `legal_actions`, and what a
        // caller stores is what the game would write.
        let canonical = to_value(&parsed);
        if canonical != *action {
            return Err(ActionError::Malformed(format!("not in the game's own form; write it as {canonical}")));
        }
        Match::act(self, seat, parsed).map(|_| ())
    }

    fn last_events_for(&self, viewer: Viewer) -> Vec<Value> {
        Match::last_events_for(self, viewer).iter().map(to_value).collect()
    }

    fn last_events(&self) -> Vec<Value> {
        Match::last_events(self).iter().map(to_value).collect()
    }

    fn last_events_text_for(&self, viewer: Viewer) -> Vec<String> {
        Match::last_events_for(self, viewer).iter().map(ToString::to_string).collect()
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_value(&self.game().view(viewer))
    }

    fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&self.game().view(viewer)).unwrap_or_else(|_| "null".to_owned())
    }

    fn view_text(&self, viewer: Viewer) -> String {
        self.game().view(viewer).to_string()
    }

    fn state(&self) -> Value {
        to_value(self.game())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }

    fn record(&self) -> DynRecord {
        let record = Match::record(self);
        DynRecord {
            format: RECORD_FORMAT.to_owned(),
            game: G::INFO.id.to_owned(),
            players: record.setup.players,
            options: to_value(&record.setup.options),
            seed: record.setup.seed,
            deal: record.setup.deal.as_ref().map(to_value),
            actions: record
                .actions
                .iter()
                .map(|step| DynRecordedAction { seat: step.seat, action: to_value(&step.action) })
                .collect(),
        }
    }

    fn action_count(&self) -> usize {
        Match::record(self).actions.len()
    }

    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }
}

/// One action of a match as one viewer may see it: what [`DynRecord::history`] yields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The match's sequence number after this action (the first action is 1), as the server's
    /// updates number them.
    pub seq: u64,
    /// The seat that acted (every viewer may know whose decision it was).
    pub seat: Seat,
    /// The action's events as the viewer may see them ([`Game::event_view`]), possibly none.
    pub events: Vec<Value>,
}

impl DynRecord {
    /// The setup this record's match started from: its players, full options, seed and deal
    /// (no preset: the options already hold every field). `game.new_match(&record.setup())`
    /// is the match before its first action.
    pub fn setup(&self) -> DynSetup {
        DynSetup {
            players: Some(self.players),
            preset: None,
            options: Some(self.options.clone()),
            seed: self.seed,
            deal: self.deal.clone(),
        }
    }

    /// Replays the record through `game` and gives, for each viewer of `viewers` (in that
    /// order), every action's events as that viewer may see them: the match's history as a
    /// late joiner, a new tab or a spectator should be shown it. Built only from the record and
    /// [`Game::event_view`], never from anything a viewer may not see; one replay serves all the
    /// viewers.
    pub fn history(&self, game: &dyn DynGame, viewers: &[Viewer]) -> Result<Vec<Vec<HistoryEntry>>, ReplayError> {
        let id = game.info().id;
        if self.game != id {
            return Err(ReplayError::WrongGame { expected: id.to_owned(), found: self.game.clone() });
        }
        let mut game_match = game.new_match(&self.setup())?;
        let mut histories: Vec<Vec<HistoryEntry>> =
            viewers.iter().map(|_| Vec::with_capacity(self.actions.len())).collect();
        for (index, step) in self.actions.iter().enumerate() {
            game_match.act(step.seat, &step.action).map_err(|error| ReplayError::Action { index, error })?;
            for (viewer, history) in viewers.iter().zip(histories.iter_mut()) {
                history.push(HistoryEntry {
                    seq: index as u64 + 1,
                    seat: step.seat,
                    events: game_match.last_events_for(*viewer),
                });
            }
        }
        Ok(histories)
    }

    /// [`DynRecord::history`] for one viewer.
    pub fn history_for(&self, game: &dyn DynGame, viewer: Viewer) -> Result<Vec<HistoryEntry>, ReplayError> {
        Ok(self.history(game, &[viewer])?.pop().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_json(format: &str) -> String {
        format!(r#"{{"format":"{format}","game":"toy","players":2,"options":{{}},"seed":1,"actions":[]}}"#)
    }

    #[test]
    fn a_record_names_its_format_and_reads_back() {
        let record: DynRecord = serde_json::from_str(&record_json("safehouse-record/1")).expect("the current format");
        assert_eq!(record.format, RECORD_FORMAT);
        let written = serde_json::to_value(&record).expect("serialises");
        assert_eq!(written["format"], "safehouse-record/1");
        assert_eq!(RECORD_FORMAT.to_string(), "safehouse-record/1");
    }

    #[test]
    fn a_record_in_another_format_is_refused_by_name() {
        for other in ["safehouse-record/2", "", "SAFEHOUSE-RECORD/1"] {
            let error = serde_json::from_str::<DynRecord>(&record_json(other)).expect_err(other).to_string();
            assert!(error.contains("safehouse-record/1"), "{other:?}: {error}");
        }
        let missing = r#"{"game":"toy","players":2,"options":{},"seed":1,"actions":[]}"#;
        assert!(serde_json::from_str::<DynRecord>(missing).is_err(), "a record without a format");
    }

    #[test]
    fn a_record_gives_back_the_setup_it_started_from() {
        let dealt = r#"{"format":"safehouse-record/1","game":"toy","players":3,"options":{"speed":2},"seed":42,
            "deal":{"hands":[[1],[2],[3]]},"actions":[{"seat":0,"action":{"type":"pass"}}]}"#;
        let record: DynRecord = serde_json::from_str(dealt).expect("a record");
        let expected = DynSetup {
            players: Some(3),
            preset: None,
            options: Some(serde_json::json!({"speed": 2})),
            seed: 42,
            deal: Some(serde_json::json!({"hands": [[1], [2], [3]]})),
        };
        assert_eq!(record.setup(), expected);
        let shuffled: DynRecord = serde_json::from_str(&record_json("safehouse-record/1")).expect("a record");
        assert_eq!(shuffled.setup().deal, None, "a shuffled game has no deal");
        assert_eq!(shuffled.setup().players, Some(2));
    }
}
