//! The live matches: loading, acting, storing, pushing updates, bots and idle seats.
//!
//! Every match in memory is a [`Slot`] holding a `tokio::sync::Mutex<LiveMatch>`. Everything
//! that changes a match (an action from a person or a bot, a catch-up from another node, a seat
//! joined) takes that lock, so the match's actions are applied, stored and pushed in one order.
//! An action is applied in memory (which validates it), stored through the group-commit writer,
//! and only once it is durable is it pushed to the watchers and acknowledged. If storing fails or
//! another node stored that sequence number first, the match is rebuilt from the store.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use safehouse_engine::{DynGame, DynMatch, DynRecord, DynRecordedAction, RECORD_FORMAT, Seat, Viewer};
use safehouse_store::{
    Append, AppendOutcome, BatchWriter, NewMatch, Notice, SeatClaim, Store, StoredAction, StoredMatch,
};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore, broadcast};
use utoipa::ToSchema;

use crate::bots::{Difficulty, TableBot, make_bot};
use crate::clock::{ClockView, Clocks};
use crate::config::Config;
use crate::diff::{SentView, diff_views};
use crate::error::ApiError;
use crate::limits::{Held, Limits};
use crate::notify::Notifier;
use crate::settings::TableSettings;
use crate::token;

/// Who sits at a seat, as planned when the match was created (stored with the match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlan {
    /// `person` or `bot`.
    pub kind: SeatKind,
    /// The bot's level (bots only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// A name for the seat, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// SHA-256 (hex) of the seat's invite code (people only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_hash: Option<String>,
}

/// A person or a bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person, who joins with the seat's invite code.
    Person,
    /// A bot run by the server.
    Bot,
}

/// A seat as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    /// The seat index (0 moves first).
    pub seat: u8,
    /// Person or bot.
    pub kind: SeatKind,
    /// The bot's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// The seat's name, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether a person has joined the seat.
    pub joined: bool,
    /// Whether a bot is playing for the seat's person, who went idle.
    pub away: bool,
}

/// One push to the watchers of a match: a message per viewer (index = seat, last = spectator).
#[derive(Debug)]
pub(crate) struct Update {
    pub(crate) messages: Vec<Option<Arc<str>>>,
}

/// What a viewer is sent after an action (`type: "update"`; `docs/server.md`), written
/// straight to text.
#[derive(Serialize)]
struct UpdateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seq: u64,
    actor: u8,
    events: Vec<Value>,
    patch: Vec<Value>,
    to_move: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'a Value>,
    /// Every seat's time left (tables with a clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<ClockView>,
}

/// A viewer's whole picture (`type: "welcome"`; `docs/server.md`), written straight to text
/// around the view's own JSON text.
#[derive(Serialize)]
struct WelcomeMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(rename = "match")]
    match_id: &'a str,
    game: &'static str,
    viewer: Value,
    seq: u64,
    view: &'a RawValue,
    to_move: Option<u8>,
    finished: bool,
    seats: Vec<SeatInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Value>,
    /// Every seat's time left (tables with a clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<ClockView>,
}

/// Who decided an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Actor {
    Person,
    Bot,
    /// A bot playing for a person who went idle or ran out of time.
    Takeover,
    /// The pass played for a seat whose time ran out (`on_timeout: skip`).
    Timeout,
}

impl Actor {
    fn as_str(self) -> &'static str {
        match self {
            Actor::Person => "person",
            Actor::Bot => "bot",
            Actor::Takeover => "takeover",
            Actor::Timeout => "timeout",
        }
    }
}

/// A match in memory.
pub(crate) struct LiveMatch {
    pub(crate) id: Arc<str>,
    pub(crate) game: &'static dyn DynGame,
    pub(crate) game_match: Box<dyn DynMatch>,
    pub(crate) seq: u64,
    pub(crate) plan: Vec<SeatPlan>,
    pub(crate) claims: Vec<Option<SeatClaim>>,
    pub(crate) away: Vec<bool>,
    pub(crate) finished: bool,
    seed: u64,
    bots: Vec<Option<Box<dyn TableBot>>>,
    pub(crate) bot_pending: bool,
    /// When the current decision began (the stored time of the action before it, or the start):
    /// what a turn-based table's move deadline counts from, the same on every node.
    pub(crate) turn_since_ms: i64,
    /// What the idle takeover counts from: the turn's start, or later if its person came back
    /// meanwhile ("I'm back" restarts the idle wait, never a turn-based deadline).
    pub(crate) idle_wait_since_ms: i64,
    idle_since: Instant,
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

pub(crate) fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn viewer_json(viewer: Viewer) -> Value {
    match viewer {
        Viewer::Seat(seat) => json!({ "seat": seat.0 }),
        Viewer::Spectator => json!("spectator"),
    }
}

impl LiveMatch {
    fn build(stored: StoredMatch) -> Result<LiveMatch, ApiError> {
        // A match that started from a waiting room is played with the plan of its start.
        let started_plan = crate::tables::started_plan(&stored);
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

    /// How long the current decision has waited.
    pub(crate) fn turn_waited(&self) -> Duration {
        Duration::from_millis(u64::try_from(now_ms() - self.turn_since_ms).unwrap_or(0))
    }

    /// Whether this finished match has had no watcher for `linger`.
    pub(crate) fn is_unwatched_for(&self, linger: Duration) -> bool {
        self.tx.is_none() && self.idle_since.elapsed() >= linger
    }

    /// The time moves on by one stored action of `seat` at `at_ms`.
    fn clocks_after(&mut self, seat: Seat, at_ms: i64) {
        self.turn_since_ms = at_ms;
        self.idle_wait_since_ms = at_ms;
        let to_move = self.game_match.to_move();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.on_action(seat, at_ms, to_move);
        }
    }

    fn legal_json(&self, viewer: Viewer) -> Option<Value> {
        let to_move = self.game_match.to_move()?;
        if viewer != Viewer::Seat(to_move) {
            return None;
        }
        let legal: Vec<Value> = self
            .game_match
            .legal_actions_described()
            .into_iter()
            .map(|(action, text)| json!({ "action": action, "text": text }))
            .collect();
        Some(Value::Array(legal))
    }

    /// The seat's whole picture (sent on connect, on reconnect and after any resync), around
    /// the viewer's view already written as JSON text (which then also serves as the base the
    /// next update is diffed against).
    fn welcome_text(&self, viewer: Viewer, view: &SentView) -> String {
        let message = WelcomeMessage {
            kind: "welcome",
            match_id: &self.id,
            game: self.game.info().id,
            viewer: viewer_json(viewer),
            seq: self.seq,
            view: view.raw(),
            to_move: self.game_match.to_move().map(|s| s.0),
            finished: self.finished,
            seats: self.seats(),
            legal: self.legal_json(viewer),
            outcome: self.outcome_json(),
            clock: self.clock_view(),
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
        let message: Arc<str> = Arc::from(json!({ "type": "seats", "seats": self.seats() }).to_string());
        let messages = (0..=self.players()).map(|i| (self.subs[i] > 0).then(|| message.clone())).collect();
        self.send(messages);
    }

    /// Pushes the last action to every watcher: its events as each viewer may see them and the
    /// change to each viewer's view, never anything else.
    fn publish_action(&mut self, actor: Seat) {
        if self.tx.is_none() {
            return;
        }
        let players = self.players();
        let to_move = self.game_match.to_move().map(|s| s.0);
        let outcome = self.outcome_json();
        let clock = self.clock_view();
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
            let message = UpdateMessage {
                kind: "update",
                seq: self.seq,
                actor: actor.0,
                events: self.game_match.last_events_for(viewer),
                patch,
                to_move,
                legal: self.legal_json(viewer),
                outcome: outcome.as_ref(),
                clock: clock.clone(),
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
            let _ = tx.send(Arc::new(Update { messages }));
        }
    }

    /// The seat a token opens, if any (checked against the seats joined in memory).
    pub(crate) fn seat_for_token(&self, token: &str) -> Option<Seat> {
        let hash = token::hash(token);
        self.claims
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.as_ref().filter(|c| token::same_hash(&c.token_hash, &hash)).map(|_| Seat(i as u8)))
    }

    /// The full record (for finished matches).
    pub(crate) fn record(&self) -> DynRecord {
        self.game_match.record()
    }
}

/// What an accepted action returns to its sender.
#[derive(Debug, Clone)]
pub(crate) struct Acted {
    pub(crate) seq: u64,
    pub(crate) events: Vec<Value>,
}

/// The server's shared state.
pub struct App {
    pub(crate) config: Config,
    pub(crate) store: Arc<dyn Store>,
    writer: BatchWriter,
    matches: StdMutex<HashMap<Arc<str>, Arc<Slot>>>,
    bot_permits: Arc<Semaphore>,
    pub(crate) live_matches: AtomicUsize,
    pub(crate) ws_connections: AtomicUsize,
    /// The per-client limits and the global cap on requests in flight.
    pub(crate) limits: Arc<Limits>,
    /// "Your turn" notifications (Web Push, webhooks).
    pub(crate) notifier: Arc<Notifier>,
    /// The waiting rooms this node serves (`tables`).
    pub(crate) rooms: crate::tables::Rooms,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("store", &self.store).finish_non_exhaustive()
    }
}

impl App {
    pub(crate) async fn new(config: Config, store: Arc<dyn Store>) -> Result<Arc<App>, ApiError> {
        let writer = BatchWriter::spawn(store.clone(), config.write_batch);
        let live = store.count_live().await? as usize;
        let bot_permits = Arc::new(Semaphore::new(config.bot_threads()));
        let notifier = Notifier::start(&config, store.clone());
        let app = Arc::new(App {
            store,
            writer,
            matches: StdMutex::new(HashMap::new()),
            bot_permits,
            live_matches: AtomicUsize::new(live),
            ws_connections: AtomicUsize::new(0),
            limits: Arc::new(Limits::new(&config)),
            notifier,
            rooms: Default::default(),
            config,
        });
        metrics::gauge!("safehouse_matches_live").set(live as f64);
        Ok(app)
    }

    pub(crate) fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, Arc<Slot>>> {
        self.matches.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Number of matches held in memory.
    pub fn loaded_matches(&self) -> usize {
        self.slots().len()
    }

    /// Number of WebSockets open (or being opened) now.
    pub fn open_websockets(&self) -> usize {
        self.ws_connections.load(Ordering::Relaxed)
    }

    /// The actions of a match exactly as stored (for tests and audits).
    pub async fn stored_actions(&self, id: &str) -> Result<Vec<Value>, ApiError> {
        let stored = self.store.load_match(id).await?.ok_or_else(|| ApiError::not_found(format!("no match `{id}`")))?;
        Ok(stored.actions.into_iter().map(|a| a.action).collect())
    }

    /// The match with this id, loaded from the store if it is not in memory.
    pub(crate) async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.slots().get(id) {
            return Ok(slot.clone());
        }
        if id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ApiError::not_found(format!("no match `{id}`")));
        }
        let stored = self.store.load_match(id).await?.ok_or_else(|| ApiError::not_found(format!("no match `{id}`")))?;
        // Nothing of the game exists before the start.
        if !crate::tables::is_started(&stored) {
            return Err(crate::tables::not_started(id));
        }
        let live = LiveMatch::build(stored)?;
        Ok(self.hold_loaded(live).await)
    }

    /// Puts a match just read from the store in memory (or takes the copy another caller put
    /// there first) and, if it is the one put there, catches it up with the store.
    ///
    /// Another node may store an action (or let a seat join) after `load_match` read the match
    /// and before the slot is in the map: that notice finds no slot and is dropped, and the
    /// match would stay behind until the next notice, for ever if the next move is one this
    /// node's watcher is waiting to see. So the store is read again once the slot is in the map:
    /// what was stored before that is caught up here, what is stored after it comes as a notice.
    async fn hold_loaded(self: &Arc<Self>, live: LiveMatch) -> Arc<Slot> {
        let key = live.id.clone();
        let (slot, inserted) = {
            let mut slots = self.slots();
            match slots.get(&key) {
                Some(existing) => (existing.clone(), false),
                None => {
                    let slot = Arc::new(Slot { state: Mutex::new(live) });
                    slots.insert(key.clone(), slot.clone());
                    metrics::gauge!("safehouse_matches_loaded").set(slots.len() as f64);
                    (slot, true)
                }
            }
        };
        if inserted {
            self.catch_up(&key).await;
            self.refresh_seats(&key).await;
            let mut lm = slot.state.lock().await;
            self.schedule_bot(&slot, &mut lm);
        }
        slot
    }

    /// Loads every unfinished match (at start-up), so bots and timers resume.
    pub(crate) async fn resume_all(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.live_match_ids().await?;
        let mut resumed = 0;
        for id in ids {
            match self.get(&id).await {
                Ok(_) => resumed += 1,
                Err(error) if error.code == "table_not_started" => match self.adopt_room(&id).await {
                    Ok(_) => resumed += 1,
                    Err(error) => tracing::error!(match_id = %id, %error, "cannot resume a waiting room"),
                },
                Err(error) => tracing::error!(match_id = %id, %error, "cannot resume match"),
            }
        }
        Ok(resumed)
    }

    /// Admits one more unfinished match for `creator`: the server's cap, the client's share and
    /// its creation rate. The hold is the client's place, given back when the match ends.
    pub(crate) fn admit(&self, creator: Option<std::net::IpAddr>) -> Result<Option<Held>, ApiError> {
        if self.live_matches.load(Ordering::Relaxed) >= self.config.max_matches {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_matches",
                format!("this server holds its maximum of {} open matches; try later", self.config.max_matches),
            )
            .retry_after(Duration::from_secs(60)));
        }
        // One client's share of the open matches, then its creation rate: nobody can fill the
        // server's `max_matches` alone, nor churn through matches.
        let held = match creator {
            Some(ip) => {
                let share = self.config.max_matches_per_client.max(1);
                let Some(held) = self.limits.matches_per_client.try_hold(ip, share) else {
                    return Err(ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "too_many_matches_for_client",
                        format!("one client may have at most {share} unfinished matches; finish one first"),
                    )
                    .retry_after(Duration::from_secs(60)));
                };
                if let Err(wait) = self.limits.creates.take(ip, 1) {
                    metrics::counter!("safehouse_rate_limited_total", "via" => "create").increment(1);
                    return Err(ApiError::rate_limited().retry_after(wait));
                }
                Some(held)
            }
            None => None,
        };
        Ok(held)
    }

    /// Counts a new unfinished match.
    pub(crate) fn count_created(&self) {
        self.live_matches.fetch_add(1, Ordering::Relaxed);
        metrics::counter!("safehouse_matches_created_total").increment(1);
        metrics::gauge!("safehouse_matches_live").set(self.live_matches.load(Ordering::Relaxed) as f64);
    }

    /// Creates a match (already validated) and holds it in memory.
    pub(crate) async fn create(
        self: &Arc<Self>,
        game: &'static dyn DynGame,
        options: Value,
        plan: Vec<SeatPlan>,
        settings: TableSettings,
        creator: Option<std::net::IpAddr>,
    ) -> Result<Arc<Slot>, ApiError> {
        self.create_as(token::match_id(), game, options, plan, settings, creator).await
    }

    /// Creates a match with the id given (a rematch's id is derived from its old match's, so the
    /// store refuses a second one: `duplicate_match`).
    pub(crate) async fn create_as(
        self: &Arc<Self>,
        id: String,
        game: &'static dyn DynGame,
        options: Value,
        plan: Vec<SeatPlan>,
        settings: TableSettings,
        creator: Option<std::net::IpAddr>,
    ) -> Result<Arc<Slot>, ApiError> {
        let held = self.admit(creator)?;
        let players = plan.len();
        let seed = token::random_u64();
        let setup = safehouse_engine::DynSetup {
            players: Some(players),
            preset: None,
            options: Some(options.clone()),
            seed,
            deal: None,
        };
        // Validates the whole setup before anything is stored.
        game.new_match(&setup)?;
        let header = NewMatch {
            id,
            game: game.info().id.to_owned(),
            players: players as u8,
            options,
            seed,
            deal: None,
            seats: serde_json::to_value(&plan).map_err(|e| ApiError::internal(e.to_string()))?,
            created_at_ms: now_ms(),
            settings: settings.to_stored(),
        };
        self.store.create_match(&header).await?;
        self.count_created();
        let stored = StoredMatch {
            header,
            finished: false,
            outcome: None,
            actions: Vec::new(),
            seats: Vec::new(),
            table_events: Vec::new(),
        };
        let mut live = LiveMatch::build(stored)?;
        live.creator = held;
        let key = live.id.clone();
        let slot = Arc::new(Slot { state: Mutex::new(live) });
        {
            let mut slots = self.slots();
            slots.insert(key, slot.clone());
            metrics::gauge!("safehouse_matches_loaded").set(slots.len() as f64);
        }
        {
            let mut lm = slot.state.lock().await;
            self.schedule_bot(&slot, &mut lm);
        }
        Ok(slot)
    }

    /// Rebuilds a match from the store (after a conflict or a failed write).
    pub(crate) async fn rebuild(&self, lm: &mut LiveMatch) -> Result<(), ApiError> {
        let stored = match self.store.load_match(&lm.id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(ApiError::internal("match vanished from the store")),
            Err(error) => {
                lm.broken = true;
                return Err(error.into());
            }
        };
        let fresh = LiveMatch::build(stored)?;
        let was_finished = lm.finished;
        lm.game_match = fresh.game_match;
        lm.seq = fresh.seq;
        lm.log = fresh.log;
        lm.claims = fresh.claims;
        lm.away = fresh.away;
        lm.finished = fresh.finished;
        lm.turn_since_ms = fresh.turn_since_ms;
        lm.idle_wait_since_ms = lm.idle_wait_since_ms.max(fresh.turn_since_ms);
        lm.clocks = fresh.clocks;
        lm.forced_outcome = fresh.forced_outcome;
        lm.broken = false;
        if lm.finished && !was_finished {
            self.count_finished();
            lm.creator = None;
        }
        lm.publish_welcome();
        Ok(())
    }

    pub(crate) fn count_finished(&self) {
        let _ = self.live_matches.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| Some(n.saturating_sub(1)));
        metrics::counter!("safehouse_matches_finished_total").increment(1);
        metrics::gauge!("safehouse_matches_live").set(self.live_matches.load(Ordering::Relaxed) as f64);
    }

    /// Ends a match without a game outcome (`outcome` was stored by `close_match` at `at_ms`).
    pub(crate) fn finish_without_game_outcome(&self, lm: &mut LiveMatch, outcome: Value, at_ms: i64) {
        if let Some(clocks) = lm.clocks.as_mut() {
            clocks.stop(at_ms);
        }
        lm.forced_outcome = Some(outcome);
        if !lm.finished {
            lm.finished = true;
            lm.idle_since = Instant::now();
            lm.creator = None;
            self.count_finished();
        }
    }

    /// Makes sure the in-memory match matches the store before it is used.
    pub(crate) async fn ensure_sound(&self, lm: &mut LiveMatch) -> Result<(), ApiError> {
        if lm.broken { self.rebuild(lm).await } else { Ok(()) }
    }

    /// Applies, stores and pushes one action. `lm` is the locked match of `slot`.
    pub(crate) async fn act_locked(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        lm: &mut LiveMatch,
        seat: Seat,
        action: &Value,
        expected_seq: u64,
        actor: Actor,
    ) -> Result<Acted, ApiError> {
        let started = Instant::now();
        self.ensure_sound(lm).await?;
        if lm.finished {
            return Err(safehouse_engine::ActionError::GameOver.into());
        }
        if expected_seq != lm.seq {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "stale_seq",
                format!("this action was meant for move {expected_seq}, but the match is at move {}", lm.seq),
            )
            .with(json!({ "seq": lm.seq })));
        }
        lm.game_match.act(seat, action)?;
        let seq = lm.seq + 1;
        let outcome = lm.outcome_json();
        let at_ms = now_ms();
        let append = Append {
            match_id: lm.id.to_string(),
            action: StoredAction { seq, seat: seat.0, action: action.clone(), actor: actor.as_str().to_owned(), at_ms },
            finish: outcome.clone(),
        };
        let stored_at = Instant::now();
        let result = self.writer.append(append).await;
        metrics::histogram!("safehouse_store_append_seconds").record(stored_at.elapsed().as_secs_f64());
        match result {
            Ok(AppendOutcome::Stored) => {
                lm.seq = seq;
                lm.log.push(lm.game_match.as_ref(), seat, crate::log::LogActor::from_stored(actor.as_str()));
                lm.clocks_after(seat, at_ms);
                if outcome.is_some() {
                    lm.finished = true;
                    lm.idle_since = Instant::now();
                    lm.creator = None;
                    self.count_finished();
                }
                lm.publish_action(seat);
                // Only the node that stored the action tells the next player (once per turn).
                self.notifier.after_action(lm, seat);
                let events = lm.game_match.last_events_for(Viewer::Seat(seat));
                metrics::counter!("safehouse_actions_total", "actor" => actor.as_str()).increment(1);
                metrics::histogram!("safehouse_action_seconds").record(started.elapsed().as_secs_f64());
                self.schedule_bot(slot, lm);
                Ok(Acted { seq, events })
            }
            Ok(AppendOutcome::Conflict) => {
                self.rebuild(lm).await?;
                metrics::counter!("safehouse_conflicts_total").increment(1);
                Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "conflict",
                    "another action was stored first; look at the current view and try again",
                )
                .with(json!({ "seq": lm.seq })))
            }
            Err(error) => {
                tracing::error!(match_id = %lm.id, %error, "storing an action failed");
                let _ = self.rebuild(lm).await;
                Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "storage_error",
                    "the action could not be stored; try again",
                ))
            }
        }
    }

    /// Applies actions another node stored (PostgreSQL notices).
    pub(crate) async fn catch_up(self: &Arc<Self>, id: &str) {
        let slot = match self.slots().get(id) {
            Some(slot) => slot.clone(),
            None => return,
        };
        let mut lm = slot.state.lock().await;
        if let Err(error) = self.catch_up_locked(&mut lm).await {
            tracing::warn!(match_id = %id, %error, "catch-up failed; rebuilding");
            let _ = self.rebuild(&mut lm).await;
        }
    }

    async fn catch_up_locked(&self, lm: &mut LiveMatch) -> Result<(), ApiError> {
        self.ensure_sound(lm).await?;
        let actions = self.store.actions_since(&lm.id, lm.seq).await?;
        for stored in actions {
            if stored.seq != lm.seq + 1 {
                return Err(ApiError::internal("gap in the stored actions"));
            }
            lm.game_match.act(Seat(stored.seat), &stored.action)?;
            lm.seq = stored.seq;
            lm.log.push(lm.game_match.as_ref(), Seat(stored.seat), crate::log::LogActor::from_stored(&stored.actor));
            lm.clocks_after(Seat(stored.seat), stored.at_ms);
            if lm.game_match.to_move().is_none() && !lm.finished {
                lm.finished = true;
                lm.idle_since = Instant::now();
                lm.creator = None;
            }
            lm.publish_action(Seat(stored.seat));
        }
        Ok(())
    }

    /// Re-reads the joined seats and away flags (another node changed them).
    pub(crate) async fn refresh_seats(self: &Arc<Self>, id: &str) {
        let slot = match self.slots().get(id) {
            Some(slot) => slot.clone(),
            None => return,
        };
        let mut lm = slot.state.lock().await;
        if let Ok(claims) = self.store.seat_claims(id).await {
            apply_claims(&mut lm, claims);
            lm.publish_seats();
            self.schedule_bot(&slot, &mut lm);
        }
    }

    /// Every match in memory checked against the store (after a lost LISTEN connection).
    pub(crate) async fn resync_all(self: &Arc<Self>) {
        let ids: Vec<Arc<str>> = self.slots().keys().cloned().collect();
        for id in ids {
            self.catch_up(&id).await;
            self.refresh_seats(&id).await;
        }
    }

    /// The seat a token opens in this match, checking the store if another node let it join.
    pub(crate) async fn authenticate(&self, lm: &mut LiveMatch, token: &str) -> Result<Seat, ApiError> {
        if let Some(seat) = lm.seat_for_token(token) {
            return Ok(seat);
        }
        if lm.claims.iter().any(Option::is_none) {
            let claims = self.store.seat_claims(&lm.id).await?;
            apply_claims(lm, claims);
            if let Some(seat) = lm.seat_for_token(token) {
                return Ok(seat);
            }
        }
        metrics::counter!("safehouse_rejected_tokens_total").increment(1);
        Err(ApiError::bad_token())
    }

    /// Claims a person's seat with its invite code; returns the seat's new token.
    pub(crate) async fn join(
        self: &Arc<Self>,
        lm: &mut LiveMatch,
        seat: u8,
        invite: &str,
        name: Option<String>,
    ) -> Result<String, ApiError> {
        let index = usize::from(seat);
        let plan = lm.plan.get(index).ok_or_else(|| ApiError::not_found(format!("no seat {seat} in this match")))?;
        let invite_ok = plan.invite_hash.as_deref().is_some_and(|h| token::same_hash(h, &token::hash(invite)));
        if plan.kind != SeatKind::Person || !invite_ok {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "bad_invite", "this invite code does not open that seat"));
        }
        if lm.claims[index].is_some() {
            return Err(ApiError::new(StatusCode::CONFLICT, "seat_taken", "somebody already joined this seat"));
        }
        let name = name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
        let secret = token::new_token();
        let claim = SeatClaim { seat, token_hash: token::hash(&secret), name, joined_at_ms: now_ms(), away: false };
        if !self.store.claim_seat(&lm.id, &claim).await? {
            let claims = self.store.seat_claims(&lm.id).await?;
            apply_claims(lm, claims);
            lm.publish_seats();
            return Err(ApiError::new(StatusCode::CONFLICT, "seat_taken", "somebody already joined this seat"));
        }
        lm.claims[index] = Some(claim);
        lm.away[index] = false;
        lm.publish_seats();
        Ok(secret)
    }

    /// Starts the bot of the seat to move, if the server plays that seat.
    pub(crate) fn schedule_bot(self: &Arc<Self>, slot: &Arc<Slot>, lm: &mut LiveMatch) {
        if lm.finished || lm.bot_pending || lm.broken || !lm.started() {
            return;
        }
        let Some(seat) = lm.game_match.to_move() else { return };
        if !lm.server_plays(seat) {
            return;
        }
        lm.bot_pending = true;
        let seq = lm.seq;
        let app = self.clone();
        let slot = slot.clone();
        tokio::spawn(async move { app.run_bot(slot, seat, seq).await });
    }

    async fn run_bot(self: Arc<Self>, slot: Arc<Slot>, seat: Seat, seq: u64) {
        if self.config.bot_delay_ms > 0 {
            tokio::time::sleep(Duration::from_millis(self.config.bot_delay_ms)).await;
        }
        let Ok(permit) = self.bot_permits.clone().acquire_owned().await else { return };
        let prepared = {
            let mut lm = slot.state.lock().await;
            if lm.seq != seq || lm.finished || lm.game_match.to_move() != Some(seat) || !lm.server_plays(seat) {
                lm.bot_pending = false;
                self.schedule_bot(&slot, &mut lm);
                return;
            }
            let view = lm.game_match.view(Viewer::Seat(seat));
            let legal = lm.game_match.legal_actions();
            let difficulty = lm.plan[seat.index()].difficulty.unwrap_or_default();
            let bot_seed = lm.seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let game_id = lm.game.info().id;
            let bot = lm.bots[seat.index()].take().unwrap_or_else(|| make_bot(game_id, difficulty, bot_seed));
            (view, legal, bot)
        };
        let (view, legal, mut bot) = prepared;
        let chosen = tokio::task::spawn_blocking(move || {
            let choice = bot.choose(&view, &legal);
            (bot, choice, legal)
        })
        .await;
        drop(permit);
        let mut lm = slot.state.lock().await;
        lm.bot_pending = false;
        let (bot, choice, legal) = match chosen {
            Ok(done) => done,
            Err(error) => {
                tracing::error!(match_id = %lm.id, %error, "a bot crashed; a new one will play");
                self.schedule_bot(&slot, &mut lm);
                return;
            }
        };
        lm.bots[seat.index()] = Some(bot);
        if lm.seq != seq || lm.game_match.to_move() != Some(seat) || !lm.server_plays(seat) {
            self.schedule_bot(&slot, &mut lm);
            return;
        }
        let action = match choice {
            Ok(action) if legal.contains(&action) => action,
            other => {
                tracing::warn!(match_id = %lm.id, ?other, "the bot gave no legal action; playing the first legal one");
                match legal.into_iter().next() {
                    Some(first) => first,
                    None => return,
                }
            }
        };
        let actor = if lm.plan[seat.index()].kind == SeatKind::Bot { Actor::Bot } else { Actor::Takeover };
        if let Err(error) = self.act_locked(&slot, &mut lm, seat, &action, seq, actor).await {
            tracing::warn!(match_id = %lm.id, %error, "a bot's action was not applied");
            self.schedule_bot(&slot, &mut lm);
        }
    }

    /// Handles what other nodes announce.
    pub(crate) async fn on_notice(self: &Arc<Self>, notice: Notice) {
        match notice {
            Notice::Action { match_id, .. } => self.catch_up(&match_id).await,
            Notice::Seats { match_id } => {
                self.refresh_seats(&match_id).await;
                self.room_notice(&match_id).await;
            }
            Notice::Table { match_id, n } => {
                self.notifier.table_changed(&match_id);
                self.room_notice(&match_id).await;
                crate::chat::on_table_notice(self, &match_id, n).await;
            }
            Notice::Closed { match_id } => {
                self.room_notice(&match_id).await;
                self.closed_elsewhere(&match_id).await;
            }
            Notice::Resync => {
                self.notifier.resync();
                self.resync_all().await;
                self.resync_rooms().await;
            }
        }
    }
}

#[cfg(test)]
mod load_race_tests;

fn apply_claims(lm: &mut LiveMatch, claims: Vec<SeatClaim>) {
    for claim in claims {
        let index = usize::from(claim.seat);
        // A waiting room's bot seats hold markers, not people.
        if index < lm.claims.len() && lm.plan[index].kind == SeatKind::Person {
            lm.away[index] = claim.away;
            lm.claims[index] = Some(claim);
        }
    }
}
