//! Other nodes on the same PostgreSQL database: what their notices mean here. A match in memory
//! catches up with the actions another node stored, re-reads seats another node let join, and
//! after a lost LISTEN connection every match is checked against the store.

use std::sync::Arc;
use std::time::Instant;

use safehouse_engine::Seat;
use safehouse_store::Notice;

use super::seats::apply_claims;
use super::{App, LiveMatch};
use crate::error::ApiError;

impl App {
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
            lm.log.push(lm.game_match.as_ref(), Seat(stored.seat), crate::log::actor_from_stored(&stored.actor));
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
                self.on_table_notice(&match_id, n).await;
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

    /// Event `n` of a match's table log was stored by another node: a chat line or a rematch link
    /// goes to the watchers here, a seat handed to a bot is played by one here too (nothing to do
    /// for a match this node does not hold).
    async fn on_table_notice(self: &Arc<Self>, match_id: &str, n: u64) {
        let Some(slot) = self.slots().get(match_id).cloned() else { return };
        let events = match self.store.table_events(match_id, n.saturating_sub(1)).await {
            Ok(events) => events,
            Err(error) => {
                tracing::warn!(%match_id, %error, "could not read a table event another node stored");
                return;
            }
        };
        let Some(event) = events.into_iter().find(|e| e.n == n) else { return };
        let handed = crate::tables::handed_seat(&event);
        if event.kind != crate::chat::KIND && event.kind != crate::rematch::KIND && handed.is_none() {
            return;
        }
        let mut lm = slot.state.lock().await;
        super::chat::on_table_event(&mut lm, &event);
        super::rematch::on_table_event(&mut lm, &event);
        if let Some(index) = handed {
            self.seat_handed(&slot, &mut lm, index);
        }
    }
}
