//! The simulator's cost per decision beside the in-process random playout, side by side in one
//! run, for every game: random bots, one thread.
//!
//! For each configuration it alternates samples of (1) the engine's playout bench
//! (`safehouse_engine::bench::measure_random_playouts`, setup excluded: what every game's
//! `benches/playout.rs` reports, in its batches of 2,000 games), (2) the simulator in this
//! process (`Tournament::run_shard`, one thread: seating and seeding the bots, reset from game to
//! game, the shared game loop, the results and the streaming tally) and, when `SAFEHOUSE_BIN` names the `safehouse` binary, (3) the whole
//! process `safehouse simulate <game> --bots random --threads 1 -q`, and prints the medians and
//! their ratios. Both sides play the simulator's options (`for_bots_only`, as resolved by a run).
//! Beside the playout it times whole games (`+setup`: each game dealt by `Game::new`, played and
//! dropped), and gives the whole process's ratio to both: for a game of a few decisions the deal
//! is much of the work, and a simulator must deal every game.
//!
//! Times are **CPU time** (user + system, `getrusage`: this process, or the child process for
//! (3)), not wall-clock time, so that other work on a shared machine, which preempts the bench,
//! does not count; it still slows both sides alike through the caches.
//!
//! Run: `SAFEHOUSE_BIN=target/release/safehouse cargo bench -p safehouse-sim --bench simulate`
//! (`SAFEHOUSE_BENCH_SAMPLES`, default 5; `SAFEHOUSE_BENCH_SECONDS`, the CPU time of one sample,
//! default 0.5; `SAFEHOUSE_BENCH_GAMES`, a comma-separated list of the games to run, default all).

#![allow(unsafe_code)] // `getrusage` from the C library: std has no CPU-time clock.

use std::process::Command;

use safehouse_bots::{BotGame, BotVisitor};
use safehouse_engine::{GameRng, Setup, random_playout};
use safehouse_sim::{RunOptions, Shard, Tournament};

/// `struct rusage` of Linux on 64-bit targets: two `timeval`s, then 14 `long`s.
#[repr(C)]
#[derive(Default)]
struct Rusage {
    utime: [i64; 2],
    stime: [i64; 2],
    rest: [i64; 14],
}

unsafe extern "C" {
    fn getrusage(who: i32, usage: *mut Rusage) -> i32;
}

const RUSAGE_SELF: i32 = 0;
const RUSAGE_CHILDREN: i32 = -1;

/// CPU seconds (user + system) used so far by this process (`RUSAGE_SELF`, every thread) or by
/// its waited-for children (`RUSAGE_CHILDREN`).
fn cpu_seconds(who: i32) -> f64 {
    let mut usage = Rusage::default();
    // SAFETY: `usage` is a live, writable `struct rusage` of the platform's layout (64-bit Linux),
    // which `getrusage` only writes into.
    let rc = unsafe { getrusage(who, &mut usage) };
    assert_eq!(rc, 0, "getrusage failed");
    let secs = |tv: [i64; 2]| tv[0] as f64 + tv[1] as f64 * 1e-6;
    secs(usage.utime) + secs(usage.stime)
}

/// Games set up at once for the playout: `report_random_playouts`' default sample.
const PLAYOUT_BATCH: usize = 2_000;

/// One configuration: the game or alias as the CLI takes it, and the table.
const CONFIGS: [(&str, usize); 5] =
    [("club-unlock", 4), ("cash", 4), ("safe-breaker", 4), ("explosiv", 4), ("the-safe", 4)];

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

fn tournament(game: &str, players: usize, games: u64) -> Tournament {
    Tournament {
        game: game.to_owned(),
        players: Some(players),
        bots: vec!["random".to_owned()],
        games,
        seed: 1,
        ..Tournament::default()
    }
}

/// Plays `games` games in the simulator on one thread: (CPU seconds, decisions).
fn simulate(game: &str, players: usize, games: u64) -> (f64, f64) {
    let run = RunOptions { threads: Some(1), ..RunOptions::default() };
    let start = cpu_seconds(RUSAGE_SELF);
    let result = tournament(game, players, games).run_shard(&run, Shard { index: 0, count: 1 }).expect("simulates");
    (cpu_seconds(RUSAGE_SELF) - start, result.tally.length.sum())
}

/// Runs the whole `safehouse simulate` process for `games` games on one thread: its CPU seconds.
fn whole_process(bin: &str, game: &str, players: usize, games: u64) -> f64 {
    let start = cpu_seconds(RUSAGE_CHILDREN);
    let status = Command::new(bin)
        .args(["simulate", game, "--players", &players.to_string(), "--games", &games.to_string()])
        .args(["--seed", "1", "--bots", "random", "--threads", "1", "-q"])
        .stdout(std::process::Stdio::null())
        .status()
        .expect("the safehouse binary runs");
    assert!(status.success(), "{bin} simulate {game} failed");
    cpu_seconds(RUSAGE_CHILDREN) - start
}

/// Playout samples of one game type, with the simulator's options for it.
struct Playout<'a> {
    options: &'a serde_json::Value,
    players: usize,
    games: usize,
    first: u64,
}

impl BotVisitor for Playout<'_> {
    /// ns per decision: the playout alone (setup excluded), and whole games (each dealt with
    /// `Game::new`, played and dropped: the least a simulator must do for a game).
    type Output = (f64, f64);

    fn visit<G: BotGame>(self) -> (f64, f64) {
        // The loop of `safehouse_engine::bench::measure_random_playouts`, timed by CPU time:
        // games set up first (setup excluded), then played with buffers grown beforehand; in
        // batches of `PLAYOUT_BATCH` games, as every game's `benches/playout.rs` plays them, so
        // that the games in play fit the caches as a simulator's one game does. (One batch of
        // every game of the sample held hundreds of megabytes for a short game, and its playout
        // read 60% slower from memory than the playout bench, which flattered the ratios.)
        let options: G::Options = serde_json::from_value(self.options.clone()).expect("the simulator's options");
        let setup = |i: u64| Setup::<G> {
            players: self.players,
            options: options.clone(),
            seed: GameRng::derive_seed(self.first, i),
            deal: None,
        };
        let (mut actions, mut events) = (Vec::with_capacity(256), Vec::with_capacity(64));
        for i in 0..20 {
            let mut game = G::new(&setup(u64::MAX - i)).expect("sets up");
            random_playout(&mut game, &mut GameRng::from_seed(i), &mut actions, &mut events, usize::MAX);
        }
        let (mut seconds, mut played) = (0.0, 0u64);
        let mut batch: Vec<G> = Vec::with_capacity(PLAYOUT_BATCH);
        let mut rngs: Vec<GameRng> = Vec::with_capacity(PLAYOUT_BATCH);
        for first in (0..self.games as u64).step_by(PLAYOUT_BATCH) {
            let last = (first + PLAYOUT_BATCH as u64).min(self.games as u64);
            batch.clear();
            batch.extend((first..last).map(|i| G::new(&setup(i)).expect("sets up")));
            rngs.clear();
            rngs.extend((first..last).map(|i| GameRng::for_game(0xbe4c, i)));
            let start = cpu_seconds(RUSAGE_SELF);
            for (game, rng) in batch.iter_mut().zip(rngs.iter_mut()) {
                played += random_playout(game, rng, &mut actions, &mut events, usize::MAX) as u64;
            }
            seconds += cpu_seconds(RUSAGE_SELF) - start;
            std::hint::black_box(&batch);
        }
        drop(batch);
        // Whole games: the same seeds, setups and choosers ready beforehand (batch by batch, as
        // above), each game dealt, played and dropped inside the timing.
        let (mut whole, mut dealt_and_played) = (0.0, 0u64);
        let mut setups: Vec<Setup<G>> = Vec::with_capacity(PLAYOUT_BATCH);
        for first in (0..self.games as u64).step_by(PLAYOUT_BATCH) {
            let last = (first + PLAYOUT_BATCH as u64).min(self.games as u64);
            setups.clear();
            setups.extend((first..last).map(&setup));
            rngs.clear();
            rngs.extend((first..last).map(|i| GameRng::for_game(0xbe4c, i)));
            let start = cpu_seconds(RUSAGE_SELF);
            for (setup, rng) in setups.iter().zip(rngs.iter_mut()) {
                let mut game = G::new(setup).expect("sets up");
                dealt_and_played += random_playout(&mut game, rng, &mut actions, &mut events, usize::MAX) as u64;
                std::hint::black_box(&game);
            }
            whole += cpu_seconds(RUSAGE_SELF) - start;
        }
        assert_eq!(dealt_and_played, played, "the same games");
        (seconds * 1e9 / played.max(1) as f64, whole * 1e9 / played.max(1) as f64)
    }
}

fn main() {
    let samples: usize = env_or("SAFEHOUSE_BENCH_SAMPLES", 5);
    let seconds: f64 = env_or("SAFEHOUSE_BENCH_SECONDS", 0.5);
    let bin = std::env::var("SAFEHOUSE_BIN").ok();
    println!(
        "{:<14} {:>8} {:>9} {:>9} {:>9} {:>10} {:>7} {:>9} {:>7} {:>7}   (medians of {samples}; ns per decision)",
        "game", "games", "dec/game", "playout", "+setup", "simulator", "ratio", "process", "ratio", "+setup"
    );
    let only = std::env::var("SAFEHOUSE_BENCH_GAMES").ok();
    let chosen = |game: &str| only.as_deref().is_none_or(|list| list.split(',').any(|g| g.trim() == game));
    for (game, players) in CONFIGS.into_iter().filter(|(game, _)| chosen(game)) {
        // Size a sample from a short run; the same run gives the options the simulator plays.
        let probe = tournament(game, players, 200)
            .run_shard(&RunOptions { threads: Some(1), ..RunOptions::default() }, Shard { index: 0, count: 1 })
            .expect("simulates");
        let (cpu, _) = simulate(game, players, 200);
        let per_game = cpu / 200.0;
        let games = ((seconds / per_game.max(1e-9)) as u64).clamp(200, 1_000_000);
        let (mut playout, mut whole, mut sim, mut process) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut decisions = 0.0;
        for sample in 0..samples {
            let visitor =
                Playout { options: &probe.options, players, games: games as usize, first: 0x5eed ^ sample as u64 };
            let (alone, with_setup) = safehouse_bots::visit(&probe.game_id, visitor).expect("a game with bots");
            playout.push(alone);
            whole.push(with_setup);
            let (secs, played) = simulate(game, players, games);
            decisions = played;
            sim.push(secs * 1e9 / played);
            if let Some(bin) = &bin {
                process.push(whole_process(bin, game, players, games) * 1e9 / played);
            }
        }
        let (p, d, s) = (median(&mut playout), median(&mut whole), median(&mut sim));
        let (w, wr, wd) = if process.is_empty() {
            ("-".to_owned(), "-".to_owned(), "-".to_owned())
        } else {
            let w = median(&mut process);
            (format!("{w:.1}"), format!("{:.2}x", w / p), format!("{:.2}x", w / d))
        };
        println!(
            "{:<14} {:>8} {:>9.1} {:>9.1} {:>9.1} {:>10.1} {:>6.2}x {:>9} {:>7} {:>7}",
            format!("{game} {players}p"),
            games,
            decisions / games as f64,
            p,
            d,
            s,
            s / p,
            w,
            wr,
            wd
        );
    }
}
