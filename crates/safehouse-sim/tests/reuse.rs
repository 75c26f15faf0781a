//! The simulator reuses a worker's bots from game to game (`Bot::reset`): a reset bot must play
//! exactly the games a freshly built one plays, or results would depend on which games a worker
//! happened to play before.

use safehouse_bots::{BotGame, BotSpec, BotVisitor, Player, play_game};
use safehouse_engine::{GameOptions, GameRng, Setup};
use safehouse_sim::{RunOptions, Tournament};

/// Games each kind plays, reused and fresh.
const GAMES: u64 = 4;

/// The kinds checked for game `G`: every kind it offers, with a small search budget, but none
/// with a clock cap (`hard` in every game: IS-MCTS or Safe Breaker's deduction bot with an
/// `800ms` cap), whose games a loaded machine can change (this test failed once so).
fn kinds<G: BotGame>() -> Vec<String> {
    G::KINDS
        .iter()
        .filter_map(|&kind| match BotSpec::parse::<G>(kind) {
            Ok(spec) if spec.reads_the_clock() => None,
            Ok(BotSpec::Ismcts(_)) => Some("ismcts:8".to_owned()),
            _ => Some(kind.to_owned()),
        })
        .chain(["noisy:50".to_owned()])
        .collect()
}

fn seed(game: u64, seat: usize) -> u64 {
    GameRng::derive_seed(0x5e5e, game * 16 + seat as u64)
}

/// For every kind: (kind, games whose bots were all reset rather than rebuilt, mismatches).
/// The games are played with `play_game`, the simulator's game loop.
struct ReuseMatchesFresh;

impl BotVisitor for ReuseMatchesFresh {
    type Output = Vec<(String, u64, Vec<String>)>;

    fn visit<G: BotGame>(self) -> Self::Output {
        let players = G::INFO.default_players;
        let mut report = Vec::new();
        for kind in kinds::<G>() {
            // Built for a game never played, then carried through every game below.
            let mut reused: Vec<Player<G>> =
                (0..players).map(|s| Player::of_kind(&kind, seed(99, s)).expect("a kind of the game")).collect();
            if !reused[0].reset(seed(99, 0)) {
                // Never reused (the search bots): the simulator builds one for every game.
                report.push((kind, 0, Vec::new()));
                continue;
            }
            let (mut reset_games, mut mismatches) = (0, Vec::new());
            for game in 0..GAMES {
                let setup = Setup::<G>::new(players, GameRng::derive_seed(7, game))
                    .with_options(G::Options::default().for_bots_only());
                let mut fresh: Vec<Player<G>> =
                    (0..players).map(|s| Player::of_kind(&kind, seed(game, s)).expect("a kind")).collect();
                let mut all_reset = true;
                for (s, player) in reused.iter_mut().enumerate() {
                    if !player.reset(seed(game, s)) {
                        *player = Player::of_kind(&kind, seed(game, s)).expect("a kind");
                        all_reset = false;
                    }
                }
                reset_games += u64::from(all_reset);
                let a = play_game(&setup, &mut fresh, 100_000).expect("fresh bots play to the end");
                let b = play_game(&setup, &mut reused, 100_000).expect("reset bots play to the end");
                // The final state holds every card's place and the game's generator: any
                // different decision shows.
                if a.state != b.state || a.actions != b.actions {
                    mismatches.push(format!("game {game}: {} vs {} decisions", a.actions, b.actions));
                }
            }
            report.push((kind, reset_games, mismatches));
        }
        report
    }
}

#[test]
fn a_reset_bot_plays_the_games_a_fresh_bot_plays() {
    for game in safehouse_games::ids() {
        let report = safehouse_bots::visit(game, ReuseMatchesFresh).expect("a game with bots");
        for (kind, reset_games, mismatches) in &report {
            assert!(mismatches.is_empty(), "{game} {kind}: a reset bot played differently: {mismatches:?}");
            // The kinds the simulator's speed depends on are reused, not rebuilt.
            if ["random", "heuristic", "noisy:50"].contains(&kind.as_str()) {
                assert_eq!(*reset_games, GAMES, "{game} {kind} was rebuilt instead of reset");
            }
        }
    }
}

/// The simulator with reuse gives every game as a run whose worker saw no earlier game: a
/// league of kinds in changing seats, one game at a time against the whole run.
#[test]
fn a_tournament_with_reused_bots_plays_each_game_as_on_its_own() {
    let tournament = Tournament {
        game: "safe-breaker".to_owned(),
        players: Some(4),
        bots: ["random", "heuristic", "beginner", "deduction", "noisy:50", "ismcts:8"].map(str::to_owned).to_vec(),
        games: 40,
        seed: 11,
        ..Tournament::default()
    };
    let run = RunOptions { threads: Some(1), ..RunOptions::default() };
    let mut whole = Vec::new();
    tournament
        .run_range(
            &run,
            0..tournament.games,
            Some(&mut |g| {
                whole.push(g.clone());
                Ok(())
            }),
        )
        .expect("runs");
    for game in &whole {
        let mut alone = Vec::new();
        tournament
            .run_range(
                &run,
                game.index..game.index + 1,
                Some(&mut |g| {
                    alone.push(g.clone());
                    Ok(())
                }),
            )
            .expect("runs");
        assert_eq!(alone, vec![game.clone()], "game {} differs after the worker's earlier games", game.index);
    }
}
