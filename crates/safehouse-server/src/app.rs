//! The live matches: the server's shared state ([`App`]) and the matches it holds in memory.
//!
//! Every match in memory is a [`Slot`] holding a `tokio::sync::Mutex<LiveMatch>`. Everything
//! that changes a match (an action from a person or a bot, a catch-up from another node, a seat
//! joined) takes that lock, so the match's actions are applied, stored and pushed in one order.
//! This module loads and creates matches; each other job has its module:
//!
//! - `wire`: the seat plan and seat list, and the `welcome`/`update` messages;
//! - `live`: a match in memory, subscribe and publish;
//! - `write`: applying, storing and pushing an action (and rebuilding after a failed write);
//! - `cluster`: catching up with what other nodes stored;
//! - `seats`: tokens, authentication and joining seats;
//! - `bot_runner`: bots (and idle takeovers) choosing off the event loop;
//! - `chat`, `devices`, `notify`, `rematch`, `tables`: each feature where it meets the live
//!   matches (writing a chat line into a match, a seat's one-time link for another device, telling
//!   the notifier whose turn it is, starting a rematch, opening and starting waiting rooms).
//!
//! The features' own state and rules are the top-level modules of the same names (`chat`,
//! `devices`, `log`, `notify`, `rematch`, `tables`, `limits`), which never name this module:
//! [`App`] holds their state, so they sit below it, and what needs the whole `App` (a flow that
//! creates a match, a write that must reach every watcher) is here, above them. The HTTP
//! handlers are in `api` and the WebSocket in `ws`, above this module.

mod bot_runner;
pub(crate) mod chat;
mod cluster;
mod devices;
mod live;
mod notify;
pub(crate) mod rematch;
mod seats;
pub(crate) mod tables;
mod wire;
mod write;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use axum::http::StatusCode;
use safehouse_engine::DynGame;
use safehouse_store::{BatchWriter, NewMatch, Store, StoredMatch};
use serde_json::Value;
use tokio::sync::{Mutex, Semaphore};

pub(crate) use live::{LiveMatch, Slot, now_ms, viewer_index};
pub(crate) use seats::request_token;
pub use wire::{SeatInfo, SeatKind, SeatPlan};
pub(crate) use write::Actor;

use crate::config::Config;
use crate::error::ApiError;
use crate::limits::{Held, Limits};
use crate::notify::Notifier;
use crate::settings::TableSettingsExt;
use crate::token;
use safehouse_api::settings::TableSettings;

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
        let shared = match &config.limits_redis_url {
            Some(url) => {
                let prefix = format!("safehouse:{}", config.database_schema.as_deref().unwrap_or("public"));
                let buckets = crate::limits::SharedBuckets::connect(url, prefix).await.map_err(|e| {
                    ApiError::internal(format!("cannot reach Redis at {}: {e}", safehouse_store::redact_url(url)))
                })?;
                Some(Arc::new(buckets))
            }
            None => None,
        };
        let app = Arc::new(App {
            store,
            writer,
            matches: StdMutex::new(HashMap::new()),
            bot_permits,
            live_matches: AtomicUsize::new(live),
            ws_connections: AtomicUsize::new(0),
            limits: Arc::new(Limits::new(&config, shared.as_ref())),
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
    pub(crate) async fn admit(&self, creator: Option<std::net::IpAddr>) -> Result<Option<Held>, ApiError> {
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
                self.limits
                    .creates
                    .admit(ip, "create", || {
                        format!("at most {} new matches a minute; wait a moment", self.config.creates_per_minute)
                    })
                    .await?;
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

    /// Checks a new match's setup (a game built from it with a fresh seed, and dropped: nothing
    /// is dealt or shown) and stores its header: how every match enters the store, started at
    /// once or in a waiting room (`seats` as planned until the start).
    pub(crate) async fn store_new(
        &self,
        id: String,
        game: &'static dyn DynGame,
        options: Value,
        seats: &[SeatPlan],
        settings: &TableSettings,
    ) -> Result<NewMatch, ApiError> {
        let seed = token::random_u64();
        let setup = safehouse_engine::DynSetup {
            players: Some(seats.len()),
            preset: None,
            options: Some(options.clone()),
            seed,
            deal: None,
        };
        drop(game.new_match(&setup)?);
        let header = NewMatch {
            id,
            game: game.info().id.to_owned(),
            players: seats.len() as u8,
            options,
            seed,
            deal: None,
            seats: serde_json::to_value(seats).map_err(|e| ApiError::internal(e.to_string()))?,
            created_at_ms: now_ms(),
            settings: settings.to_stored(),
        };
        self.store.create_match(&header).await?;
        self.count_created();
        Ok(header)
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
        let held = self.admit(creator).await?;
        let header = self.store_new(id, game, options, &plan, &settings).await?;
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
}

#[cfg(test)]
mod load_race_tests;
#[cfg(test)]
mod seat_race_tests;
