//! The co-operative team bot (`team`): plays under the shared convention, reads its teammates
//! under it, plans its plays so that the mission stays crackable, and names the most likely code.
//!
//! - **Plays.** Under the convention ([`super::convention`]) a seat plays one of its cheapest
//!   cards. Among those (and every row each fits) the bot plans: it draws states consistent with
//!   what it knows (its view and its readings of the others), plays each candidate there, lets
//!   every seat continue by the convention to the end of play, and scores the end as the team
//!   would name it: zero if some colour is held by every seat (004:49), otherwise, colour by
//!   colour, the chance that the seat asked to name it names it right, from that seat's exact
//!   deduction (`1 / numbers left`). The candidate with the best mean wins, so the plan keeps
//!   the numbers that must be deduced readable, empties hands where that decides, and steers away
//!   from every holder keeping the same colour.
//! - **Reads** ([`super::reader`]): what each teammate's plays under the convention say it does
//!   not hold, added to the exact deduction as if shown by a pass; a seat whose plays the
//!   convention does not explain (a person) is read from its passes only.
//! - **Names**: the certain number when the deduction (with the readings) leaves one; otherwise
//!   the number most often the code in states drawn consistently with the readings ("Guessing
//!   is allowed", 004:48).

use safehouse_engine::{Game, GameRng, Seat};
use safehouse_the_safe::deduction::Deduction;
use safehouse_the_safe::{Action, Card, Cards, Colour, Phase, TheSafe, View};

use super::convention::{Play, SLACK, default_play, plays};
use super::model::{Mission, RowModel, Table};
use super::planner::random_rollout;
use super::reader::Reader;
use crate::{Bot, bot_rng};

/// How the team bot plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeamSettings {
    /// States drawn per planned decision.
    pub samples: usize,
    /// Plan only when the draw pile holds at most this many cards (earlier, the convention's
    /// own choice: the cheapest play, lowest card, leftmost row).
    pub plan_pile: u8,
    /// Plays costing at most this much more than the cheapest are candidates: the convention's
    /// [`SLACK`] by default. Teammates read this seat assuming the convention's slack, and this
    /// seat reads them with its own: a team must agree on it.
    pub slack: u32,
    /// States drawn to weigh an uncertain code number.
    pub naming_samples: usize,
    /// Whether to read the teammates under the convention.
    pub read: bool,
    /// How the continuations play: 0 by the convention's own choices, 1 at random among each
    /// seat's cheapest plays.
    pub rollout: u8,
    /// How much better (in hundredths of a mission) a candidate must score than the
    /// convention's own choice to be played instead.
    pub margin: u32,
}

impl TeamSettings {
    /// Settings from `key=value` pairs separated by `+` or commas (`samples=32+plan_pile=10+slack=0+
    /// naming_samples=96+read=1`), starting from the defaults; `None` for an unknown key or value.
    pub fn parse(spec: &str) -> Option<TeamSettings> {
        let mut s = TeamSettings::default();
        for pair in spec.split(['+', ',']).map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=')?;
            let value: u32 = value.trim().parse().ok()?;
            match key.trim() {
                "samples" => s.samples = value as usize,
                "plan_pile" => s.plan_pile = value.min(255) as u8,
                "slack" => s.slack = value,
                "naming_samples" => s.naming_samples = value as usize,
                "read" => s.read = value != 0,
                "rollout" => s.rollout = value.min(1) as u8,
                "margin" => s.margin = value,
                _ => return None,
            }
        }
        Some(s)
    }
}

impl Default for TeamSettings {
    /// 200 planning samples: the lever at six players (mission 1 at 6 players, 300 games: 24
    /// samples 31.7%, 72 samples 43.0%, 200 samples 51.7%; docs/bots.md), at p99 well inside
    /// the one-second budget.
    fn default() -> Self {
        TeamSettings {
            samples: 200,
            plan_pile: 40,
            slack: SLACK,
            naming_samples: 96,
            read: true,
            rollout: 0,
            margin: 0,
        }
    }
}

/// The co-operative team bot for The Safe (see the module docs).
#[derive(Debug)]
pub struct TheSafeTeam {
    settings: TeamSettings,
    rng: GameRng,
    reader: Option<Reader>,
    plays: Vec<Play>,
    name: String,
}

impl TheSafeTeam {
    /// A team member with the default settings.
    pub fn new(seed: u64) -> Self {
        TheSafeTeam::with_settings(TeamSettings::default(), seed)
    }

    /// A team member with these settings.
    pub fn with_settings(settings: TeamSettings, seed: u64) -> Self {
        let name = if settings == TeamSettings::default() { "team".to_owned() } else { format!("team{settings:?}") };
        TheSafeTeam { settings, rng: bot_rng(seed), reader: None, plays: Vec::new(), name }
    }

    /// The seats this bot has seen not follow the convention (read from their passes only).
    pub fn not_following(&self) -> Vec<Seat> {
        self.reader.as_ref().map(Reader::not_following).unwrap_or_default()
    }

    /// The cards this bot reads each seat as not holding now (empty for itself).
    pub fn read_not_held(&self, seat: Seat) -> Cards {
        self.reader.as_ref().and_then(|r| r.seats.get(seat.index())).map(|s| s.not_held).unwrap_or_default()
    }

    fn read_view(&self, view: &View) -> View {
        match &self.reader {
            Some(reader) if self.settings.read => {
                let read = reader.read_view(view);
                if Deduction::from_view(&read).is_ok() { read } else { view.clone() }
            }
            _ => view.clone(),
        }
    }

    fn name_code(&mut self, view: &View, colour: Colour) -> u8 {
        let read = self.read_view(view);
        let Ok(deduction) = Deduction::from_view(&read) else { return 0 };
        if let Some(number) = deduction.certain(colour) {
            return number;
        }
        let possible = deduction.possible_mask(colour);
        // Count the code in sampled states; those that contradict what was read of the seats
        // before their draws count for little (the readings can be wrong about a seat).
        let mut counts = [0u32; 10];
        let players = usize::from(view.players);
        for _ in 0..self.settings.naming_samples {
            if let Ok(state) = TheSafe::determinize(&read, &mut self.rng) {
                let n = state.code().numbers(colour).trailing_zeros() as usize;
                let fits = self
                    .reader
                    .as_ref()
                    .is_none_or(|r| !self.settings.read || r.fits(|s| state.hand(Seat(s as u8)), players));
                if n < 10 && possible & (1 << n) != 0 {
                    counts[n] += if fits { 16 } else { 1 };
                }
            }
        }
        let top = counts.iter().copied().max().unwrap_or(0);
        let candidates: Vec<u8> = if top == 0 {
            (0..10).filter(|n| possible & (1 << n) != 0).collect()
        } else {
            (0..10u8).filter(|&n| counts[usize::from(n)] == top).collect()
        };
        self.rng.pick(&candidates).copied().unwrap_or(0)
    }

    fn choose_play(&mut self, view: &View, me: usize) -> Option<Action> {
        let hand = view.hand?;
        let table = Table {
            in_play: view.colours,
            reserve_slot: view.options.colour_restriction == safehouse_the_safe::ColourRestrictionCheck::ReserveSlot,
        };
        let rows: [RowModel; 4] = std::array::from_fn(|r| RowModel::from_view(&view.rows[r], table));
        let mut live = Cards::of_colours(view.colours);
        for row in &view.rows {
            for &card in &row.cards {
                live.remove(card);
            }
        }
        let mut candidates = std::mem::take(&mut self.plays);
        plays(&rows, table, live, hand, &mut candidates);
        let cheapest = candidates.first()?.cost;
        // A free play (closing off nothing) is always taken when there is one; otherwise any
        // play within the slack of the cheapest.
        let limit = if cheapest == 0 { 0 } else { cheapest + self.settings.slack };
        candidates.retain(|p| p.cost <= limit);
        let fallback = default_play(&rows, table, live, hand);
        let chosen = if candidates.len() == 1 || view.draw_pile > self.settings.plan_pile || self.settings.samples == 0
        {
            if self.settings.slack == 0 { fallback } else { candidates.first().copied() }
        } else {
            self.plan(view, me, &candidates)
        };
        self.plays = candidates;
        chosen.map(|p| Action::Play { card: p.card, row: p.row as u8 })
    }

    /// The candidate with the best mean score over sampled states. A first third of the
    /// samples scores every candidate; the rest goes to the best third of them (at least two).
    fn plan(&mut self, view: &View, me: usize, candidates: &[Play]) -> Option<Play> {
        let read = self.read_view(view);
        let mut scores = vec![0.0f64; candidates.len()];
        let mut alive: Vec<usize> = (0..candidates.len()).collect();
        let mut scorer = EndScorer::new(view);
        let first_round = (self.settings.samples / 3).max(1);
        let mut drawn = 0;
        for sample in 0..self.settings.samples {
            if sample == first_round && alive.len() > 2 {
                alive.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
                alive.truncate(alive.len().div_ceil(3).max(2));
                alive.sort_unstable();
            }
            let Ok(state) = TheSafe::determinize(&read, &mut self.rng) else { continue };
            drawn += 1;
            let mission = Mission::from_view(view, &state);
            let code = state.code();
            for &i in &alive {
                let play = candidates[i];
                let mut m = mission.clone();
                m.play(me, play.card, play.row);
                if self.settings.rollout == 0 {
                    rollout(&mut m);
                } else {
                    random_rollout(&mut m, &mut GameRng::from_seed(sample as u64 ^ 0x5a5a));
                }
                scores[i] += scorer.score(&m, code);
            }
        }
        if drawn == 0 {
            return candidates.first().copied();
        }
        let mut best = alive[0];
        for &i in &alive[1..] {
            if scores[i] > scores[best] + 1e-9 {
                best = i;
            }
        }
        // Leave the convention's own choice (the first candidate) only for a clear gain: the
        // teammates' plans assume it, so the closer the team plays to it, the better they plan.
        let margin = f64::from(self.settings.margin) / 100.0 * drawn as f64;
        if alive.contains(&0) && scores[best] <= scores[0] + margin {
            best = 0;
        }
        candidates.get(best).copied()
    }

    fn decide(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let me = view.viewer?.index();
        let slack = self.settings.slack;
        let reader = self.reader.get_or_insert_with(|| Reader::new(me, slack));
        if self.settings.read {
            reader.observe(view);
        }
        let action = match view.phase {
            Phase::Naming { colour, .. } => Some(Action::Name { colour, number: self.name_code(view, colour) }),
            Phase::Play { .. } => {
                if legal.iter().all(|a| !matches!(a, Action::Play { .. })) {
                    Some(Action::Pass)
                } else {
                    self.choose_play(view, me)
                }
            }
            Phase::Over { .. } => None,
        };
        let action = action.filter(|a| legal.contains(a))?;
        if let Some(reader) = &mut self.reader {
            reader.record_own(view, action);
        }
        Some(action)
    }
}

/// Plays a mission on by the convention's own choices until play ends.
pub(crate) fn rollout(m: &mut Mission) {
    while let Some(seat) = m.to_move {
        match default_play(&m.rows, m.table, m.live(), m.hands[seat]) {
            Some(p) => m.play(seat, p.card, p.row),
            None => m.pass(seat),
        }
    }
}

/// Scores the end of play as the team would name it: for each colour, the chance that the
/// naming seat names it right from its exact deduction; zero when the safe cannot be cracked.
pub(crate) struct EndScorer {
    view: View,
    played: Vec<Card>,
}

impl EndScorer {
    pub(crate) fn new(template: &View) -> EndScorer {
        let mut view = template.clone();
        view.rows.truncate(1);
        view.last_mission = None;
        EndScorer { view, played: Vec::with_capacity(50) }
    }

    pub(crate) fn score(&mut self, m: &Mission, code: Cards) -> f64 {
        if !m.crackable() {
            return 0.0;
        }
        self.played.clear();
        self.played.extend(m.played);
        std::mem::swap(&mut self.view.rows[0].cards, &mut self.played);
        let players = m.players;
        for s in 0..players {
            self.view.hand_sizes[s] = m.hands[s].len() as u8;
            self.view.passed[s] = m.passed[s];
        }
        self.view.draw_pile = m.pile.len() as u8;
        self.view.held_colours = Some(m.held());
        let mut p = 1.0;
        let mut cache: [Option<Deduction>; 6] = [None; 6];
        for colour in m.table.in_play.iter() {
            let Some(namer) = m.namer(colour) else { return 0.0 };
            let deduction = match cache[namer] {
                Some(d) => d,
                None => {
                    self.view.viewer = Some(Seat(namer as u8));
                    self.view.hand = Some(m.hands[namer]);
                    self.view.phase = Phase::Naming { seat: Seat(namer as u8), colour };
                    match Deduction::from_view(&self.view) {
                        Ok(d) => {
                            cache[namer] = Some(d);
                            d
                        }
                        Err(_) => {
                            p = 0.0;
                            break;
                        }
                    }
                }
            };
            let mask = deduction.possible_mask(colour);
            if mask & code.numbers(colour) == 0 {
                p = 0.0;
                break;
            }
            p /= f64::from(mask.count_ones());
        }
        std::mem::swap(&mut self.view.rows[0].cards, &mut self.played);
        p
    }
}

impl Bot<TheSafe> for TheSafeTeam {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.decide(view, legal) {
            Some(action) => action,
            None => legal[self.rng.index(legal.len())],
        }
    }
}
