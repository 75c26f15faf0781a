//! Reading the teammates: what each seat's plays under the convention say about its hand, and
//! which seats do not follow the convention (a person, or any other bot).
//!
//! A bot is only asked at its own decisions and sees only its view, which shows the rows (each
//! row's cards in order), hand sizes, the draw pile's size and the passes, but not who played
//! which card. So between two of its decisions the reader **reconstructs the histories** that
//! lead from the last view to this one: the seats move clockwise, each plays the next new card of
//! some row (which the row must accept) or passes (exactly when the view says it passed, the
//! cards shown then being the rows' cards accepted then), draws while the pile lasts, and the
//! hand sizes must come out as shown. Every history consistent with the rules is kept (up to a
//! bound; beyond it the interval teaches nothing, which is always safe).
//!
//! Along each history, a play of cost `k` by a seat following the convention means it held no
//! card ranked below `k - SLACK` ([`super::convention::Ranking::better_than`]). What it did not hold
//! stays true of its hand until it draws a card: the reader keeps, per seat, the cards it does not
//! hold (valid for the whole hand, so only added while the seat draws nothing), intersected over
//! every history. A seat that plays a card it was read not to hold, in every consistent history,
//! breaks the convention: the reader marks it as **not following** and from then on reads nothing
//! from its plays (the exact deduction still uses its passes, which are facts). A seat whose
//! readings make the table impossible (no placement of the hidden cards fits) is marked too.

// Seats and rows are numbers that index several parallel arrays: plain index loops read best.
#![allow(clippy::needless_range_loop)]

use safehouse_engine::Seat;
use safehouse_the_safe::{Action, Cards, ColourRestrictionCheck, Phase, View, deduction::Deduction};

use super::convention::{Costing, Ranking};
use super::model::{RowModel, SEATS, Table};

/// Most search nodes spent reconstructing one interval between two decisions.
const MAX_NODES: usize = 20_000;
/// Most histories kept for one interval.
const MAX_HISTORIES: usize = 64;

/// What the reader knows of each seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatReading {
    /// Cards the seat's current hand does not hold, read from its plays under the convention.
    pub(crate) not_held: Cards,
    /// What it did not hold before its last draw (`[0]`) and the one before (`[1]`): its hand
    /// holds at most one card of `[0]` (the card drawn since) and at most two of `[1]`.
    pub(crate) before_draws: [Cards; 2],
    /// Whether the seat was seen not to follow the convention (kept for the whole game).
    pub(crate) not_following: bool,
}

/// The table as it was at the end of the reader's last decision.
#[derive(Clone, Debug)]
struct Snapshot {
    attempts: u16,
    rows: [RowModel; 4],
    row_len: [usize; 4],
    sizes: [u8; SEATS],
    pile: u8,
    passed: [Option<Cards>; SEATS],
    /// The seat that moves next from this snapshot (after `own` is applied).
    next: Option<usize>,
    /// The reader's own move taken at this snapshot, applied before the others move.
    own: Option<Action>,
}

/// One step of a reconstructed history.
#[derive(Clone, Copy, Debug)]
struct Step {
    seat: usize,
    card: safehouse_the_safe::Card,
    /// The cards the seat is read not to hold just before the play (the convention's claim).
    not_held: Cards,
    drew: bool,
}

/// The reader of one seat.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reader {
    me: usize,
    /// The convention's slack ([`super::convention::SLACK`]).
    slack: u32,
    last: Option<Snapshot>,
    pub(crate) seats: [SeatReading; SEATS],
    /// Intervals that could not be reconstructed within the bounds (for diagnostics).
    pub(crate) unread: u32,
}

fn table_of(view: &View) -> Table {
    Table {
        in_play: view.colours,
        reserve_slot: view.options.colour_restriction == ColourRestrictionCheck::ReserveSlot,
    }
}

/// The reconstruction search.
struct Search<'a> {
    view: &'a View,
    table: Table,
    me: usize,
    players: usize,
    slack: u32,
    new_cards: [&'a [safehouse_the_safe::Card]; 4],
    nodes: usize,
    steps: Vec<Step>,
    histories: Vec<Vec<Step>>,
    overflow: bool,
}

#[derive(Clone, Copy)]
struct Node {
    rows: [RowModel; 4],
    used: [usize; 4],
    sizes: [u8; SEATS],
    pile: u8,
    passed: [bool; SEATS],
    played: Cards,
}

impl Search<'_> {
    fn next_seat(&self, node: &Node, from: usize) -> Option<usize> {
        let mut seat = from;
        for _ in 0..self.players {
            seat = (seat + 1) % self.players;
            if node.sizes[seat] > 0 && !node.passed[seat] {
                return Some(seat);
            }
        }
        None
    }

    fn done(&self, node: &Node) -> bool {
        (0..4).all(|r| node.used[r] == self.new_cards[r].len())
            && (0..self.players).all(|s| node.sizes[s] == self.view.hand_sizes[s])
            && node.pile == self.view.draw_pile
            && (0..self.players).all(|s| node.passed[s] == self.view.passed[s].is_some())
    }

    fn go(&mut self, node: Node, to_move: Option<usize>) {
        self.nodes += 1;
        if self.nodes > MAX_NODES || self.histories.len() >= MAX_HISTORIES {
            self.overflow = true;
            return;
        }
        let end_here = match (to_move, self.view.phase) {
            (Some(s), Phase::Play { seat }) => s == seat.index() && s == self.me,
            (None, Phase::Naming { .. } | Phase::Over { .. }) => true,
            _ => false,
        };
        if end_here && self.done(&node) {
            self.histories.push(self.steps.clone());
            return;
        }
        let Some(seat) = to_move else { return };
        if seat == self.me {
            return;
        }
        let live = Cards::of_colours(self.table.in_play) & !node.played;
        let accepts = node.rows.iter().fold(Cards::EMPTY, |a, r| a | r.accepts);
        // A pass, exactly where the view shows it.
        if let Some(shown) = self.view.passed[seat]
            && !node.passed[seat]
            && shown == accepts
        {
            let mut next = node;
            next.passed[seat] = true;
            self.go(next, self.next_seat(&next, seat));
        }
        let mut ranking = None;
        for r in 0..4 {
            let Some(&card) = self.new_cards[r].get(node.used[r]) else { continue };
            if !node.rows[r].accepts.contains(card) || node.sizes[seat] == 0 {
                continue;
            }
            let k = Costing::new(&node.rows, self.table, live).cost(card, r);
            let ranking = *ranking.get_or_insert_with(|| Ranking::new(&node.rows, self.table, live));
            let mut next = node;
            next.rows[r].place(card, self.table);
            next.used[r] += 1;
            next.played.insert(card);
            next.sizes[seat] -= 1;
            let drew = next.pile > 0;
            if drew {
                next.pile -= 1;
                next.sizes[seat] += 1;
            }
            self.steps.push(Step { seat, card, not_held: ranking.better_than(read_below(k, self.slack)), drew });
            self.go(next, self.next_seat(&next, seat));
            self.steps.pop();
        }
    }
}

impl Reader {
    /// A reader for `me`, reading plays under a convention with this slack.
    pub(crate) fn new(me: usize, slack: u32) -> Reader {
        Reader { me, slack, ..Reader::default() }
    }

    /// Reads what happened since the last decision; call once per decision, before deciding.
    pub(crate) fn observe(&mut self, view: &View) {
        let players = usize::from(view.players).min(SEATS);
        let table = table_of(view);
        let mut start = match self.last.take() {
            Some(snapshot) if snapshot.attempts == view.attempts => snapshot,
            _ => {
                // A new mission: everything read of the hands is void (new hands); who does not
                // follow the convention stays known.
                for seat in &mut self.seats {
                    seat.not_held = Cards::EMPTY;
                    seat.before_draws = [Cards::EMPTY; 2];
                }
                Reader::mission_start(view, table)
            }
        };
        let players_mask = players;
        let mut node = Node {
            rows: start.rows,
            used: [0; 4],
            sizes: start.sizes,
            pile: start.pile,
            passed: [false; SEATS],
            played: Cards::EMPTY,
        };
        for s in 0..players_mask {
            node.passed[s] = start.passed[s].is_some();
        }
        for row in &view.rows {
            node.played |= row.cards.iter().copied().collect::<Cards>();
        }
        // `played` must be the cards in rows at the snapshot: remove the new ones.
        let mut new_cards: [&[safehouse_the_safe::Card]; 4] = [&[]; 4];
        for r in 0..4 {
            let cards = &view.rows[r].cards;
            let from = start.row_len[r].min(cards.len());
            new_cards[r] = &cards[from..];
            for &card in new_cards[r] {
                node.played.remove(card);
            }
        }
        // Apply my own move first.
        let mut to_move = start.next;
        if let Some(own) = start.own.take() {
            match own {
                Action::Play { card, row } => {
                    let r = usize::from(row);
                    if new_cards[r].first() == Some(&card) {
                        node.rows[r].place(card, table);
                        node.used[r] = 1;
                        node.played.insert(card);
                        node.sizes[self.me] -= 1;
                        if node.pile > 0 {
                            node.pile -= 1;
                            node.sizes[self.me] += 1;
                        }
                    }
                }
                Action::Pass => node.passed[self.me] = true,
                Action::Name { .. } => {}
            }
            to_move = next_active(&node, self.me, players);
        }
        let mut search = Search {
            view,
            table,
            me: self.me,
            players,
            slack: self.slack,
            new_cards,
            nodes: 0,
            steps: Vec::new(),
            histories: Vec::new(),
            overflow: false,
        };
        search.go(node, to_move);
        self.absorb(&search.histories, search.overflow || search.histories.is_empty(), node.pile > 0);
        self.check_consistency(view);
        self.last = Some(Snapshot {
            attempts: view.attempts,
            rows: std::array::from_fn(|r| RowModel::from_view(&view.rows[r], table)),
            row_len: std::array::from_fn(|r| view.rows[r].cards.len()),
            sizes: std::array::from_fn(|s| view.hand_sizes.get(s).copied().unwrap_or(0)),
            pile: view.draw_pile,
            passed: std::array::from_fn(|s| view.passed.get(s).copied().flatten()),
            next: None,
            own: None,
        });
    }

    /// Records the move this seat takes now (so the next reading starts after it).
    pub(crate) fn record_own(&mut self, view: &View, action: Action) {
        if let Some(snapshot) = &mut self.last {
            snapshot.own = Some(action);
            snapshot.next = match view.phase {
                Phase::Play { seat } => Some(seat.index()),
                _ => None,
            };
        }
    }

    fn mission_start(view: &View, table: Table) -> Snapshot {
        let players = usize::from(view.players).min(SEATS);
        let colours = view.colours.len() as u8;
        let total = 10 * colours - colours;
        let dealt = (3 * players as u8).min(total);
        let empty_row = |r: usize| {
            let mut row = view.rows[r].clone();
            row.cards.clear();
            row.colours = Default::default();
            row.readings.clear();
            RowModel::from_view(&row, table)
        };
        let mut sizes = [0u8; SEATS];
        for size in sizes.iter_mut().take(players) {
            *size = 3;
        }
        let first = view.first_player.index();
        Snapshot {
            attempts: view.attempts,
            rows: std::array::from_fn(empty_row),
            row_len: [0; 4],
            sizes,
            pile: total - dealt,
            passed: [None; SEATS],
            next: Some(first),
            own: None,
        }
    }

    /// Folds the reconstructed histories into the readings. `unknown`: the interval could not
    /// be read; `draws`: whether cards may have been drawn in it.
    fn absorb(&mut self, histories: &[Vec<Step>], unknown: bool, draws: bool) {
        if unknown {
            self.unread += 1;
            if draws {
                // Any seat may have drawn: what was read of the hands no longer covers them.
                for seat in &mut self.seats {
                    seat.not_held = Cards::EMPTY;
                    seat.before_draws = [Cards::EMPTY; 2];
                }
            }
            return;
        }
        // Fold each history; drop those in which a seat believed to follow breaks it.
        type Folded = ([SeatReading; SEATS], [bool; SEATS]);
        let fold = |history: &[Step], seats: &[SeatReading; SEATS]| -> Folded {
            let mut read = *seats;
            let mut broke = [false; SEATS];
            for step in history {
                let s = step.seat;
                if seats[s].not_following {
                    continue;
                }
                let r = &mut read[s];
                if r.not_held.contains(step.card) {
                    broke[s] = true;
                }
                if r.before_draws[0].contains(step.card) {
                    // The one card drawn since is this one: the rest of the hand was kept.
                    r.not_held |= r.before_draws[0];
                    r.before_draws[0] = Cards::EMPTY;
                }
                r.not_held |= step.not_held;
                if step.drew {
                    r.before_draws = [r.not_held, r.before_draws[0]];
                    r.not_held = Cards::EMPTY;
                }
            }
            (read, broke)
        };
        let folded: Vec<Folded> = histories.iter().map(|h| fold(h, &self.seats)).collect();
        let clean: Vec<&Folded> = folded.iter().filter(|(_, broke)| broke.iter().all(|b| !b)).collect();
        if clean.is_empty() {
            // Every history has someone breaking the convention. Those who break it in every
            // history do not follow it; if nobody does, the culprit is unclear and the interval
            // teaches nothing (marking a seat that follows would lose its readings for good).
            let mut always = [true; SEATS];
            for (_, broke) in &folded {
                for s in 0..SEATS {
                    always[s] &= broke[s];
                }
            }
            if !always.iter().any(|&b| b) {
                return self.absorb(histories, true, draws);
            }
            for s in 0..SEATS {
                if always[s] {
                    self.seats[s] = SeatReading { not_following: true, ..SeatReading::default() };
                }
            }
            return self.absorb(histories, false, draws);
        }
        for s in 0..SEATS {
            if self.seats[s].not_following {
                continue;
            }
            // What holds in every history.
            let mut merged = SeatReading { not_held: Cards::ALL, before_draws: [Cards::ALL; 2], not_following: false };
            for (read, _) in &clean {
                merged.not_held &= read[s].not_held;
                merged.before_draws[0] &= read[s].before_draws[0];
                merged.before_draws[1] &= read[s].before_draws[1];
            }
            self.seats[s] = merged;
        }
    }

    /// The view with each following seat's readings added to what it was shown not to hold.
    pub(crate) fn read_view(&self, view: &View) -> View {
        let mut read = view.clone();
        for (s, passed) in read.passed.iter_mut().enumerate() {
            if s == self.me || self.seats[s].not_following || self.seats[s].not_held.is_empty() {
                continue;
            }
            *passed = Some(passed.unwrap_or_default() | self.seats[s].not_held);
        }
        read
    }

    /// Marks seats whose readings leave no placement of the hidden cards (they cannot follow
    /// the convention); readings of the others stay.
    fn check_consistency(&mut self, view: &View) {
        if Deduction::from_view(&self.read_view(view)).is_ok() {
            return;
        }
        for s in 0..SEATS {
            if self.seats[s].not_held.is_empty() || s == self.me {
                continue;
            }
            let mut alone = view.clone();
            if let Some(passed) = alone.passed.get_mut(s) {
                *passed = Some(passed.unwrap_or_default() | self.seats[s].not_held);
            }
            if Deduction::from_view(&alone).is_err() {
                self.seats[s] = SeatReading { not_following: true, ..SeatReading::default() };
            }
        }
        if Deduction::from_view(&self.read_view(view)).is_err() {
            // Together, but not alone: read nothing this mission.
            for seat in &mut self.seats {
                seat.not_held = Cards::EMPTY;
            }
        }
    }

    /// Whether `hands` (one per seat, e.g. a sampled state's) fits what was read of the seats
    /// before their draws: at most one card drawn since the last draw, two since the one before.
    pub(crate) fn fits(&self, hand: impl Fn(usize) -> Cards, players: usize) -> bool {
        (0..players.min(SEATS)).all(|s| {
            let r = &self.seats[s];
            s == self.me
                || r.not_following
                || ((hand(s) & r.before_draws[0]).len() <= 1 && (hand(s) & r.before_draws[1]).len() <= 2)
        })
    }

    /// Seats seen not to follow the convention.
    pub(crate) fn not_following(&self) -> Vec<Seat> {
        (0..SEATS).filter(|&s| self.seats[s].not_following).map(|s| Seat(s as u8)).collect()
    }
}

/// Under the convention, a seat that played at cost `k` holds no card whose cheapest play costs
/// less than this: a free play (cost 0) is always taken when there is one, otherwise the play is
/// within `slack` of the cheapest.
pub(crate) fn read_below(k: u32, slack: u32) -> u32 {
    if k == 0 { 0 } else { k.saturating_sub(slack).max(1) }
}

fn next_active(node: &Node, from: usize, players: usize) -> Option<usize> {
    let mut seat = from;
    for _ in 0..players {
        seat = (seat + 1) % players;
        if node.sizes[seat] > 0 && !node.passed[seat] {
            return Some(seat);
        }
    }
    None
}
