//! What a live match tells the notifier (`crate::notify`): after an action this node stored,
//! whether the turn passed to a person who is to be told; after a rematch this node created, the
//! other people of the old match.

use safehouse_api::SeatKind;
use safehouse_engine::Seat;

use super::LiveMatch;
use crate::notify::{Job, JobKind, MoveTime, Notifier};

impl Notifier {
    /// Called under the match's lock right after an action of `actor` was stored by this node:
    /// if the turn passed to a person, announce it (once: only here, never on catch-up).
    pub(crate) fn after_action(&self, lm: &LiveMatch, actor: Seat) {
        self.announce_turn(lm, Some(actor));
    }

    /// Called once, by the node that started a waiting room, when its match is built: the
    /// first turn is announced too when a person has it (a person who took a seat in the room
    /// and left the page is told the game began with them). After the first action, that
    /// action's announcement is the one.
    pub(crate) fn after_start(&self, lm: &LiveMatch) {
        if lm.seq == 0 {
            self.announce_turn(lm, None);
        }
    }

    /// Called once, by the node that created finished match `old`'s rematch `new_id` for the
    /// person at seat `by`: every other person who joined the old match is told (their seat is
    /// kept for them in the rematch's waiting room), so that somebody who left the page hears of
    /// it too.
    pub(crate) fn after_rematch(&self, old: &LiveMatch, new_id: &str, by: Seat) {
        let info = old.game.info();
        let new_match: std::sync::Arc<str> = std::sync::Arc::from(new_id);
        let by_name = seat_name(old, by.index());
        for index in 0..old.plan.len() {
            let person = old.plan[index].kind == SeatKind::Person && old.claims[index].is_some();
            if index == by.index() || !person {
                continue;
            }
            self.announce(Job {
                match_id: old.id.clone(),
                seat: index as u8,
                seq: old.seq,
                game: info.id,
                game_name: info.name,
                seat_name: seat_name(old, index),
                kind: JobKind::Rematch { new_match: new_match.clone(), by: by_name.clone() },
            });
        }
    }

    /// Announces the turn of the seat to move if a person who joined it has it (and it is not
    /// `actor`'s own turn again).
    fn announce_turn(&self, lm: &LiveMatch, actor: Option<Seat>) {
        if lm.finished {
            return;
        }
        let Some(seat) = lm.game_match.to_move() else { return };
        let index = seat.index();
        let person = lm.plan.get(index).is_some_and(|p| p.kind == SeatKind::Person);
        if Some(seat) == actor
            || !person
            || lm.away.get(index) == Some(&true)
            || lm.claims.get(index).is_none_or(Option::is_none)
        {
            return;
        }
        let info = lm.game.info();
        // At a turn-based table the message says how long the move may take.
        let time = lm
            .settings
            .turn_based
            .zip(lm.deadline_view())
            .map(|(turn_based, deadline)| MoveTime { hours: turn_based.deadline_hours, due_ms: deadline.due_ms });
        let job = Job {
            match_id: lm.id.clone(),
            seat: seat.0,
            seq: lm.seq,
            game: info.id,
            game_name: info.name,
            seat_name: seat_name(lm, index),
            kind: JobKind::YourTurn(time),
        };
        self.announce(job);
    }
}

/// The name of the person at seat `index`: as they joined, else as the seat was planned.
fn seat_name(lm: &LiveMatch, index: usize) -> Option<String> {
    lm.claims.get(index)?.as_ref().and_then(|c| c.name.clone()).or_else(|| lm.plan.get(index)?.name.clone())
}
