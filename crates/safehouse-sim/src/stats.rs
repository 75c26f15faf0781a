//! Statistics of a tournament.
//!
//! Every interval is a 95% interval over *games*, which are independent (each has its own seed
//! and bot seeds): a per-game value is computed first (e.g. the mean win share of a bot's seats
//! in that game) and the interval is `mean ± 1.96 × standard error` of those values. When every
//! game gave the same value (a bot that never won), that formula gives a zero-width interval, so
//! the Wilson score interval for a proportion is used instead.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::tally::{PairTally, ShardResult, Tally, Values};
use crate::{Played, ProgramReport, Tournament};

const Z95: f64 = 1.959_963_984_540_054;

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Number of independent values (games).
    pub n: u64,
}

impl Estimate {
    /// The estimate of the mean of `values`; `proportion` says values lie in `0..=1`.
    pub fn of(values: &[f64], proportion: bool) -> Estimate {
        estimate(&values.iter().copied().collect(), proportion)
    }

    /// Whether the interval lies wholly above `x`.
    pub fn above(&self, x: f64) -> bool {
        self.low > x
    }
}

/// The Wilson score interval for a proportion `p` observed over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A distribution summarised: mean, spread and quantiles.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// Number of values.
    pub n: u64,
    /// Mean.
    pub mean: f64,
    /// Standard deviation.
    pub sd: f64,
    /// Smallest value.
    pub min: f64,
    /// 10th percentile.
    pub p10: f64,
    /// 25th percentile.
    pub p25: f64,
    /// Median.
    pub median: f64,
    /// 75th percentile.
    pub p75: f64,
    /// 90th percentile.
    pub p90: f64,
    /// Largest value.
    pub max: f64,
}

impl Distribution {
    /// Summarises `values` (any order).
    pub fn of(values: &[f64]) -> Distribution {
        if values.is_empty() {
            return Distribution {
                n: 0,
                mean: f64::NAN,
                sd: f64::NAN,
                min: f64::NAN,
                p10: f64::NAN,
                p25: f64::NAN,
                median: f64::NAN,
                p75: f64::NAN,
                p90: f64::NAN,
                max: f64::NAN,
            };
        }
        values.iter().copied().collect::<Values>().distribution()
    }
}

/// The mean of counted values with its 95% interval (the Wilson interval for a proportion
/// whose every value was the same).
pub(crate) fn estimate(values: &Values, proportion: bool) -> Estimate {
    let (n, mean, var) = values.moments();
    if n == 0 {
        return Estimate { mean: f64::NAN, low: f64::NAN, high: f64::NAN, n: 0 };
    }
    if proportion && var == 0.0 {
        let (low, high) = wilson(mean, n as f64);
        return Estimate { mean, low, high, n };
    }
    let half = Z95 * (var / n as f64).sqrt();
    let (mut low, mut high) = (mean - half, mean + half);
    if proportion {
        low = low.max(0.0);
        high = high.min(1.0);
    }
    Estimate { mean, low, high, n }
}

// The figures a tally's counts give (the tally itself only counts, and knows nothing of them).
impl Values {
    /// The mean with its 95% interval ([`Estimate::of`]).
    pub fn estimate(&self, proportion: bool) -> Estimate {
        estimate(self, proportion)
    }

    /// Mean, spread and quantiles ([`Distribution::of`]).
    pub fn distribution(&self) -> Distribution {
        let sorted = self.sorted();
        let n = self.n();
        if n == 0 {
            return Distribution::of(&[]);
        }
        let (mean, var) = Values::mean_var(&sorted, n);
        Distribution {
            n,
            mean,
            sd: var.sqrt(),
            min: sorted[0].0,
            p10: Values::quantile(&sorted, n, 0.10),
            p25: Values::quantile(&sorted, n, 0.25),
            median: Values::quantile(&sorted, n, 0.5),
            p75: Values::quantile(&sorted, n, 0.75),
            p90: Values::quantile(&sorted, n, 0.90),
            max: sorted[sorted.len() - 1].0,
        }
    }
}

impl ShardResult {
    /// The statistics of the games this result covers.
    pub fn summary(&self) -> Summary {
        Summary::of_tally(
            &crate::SummaryHeader {
                game_id: &self.game_id,
                players: self.players,
                options: &self.options,
                tournament: &self.tournament,
                seeding: self.seeding,
                names: &self.names,
                programs: &self.programs,
                threads: self.threads,
                seconds: self.seconds,
            },
            &self.tally,
        )
    }
}

/// The `q` quantile of sorted values, by linear interpolation between closest ranks.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let pos = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let lower = pos.floor() as usize;
    let upper = pos.ceil() as usize;
    sorted[lower] + (sorted[upper] - sorted[lower]) * (pos - lower as f64)
}

/// How one bot kind of the line-up did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KindStats {
    /// The kind as given (`ismcts:2000`).
    pub kind: String,
    /// The bot's own name.
    pub name: String,
    /// Entrants of this kind in the line-up.
    pub entrants: usize,
    /// Games it played in.
    pub games: u64,
    /// Mean seats it held per game.
    pub seats_per_game: f64,
    /// Its win share per seat: in each game, the mean win share of its seats.
    pub win_share: Estimate,
    /// What one seat wins on average if every seat is equally good (1 / players; for a
    /// co-operative game the team's success rate).
    pub fair_share: f64,
    /// Its seats' scores.
    pub score: Distribution,
    /// In each game, its seats' mean score minus the other seats' mean score (absent when it
    /// held every seat).
    pub score_diff: Option<Estimate>,
    /// Its seats' mean rank (1 best).
    pub mean_rank: f64,
    /// Its Elo rating from every pair of seats held by different kinds (absent with one kind).
    pub elo: Option<f64>,
}

/// Win share by turn order: position 0 took the first decision, 1 came next, and so on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionStats {
    /// 0 for the first mover.
    pub position: usize,
    /// Win share of the seat in this position.
    pub win_share: Estimate,
    /// Mean score of the seat in this position.
    pub mean_score: f64,
}

/// Results of a co-operative game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamStats {
    /// Share of games the team won.
    pub success: Estimate,
    /// The team's score.
    pub score: Distribution,
    /// For each score `k` from 1 to the best seen (at most 10): the share of games whose team
    /// score was at least `k` (in The Safe: missions cracked in a row, so `k = 1` is the first
    /// mission's success rate).
    pub reached: Vec<(i64, Estimate)>,
}

/// Elo ratings fitted to all pairwise results (Bradley–Terry maximum likelihood).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Elo {
    /// Kind and rating, in line-up order; the mean rating is 1500.
    pub ratings: Vec<(String, f64)>,
    /// Pairwise comparisons used.
    pub pairs: u64,
}

/// Everything a tournament says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The game id.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// The full options played.
    pub options: Value,
    /// The line-up, one kind per entrant.
    pub lineup: Vec<String>,
    /// Games played.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// The seeding scheme ([`crate::SEEDING`]): with the seed, what makes the games repeatable.
    #[serde(default = "crate::tally::first_seeding")]
    pub seeding: u32,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Co-operative game?
    pub cooperative: bool,
    /// Per bot kind, in line-up order.
    pub bots: Vec<KindStats>,
    /// Win share by turn order.
    pub positions: Vec<PositionStats>,
    /// The first mover's win share minus the fair share (competitive games).
    pub first_player_edge: Option<Estimate>,
    /// Decisions per game.
    pub length: Distribution,
    /// The team's results (co-operative games).
    pub team: Option<TeamStats>,
    /// How games ended: reason code and count.
    pub reasons: Vec<(String, u64)>,
    /// Elo ratings (line-ups with more than one kind, competitive games).
    pub elo: Option<Elo>,
    /// The outside programs (`exec:` kinds): decisions, answers, failures, fallback moves, forfeits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramReport>,
}

/// What a summary says about where its games came from.
pub(crate) struct SummaryHeader<'a> {
    pub game_id: &'a str,
    pub players: usize,
    pub options: &'a Value,
    pub tournament: &'a Tournament,
    pub seeding: u32,
    pub names: &'a [String],
    pub programs: &'a [ProgramReport],
    pub threads: usize,
    pub seconds: f64,
}

impl Summary {
    /// The statistics of a played tournament.
    pub fn of(played: &Played) -> Summary {
        let lineup = lineup_of(&played.tournament, played.players);
        let mut tally = Tally::new(&lineup, played.players);
        for g in &played.games {
            tally.add(g);
        }
        Summary::of_tally(
            &SummaryHeader {
                game_id: &played.game_id,
                players: played.players,
                options: &played.options,
                tournament: &played.tournament,
                seeding: crate::SEEDING,
                names: &played.names,
                programs: &played.programs,
                threads: played.threads,
                seconds: played.elapsed.as_secs_f64(),
            },
            &tally,
        )
    }

    /// The statistics of the counted games.
    pub(crate) fn of_tally(header: &SummaryHeader<'_>, tally: &Tally) -> Summary {
        let players = header.players;
        let lineup = lineup_of(header.tournament, players);
        let kinds = &tally.kinds;
        let cooperative = tally.cooperative;
        let fair = if cooperative { tally.won as f64 / tally.games.max(1) as f64 } else { 1.0 / players as f64 };
        let elo = if cooperative || kinds.len() < 2 { None } else { Some(fit_elo(&tally.pairs, kinds)) };
        let bots = kinds
            .iter()
            .zip(&tally.by_kind)
            .map(|(kind, t)| {
                let played_games = t.shares.n();
                KindStats {
                    kind: kind.clone(),
                    name: lineup
                        .iter()
                        .position(|x| x == kind)
                        .and_then(|i| header.names.get(i))
                        .cloned()
                        .unwrap_or_else(|| kind.clone()),
                    entrants: lineup.iter().filter(|x| *x == kind).count(),
                    games: played_games,
                    seats_per_game: t.seats as f64 / played_games.max(1) as f64,
                    win_share: t.shares.estimate(true),
                    fair_share: fair,
                    score: t.scores.distribution(),
                    score_diff: (t.diffs.n() > 0).then(|| t.diffs.estimate(false)),
                    mean_rank: t.rank_sum as f64 / t.seats.max(1) as f64,
                    elo: elo.as_ref().and_then(|e| e.ratings.iter().find(|(n, _)| n == kind).map(|(_, r)| *r)),
                }
            })
            .collect();
        let positions = tally
            .positions
            .iter()
            .enumerate()
            .map(|(p, t)| PositionStats {
                position: p,
                win_share: t.shares.estimate(true),
                mean_score: t.score_sum as f64 / tally.games.max(1) as f64,
            })
            .collect::<Vec<_>>();
        let first_player_edge = (!cooperative && tally.games > 0).then(|| {
            let e = positions[0].win_share;
            Estimate { mean: e.mean - fair, low: e.low - fair, high: e.high - fair, n: e.n }
        });
        let team = cooperative.then(|| {
            let won = counted_proportion(tally.won, tally.games);
            let scores = tally.team_scores.sorted();
            let best = scores.last().map_or(0, |&(s, _)| s as i64).clamp(0, 10);
            let reached = (1..=best)
                .map(|k| {
                    let hit: u64 = scores.iter().filter(|&&(s, _)| s as i64 >= k).map(|&(_, c)| c).sum();
                    (k, counted_proportion(hit, tally.games).estimate(true))
                })
                .collect();
            TeamStats { success: won.estimate(true), score: tally.team_scores.distribution(), reached }
        });
        Summary {
            game: header.game_id.to_owned(),
            players,
            options: header.options.clone(),
            lineup,
            games: tally.games,
            seed: header.tournament.seed,
            seeding: header.seeding,
            threads: header.threads,
            seconds: header.seconds,
            games_per_second: tally.games as f64 / header.seconds.max(1e-9),
            cooperative,
            bots,
            positions,
            first_player_edge,
            length: tally.length.distribution(),
            team,
            reasons: tally.reasons.iter().map(|(r, n)| (r.clone(), *n)).collect(),
            elo,
            programs: header.programs.to_vec(),
        }
    }
}

/// `hits` ones and the rest zeros, out of `n`.
fn counted_proportion(hits: u64, n: u64) -> Values {
    let mut values = Values::default();
    values.add_count(1.0, hits);
    values.add_count(0.0, n - hits);
    values
}

/// One kind per entrant: a single kind fills every seat.
pub(crate) fn lineup_of(tournament: &Tournament, players: usize) -> Vec<String> {
    if tournament.bots.len() == 1 { vec![tournament.bots[0].clone(); players] } else { tournament.bots.clone() }
}

/// Bradley–Terry ratings by the MM algorithm (Hunter 2004) over every pair of seats held by
/// different kinds: the better-ranked seat wins the pair, equal ranks draw (half a win each).
/// One virtual win and one virtual loss against a fixed opponent keep a kind that never lost
/// (or never won) finite. Ratings are `400·log10(strength)`, shifted so their mean is 1500.
fn fit_elo(counts: &PairTally, kinds: &[String]) -> Elo {
    let k = kinds.len();
    // The virtual win, then the pairs won (counted in halves).
    let wins: Vec<f64> = (0..k).map(|i| 1.0 + counts.half_wins.get(i).copied().unwrap_or(0) as f64 / 2.0).collect();
    let meetings: Vec<Vec<f64>> = (0..k).map(|i| (0..k).map(|j| counts.meetings[i][j] as f64).collect()).collect();
    let pairs = counts.pairs;
    let mut gamma = vec![1.0f64; k];
    for _ in 0..2_000 {
        let mut next = gamma.clone();
        for i in 0..k {
            // Two virtual games against the fixed opponent of strength 1.
            let mut denominator = 2.0 / (gamma[i] + 1.0);
            for j in 0..k {
                if i != j && meetings[i][j] > 0.0 {
                    denominator += meetings[i][j] / (gamma[i] + gamma[j]);
                }
            }
            next[i] = wins[i] / denominator;
        }
        let change = next.iter().zip(&gamma).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    let raw: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let mean = raw.iter().sum::<f64>() / k as f64;
    Elo { ratings: kinds.iter().cloned().zip(raw.iter().map(|r| r - mean + 1500.0)).collect(), pairs }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameResult;

    #[test]
    fn estimate_matches_hand_computation() {
        let e = Estimate::of(&[1.0, 0.0, 1.0, 0.0], false);
        assert_eq!(e.mean, 0.5);
        // sd = sqrt(1/3), se = sd / 2.
        let half = Z95 * (1.0f64 / 3.0).sqrt() / 2.0;
        assert!((e.high - (0.5 + half)).abs() < 1e-12);
        // As a proportion the interval is clipped to 0..=1.
        assert_eq!(Estimate::of(&[1.0, 0.0, 1.0, 0.0], true).high, 1.0);
        let never = Estimate::of(&[0.0; 100], true);
        assert!(never.low.abs() < 1e-12);
        assert!(never.high > 0.03 && never.high < 0.04, "{never:?}");
    }

    #[test]
    fn quantiles_interpolate() {
        let d = Distribution::of(&[4.0, 1.0, 3.0, 2.0, 5.0]);
        assert_eq!((d.min, d.p25, d.median, d.p75, d.max), (1.0, 2.0, 3.0, 4.0, 5.0));
        assert!((d.p10 - 1.4).abs() < 1e-12);
    }

    #[test]
    fn elo_orders_a_stronger_kind_first() {
        // Kind 0 beats kind 1 three games in four.
        let games: Vec<GameResult> = (0..400)
            .map(|i| GameResult {
                index: i,
                seed: i,
                entrants: vec![0, 1],
                scores: vec![0, 0],
                ranks: if i % 4 == 0 { vec![2, 1] } else { vec![1, 2] },
                win_shares: vec![0.0, 0.0],
                first_mover: 0,
                actions: 1,
                cooperative: false,
                reason: String::new(),
                forfeited: Vec::new(),
            })
            .collect();
        let mut tally = Tally::new(&["a".into(), "b".into()], 2);
        for g in &games {
            tally.add(g);
        }
        let elo = fit_elo(&tally.pairs, &tally.kinds);
        let gap = elo.ratings[0].1 - elo.ratings[1].1;
        // 3:1 odds are 400·log10(3) ≈ 191 Elo; the virtual games pull slightly towards 0.
        assert!((185.0..192.0).contains(&gap), "{gap}");
    }
}
