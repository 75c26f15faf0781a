//! The team's shared convention: how a play is ranked, from the public table alone, and what a
//! play under the convention says about the rest of the player's hand.
//!
//! **The cost of a play** is what it closes off: the live cards (of the colours in play, in no
//! row yet) that the table accepted before the play and no longer accepts after it, counted three
//! times, plus those the played row no longer accepts but another row still does, counted once.
//! It is a function of the public rows and the card only, so every seat computes the same cost
//! for every card.
//!
//! **The convention:** a seat that holds a free play (cost 0) plays a free play; otherwise it plays
//! a card that costs at most [`SLACK`] more than the cheapest play it holds (among those, it is
//! free to choose: the team's planner picks one). So a seat that plays a card of cost `k > 0`
//! tells the table, in the open and through the legal play alone, that it holds no card that some
//! row accepted at a cost below `max(1, k - SLACK)`:
//! [`Ranking::better_than`] is that set, read exactly like the cards a passing seat is shown not
//! to hold. (The slack is the price of planning: with none, a seat's plays say the most, but the
//! planner has almost nothing left to choose, and planning is worth far more; see `docs/bots.md`.)

use safehouse_the_safe::{Card, Cards};

use super::model::{RowModel, Table};

/// What a live card the table no longer accepts anywhere costs, against one that only the played
/// row no longer accepts (measured: 3 does as well as 2 or 4 at 4 and 6 players, 300 games).
const LOST_WEIGHT: u32 = 3;

/// How much more than its cheapest play a seat may pay under the convention (when it has no free
/// play): between two and three live cards closed off.
pub(crate) const SLACK: u32 = 8;

/// A play: a card and a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Play {
    pub(crate) card: Card,
    pub(crate) row: usize,
    pub(crate) cost: u32,
}

/// What the cost of every play on one table needs, computed once: the cards the rows accept
/// together, and without each row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Costing<'a> {
    rows: &'a [RowModel; 4],
    table: Table,
    live: Cards,
    before: Cards,
    others: [Cards; 4],
}

impl<'a> Costing<'a> {
    pub(crate) fn new(rows: &'a [RowModel; 4], table: Table, live: Cards) -> Costing<'a> {
        let mut others = [Cards::EMPTY; 4];
        let mut before = Cards::EMPTY;
        for (r, model) in rows.iter().enumerate() {
            before |= model.accepts;
            for (o, other) in others.iter_mut().enumerate() {
                if o != r {
                    *other |= model.accepts;
                }
            }
        }
        Costing { rows, table, live, before, others }
    }

    /// The cost of playing `card` on `row` (accepted there).
    #[inline]
    pub(crate) fn cost(&self, card: Card, row: usize) -> u32 {
        let after_row = self.rows[row].with(card, self.table).accepts;
        let after = after_row | self.others[row];
        let mut live = self.live;
        live.remove(card);
        let lost = (self.before & live & !after).len() as u32;
        let row_only = (self.rows[row].accepts & live & !after_row & after).len() as u32;
        LOST_WEIGHT * lost + row_only
    }
}

/// Every card's cheapest play on the current rows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranking {
    /// For each card id, its lowest cost on any row that accepts it (`u32::MAX`: none does).
    best: [u32; 50],
}

impl Ranking {
    /// Ranks every card the rows accept.
    pub(crate) fn new(rows: &[RowModel; 4], table: Table, live: Cards) -> Ranking {
        let mut best = [u32::MAX; 50];
        let costing = Costing::new(rows, table, live);
        for (r, model) in rows.iter().enumerate() {
            for card in model.accepts & live {
                let c = costing.cost(card, r);
                let slot = &mut best[usize::from(card.id())];
                *slot = (*slot).min(c);
            }
        }
        Ranking { best }
    }

    /// The cards whose cheapest play costs less than `cost`: a seat that plays at `cost` under
    /// the convention holds none of them.
    pub(crate) fn better_than(&self, cost: u32) -> Cards {
        let mut out = Cards::EMPTY;
        for (id, &c) in self.best.iter().enumerate() {
            if c < cost
                && let Some(card) = Card::from_id(id as u8)
            {
                out.insert(card);
            }
        }
        out
    }
}

/// The plays of `hand` on `rows`, each with its cost; the convention's plays (the cheapest) first.
pub(crate) fn plays(rows: &[RowModel; 4], table: Table, live: Cards, hand: Cards, out: &mut Vec<Play>) {
    out.clear();
    let costing = Costing::new(rows, table, live);
    for (r, model) in rows.iter().enumerate() {
        for card in model.accepts & hand {
            out.push(Play { card, row: r, cost: costing.cost(card, r) });
        }
    }
    out.sort_by_key(|p| (p.cost, p.card, p.row));
}

/// The convention's own choice when nothing else decides: the cheapest play, then the lowest
/// card, then the leftmost row (what every seat assumes of the others in its rollouts).
pub(crate) fn default_play(rows: &[RowModel; 4], table: Table, live: Cards, hand: Cards) -> Option<Play> {
    let mut best: Option<Play> = None;
    let costing = Costing::new(rows, table, live);
    for (r, model) in rows.iter().enumerate() {
        for card in model.accepts & hand {
            let play = Play { card, row: r, cost: costing.cost(card, r) };
            if best.is_none_or(|b| (play.cost, play.card, play.row) < (b.cost, b.card, b.row)) {
                best = Some(play);
            }
        }
    }
    best
}
