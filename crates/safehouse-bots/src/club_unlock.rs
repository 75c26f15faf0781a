//! Bots for Club Unlock / CASH: the rule-based bot and the search bots' playout knowledge.
//!
//! The rule-based strategy (also in `docs/bots.md`). The rulebook's own advice is the heart of
//! it: "the best way to loot more money is to break a series of safes in one operation"
//! (000:23), since every safe after the first in a turn earns a bonus marker of 10.
//! - The bot looks at every *plan*: a set of one to four displayed safes it could crack in one
//!   turn once it holds all their keys (keys missing must still be in the piles). A plan is worth
//!   its safes' money (markers included), 10 per serial crack, 10 more if it clears the display;
//!   safes an opponent can open right now count 0.3 (they may be gone by then). Its *rate* is
//!   that worth divided by (missing keys + 3): one turn per key, plus a fixed overhead that
//!   favours big plans (tuned: against random bots the win rate climbs from 58% with a plain
//!   "worth per turn" to 95% with the overhead of 3).
//! - If the best plan needs no more keys, **crack** it (threatened safes first, then the most
//!   valuable); once cracking, keep cracking whatever the remaining keys open (each is +10).
//! - Otherwise **take the key** after which the best plan's rate is highest (the same rule picks
//!   the four starting keys). Taking the last key of a pile counts the bonus marker(s) it brings.
//! - **Place a bonus marker** under the best plan's safe that needs the colour, else under the
//!   safe it is closest to opening, avoiding safes an opponent can open now.
//!
//! The search policy: playouts crack a random openable safe nine times in ten when one can be
//! cracked and otherwise take a random key (greedy but cheap), scored by win share.

use safehouse_club_unlock::{
    Action, BONUS_VALUE, ClubUnlock, DISPLAY_SIZE, DisplayedSafe, ExhaustedPileBonus, KEYS_PER_COLOUR, KeyColour,
    KeyCounts, Phase, SafeCard, SafeId, SeatView, TieBreak, View,
};
use safehouse_engine::{Game, GameRng, Seat};

use crate::search::{SearchPolicy, shares_from_keys, softmax_shares};
use crate::{Bot, BotGame, bot_rng};

/// How much a safe an opponent can open now still counts in a plan.
const THREAT: f64 = 0.3;
/// A plan's fixed cost in turns, on top of one turn per missing key: it spreads over the plan's
/// safes, so bigger plans (more serial bonuses) are preferred. Tuned against random and
/// rule-based opponents (plan size matters most; see `docs/bots.md`).
const PLAN_OVERHEAD: f64 = 3.0;
const MAX_PLAN: usize = 4;
/// Displays imagined for a starting key chosen before the safes are laid out.
const BLIND_DISPLAYS: usize = 24;

/// How far a seat may open `card` now, from what the view shows of its hand: 1 if it surely
/// can (its known keys, or the keys it surely holds, open it), 0 if it cannot even at most, and
/// in between by how many keys short its sure hand falls.
fn threat(card: &SafeCard, seat: &SeatView) -> f64 {
    if let Some(keys) = seat.keys {
        return if card.opens_with(&keys) { 1.0 } else { 0.0 };
    }
    if card.opens_with(&seat.keys_at_least) {
        return 1.0;
    }
    if !card.opens_with(&seat.keys_at_most) || usize::from(seat.key_count) < 4 {
        return 0.0;
    }
    let short: u8 = (0..4).map(|c| card.keys[c].saturating_sub(seat.keys_at_least[c])).sum();
    POSSIBLE_THREAT / f64::from(short)
}
/// How far a safe an opponent may open (one key short of surely) counts as threatened.
const POSSIBLE_THREAT: f64 = 0.5;

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

/// A plan: some displayed safes to crack in one turn.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Indices into the display.
    safes: Vec<usize>,
    /// Keys still to take.
    missing: u32,
    /// How good it is per turn.
    rate: f64,
}

/// The table as the bot reads it from a view (or, before the safes are laid out, from a display
/// it imagines).
struct Table<'a> {
    view: &'a View,
    /// The displayed safes.
    display: Vec<DisplayedSafe>,
    /// Keys in the piles, as far as the bot knows them.
    piles: KeyCounts,
    hand: KeyCounts,
    /// Per displayed safe: how far an opponent may open it now (1 surely, 0 not at all).
    threatened: Vec<f64>,
}

impl<'a> Table<'a> {
    fn new(view: &'a View) -> Option<Self> {
        Table::with_display(view, view.display.clone())
    }

    fn with_display(view: &'a View, display: Vec<DisplayedSafe>) -> Option<Self> {
        let me = view.viewer.seat()?;
        let hand = view.me()?.keys?;
        // While the starting keys are chosen in secret the piles are unseen: the bot counts on
        // every key it has not taken itself (the others have taken few).
        let piles = view
            .piles
            .unwrap_or_else(|| [0, 1, 2, 3].map(|c| if view.pile_empty[c] { 0 } else { KEYS_PER_COLOUR - hand[c] }));
        let threatened = display
            .iter()
            .map(|slot| {
                let card = view.cards[slot.safe.index()];
                view.seats
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != me.index())
                    .map(|(_, s)| threat(&card, s))
                    .fold(0.0, f64::max)
            })
            .collect();
        Some(Table { view, display, piles, hand, threatened })
    }

    fn card(&self, safe: SafeId) -> SafeCard {
        self.view.cards[safe.index()]
    }

    /// How much displayed safe `i` still counts in a plan (threatened safes may be gone by then).
    fn keep(&self, i: usize) -> f64 {
        1.0 - (1.0 - THREAT) * self.threatened[i]
    }

    /// The money in displayed safe `i`, with `extra` markers added.
    fn money(&self, i: usize, extra: u8) -> f64 {
        let slot = self.display[i];
        f64::from(self.card(slot.safe).value) + (BONUS_VALUE as f64) * f64::from(slot.markers + extra)
    }

    /// The best plan for `hand` and `piles`; `extra(i)` adds markers to displayed safe `i`.
    fn best_plan(&self, hand: &KeyCounts, piles: &KeyCounts, extra: &dyn Fn(usize) -> u8) -> Plan {
        let n = self.display.len();
        let max_size = if n <= 10 { MAX_PLAN } else { 3 };
        let supply = f64::from(self.view.bonus_supply);
        let mut best = Plan::default();
        let mut chosen: Vec<usize> = Vec::with_capacity(MAX_PLAN);
        let mut need = [0u8; 4];
        self.extend_plans(0, max_size, hand, piles, extra, supply, &mut chosen, &mut need, &mut best);
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn extend_plans(
        &self,
        from: usize,
        max_size: usize,
        hand: &KeyCounts,
        piles: &KeyCounts,
        extra: &dyn Fn(usize) -> u8,
        supply: f64,
        chosen: &mut Vec<usize>,
        need: &mut KeyCounts,
        best: &mut Plan,
    ) {
        for i in from..self.display.len() {
            let card = self.card(self.display[i].safe);
            let mut missing = 0u32;
            let mut feasible = true;
            let mut next = *need;
            for c in 0..4 {
                next[c] += card.keys[c];
                let short = next[c].saturating_sub(hand[c]);
                if short > piles[c] {
                    feasible = false;
                }
                missing += u32::from(short);
            }
            if !feasible {
                continue;
            }
            chosen.push(i);
            let saved = *need;
            *need = next;
            let mut worth: f64 = chosen.iter().map(|&j| self.money(j, extra(j)) * self.keep(j)).sum();
            let bonuses = (chosen.len() - 1) as f64 + if chosen.len() == self.display.len() { 1.0 } else { 0.0 };
            worth += (BONUS_VALUE as f64) * bonuses.min(supply);
            let rate = worth / (f64::from(missing) + PLAN_OVERHEAD);
            if rate > best.rate {
                *best = Plan { safes: chosen.clone(), missing, rate };
            }
            if chosen.len() < max_size {
                self.extend_plans(i + 1, max_size, hand, piles, extra, supply, chosen, need, best);
            }
            *need = saved;
            chosen.pop();
        }
    }

    /// The best plan after taking one key of `colour` (with the bonus marker(s) it may bring).
    fn plan_after_taking(&self, colour: KeyColour) -> Plan {
        let c = colour.index();
        let mut hand = self.hand;
        hand[c] += 1;
        let mut piles = self.piles;
        piles[c] = piles[c].saturating_sub(1);
        let exhausts = piles[c] == 0 && self.view.bonus_supply > 0 && matches!(self.view.phase, Phase::Turn { .. });
        let display = &self.display;
        let cards = &self.view.cards;
        let needs = |i: usize| cards[display[i].safe.index()].needs(colour);
        match self.view.options.exhausted_pile_bonus {
            ExhaustedPileBonus::EveryMatchingSafe if exhausts => self.best_plan(&hand, &piles, &|i| u8::from(needs(i))),
            ExhaustedPileBonus::ChooseOneSafe if exhausts => {
                // The marker will go under the best plan's safe that needs the colour.
                let plain = self.best_plan(&hand, &piles, &|_| 0);
                let target = plain.safes.iter().copied().find(|&i| needs(i));
                match target {
                    Some(t) => self.best_plan(&hand, &piles, &|i| u8::from(i == t)),
                    None => plain,
                }
            }
            _ => self.best_plan(&hand, &piles, &|_| 0),
        }
    }

    /// The best value of a sequence of cracks from `hand` this turn, over the displayed safes
    /// not in `used`, and the first safe of that sequence.
    fn best_sequence(&self, hand: KeyCounts, used: &mut Vec<usize>, cracked_this_turn: u8) -> (f64, Option<usize>) {
        let mut best = (0.0, None);
        let supply = i64::from(self.view.bonus_supply);
        for i in 0..self.display.len() {
            let card = self.card(self.display[i].safe);
            if used.contains(&i) || !card.opens_with(&hand) {
                continue;
            }
            let mut value = self.money(i, 0);
            let earned = used.len() as i64 + i64::from(cracked_this_turn);
            if earned >= 1 && earned < supply {
                value += BONUS_VALUE as f64;
            }
            if used.len() + 1 == self.display.len() && earned < supply {
                value += BONUS_VALUE as f64;
            }
            let mut rest = hand;
            for (have, need) in rest.iter_mut().zip(card.keys) {
                *have -= need;
            }
            used.push(i);
            let (more, _) = self.best_sequence(rest, used, cracked_this_turn);
            used.pop();
            if value + more > best.0 {
                best = (value + more, Some(i));
            }
        }
        best
    }

    /// The displayed safe needing `colour` that the bot is closest to opening.
    fn bonus_target(&self, colour: KeyColour) -> Option<SafeId> {
        let plan = self.best_plan(&self.hand, &self.piles, &|_| 0);
        let display = &self.display;
        if let Some(&i) =
            plan.safes.iter().find(|&&i| self.card(display[i].safe).needs(colour) && self.threatened[i] < 0.5)
        {
            return Some(display[i].safe);
        }
        type Key = (bool, std::cmp::Reverse<u32>, u32);
        let mut best: Option<(Key, SafeId)> = None;
        for (i, slot) in display.iter().enumerate() {
            let card = self.card(slot.safe);
            if !card.needs(colour) {
                continue;
            }
            let missing: u32 = (0..4).map(|c| u32::from(card.keys[c].saturating_sub(self.hand[c]))).sum();
            let key = (self.threatened[i] < 0.5, std::cmp::Reverse(missing), u32::from(card.value));
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, slot.safe));
            }
        }
        best.map(|b| b.1)
    }
}

impl CashHeuristic {
    /// A starting key chosen before any safe is laid out (the books' order, 000:11-12): the key
    /// after which the best plan's rate is highest on average over displays drawn from the deck.
    fn blind_pick(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let mut totals = [0.0f64; 4];
        let mut deck: Vec<SafeId> = (0..view.cards.len() as u8).map(SafeId).collect();
        for _ in 0..BLIND_DISPLAYS {
            self.rng.shuffle(&mut deck);
            let display = deck.iter().take(DISPLAY_SIZE).map(|&safe| DisplayedSafe { safe, markers: 0 }).collect();
            let table = Table::with_display(view, display)?;
            for colour in KeyColour::ALL {
                totals[colour.index()] += table.plan_after_taking(colour).rate;
            }
        }
        let takes = legal.iter().filter_map(|a| match a {
            Action::TakeKey { colour } => Some((*colour, totals[colour.index()])),
            _ => None,
        });
        pick_best(&mut self.rng, takes).map(|colour| Action::TakeKey { colour })
    }

    fn decide(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let table = Table::new(view)?;
        let display = &view.display;
        match view.phase {
            Phase::PlacingBonus { colour, .. } => {
                let action = Action::PlaceBonus { safe: table.bonus_target(colour)? };
                return legal.contains(&action).then_some(action);
            }
            Phase::Turn { cracked, .. } if cracked > 0 => {
                let (_, first) = table.best_sequence(table.hand, &mut Vec::new(), cracked);
                let action = match first {
                    Some(i) => Action::Crack { safe: display[i].safe },
                    None => Action::EndTurn,
                };
                return legal.contains(&action).then_some(action);
            }
            Phase::Turn { .. } => {
                let plan = table.best_plan(&table.hand, &table.piles, &|_| 0);
                if plan.missing == 0 && !plan.safes.is_empty() {
                    // Crack the plan: threatened safes first, then the most valuable.
                    let first = plan.safes.iter().copied().max_by(|&a, &b| {
                        (table.threatened[a], table.money(a, 0))
                            .partial_cmp(&(table.threatened[b], table.money(b, 0)))
                            .unwrap_or(std::cmp::Ordering::Equal)
                    })?;
                    let action = Action::Crack { safe: display[first].safe };
                    if legal.contains(&action) {
                        return Some(action);
                    }
                }
            }
            Phase::ChoosingKeys { .. } if view.display.is_empty() => return self.blind_pick(view, legal),
            Phase::ChoosingKeys { .. } | Phase::Over { .. } => {}
        }
        let takes = legal.iter().filter_map(|a| match a {
            Action::TakeKey { colour } => {
                let rate = table.plan_after_taking(*colour).rate;
                // Break near-ties towards the scarcer pile (it is the one others will run out).
                let scarcity = 1e-3 / f64::from(table.piles[colour.index()].max(1));
                Some((*colour, rate + scarcity))
            }
            _ => None,
        });
        if let Some(colour) = pick_best(&mut self.rng, takes) {
            return Some(Action::TakeKey { colour });
        }
        // No key can be taken: crack what can be cracked.
        let (_, first) = table.best_sequence(table.hand, &mut Vec::new(), 0);
        first.map(|i| Action::Crack { safe: display[i].safe }).filter(|a| legal.contains(a))
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

    fn reset(&mut self, seed: u64) -> bool {
        // Its generator is all it keeps.
        *self = CashHeuristic::new(seed);
        true
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
        shares_from_keys(players, key, out);
        return;
    }
    let estimate = |s: usize| {
        let seat = state.seat(Seat(s as u8));
        seat.score as f64 + 2.0 * f64::from(seat.keys.iter().map(|&k| u32::from(k)).sum::<u32>())
    };
    softmax_shares(players, estimate, 8.0, out);
}

impl BotGame for ClubUnlock {
    fn heuristic(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(CashHeuristic::new(seed))
    }

    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy { rollout: greedy_rollout, evaluate, playout_limit: u32::MAX, first_play_urgency: f64::INFINITY }
    }

    const DEFAULT_ITERATIONS: u32 = 2_000;
}
