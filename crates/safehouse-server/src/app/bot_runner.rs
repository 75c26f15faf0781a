//! The bot runner: when the server plays the seat to move (a bot's seat, or a person's who went
//! idle), a bot chooses from that seat's view on a blocking thread (at most `bot_threads` at
//! once) and its action takes the same write path as a person's.

use std::sync::Arc;
use std::time::Duration;

use safehouse_engine::{Seat, Viewer};

use super::wire::SeatKind;
use super::{Actor, App, LiveMatch, Slot};
use crate::bots::make_bot;

impl App {
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
}
