//! IS-MCTS speed: iterations per second on one core, for every game with bots.
//! Run: `cargo bench -p safehouse-bots --bench ismcts` (`SAFEHOUSE_BENCH_DECISIONS` sets the
//! number of timed decisions per game, default 200).
//!
//! Each game is played by one ISMCTS seat (the game's own playout policy, 2,000 iterations per
//! decision) against rule-based bots; only the search bot's decisions with more than one legal
//! action are timed, from the start of the game on (so early, long playouts count too).

use std::time::Instant;

use safehouse_bots::{Bot, BotGame, BotVisitor, Budget, Ismcts, IsmctsConfig};
use safehouse_engine::bench::{CountingAllocator, allocations};
use safehouse_engine::{Seat, Setup, Viewer};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

struct Measure {
    players: usize,
    preset: Option<&'static str>,
    decisions: usize,
}

impl BotVisitor for Measure {
    type Output = ();

    fn visit<G: BotGame>(self) -> Self::Output {
        let options = self.preset.map(|p| G::preset(p).expect("preset")).unwrap_or_default();
        let config = IsmctsConfig { budget: Budget::Iterations(2_000), ..IsmctsConfig::default() };
        let mut search = Ismcts::<G>::new(config, G::search_policy(), 1);
        let mut iterations = 0u64;
        let mut nanos = 0u128;
        let mut allocs = 0u64;
        let mut timed = 0usize;
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut game_index = 0u64;
        while timed < self.decisions {
            let setup = Setup::<G>::new(self.players, game_index).with_options(options.clone());
            game_index += 1;
            let mut state = G::new(&setup).expect("setup");
            let mut others: Vec<Box<dyn Bot<G>>> = (0..self.players).map(|s| G::heuristic(s as u64)).collect();
            while let Some(seat) = state.to_move() {
                state.legal_actions(&mut legal);
                let view = state.view(Viewer::Seat(seat));
                let action = if seat == Seat(0) && legal.len() > 1 && timed < self.decisions {
                    let before = allocations();
                    let start = Instant::now();
                    let action = search.choose(&view, &legal);
                    nanos += start.elapsed().as_nanos();
                    allocs += allocations() - before;
                    iterations += u64::from(search.stats().iterations);
                    timed += 1;
                    action
                } else {
                    others[seat.index()].choose(&view, &legal)
                };
                events.clear();
                state.apply(&action, &mut events).expect("legal");
            }
        }
        let per_second = iterations as f64 / (nanos as f64 / 1e9);
        println!(
            "{:<28} {:>9.0} iterations/s  {:>7.2} ms/decision (2000 it)  {:>6.1} allocs/iteration  ({} decisions)",
            format!("{} {}p{}", G::INFO.id, self.players, self.preset.map(|p| format!(" {p}")).unwrap_or_default()),
            per_second,
            nanos as f64 / 1e6 / timed as f64,
            allocs as f64 / iterations as f64,
            timed
        );
    }
}

fn main() {
    let decisions = std::env::var("SAFEHOUSE_BENCH_DECISIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let runs: &[(&str, usize, Option<&'static str>)] = &[
        ("club-unlock", 4, Some("cash")),
        ("club-unlock", 4, None),
        ("safe-breaker", 4, None),
        ("explosiv", 4, None),
        ("explosiv", 3, None),
        ("the-safe", 4, None),
    ];
    for &(game, players, preset) in runs {
        safehouse_bots::visit(game, Measure { players, preset, decisions }).expect("game with bots");
    }
}
