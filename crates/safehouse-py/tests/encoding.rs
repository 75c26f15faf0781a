//! The encodings of every game over random games: fixed lengths, values in range, distinct
//! in-range indices for the legal actions, and tensors that depend on the seat's view alone
//! (a state redrawn from the view, with other seats' hidden cards dealt anew, gives the seat
//! the same tensor).

use std::collections::HashMap;

use safehouse_engine::{DynSetup, GameRng, Seat, Setup, Viewer};
use safehouse_py::RlGame;
use safehouse_py::encoding::{fields, observation};
use safehouse_py::vector::{TypedVecEnv, VecEnv};

fn check_game<G: RlGame>(players: usize, games: u64) {
    // For a given mover, every index stands for one action only, across all games and states
    // seen (indices of seats are relative to the mover, so the same index names different
    // absolute seats for different movers).
    let mut meaning: HashMap<(Seat, usize), G::Action> = HashMap::new();
    for game_index in 0..games {
        let setup = Setup::<G>::new(players, GameRng::derive_seed(7, game_index));
        let mut game = G::new(&setup).expect("setup");
        let first = game.view(Viewer::Seat(Seat(0)));
        let space = G::action_space(&first);
        let len = observation::<G>(&first).len();
        let described: usize = fields::<G>(&first).iter().map(|f| f.len).sum();
        assert_eq!(described, len, "{}: the fields cover the tensor", G::INFO.id);
        let mut rng = GameRng::from_seed(game_index);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut steps = 0;
        while let Some(mover) = game.to_move() {
            for seat in Seat::all(players) {
                let view = game.view(Viewer::Seat(seat));
                let obs = observation::<G>(&view);
                assert_eq!(obs.len(), len, "{}: the tensor keeps its length", G::INFO.id);
                assert!(obs.iter().all(|x| (-1.0..=1.0).contains(x)), "{}: values in [-1, 1]: {obs:?}", G::INFO.id);
                assert_eq!(G::action_space(&view), space);
                if steps % 7 == 0 {
                    let mut draw = GameRng::from_seed(steps as u64 ^ 0x5eed);
                    let redrawn = G::determinize(&view, &mut draw).expect("determinize");
                    assert_eq!(
                        observation::<G>(&redrawn.view(Viewer::Seat(seat))),
                        obs,
                        "{}: another deal of the hidden cards changed seat {}'s tensor",
                        G::INFO.id,
                        seat.0
                    );
                }
            }
            game.legal_actions(&mut legal);
            let view = game.view(Viewer::Seat(mover));
            let mut indices: Vec<usize> = legal.iter().map(|a| G::action_index(&view, a)).collect();
            assert!(indices.iter().all(|&i| i < space), "{}: index out of the action space", G::INFO.id);
            for (action, &index) in legal.iter().zip(&indices) {
                let first = meaning.entry((mover, index)).or_insert_with(|| action.clone());
                assert_eq!(first, action, "{}: index {index} stands for two actions", G::INFO.id);
            }
            indices.sort_unstable();
            indices.dedup();
            assert_eq!(indices.len(), legal.len(), "{}: two legal actions share an index", G::INFO.id);
            let action = legal[rng.index(legal.len())].clone();
            events.clear();
            game.apply(&action, &mut events).expect("legal action");
            steps += 1;
            assert!(steps < 20_000, "a game that never ends");
        }
    }
}

/// Every game of the registry has an encoding: the run-time entry points (the Python `Match`,
/// the vector) reach it by id and by alias, and its encoding passes the checks above at the
/// default table. (The per-game tests below add more tables.)
#[test]
fn every_game_of_the_registry_has_an_encoding() {
    for game in safehouse_games::all() {
        let info = game.info();
        for name in std::iter::once(info.id).chain(info.aliases.iter().map(|a| a.id)) {
            let m = safehouse_py::new_match(name, &DynSetup::default())
                .unwrap_or_else(|e| panic!("the Python bindings do not reach {name}: {e}"));
            assert_eq!(m.dyn_match().info().id, info.id);
            assert!(m.action_space() > 0 && m.observation_len() > 0, "{name}: an empty encoding");
            let vector = safehouse_py::vec_env(name, &DynSetup::default(), 2)
                .unwrap_or_else(|e| panic!("the vector does not reach {name}: {e}"));
            assert_eq!(vector.len(), 2);
        }
    }
    let unknown = safehouse_py::new_match("chess", &DynSetup::default()).map(|_| ());
    assert_eq!(unknown.map_err(|e| e.code()), Err("unknown_game"));
    macro_rules! every_game {
        ($($game:ty),*) => { $(check_game::<$game>(<$game as safehouse_engine::Game>::INFO.default_players, 1);)* };
    }
    safehouse_games::for_each_game!(every_game);
}

#[test]
fn club_unlock_encodes_every_view() {
    for players in [3, 4, 6] {
        check_game::<safehouse_club_unlock::ClubUnlock>(players, 3);
    }
}

#[test]
fn safe_breaker_encodes_every_view() {
    for players in [3, 4, 6] {
        check_game::<safehouse_safe_breaker::SafeBreaker>(players, 3);
    }
}

#[test]
fn explosiv_encodes_every_view() {
    for players in [2, 3, 4] {
        check_game::<safehouse_explosiv::Explosiv>(players, 8);
    }
}

#[test]
fn the_safe_encodes_every_view() {
    for players in [1, 2, 4, 6] {
        check_game::<safehouse_the_safe::TheSafe>(players, 3);
    }
}

#[test]
fn the_vector_is_reproducible_and_refuses_an_illegal_index_without_change() {
    let setup = Setup::<safehouse_explosiv::Explosiv>::new(4, 11);
    let mut a = TypedVecEnv::new(setup.clone(), 8).expect("vector");
    let mut b = TypedVecEnv::new(setup, 8).expect("vector");
    let (olen, alen, n) = (a.observation_len(), a.action_space(), a.len());
    let mut rng = GameRng::from_seed(3);
    let mut finished = 0;
    for _ in 0..400 {
        let (mut obs_a, mut mask_a, mut mover_a) = (vec![0.0; n * olen], vec![0; n * alen], vec![0; n]);
        let (mut obs_b, mut mask_b, mut mover_b) = (vec![0.0; n * olen], vec![0; n * alen], vec![0; n]);
        a.observe(&mut obs_a, &mut mask_a, &mut mover_a);
        b.observe(&mut obs_b, &mut mask_b, &mut mover_b);
        assert_eq!((&obs_a, &mask_a, &mover_a), (&obs_b, &mask_b, &mover_b));
        let actions: Vec<i64> = mask_a
            .chunks(alen)
            .map(|m| {
                let legal: Vec<usize> = (0..alen).filter(|&i| m[i] == 1).collect();
                legal[rng.index(legal.len())] as i64
            })
            .collect();
        let mut bad = actions.clone();
        bad[3] = mask_a[3 * alen..4 * alen].iter().position(|&m| m == 0).unwrap_or(alen) as i64;
        let (mut rewards, mut done) = (vec![0.0; n * 4], vec![0; n]);
        assert!(a.step(&bad, &mut rewards, &mut done).is_err());
        let mut again = (vec![0.0; n * olen], vec![0; n * alen], vec![0; n]);
        a.observe(&mut again.0, &mut again.1, &mut again.2);
        assert_eq!(again.0, obs_a, "a refused step changed the games");
        a.step(&actions, &mut rewards, &mut done).expect("legal step");
        let mut rewards_b = vec![0.0; n * 4];
        b.step(&actions, &mut rewards_b, &mut vec![0; n]).expect("legal step");
        assert_eq!(rewards, rewards_b);
        for (i, &d) in done.iter().enumerate() {
            let total: f32 = rewards[i * 4..i * 4 + 4].iter().sum();
            if d == 1 {
                finished += 1;
                assert!((total - 1.0).abs() < 1e-6, "win shares of a finished game add up to 1");
            } else {
                assert_eq!(total, 0.0, "rewards only at the end");
            }
        }
    }
    assert!(finished > 0, "some games finished and restarted");
}
