//! A seat-rotated Elo league of bot kinds for one game: are the difficulty levels a ladder?
//!
//! `cargo run --release -p safehouse-bots --example league -- <game> [games] [seed] [kinds] [players]`
//! (defaults: 300 games, seed 20261201, `easy,medium,hard`, one seat per kind). Game `i` is dealt
//! from `derive_seed(seed, i)` with the options of a table of bots (`GameOptions::for_bots_only`,
//! e.g. Safe Breaker's question limit), and the kinds sit in every order in turn (for three kinds
//! the six orders), so no kind keeps a seat. Every pair of seats held by different kinds is one
//! comparison: the better-ranked seat wins it, equal ranks draw. Ratings are the Bradley–Terry
//! maximum-likelihood fit of all comparisons (`400·log10` strength, mean 1500); their 95%
//! intervals, and those of the steps between consecutive kinds, are bootstrap percentiles over
//! games (400 resamples of whole games, as the comparisons inside one game are not independent).
//! Prints a Markdown table and the mean game length.
//!
//! Co-operative games (The Safe) have no Elo: the team's level is its success rate
//! (`examples/the_safe_diag.rs`).

use std::time::Instant;

use safehouse_bots::{BotGame, BotVisitor, Player, play_game, visit};
use safehouse_engine::{GameOptions, GameRng, Setup};

/// One game's comparisons: `wins[i][j]` half-points kind `i` scored against kind `j`.
type Comparisons = Vec<Vec<u32>>;

struct League {
    games: u64,
    seed: u64,
    kinds: Vec<String>,
    players: usize,
}

/// The orders the kinds sit in: every rotation, and every rotation reversed.
fn order(kinds: usize, players: usize, game: u64) -> Vec<usize> {
    let rotation = (game % players as u64) as usize;
    let reversed = (game / players as u64) % 2 == 1;
    let mut seats: Vec<usize> = (0..players).map(|s| (s + rotation) % players % kinds).collect();
    if reversed {
        seats.reverse();
    }
    seats
}

impl BotVisitor for League {
    type Output = (Vec<Comparisons>, f64, f64);

    fn visit<G: BotGame>(self) -> Self::Output {
        let k = self.kinds.len();
        let options = G::Options::default().for_bots_only();
        let mut all = Vec::with_capacity(self.games as usize);
        let mut actions = 0u64;
        let started = Instant::now();
        for game in 0..self.games {
            let seats = order(k, self.players, game);
            let mut players: Vec<Player<G>> = seats
                .iter()
                .enumerate()
                .map(|(s, &kind)| {
                    let bot_seed = GameRng::derive_seed(self.seed ^ 0x1ea9, game * 16 + s as u64);
                    Player::<G>::of_kind(&self.kinds[kind], bot_seed).expect("bot kind")
                })
                .collect();
            let setup = Setup::<G> {
                players: self.players,
                options: options.clone(),
                seed: GameRng::derive_seed(self.seed, game),
                deal: None,
            };
            let played = play_game(&setup, &mut players, 100_000).expect("game plays");
            actions += played.actions as u64;
            let ranks = &played.outcome.ranks;
            let mut wins = vec![vec![0u32; k]; k];
            for a in 0..self.players {
                for b in 0..self.players {
                    let (ka, kb) = (seats[a], seats[b]);
                    if ka == kb {
                        continue;
                    }
                    wins[ka][kb] += match ranks[a].cmp(&ranks[b]) {
                        std::cmp::Ordering::Less => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Greater => 0,
                    };
                }
            }
            all.push(wins);
            if (game + 1) % 50 == 0 {
                eprintln!("{} games, {:.0} s", game + 1, started.elapsed().as_secs_f64());
            }
        }
        (all, actions as f64 / self.games.max(1) as f64, started.elapsed().as_secs_f64())
    }
}

/// Bradley–Terry ratings (MM algorithm, Hunter 2004) of summed comparisons, with one virtual
/// win and loss against a fixed opponent so that a kind that never lost stays finite; Elo
/// scale, mean 1500.
fn fit(wins: &[Vec<u32>]) -> Vec<f64> {
    let k = wins.len();
    let won: Vec<f64> = (0..k).map(|i| 1.0 + wins[i].iter().sum::<u32>() as f64 / 2.0).collect();
    let met = |i: usize, j: usize| f64::from(wins[i][j] + wins[j][i]) / 2.0;
    let mut gamma = vec![1.0f64; k];
    for _ in 0..5_000 {
        let mut next = gamma.clone();
        for i in 0..k {
            let mut denominator = 2.0 / (gamma[i] + 1.0);
            for j in 0..k {
                if i != j {
                    denominator += met(i, j) / (gamma[i] + gamma[j]);
                }
            }
            next[i] = won[i] / denominator;
        }
        let change = next.iter().zip(&gamma).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let raw: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let mean = raw.iter().sum::<f64>() / k as f64;
    raw.iter().map(|r| r - mean + 1500.0).collect()
}

fn sum(games: &[&Comparisons], k: usize) -> Vec<Vec<u32>> {
    let mut total = vec![vec![0u32; k]; k];
    for g in games {
        for i in 0..k {
            for j in 0..k {
                total[i][j] += g[i][j];
            }
        }
    }
    total
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).cloned().unwrap_or_else(|| "safe-breaker".to_owned());
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20261201);
    let kinds: Vec<String> =
        args.get(4).cloned().unwrap_or_else(|| "easy,medium,hard".to_owned()).split(',').map(str::to_owned).collect();
    let players: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(kinds.len());
    let k = kinds.len();
    let (all, length, seconds) =
        visit(&game, League { games, seed, kinds: kinds.clone(), players }).expect("a game with bots");
    let refs: Vec<&Comparisons> = all.iter().collect();
    let total = sum(&refs, k);
    let ratings = fit(&total);
    // Bootstrap over whole games.
    let mut rng = GameRng::from_seed(seed ^ 0xb007);
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut steps: Vec<Vec<f64>> = vec![Vec::new(); k.saturating_sub(1)];
    for _ in 0..400 {
        let resample: Vec<&Comparisons> = (0..all.len()).map(|_| &all[rng.index(all.len())]).collect();
        let r = fit(&sum(&resample, k));
        for i in 0..k {
            samples[i].push(r[i]);
        }
        for i in 1..k {
            steps[i - 1].push(r[i] - r[i - 1]);
        }
    }
    samples.iter_mut().chain(steps.iter_mut()).for_each(|s| s.sort_by(f64::total_cmp));
    println!(
        "{game}, {players} players, {games} games (seats rotated), seed {seed}, {length:.1} actions a game, {seconds:.0} s\n"
    );
    println!("| kind | comparisons won | Elo [95%] | step from the kind above [95%] |");
    println!("|---|---:|---|---|");
    for i in 0..k {
        let played: u32 = (0..k).map(|j| total[i][j] + total[j][i]).sum();
        let won: u32 = total[i].iter().sum();
        let step = if i == 0 {
            "—".to_owned()
        } else {
            let s = &steps[i - 1];
            format!("{:+.0} [{:+.0}, {:+.0}]", ratings[i] - ratings[i - 1], percentile(s, 0.025), percentile(s, 0.975))
        };
        println!(
            "| `{}` | {:.1}% | {:.0} [{:.0}, {:.0}] | {step} |",
            kinds[i],
            100.0 * f64::from(won) / f64::from(played.max(1)),
            ratings[i],
            percentile(&samples[i], 0.025),
            percentile(&samples[i], 0.975)
        );
    }
}
