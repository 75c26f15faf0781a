//! How fast the exact code deduction is, on views taken from random games: in the middle of
//! play, and once play has ended (passes and shown colours constrain the hands). Prints the
//! median time per deduction and the heap allocations per deduction.
//! Run: `cargo bench -p safehouse-the-safe --bench deduction`.

use std::hint::black_box;
use std::time::Instant;

use safehouse_engine::bench::{CountingAllocator, allocations};
use safehouse_engine::{Game, GameRng, Setup, Viewer};
use safehouse_the_safe::deduction::Deduction;
use safehouse_the_safe::{Phase, TheSafe, View};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Views of the seat to move from random games: `(during play, once play has ended)`.
fn collect(players: usize, games: u64) -> (Vec<View>, Vec<View>) {
    let (mut play, mut ended) = (Vec::new(), Vec::new());
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for seed in 0..games {
        let mut game = TheSafe::new(&Setup::new(players, seed)).expect("setup");
        let mut rng = GameRng::from_seed(seed);
        while let Some(seat) = game.to_move() {
            let view = game.view(Viewer::Seat(seat));
            match game.phase() {
                Phase::Play { .. } => play.push(view),
                _ => ended.push(view),
            }
            game.legal_actions(&mut actions);
            events.clear();
            game.apply(&actions[rng.index(actions.len())], &mut events).expect("legal");
        }
    }
    (play, ended)
}

fn measure(label: &str, views: &[View]) {
    let samples = std::env::var("SAFEHOUSE_BENCH_SAMPLES").ok().and_then(|v| v.parse().ok()).unwrap_or(11);
    let mut per_call = Vec::with_capacity(samples);
    let mut certain = 0usize;
    let mut colours = 0usize;
    for d in views.iter().map(|v| Deduction::from_view(v).expect("consistent view")) {
        for colour in d.colours().iter() {
            colours += 1;
            certain += usize::from(d.certain(colour).is_some());
        }
    }
    let before = allocations();
    for _ in 0..samples {
        let start = Instant::now();
        for view in views {
            black_box(Deduction::from_view(black_box(view)).ok());
        }
        per_call.push(start.elapsed().as_nanos() as f64 / views.len() as f64);
    }
    let allocs = (allocations() - before) as f64 / (samples * views.len()) as f64;
    per_call.sort_by(f64::total_cmp);
    println!(
        "{label:<34} {:>8.0} ns/deduction (median of {samples}, {} views) {allocs:>5.2} allocs/deduction, \
         {:.0}% of colours certain",
        per_call[samples / 2],
        views.len(),
        100.0 * certain as f64 / colours.max(1) as f64
    );
}

fn main() {
    let games = std::env::var("SAFEHOUSE_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    for players in [2, 4, 6] {
        let (play, ended) = collect(players, games);
        measure(&format!("{players}p during play"), &play);
        measure(&format!("{players}p once play has ended"), &ended);
    }
}
