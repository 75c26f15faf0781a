//! Mergeable statistics: what a range of games adds up to, kept in memory that does not grow
//! with the number of games, and merged exactly.
//!
//! A [`Tally`] counts every per-game value a [`crate::Summary`] needs in [`Values`]: a count of
//! each distinct value, keyed by its exact bits. Scores, ranks and game lengths are integers
//! and win shares are fractions with small denominators, so a tally holds a few hundred distinct
//! values whether it saw a thousand games or a million. Every figure is computed from the counts
//! in value order, never in game order, so a tally merged from any number of shards, in any
//! order, gives bit-identical figures to one run over all the games. [`ShardResult`] is a
//! tally with what it was played for (the tournament, the resolved options, the game ranges it
//! covers): the file a shard writes and `safehouse simulate-merge` reads.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{GameResult, ProgramReport, Tournament};

/// How often each exact value was seen (keys are `f64::to_bits`, so no rounding on the way in
/// or through JSON).
///
/// Counts wait in two places before they reach the ordered map, since a search of the map for
/// each of the dozen values a game adds cost a short game more than its own arithmetic:
/// - whole numbers `0..SMALL` (scores, ranks, most game lengths, win shares of 0 and 1) are
///   counted in an array indexed by the number itself: no search and no branch on which value
///   came, which the processor could not predict for a random game's scores;
/// - other values in a few recent slots (a fraction that comes again and again, like a share of
///   a tied win).
///
/// Every reading (counts, figures, merging, comparing, the serde form, which is the map alone)
/// sees the pending counts folded in, so nothing shows the difference.
#[derive(Clone)]
pub struct Values {
    /// Counts by value bits.
    counts: BTreeMap<u64, u64>,
    /// Pending counts of the whole numbers `0..SMALL`, by number (`+0.0` only: `-0.0` has other
    /// bits and goes to the map like any other value).
    small: Box<[u64; SMALL]>,
    /// Pending counts of other values: `(bits, count)`, a count of 0 marking a free slot.
    recent: [(u64, u64); RECENT],
    /// The slot the next value that finds no slot takes (its count goes to `counts` first).
    evict: u8,
}

/// Whole numbers counted by index (Safe Breaker's and Explosiv's game lengths fit).
const SMALL: usize = 128;

/// Other values kept pending.
const RECENT: usize = 4;

/// 2^52: from there on every whole number is an `f64`'s mantissa bits.
const TWO_TO_52: f64 = 4_503_599_627_370_496.0;

/// An `f64`'s 52 mantissa bits.
const MANTISSA: u64 = (1 << 52) - 1;

impl Default for Values {
    fn default() -> Self {
        Values { counts: BTreeMap::new(), small: Box::new([0; SMALL]), recent: [(0, 0); RECENT], evict: 0 }
    }
}

impl Values {
    /// Counts `value` once.
    #[inline]
    pub fn add(&mut self, value: f64) {
        self.add_bits(value.to_bits(), 1);
    }

    /// Counts the whole number `value` once: the same count as `add(value as f64)`, without the
    /// float's bits to read back for a number below [`SMALL`] (scores and game lengths).
    #[inline]
    pub fn add_whole(&mut self, value: i64) {
        match self.small.get_mut(value as usize) {
            Some(count) => *count += 1,
            None => self.add_bits((value as f64).to_bits(), 1),
        }
    }

    /// Counts `value` `count` times.
    pub fn add_count(&mut self, value: f64, count: u64) {
        if count > 0 {
            self.add_bits(value.to_bits(), count);
        }
    }

    /// Counts the value of `bits` `count` times: the whole numbers below [`SMALL`] here, inline
    /// (a game's win shares are mostly 0 and 1), any other value in [`Values::add_other`].
    #[inline]
    fn add_bits(&mut self, bits: u64, count: u64) {
        // Adding 2^52 moves a whole number below 2^52 into the low mantissa bits, in two
        // instructions (a saturating `as u64` took a dozen). For any other value (a fraction,
        // -0.0, a negative, NaN) the number read there is one whose bits differ.
        let number = (f64::from_bits(bits) + TWO_TO_52).to_bits() & MANTISSA;
        if number < SMALL as u64 && (number as f64).to_bits() == bits {
            self.small[number as usize] += count;
            return;
        }
        self.add_other(bits, count);
    }

    /// Counts a value that is not a whole number below [`SMALL`]: in a slot of `recent`, or in the
    /// map. Out of line, so that the common case above stays small enough to inline.
    #[inline(never)]
    fn add_other(&mut self, bits: u64, count: u64) {
        if let Some(slot) = self.recent.iter_mut().find(|(b, c)| *c > 0 && *b == bits) {
            slot.1 += count;
            return;
        }
        if let Some(slot) = self.recent.iter_mut().find(|(_, c)| *c == 0) {
            *slot = (bits, count);
            return;
        }
        let slot = &mut self.recent[usize::from(self.evict)];
        *self.counts.entry(slot.0).or_default() += slot.1;
        *slot = (bits, count);
        self.evict = (self.evict + 1) % RECENT as u8;
    }

    /// The pending counts: `(bits, count)`, each count above 0.
    fn pending(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let small = self.small.iter().enumerate().map(|(number, &count)| ((number as f64).to_bits(), count));
        small.chain(self.recent.iter().copied()).filter(|&(_, count)| count > 0)
    }

    /// Every count, the pending ones folded in.
    fn settled(&self) -> std::borrow::Cow<'_, BTreeMap<u64, u64>> {
        if self.pending().next().is_none() {
            return std::borrow::Cow::Borrowed(&self.counts);
        }
        let mut counts = self.counts.clone();
        for (bits, count) in self.pending() {
            *counts.entry(bits).or_default() += count;
        }
        std::borrow::Cow::Owned(counts)
    }

    /// Adds every count of `other`.
    pub fn merge(&mut self, other: &Values) {
        for (&bits, &count) in other.settled().iter() {
            *self.counts.entry(bits).or_default() += count;
        }
    }

    /// Values counted.
    pub fn n(&self) -> u64 {
        self.counts.values().sum::<u64>() + self.pending().map(|(_, count)| count).sum::<u64>()
    }

    /// Distinct values with their counts, smallest first.
    pub fn sorted(&self) -> Vec<(f64, u64)> {
        let mut out: Vec<(f64, u64)> =
            self.settled().iter().map(|(&bits, &count)| (f64::from_bits(bits), count)).collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out
    }

    /// The mean and the sample variance, summed in value order.
    pub(crate) fn mean_var(sorted: &[(f64, u64)], n: u64) -> (f64, f64) {
        if let [(only, _)] = sorted {
            return (*only, 0.0);
        }
        let mean = sorted.iter().map(|&(v, c)| v * c as f64).sum::<f64>() / n as f64;
        let var = if n > 1 {
            sorted.iter().map(|&(v, c)| c as f64 * (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        (mean, var)
    }

    /// The value at `rank` (0-based) in sorted order.
    fn at(sorted: &[(f64, u64)], rank: u64) -> f64 {
        let mut seen = 0;
        for &(v, c) in sorted {
            seen += c;
            if rank < seen {
                return v;
            }
        }
        sorted.last().map_or(f64::NAN, |&(v, _)| v)
    }

    /// The `q` quantile, by linear interpolation between closest ranks.
    pub(crate) fn quantile(sorted: &[(f64, u64)], n: u64, q: f64) -> f64 {
        if n == 0 {
            return f64::NAN;
        }
        let pos = q.clamp(0.0, 1.0) * (n - 1) as f64;
        let (lower, upper) = (pos.floor() as u64, pos.ceil() as u64);
        let (a, b) = (Values::at(sorted, lower), Values::at(sorted, upper));
        a + (b - a) * (pos - lower as f64)
    }

    /// `(n, mean, variance)`, for intervals.
    pub(crate) fn moments(&self) -> (u64, f64, f64) {
        let n = self.n();
        if n == 0 {
            return (0, f64::NAN, f64::NAN);
        }
        let (mean, var) = Values::mean_var(&self.sorted(), n);
        (n, mean, var)
    }

    /// The sum of the values, in value order.
    pub fn sum(&self) -> f64 {
        self.sorted().iter().map(|&(v, c)| v * c as f64).sum()
    }
}

impl std::fmt::Debug for Values {
    /// The counts by value bits, the pending ones folded in (as the serde form).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.settled().iter()).finish()
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self.settled() == other.settled()
    }
}

impl Serialize for Values {
    /// The map of counts, as the type was before it kept counts pending.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.settled().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Values {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Values { counts: BTreeMap::deserialize(deserializer)?, ..Values::default() })
    }
}

impl FromIterator<f64> for Values {
    fn from_iter<I: IntoIterator<Item = f64>>(iter: I) -> Self {
        let mut values = Values::default();
        for v in iter {
            values.add(v);
        }
        values
    }
}

/// One bot kind's counts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KindTally {
    /// Seats it held, over all games.
    pub seats: u64,
    /// Per game it played: the mean win share of its seats.
    pub shares: Values,
    /// Per game: its seats' mean score minus the other seats' (when it did not hold every seat).
    pub diffs: Values,
    /// Every seat's score.
    pub scores: Values,
    /// The sum of its seats' ranks.
    pub rank_sum: u64,
}

/// One turn-order position's counts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PositionTally {
    /// The win share of the seat in this position, per game.
    pub shares: Values,
    /// The sum of its scores.
    pub score_sum: i64,
}

/// The pairwise results the Elo fit needs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PairTally {
    /// Per kind: pairs won, in halves (a draw is one half each).
    pub half_wins: Vec<u64>,
    /// `meetings[a][b]`: pairs between kinds `a` and `b`.
    pub meetings: Vec<Vec<u64>>,
    /// Pairs counted.
    pub pairs: u64,
}

/// The mergeable counts of a set of games of one tournament.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Co-operative game (known from the first game counted).
    pub cooperative: bool,
    /// The distinct kinds of the line-up, in line-up order.
    pub kinds: Vec<String>,
    /// The kind (index into `kinds`) of each entrant.
    pub kind_of: Vec<usize>,
    /// Per kind.
    pub by_kind: Vec<KindTally>,
    /// Per turn-order position (0: the first mover).
    pub positions: Vec<PositionTally>,
    /// Decisions per game.
    pub length: Values,
    /// Games the team won (co-operative games; in competitive ones, games anybody won).
    pub won: u64,
    /// The first seat's score per game (the team's score in a co-operative game).
    pub team_scores: Values,
    /// How games ended.
    pub reasons: BTreeMap<String, u64>,
    /// Pairwise results between seats of different kinds.
    pub pairs: PairTally,
}

impl Tally {
    /// An empty tally for a table of `players` and this line-up (one kind per entrant).
    pub fn new(lineup: &[String], players: usize) -> Tally {
        let mut kinds: Vec<String> = Vec::new();
        for kind in lineup {
            if !kinds.contains(kind) {
                kinds.push(kind.clone());
            }
        }
        let kind_of = lineup.iter().map(|k| kinds.iter().position(|x| x == k).unwrap_or(0)).collect();
        let k = kinds.len();
        Tally {
            by_kind: vec![KindTally::default(); k],
            positions: vec![PositionTally::default(); players],
            pairs: PairTally { half_wins: vec![0; k], meetings: vec![vec![0; k]; k], pairs: 0 },
            kinds,
            kind_of,
            ..Tally::default()
        }
    }

    /// Counts one game.
    pub fn add(&mut self, g: &GameResult) {
        let players = self.positions.len();
        // Each seat's figures as slices of the table's length, checked once here, so that the
        // loops below index them without a bounds check a seat (a tenth of the tally's work).
        let (entrants, shares, scores, ranks) =
            (&g.entrants[..players], &g.win_shares[..players], &g.scores[..players], &g.ranks[..players]);
        if self.games == 0 {
            self.cooperative = g.cooperative;
        }
        self.games += 1;
        for (k, tally) in self.by_kind.iter_mut().enumerate() {
            // Sums in seat order, as the figures always were (no allocation per game); the
            // kind's seats as a bit set, looked up once (no game seats 64).
            let mask =
                entrants.iter().enumerate().fold(0u64, |mask, (s, &e)| mask | u64::from(self.kind_of[e] == k) << s);
            let mine = |s: &usize| mask >> s & 1 == 1;
            let seats = mask.count_ones() as usize;
            if seats == 0 {
                continue;
            }
            tally.seats += seats as u64;
            if seats == players {
                // One kind at every seat (a line-up of one bot): the same sums, without the
                // seat filter.
                tally.shares.add(shares.iter().sum::<f64>() / seats as f64);
                for (&score, &rank) in scores.iter().zip(ranks) {
                    tally.scores.add_whole(score);
                    tally.rank_sum += u64::from(rank);
                }
                continue;
            }
            tally.shares.add((0..players).filter(mine).map(|s| shares[s]).sum::<f64>() / seats as f64);
            // Some seats are another kind's.
            let others = players - seats;
            let my_score = (0..players).filter(mine).map(|s| scores[s] as f64).sum::<f64>() / seats as f64;
            let theirs = (0..players).filter(|s| !mine(s)).map(|s| scores[s] as f64).sum::<f64>();
            tally.diffs.add(my_score - theirs / others as f64);
            for s in (0..players).filter(mine) {
                tally.scores.add_whole(scores[s]);
                tally.rank_sum += u64::from(ranks[s]);
            }
        }
        // The seat in each turn-order position, with one division a game.
        let first = g.first_mover % players.max(1);
        for (p, position) in self.positions.iter_mut().enumerate() {
            let seat = crate::seat_after(first, p, players);
            position.shares.add(shares[seat]);
            position.score_sum += scores[seat];
        }
        self.length.add_whole(i64::try_from(g.actions).unwrap_or(i64::MAX));
        // Every share looked at (no early exit on the first winner, whose seat is random).
        self.won += u64::from(shares.iter().fold(false, |won, &w| won | (w > 0.0)));
        self.team_scores.add_whole(scores.first().copied().unwrap_or(0));
        match self.reasons.get_mut(&g.reason) {
            Some(count) => *count += 1,
            None => {
                self.reasons.insert(g.reason.clone(), 1);
            }
        }
        // Pairs of seats of different kinds: none when one kind holds every seat.
        let n = if self.kinds.len() > 1 { players } else { 0 };
        for a in 0..n {
            for b in (a + 1)..n {
                let (ka, kb) = (self.kind_of[entrants[a]], self.kind_of[entrants[b]]);
                if ka == kb {
                    continue;
                }
                self.pairs.pairs += 1;
                self.pairs.meetings[ka][kb] += 1;
                self.pairs.meetings[kb][ka] += 1;
                match ranks[a].cmp(&ranks[b]) {
                    std::cmp::Ordering::Less => self.pairs.half_wins[ka] += 2,
                    std::cmp::Ordering::Greater => self.pairs.half_wins[kb] += 2,
                    std::cmp::Ordering::Equal => {
                        self.pairs.half_wins[ka] += 1;
                        self.pairs.half_wins[kb] += 1;
                    }
                }
            }
        }
    }

    /// Adds every count of `other` (a tally of other games of the same tournament).
    pub fn merge(&mut self, other: &Tally) {
        if self.games == 0 {
            self.cooperative = other.cooperative;
        }
        self.games += other.games;
        for (mine, theirs) in self.by_kind.iter_mut().zip(&other.by_kind) {
            mine.seats += theirs.seats;
            mine.shares.merge(&theirs.shares);
            mine.diffs.merge(&theirs.diffs);
            mine.scores.merge(&theirs.scores);
            mine.rank_sum += theirs.rank_sum;
        }
        for (mine, theirs) in self.positions.iter_mut().zip(&other.positions) {
            mine.shares.merge(&theirs.shares);
            mine.score_sum += theirs.score_sum;
        }
        self.length.merge(&other.length);
        self.won += other.won;
        self.team_scores.merge(&other.team_scores);
        for (reason, count) in &other.reasons {
            *self.reasons.entry(reason.clone()).or_default() += count;
        }
        for (mine, theirs) in self.pairs.half_wins.iter_mut().zip(&other.pairs.half_wins) {
            *mine += theirs;
        }
        for (row, theirs) in self.pairs.meetings.iter_mut().zip(&other.pairs.meetings) {
            for (mine, theirs) in row.iter_mut().zip(theirs) {
                *mine += theirs;
            }
        }
        self.pairs.pairs += other.pairs.pairs;
    }
}

/// Which part of a tournament's games to play: shard `index` of `count` (0-based, so
/// `$SLURM_ARRAY_TASK_ID` with `--array=0-(N-1)` or a Kubernetes indexed job's
/// `$JOB_COMPLETION_INDEX` can be passed as it is). Shard `k` plays the games
/// `⌊games·k/n⌋ .. ⌊games·(k+1)/n⌋`: contiguous, disjoint, covering every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard (0-based).
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole tournament as one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// A shard, checked: `index < count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || index >= count {
            return Err(format!("shard {index}/{count}: the shard index counts from 0 and must be below the count"));
        }
        Ok(Shard { index, count })
    }

    /// The game indices of this shard, out of `games`.
    pub fn range(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N`, e.g. `0/8`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (k, n) = text.split_once('/').ok_or_else(|| format!("`{text}`: a shard is K/N, e.g. 0/8"))?;
        let parse = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("`{text}`: a shard is K/N, e.g. 0/8"));
        Shard::new(parse(k)?, parse(n)?)
    }
}

/// Why shard results could not be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No results were given.
    #[error("nothing to merge")]
    Empty,
    /// The results come from different tournaments.
    #[error("these results are from different tournaments: {0}")]
    Different(String),
    /// Two results played the same games.
    #[error("games {0}..{1} were played by more than one shard")]
    Overlap(u64, u64),
    /// Games of the tournament are missing.
    #[error("games missing: {0} (of 0..{1}); merge every shard of the tournament")]
    Missing(String, u64),
}

/// The mergeable result of some of a tournament's games: what `safehouse simulate --shard K/N`
/// writes and `safehouse simulate-merge` reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// What was asked for (the same in every shard).
    pub tournament: Tournament,
    /// The game's id.
    pub game_id: String,
    /// Seats at each table.
    pub players: usize,
    /// The full options played.
    pub options: Value,
    /// The line-up's bot names, one per entrant.
    pub names: Vec<String>,
    /// The seeding scheme the games were played with ([`crate::SEEDING`]; a shard written
    /// before the number was kept has scheme 1).
    #[serde(default = "first_seeding")]
    pub seeding: u32,
    /// The game indices played, as sorted, disjoint, half-open ranges.
    pub ranges: Vec<(u64, u64)>,
    /// The counts.
    pub tally: Tally,
    /// The outside programs of the line-up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramReport>,
    /// Worker threads (summed over merged shards).
    pub threads: usize,
    /// Seconds of wall-clock time (summed over merged shards: the work, not the elapsed time).
    pub seconds: f64,
}

/// The seeding scheme of a shard that does not name one.
pub(crate) fn first_seeding() -> u32 {
    1
}

impl ShardResult {
    /// Merges `other` (another shard of the same tournament) into this one.
    pub fn merge(&mut self, other: &ShardResult) -> Result<(), MergeError> {
        let same = |what: &str, equal: bool| if equal { Ok(()) } else { Err(MergeError::Different(what.to_owned())) };
        same("the tournaments differ (game, seed, games, bots or options)", self.tournament == other.tournament)?;
        same("the game differs", self.game_id == other.game_id)?;
        same("the player counts differ", self.players == other.players)?;
        same("the resolved options differ", self.options == other.options)?;
        same("the bots differ", self.names == other.names)?;
        same(
            "the seeding schemes differ (shards written by Safehouse versions that seed games differently)",
            self.seeding == other.seeding,
        )?;
        let mut ranges: Vec<(u64, u64)> = self.ranges.iter().chain(&other.ranges).copied().collect();
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::new();
        for (start, end) in ranges {
            match merged.last_mut() {
                Some(last) if start < last.1 => return Err(MergeError::Overlap(start, end.min(last.1))),
                Some(last) if start == last.1 => last.1 = end,
                _ => merged.push((start, end)),
            }
        }
        self.ranges = merged;
        self.tally.merge(&other.tally);
        for theirs in &other.programs {
            match self.programs.iter_mut().find(|p| p.kind == theirs.kind) {
                Some(mine) => add_counts(&mut mine.counts, &theirs.counts),
                None => self.programs.push(theirs.clone()),
            }
        }
        self.threads += other.threads;
        self.seconds += other.seconds;
        Ok(())
    }

    /// Merges shard results; they must cover every game of their tournament exactly once.
    pub fn merge_all(results: impl IntoIterator<Item = ShardResult>) -> Result<ShardResult, MergeError> {
        let mut results = results.into_iter();
        let mut all = results.next().ok_or(MergeError::Empty)?;
        for other in results {
            all.merge(&other)?;
        }
        let games = all.tournament.games;
        let mut missing = Vec::new();
        let mut at = 0;
        for &(start, end) in &all.ranges {
            if start > at {
                missing.push(format!("{at}..{start}"));
            }
            at = end;
        }
        if at < games {
            missing.push(format!("{at}..{games}"));
        }
        if !missing.is_empty() {
            return Err(MergeError::Missing(missing.join(", "), games));
        }
        Ok(all)
    }
}

/// Adds the counts of one run of an outside program to another's (examples: the first few).
fn add_counts(mine: &mut safehouse_player::FailureCounts, theirs: &safehouse_player::FailureCounts) {
    mine.processes += theirs.processes;
    mine.decisions += theirs.decisions;
    mine.answered += theirs.answered;
    mine.fallback_moves += theirs.fallback_moves;
    mine.spawn += theirs.spawn;
    mine.timeouts += theirs.timeouts;
    mine.crashes += theirs.crashes;
    mine.garbage += theirs.garbage;
    mine.illegal += theirs.illegal;
    mine.forfeits += theirs.forfeits;
    mine.unsolicited_lines += theirs.unsolicited_lines;
    let room = 5usize.saturating_sub(mine.examples.len());
    mine.examples.extend(theirs.examples.iter().take(room).cloned());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0u64, 1, 7, 1000, u64::MAX] {
            for count in 1..=5 {
                let ranges: Vec<Range<u64>> = (0..count).map(|k| Shard { index: k, count }.range(games)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[count as usize - 1].end, games);
                assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
        assert!("3/3".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
    }

    #[test]
    fn pending_counts_read_as_the_plain_map() {
        // Few values, repeated (all pending), then many (evictions), then counts of 0 and more.
        let mut values = Values::default();
        let mut plain: BTreeMap<u64, u64> = BTreeMap::new();
        let mut add = |values: &mut Values, v: f64, count: u64| {
            values.add_count(v, count);
            if count > 0 {
                *plain.entry(v.to_bits()).or_default() += count;
            }
        };
        for i in 0u32..50 {
            add(&mut values, f64::from(i % 3), 1);
        }
        for i in 0u32..200 {
            add(&mut values, f64::from((i * 7) % 23) / 2.0, u64::from(i % 3));
        }
        // The edges of the whole numbers counted by index, and values that only look like them.
        for v in [0.0, -0.0, 127.0, 128.0, 129.0, -1.0, 0.5, 1e300, f64::NAN, f64::INFINITY, 127.0, -0.0] {
            add(&mut values, v, 2);
        }
        let json = serde_json::to_string(&values).expect("serialise");
        assert_eq!(json, serde_json::to_string(&plain).expect("serialise"));
        assert_eq!(values.n(), plain.values().sum::<u64>());
        let mut sorted: Vec<(f64, u64)> = plain.iter().map(|(&b, &c)| (f64::from_bits(b), c)).collect();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(format!("{:?}", values.sorted()), format!("{sorted:?}"), "NaN too");
        let back: Values = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(back, values);
        let mut merged = Values::default();
        merged.add(0.0);
        merged.merge(&values);
        let mut expected = back.clone();
        expected.add_count(0.0, 1);
        assert_eq!(merged, expected);
        assert_eq!(merged.n(), values.n() + 1);
        assert_ne!(merged, values);
    }

    #[test]
    fn whole_numbers_below_the_bound_are_counted_by_index() {
        let mut values = Values::default();
        for v in [0.0, 3.0, 3.0, 127.0, 128.0, -0.0, 0.5, -3.0] {
            values.add(v);
        }
        let by_index: Vec<(usize, u64)> =
            values.small.iter().enumerate().filter(|(_, c)| **c > 0).map(|(i, c)| (i, *c)).collect();
        assert_eq!(by_index, vec![(0, 1), (3, 2), (127, 1)]);
        assert_eq!(values.n(), 8);
    }

    #[test]
    fn a_whole_number_counts_as_its_float() {
        let numbers = [0i64, 1, 3, 127, 128, 129, -1, -128, 1 << 40, i64::MIN, i64::MAX, 3];
        let (mut whole, mut float) = (Values::default(), Values::default());
        for &n in &numbers {
            whole.add_whole(n);
            float.add(n as f64);
        }
        assert_eq!(format!("{whole:?}"), format!("{float:?}"));
        assert_eq!(whole.small, float.small, "the same numbers counted by index");
        assert_eq!(whole.sorted(), float.sorted());
    }

    /// A game of `players` seats: seat 1 wins alone, scores `10 × seat`, ranks by score.
    fn game(players: usize, entrants: Vec<usize>) -> GameResult {
        GameResult {
            index: 0,
            seed: 0,
            entrants,
            scores: (0..players as i64).map(|s| 10 * s).collect(),
            ranks: (0..players as u8).map(|s| players as u8 - s).collect(),
            win_shares: (0..players).map(|s| if s == 1 { 1.0 } else { 0.0 }).collect(),
            first_mover: 2,
            actions: 7,
            cooperative: false,
            reason: "won".to_owned(),
            forfeited: Vec::new(),
        }
    }

    #[test]
    fn a_kind_at_every_seat_counts_as_a_kind_at_some() {
        // One kind at all three seats, and the same game in a two-kind line-up, where kind `a`
        // holds seats 0 and 2: both tally every seat's score and rank, and the kind's mean share.
        let mut alone = Tally::new(&["a".into(), "a".into(), "a".into()], 3);
        alone.add(&game(3, vec![0, 1, 2]));
        let kind = &alone.by_kind[0];
        assert_eq!((kind.seats, kind.rank_sum, kind.diffs.n()), (3, 3 + 2 + 1, 0));
        assert_eq!(kind.shares.sorted(), vec![(1.0 / 3.0, 1)]);
        assert_eq!(kind.scores.sorted(), vec![(0.0, 1), (10.0, 1), (20.0, 1)]);
        let mut league = Tally::new(&["a".into(), "b".into(), "a".into()], 3);
        league.add(&game(3, vec![0, 1, 2]));
        let (a, b) = (&league.by_kind[0], &league.by_kind[1]);
        assert_eq!((a.seats, a.rank_sum, b.seats, b.rank_sum), (2, 3 + 1, 1, 2));
        assert_eq!(a.shares.sorted(), vec![(0.0, 1)]);
        assert_eq!(b.shares.sorted(), vec![(1.0, 1)]);
        assert_eq!(a.diffs.sorted(), vec![(0.0, 1)], "(0 + 20) / 2 against 10");
        assert_eq!(a.scores.sorted(), vec![(0.0, 1), (20.0, 1)]);
        // The turn order from the first mover, seat 2: seats 2, 0, 1.
        let shares: Vec<Vec<(f64, u64)>> = alone.positions.iter().map(|p| p.shares.sorted()).collect();
        assert_eq!(shares, vec![vec![(0.0, 1)], vec![(0.0, 1)], vec![(1.0, 1)]]);
        assert_eq!((alone.length.sorted(), alone.team_scores.sorted()), (vec![(7.0, 1)], vec![(0.0, 1)]));
    }

    #[test]
    fn values_merge_in_any_order_to_the_same_figures() {
        let all: Vec<f64> = (0..1000).map(|i| f64::from(i % 7) / 3.0 + f64::from(i % 3) * 0.1).collect();
        let whole: Values = all.iter().copied().collect();
        let mut parts = Values::default();
        for chunk in all.chunks(333).rev() {
            parts.merge(&chunk.iter().copied().collect());
        }
        assert_eq!(whole, parts);
        assert_eq!(whole.distribution(), parts.distribution());
        assert_eq!(whole.n(), 1000);
    }
}
