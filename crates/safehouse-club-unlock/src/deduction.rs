//! What a seat can deduce about the secret starting keys of the others, and drawing starting
//! keys consistent with it (for determinization).
//!
//! Once everybody has chosen, the piles lie face up again (000:10), so the viewer knows how many
//! keys of each colour the others took *together*: 15 less the pile less its own picks. From
//! then on every take and every crack is seen (000:16, 000:18), and a crack proves that the seat
//! held the safe's keys at that moment. So for each other seat the viewer knows
//! - its number of starting keys (four, 000:11),
//! - per colour, a floor: the most it had handed back by any crack less what it had taken by then
//!   (`SeatState::starting_at_least`),
//! - and the column totals over the seats it does not know.
//!
//! The starting hands consistent with that are the integer tables with those row sums, column
//! sums and floors. Each seat has at most 35 possible rows (four keys in four colours), so the
//! exact set of possible rows per seat is found by reachability over partial column sums (each
//! colour's total is at most 15, so a set of sums is a 2^16 bitset). A pass, a stuck display
//! and the absence of one say a little more (that some hand could not open some safe); the
//! deduction does not use those, so its bounds are true but not always the tightest.

use safehouse_engine::GameRng;

use crate::cards::{KEYS_PER_COLOUR, KeyCounts};

/// One seat whose starting keys the viewer does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UnknownStart {
    /// How many starting keys it holds (four, unless a deal said otherwise).
    pub size: u8,
    /// At least this many of each colour (from its cracks).
    pub floor: KeyCounts,
}

/// A set of column sums (each colour 0..=15), as a bitset over their packed value.
struct SumSet {
    bits: Vec<u64>,
    members: Vec<u16>,
}

impl SumSet {
    fn new() -> Self {
        SumSet { bits: vec![0; 1 << 10], members: Vec::new() }
    }

    fn insert(&mut self, sum: u16) {
        let (word, bit) = (usize::from(sum >> 6), sum & 63);
        if self.bits[word] & (1 << bit) == 0 {
            self.bits[word] |= 1 << bit;
            self.members.push(sum);
        }
    }

    fn contains(&self, sum: u16) -> bool {
        self.bits[usize::from(sum >> 6)] & (1 << (sum & 63)) != 0
    }
}

fn pack(keys: &KeyCounts) -> u16 {
    u16::from(keys[0]) | u16::from(keys[1]) << 4 | u16::from(keys[2]) << 8 | u16::from(keys[3]) << 12
}

fn unpack(sum: u16) -> KeyCounts {
    [(sum & 15) as u8, (sum >> 4 & 15) as u8, (sum >> 8 & 15) as u8, (sum >> 12 & 15) as u8]
}

/// `a + b` if it stays within `limit` in every colour.
fn add_within(a: u16, b: &KeyCounts, limit: &KeyCounts) -> Option<u16> {
    let a = unpack(a);
    let mut out = [0u8; 4];
    for c in 0..4 {
        out[c] = a[c].checked_add(b[c]).filter(|&n| n <= limit[c])?;
    }
    Some(pack(&out))
}

/// Every row of `size` keys with at least `floor` and at most `limit` of each colour.
fn rows(seat: &UnknownStart, limit: &KeyCounts) -> Vec<KeyCounts> {
    let mut out = Vec::new();
    let spare = match seat.size.checked_sub(seat.floor.iter().sum()) {
        Some(n) => n,
        None => return out,
    };
    for a in 0..=spare {
        for b in 0..=spare - a {
            for c in 0..=spare - a - b {
                let row = [seat.floor[0] + a, seat.floor[1] + b, seat.floor[2] + c, seat.floor[3] + spare - a - b - c];
                if (0..4).all(|i| row[i] <= limit[i]) {
                    out.push(row);
                }
            }
        }
    }
    out
}

/// The possible rows of every seat and, for each `j`, the column sums seats `j..` can make.
struct Tables {
    rows: Vec<Vec<KeyCounts>>,
    /// `suffix[j]`: sums reachable by seats `j..`; `suffix[n] = {0}`.
    suffix: Vec<SumSet>,
}

fn tables(seats: &[UnknownStart], totals: &KeyCounts) -> Option<Tables> {
    if totals.iter().any(|&t| t > KEYS_PER_COLOUR) {
        return None;
    }
    let rows: Vec<Vec<KeyCounts>> = seats.iter().map(|s| rows(s, totals)).collect();
    let mut suffix: Vec<SumSet> = Vec::with_capacity(seats.len() + 1);
    let mut last = SumSet::new();
    last.insert(0);
    suffix.push(last);
    for j in (0..seats.len()).rev() {
        let mut next = SumSet::new();
        let later = suffix.last().expect("pushed above");
        for &sum in &later.members {
            for row in &rows[j] {
                if let Some(s) = add_within(sum, row, totals) {
                    next.insert(s);
                }
            }
        }
        suffix.push(next);
    }
    suffix.reverse();
    suffix[0].contains(pack(totals)).then_some(Tables { rows, suffix })
}

/// The starting rows each unknown seat can have, exactly: a row is possible when the other seats
/// can make up the rest of the column totals. `None` if nothing fits (an impossible view).
pub(crate) fn possible_starts(seats: &[UnknownStart], totals: &KeyCounts) -> Option<Vec<Vec<KeyCounts>>> {
    let t = tables(seats, totals)?;
    let mut prefix = SumSet::new();
    prefix.insert(0);
    let mut out = Vec::with_capacity(seats.len());
    for j in 0..seats.len() {
        let mut possible = Vec::new();
        for row in &t.rows[j] {
            let fits = prefix.members.iter().any(|&before| {
                add_within(before, row, totals).is_some_and(|with| {
                    let with = unpack(with);
                    let rest: KeyCounts = [0, 1, 2, 3].map(|c| totals[c] - with[c]);
                    t.suffix[j + 1].contains(pack(&rest))
                })
            });
            if fits {
                possible.push(*row);
            }
        }
        let mut next = SumSet::new();
        for &before in &prefix.members {
            for row in &t.rows[j] {
                if let Some(s) = add_within(before, row, totals) {
                    next.insert(s);
                }
            }
        }
        prefix = next;
        out.push(possible);
    }
    Some(out)
}

/// Draws starting hands for the unknown seats that fit their sizes, floors and the column
/// totals. Seat by seat, a row is drawn uniformly among those the later seats can complete, so
/// every consistent deal can come out (not exactly uniformly). `None` if nothing fits.
pub(crate) fn draw_starts(seats: &[UnknownStart], totals: &KeyCounts, rng: &mut GameRng) -> Option<Vec<KeyCounts>> {
    let t = tables(seats, totals)?;
    let mut left = *totals;
    let mut out = Vec::with_capacity(seats.len());
    let mut fitting: Vec<KeyCounts> = Vec::with_capacity(35);
    for j in 0..seats.len() {
        fitting.clear();
        for row in &t.rows[j] {
            if (0..4).all(|c| row[c] <= left[c]) {
                let rest: KeyCounts = [0, 1, 2, 3].map(|c| left[c] - row[c]);
                if t.suffix[j + 1].contains(pack(&rest)) {
                    fitting.push(*row);
                }
            }
        }
        let row = *rng.pick(&fitting)?;
        for c in 0..4 {
            left[c] -= row[c];
        }
        out.push(row);
    }
    Some(out)
}

/// Most seats [`draw_starts_into`] draws for (every seat of the largest table).
pub(crate) const MAX_UNKNOWN: usize = 6;
/// Most rows of four starting keys in four colours (C(7,3)).
const MAX_ROWS: usize = 35;

/// [`draw_starts`] with every table on the stack (the sum sets as fixed bitsets, the rows as
/// fixed arrays): the same rows drawn from the same `rng`, without allocating, as a search
/// needs once per iteration. Writes one row per seat into `out`; `None` if nothing fits.
/// Seats of more than four unknown keys (only an explicit deal makes them) have more rows than
/// the stack tables hold; for them it falls back to [`draw_starts`].
pub(crate) fn draw_starts_into(
    seats: &[UnknownStart],
    totals: &KeyCounts,
    rng: &mut GameRng,
    out: &mut [KeyCounts],
) -> Option<()> {
    let n = seats.len();
    let oversized = seats.iter().any(|s| s.size.saturating_sub(s.floor.iter().sum()) > 4);
    if n > MAX_UNKNOWN || out.len() < n || oversized {
        let drawn = draw_starts(seats, totals, rng)?;
        out.get_mut(..n)?.copy_from_slice(&drawn);
        return Some(());
    }
    if totals.iter().any(|&t| t > KEYS_PER_COLOUR) {
        return None;
    }
    let mut rows = [[[0u8; 4]; MAX_ROWS]; MAX_UNKNOWN];
    let mut counts = [0usize; MAX_UNKNOWN];
    for j in 0..n {
        let seat = &seats[j];
        let spare = seat.size.checked_sub(seat.floor.iter().sum())?;
        for a in 0..=spare {
            for b in 0..=spare - a {
                for c in 0..=spare - a - b {
                    let row =
                        [seat.floor[0] + a, seat.floor[1] + b, seat.floor[2] + c, seat.floor[3] + spare - a - b - c];
                    if (0..4).all(|i| row[i] <= totals[i]) {
                        rows[j][counts[j]] = row;
                        counts[j] += 1;
                    }
                }
            }
        }
    }
    // `suffix[j]`: the column sums seats `j..` can make, as bits over the packed sum.
    let mut suffix = [[0u64; 1 << 10]; MAX_UNKNOWN + 1];
    let insert = |bits: &mut [u64; 1 << 10], sum: u16| bits[usize::from(sum >> 6)] |= 1 << (sum & 63);
    let contains = |bits: &[u64; 1 << 10], sum: u16| bits[usize::from(sum >> 6)] & (1 << (sum & 63)) != 0;
    insert(&mut suffix[n], 0);
    for j in (0..n).rev() {
        let (head, tail) = suffix.split_at_mut(j + 1);
        let (next, later) = (&mut head[j], &tail[0]);
        for (word, &bits) in later.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let sum = (word as u16) << 6 | bits.trailing_zeros() as u16;
                bits &= bits - 1;
                for row in &rows[j][..counts[j]] {
                    if let Some(s) = add_within(sum, row, totals) {
                        insert(next, s);
                    }
                }
            }
        }
    }
    if !contains(&suffix[0], pack(totals)) {
        return None;
    }
    let mut left = *totals;
    let mut fitting = [[0u8; 4]; MAX_ROWS];
    for j in 0..n {
        let mut found = 0;
        for row in &rows[j][..counts[j]] {
            if (0..4).all(|c| row[c] <= left[c]) {
                let rest: KeyCounts = [0, 1, 2, 3].map(|c| left[c] - row[c]);
                if contains(&suffix[j + 1], pack(&rest)) {
                    fitting[found] = *row;
                    found += 1;
                }
            }
        }
        let row = *rng.pick(&fitting[..found])?;
        for c in 0..4 {
            left[c] -= row[c];
        }
        out[j] = row;
    }
    Some(())
}

/// Per colour, the fewest and the most of each row set.
pub(crate) fn row_bounds(rows: &[KeyCounts]) -> (KeyCounts, KeyCounts) {
    let mut low = [u8::MAX; 4];
    let mut high = [0u8; 4];
    for row in rows {
        for c in 0..4 {
            low[c] = low[c].min(row[c]);
            high[c] = high[c].max(row[c]);
        }
    }
    if rows.is_empty() {
        low = [0; 4];
    }
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(size: u8, floor: KeyCounts) -> UnknownStart {
        UnknownStart { size, floor }
    }

    #[test]
    fn totals_and_floors_pin_down_what_they_can() {
        // Two unknown seats took 8 keys: 4 red and 4 blue in all; one of them cracked a safe
        // needing three reds before taking any key.
        let seats = [seat(4, [3, 0, 0, 0]), seat(4, [0, 0, 0, 0])];
        let possible = possible_starts(&seats, &[4, 0, 0, 4]).expect("consistent");
        assert_eq!(row_bounds(&possible[0]), ([3, 0, 0, 0], [4, 0, 0, 1]));
        assert_eq!(row_bounds(&possible[1]), ([0, 0, 0, 3], [1, 0, 0, 4]));
        // Every draw fits.
        let mut rng = GameRng::from_seed(3);
        for _ in 0..50 {
            let drawn = draw_starts(&seats, &[4, 0, 0, 4], &mut rng).expect("draw");
            assert!(drawn[0][0] >= 3 && drawn.iter().all(|r| r.iter().sum::<u8>() == 4));
            assert_eq!([0, 1, 2, 3].map(|c| drawn[0][c] + drawn[1][c]), [4, 0, 0, 4]);
        }
    }

    #[test]
    fn the_stack_draw_draws_what_the_allocating_one_does() {
        let cases: [(&[UnknownStart], KeyCounts); 4] = [
            (&[seat(4, [3, 0, 0, 0]), seat(4, [0, 0, 0, 0])], [4, 0, 0, 4]),
            (&[seat(4, [0; 4]); 3], [3, 3, 3, 3]),
            (
                &[seat(4, [0; 4]), seat(5, [0, 1, 0, 0]), seat(4, [1, 0, 1, 0]), seat(4, [0; 4]), seat(4, [0; 4])],
                [5, 6, 5, 5],
            ),
            (&[seat(4, [0; 4]), seat(4, [0; 4])], [1, 1, 1, 1]),
        ];
        for (seats, totals) in cases {
            for seed in 0..40 {
                let (mut a, mut b) = (GameRng::from_seed(seed), GameRng::from_seed(seed));
                let mut out = [[9u8; 4]; MAX_UNKNOWN];
                let stacked = draw_starts_into(seats, &totals, &mut b, &mut out).map(|()| out[..seats.len()].to_vec());
                assert_eq!(stacked, draw_starts(seats, &totals, &mut a), "{seats:?} {totals:?} seed {seed}");
                assert_eq!(a, b, "the two draws used the generator differently");
            }
        }
    }

    #[test]
    fn an_impossible_view_has_no_deal() {
        assert!(possible_starts(&[seat(4, [4, 0, 0, 0])], &[0, 4, 0, 0]).is_none());
        assert!(draw_starts(&[seat(4, [0; 4]), seat(4, [0; 4])], &[1, 1, 1, 1], &mut GameRng::from_seed(1)).is_none());
    }

    #[test]
    fn loose_totals_leave_every_row_open() {
        let seats = [seat(4, [0; 4]); 3];
        let possible = possible_starts(&seats, &[3, 3, 3, 3]).expect("consistent");
        assert!(possible.iter().all(|rows| row_bounds(rows) == ([0; 4], [3; 4])));
    }
}
