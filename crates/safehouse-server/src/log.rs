//! The game log: a match's whole history as one viewer may see it.
//!
//! `GET /api/matches/{id}/log` gives a seat (with its token) or a spectator (without) every
//! action so far: who acted, who decided it (a person, a bot, or a bot playing for an idle
//! person) and the action's events as that viewer may see them. The log is built from the stored
//! record through the game's `event_view` ([`DynRecord::history`]), never from the state, so a
//! late joiner, a second tab, a restarted server and another node all show the same log.
//!
//! Each match in memory keeps a [`LogCache`]: it is built by one replay the first time a log is
//! asked for, then grown by one entry per viewer as each action is applied (by this node or
//! caught up from another), so a request costs a copy of the entries asked for, not a replay.
//! This module holds the cache and knows nothing of the live match that keeps it (`app`); the
//! handler is `api::log`.

use std::sync::Arc;

use safehouse_api::log::{LogActor, LogEntry};
use safehouse_engine::{DynGame, DynMatch, HistoryEntry, Seat, Viewer};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::ApiError;

/// The actor of a stored action (`person`, `bot`, `takeover`; anything else is a person's).
pub(crate) fn actor_from_stored(actor: &str) -> LogActor {
    match actor {
        "bot" => LogActor::Bot,
        "takeover" => LogActor::Takeover,
        _ => LogActor::Person,
    }
}

/// The per-viewer logs of a match in memory (see the module's documentation).
#[derive(Debug, Default)]
pub(crate) struct LogCache {
    /// Who decided each action, in order (known from the store or as each action is applied).
    actors: Vec<LogActor>,
    /// Each viewer's entries (index = seat, last = spectator) as JSON text, once built.
    entries: Option<Vec<Vec<Arc<RawValue>>>>,
}

fn entry_json(entry: &LogEntry) -> Arc<RawValue> {
    // Serialising plain values cannot fail.
    Arc::from(serde_json::value::to_raw_value(entry).unwrap_or_else(|_| RawValue::NULL.to_owned()))
}

/// Entries already written as JSON text, shared with the cache (no copy of the text).
#[derive(Debug)]
pub struct Entries(Vec<Arc<RawValue>>);

impl Serialize for Entries {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|entry| &**entry))
    }
}

impl LogCache {
    /// A match's cache, with the actors of its stored actions.
    pub(crate) fn new<'a>(actors: impl IntoIterator<Item = &'a str>) -> LogCache {
        LogCache { actors: actors.into_iter().map(actor_from_stored).collect(), entries: None }
    }

    /// Records an action just applied to `game_match` (its `last_events_for` are this action's).
    pub(crate) fn push(&mut self, game_match: &dyn DynMatch, seat: Seat, actor: LogActor) {
        self.actors.push(actor);
        let seq = self.actors.len() as u64;
        if let Some(entries) = &mut self.entries {
            if entries.iter().any(|e| e.len() as u64 + 1 != seq) {
                // Out of step (cannot happen while every action passes here): build anew.
                self.entries = None;
                return;
            }
            let players = entries.len() - 1;
            for (index, viewer_entries) in entries.iter_mut().enumerate() {
                let viewer = if index < players { Viewer::Seat(Seat(index as u8)) } else { Viewer::Spectator };
                let events = game_match.last_events_for(viewer);
                viewer_entries.push(entry_json(&LogEntry { seq, seat: seat.0, actor, events }));
            }
        }
    }

    /// `viewer`'s log of a match (`game_match`, now at `seq`) after sequence number `after`,
    /// building the cache first if needed.
    pub(crate) fn written(
        &mut self,
        game: &'static dyn DynGame,
        game_match: &dyn DynMatch,
        match_id: &str,
        seq: u64,
        viewer: Viewer,
        after: u64,
    ) -> Result<WrittenLog, ApiError> {
        self.build(game, game_match)?;
        Ok(WrittenLog { match_id: match_id.to_owned(), viewer, seq, entries: self.entries_after(viewer, after) })
    }

    /// Builds every viewer's log by replaying the record, unless already built.
    fn build(&mut self, game: &'static dyn DynGame, game_match: &dyn DynMatch) -> Result<(), ApiError> {
        if self.entries.is_some() {
            return Ok(());
        }
        let record = game_match.record();
        let players = record.players;
        let viewers: Vec<Viewer> =
            (0..players).map(|s| Viewer::Seat(Seat(s as u8))).chain(std::iter::once(Viewer::Spectator)).collect();
        let histories =
            record.history(game, &viewers).map_err(|e| ApiError::internal(format!("the log does not replay: {e}")))?;
        if self.actors.len() != record.actions.len() {
            // Actors unknown (should not happen): the log still shows every action.
            self.actors.resize(record.actions.len(), LogActor::Person);
        }
        let actors = &self.actors;
        let to_entry = |h: HistoryEntry| {
            let actor = actors.get(h.seq as usize - 1).copied().unwrap_or(LogActor::Person);
            entry_json(&LogEntry { seq: h.seq, seat: h.seat.0, actor, events: h.events })
        };
        self.entries = Some(histories.into_iter().map(|h| h.into_iter().map(to_entry).collect()).collect());
        Ok(())
    }

    /// The entries of `viewer` after sequence number `after`.
    fn entries_after(&self, viewer: Viewer, after: u64) -> Entries {
        let list = self.entries.as_ref().and_then(|entries| match viewer {
            Viewer::Seat(seat) => entries.get(seat.index()),
            // The spectator's entries come after every seat's.
            Viewer::Spectator => entries.last(),
        });
        let Some(list) = list else {
            return Entries(Vec::new());
        };
        let start = usize::try_from(after).unwrap_or(usize::MAX).min(list.len());
        Entries(list[start..].to_vec())
    }
}

/// A viewer's log as the server writes it: the form of `safehouse_api::log::LogResponse`, the
/// entries the cache's JSON text (a test reads every log the server answers as that type and
/// writes it back byte for byte).
#[derive(Debug, Serialize)]
pub struct WrittenLog {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// `{"seat": n}` or `"spectator"`.
    pub viewer: Viewer,
    /// The match's sequence number now (the last entry's `seq`, or 0).
    pub seq: u64,
    /// The actions after `after`, oldest first.
    pub entries: Entries,
}
