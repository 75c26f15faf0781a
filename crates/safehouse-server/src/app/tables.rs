//! Waiting rooms in a live server: opening one (a match stored, not dealt), taking it in from the
//! store, every change (re-read, started when full, listed, told to its watchers) and the start,
//! which hands the table to its match (`crate::tables` holds a room's state and checks).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use safehouse_api::settings::{TableSettings, Visibility};
use safehouse_api::tables::{TableInfo, TableStatus};
use safehouse_api::{Difficulty, SeatKind};
use safehouse_engine::DynGame;
use safehouse_store::{SeatClaim, StoredMatch};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::{App, SeatPlan, now_ms};
use crate::error::ApiError;
use crate::tables::{
    Room, RoomSlot, SeatHanded, SeatState, Takeover, bot_marker, kinds, listing_expired, room_settings, started_event,
};
use crate::token;

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
    /// The match id to use (a rematch's is derived from its old match's), or a new one.
    pub(crate) id: Option<String>,
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

/// The seat plan a waiting-room match is played with (the first `started` event's), if it has one.
pub(crate) fn started_plan(stored: &StoredMatch) -> Option<Vec<SeatPlan>> {
    if !room_settings(&stored.header).waiting_room {
        return None;
    }
    let event = started_event(stored)?;
    serde_json::from_value(event.data.get("seats")?.clone()).ok()
}

/// The plan a room's match is played with: free seats go to medium bots, except a rematch's
/// seat kept for its person, which stays theirs (a bot plays it until they come back).
fn room_plan(room: &Room) -> Vec<SeatPlan> {
    room.seats
        .iter()
        .zip(room.reserved.iter().zip(&room.bot_names))
        .map(|(seat, (reserved, bot_name))| match (seat, reserved) {
            (SeatState::Person { name, .. }, _) => {
                SeatPlan { kind: SeatKind::Person, difficulty: None, name: name.clone(), invite_hash: None }
            }
            (SeatState::Bot(level), _) => {
                SeatPlan { kind: SeatKind::Bot, difficulty: Some(*level), name: bot_name.clone(), invite_hash: None }
            }
            (SeatState::Free, Some(kept)) => SeatPlan {
                kind: SeatKind::Person,
                difficulty: None,
                name: kept.name.clone(),
                invite_hash: Some(kept.invite_hash.clone()),
            },
            (SeatState::Free, None) => {
                SeatPlan { kind: SeatKind::Bot, difficulty: Some(Difficulty::default()), name: None, invite_hash: None }
            }
        })
        .collect()
}

impl App {
    /// Number of waiting rooms this node holds in memory.
    pub fn waiting_rooms(&self) -> usize {
        self.rooms.len()
    }

    pub(crate) fn expiry(&self) -> Option<Duration> {
        (self.config.waiting_room_expiry_secs > 0).then(|| Duration::from_secs(self.config.waiting_room_expiry_secs))
    }

    /// Creates a match in a waiting room, as `request` asks, for the client at `creator`.
    pub(crate) async fn create_waiting(
        self: &Arc<Self>,
        request: WaitingRequest,
        creator: Option<IpAddr>,
    ) -> Result<WaitingCreated, ApiError> {
        let WaitingRequest { id, game, options, plan, mut settings, join } = request;
        settings.waiting_room = true;
        let visibility = settings.visibility;
        let held = self.admit(creator).await?;
        // Every seat is planned as a person's until the start; bots sit through their markers. A
        // rematch's people's seats are planned as given: kept for their people (`Room::reserved`).
        let open_plan: Vec<SeatPlan> = plan
            .iter()
            .map(|wanted| match settings.rematch_of {
                // A bot's name is kept on a seat without an invite hash (`Room::bot_names`).
                Some(_) => SeatPlan { kind: SeatKind::Person, difficulty: None, ..wanted.clone() },
                None => SeatPlan { kind: SeatKind::Person, difficulty: None, name: None, invite_hash: None },
            })
            .collect();
        let id = id.unwrap_or_else(token::match_id);
        self.store_new(id.clone(), game, options, &open_plan, &settings).await?;
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
            let name = name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
            // A fresh table's seat is free, unless the same person's second request (a rematch's
            // room, pressed in two tabs) took it first.
            let secret = self.seat_person(&id, seat, name).await?.ok_or_else(crate::tables::seat_taken)?;
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

    /// Seats a person at free seat `seat` of waiting room `id`: their claim (the hash of a new
    /// seat token) and the `seat_taken` event. The token, or `None` if somebody took the seat first
    /// (on this node or another).
    pub(crate) async fn seat_person(
        &self,
        id: &str,
        seat: u8,
        name: Option<String>,
    ) -> Result<Option<String>, ApiError> {
        let secret = token::new_token();
        let claim = SeatClaim {
            seat,
            token_hash: token::hash(&secret),
            name: name.clone(),
            joined_at_ms: now_ms(),
            away: false,
        };
        if !self.store.claim_seat(id, &claim).await? {
            return Ok(None);
        }
        self.store.append_table_event(id, kinds::SEAT_TAKEN, &json!({ "seat": seat, "name": name }), now_ms()).await?;
        Ok(Some(secret))
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
    pub(crate) async fn reload_room(&self, room: &mut Room) -> Result<(), ApiError> {
        let stored = self
            .store
            .load_match(&room.id)
            .await?
            .ok_or_else(|| ApiError::internal("table vanished from the store"))?;
        room.refresh_from(Room::build(&stored)?);
        Ok(())
    }

    /// Seats a person at seat `seat` of the locked waiting room `room`, if it is free: their
    /// token and the table after the change (it starts if that was the last free seat).
    /// `seat_taken` if it is not free, here or because somebody on another node took it first
    /// (then the room is read again and settled).
    pub(crate) async fn take_free_seat(
        self: &Arc<Self>,
        slot: &Arc<RoomSlot>,
        room: &mut Room,
        seat: u8,
        name: Option<String>,
    ) -> Result<(String, TableInfo), ApiError> {
        if *room.seat(seat)? != SeatState::Free {
            return Err(crate::tables::seat_taken());
        }
        let Some(secret) = self.seat_person(&room.id, seat, name).await? else {
            self.reload_room(room).await?;
            self.settle(slot, room).await;
            return Err(crate::tables::seat_taken());
        };
        Ok((secret, self.after_change(slot, room, "full").await?))
    }

    /// After any change: re-read, start when a person took the last free seat, update the lobby,
    /// tell the watchers and, once started, hand the table to the match.
    pub(crate) async fn after_change(
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

    pub(crate) async fn start_locked(&self, room: &mut Room, reason: &str) -> Result<(), ApiError> {
        let plan = room_plan(room);
        let data = json!({ "seats": plan, "reason": reason });
        self.store.append_table_event(&room.id, kinds::STARTED, &data, now_ms()).await?;
        // A rematch's seat whose person has not come back: a bot plays it from the first move
        // (as if handed over), until they take it.
        for (seat, state) in room.seats.iter().enumerate() {
            if *state == SeatState::Free && room.reserved[seat].is_some() {
                let data = SeatHanded { seat: seat as u8, why: Takeover::NotBack, by: None }.data();
                self.store.append_table_event(&room.id, kinds::SEAT_HANDED, &data, now_ms()).await?;
            }
        }
        room.started_here = true;
        self.reload_room(room).await
    }

    /// Lists or unlists the room, tells its watchers, and lets go of it once it no longer waits.
    pub(crate) async fn settle(self: &Arc<Self>, slot: &Arc<RoomSlot>, room: &mut Room) {
        // Its table log may have grown (a seat taken or left): the seats' subscriptions, which
        // a newcomer's seat does not inherit, are folded again before they are next used.
        self.notifier.table_changed(&room.id);
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
            let announce = std::mem::take(&mut room.started_here);
            match self.get(&room.id).await {
                Ok(live) => {
                    let mut lm = live.state.lock().await;
                    if held.is_some() {
                        lm.creator = held;
                    }
                    if announce {
                        self.notifier.after_start(&lm);
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
                .filter(|l| listing_expired(l, now, expiry))
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
            let room_expiry = room.expiry(Some(expiry)).unwrap_or(expiry);
            if room.status != TableStatus::Waiting || now - room.last_change_ms < room_expiry.as_millis() as i64 {
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
