//! A match in memory and its watchers: built from the store (replaying its record), the seats
//! as everyone sees them, and subscribe/publish, which send each viewer only its own view and
//! events (a whole `welcome`, then `update`s patching the view it was last sent).

use std::sync::Arc;
use std::time::{Duration, Instant};

use safehouse_engine::{DynGame, DynMatch, DynRecord, DynRecordedAction, RECORD_FORMAT, Seat, Viewer};
use safehouse_store::{SeatClaim, StoredMatch};
use serde_json::{Value, json};
use tokio::sync::{Mutex, broadcast};

use safehouse_api::{Legal, MessageType, MoveDeadline, Notice, Welcome};

use super::wire::{SeatInfo, SeatKind, SeatPlan, Update};
use crate::bots::TableBot;
use crate::clock::{ClockView, Clocks};
use crate::diff::{SentView, diff_views};
use crate::error::ApiError;
use crate::limits::Held;
use safehouse_api::settings::TableSettings;

use crate::settings::TableSettingsExt;
use crate::token;

/// How often a match with every seat joined reads its claims again for a token it does not know.
pub(crate) const CLAIMS_RECHECK: Duration = Duration::from_secs(1);

/// A match in memory.
pub(crate) struct LiveMatch {
    pub(crate) id: Arc<str>,
    pub(crate) game: &'static dyn DynGame,
    pub(crate) game_match: Box<dyn DynMatch>,
    pub(crate) seq: u64,
    pub(crate) plan: Vec<SeatPlan>,
    pub(crate) claims: Vec<Option<SeatClaim>>,
    /// When a token this node did not know last made it read the claims again, every seat
    /// being joined (`App::authenticate`): a seat's new token from another node works before
    /// its notice comes, and a stream of wrong tokens costs at most a read per
    /// [`CLAIMS_RECHECK`] while holding the match.
    pub(crate) claims_rechecked: Option<Instant>,
    pub(crate) away: Vec<bool>,
    pub(crate) finished: bool,
    pub(super) seed: u64,
    pub(super) bots: Vec<Option<Box<dyn TableBot>>>,
    pub(crate) bot_pending: bool,
    /// When the current decision began (the stored time of the action before it, or the start):
    /// what a turn-based table's move deadline counts from, the same on every node.
    pub(crate) turn_since_ms: i64,
    /// What the idle takeover counts from: the turn's start, or later if its person came back
    /// meanwhile ("I'm back" restarts the idle wait, never a turn-based deadline).
    pub(crate) idle_wait_since_ms: i64,
    pub(super) idle_since: Instant,
    /// The table's settings, as stored with the match.
    pub(crate) settings: TableSettings,
    /// The clocks (tables with a time control), derived from the stored action times.
    pub(crate) clocks: Option<Clocks>,
    /// The result of a match ended without a game outcome (a forfeit on time).
    pub(crate) forced_outcome: Option<Value>,
    /// Watchers per viewer (index = seat, last = spectator) and the view each was last sent.
    subs: Vec<u32>,
    sent_views: Vec<Option<SentView>>,
    tx: Option<broadcast::Sender<Arc<Update>>>,
    /// The in-memory state may hold an action that was not stored: rebuild before use.
    pub(crate) broken: bool,
    /// The creator's place among its unfinished matches, given back when the match ends (or
    /// leaves memory).
    pub(crate) creator: Option<Held>,
    /// Every viewer's game log (`log`).
    pub(crate) log: crate::log::LogCache,
    /// What the chat keeps in memory (`chat`).
    pub(crate) chat: crate::chat::ChatState,
}

impl std::fmt::Debug for LiveMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveMatch").field("id", &self.id).field("seq", &self.seq).finish_non_exhaustive()
    }
}

/// A match's place in memory.
#[derive(Debug)]
pub(crate) struct Slot {
    pub(crate) state: Mutex<LiveMatch>,
}

/// The viewer index of a viewer at a table of `players`.
pub(crate) fn viewer_index(viewer: Viewer, players: usize) -> usize {
    match viewer {
        Viewer::Seat(seat) => seat.index(),
        Viewer::Spectator => players,
    }
}

fn viewer_at(index: usize, players: usize) -> Viewer {
    if index < players { Viewer::Seat(Seat(index as u8)) } else { Viewer::Spectator }
}
pub(crate) use crate::clock::now_ms;

impl LiveMatch {
    pub(super) fn build(stored: StoredMatch) -> Result<LiveMatch, ApiError> {
        // A match that started from a waiting room is played with the plan of its start.
        let started_plan = super::tables::started_plan(&stored);
        let header = stored.header;
        let found = safehouse_games::find(&header.game)?;
        let record = DynRecord {
            format: RECORD_FORMAT.to_owned(),
            game: header.game.clone(),
            players: usize::from(header.players),
            options: header.options,
            seed: header.seed,
            deal: header.deal,
            actions: stored
                .actions
                .iter()
                .map(|a| DynRecordedAction { seat: Seat(a.seat), action: a.action.clone() })
                .collect(),
        };
        let game_match = found
            .game
            .replay(&record)
            .map_err(|e| ApiError::internal(format!("match {} does not replay: {e}", header.id)))?;
        let plan: Vec<SeatPlan> = match started_plan {
            Some(plan) => plan,
            None => serde_json::from_value(header.seats)
                .map_err(|e| ApiError::internal(format!("match {} has a bad seat plan: {e}", header.id)))?,
        };
        let players = usize::from(header.players);
        if plan.len() != players {
            return Err(ApiError::internal(format!(
                "match {} has {} seats planned for {players}",
                header.id,
                plan.len()
            )));
        }
        let mut claims = vec![None; players];
        let mut away = vec![false; players];
        for claim in stored.seats {
            // Only people's seats hold claims (a waiting room's bot seats hold markers).
            if plan.get(usize::from(claim.seat)).is_none_or(|p| p.kind != SeatKind::Person) {
                continue;
            }
            if let Some(slot) = claims.get_mut(usize::from(claim.seat)) {
                away[usize::from(claim.seat)] = claim.away;
                *slot = Some(claim);
            }
        }
        // A seat nobody joined that a seated person handed to a bot stays with it (until its
        // person joins: then the claim's own flag counts).
        for index in stored.table_events.iter().filter_map(crate::tables::handed_seat) {
            if index < players && claims[index].is_none() && plan[index].kind == SeatKind::Person {
                away[index] = true;
            }
        }
        let finished = stored.finished || game_match.to_move().is_none();
        let settings = TableSettings::from_stored(&header.settings);
        let start_ms = crate::clock::start_ms(&stored.table_events, header.created_at_ms);
        let turn_since_ms = stored.actions.last().map_or(start_ms, |a| a.at_ms);
        let clocks = settings.time_control.map(|control| {
            let mut clocks = Clocks::new(control, players, start_ms, None);
            for action in &stored.actions {
                clocks.on_action(Seat(action.seat), action.at_ms, None);
            }
            clocks.start(turn_since_ms, if finished { None } else { game_match.to_move() });
            clocks
        });
        let forced_outcome =
            if stored.finished && game_match.outcome().is_none() { stored.outcome.clone() } else { None };
        Ok(LiveMatch {
            id: Arc::from(header.id.as_str()),
            game: found.game,
            game_match,
            seq: stored.actions.len() as u64,
            plan,
            claims,
            claims_rechecked: None,
            away,
            finished,
            seed: header.seed,
            bots: (0..players).map(|_| None).collect(),
            bot_pending: false,
            turn_since_ms,
            idle_wait_since_ms: turn_since_ms,
            idle_since: Instant::now(),
            settings,
            clocks,
            forced_outcome,
            subs: vec![0; players + 1],
            sent_views: vec![None; players + 1],
            tx: None,
            broken: false,
            creator: None,
            log: crate::log::LogCache::new(stored.actions.iter().map(|a| a.actor.as_str())),
            chat: crate::chat::ChatState::default(),
        })
    }

    pub(crate) fn players(&self) -> usize {
        self.plan.len()
    }

    pub(crate) fn seats(&self) -> Vec<SeatInfo> {
        self.plan
            .iter()
            .enumerate()
            .map(|(i, plan)| SeatInfo {
                seat: i as u8,
                kind: plan.kind,
                difficulty: plan.difficulty,
                name: self.claims[i].as_ref().and_then(|c| c.name.clone()).or_else(|| plan.name.clone()),
                joined: self.claims[i].is_some(),
                away: self.away[i],
            })
            .collect()
    }

    /// Whether the server plays this seat now (a bot, or a person who went idle).
    pub(crate) fn server_plays(&self, seat: Seat) -> bool {
        self.plan.get(seat.index()).is_some_and(|p| p.kind == SeatKind::Bot)
            || self.away.get(seat.index()) == Some(&true)
    }

    /// Whether a person at another seat waits for `seat`'s decision: somebody who joined and
    /// whose seat no bot plays (spectators do not count).
    pub(crate) fn somebody_waits_for(&self, seat: Seat) -> bool {
        Seat::all(self.plan.len())
            .filter(|other| *other != seat)
            .any(|other| self.claims.get(other.index()).is_some_and(Option::is_some) && !self.server_plays(other))
    }

    pub(crate) fn outcome_json(&self) -> Option<Value> {
        match self.game_match.outcome() {
            Some(outcome) => Some(serde_json::to_value(outcome).unwrap_or(Value::Null)),
            None => self.forced_outcome.clone(),
        }
    }

    /// Whether the game has begun (a waiting room's match is not loaded before its start, so
    /// every loaded match has). Bots and clocks only ever run when this holds.
    pub(crate) fn started(&self) -> bool {
        true
    }

    /// The clocks as a viewer is sent them now.
    pub(crate) fn clock_view(&self) -> Option<ClockView> {
        self.clocks.as_ref().map(|clocks| clocks.view(now_ms()))
    }

    /// The move's deadline as a viewer is sent it now: at a turn-based table while a person is
    /// to move (the sweep's `time_out` counts from the same `turn_since_ms`).
    pub(crate) fn deadline_view(&self) -> Option<MoveDeadline> {
        let turn_based = self.settings.turn_based?;
        let seat = self.game_match.to_move().filter(|seat| !self.finished && !self.server_plays(*seat))?;
        Some(MoveDeadline {
            server_ms: now_ms(),
            seat: seat.0,
            due_ms: self.turn_since_ms + turn_based.deadline_ms(),
            on_timeout: turn_based.on_timeout,
        })
    }

    /// How long the current decision has waited.
    pub(crate) fn turn_waited(&self) -> Duration {
        Duration::from_millis(u64::try_from(now_ms() - self.turn_since_ms).unwrap_or(0))
    }

    /// Whether this finished match has had no watcher for `linger`.
    pub(crate) fn is_unwatched_for(&self, linger: Duration) -> bool {
        self.tx.is_none() && self.idle_since.elapsed() >= linger
    }

    /// The time moves on by one stored action of `seat` at `at_ms`.
    pub(super) fn clocks_after(&mut self, seat: Seat, at_ms: i64) {
        self.turn_since_ms = at_ms;
        self.idle_wait_since_ms = at_ms;
        let to_move = self.game_match.to_move();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.on_action(seat, at_ms, to_move);
        }
    }

    fn legal_for(&self, viewer: Viewer) -> Option<Vec<Legal>> {
        let to_move = self.game_match.to_move()?;
        if viewer != Viewer::Seat(to_move) {
            return None;
        }
        let legal = self
            .game_match
            .legal_actions_described()
            .into_iter()
            .map(|(action, text)| Legal { action, text })
            .collect();
        Some(legal)
    }

    /// The seat's whole picture (sent on connect, on reconnect and after any resync), around
    /// the viewer's view already written as JSON text (which then also serves as the base the
    /// next update is diffed against).
    fn welcome_text(&self, viewer: Viewer, view: &SentView) -> String {
        let message = Welcome {
            kind: Some(MessageType::Welcome),
            match_id: self.id.to_string(),
            game: self.game.info().id.to_owned(),
            viewer,
            seq: self.seq,
            view: view.raw(),
            text: None,
            to_move: self.game_match.to_move().map(|s| s.0),
            finished: self.finished,
            seats: self.seats(),
            legal: self.legal_for(viewer),
            outcome: self.outcome_json(),
            clock: self.clock_view(),
            deadline: self.deadline_view(),
        };
        // Serialising plain values and valid JSON text cannot fail.
        serde_json::to_string(&message).unwrap_or_default()
    }

    /// What a seat (or a spectator) gets from `GET .../view`: the welcome without its `type`,
    /// with the view drawn as text.
    pub(crate) fn view_response(&self, viewer: Viewer) -> Result<Value, ApiError> {
        let view = SentView::new(self.game_match.view_json(viewer));
        let mut message: Value = serde_json::from_str(&self.welcome_text(viewer, &view))
            .map_err(|e| ApiError::internal(format!("the view is not JSON: {e}")))?;
        if let Value::Object(fields) = &mut message {
            fields.remove("type");
            fields.insert("text".into(), Value::String(self.game_match.view_text(viewer)));
        }
        Ok(message)
    }

    /// Registers a watcher and returns its welcome message and its receiver.
    pub(crate) fn subscribe(&mut self, viewer: Viewer) -> (String, broadcast::Receiver<Arc<Update>>) {
        let index = viewer_index(viewer, self.players());
        let tx = self.tx.get_or_insert_with(|| broadcast::channel(64).0);
        let rx = tx.subscribe();
        self.subs[index] += 1;
        let view = SentView::new(self.game_match.view_json(viewer));
        let welcome = self.welcome_text(viewer, &view);
        self.sent_views[index] = Some(view);
        self.idle_since = Instant::now();
        (welcome, rx)
    }

    /// A fresh receiver and the whole picture for a watcher already registered (after it fell
    /// behind, or asked to resync): nothing older than the picture will reach it.
    pub(crate) fn resubscribe(&mut self, viewer: Viewer) -> (String, broadcast::Receiver<Arc<Update>>) {
        let index = viewer_index(viewer, self.players());
        if self.subs[index] == 0 {
            return self.subscribe(viewer);
        }
        let tx = self.tx.get_or_insert_with(|| broadcast::channel(64).0);
        let rx = tx.subscribe();
        // Every watcher of this viewer is patched from the same view; it is the current one.
        let view = SentView::new(self.game_match.view_json(viewer));
        let welcome = self.welcome_text(viewer, &view);
        self.sent_views[index] = Some(view);
        (welcome, rx)
    }

    /// Unregisters a watcher.
    pub(crate) fn unsubscribe(&mut self, viewer: Viewer) {
        let index = viewer_index(viewer, self.players());
        self.subs[index] = self.subs[index].saturating_sub(1);
        if self.subs[index] == 0 {
            self.sent_views[index] = None;
        }
        if self.subs.iter().all(|&n| n == 0) {
            self.tx = None;
            self.idle_since = Instant::now();
        }
    }

    /// Re-sends every watcher its whole picture (after a rebuild).
    pub(crate) fn publish_welcome(&mut self) {
        if self.tx.is_none() {
            return;
        }
        let players = self.players();
        let mut messages = vec![None; players + 1];
        for (index, slot) in messages.iter_mut().enumerate() {
            if self.subs[index] > 0 {
                let viewer = viewer_at(index, players);
                let view = SentView::new(self.game_match.view_json(viewer));
                *slot = Some(Arc::from(self.welcome_text(viewer, &view)));
                self.sent_views[index] = Some(view);
            }
        }
        self.send(messages);
    }

    /// Pushes the seat list to every watcher.
    pub(crate) fn publish_seats(&mut self) {
        if self.tx.is_none() {
            return;
        }
        let notice = Notice::Seats { seats: self.seats(), deadline: self.deadline_view() };
        let message: Arc<str> = Arc::from(notice.to_text());
        let messages = (0..=self.players()).map(|i| (self.subs[i] > 0).then(|| message.clone())).collect();
        self.send(messages);
    }

    /// Pushes the last action to every watcher: its events as each viewer may see them and the
    /// change to each viewer's view, never anything else.
    pub(super) fn publish_action(&mut self, actor: Seat) {
        if self.tx.is_none() {
            return;
        }
        let players = self.players();
        let to_move = self.game_match.to_move().map(|s| s.0);
        let outcome = self.outcome_json();
        let clock = self.clock_view();
        let deadline = self.deadline_view();
        let mut messages = vec![None; players + 1];
        for (index, slot) in messages.iter_mut().enumerate() {
            if self.subs[index] == 0 {
                continue;
            }
            let viewer = viewer_at(index, players);
            let view = SentView::new(self.game_match.view_json(viewer));
            let patch = match &self.sent_views[index] {
                Some(old) => diff_views(old, &view),
                None => vec![json!({ "op": "replace", "path": "", "value": view.raw() })],
            };
            let message = safehouse_api::Update {
                kind: MessageType::Update,
                seq: self.seq,
                actor: actor.0,
                events: self.game_match.last_events_for(viewer),
                patch,
                to_move,
                legal: self.legal_for(viewer),
                outcome: outcome.as_ref(),
                clock: clock.clone(),
                deadline,
            };
            self.sent_views[index] = Some(view);
            // Serialising plain values cannot fail.
            *slot = serde_json::to_string(&message).ok().map(Arc::from);
        }
        self.send(messages);
    }

    /// Pushes one message per viewer (`None`: nothing for that viewer) to every watcher; how a
    /// table-log event (a chat line, a rematch link) reaches the pages.
    pub(crate) fn publish_with(&mut self, message_for: impl Fn(Viewer) -> Option<Arc<str>>) {
        if self.tx.is_none() {
            return;
        }
        let players = self.players();
        let messages =
            (0..=players).map(|i| if self.subs[i] > 0 { message_for(viewer_at(i, players)) } else { None }).collect();
        self.send(messages);
    }

    fn send(&mut self, messages: Vec<Option<Arc<str>>>) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Arc::new(Update { messages, signed_out: None }));
        }
    }

    /// Tells the sockets of `seat`, whose token was just replaced, that they are signed out;
    /// they close after it.
    pub(crate) fn publish_signed_out(&mut self, seat: Seat) {
        let index = seat.index();
        if self.tx.is_none() || self.subs.get(index).is_none_or(|&n| n == 0) {
            return;
        }
        let mut messages = vec![None; self.players() + 1];
        messages[index] = Some(Arc::from(Notice::SignedOut { seat: seat.0 }.to_text()));
        if let Some(tx) = &self.tx {
            let _ = tx.send(Arc::new(Update { messages, signed_out: Some(seat.0) }));
        }
    }

    /// Whether the token hashing to `token_hash` still opens `seat` here.
    pub(crate) fn holds(&self, seat: Seat, token_hash: &str) -> bool {
        self.claims
            .get(seat.index())
            .and_then(Option::as_ref)
            .is_some_and(|c| token::same_hash(&c.token_hash, token_hash))
    }

    /// The full record (for finished matches).
    pub(crate) fn record(&self) -> DynRecord {
        self.game_match.record()
    }
}
