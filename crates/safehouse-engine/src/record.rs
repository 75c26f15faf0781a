//! Match records (setup + actions) and a match that keeps its own record.
//!
//! A record is the whole truth about a match: replaying it reproduces the game bit for bit.
//! Stored matches, replays, the protocol's `replay` command and the server's crash recovery
//! all rest on this.

use serde::{Deserialize, Serialize};

use crate::{ActionError, Game, ReplayError, Seat, Setup, SetupError, Viewer};

/// One recorded decision: who acted and what they did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct RecordedAction<G: Game> {
    /// The acting seat.
    pub seat: Seat,
    /// The action.
    pub action: G::Action,
}

/// A match record: the setup, then every action in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct MatchRecord<G: Game> {
    /// How the game was set up.
    pub setup: Setup<G>,
    /// Every action, in the order applied.
    pub actions: Vec<RecordedAction<G>>,
}

impl<G: Game> MatchRecord<G> {
    /// Replays the record from its setup and returns the final state.
    pub fn replay(&self) -> Result<G, ReplayError> {
        let mut game = G::new(&self.setup)?;
        let mut events = Vec::new();
        for (index, step) in self.actions.iter().enumerate() {
            events.clear();
            game.apply_as(step.seat, &step.action, &mut events)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }
}

/// A game together with its record and the events of the last action: what the protocol,
/// the terminal and the server hold for each live match.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    game: G,
    record: MatchRecord<G>,
    last_events: Vec<G::Event>,
}

impl<G: Game> Match<G> {
    /// Starts a match.
    pub fn new(setup: Setup<G>) -> Result<Self, SetupError> {
        let game = G::new(&setup)?;
        Ok(Match { game, record: MatchRecord { setup, actions: Vec::new() }, last_events: Vec::new() })
    }

    /// Rebuilds a match from its record.
    pub fn from_record(record: MatchRecord<G>) -> Result<Self, ReplayError> {
        let game = record.replay()?;
        Ok(Match { game, record, last_events: Vec::new() })
    }

    /// Applies `seat`'s action; on success the events are kept as [`Match::last_events`].
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<&[G::Event], ActionError> {
        let mut events = Vec::new();
        self.game.apply_as(seat, &action, &mut events)?;
        self.record.actions.push(RecordedAction { seat, action });
        self.last_events = events;
        Ok(&self.last_events)
    }

    /// The current state (the whole truth; never send it to a seat).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The record so far.
    pub fn record(&self) -> &MatchRecord<G> {
        &self.record
    }

    /// The events of the last action, unfiltered.
    pub fn last_events(&self) -> &[G::Event] {
        &self.last_events
    }

    /// The events of the last action as `viewer` may see them.
    pub fn last_events_for(&self, viewer: Viewer) -> Vec<G::Event> {
        self.last_events.iter().filter_map(|e| self.game.event_view(e, viewer)).collect()
    }

    /// The legal actions of the seat to move.
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        self.game.legal_actions(&mut out);
        out
    }
}
