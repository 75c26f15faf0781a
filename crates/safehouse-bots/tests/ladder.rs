//! The difficulty levels are a ladder in every game: in a small fixed-seed tournament `medium`
//! beats `easy` and `hard` beats `medium` (issue 15). The measured ladder, with Elo and
//! intervals over hundreds of games, is `examples/league.rs` (docs/bots.md); this test only
//! guards the ordering, cheaply enough for a debug build.
//!
//! Competitive games: each step (easy → medium, medium → hard) is its own small tournament of
//! the two levels at a three-seat table (one of them sits twice, each in turn), the seats
//! rotated through every order, game `i` dealt from `derive_seed(SEED, i)` with the options of a
//! table of bots; every pair of seats of different levels is one comparison (the better-ranked
//! seat scores 2 half-points, equal ranks 1 each). A step holds when the higher level scores
//! more than 55% of the half-points. (Two levels at a time, as in `league ... pairs`: with all
//! three at one table, Safe Breaker's `hard` reads the rule-based `medium` and knocks it out
//! first, which hides the easy → medium step; docs/bots.md.) The Safe is co-operative: four
//! seats of one level, scored by the missions the team cracks in a row (`on_mission_fail:
//! lose`), and each level must crack more than the one below.
//!
//! It fails when the levels are out of order: `LADDER_ORDER=hard,medium,easy cargo test -p
//! safehouse-bots --test ladder` plays the same tournaments with the kinds in that order and
//! checks them as if it were easy, medium, hard: every game's check fails.

use std::time::Instant;

use safehouse_bots::{BotGame, Player, play_game};
use safehouse_club_unlock::ClubUnlock;
use safehouse_engine::{GameOptions, GameRng, Setup};
use safehouse_explosiv::Explosiv;
use safehouse_safe_breaker::SafeBreaker;
use safehouse_the_safe::{Options as TheSafeOptions, TheSafe};

const SEED: u64 = 20261201;

/// Share of the half-points between two levels the higher one must score.
const MIN_SHARE: f64 = 0.55;

/// The kinds in the order the test expects them to rank, lowest first: the levels, or
/// `LADDER_ORDER` (to see the test fail).
fn levels() -> Vec<String> {
    std::env::var("LADDER_ORDER")
        .unwrap_or_else(|_| "easy,medium,hard".to_owned())
        .split(',')
        .map(str::to_owned)
        .collect()
}

/// Half-points (`low` against `high`, `high` against `low`) over `games` games of the two kinds
/// at three seats: one sits twice, each in turn every six games, the seats in all orders.
fn tournament<G: BotGame>(low: &str, high: &str, games: u64) -> (u32, u32) {
    let players = 3;
    let options = G::Options::default().for_bots_only();
    let mut points = [0u32; 2];
    for game in 0..games {
        let twice = if (game / 6).is_multiple_of(2) { [0, 1] } else { [1, 0] };
        let rotation = (game % 3) as usize;
        let mut seats: Vec<usize> = (0..players).map(|s| twice[(s + rotation) % players % 2]).collect();
        if (game / 3) % 2 == 1 {
            seats.reverse();
        }
        let mut bots: Vec<Player<G>> = seats
            .iter()
            .enumerate()
            .map(|(s, &kind)| {
                Player::<G>::of_kind([low, high][kind], GameRng::derive_seed(SEED ^ 0x1ad, game * 16 + s as u64))
                    .expect("a level of this game")
            })
            .collect();
        let setup =
            Setup::<G> { players, options: options.clone(), seed: GameRng::derive_seed(SEED, game), deal: None };
        let played = play_game(&setup, &mut bots, 100_000).expect("the game plays to its end");
        let ranks = &played.outcome.ranks;
        for a in 0..players {
            for b in 0..players {
                if seats[a] != seats[b] {
                    points[seats[a]] += match ranks[a].cmp(&ranks[b]) {
                        std::cmp::Ordering::Less => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Greater => 0,
                    };
                }
            }
        }
    }
    (points[0], points[1])
}

/// Checks every step of a competitive game's ladder, `games` games a step; returns the failures.
fn check_competitive<G: BotGame>(games: u64) -> Vec<String> {
    let kinds = levels();
    let mut failures = Vec::new();
    for step in kinds.windows(2) {
        let started = Instant::now();
        let (low, high) = tournament::<G>(&step[0], &step[1], games);
        let share = f64::from(high) / f64::from((low + high).max(1));
        println!(
            "{}: {} scores {:.1}% of its comparisons with {} ({} games, {:.1} s)",
            G::INFO.id,
            step[1],
            100.0 * share,
            step[0],
            games,
            started.elapsed().as_secs_f64()
        );
        if share <= MIN_SHARE {
            failures.push(format!(
                "{}: {} scored only {:.1}% of its comparisons with {} (needs more than {:.0}%)",
                G::INFO.id,
                step[1],
                100.0 * share,
                step[0],
                100.0 * MIN_SHARE
            ));
        }
    }
    failures
}

#[test]
fn safe_breaker_levels_are_a_ladder() {
    let failures = check_competitive::<SafeBreaker>(48);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn explosiv_levels_are_a_ladder() {
    let failures = check_competitive::<Explosiv>(12);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn club_unlock_levels_are_a_ladder() {
    let failures = check_competitive::<ClubUnlock>(6);
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Missions the Safe team of `kind` cracks in a row over `games` four-player games.
fn the_safe_missions(kind: &str, games: u64) -> u64 {
    let options: TheSafeOptions = serde_json::from_str(r#"{"on_mission_fail":"lose"}"#).expect("options");
    let mut missions = 0;
    for game in 0..games {
        let mut bots: Vec<Player<TheSafe>> = (0..4)
            .map(|s| {
                Player::<TheSafe>::of_kind(kind, GameRng::derive_seed(SEED ^ 0x5afe, game * 16 + s))
                    .expect("a level of The Safe")
            })
            .collect();
        let setup = Setup::<TheSafe> {
            players: 4,
            options: options.clone(),
            seed: GameRng::derive_seed(SEED, game),
            deal: None,
        };
        let played = play_game(&setup, &mut bots, 100_000).expect("the game plays to its end");
        missions += played.outcome.scores.first().copied().unwrap_or(0).max(0) as u64;
    }
    missions
}

#[test]
fn the_safe_levels_are_a_ladder() {
    let started = Instant::now();
    let kinds = levels();
    let games = 12;
    let missions: Vec<u64> = kinds.iter().map(|kind| the_safe_missions(kind, games)).collect();
    println!(
        "the-safe, 4 players, {games} games a level: missions cracked in a row {:?} by {kinds:?} ({:.1} s)",
        missions,
        started.elapsed().as_secs_f64()
    );
    for step in 1..kinds.len() {
        assert!(
            missions[step] > missions[step - 1],
            "the-safe: {} cracked {} missions, {} cracked {}",
            kinds[step],
            missions[step],
            kinds[step - 1],
            missions[step - 1]
        );
    }
}
