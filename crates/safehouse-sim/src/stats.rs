//! Statistics of a tournament.
//!
//! Every interval is a 95% interval over *games*, which are independent (each has its own seed
//! and bot seeds): a per-game value is computed first (e.g. the mean win share of a bot's seats
//! in that game) and the interval is `mean ± 1.96 × standard error` of those values. When every
//! game gave the same value (a bot that never won), that formula gives a zero-width interval, so
//! the Wilson score interval for a proportion is used instead.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{GameResult, Played, ProgramReport};

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
        let n = values.len();
        if n == 0 {
            return Estimate { mean: f64::NAN, low: f64::NAN, high: f64::NAN, n: 0 };
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
        if proportion && var == 0.0 {
            let (low, high) = wilson(mean, n as f64);
            return Estimate { mean, low, high, n: n as u64 };
        }
        let half = Z95 * (var / n as f64).sqrt();
        let (mut low, mut high) = (mean - half, mean + half);
        if proportion {
            low = low.max(0.0);
            high = high.min(1.0);
        }
        Estimate { mean, low, high, n: n as u64 }
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
        let n = values.len();
        if n == 0 {
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
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / n as f64;
        let sd =
            if n > 1 { (sorted.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt() } else { 0.0 };
        Distribution {
            n: n as u64,
            mean,
            sd,
            min: sorted[0],
            p10: quantile(&sorted, 0.10),
            p25: quantile(&sorted, 0.25),
            median: quantile(&sorted, 0.5),
            p75: quantile(&sorted, 0.75),
            p90: quantile(&sorted, 0.90),
            max: sorted[n - 1],
        }
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

impl Summary {
    /// The statistics of a played tournament.
    pub fn of(played: &Played) -> Summary {
        let games = &played.games;
        let players = played.players;
        let lineup: Vec<String> = if played.tournament.bots.len() == 1 {
            vec![played.tournament.bots[0].clone(); players]
        } else {
            played.tournament.bots.clone()
        };
        let mut kinds: Vec<String> = Vec::new();
        for kind in &lineup {
            if !kinds.contains(kind) {
                kinds.push(kind.clone());
            }
        }
        let kind_of: Vec<usize> = lineup.iter().map(|k| kinds.iter().position(|x| x == k).unwrap_or(0)).collect();
        let cooperative = games.first().is_some_and(|g| g.cooperative);
        let fair = if cooperative {
            let won = games.iter().filter(|g| g.win_shares.iter().any(|&w| w > 0.0)).count();
            won as f64 / games.len().max(1) as f64
        } else {
            1.0 / players as f64
        };
        let elo = if cooperative || kinds.len() < 2 { None } else { Some(fit_elo(games, &kind_of, &kinds)) };
        let bots = kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| {
                let mut shares = Vec::new();
                let mut diffs = Vec::new();
                let mut scores = Vec::new();
                let mut ranks = Vec::new();
                let mut seats = 0usize;
                for g in games {
                    let mine: Vec<usize> = (0..players).filter(|&s| kind_of[g.entrants[s]] == k).collect();
                    if mine.is_empty() {
                        continue;
                    }
                    seats += mine.len();
                    shares.push(mine.iter().map(|&s| g.win_shares[s]).sum::<f64>() / mine.len() as f64);
                    let my_score = mine.iter().map(|&s| g.scores[s] as f64).sum::<f64>() / mine.len() as f64;
                    let others: Vec<f64> =
                        (0..players).filter(|s| !mine.contains(s)).map(|s| g.scores[s] as f64).collect();
                    if !others.is_empty() {
                        diffs.push(my_score - others.iter().sum::<f64>() / others.len() as f64);
                    }
                    for &s in &mine {
                        scores.push(g.scores[s] as f64);
                        ranks.push(f64::from(g.ranks[s]));
                    }
                }
                let played_games = shares.len() as u64;
                KindStats {
                    kind: kind.clone(),
                    name: lineup
                        .iter()
                        .position(|x| x == kind)
                        .and_then(|i| played.names.get(i))
                        .cloned()
                        .unwrap_or_else(|| kind.clone()),
                    entrants: lineup.iter().filter(|x| *x == kind).count(),
                    games: played_games,
                    seats_per_game: seats as f64 / played_games.max(1) as f64,
                    win_share: Estimate::of(&shares, true),
                    fair_share: fair,
                    score: Distribution::of(&scores),
                    score_diff: (!diffs.is_empty()).then(|| Estimate::of(&diffs, false)),
                    mean_rank: ranks.iter().sum::<f64>() / ranks.len().max(1) as f64,
                    elo: elo.as_ref().and_then(|e| e.ratings.iter().find(|(n, _)| n == kind).map(|(_, r)| *r)),
                }
            })
            .collect();
        let positions = (0..players)
            .map(|p| {
                let seat = |g: &GameResult| (g.first_mover + p) % players;
                let shares: Vec<f64> = games.iter().map(|g| g.win_shares[seat(g)]).collect();
                let mean_score =
                    games.iter().map(|g| g.scores[seat(g)] as f64).sum::<f64>() / games.len().max(1) as f64;
                PositionStats { position: p, win_share: Estimate::of(&shares, true), mean_score }
            })
            .collect::<Vec<_>>();
        let first_player_edge = (!cooperative && !games.is_empty()).then(|| {
            let e = positions[0].win_share;
            Estimate { mean: e.mean - fair, low: e.low - fair, high: e.high - fair, n: e.n }
        });
        let length = Distribution::of(&games.iter().map(|g| g.actions as f64).collect::<Vec<_>>());
        let team = cooperative.then(|| {
            let won: Vec<f64> =
                games.iter().map(|g| if g.win_shares.iter().any(|&w| w > 0.0) { 1.0 } else { 0.0 }).collect();
            let scores: Vec<i64> = games.iter().map(|g| g.scores.first().copied().unwrap_or(0)).collect();
            let best = scores.iter().copied().max().unwrap_or(0).clamp(0, 10);
            let reached = (1..=best)
                .map(|k| {
                    let hit: Vec<f64> = scores.iter().map(|&s| if s >= k { 1.0 } else { 0.0 }).collect();
                    (k, Estimate::of(&hit, true))
                })
                .collect();
            TeamStats {
                success: Estimate::of(&won, true),
                score: Distribution::of(&scores.iter().map(|&s| s as f64).collect::<Vec<_>>()),
                reached,
            }
        });
        let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
        for g in games {
            *reasons.entry(g.reason.clone()).or_default() += 1;
        }
        Summary {
            game: played.game_id.clone(),
            players,
            options: played.options.clone(),
            lineup,
            games: games.len() as u64,
            seed: played.tournament.seed,
            threads: played.threads,
            seconds: played.elapsed.as_secs_f64(),
            games_per_second: played.games_per_second(),
            cooperative,
            bots,
            positions,
            first_player_edge,
            length,
            team,
            reasons: reasons.into_iter().collect(),
            elo,
            programs: played.programs.clone(),
        }
    }
}

/// Bradley–Terry ratings by the MM algorithm (Hunter 2004) over every pair of seats held by
/// different kinds: the better-ranked seat wins the pair, equal ranks draw (half a win each).
/// One virtual win and one virtual loss against a fixed opponent keep a kind that never lost
/// (or never won) finite. Ratings are `400·log10(strength)`, shifted so their mean is 1500.
fn fit_elo(games: &[GameResult], kind_of: &[usize], kinds: &[String]) -> Elo {
    let k = kinds.len();
    let mut wins = vec![1.0f64; k]; // the virtual win
    let mut meetings = vec![vec![0.0f64; k]; k];
    let mut pairs = 0u64;
    for g in games {
        let n = g.entrants.len();
        for a in 0..n {
            for b in (a + 1)..n {
                let (ka, kb) = (kind_of[g.entrants[a]], kind_of[g.entrants[b]]);
                if ka == kb {
                    continue;
                }
                pairs += 1;
                meetings[ka][kb] += 1.0;
                meetings[kb][ka] += 1.0;
                match g.ranks[a].cmp(&g.ranks[b]) {
                    std::cmp::Ordering::Less => wins[ka] += 1.0,
                    std::cmp::Ordering::Greater => wins[kb] += 1.0,
                    std::cmp::Ordering::Equal => {
                        wins[ka] += 0.5;
                        wins[kb] += 0.5;
                    }
                }
            }
        }
    }
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
        let elo = fit_elo(&games, &[0, 1], &["a".into(), "b".into()]);
        let gap = elo.ratings[0].1 - elo.ratings[1].1;
        // 3:1 odds are 400·log10(3) ≈ 191 Elo; the virtual games pull slightly towards 0.
        assert!((185.0..192.0).contains(&gap), "{gap}");
    }
}
