//! Measuring random playouts: nanoseconds per action, games per second, allocations per action.
//!
//! Every game's `benches/playout.rs` is a few lines calling [`report_random_playouts`] with a
//! [`CountingAllocator`] installed as the global allocator, so that the figures in the issues
//! (≤ 100 ns per action, no heap allocation per action) are measured the same way everywhere.
//! The machine is shared and noisy, so timings are medians over several samples.

#![allow(unsafe_code)] // A global allocator can only be written with `unsafe impl GlobalAlloc`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Instant;

use crate::{Game, GameRng, Setup, random_playout};

thread_local! {
    // Per thread, because a count for the whole process also counts what the test harness's
    // own threads allocate meanwhile: the allocation test failed once in CI (4 allocations
    // in a Club Unlock playout that allocates none) while the machine was loaded. A const
    // thread-local without a destructor is a plain TLS slot: reading it never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_allocation() {
    // `try_with` because the allocator can still be called while a thread's TLS is torn down.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

/// The system allocator, counting every allocation and reallocation of each thread.
///
/// Install it in a bench binary with `#[global_allocator] static A: CountingAllocator = CountingAllocator;`.
#[derive(Debug)]
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is only a
// thread-local increment and never touches the memory handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_allocation();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations the calling thread made so far, counted by [`CountingAllocator`] (zero if it
/// is not installed). Other threads' allocations are not in it.
pub fn allocations() -> u64 {
    ALLOCATIONS.try_with(Cell::get).unwrap_or(0)
}

/// The calling thread's CPU time so far in nanoseconds (Linux `/proc/thread-self/schedstat`,
/// whose first field is the time it has spent running), or `None` where that file is not
/// there. On a shared machine a bot's decision measured so is what it takes on a core of its
/// own; wall time says more about the neighbours. The kernel updates it at the scheduler tick.
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// The `q`-quantile (nearest rank) of `sorted` (ascending; NaN when empty): `quantile(v, 0.99)`
/// is the p99 the bots' decision-time tables report.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// What [`measure_random_playouts`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutReport {
    /// Label of the measured configuration.
    pub label: String,
    /// Games per sample.
    pub games_per_sample: usize,
    /// Samples taken.
    pub samples: usize,
    /// Mean actions per game.
    pub actions_per_game: f64,
    /// Median over samples of nanoseconds per action in the playout loop (setup excluded).
    pub ns_per_action: f64,
    /// Median over samples of whole games per second on one core (setup included).
    pub games_per_second: f64,
    /// Heap allocations per action inside the playout loop (setup excluded).
    pub allocations_per_action: f64,
}

impl std::fmt::Display for PlayoutReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:<28} {:>8.1} ns/action (median of {}) {:>10.0} games/s {:>6.1} actions/game {:>6.3} allocs/action",
            self.label,
            self.ns_per_action,
            self.samples,
            self.games_per_second,
            self.actions_per_game,
            self.allocations_per_action
        )
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Plays `samples` × `games_per_sample` uniformly random games on this thread and measures them.
/// `setup_for(i)` gives the setup of game `i`.
pub fn measure_random_playouts<G: Game>(
    label: &str,
    setup_for: impl Fn(u64) -> Setup<G>,
    games_per_sample: usize,
    samples: usize,
) -> PlayoutReport {
    let mut ns_per_action = Vec::with_capacity(samples);
    let mut games_per_second = Vec::with_capacity(samples);
    let mut total_actions = 0u64;
    let mut total_allocations = 0u64;
    let mut actions = Vec::with_capacity(256);
    let mut events = Vec::with_capacity(64);
    // Untimed warm-up games grow the shared buffers to their working size, so that the
    // allocation count below is the playout loop's own.
    for i in 0..20u64 {
        let mut game = G::new(&setup_for(u64::MAX - i)).unwrap_or_else(|e| panic!("bench setup failed: {e}"));
        random_playout(&mut game, &mut GameRng::from_seed(i), &mut actions, &mut events, usize::MAX);
    }
    for sample in 0..samples {
        let first = (sample * games_per_sample) as u64;
        let start_with_setup = Instant::now();
        let mut games: Vec<G> = (0..games_per_sample as u64)
            .map(|i| G::new(&setup_for(first + i)).unwrap_or_else(|e| panic!("bench setup failed: {e}")))
            .collect();
        let mut rngs: Vec<GameRng> =
            (0..games_per_sample as u64).map(|i| GameRng::for_game(0xbe4c, first + i)).collect();
        let setup_time = start_with_setup.elapsed();
        let allocations_before = allocations();
        let start = Instant::now();
        let mut played = 0u64;
        for (game, rng) in games.iter_mut().zip(rngs.iter_mut()) {
            played += random_playout(game, rng, &mut actions, &mut events, usize::MAX) as u64;
        }
        let loop_time = start.elapsed();
        total_allocations += allocations() - allocations_before;
        total_actions += played;
        ns_per_action.push(loop_time.as_nanos() as f64 / played.max(1) as f64);
        games_per_second.push(games_per_sample as f64 / (setup_time + loop_time).as_secs_f64());
        std::hint::black_box(&games);
    }
    PlayoutReport {
        label: label.to_owned(),
        games_per_sample,
        samples,
        actions_per_game: total_actions as f64 / (samples * games_per_sample) as f64,
        ns_per_action: median(&mut ns_per_action),
        games_per_second: median(&mut games_per_second),
        allocations_per_action: total_allocations as f64 / total_actions.max(1) as f64,
    }
}

/// The setup of game number `i` of a measured configuration.
pub type SetupFor<G> = Box<dyn Fn(u64) -> Setup<G>>;

/// Measures and prints one line per configuration; the body of every game's playout bench.
///
/// `SAFEHOUSE_BENCH_GAMES` and `SAFEHOUSE_BENCH_SAMPLES` override the sizes (e.g. for a quick run).
pub fn report_random_playouts<G: Game>(configs: &[(&str, SetupFor<G>)]) {
    let games = std::env::var("SAFEHOUSE_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let samples = std::env::var("SAFEHOUSE_BENCH_SAMPLES").ok().and_then(|v| v.parse().ok()).unwrap_or(11);
    for (label, setup_for) in configs {
        println!("{}", measure_random_playouts(label, setup_for, games, samples));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&values, 0.5), 50.0);
        assert_eq!(quantile(&values, 0.99), 99.0);
        assert_eq!(quantile(&values, 1.0), 100.0);
        assert_eq!(quantile(&values[..1], 0.99), 1.0);
        assert!(quantile(&[], 0.5).is_nan());
    }
}
