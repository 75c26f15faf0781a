//! The IS-MCTS search's iterations allocate nothing in steady state beyond what the game's own
//! sampling ([`safehouse_engine::Game::determinize_into`]) allocates: the tree, the buffers and
//! the sampled state are reused. Counted with the playout benches' [`CountingAllocator`].
//!
//! The allocator counts for the whole process, so this binary holds one test (no other test
//! thread allocates meanwhile). One search seat plays against rule-based bots; its first
//! decisions grow the searcher's buffers and scratch state, the next ones are counted, and for
//! each counted decision as many `determinize_into` calls on the same view are counted apart.
//! The search may allocate no more than those samples did; in a game whose `determinize_into`
//! allocates nothing (every game today) that means nothing at all. The test also runs the same
//! search with a rollout that allocates once per call and requires the count to see it, so a
//! search that started allocating again would be caught.

use safehouse_bots::{Bot, BotGame, Budget, Ismcts, IsmctsConfig, SearchPolicy};
use safehouse_engine::bench::{CountingAllocator, allocations};
use safehouse_engine::{GameRng, Seat, Setup, Viewer};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Decisions of the search seat that only warm up its buffers.
const WARM_UP: usize = 3;
/// Decisions counted after the warm-up.
const COUNTED: usize = 12;
/// Iterations per decision.
const ITERATIONS: u32 = 300;

/// What the counted decisions did.
struct Counted {
    /// Allocations inside `Bot::choose` of the search seat.
    search: u64,
    /// Allocations of one `determinize_into` per iteration on the same views.
    sampling: u64,
    /// Iterations run.
    iterations: u64,
}

/// Counts the search seat's decisions after the warm-up (4 players, seat 0 searches).
fn count<G: BotGame>(policy: SearchPolicy<G>) -> Counted {
    let config = IsmctsConfig { budget: Budget::Iterations(ITERATIONS), ..IsmctsConfig::default() };
    let mut search = Ismcts::<G>::new(config, policy, 7);
    let (mut allocated, mut sampling, mut iterations, mut decisions) = (0u64, 0u64, 0u64, 0usize);
    let mut rng = GameRng::from_seed(11);
    let mut scratch: Option<G> = None;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut game = 0u64;
    while decisions < WARM_UP + COUNTED {
        let mut state = G::new(&Setup::<G>::new(4, 1000 + game)).expect("setup");
        game += 1;
        let mut others: Vec<Box<dyn Bot<G>>> = (0..4).map(|s| G::heuristic(s as u64)).collect();
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let action = if seat == Seat(0) && legal.len() > 1 && decisions < WARM_UP + COUNTED {
                let before = allocations();
                let action = search.choose(&view, &legal);
                if decisions >= WARM_UP {
                    allocated += allocations() - before;
                    let stats = search.stats();
                    iterations += u64::from(stats.iterations);
                    // The same number of samples of this view, into a warm scratch state.
                    let into = scratch.get_or_insert_with(|| G::determinize(&view, &mut rng).expect("determinize"));
                    G::determinize_into(&view, &mut rng, into).expect("determinize_into");
                    let before = allocations();
                    for _ in 0..stats.iterations {
                        G::determinize_into(&view, &mut rng, into).expect("determinize_into");
                    }
                    sampling += allocations() - before;
                }
                decisions += 1;
                action
            } else {
                others[seat.index()].choose(&view, &legal)
            };
            events.clear();
            state.apply(&action, &mut events).expect("legal");
        }
    }
    Counted { search: allocated, sampling, iterations }
}

/// A rollout that allocates on every call (boxed and dropped), standing in for a search that
/// allocates per step.
fn allocating_rollout<G: BotGame>(state: &G, legal: &[G::Action], rng: &mut GameRng) -> usize {
    let planted = std::hint::black_box(Box::new(legal.len()));
    (G::search_policy().rollout)(state, legal, rng).min(*planted - 1)
}

/// Checks one game; returns its allocations per iteration in the search and in sampling alone.
fn check<G: BotGame>(found: &mut Vec<String>) -> (f64, f64) {
    let c = count::<G>(G::search_policy());
    let line = format!(
        "{}: the search allocated {} times in {} iterations, its samples alone {} times",
        G::INFO.id,
        c.search,
        c.iterations,
        c.sampling
    );
    println!("{line}");
    if c.search > c.sampling {
        found.push(line);
    }
    let planted = count::<G>(SearchPolicy { rollout: allocating_rollout::<G>, ..G::search_policy() });
    assert!(
        planted.search >= planted.sampling + planted.iterations,
        "{}: a rollout allocating at every step went unseen ({} allocations in {} iterations, samples {})",
        G::INFO.id,
        planted.search,
        planted.iterations,
        planted.sampling
    );
    let per = |n: u64| n as f64 / c.iterations.max(1) as f64;
    (per(c.search), per(c.sampling))
}

#[test]
fn ismcts_iterations_allocate_nothing_once_warm() {
    let mut found = Vec::new();
    macro_rules! every_game {
        ($($game:ty),*) => { [$((<$game as safehouse_engine::Game>::INFO.name, check::<$game>(&mut found).0)),*] };
    }
    // Every game's sampling reuses the scratch state's buffers and keeps its tables on the
    // stack (Club Unlock's starting-key sums, Safe Breaker's deduction counts), so the samples
    // allocate nothing: neither may the searches.
    for (name, search) in safehouse_games::for_each_game!(every_game) {
        assert_eq!(search, 0.0, "{name}'s IS-MCTS iterations allocated");
    }
    assert!(found.is_empty(), "IS-MCTS iterations allocated:\n{}", found.join("\n"));
}
