//! How long the exact deduction takes from one seat's view of a six-player game, after 0 to 60
//! questions (and a few other positions). Prints the median and the worst time per call.
//! Run: `cargo bench -p safehouse-safe-breaker --bench deduction`
//! (`SAFEHOUSE_BENCH_SAMPLES` sets the positions per line, default 40).

use std::hint::black_box;
use std::time::Instant;

use safehouse_engine::{Game, GameRng, Seat, Setup, Viewer};
use safehouse_safe_breaker::{Action, Deduction, SafeBreaker, View};

/// A six-player game after `questions` random questions (no guesses), seen by the seat to move.
fn position(players: usize, questions: usize, seed: u64, spectator: bool) -> View {
    let mut game = SafeBreaker::new(&Setup::new(players, seed)).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0xd0d0);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for _ in 0..questions {
        game.legal_actions(&mut legal);
        legal.retain(|a| matches!(a, Action::Ask { .. }));
        let action = legal[rng.index(legal.len())];
        events.clear();
        game.apply(&action, &mut events).expect("a question is always legal");
    }
    let viewer = if spectator { Viewer::Spectator } else { Viewer::Seat(game.to_move().unwrap_or(Seat(0))) };
    game.view(viewer)
}

fn time_per_call(mut f: impl FnMut() -> u64) -> (f64, u64) {
    // Repeat until at least ~2 ms have passed, to get above the timer's resolution.
    let mut reps = 0u64;
    let mut result = 0;
    let start = Instant::now();
    while reps < 3 || start.elapsed().as_micros() < 2_000 {
        result = black_box(f());
        reps += 1;
    }
    (start.elapsed().as_nanos() as f64 / reps as f64, result)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn report(label: &str, views: &[View], run: impl Fn(&View) -> u64) {
    let mut times = Vec::new();
    let mut worlds = Vec::new();
    for view in views {
        let (ns, w) = time_per_call(|| run(view));
        times.push(ns);
        worlds.push(w as f64);
    }
    let worst = times.iter().copied().fold(0.0, f64::max);
    println!(
        "{label:<44} median {:>9.1} us   worst {:>9.1} us   median worlds {:>8.0}",
        median(&mut times) / 1_000.0,
        worst / 1_000.0,
        median(&mut worlds)
    );
}

fn main() {
    let samples = std::env::var("SAFEHOUSE_BENCH_SAMPLES").ok().and_then(|v| v.parse().ok()).unwrap_or(40u64);
    let deduce = |v: &View| Deduction::from_view(v).map(|d| d.worlds()).unwrap_or(0);
    for questions in [0, 5, 10, 20, 40, 60] {
        let views: Vec<View> = (0..samples).map(|s| position(6, questions, s, false)).collect();
        report(&format!("6p seat view, {questions} questions: from_view"), &views, deduce);
    }
    let views: Vec<View> = (0..samples).map(|s| position(6, 10, s, false)).collect();
    report("6p seat view, 10 questions: determinize", &views, |v| {
        let mut rng = GameRng::from_seed(1);
        SafeBreaker::determinize(v, &mut rng).map(|g| g.log().len() as u64).unwrap_or(0)
    });
    let views: Vec<View> = (0..samples).map(|s| position(4, 10, s, false)).collect();
    report("4p seat view, 10 questions: from_view", &views, deduce);
    let views: Vec<View> = (0..samples.min(10)).map(|s| position(6, 0, s, true)).collect();
    report("6p spectator, 0 questions: from_view", &views, deduce);
    let views: Vec<View> = (0..samples).map(|s| position(6, 10, s, true)).collect();
    report("6p spectator, 10 questions: from_view", &views, deduce);
}
