//! The omniscient planner (`omniscient`): an upper bound for the team. It sees every card (the
//! hands, the draw pile in order, the code), names the true code, and chooses each play so that
//! the mission stays crackable: every legal play is tried on the true state, play continues by
//! the convention (and by its randomised variants) to the end of play, and the play whose
//! continuations most often leave no colour held by every seat (004:49; solo under the default
//! rule: an empty hand) wins, the cheapest first among equals.
//!
//! It is a planner, not an oracle: its continuations assume the others play by the convention,
//! so it is a lower estimate of the game's ceiling, and an honest upper bound on what naming
//! alone can recover (the team can never name better than the truth).

use safehouse_engine::{Game, GameRng, Seat, Viewer};
use safehouse_the_safe::{Action, Phase, TheSafe};

use super::convention::{Play, plays};
use super::model::Mission;
use super::{legal_or_random, name_the_truth};
use crate::{OmniscientBot, bot_rng};

/// Continuations tried per candidate play (the first by the convention's own choices, the
/// others choosing at random among each seat's cheapest plays).
const CONTINUATIONS: usize = 4;

/// The omniscient planner (see the module docs).
#[derive(Debug)]
pub struct TheSafePlanner {
    rng: GameRng,
    plays: Vec<Play>,
}

impl TheSafePlanner {
    /// A planner.
    pub fn new(seed: u64) -> Self {
        TheSafePlanner { rng: bot_rng(seed), plays: Vec::new() }
    }

    fn plan(&mut self, state: &TheSafe, seat: usize) -> Option<Action> {
        let view = state.view(Viewer::Seat(Seat(seat as u8)));
        let mission = Mission::from_view(&view, state);
        let mut candidates = std::mem::take(&mut self.plays);
        plays(&mission.rows, mission.table, mission.live(), mission.hands[seat], &mut candidates);
        let mut best: Option<(usize, Play)> = None;
        if candidates.len() == 1 {
            best = candidates.first().map(|p| (0, *p));
        } else {
            for &play in &candidates {
                let mut wins = 0;
                for k in 0..CONTINUATIONS {
                    let mut m = mission.clone();
                    m.play(seat, play.card, play.row);
                    if k == 0 {
                        super::team::rollout(&mut m);
                    } else {
                        random_rollout(&mut m, &mut self.rng);
                    }
                    wins += usize::from(m.crackable());
                }
                if best.is_none_or(|(w, _)| wins > w) {
                    best = Some((wins, play));
                }
            }
        }
        self.plays = candidates;
        best.map(|(_, p)| Action::Play { card: p.card, row: p.row as u8 })
    }
}

/// Plays on to the end of play, each seat choosing at random among its cheapest plays.
pub(crate) fn random_rollout(m: &mut Mission, rng: &mut GameRng) {
    let mut options = Vec::with_capacity(12);
    while let Some(seat) = m.to_move {
        plays(&m.rows, m.table, m.live(), m.hands[seat], &mut options);
        let Some(cheapest) = options.first().map(|p| p.cost) else {
            m.pass(seat);
            continue;
        };
        let n = options.iter().take_while(|p| p.cost == cheapest).count();
        let p = options[rng.index(n)];
        m.play(seat, p.card, p.row);
    }
}

impl OmniscientBot<TheSafe> for TheSafePlanner {
    fn name(&self) -> &str {
        "omniscient"
    }

    fn choose(&mut self, state: &TheSafe, legal: &[Action]) -> Action {
        let chosen = match state.phase() {
            Phase::Naming { colour, .. } => name_the_truth(state, colour),
            Phase::Play { seat } => {
                if legal.iter().all(|a| !matches!(a, Action::Play { .. })) {
                    Some(Action::Pass)
                } else {
                    self.plan(state, seat.index())
                }
            }
            Phase::Over { .. } => None,
        };
        legal_or_random(chosen, legal, &mut self.rng)
    }
}
