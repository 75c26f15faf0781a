//! Hot paths do not allocate: `legal_actions` and `apply` in random playouts of every game,
//! every preset and every player count make no heap allocation once the caller's buffers have
//! grown, counted by the playout benches' [`CountingAllocator`].
//!
//! The allocator counts per thread, so what the test harness's own threads allocate meanwhile
//! is not counted. Each game is played twice from the same seed: the first run
//! grows the shared action and event buffers, the second (a fresh state) is counted, so what
//! is counted is the state's own growth and the rules' temporaries.

use safehouse_engine::bench::{CountingAllocator, allocations};
use safehouse_engine::{Game, GameOptions, GameRng, Setup, random_playout};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Every preset (and the default options) at every player count they allow, a few seeds each.
fn setups<G: Game>() -> Vec<(String, Setup<G>)> {
    let mut variants = vec![("default".to_owned(), G::Options::default())];
    variants.extend(G::Options::presets().into_iter().map(|p| (p.name.to_owned(), p.options)));
    let mut out = Vec::new();
    for (name, options) in variants {
        for players in G::INFO.min_players..=G::INFO.max_players {
            if options.validate(players).is_err() {
                continue;
            }
            for seed in 0..4u64 {
                let setup = Setup::new(players, seed * 7919 + players as u64).with_options(options.clone());
                out.push((format!("{} {name} {players}p seed {}", G::INFO.id, setup.seed), setup));
            }
        }
    }
    out
}

/// Plays every setup twice and returns the ones whose second playout allocated, with the count.
fn allocating<G: Game>() -> (usize, Vec<String>) {
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let mut found = Vec::new();
    let setups = setups::<G>();
    for (label, setup) in &setups {
        let mut warm = G::new(setup).expect("setup");
        random_playout(&mut warm, &mut GameRng::from_seed(setup.seed), &mut actions, &mut events, 100_000);
        let mut game = G::new(setup).expect("setup");
        let mut rng = GameRng::from_seed(setup.seed);
        let before = allocations();
        let played = random_playout(&mut game, &mut rng, &mut actions, &mut events, 100_000);
        let allocated = allocations() - before;
        if allocated > 0 {
            found.push(format!("{label}: {allocated} allocations in {played} actions"));
        }
    }
    (setups.len(), found)
}

#[test]
fn random_playouts_of_every_game_allocate_nothing_per_action() {
    macro_rules! every_game {
        ($($game:ty),*) => { [$(allocating::<$game>()),*] };
    }
    let runs = safehouse_games::for_each_game!(every_game);
    assert!(runs.iter().all(|(games, _)| *games > 0), "a game was not played");
    let found: Vec<&String> = runs.iter().flat_map(|(_, found)| found).collect();
    assert!(
        found.is_empty(),
        "hot paths allocated:\n{}",
        found.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}
