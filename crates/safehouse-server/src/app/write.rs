//! The write path: an action is applied in memory (which validates it), stored through the
//! group-commit writer, and only once it is durable pushed to the watchers and acknowledged. If
//! storing fails or another node stored that sequence number first, the match is rebuilt from
//! the store.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use axum::http::StatusCode;
use safehouse_engine::{Seat, Viewer};
use safehouse_store::{Append, AppendOutcome, StoredAction};
use serde_json::Value;

use super::{App, LiveMatch, Slot, now_ms};
use crate::error::ApiError;

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

/// What an accepted action returns to its sender.
#[derive(Debug, Clone)]
pub(crate) struct Acted {
    pub(crate) seq: u64,
    pub(crate) events: Vec<Value>,
}

impl App {
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
            .with_seq(lm.seq));
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
                lm.log.push(lm.game_match.as_ref(), seat, crate::log::actor_from_stored(actor.as_str()));
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
                .with_seq(lm.seq))
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
}
