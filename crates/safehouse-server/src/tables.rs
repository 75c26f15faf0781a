//! Open tables and waiting rooms (issue 13, item 1).
//!
//! A match created with `waiting_room: true` does not start at once: its seats are taken and left
//! in a *waiting room* until the creator starts it (or a person takes the last free seat). Until
//! then nothing is dealt: no game state is built (no `LiveMatch` exists), so no view, no event and
//! no bot move can exist either. [`is_started`] is the one check every path uses.
//!
//! Everything about a waiting room lives in the store, so every node agrees on it:
//! - **Who sits** is the match's seat claims (`sh_seats`), each taken atomically by
//!   `Store::claim_seat` (two people racing for a seat, on one node or two: one wins). A person's
//!   claim holds the hash of their seat token; a seat the creator gave to a bot holds the marker
//!   `bot:<level>` instead (no token hashes to it). Leaving and removal are `Store::release_seat`.
//! - **The table log** records each change (`opened`, `seat_taken`, `seat_left`, `seat_removed`,
//!   `seat_bot`, `seat_freed`, `started`), which announces it to the other nodes
//!   (`Notice::Table`). The first `started` event holds the seat plan the match is played with:
//!   every node builds the match from that plan, whatever claims arrived after it.
//! - **The lobby** lists public waiting rooms (`Store::set_listing`), taken off at the start or
//!   when the table expires (`Store::close_match` after `waiting_room_expiry_secs` without a
//!   change).
//!
//! A node holds the waiting rooms it serves in memory ([`Room`]), each rebuilt from the store
//! after every change (its own or another node's), and pushes the new state to the room's
//! WebSockets (`GET /api/tables/{id}/ws`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use futures_util::{SinkExt, StreamExt};
use safehouse_api::Difficulty;
use safehouse_api::settings::{TableSettings, Visibility};
use safehouse_api::tables::{
    BotSeat, ListTables, SeatTaken, TableInfo, TableSeat, TableSeatState, TableStatus, TakeSeat,
};
use safehouse_engine::DynGame;
use safehouse_store::{NewMatch, SeatClaim, StoredMatch};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::{Mutex, broadcast};

use crate::app::request_token;
use crate::app::{App, SeatKind, SeatPlan, now_ms};
use crate::error::ApiError;
use crate::limits::Held;
use crate::settings::TableSettingsExt;
use crate::token;
use safehouse_api::ErrorBody;

/// Table log kinds written by the waiting room.
pub mod kinds {
    /// The table was opened: `{creator_hash, invite_hash}` (hashes only; never sent to clients).
    pub const OPENED: &str = "opened";
    /// A person took a seat: `{seat, name}`.
    pub const SEAT_TAKEN: &str = "seat_taken";
    /// A person left their seat: `{seat}`.
    pub const SEAT_LEFT: &str = "seat_left";
    /// The creator removed a person: `{seat}`.
    pub const SEAT_REMOVED: &str = "seat_removed";
    /// The creator gave a free seat to a bot: `{seat, difficulty}`.
    pub const SEAT_BOT: &str = "seat_bot";
    /// The creator freed a bot's seat: `{seat}`.
    pub const SEAT_FREED: &str = "seat_freed";
    /// The match started: `{seats: [seat plan...], reason: "creator" | "full"}`.
    pub const STARTED: &str = "started";
}

/// The part of a match's stored settings the waiting room reads.
fn room_settings(stored: &NewMatch) -> TableSettings {
    TableSettings::from_stored(&stored.settings)
}

/// The marker a bot's seat claim holds instead of a token hash.
fn bot_marker(difficulty: Difficulty) -> String {
    format!("bot:{}", difficulty.name())
}

fn parse_bot_marker(hash: &str) -> Option<Difficulty> {
    let level = hash.strip_prefix("bot:")?;
    serde_json::from_value(Value::String(level.to_owned())).ok()
}

/// Whether a stored match has started: a match without a waiting room starts when it is created;
/// one with a waiting room when its table log holds a `started` event. Nothing of the game (state,
/// views, bots) is built before.
pub fn is_started(stored: &StoredMatch) -> bool {
    !room_settings(&stored.header).waiting_room || started_event(stored).is_some()
}

fn started_event(stored: &StoredMatch) -> Option<&safehouse_store::TableEvent> {
    stored.table_events.iter().find(|e| e.kind == kinds::STARTED)
}

/// The seat plan a waiting-room match is played with (the first `started` event's), if it has one.
pub(crate) fn started_plan(stored: &StoredMatch) -> Option<Vec<SeatPlan>> {
    if !room_settings(&stored.header).waiting_room {
        return None;
    }
    let event = started_event(stored)?;
    serde_json::from_value(event.data.get("seats")?.clone()).ok()
}

/// `409 table_not_started`: the match is still in its waiting room.
pub(crate) fn not_started(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "table_not_started",
        format!("match `{id}` is still in its waiting room; see /api/tables/{id}"),
    )
}

fn started_error() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "table_started", "this table has started; its seats no longer change")
}

fn expired_error() -> ApiError {
    ApiError::new(StatusCode::GONE, "table_expired", "this table expired before it started")
}

fn not_creator() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_creator", "only whoever created the table may do this")
}

fn seat_taken() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "seat_taken", "this seat is not free")
}

/// One seat of a waiting room.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SeatState {
    Free,
    Bot(Difficulty),
    Person { name: Option<String>, token_hash: String },
}

/// A waiting room in memory: a function of the stored match, rebuilt after every change.
pub(crate) struct Room {
    id: Arc<str>,
    game: &'static dyn DynGame,
    options: Value,
    visibility: Visibility,
    seats: Vec<SeatState>,
    creator_hash: Option<String>,
    invite_hash: Option<String>,
    status: TableStatus,
    created_at_ms: i64,
    last_change_ms: i64,
    tx: Option<broadcast::Sender<Arc<str>>>,
    /// The creator's place among its client's unfinished matches (moves to the match at the start).
    creator: Option<Held>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room").field("id", &self.id).field("status", &self.status).finish_non_exhaustive()
    }
}

/// A waiting room's place in memory.
#[derive(Debug)]
pub(crate) struct RoomSlot {
    state: Mutex<Room>,
}

/// The waiting rooms this node serves.
#[derive(Debug, Default)]
pub(crate) struct Rooms {
    map: StdMutex<HashMap<Arc<str>, Arc<RoomSlot>>>,
    /// When the sweep last read the lobby for stale tables (ms since the epoch).
    lobby_checked_ms: std::sync::atomic::AtomicI64,
}

impl Rooms {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, Arc<RoomSlot>>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Number of waiting rooms held in memory.
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
}

impl Room {
    fn build(stored: &StoredMatch) -> Result<Room, ApiError> {
        let header = &stored.header;
        let found = safehouse_games::find(&header.game)?;
        let settings = room_settings(header);
        let players = usize::from(header.players);
        let mut seats = vec![SeatState::Free; players];
        for claim in &stored.seats {
            if let Some(seat) = seats.get_mut(usize::from(claim.seat)) {
                *seat = match parse_bot_marker(&claim.token_hash) {
                    Some(level) => SeatState::Bot(level),
                    None => SeatState::Person { name: claim.name.clone(), token_hash: claim.token_hash.clone() },
                };
            }
        }
        let opened = stored.table_events.iter().find(|e| e.kind == kinds::OPENED);
        let hash = |key: &str| opened.and_then(|e| e.data.get(key)).and_then(Value::as_str).map(str::to_owned);
        let status = if is_started(stored) {
            TableStatus::Started
        } else if stored.finished {
            TableStatus::Expired
        } else {
            TableStatus::Waiting
        };
        let last_event = stored.table_events.iter().map(|e| e.at_ms).max().unwrap_or(0);
        let last_claim = stored.seats.iter().map(|c| c.joined_at_ms).max().unwrap_or(0);
        Ok(Room {
            id: Arc::from(header.id.as_str()),
            game: found.game,
            options: header.options.clone(),
            visibility: settings.visibility,
            seats,
            creator_hash: hash("creator_hash"),
            invite_hash: hash("invite_hash"),
            status,
            created_at_ms: header.created_at_ms,
            last_change_ms: header.created_at_ms.max(last_event).max(last_claim),
            tx: None,
            creator: None,
        })
    }

    /// Takes over the rebuilt state of the stored match, keeping the watchers and the creator's hold.
    fn refresh_from(&mut self, fresh: Room) {
        let tx = self.tx.take();
        let creator = self.creator.take();
        *self = Room { tx, creator, ..fresh };
    }

    fn info(&self, expiry: Option<Duration>) -> TableInfo {
        let seats: Vec<TableSeat> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let (state, name, difficulty) = match seat {
                    SeatState::Free => (TableSeatState::Free, None, None),
                    SeatState::Bot(level) => (TableSeatState::Bot, None, Some(*level)),
                    SeatState::Person { name, .. } => (TableSeatState::Person, name.clone(), None),
                };
                TableSeat { seat: i as u8, state, name, difficulty }
            })
            .collect();
        TableInfo {
            id: self.id.to_string(),
            game: self.game.info().id.to_owned(),
            players: self.seats.len(),
            options: self.options.clone(),
            visibility: self.visibility,
            status: self.status,
            free_seats: seats.iter().filter(|s| s.state == TableSeatState::Free).count(),
            seats,
            created_at_ms: self.created_at_ms,
            expires_at_ms: match (self.status, expiry) {
                (TableStatus::Waiting, Some(expiry)) => Some(self.last_change_ms + expiry.as_millis() as i64),
                _ => None,
            },
        }
    }

    fn check_waiting(&self) -> Result<(), ApiError> {
        match self.status {
            TableStatus::Waiting => Ok(()),
            TableStatus::Started => Err(started_error()),
            TableStatus::Expired => Err(expired_error()),
        }
    }

    fn check_creator(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let given = request_token(headers, None).ok_or_else(not_creator)?;
        match &self.creator_hash {
            Some(expected) if token::same_hash(expected, &token::hash(&given)) => Ok(()),
            _ => Err(not_creator()),
        }
    }

    fn seat(&self, seat: u8) -> Result<&SeatState, ApiError> {
        self.seats.get(usize::from(seat)).ok_or_else(|| ApiError::not_found(format!("no seat {seat} at this table")))
    }

    /// The seat a token opens at this table.
    fn seat_of_token(&self, token: &str) -> Option<u8> {
        let hash = token::hash(token);
        self.seats
            .iter()
            .position(|s| matches!(s, SeatState::Person { token_hash, .. } if token::same_hash(token_hash, &hash)))
            .map(|i| i as u8)
    }

    /// The plan the match is played with: free seats go to medium bots.
    fn plan(&self) -> Vec<SeatPlan> {
        self.seats
            .iter()
            .map(|seat| match seat {
                SeatState::Person { name, .. } => {
                    SeatPlan { kind: SeatKind::Person, difficulty: None, name: name.clone(), invite_hash: None }
                }
                SeatState::Bot(level) => {
                    SeatPlan { kind: SeatKind::Bot, difficulty: Some(*level), name: None, invite_hash: None }
                }
                SeatState::Free => SeatPlan {
                    kind: SeatKind::Bot,
                    difficulty: Some(Difficulty::default()),
                    name: None,
                    invite_hash: None,
                },
            })
            .collect()
    }

    fn publish(&mut self, text: String) {
        if let Some(tx) = &self.tx {
            if tx.receiver_count() == 0 {
                self.tx = None;
                return;
            }
            let _ = tx.send(Arc::from(text));
        }
    }

    /// The message every watcher gets: the table as it is now, or where to go once it started.
    /// `type` comes first, so a watcher's loop reads it from the text's start.
    fn message(&self, expiry: Option<Duration>) -> String {
        #[derive(Serialize)]
        struct RoomMessage<'a> {
            #[serde(rename = "type")]
            kind: &'static str,
            #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
            match_id: Option<&'a str>,
            table: TableInfo,
        }
        let (kind, match_id) = match self.status {
            TableStatus::Waiting => ("waiting", None),
            TableStatus::Started => ("started", Some(self.id.as_ref())),
            TableStatus::Expired => ("expired", None),
        };
        serde_json::to_string(&RoomMessage { kind, match_id, table: self.info(expiry) }).unwrap_or_default()
    }
}

/// What creating a waiting room returns besides the match.
#[derive(Debug)]
pub(crate) struct WaitingCreated {
    pub(crate) id: String,
    pub(crate) creator_token: String,
    pub(crate) invite: Option<String>,
    pub(crate) joined: Option<(u8, String)>,
    pub(crate) table: TableInfo,
}

/// A waiting room to open.
pub(crate) struct WaitingRequest {
    /// The game.
    pub(crate) game: &'static dyn DynGame,
    /// Its full options.
    pub(crate) options: Value,
    /// The requested seats (people's seats are free, bots' seats are the bots').
    pub(crate) plan: Vec<SeatPlan>,
    /// The table's settings (checked; `waiting_room` and `visibility` are set here).
    pub(crate) settings: TableSettings,
    /// The seat the creator takes at once, with a name.
    pub(crate) join: Option<(u8, Option<String>)>,
}

impl App {
    /// Number of waiting rooms this node holds in memory.
    pub fn waiting_rooms(&self) -> usize {
        self.rooms.len()
    }

    fn expiry(&self) -> Option<Duration> {
        (self.config.waiting_room_expiry_secs > 0).then(|| Duration::from_secs(self.config.waiting_room_expiry_secs))
    }

    /// Creates a match in a waiting room, as `request` asks, for the client at `creator`.
    pub(crate) async fn create_waiting(
        self: &Arc<Self>,
        request: WaitingRequest,
        creator: Option<IpAddr>,
    ) -> Result<WaitingCreated, ApiError> {
        let WaitingRequest { game, options, plan, mut settings, join } = request;
        settings.waiting_room = true;
        let visibility = settings.visibility;
        let held = self.admit(creator)?;
        let players = plan.len();
        let seed = token::random_u64();
        // The setup is checked (a game built and dropped at once); nothing is kept or shown.
        let setup = safehouse_engine::DynSetup {
            players: Some(players),
            preset: None,
            options: Some(options.clone()),
            seed,
            deal: None,
        };
        drop(game.new_match(&setup)?);
        // Every seat is planned as a person's until the start; bots sit through their markers.
        let open_plan: Vec<SeatPlan> = (0..players)
            .map(|_| SeatPlan { kind: SeatKind::Person, difficulty: None, name: None, invite_hash: None })
            .collect();
        let id = token::match_id();
        let header = NewMatch {
            id: id.clone(),
            game: game.info().id.to_owned(),
            players: players as u8,
            options,
            seed,
            deal: None,
            seats: serde_json::to_value(&open_plan).map_err(|e| ApiError::internal(e.to_string()))?,
            created_at_ms: now_ms(),
            settings: settings.to_stored(),
        };
        self.store.create_match(&header).await?;
        self.count_created();
        let creator_token = token::new_token();
        let invite = (visibility == Visibility::Private).then(token::new_invite);
        let opened = json!({
            "creator_hash": token::hash(&creator_token),
            "invite_hash": invite.as_deref().map(token::hash),
        });
        self.store.append_table_event(&id, kinds::OPENED, &opened, now_ms()).await?;
        for (seat, wanted) in plan.iter().enumerate() {
            if wanted.kind == SeatKind::Bot {
                let level = wanted.difficulty.unwrap_or_default();
                let claim = SeatClaim {
                    seat: seat as u8,
                    token_hash: bot_marker(level),
                    name: None,
                    joined_at_ms: now_ms(),
                    away: false,
                };
                self.store.claim_seat(&id, &claim).await?;
            }
        }
        let mut joined = None;
        if let Some((seat, name)) = join {
            let secret = token::new_token();
            let name = name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
            let claim = SeatClaim {
                seat,
                token_hash: token::hash(&secret),
                name: name.clone(),
                joined_at_ms: now_ms(),
                away: false,
            };
            self.store.claim_seat(&id, &claim).await?;
            self.store
                .append_table_event(&id, kinds::SEAT_TAKEN, &json!({ "seat": seat, "name": name }), now_ms())
                .await?;
            joined = Some((seat, secret));
        }
        let slot = self.adopt_room(&id).await?;
        let table = {
            let mut room = slot.state.lock().await;
            room.creator = held;
            self.after_change(&slot, &mut room, "full").await?
        };
        Ok(WaitingCreated { id, creator_token, invite, joined, table })
    }

    /// Loads a table's room from the store into memory (if it still waits) and returns it. A
    /// started or expired table is returned without being kept.
    pub(crate) async fn adopt_room(self: &Arc<Self>, id: &str) -> Result<Arc<RoomSlot>, ApiError> {
        if let Some(slot) = self.rooms.map().get(id) {
            return Ok(slot.clone());
        }
        if id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ApiError::not_found(format!("no table `{id}`")));
        }
        let stored = self.store.load_match(id).await?.ok_or_else(|| ApiError::not_found(format!("no table `{id}`")))?;
        let room = Room::build(&stored)?;
        let waiting = room.status == TableStatus::Waiting;
        let slot = Arc::new(RoomSlot { state: Mutex::new(room) });
        if waiting {
            let mut map = self.rooms.map();
            return Ok(map.entry(Arc::from(id)).or_insert(slot).clone());
        }
        Ok(slot)
    }

    /// Re-reads a room from the store (after a change here or on another node).
    async fn reload_room(&self, room: &mut Room) -> Result<(), ApiError> {
        let stored = self
            .store
            .load_match(&room.id)
            .await?
            .ok_or_else(|| ApiError::internal("table vanished from the store"))?;
        room.refresh_from(Room::build(&stored)?);
        Ok(())
    }

    /// After any change: re-read, start when a person took the last free seat, update the lobby,
    /// tell the watchers and, once started, hand the table to the match.
    async fn after_change(
        self: &Arc<Self>,
        slot: &Arc<RoomSlot>,
        room: &mut Room,
        start_reason: &str,
    ) -> Result<TableInfo, ApiError> {
        self.reload_room(room).await?;
        if room.status == TableStatus::Waiting && !start_reason.is_empty() {
            let full = room.seats.iter().all(|s| *s != SeatState::Free);
            let someone = room.seats.iter().any(|s| matches!(s, SeatState::Person { .. }))
                || room.seats.iter().all(|s| matches!(s, SeatState::Bot(_)));
            if full && someone {
                self.start_locked(room, start_reason).await?;
            }
        }
        self.settle(slot, room).await;
        Ok(room.info(self.expiry()))
    }

    async fn start_locked(&self, room: &mut Room, reason: &str) -> Result<(), ApiError> {
        let plan = room.plan();
        let data = json!({ "seats": plan, "reason": reason });
        self.store.append_table_event(&room.id, kinds::STARTED, &data, now_ms()).await?;
        self.reload_room(room).await
    }

    /// Lists or unlists the room, tells its watchers, and lets go of it once it no longer waits.
    async fn settle(self: &Arc<Self>, slot: &Arc<RoomSlot>, room: &mut Room) {
        let listing = (room.status == TableStatus::Waiting && room.visibility == Visibility::Public)
            .then(|| serde_json::to_value(room.info(self.expiry())).unwrap_or(Value::Null));
        if let Err(error) = self.store.set_listing(&room.id, listing.as_ref(), now_ms()).await {
            tracing::warn!(match_id = %room.id, %error, "could not update the lobby listing");
        }
        let message = room.message(self.expiry());
        room.publish(message);
        if room.status == TableStatus::Waiting {
            return;
        }
        {
            let mut map = self.rooms.map();
            if map.get(&room.id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
                map.remove(&room.id);
            }
        }
        if room.status == TableStatus::Started {
            // The match is built now (from the first `started` event) and its bots begin.
            let held = room.creator.take();
            match self.get(&room.id).await {
                Ok(live) => {
                    if held.is_some() {
                        live.state.lock().await.creator = held;
                    }
                }
                Err(error) => tracing::error!(match_id = %room.id, %error, "a started table does not load"),
            }
        }
    }

    /// Another node changed a table: re-read the room this node holds, if any.
    pub(crate) async fn room_notice(self: &Arc<Self>, id: &str) {
        let Some(slot) = self.rooms.map().get(id).cloned() else { return };
        let mut room = slot.state.lock().await;
        match self.reload_room(&mut room).await {
            Ok(()) => self.settle(&slot, &mut room).await,
            Err(error) => tracing::warn!(match_id = %id, %error, "could not re-read a waiting room"),
        }
    }

    /// Every waiting room re-read (after a lost connection to the database).
    pub(crate) async fn resync_rooms(self: &Arc<Self>) {
        let ids: Vec<Arc<str>> = self.rooms.map().keys().cloned().collect();
        for id in ids {
            self.room_notice(&id).await;
        }
    }

    /// Closes the waiting rooms nothing happened in for `waiting_room_expiry_secs`.
    pub(crate) async fn sweep_rooms(self: &Arc<Self>) {
        let Some(expiry) = self.expiry() else { return };
        let now = now_ms();
        // A public room whose node stopped (or that only another node ever held) still lies in
        // the lobby: any node that sees its listing past its time takes it in to expire it. The
        // lobby is read a few times per expiry period (1 s to 1 min apart), not every sweep.
        let every = (expiry.as_millis() as i64 / 4).clamp(1_000, 60_000);
        let last = self.rooms.lobby_checked_ms.load(std::sync::atomic::Ordering::Relaxed);
        let due = now - last >= every;
        if due {
            self.rooms.lobby_checked_ms.store(now, std::sync::atomic::Ordering::Relaxed);
        }
        let listed = if due { Some(self.store.listings(200).await) } else { None };
        let stale = match listed.unwrap_or_else(|| Ok(Vec::new())) {
            Ok(listed) => listed
                .into_iter()
                .filter(|l| now - l.updated_at_ms >= expiry.as_millis() as i64)
                .filter(|l| !self.rooms.map().contains_key(l.match_id.as_str()))
                .map(|l| l.match_id)
                .collect(),
            Err(error) => {
                tracing::warn!(%error, "could not read the lobby for stale tables");
                Vec::new()
            }
        };
        for id in stale {
            if let Err(error) = self.adopt_room(&id).await {
                tracing::warn!(match_id = %id, %error, "could not take in a stale table");
            }
        }
        let slots: Vec<Arc<RoomSlot>> = self.rooms.map().values().cloned().collect();
        for slot in slots {
            let Ok(mut room) = slot.state.try_lock() else { continue };
            if room.status != TableStatus::Waiting || now - room.last_change_ms < expiry.as_millis() as i64 {
                continue;
            }
            let outcome = json!({ "expired": true, "reason": "the table did not start in time" });
            match self.store.close_match(&room.id, &outcome, now).await {
                Ok(closed) => {
                    if closed {
                        tracing::info!(match_id = %room.id, "waiting room expired");
                        self.count_finished();
                    }
                    if let Err(error) = self.reload_room(&mut room).await {
                        tracing::warn!(match_id = %room.id, %error, "could not re-read an expired table");
                        room.status = TableStatus::Expired;
                    }
                    self.settle(&slot, &mut room).await;
                }
                Err(error) => tracing::warn!(match_id = %room.id, %error, "could not close an expired table"),
            }
        }
    }
}

/// A JSON body that may be left out (an empty body is the defaults).
fn optional_body<T: serde::de::DeserializeOwned + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_request_body", e.to_string()))
}

/// The lobby: public tables waiting for players.
#[utoipa::path(get, path = "/api/tables", params(ListTables),
    responses((status = 200, body = Vec<TableInfo>)))]
pub(crate) async fn list_tables(
    State(app): State<Arc<App>>,
    Query(query): Query<ListTables>,
) -> Result<Json<Vec<Value>>, ApiError> {
    let listed = app.store.listings(query.limit.unwrap_or(50).clamp(1, 200)).await?;
    Ok(Json(listed.into_iter().map(|l| l.listing).collect()))
}

/// A table's waiting room (also for a started or expired table: see `status`).
#[utoipa::path(get, path = "/api/tables/{id}", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = TableInfo), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_table(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<TableInfo>, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let room = slot.state.lock().await;
    Ok(Json(room.info(app.expiry())))
}

/// Takes a free seat (private tables need the table's `invite`). Taking the last free seat starts
/// the match.
#[utoipa::path(post, path = "/api/tables/{id}/seats/{seat}/take",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index")),
    request_body = TakeSeat,
    responses((status = 200, body = SeatTaken), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 410, body = ErrorBody)))]
pub(crate) async fn take_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<SeatTaken>, ApiError> {
    let request: TakeSeat = optional_body(&body)?;
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    if let Some(expected) = &room.invite_hash {
        let given = request.invite.as_deref().unwrap_or("");
        if !token::same_hash(expected, &token::hash(given)) {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "bad_invite", "this table needs its invite link"));
        }
    }
    if *room.seat(seat)? != SeatState::Free {
        return Err(seat_taken());
    }
    if let Some(mine) = request_token(&headers, None).and_then(|t| room.seat_of_token(&t)) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_seated",
            format!("you already sit at seat {mine} of this table; leave it first"),
        ));
    }
    let name = request.name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
    let secret = token::new_token();
    let claim =
        SeatClaim { seat, token_hash: token::hash(&secret), name: name.clone(), joined_at_ms: now_ms(), away: false };
    if !app.store.claim_seat(&id, &claim).await? {
        app.reload_room(&mut room).await?;
        app.settle(&slot, &mut room).await;
        return Err(seat_taken());
    }
    app.store.append_table_event(&id, kinds::SEAT_TAKEN, &json!({ "seat": seat, "name": name }), now_ms()).await?;
    let table = app.after_change(&slot, &mut room, "full").await?;
    Ok(Json(SeatTaken { seat, token: secret, name, table }))
}

/// Leaves the seat the token (`Authorization: Bearer`) opens.
#[utoipa::path(post, path = "/api/tables/{id}/seats/{seat}/leave",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index")),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn leave_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    room.seat(seat)?;
    let token = request_token(&headers, None).ok_or_else(ApiError::bad_token)?;
    if room.seat_of_token(&token) != Some(seat) {
        return Err(ApiError::bad_token());
    }
    app.store.release_seat(&id, seat).await?;
    app.store.append_table_event(&id, kinds::SEAT_LEFT, &json!({ "seat": seat }), now_ms()).await?;
    Ok(Json(app.after_change(&slot, &mut room, "").await?))
}

/// What the creator may change about a seat.
#[derive(Clone, Copy, Debug)]
enum CreatorChange {
    Remove,
    Bot(Difficulty),
    Free,
}

async fn creator_change(
    app: &Arc<App>,
    id: &str,
    seat: u8,
    headers: &HeaderMap,
    change: CreatorChange,
) -> Result<TableInfo, ApiError> {
    let slot = app.adopt_room(id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    room.check_creator(headers)?;
    let current = room.seat(seat)?.clone();
    match (change, current) {
        (CreatorChange::Remove, SeatState::Person { .. }) => {
            app.store.release_seat(id, seat).await?;
            app.store.append_table_event(id, kinds::SEAT_REMOVED, &json!({ "seat": seat }), now_ms()).await?;
        }
        (CreatorChange::Bot(level), SeatState::Free) => {
            let claim =
                SeatClaim { seat, token_hash: bot_marker(level), name: None, joined_at_ms: now_ms(), away: false };
            if !app.store.claim_seat(id, &claim).await? {
                app.reload_room(&mut room).await?;
                app.settle(&slot, &mut room).await;
                return Err(seat_taken());
            }
            app.store
                .append_table_event(id, kinds::SEAT_BOT, &json!({ "seat": seat, "difficulty": level }), now_ms())
                .await?;
        }
        (CreatorChange::Free, SeatState::Bot(_)) => {
            app.store.release_seat(id, seat).await?;
            app.store.append_table_event(id, kinds::SEAT_FREED, &json!({ "seat": seat }), now_ms()).await?;
        }
        (CreatorChange::Remove, _) => {
            return Err(ApiError::new(StatusCode::CONFLICT, "no_person", "no person sits at this seat"));
        }
        (CreatorChange::Bot(_), _) => return Err(seat_taken()),
        (CreatorChange::Free, _) => {
            return Err(ApiError::new(StatusCode::CONFLICT, "no_bot", "no bot sits at this seat"));
        }
    }
    app.after_change(&slot, &mut room, "").await
}

/// The creator (`Authorization: Bearer <creator_token>`) removes the person at a seat.
#[utoipa::path(post, path = "/api/tables/{id}/seats/{seat}/remove",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index")),
    responses((status = 200, body = TableInfo), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn remove_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Remove).await?))
}

/// The creator gives a free seat to a bot.
#[utoipa::path(post, path = "/api/tables/{id}/seats/{seat}/bot",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index")),
    request_body = BotSeat,
    responses((status = 200, body = TableInfo), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn bot_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<TableInfo>, ApiError> {
    let level = optional_body::<BotSeat>(&body)?.difficulty.unwrap_or_default();
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Bot(level)).await?))
}

/// The creator frees a bot's seat for a person.
#[utoipa::path(post, path = "/api/tables/{id}/seats/{seat}/free",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index")),
    responses((status = 200, body = TableInfo), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn free_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Free).await?))
}

/// The creator starts the match; seats still free are played by medium bots. At least one person
/// must sit.
#[utoipa::path(post, path = "/api/tables/{id}/start", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = TableInfo), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 410, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn start_table(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    room.check_creator(&headers)?;
    if !room.seats.iter().any(|s| matches!(s, SeatState::Person { .. })) {
        return Err(ApiError::new(StatusCode::CONFLICT, "nobody_seated", "nobody sits at this table yet"));
    }
    app.start_locked(&mut room, "creator").await?;
    app.settle(&slot, &mut room).await;
    Ok(Json(room.info(app.expiry())))
}

/// The waiting room's WebSocket: a `waiting` message with the table on connect and after every
/// change, then `started` (with the match id) or `expired`, after which the server closes it.
pub(crate) async fn table_socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    peer: Option<axum::Extension<ConnectInfo<std::net::SocketAddr>>>,
    extensions: axum::http::Extensions,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let client = crate::limits::request_client(&extensions).or(peer.map(|axum::Extension(ConnectInfo(a))| a.ip()));
    let guard = crate::ws::ConnectionGuard::open(&app, client)?;
    Ok(ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(4 * 1024)
        .max_frame_size(4 * 1024)
        .on_upgrade(move |socket| async move {
            serve_room(app, slot, socket).await;
            drop(guard);
        })
        .into_response())
}

async fn serve_room(app: Arc<App>, slot: Arc<RoomSlot>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (first, mut updates, done) = {
        let mut room = slot.state.lock().await;
        let rx = room.tx.get_or_insert_with(|| broadcast::channel(16).0).subscribe();
        (room.message(app.expiry()), rx, room.status != TableStatus::Waiting)
    };
    if sink.send(Message::Text(Utf8Bytes::from(first))).await.is_err() || done {
        let _ = sink.send(Message::Close(None)).await;
        return;
    }
    let idle = Duration::from_secs(app.config.ws_idle_secs.max(3));
    let mut ping = tokio::time::interval(idle / 3);
    ping.tick().await;
    let mut heard = std::time::Instant::now();
    loop {
        tokio::select! {
            _ = ping.tick() => {
                if heard.elapsed() >= idle || sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            update = updates.recv() => match update {
                Ok(text) => {
                    let last = !text.starts_with("{\"type\":\"waiting\"");
                    if sink.send(Message::Text(Utf8Bytes::from(text.as_ref()))).await.is_err() || last {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let text = slot.state.lock().await.message(app.expiry());
                    if sink.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => heard = std::time::Instant::now(),
            },
        }
    }
    let _ = sink.send(Message::Close(None)).await;
}

/// The routes of the lobby and the waiting rooms.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/tables", routing::get(list_tables))
        .route("/api/tables/{id}", routing::get(get_table))
        .route("/api/tables/{id}/ws", routing::get(table_socket))
        .route("/api/tables/{id}/start", routing::post(start_table))
        .route("/api/tables/{id}/seats/{seat}/take", routing::post(take_seat))
        .route("/api/tables/{id}/seats/{seat}/leave", routing::post(leave_seat))
        .route("/api/tables/{id}/seats/{seat}/remove", routing::post(remove_seat))
        .route("/api/tables/{id}/seats/{seat}/bot", routing::post(bot_seat))
        .route("/api/tables/{id}/seats/{seat}/free", routing::post(free_seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_markers_are_no_token_hash() {
        for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            assert_eq!(parse_bot_marker(&bot_marker(level)), Some(level));
        }
        assert_eq!(parse_bot_marker(&token::hash("bot:medium")), None);
        assert_eq!(parse_bot_marker("bot:expert"), None);
        // A token's hash is 64 hex digits: never a marker.
        assert!(!bot_marker(Difficulty::Hard).chars().all(|c| c.is_ascii_hexdigit()));
    }
}
