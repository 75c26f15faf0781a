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
//!
//! This module holds a room's state and its checks; opening, changing and starting a room (which
//! starts a match) are `app::tables`, the routes and the room's WebSocket `api::tables`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use axum::http::StatusCode;
use safehouse_api::settings::{TableSettings, Visibility};
use safehouse_api::tables::{TableInfo, TableSeat, TableSeatState, TableStatus};
use safehouse_api::{Difficulty, SeatKind};
use safehouse_engine::DynGame;
use safehouse_store::{Listing, NewMatch, StoredMatch};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{Mutex, broadcast};

use crate::error::ApiError;
use crate::limits::Held;
use crate::settings::TableSettingsExt;
use crate::token;

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
    /// After the start, a bot took over a seat nobody joined, until its person joins:
    /// [`SeatHanded`](super::SeatHanded), `{seat, why}`, with `by` when a seated person handed it
    /// over (`presence`; a joined seat's flag is its claim's instead). Events stored before `why`
    /// was always written have `{seat, by}` for a seat handed over.
    pub const SEAT_HANDED: &str = "seat_handed_to_bot";
}

/// Why a bot plays a seat instead of its person: a [`kinds::SEAT_HANDED`] event's `why`, and
/// the `why` of the `safehouse_takeovers_total` metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Takeover {
    /// The seat's person asked for a bot ("a bot plays for me").
    Asked,
    /// Another seated person handed over a seat nobody joined.
    Handed,
    /// The seat's person was away for the table's idle time.
    Idle,
    /// The seat's clock ran out, and the table's `on_timeout` gives the seat to a bot.
    Clock,
    /// At a rematch's start, a kept seat whose person has not come back (`app::tables`).
    NotBack,
}

impl Takeover {
    /// The name written in the table log and the metric.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Takeover::Asked => "asked",
            Takeover::Handed => "handed",
            Takeover::Idle => "idle",
            Takeover::Clock => "clock",
            Takeover::NotBack => "not_back",
        }
    }
}

/// The body of a [`kinds::SEAT_HANDED`] event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SeatHanded {
    /// The seat a bot plays.
    pub(crate) seat: u8,
    /// Why.
    pub(crate) why: Takeover,
    /// The seat whose person handed it over (for [`Takeover::Handed`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) by: Option<u8>,
}

impl SeatHanded {
    /// The event's stored JSON.
    pub(crate) fn data(self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The seat a [`kinds::SEAT_HANDED`] event names (None for another kind).
pub(crate) fn handed_seat(event: &safehouse_store::TableEvent) -> Option<usize> {
    if event.kind != kinds::SEAT_HANDED {
        return None;
    }
    event.data.get("seat").and_then(Value::as_u64).and_then(|s| usize::try_from(s).ok())
}

/// The part of a match's stored settings the waiting room reads.
pub(crate) fn room_settings(stored: &NewMatch) -> TableSettings {
    TableSettings::from_stored(&stored.settings)
}

/// The marker a bot's seat claim holds instead of a token hash.
pub(crate) fn bot_marker(difficulty: Difficulty) -> String {
    format!("bot:{}", difficulty.name())
}

pub(crate) fn parse_bot_marker(hash: &str) -> Option<Difficulty> {
    let level = hash.strip_prefix("bot:")?;
    serde_json::from_value(Value::String(level.to_owned())).ok()
}

/// Whether a stored match has started: a match without a waiting room starts when it is created;
/// one with a waiting room when its table log holds a `started` event. Nothing of the game (state,
/// views, bots) is built before.
pub fn is_started(stored: &StoredMatch) -> bool {
    !room_settings(&stored.header).waiting_room || started_event(stored).is_some()
}

pub(crate) fn started_event(stored: &StoredMatch) -> Option<&safehouse_store::TableEvent> {
    stored.table_events.iter().find(|e| e.kind == kinds::STARTED)
}

/// `409 table_not_started`: the match is still in its waiting room.
pub(crate) fn not_started(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "table_not_started",
        format!("match `{id}` is still in its waiting room; see /api/tables/{id}"),
    )
}

pub(crate) fn started_error() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "table_started", "this table has started; its seats no longer change")
}

pub(crate) fn expired_error() -> ApiError {
    ApiError::new(StatusCode::GONE, "table_expired", "this table expired before it started")
}

pub(crate) fn not_creator() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_creator", "only whoever created the table may do this")
}

pub(crate) fn seat_taken() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "seat_taken", "this seat is not free")
}

/// One seat of a waiting room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SeatState {
    /// Nobody sits.
    Free,
    /// The creator gave it to a bot of this level.
    Bot(Difficulty),
    /// A person took it.
    Person {
        /// The name they gave.
        name: Option<String>,
        /// Their seat token's hash.
        token_hash: String,
    },
}

/// A rematch's seat kept for the person who sat there in the old match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeptSeat {
    /// Their name.
    pub(crate) name: Option<String>,
    /// The hash of an invite code nobody is told (they come back with their old seat's token).
    pub(crate) invite_hash: String,
}

/// What a room reads of its match's stored seat plan (`app::SeatPlan`'s stored form; this module
/// sits below `app`).
#[derive(Deserialize)]
struct PlannedSeat {
    kind: SeatKind,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    invite_hash: Option<String>,
}

/// A waiting room in memory: a function of the stored match, rebuilt after every change.
pub(crate) struct Room {
    pub(crate) id: Arc<str>,
    pub(crate) game: &'static dyn DynGame,
    pub(crate) options: Value,
    pub(crate) visibility: Visibility,
    pub(crate) seats: Vec<SeatState>,
    /// A rematch's room: the seat kept for the person who sat there in the old match (their
    /// name, and an invite hash nobody is told: they come back with their old token), by seat.
    /// Free at the start, such a seat stays theirs in the match, a bot playing it meanwhile.
    pub(crate) reserved: Vec<Option<KeptSeat>>,
    /// A rematch's room: the names of the old match's bots, by seat (a bot's seat claim holds
    /// only its level), so that the rematch's bots keep them.
    pub(crate) bot_names: Vec<Option<String>>,
    /// A turn-based table's move deadline: its room waits at least that long without a change
    /// before it expires (people who play over days come back over days).
    pub(crate) turn_deadline: Option<Duration>,
    pub(crate) creator_hash: Option<String>,
    pub(crate) invite_hash: Option<String>,
    pub(crate) status: TableStatus,
    pub(crate) created_at_ms: i64,
    pub(crate) last_change_ms: i64,
    pub(crate) tx: Option<broadcast::Sender<Arc<str>>>,
    /// The creator's place among its client's unfinished matches (moves to the match at the start).
    pub(crate) creator: Option<Held>,
    /// This node stored the room's start: once the match is built, its first turn is announced
    /// here (and only here, not by every node that held the room).
    pub(crate) started_here: bool,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room").field("id", &self.id).field("status", &self.status).finish_non_exhaustive()
    }
}

/// A waiting room's place in memory.
#[derive(Debug)]
pub(crate) struct RoomSlot {
    pub(crate) state: Mutex<Room>,
}

/// The waiting rooms this node serves.
#[derive(Debug, Default)]
pub(crate) struct Rooms {
    map: StdMutex<HashMap<Arc<str>, Arc<RoomSlot>>>,
    /// When the sweep last read the lobby for stale tables (ms since the epoch).
    pub(crate) lobby_checked_ms: std::sync::atomic::AtomicI64,
}

impl Rooms {
    pub(crate) fn map(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, Arc<RoomSlot>>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Number of waiting rooms held in memory.
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
}

impl Room {
    pub(crate) fn build(stored: &StoredMatch) -> Result<Room, ApiError> {
        let header = &stored.header;
        let found = safehouse_games::find(&header.game)?;
        let settings = room_settings(header);
        let players = usize::from(header.players);
        let mut seats = vec![SeatState::Free; players];
        // A rematch's room is stored with the old match's people's seats as planned (each with an
        // invite hash) and its bots' names on seats without one; any other room's plan is blank.
        let planned: Vec<PlannedSeat> = match settings.rematch_of {
            Some(_) => serde_json::from_value(header.seats.clone()).unwrap_or_default(),
            None => Vec::new(),
        };
        let planned = |i: usize| planned.get(i).filter(|p| p.kind == SeatKind::Person);
        let reserved = (0..players)
            .map(|i| {
                let seat = planned(i)?;
                Some(KeptSeat { name: seat.name.clone(), invite_hash: seat.invite_hash.clone()? })
            })
            .collect();
        let bot_names =
            (0..players).map(|i| planned(i).filter(|p| p.invite_hash.is_none()).and_then(|p| p.name.clone())).collect();
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
            reserved,
            bot_names,
            turn_deadline: settings.turn_based.map(|t| Duration::from_secs(u64::from(t.deadline_hours) * 3600)),
            creator_hash: hash("creator_hash"),
            invite_hash: hash("invite_hash"),
            status,
            created_at_ms: header.created_at_ms,
            last_change_ms: header.created_at_ms.max(last_event).max(last_claim),
            tx: None,
            creator: None,
            started_here: false,
        })
    }

    /// Takes over the rebuilt state of the stored match, keeping the watchers and the creator's hold.
    pub(crate) fn refresh_from(&mut self, fresh: Room) {
        let tx = self.tx.take();
        let creator = self.creator.take();
        *self = Room { tx, creator, started_here: self.started_here, ..fresh };
    }

    /// How long this room waits without a change before it expires, given the server's
    /// `waiting_room_expiry_secs` (`None`: never): that, or a turn-based table's move deadline
    /// when it is longer.
    pub(crate) fn expiry(&self, server: Option<Duration>) -> Option<Duration> {
        server.map(|expiry| self.turn_deadline.map_or(expiry, |deadline| deadline.max(expiry)))
    }

    pub(crate) fn info(&self, expiry: Option<Duration>) -> TableInfo {
        let expiry = self.expiry(expiry);
        let seats: Vec<TableSeat> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let (state, name, difficulty) = match seat {
                    // A rematch's seat kept for its person shows whom it waits for.
                    SeatState::Free => {
                        (TableSeatState::Free, self.reserved[i].as_ref().and_then(|p| p.name.clone()), None)
                    }
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

    pub(crate) fn check_waiting(&self) -> Result<(), ApiError> {
        match self.status {
            TableStatus::Waiting => Ok(()),
            TableStatus::Started => Err(started_error()),
            TableStatus::Expired => Err(expired_error()),
        }
    }

    /// Whether `given` (the request's token) is the creator's.
    pub(crate) fn check_creator(&self, given: &str) -> Result<(), ApiError> {
        match &self.creator_hash {
            Some(expected) if token::same_hash(expected, &token::hash(given)) => Ok(()),
            _ => Err(not_creator()),
        }
    }

    pub(crate) fn seat(&self, seat: u8) -> Result<&SeatState, ApiError> {
        self.seats.get(usize::from(seat)).ok_or_else(|| ApiError::not_found(format!("no seat {seat} at this table")))
    }

    /// The seat a token opens at this table.
    pub(crate) fn seat_of_token(&self, token: &str) -> Option<u8> {
        let hash = token::hash(token);
        self.seats
            .iter()
            .position(|s| matches!(s, SeatState::Person { token_hash, .. } if token::same_hash(token_hash, &hash)))
            .map(|i| i as u8)
    }

    pub(crate) fn publish(&mut self, text: String) {
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
    pub(crate) fn message(&self, expiry: Option<Duration>) -> String {
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

/// Whether a lobby listing is past its room's time, as a node that does not hold the room reads
/// it: its `expires_at_ms` (the room's own expiry: a turn-based table's waits its move deadline),
/// and never before the server's `expiry` from its last change. A node takes in only such a
/// room, to expire it; a room whose node is alive and whose time has not come stays with it.
pub(crate) fn listing_expired(listing: &Listing, now_ms: i64, expiry: Duration) -> bool {
    #[derive(Deserialize)]
    struct Listed {
        expires_at_ms: Option<i64>,
    }
    let by_server = listing.updated_at_ms.saturating_add(expiry.as_millis() as i64);
    let by_room = Listed::deserialize(&listing.listing).ok().and_then(|l| l.expires_at_ms).unwrap_or(by_server);
    now_ms >= by_server.max(by_room)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every seat handed to a bot is stored as `{seat, why}`, with `by` for a hand-over, and
    /// the seat still reads from the form stored before (`{seat, by}`).
    #[test]
    fn a_seat_handed_event_is_its_seat_and_why() {
        use serde_json::json;
        let handed = SeatHanded { seat: 2, why: Takeover::Handed, by: Some(0) };
        assert_eq!(handed.data(), json!({ "seat": 2, "why": "handed", "by": 0 }));
        let not_back = SeatHanded { seat: 1, why: Takeover::NotBack, by: None };
        assert_eq!(not_back.data(), json!({ "seat": 1, "why": "not_back" }));
        for why in [Takeover::Asked, Takeover::Handed, Takeover::Idle, Takeover::Clock, Takeover::NotBack] {
            assert_eq!(serde_json::to_value(why).ok(), Some(json!(why.name())), "the log's name is the metric's");
        }
        let event = |data: Value| safehouse_store::TableEvent { n: 1, kind: kinds::SEAT_HANDED.into(), data, at_ms: 0 };
        assert_eq!(handed_seat(&event(json!({ "seat": 3, "by": 0 }))), Some(3), "the form stored before");
        assert_eq!(handed_seat(&event(SeatHanded { seat: 4, why: Takeover::Idle, by: None }.data())), Some(4));
    }

    #[test]
    fn a_listing_expires_at_its_rooms_time() {
        let expiry = Duration::from_secs(1800);
        let listing = |expires_at_ms: Option<i64>| Listing {
            match_id: "m".into(),
            listing: serde_json::json!({ "id": "m", "expires_at_ms": expires_at_ms }),
            updated_at_ms: 1_000,
        };
        let server_time = 1_000 + 1_800_000;
        // A room with the server's expiry.
        assert!(!listing_expired(&listing(Some(server_time)), server_time - 1, expiry));
        assert!(listing_expired(&listing(Some(server_time)), server_time, expiry));
        // A turn-based room waits its day-long deadline, not the server's half hour.
        let day = 1_000 + 86_400_000;
        assert!(!listing_expired(&listing(Some(day)), server_time + 60_000, expiry));
        assert!(listing_expired(&listing(Some(day)), day, expiry));
        // A listing without the field (or one that does not read) falls back to the server's.
        assert!(listing_expired(&listing(None), server_time, expiry));
        let odd = Listing { listing: serde_json::json!([1, 2]), ..listing(None) };
        assert!(!listing_expired(&odd, server_time - 1, expiry) && listing_expired(&odd, server_time, expiry));
        // Never earlier than the server's expiry, whatever the listing says.
        assert!(!listing_expired(&listing(Some(2_000)), server_time - 1, expiry));
    }

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
