//! Bots for Club Unlock / CASH: the rule-based bot and the search bots' playout knowledge.
//!
//! The rule-based strategy (also in `docs/bots.md`):
//! - **Crack** whenever some sequence of cracks is worth it: the bot tries every order of the
//!   safes it can open this turn (cracking returns keys, so one crack can rule out another) and
//!   keeps the sequence worth most: values, markers under the safes, the serial bonus from the
//!   second crack on and the last-safe bonus. It *waits* instead (takes a key) only when one
//!   more key would make the turn worth at least 12 more and no opponent can open any of the
//!   safes it is waiting for.
//! - **Take the key** that most raises the hand's *potential*: every displayed safe still
//!   reachable (the piles hold the missing keys) counts its money times 0.35 per missing key,
//!   halved when an opponent could crack it on their next turn; taking the last key of a pile
//!   counts the bonus marker it brings. The same rule picks the four starting keys.
//! - **Place a bonus marker** under the safe the bot is closest to opening (then the most
//!   valuable), avoiding safes an opponent can open now.
//!
//! The search policy: playouts crack a random openable safe nine times in ten when one can be
//! cracked and otherwise take a random key (greedy but cheap), scored by win share.

use safehouse_club_unlock::{
    Action, BONUS_VALUE, ClubUnlock, ExhaustedPileBonus, KeyColour, KeyCounts, Phase, SafeCard, SafeId, TieBreak, View,
};
use safehouse_engine::{Game, GameRng, Seat};

use crate::search::SearchPolicy;
use crate::{Bot, BotGame, Difficulty, bot_rng};

const CLOSENESS: f64 = 0.35;
const WAIT_MARGIN: f64 = 12.0;

/// The rule-based Club Unlock / CASH bot (see the module docs for its strategy).
#[derive(Debug)]
pub struct CashHeuristic {
    rng: GameRng,
}

impl CashHeuristic {
    /// A rule-based bot; the seed only breaks exact ties.
    pub fn new(seed: u64) -> Self {
        CashHeuristic { rng: bot_rng(seed) }
    }
}

/// The table as the bot reads it from a view.
struct Table<'a> {
    view: &'a View,
    me: Seat,
    hand: KeyCounts,
}

impl<'a> Table<'a> {
    fn new(view: &'a View) -> Option<Self> {
        let me = view.viewer.seat()?;
        let hand = view.me()?.keys?;
        Some(Table { view, me, hand })
    }

    fn card(&self, safe: SafeId) -> SafeCard {
        self.view.cards[safe.index()]
    }

    fn markers(&self, safe: SafeId) -> u8 {
        self.view.display.iter().find(|s| s.safe == safe).map_or(0, |s| s.markers)
    }

    /// The money a crack of `safe` brings, markers included.
    fn money(&self, safe: SafeId) -> f64 {
        f64::from(self.card(safe).value) + (BONUS_VALUE as f64) * f64::from(self.markers(safe))
    }

    /// Whether an opponent whose hand is known could open `safe` now.
    fn opponent_can_open(&self, safe: SafeId) -> bool {
        let card = self.card(safe);
        self.view
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.me.index())
            .any(|(_, s)| s.keys.is_some_and(|k| card.opens_with(&k)))
    }

    /// The best value of a sequence of cracks from `hand`, over the displayed safes not in `used`.
    fn best_sequence(&self, hand: KeyCounts, used: &mut Vec<SafeId>, cracked_this_turn: u8) -> (f64, Option<SafeId>) {
        let mut best = (0.0, None);
        let supply = i64::from(self.view.bonus_supply);
        for slot in &self.view.display {
            if used.contains(&slot.safe) || !self.card(slot.safe).opens_with(&hand) {
                continue;
            }
            let card = self.card(slot.safe);
            let mut value = self.money(slot.safe);
            let earned = used.len() as i64 + i64::from(cracked_this_turn);
            if earned >= 1 && earned < supply {
                value += BONUS_VALUE as f64;
            }
            if used.len() + 1 == self.view.display.len() && earned < supply {
                value += BONUS_VALUE as f64;
            }
            let mut rest = hand;
            for c in 0..4 {
                rest[c] -= card.keys[c];
            }
            used.push(slot.safe);
            let (more, _) = self.best_sequence(rest, used, cracked_this_turn);
            used.pop();
            if value + more > best.0 {
                best = (value + more, Some(slot.safe));
            }
        }
        best
    }

    /// How promising a hand is: reachable safes' money, discounted per missing key.
    fn potential(&self, hand: &KeyCounts, piles: &KeyCounts, extra_markers: &dyn Fn(SafeId) -> u8) -> f64 {
        let mut total = 0.0;
        for slot in &self.view.display {
            let card = self.card(slot.safe);
            let mut missing = 0u32;
            let mut reachable = true;
            for c in 0..4 {
                let short = card.keys[c].saturating_sub(hand[c]);
                if short > piles[c] {
                    reachable = false;
                }
                missing += u32::from(short);
            }
            if !reachable {
                continue;
            }
            let money = self.money(slot.safe) + (BONUS_VALUE as f64) * f64::from(extra_markers(slot.safe));
            let mut worth = money * CLOSENESS.powi(missing as i32);
            if self.opponent_can_open(slot.safe) {
                worth *= 0.5;
            }
            total += worth;
        }
        total
    }

    /// The value of taking one key of `colour` (for the starting keys and for a turn).
    fn key_value(&self, colour: KeyColour) -> f64 {
        let c = colour.index();
        let mut hand = self.hand;
        hand[c] += 1;
        let mut piles = self.view.piles;
        piles[c] -= 1;
        let exhausts = piles[c] == 0 && self.view.bonus_supply > 0 && matches!(self.view.phase, Phase::Turn { .. });
        let options = &self.view.options;
        if exhausts && options.exhausted_pile_bonus == ExhaustedPileBonus::EveryMatchingSafe {
            let cards = &self.view.cards;
            self.potential(&hand, &piles, &|safe: SafeId| u8::from(cards[safe.index()].needs(colour)))
        } else if exhausts && options.exhausted_pile_bonus == ExhaustedPileBonus::ChooseOneSafe {
            let base = self.potential(&hand, &piles, &|_| 0);
            let target = self.bonus_target(colour, &hand);
            let bonus = target.map_or(0.0, |safe| {
                let missing: u32 = (0..4).map(|i| u32::from(self.card(safe).keys[i].saturating_sub(hand[i]))).sum();
                BONUS_VALUE as f64 * CLOSENESS.powi(missing as i32)
            });
            base + bonus
        } else {
            self.potential(&hand, &piles, &|_| 0)
        }
    }

    /// The displayed safe needing `colour` that the bot is closest to opening with `hand`.
    fn bonus_target(&self, colour: KeyColour, hand: &KeyCounts) -> Option<SafeId> {
        let mut best: Option<(bool, u32, f64, SafeId)> = None;
        for slot in &self.view.display {
            let card = self.card(slot.safe);
            if !card.needs(colour) {
                continue;
            }
            let missing: u32 = (0..4).map(|i| u32::from(card.keys[i].saturating_sub(hand[i]))).sum();
            let key = (!self.opponent_can_open(slot.safe), missing, self.money(slot.safe), slot.safe);
            let better = match best {
                None => true,
                Some((safe_from_others, m, money, _)) => {
                    (key.0, std::cmp::Reverse(key.1)) > (safe_from_others, std::cmp::Reverse(m))
                        || ((key.0, key.1) == (safe_from_others, m) && key.2 > money)
                }
            };
            if better {
                best = Some(key);
            }
        }
        best.map(|b| b.3)
    }
}

fn pick_best<T: Copy>(rng: &mut GameRng, items: impl Iterator<Item = (T, f64)>) -> Option<T> {
    let mut best: Vec<(T, f64)> = Vec::new();
    for (item, score) in items {
        match best.first() {
            Some(&(_, s)) if score < s - 1e-9 => {}
            Some(&(_, s)) if score <= s + 1e-9 => best.push((item, score)),
            _ => {
                best.clear();
                best.push((item, score));
            }
        }
    }
    rng.pick(&best).map(|b| b.0)
}

impl CashHeuristic {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let table = Table::new(view)?;
        match view.phase {
            Phase::PlacingBonus { colour, .. } => {
                let safe = table.bonus_target(colour, &table.hand)?;
                let action = Action::PlaceBonus { safe };
                return legal.contains(&action).then_some(action);
            }
            Phase::Turn { cracked, .. } => {
                let (now, first) = table.best_sequence(table.hand, &mut Vec::new(), cracked);
                if let Some(safe) = first {
                    let crack = Action::Crack { safe };
                    if cracked > 0 || !self.should_wait(&table, now) {
                        return legal.contains(&crack).then_some(crack);
                    }
                } else if cracked > 0 {
                    return legal.contains(&Action::EndTurn).then_some(Action::EndTurn);
                }
            }
            Phase::ChoosingKeys { .. } | Phase::Over { .. } => {}
        }
        let takes = legal.iter().filter_map(|a| match a {
            Action::TakeKey { colour } => Some((*colour, table.key_value(*colour))),
            _ => None,
        });
        pick_best(&mut self.rng, takes).map(|colour| Action::TakeKey { colour })
    }

    /// Whether to take a key now and crack a better set next turn.
    fn should_wait(&self, table: &Table<'_>, now: f64) -> bool {
        for colour in KeyColour::ALL {
            let c = colour.index();
            if table.view.piles[c] == 0 {
                continue;
            }
            let mut hand = table.hand;
            hand[c] += 1;
            let mut used = Vec::new();
            let (later, _) = table.best_sequence(hand, &mut used, 0);
            if later < now + WAIT_MARGIN {
                continue;
            }
            // Which safes would the better turn crack? Wait only if nobody else can take them first.
            let plan = plan_safes(table, hand);
            if plan.iter().all(|&safe| !table.opponent_can_open(safe)) {
                return true;
            }
        }
        false
    }
}

/// The safes of the best crack sequence from `hand`, in order.
fn plan_safes(table: &Table<'_>, mut hand: KeyCounts) -> Vec<SafeId> {
    let mut used = Vec::new();
    while let (_, Some(safe)) = table.best_sequence(hand, &mut used.clone(), 0) {
        let card = table.card(safe);
        for c in 0..4 {
            hand[c] -= card.keys[c];
        }
        used.push(safe);
    }
    used
}

impl Bot<ClubUnlock> for CashHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.decide(view, legal) {
            Some(action) => action,
            None => legal[self.rng.index(legal.len())],
        }
    }
}

/// Playouts: crack a random openable safe nine times in ten, else any legal action.
fn greedy_rollout(_state: &ClubUnlock, legal: &[Action], rng: &mut GameRng) -> usize {
    let cracks = legal.iter().filter(|a| matches!(a, Action::Crack { .. })).count();
    if cracks > 0 && rng.below(10) < 9 {
        let k = rng.index(cracks);
        return legal
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Crack { .. }))
            .nth(k)
            .map_or(0, |(i, _)| i);
    }
    rng.index(legal.len())
}

/// Win shares straight from the seats' money (no `Outcome` allocated); an unfinished state is
/// judged by a soft-max of money plus two per key in hand.
fn evaluate(state: &ClubUnlock, out: &mut [f64]) {
    let players = state.players();
    if state.is_over() {
        let key = |s: usize| {
            let seat = state.seat(Seat(s as u8));
            match state.options().tie_break {
                TieBreak::Shared => (seat.score, 0),
                TieBreak::MostSafes => (seat.score, seat.cracked.len() as i64),
            }
        };
        let best = (0..players).map(key).max().unwrap_or((0, 0));
        let winners = (0..players).filter(|&s| key(s) == best).count().max(1);
        for (s, r) in out.iter_mut().enumerate().take(players) {
            *r = if key(s) == best { 1.0 / winners as f64 } else { 0.0 };
        }
        return;
    }
    let estimate = |s: usize| {
        let seat = state.seat(Seat(s as u8));
        seat.score as f64 + 2.0 * f64::from(seat.keys.iter().map(|&k| u32::from(k)).sum::<u32>())
    };
    let top = (0..players).map(estimate).fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for (s, r) in out.iter_mut().enumerate().take(players) {
        *r = ((estimate(s) - top) / 8.0).exp();
        total += *r;
    }
    out.iter_mut().for_each(|r| *r /= total.max(f64::MIN_POSITIVE));
}

impl BotGame for ClubUnlock {
    const KINDS: &'static [&'static str] = &["easy", "medium", "hard", "random", "heuristic", "noisy", "ismcts"];

    fn difficulty(level: Difficulty) -> &'static str {
        match level {
            Difficulty::Easy => "noisy",
            Difficulty::Medium => "heuristic",
            Difficulty::Hard => "ismcts:2000",
        }
    }

    fn heuristic(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(CashHeuristic::new(seed))
    }

    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy { rollout: greedy_rollout, evaluate, playout_limit: u32::MAX }
    }

    const DEFAULT_ITERATIONS: u32 = 2_000;
}
