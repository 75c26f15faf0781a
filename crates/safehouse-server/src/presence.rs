//! Presence, idle seats and clocks that run out.
//!
//! A person is *present* because of what they do, never because a page is open: acting, or
//! saying "I'm back" (`POST /api/matches/{id}/back`, or `{"type": "back"}` on the WebSocket).
//! Opening the WebSocket or fetching the view changes nothing, so a tab left open does not hold
//! a seat.
//!
//! A person's seat is *taken over* (a bot plays it, its actions stored with actor `takeover`,
//! and every viewer's seat list says `away: true`) when
//! - the table has no clock and the person left their decision waiting `idle_takeover_secs`
//!   (counted from the stored time of the action before it, or the match's start) while another
//!   person at the table waits for them, or `idle_takeover_alone_secs` (longer) when nobody does:
//!   the idle time is there so that nobody is held up, and a person alone with bots who steps
//!   away should find their game where they left it,
//! - the table has a clock, the seat's time ran out and the table's `on_timeout` is `bot` (or
//!   `skip` where the game has no pass legal at that moment), or
//! - the person asked for it ("a bot plays for me": `POST /api/matches/{id}/away`, or
//!   `{"type": "away"}` on the WebSocket), because they must leave for a while, or
//! - nobody joined the seat and a seated person handed it to a bot
//!   (`POST /api/matches/{id}/seats/{seat}/bot`, or `{"type": "bot_for", "seat": n}`), so the
//!   table need not wait out the idle time for somebody who is not coming.
//!
//! The seat stays with the bot until its person acts or comes back. On a clock that ran out,
//! `skip` plays the game's pass for the seat (actor `timeout`) and `lose` ends the match with a
//! forfeit (see [`crate::clock`] for how the clocks are derived from stored data).
//!
//! Bots, in their own seats and in taken-over ones, are started whenever a match is created,
//! loaded (also at start-up: `resume_all`) or moves on, whoever watches; the sweep restarts any
//! that stalled.
//!
//! All of this drives the live matches through [`App`], so it sits above `app` (which never
//! names it), beside the handlers that call it.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use safehouse_engine::{ActionError, Outcome, Seat};
use serde_json::Value;

use crate::app::{Actor, App, LiveMatch, SeatKind, Slot, now_ms};
use crate::error::ApiError;
use crate::limits::{AWAY_BURST, AWAY_PER_MINUTE};
use crate::tables::{SeatHanded, Takeover, kinds};
use safehouse_api::OnTimeout;

/// The action that passes, if the game has one legal now (`{"type": "pass"}` in every game
/// that has a pass).
pub(crate) fn legal_pass(legal: &[Value]) -> Option<&Value> {
    legal.iter().find(|action| action.get("type").and_then(Value::as_str) == Some("pass"))
}

/// The result of a match a seat lost on time: that seat is ranked last, everyone else first.
pub(crate) fn forfeit_outcome(players: usize, loser: Seat, name: &str) -> Outcome {
    let ranks = (0..players).map(|i| if i == loser.index() { 2 } else { 1 }).collect();
    Outcome {
        scores: vec![0; players],
        ranks,
        winners: Seat::all(players).filter(|s| *s != loser).collect(),
        cooperative: false,
        reason: "time_forfeit".to_owned(),
        detail: format!("{name} ran out of time and loses"),
    }
}

impl App {
    /// A person acted or said they are back: if a bot was playing for them, they take the seat
    /// back (stored, and announced to every viewer).
    pub(crate) async fn seat_active(&self, lm: &mut LiveMatch, seat: Seat) {
        let index = seat.index();
        if lm.game_match.to_move() == Some(seat) {
            // Coming back in the middle of one's decision starts the idle wait again (a
            // turn-based deadline stays: it counts from the turn's stored start).
            lm.idle_wait_since_ms = lm.idle_wait_since_ms.max(now_ms());
        }
        if lm.away.get(index) != Some(&true) {
            return;
        }
        lm.away[index] = false;
        if lm.claims[index].is_some()
            && let Err(error) = self.store.set_away(&lm.id, seat.0, false).await
        {
            tracing::warn!(match_id = %lm.id, %error, "could not store that a seat is back");
        }
        if let Some(claim) = lm.claims[index].as_mut() {
            claim.away = false;
        }
        metrics::counter!("safehouse_seats_back_total").increment(1);
        lm.publish_seats();
    }

    /// "A bot plays for me": the person must leave for a while and asks for a bot at once, so
    /// that the others need not wait out the idle time or a clock. The seat is taken over as an
    /// idle one is, until its person acts or says they are back. Refused after the end
    /// (`game_over`) and, for a client asking too often, `rate_limited` (see
    /// [`crate::limits::AWAY_BURST`]); asking again while away changes nothing.
    pub(crate) async fn step_away(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        lm: &mut LiveMatch,
        seat: Seat,
        client: Option<IpAddr>,
    ) -> Result<(), ApiError> {
        if lm.finished {
            return Err(ActionError::GameOver.into());
        }
        if lm.away.get(seat.index()) == Some(&true) {
            return Ok(());
        }
        self.admit_bot_request(client).await?;
        self.take_over(slot, lm, seat, Takeover::Asked).await;
        Ok(())
    }

    /// "Let a bot play this seat until its person joins": a seated person hands a seat that
    /// nobody has joined to a bot at once, so the table need not wait out the idle time for
    /// somebody who is not coming (a rematch's seat whose person left, an invite never used).
    /// Stored in the table log ([`kinds::SEAT_HANDED`]), so every node and a restarted server
    /// agree, and taken over as an idle seat is, until its person joins. Only a seat nobody
    /// joined: a joined person's seat is theirs (`seat_taken`; the idle time or their clock hands
    /// it over). A bot's seat or one already taken over changes nothing; after the end
    /// `game_over`; limited per client together with "a bot plays for me".
    pub(crate) async fn hand_to_bot(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        lm: &mut LiveMatch,
        by: Seat,
        seat: u8,
        client: Option<IpAddr>,
    ) -> Result<(), ApiError> {
        if lm.finished {
            return Err(ActionError::GameOver.into());
        }
        let index = usize::from(seat);
        let plan = lm.plan.get(index).ok_or_else(|| ApiError::not_found(format!("no seat {seat} in this match")))?;
        if plan.kind == SeatKind::Bot || lm.away[index] {
            return Ok(());
        }
        if lm.claims[index].is_some() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "seat_taken",
                "somebody joined this seat: only they can hand it to a bot",
            ));
        }
        self.admit_bot_request(client).await?;
        self.store
            .append_table_event(
                &lm.id,
                kinds::SEAT_HANDED,
                &SeatHanded { seat, why: Takeover::Handed, by: Some(by.0) }.data(),
                now_ms(),
            )
            .await?;
        self.take_over(slot, lm, Seat(seat), Takeover::Handed).await;
        Ok(())
    }

    /// Counts a request for a bot ("a bot plays for me", a seat handed over) against the
    /// client's allowance.
    async fn admit_bot_request(&self, client: Option<IpAddr>) -> Result<(), ApiError> {
        if let Some(ip) = client {
            self.limits
                .away
                .admit(ip, "away", || {
                    format!("a bot can be asked for at most {AWAY_BURST} times at once and {AWAY_PER_MINUTE} a minute")
                })
                .await?;
        }
        Ok(())
    }

    /// A bot takes over a person's seat (stored, and announced to every viewer).
    async fn take_over(self: &Arc<Self>, slot: &Arc<Slot>, lm: &mut LiveMatch, seat: Seat, why: Takeover) {
        let index = seat.index();
        if lm.away[index] {
            return;
        }
        tracing::info!(match_id = %lm.id, seat = seat.0, why = why.name(), "a bot takes over the seat");
        lm.away[index] = true;
        if lm.claims[index].is_some() {
            if let Err(error) = self.store.set_away(&lm.id, seat.0, true).await {
                tracing::warn!(%error, "could not store the away flag");
            }
            if let Some(claim) = lm.claims[index].as_mut() {
                claim.away = true;
            }
        } else if why != Takeover::Handed {
            // A seat nobody joined has no claim to hold the flag: the table log holds it, as for a
            // seat handed over (which `hand_to_bot` stored already, refusing if it could not).
            let data = SeatHanded { seat: seat.0, why, by: None }.data();
            if let Err(error) = self.store.append_table_event(&lm.id, kinds::SEAT_HANDED, &data, now_ms()).await {
                tracing::warn!(%error, "could not store that a bot plays a seat nobody joined");
            }
        }
        metrics::counter!("safehouse_takeovers_total", "why" => why.name()).increment(1);
        lm.publish_seats();
        self.schedule_bot(slot, lm);
    }

    /// The seat to move ran out of time: the table's `on_timeout` decides.
    async fn time_out(self: &Arc<Self>, slot: &Arc<Slot>, lm: &mut LiveMatch, seat: Seat, rule: OnTimeout) {
        if lm.plan[seat.index()].kind == SeatKind::Bot || lm.away[seat.index()] {
            // The server already plays this seat: its bot is on the way.
            return;
        }
        metrics::counter!("safehouse_clock_timeouts_total", "on_timeout" => rule.as_str()).increment(1);
        match rule {
            OnTimeout::Bot => self.take_over(slot, lm, seat, Takeover::Clock).await,
            OnTimeout::Skip => {
                let legal = lm.game_match.legal_actions();
                match legal_pass(&legal).cloned() {
                    Some(pass) => {
                        let seq = lm.seq;
                        if let Err(error) = self.act_locked(slot, lm, seat, &pass, seq, Actor::Timeout).await {
                            tracing::warn!(match_id = %lm.id, %error, "the pass on time was not applied");
                        }
                    }
                    None => self.take_over(slot, lm, seat, Takeover::Clock).await,
                }
            }
            OnTimeout::Lose => {
                let name = lm.seats()[seat.index()].name.clone().unwrap_or_else(|| format!("Seat {}", seat.0 + 1));
                let outcome = forfeit_outcome(lm.players(), seat, &name);
                self.close_on_time(lm, outcome).await;
            }
        }
    }

    /// Ends the match with a forfeit (stored through `close_match`; another node may have
    /// closed it first, and then the stored result is the one kept).
    async fn close_on_time(&self, lm: &mut LiveMatch, outcome: Outcome) {
        let value = serde_json::to_value(&outcome).unwrap_or(Value::Null);
        let at_ms = now_ms();
        match self.store.close_match(&lm.id, &value, at_ms).await {
            Ok(true) => {
                tracing::info!(match_id = %lm.id, "a player lost on time; the match is over");
                self.finish_without_game_outcome(lm, value, at_ms);
                lm.publish_welcome();
            }
            Ok(false) => {
                if let Err(error) = self.rebuild(lm).await {
                    tracing::warn!(match_id = %lm.id, %error, "could not reload a match closed elsewhere");
                }
            }
            Err(error) => tracing::warn!(match_id = %lm.id, %error, "could not store the forfeit; trying again"),
        }
    }

    /// Another node ended a match without a game outcome (a forfeit on time): this node's copy
    /// is reloaded, so its watchers get the result.
    pub(crate) async fn closed_elsewhere(self: &Arc<Self>, id: &str) {
        let Some(slot) = self.slots().get(id).cloned() else { return };
        let mut lm = slot.state.lock().await;
        if !lm.finished
            && let Err(error) = self.rebuild(&mut lm).await
        {
            tracing::warn!(match_id = %id, %error, "could not reload a match closed on another node");
        }
    }

    /// Periodic work: clocks that ran out, idle seats taken over by bots, stalled bots
    /// restarted, finished matches with nobody watching dropped from memory.
    pub(crate) async fn sweep(self: &Arc<Self>) {
        let slots: Vec<Arc<Slot>> = self.slots().values().cloned().collect();
        let linger = Duration::from_secs(self.config.finished_linger_secs);
        let stall = Duration::from_millis(self.config.bot_delay_ms) + Duration::from_secs(10);
        let now = now_ms();
        let mut drop_ids = Vec::new();
        for slot in slots {
            let Ok(mut lm) = slot.state.try_lock() else { continue };
            if lm.finished {
                if lm.is_unwatched_for(linger) {
                    drop_ids.push(lm.id.clone());
                }
                continue;
            }
            if lm.broken || !lm.started() {
                continue;
            }
            let Some(seat) = lm.game_match.to_move() else { continue };
            if let Some(clocks) = &lm.clocks {
                // A seat the server already plays (a bot's, or one taken over) only needs its bot.
                if let Some(out) = clocks.expired(now).filter(|out| !lm.server_plays(*out)) {
                    let rule = clocks.on_timeout();
                    self.time_out(&slot, &mut lm, out, rule).await;
                    continue;
                }
            } else if let Some(turn_based) = lm.settings.turn_based {
                // A turn-based table: its move deadline instead of the idle takeover.
                if !lm.server_plays(seat) && now - lm.turn_since_ms >= turn_based.deadline_ms() {
                    self.time_out(&slot, &mut lm, seat, turn_based.on_timeout).await;
                    continue;
                }
            } else if !lm.server_plays(seat)
                && let Some(limit) = self.config.idle_takeover(lm.somebody_waits_for(seat))
                && now - lm.idle_wait_since_ms >= i64::try_from(limit.as_millis()).unwrap_or(i64::MAX)
            {
                self.take_over(&slot, &mut lm, seat, Takeover::Idle).await;
                continue;
            }
            if lm.server_plays(seat) && !lm.bot_pending && lm.turn_waited() >= stall {
                self.schedule_bot(&slot, &mut lm);
            }
        }
        if !drop_ids.is_empty() {
            let mut slots = self.slots();
            for id in drop_ids {
                slots.remove(&id);
            }
            metrics::gauge!("safehouse_matches_loaded").set(slots.len() as f64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_pass_is_found_only_when_legal() {
        assert_eq!(
            legal_pass(&[json!({"type": "play", "card": 3}), json!({"type": "pass"})]),
            Some(&json!({"type": "pass"}))
        );
        assert_eq!(legal_pass(&[json!({"type": "play", "card": 3})]), None);
    }

    #[test]
    fn a_forfeit_ranks_the_loser_last() {
        let outcome = forfeit_outcome(3, Seat(1), "Bo");
        assert_eq!(outcome.ranks, vec![1, 2, 1]);
        assert_eq!(outcome.winners, vec![Seat(0), Seat(2)]);
        assert_eq!(outcome.win_share(Seat(1)), 0.0);
        assert_eq!(outcome.reason, "time_forfeit");
    }
}
