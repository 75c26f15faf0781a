//! Bots for The Safe: the co-operative team bot ([`TheSafeTeam`], kinds `team` and `convention`:
//! a shared convention, readings of the teammates, planning, likely-code naming; submodules
//! `convention`, `reader`, `team`, `model`), the omniscient planner ([`TheSafePlanner`], kind
//! `omniscient`), the older rule-based team and its omniscient counterpart described below, and
//! search knowledge.
//!
//! The team never talks (the table gives it no channel, gap T13): each seat sees only its own
//! view, and the only signals are the plays themselves. The strategy (`docs/bots.md`):
//! - **Play to keep the rows open.** Every card played is a card everyone sees, and what nobody
//!   sees is what makes naming uncertain, so the team wants as many cards as possible played.
//!   Among the legal plays the bot picks the one that costs its row the fewest *live* cards
//!   (cards of the colours in play not yet in a row) that the row would still have accepted:
//!   small steps in a row's direction, colours the row already holds, no early jump to an end.
//!   (Rows are public, so the cost is measured exactly on any state consistent with the view.)
//! - **Name with the exact deduction** ([`safehouse_the_safe::deduction::Deduction`]): the
//!   certain number when there is one; otherwise the number most often the code in 64 states
//!   drawn consistently with the view (`determinize`), among those the deduction allows.
//!
//! The **omniscient** team plays the same way but names the true code: the gap between the two
//! teams is what the hidden cards cost at the naming.

use safehouse_engine::{Game, GameRng, Viewer};
use safehouse_the_safe::deduction::Deduction;
use safehouse_the_safe::{Action, Cards, Colour, Phase, TheSafe, View};

mod convention;
mod model;
mod planner;
mod reader;
mod team;

pub use planner::TheSafePlanner;
pub use team::{TeamSettings, TheSafeTeam};

use crate::search::SearchPolicy;
use crate::{Bot, BotGame, Difficulty, OmniscientBot, bot_rng};

/// Samples drawn to weigh an uncertain code number.
const NAMING_SAMPLES: usize = 64;

/// The rule-based co-operative bot for The Safe (see the module docs).
#[derive(Debug)]
pub struct TheSafeHeuristic {
    rng: GameRng,
}

impl TheSafeHeuristic {
    /// A team member; the seed breaks ties and draws the naming samples.
    pub fn new(seed: u64) -> Self {
        TheSafeHeuristic { rng: bot_rng(seed) }
    }
}

/// Every card of the colours in play that is not yet in a row.
fn live_cards(view: &View) -> Cards {
    let mut live = Cards::of_colours(view.colours);
    for row in &view.rows {
        for &card in &row.cards {
            live.remove(card);
        }
    }
    live
}

/// The play that costs its row the fewest live cards, measured on `state` (any state consistent
/// with the public rows).
fn best_play(state: &TheSafe, live: Cards, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    let mut best: Vec<Action> = Vec::new();
    let mut best_cost = usize::MAX;
    let mut events = Vec::new();
    for &action in legal {
        let Action::Play { card, row } = action else { continue };
        let r = usize::from(row);
        let Some(before) = state.row(r).map(|row| row.playable()) else { continue };
        let mut after_state = state.clone();
        events.clear();
        if after_state.apply(&action, &mut events).is_err() {
            continue;
        }
        let mut still_live = live;
        still_live.remove(card);
        // The row after the play (the mission may have ended: then nothing more is accepted).
        let after = if matches!(after_state.phase(), Phase::Play { .. }) {
            after_state.row(r).map_or(Cards::default(), |row| row.playable())
        } else {
            Cards::default()
        };
        let lost = Cards::from_bits(before.bits() & still_live.bits() & !after.bits()).len();
        if lost < best_cost {
            best_cost = lost;
            best.clear();
        }
        if lost == best_cost {
            best.push(action);
        }
    }
    rng.pick(&best).copied()
}

impl TheSafeHeuristic {
    fn name_code(&mut self, view: &View, colour: Colour) -> Option<u8> {
        let deduction = Deduction::from_view(view).ok()?;
        if let Some(number) = deduction.certain(colour) {
            return Some(number);
        }
        let possible = deduction.possible_mask(colour);
        let mut counts = [0u32; 10];
        for _ in 0..NAMING_SAMPLES {
            if let Ok(state) = TheSafe::determinize(view, &mut self.rng) {
                let numbers = state.code().numbers(colour);
                for (n, count) in counts.iter_mut().enumerate() {
                    if numbers & (1 << n) != 0 && possible & (1 << n) != 0 {
                        *count += 1;
                    }
                }
            }
        }
        let top = *counts.iter().max()?;
        let candidates: Vec<u8> = if top == 0 {
            (0..10).filter(|n| possible & (1 << n) != 0).collect()
        } else {
            (0..10u8).filter(|&n| counts[usize::from(n)] == top).collect()
        };
        self.rng.pick(&candidates).copied()
    }

    fn decide(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        match view.phase {
            Phase::Naming { colour, .. } => {
                let number = self.name_code(view, colour)?;
                let action = Action::Name { colour, number };
                legal.contains(&action).then_some(action)
            }
            Phase::Play { .. } => {
                if legal.iter().all(|a| !matches!(a, Action::Play { .. })) {
                    return legal.first().copied();
                }
                let state = TheSafe::determinize(view, &mut self.rng).ok()?;
                best_play(&state, live_cards(view), legal, &mut self.rng)
            }
            Phase::Over { .. } => None,
        }
    }
}

impl Bot<TheSafe> for TheSafeHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.decide(view, legal) {
            Some(action) => action,
            None => legal[self.rng.index(legal.len())],
        }
    }

    fn reset(&mut self, seed: u64) -> bool {
        // Its generator is all it keeps.
        *self = TheSafeHeuristic::new(seed);
        true
    }
}

/// The omniscient team member: plays like [`TheSafeHeuristic`] and names the true code.
#[derive(Debug)]
pub struct TheSafeOmniscient {
    rng: GameRng,
}

impl TheSafeOmniscient {
    /// An omniscient team member.
    pub fn new(seed: u64) -> Self {
        TheSafeOmniscient { rng: bot_rng(seed) }
    }
}

impl OmniscientBot<TheSafe> for TheSafeOmniscient {
    fn name(&self) -> &str {
        "omniscient"
    }

    fn choose(&mut self, state: &TheSafe, legal: &[Action]) -> Action {
        let chosen = match state.phase() {
            Phase::Naming { colour, .. } => name_the_truth(state, colour),
            Phase::Play { seat } => {
                let view = state.view(Viewer::Seat(seat));
                best_play(state, live_cards(&view), legal, &mut self.rng)
            }
            Phase::Over { .. } => None,
        };
        legal_or_random(chosen, legal, &mut self.rng)
    }
}

/// What a bot that sees the code names: the code's (smallest) number of `colour`.
pub(crate) fn name_the_truth(state: &TheSafe, colour: Colour) -> Option<Action> {
    let numbers = state.code().numbers(colour);
    (0..10u8).find(|n| numbers & (1 << n) != 0).map(|number| Action::Name { colour, number })
}

/// `chosen` if it is legal, else a random legal action (the omniscient bots' safety net).
pub(crate) fn legal_or_random(chosen: Option<Action>, legal: &[Action], rng: &mut GameRng) -> Action {
    match chosen.filter(|a| legal.contains(a)) {
        Some(action) => action,
        None => legal[rng.index(legal.len())],
    }
}

/// The team's progress: missions cracked in a row out of five (everyone gets the same).
fn evaluate(state: &TheSafe, out: &mut [f64]) {
    // The outcome's score is the best streak; read it without building the `Outcome` (whose
    // strings and lists would allocate in every search iteration).
    let streak = if state.is_over() { f64::from(state.best()) } else { f64::from(state.completed()) };
    let reward = (streak / f64::from(safehouse_the_safe::MISSIONS)).clamp(0.0, 1.0);
    out.iter_mut().for_each(|r| *r = reward);
}

impl BotGame for TheSafe {
    const KINDS: &'static [&'static str] =
        &["easy", "medium", "hard", "random", "heuristic", "noisy", "ismcts", "team", "convention"];

    fn difficulty(level: Difficulty) -> &'static str {
        match level {
            Difficulty::Easy => "noisy",
            Difficulty::Medium => "convention",
            Difficulty::Hard => "team",
        }
    }

    fn special(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            "team" => Some(Box::new(TheSafeTeam::new(seed))),
            // The team without planning: the convention's own choices, the readings, the naming.
            "convention" => {
                Some(Box::new(TheSafeTeam::with_settings(TeamSettings { samples: 0, ..TeamSettings::default() }, seed)))
            }
            _ => {
                let settings = TeamSettings::parse(kind.strip_prefix("team:")?)?;
                Some(Box::new(TheSafeTeam::with_settings(settings, seed)))
            }
        }
    }

    fn heuristic(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(TheSafeHeuristic::new(seed))
    }

    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy { evaluate, ..SearchPolicy::default() }
    }

    fn omniscient(seed: u64) -> Box<dyn OmniscientBot<Self>> {
        Box::new(TheSafePlanner::new(seed))
    }

    const DEFAULT_ITERATIONS: u32 = 500;
}
