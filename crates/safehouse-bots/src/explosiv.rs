//! Bots for Explosiv: the rule-based player and the search bots' knowledge.
//!
//! **Rule-based** (`docs/bots.md`): Explosiv is a majority game (every seat spends the same
//! 1..8 each round; the highest total in a row takes its explosive card, bomb side included),
//! so the bot asks, for each placement, how it changes its *expected share* of every row
//! against the others':
//! - In each row each seat's chance to take the card is a soft-max of its total there (the
//!   last card's owner counted with its bonus), sharper as the row fills up; a row is worth its
//!   card's value on the side that is up (a bomb is negative).
//! - A placement's worth is the change of (own expected points − the opponents' mean expected
//!   points) over all rows, minus a small price per point spent (a high card won twice as much
//!   elsewhere is not wasted on a poor row). The 8th card of a row turns it into a bomb, and the
//!   sums show when that hurts the leader more than the bot.
//! - With no placement it gives up its lowest card (or passes, as the options say).
//!
//! **Search**: uniformly random playouts (a game is about 100 decisions), scored by win share
//! computed from the seats' scores.

use safehouse_engine::{Game, GameRng, Seat};
use safehouse_explosiv::{Action, Explosiv, GameTieBreak, View};

use crate::search::{SearchPolicy, shares_from_keys, softmax_shares};
use crate::{Bot, BotGame, Difficulty, bot_rng};

/// Price of one point of card spent, in points of expected score.
const POINT_PRICE: f64 = 0.05;
/// Spread of the soft-max that turns totals into chances, for an empty row; it narrows as the
/// row fills up.
const SPREAD: f64 = 3.0;

/// The rule-based Explosiv bot (see the module docs).
#[derive(Debug)]
pub struct ExplosivHeuristic {
    rng: GameRng,
}

impl ExplosivHeuristic {
    /// A rule-based bot; the seed breaks ties.
    pub fn new(seed: u64) -> Self {
        ExplosivHeuristic { rng: bot_rng(seed) }
    }
}

/// One row reduced to what the evaluation needs.
#[derive(Clone, Copy, Debug)]
struct RowState {
    value: f64,
    totals: [f64; 4],
    last: Option<usize>,
    cards: usize,
}

/// Each seat's expected points from one row.
fn row_shares(row: &RowState, players: usize, bonus: f64, out: &mut [f64; 4]) {
    let spread = (SPREAD * (1.0 - row.cards as f64 / 10.0)).max(1.0);
    let mut weights = [0.0f64; 4];
    let mut best = f64::NEG_INFINITY;
    for (s, weight) in weights.iter_mut().enumerate().take(players) {
        let total = row.totals[s] + if row.last == Some(s) { bonus } else { 0.0 };
        *weight = total;
        best = best.max(total);
    }
    let mut sum = 0.0;
    for w in weights.iter_mut().take(players) {
        *w = ((*w - best) / spread).exp();
        sum += *w;
    }
    for s in 0..players {
        out[s] = row.value * weights[s] / sum;
    }
}

/// Own expected points minus the opponents' mean, over all rows.
fn utility(rows: &[RowState], players: usize, me: usize, bonus: f64) -> f64 {
    let mut shares = [0.0f64; 4];
    let mut total = 0.0;
    for row in rows {
        if row.cards == 0 {
            continue; // Nobody has bid yet: the card is anybody's.
        }
        row_shares(row, players, bonus, &mut shares);
        let others: f64 =
            (0..players).filter(|&s| s != me).map(|s| shares[s]).sum::<f64>() / (players - 1).max(1) as f64;
        total += shares[me] - others;
    }
    total
}

impl ExplosivHeuristic {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let me = view.viewer.seat()?.index();
        let players = usize::from(view.players).min(4);
        let bonus = f64::from(view.options.last_card_bonus);
        let mut rows: Vec<RowState> = view
            .rows
            .iter()
            .map(|r| {
                let mut totals = [0.0; 4];
                for p in &r.cards {
                    if p.seat.index() < 4 {
                        totals[p.seat.index()] += f64::from(p.card);
                    }
                }
                RowState {
                    value: f64::from(r.explosive.value()),
                    totals,
                    last: r.cards.last().map(|p| p.seat.index()),
                    cards: r.cards.len(),
                }
            })
            .collect();
        let before = utility(&rows, players, me, bonus);
        let mut best: Vec<Action> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for action in legal {
            let score = match *action {
                Action::Place { card, row } => {
                    let r = usize::from(row);
                    let Some(saved) = rows.get(r).copied() else { continue };
                    let placed = &mut rows[r];
                    placed.totals[me] += f64::from(card);
                    placed.last = Some(me);
                    placed.cards += 1;
                    if placed.cards == 8 && !view.rows[r].explosive.exploded {
                        let mut exploded = view.rows[r].explosive;
                        exploded.exploded = true;
                        placed.value = f64::from(exploded.value());
                    }
                    let after = utility(&rows, players, me, bonus);
                    rows[r] = saved;
                    after - before - POINT_PRICE * f64::from(card)
                }
                // Give up the lowest card.
                Action::Discard { card } => -f64::from(card),
                Action::Pass => 0.0,
            };
            if score > best_score + 1e-9 {
                best_score = score;
                best.clear();
            }
            if (score - best_score).abs() <= 1e-9 {
                best.push(*action);
            }
        }
        self.rng.pick(&best).copied()
    }
}

impl Bot<Explosiv> for ExplosivHeuristic {
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
        *self = ExplosivHeuristic::new(seed);
        true
    }
}

/// Win shares from the seats' scores (no `Outcome` built); an unfinished game is judged by a
/// soft-max of the scores.
fn evaluate(state: &Explosiv, out: &mut [f64]) {
    let players = state.players();
    let key = |s: usize| {
        let seat = Seat(s as u8);
        let briefcases = match state.options().game_tie_break {
            GameTieBreak::Shared => 0,
            _ => state.seat_state(seat).map_or(0, |st| st.briefcases() as i64),
        };
        (i64::from(state.score(seat)), briefcases)
    };
    if state.is_over() {
        shares_from_keys(players, key, out);
        return;
    }
    softmax_shares(players, |s| f64::from(state.score(Seat(s as u8))), 4.0, out);
}

impl BotGame for Explosiv {
    /// Easy is the noisy rule-based bot, medium a short search (`ismcts:300`), hard the long
    /// one: in Explosiv the plain rule-based bot is no step up from the noisy one (head to head
    /// the noisy bot wins, −56 Elo for `heuristic`), while 300 iterations are far above both and
    /// far below 4000 (docs/bots.md, `examples/league.rs`).
    fn difficulty(level: Difficulty) -> &'static str {
        match level {
            Difficulty::Easy => "noisy",
            Difficulty::Medium => "ismcts:300",
            Difficulty::Hard => "ismcts:4000:800ms",
        }
    }

    fn heuristic(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(ExplosivHeuristic::new(seed))
    }

    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy { evaluate, ..SearchPolicy::default() }
    }

    const DEFAULT_ITERATIONS: u32 = 2_000;
}
