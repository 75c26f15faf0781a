//! What a live match tells the notifier (`crate::notify`): after an action this node stored,
//! whether the turn passed to a person who is to be told.

use safehouse_api::SeatKind;
use safehouse_engine::Seat;

use super::LiveMatch;
use crate::notify::{Job, Notifier};

impl Notifier {
    /// Called under the match's lock right after an action of `actor` was stored by this node:
    /// if the turn passed to a person, announce it (once: only here, never on catch-up).
    pub(crate) fn after_action(&self, lm: &LiveMatch, actor: Seat) {
        if lm.finished {
            return;
        }
        let Some(seat) = lm.game_match.to_move() else { return };
        let index = seat.index();
        let person = lm.plan.get(index).is_some_and(|p| p.kind == SeatKind::Person);
        if seat == actor
            || !person
            || lm.away.get(index) == Some(&true)
            || lm.claims.get(index).is_none_or(Option::is_none)
        {
            return;
        }
        let info = lm.game.info();
        let job = Job {
            match_id: lm.id.clone(),
            seat: seat.0,
            seq: lm.seq,
            game: info.id,
            game_name: info.name,
            seat_name: lm.claims[index].as_ref().and_then(|c| c.name.clone()).or_else(|| lm.plan[index].name.clone()),
        };
        self.announce(job);
    }
}
