//! A seat-rotated Elo league of bot kinds for one game: are the difficulty levels a ladder?
//!
//! `cargo run --release -p safehouse-bots --example league -- <game> [games] [seed] [kinds] [players] [pairs]`
//! (defaults: 300 games, seed 20261201, `easy,medium,hard`, one seat per kind). With `pairs` it
//! is a round-robin of pairs instead: game `i` seats only the `i mod n`-th pair of kinds (of
//! the n pairs), at `players` seats (default 3: one kind twice), rotated as below, so that two
//! kinds are compared without a third one choosing whom to knock out first. Game `i` is dealt
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
//!
//! For the study of `hard` (docs/bots.md, issue 15) a kind may also be an IS-MCTS budget with
//! another playout policy than the game's own, `<ismcts kind>@<rollout>`
//! (`ismcts:4000:800ms@uniform`): `uniform` (uniformly random playouts) in any game, `majority`
//! in Explosiv (below). They exist only here, to measure whether a better rollout makes a
//! stronger search; the bots' kinds are unchanged.

use std::time::Instant;

use std::any::Any;

use safehouse_bots::{
    BotGame, BotSpec, BotVisitor, Budget, Ismcts, IsmctsConfig, Player, SearchPolicy, play_game, uniform_rollout, visit,
};
use safehouse_engine::{Game, GameOptions, GameRng, Setup};
use safehouse_explosiv::{Action as ExplosivAction, Explosiv};

/// Explosiv playouts that bid like a player, not at random: one action in four at random
/// (playouts must vary), otherwise the placement that takes (or keeps) the lead of the most
/// valuable row for the smallest card; with no such placement, the smallest card on the row
/// worth least. The last card's bonus and the 8th card's explosion are left out: it has to be
/// cheap, as every iteration plays about 80 of these.
fn majority_rollout(state: &Explosiv, legal: &[ExplosivAction], rng: &mut GameRng) -> usize {
    let Some(me) = state.to_move() else { return 0 };
    if rng.below(4) == 0 {
        return rng.index(legal.len());
    }
    let mut best = (f64::NEG_INFINITY, None);
    for (i, action) in legal.iter().enumerate() {
        let ExplosivAction::Place { card, row } = *action else { continue };
        let Some(r) = state.rows().get(usize::from(row)) else { continue };
        let mut totals = [0i32; 8];
        for placed in r.cards() {
            totals[placed.seat.index() % 8] += i32::from(placed.card);
        }
        let mine = totals[me.index() % 8] + i32::from(card);
        let others =
            totals.iter().enumerate().filter(|&(s, _)| s != me.index() % 8).map(|(_, &t)| t).max().unwrap_or(0);
        let value = f64::from(r.explosive().value());
        let score =
            if mine > others { value } else { -value.abs() / 4.0 } - 0.3 * f64::from(card) + rng.unit_f64() * 0.01;
        if score > best.0 {
            best = (score, Some(i));
        }
    }
    best.1.unwrap_or_else(|| rng.index(legal.len()))
}

/// The game's search policy with the playouts named by `rollout`, if this game has them.
fn study_policy<G: BotGame + 'static>(rollout: &str) -> Option<SearchPolicy<G>> {
    let policy: Box<dyn Any> = match rollout {
        "uniform" => Box::new(SearchPolicy::<G> { rollout: uniform_rollout::<G>, ..G::search_policy() }),
        "majority" if G::INFO.id == "explosiv" => {
            Box::new(SearchPolicy::<Explosiv> { rollout: majority_rollout, ..Explosiv::search_policy() })
        }
        _ => return None,
    };
    policy.downcast::<SearchPolicy<G>>().ok().map(|p| *p)
}

/// A player of `kind`: a bot kind, or `<ismcts kind>@<rollout>` (the study's playouts).
fn player<G: BotGame + 'static>(kind: &str, seed: u64) -> Player<G> {
    let Some((search, rollout)) = kind.split_once('@') else {
        return Player::<G>::of_kind(kind, seed).expect("bot kind");
    };
    let budget = match BotSpec::parse::<G>(search).expect("an IS-MCTS kind before '@'") {
        BotSpec::Ismcts(iterations) => Budget::Iterations(iterations.unwrap_or(G::DEFAULT_ITERATIONS)),
        BotSpec::IsmctsCapped { iterations, cap_ms } => {
            Budget::Time { limit: std::time::Duration::from_millis(u64::from(cap_ms)), max_iterations: iterations }
        }
        other => panic!("'@<rollout>' needs an IS-MCTS kind, not {other:?}"),
    };
    let policy = study_policy::<G>(rollout).unwrap_or_else(|| panic!("no rollout '{rollout}' for {}", G::INFO.id));
    Player::Blind(Box::new(Ismcts::<G>::new(IsmctsConfig { budget, ..IsmctsConfig::default() }, policy, seed)))
}

/// One game's comparisons: `wins[i][j]` half-points kind `i` scored against kind `j`.
type Comparisons = Vec<Vec<u32>>;

struct League {
    games: u64,
    seed: u64,
    kinds: Vec<String>,
    players: usize,
    /// Round-robin of pairs: each game seats only two of the kinds (see the module docs).
    pairs: bool,
}

/// The pairs of kinds a round-robin plays, in turn: (0, 1), (0, 2), ..., (1, 2), ...
fn pairs(kinds: usize) -> Vec<(usize, usize)> {
    (0..kinds).flat_map(|i| (i + 1..kinds).map(move |j| (i, j))).collect()
}

/// One game's result: the comparisons, and per kind whether it played and whether one of its
/// seats finished last (the first out, in Safe Breaker).
struct GameResult {
    wins: Comparisons,
    played: Vec<bool>,
    last: Vec<bool>,
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
    type Output = (Vec<GameResult>, f64, f64);

    fn visit<G: BotGame>(self) -> Self::Output {
        let k = self.kinds.len();
        let options = G::Options::default().for_bots_only();
        let mut all = Vec::with_capacity(self.games as usize);
        let mut actions = 0u64;
        let started = Instant::now();
        for game in 0..self.games {
            let seats: Vec<usize> = if self.pairs {
                let pairs = pairs(k);
                let (a, b) = pairs[(game % pairs.len() as u64) as usize];
                let local = game / pairs.len() as u64;
                // With an odd number of seats one kind sits twice: each of the two in turn.
                let twice = if (local / (2 * self.players as u64)).is_multiple_of(2) { [a, b] } else { [b, a] };
                order(2, self.players, local).iter().map(|&x| twice[x]).collect()
            } else {
                order(k, self.players, game)
            };
            let mut players: Vec<Player<G>> = seats
                .iter()
                .enumerate()
                .map(|(s, &kind)| {
                    let bot_seed = GameRng::derive_seed(self.seed ^ 0x1ea9, game * 16 + s as u64);
                    player::<G>(&self.kinds[kind], bot_seed)
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
            let worst = ranks.iter().copied().max().unwrap_or(0);
            let mut played = vec![false; k];
            let mut last = vec![false; k];
            for (s, &kind) in seats.iter().enumerate() {
                played[kind] = true;
                last[kind] |= ranks[s] == worst;
            }
            all.push(GameResult { wins, played, last });
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
    let pairs = args.get(6).is_some_and(|m| m == "pairs");
    let players: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(if pairs { 3 } else { kinds.len() });
    let k = kinds.len();
    let (results, length, seconds) =
        visit(&game, League { games, seed, kinds: kinds.clone(), players, pairs }).expect("a game with bots");
    let all: Vec<Comparisons> = results.iter().map(|r| r.wins.clone()).collect();
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
    let mode = if pairs { ", a round-robin of pairs" } else { "" };
    println!(
        "{game}, {players} players, {games} games (seats rotated{mode}), seed {seed}, {length:.1} actions a game, {seconds:.0} s\n"
    );
    println!("| kind | comparisons won | last (of its games) | Elo [95%] | step from the kind above [95%] |");
    println!("|---|---:|---:|---|---|");
    for i in 0..k {
        let played: u32 = (0..k).map(|j| total[i][j] + total[j][i]).sum();
        let won: u32 = total[i].iter().sum();
        let step = if i == 0 {
            "—".to_owned()
        } else {
            let s = &steps[i - 1];
            format!("{:+.0} [{:+.0}, {:+.0}]", ratings[i] - ratings[i - 1], percentile(s, 0.025), percentile(s, 0.975))
        };
        let games_of = results.iter().filter(|r| r.played[i]).count();
        let last = results.iter().filter(|r| r.played[i] && r.last[i]).count();
        println!(
            "| `{}` | {:.1}% | {:.1}% | {:.0} [{:.0}, {:.0}] | {step} |",
            kinds[i],
            100.0 * f64::from(won) / f64::from(played.max(1)),
            100.0 * last as f64 / games_of.max(1) as f64,
            ratings[i],
            percentile(&samples[i], 0.025),
            percentile(&samples[i], 0.975)
        );
    }
}
