//! The engine's shared battery over many seeded random games, every player count and the
//! options that change the flow, with Club Unlock's conservation laws as the invariant.

use safehouse_club_unlock::{
    BONUS_MARKERS, ClubUnlock, ExhaustedPileBonus, KEYS_PER_COLOUR, Options, Phase, StartingKeys, TableMemory, TieBreak,
};
use safehouse_engine::testing::{check_golden_playthroughs, check_random_games};
use safehouse_engine::{Game, Seat, Setup};

/// 60 keys, every safe and 25 markers are somewhere at every step.
fn conserved(game: &ClubUnlock) {
    let players = game.players();
    for c in 0..4 {
        let held: u32 = Seat::all(players).map(|s| u32::from(game.seat(s).keys[c])).sum();
        assert_eq!(held + u32::from(game.piles()[c]), u32::from(KEYS_PER_COLOUR), "keys of colour {c}");
    }
    let cracked: usize = Seat::all(players).map(|s| game.seat(s).cracked.len()).sum();
    assert_eq!(cracked + game.display().len() + game.deck_len(), game.cards().len(), "safes");
    let markers: u32 = Seat::all(players).map(|s| u32::from(game.seat(s).markers)).sum::<u32>()
        + game.display().iter().map(|d| u32::from(d.markers)).sum::<u32>()
        + u32::from(game.bonus_supply());
    assert_eq!(markers, u32::from(BONUS_MARKERS), "bonus markers");
    for s in Seat::all(players) {
        let state = game.seat(s);
        let expected: i64 = state.cracked.iter().map(|id| i64::from(game.cards()[id.index()].value)).sum::<i64>()
            + 10 * i64::from(state.markers);
        assert_eq!(state.score, expected, "score of {s}");
    }
    for s in Seat::all(players) {
        let state = game.seat(s);
        let start = state.starting_keys();
        assert!(state.starting_at_least.iter().zip(start).all(|(floor, n)| *floor <= n), "floor of {s}");
    }
    if let Phase::Turn { .. } = game.phase() {
        assert!(!game.display().is_empty(), "a turn with an empty display");
    }
}

fn setups() -> Vec<Setup<ClubUnlock>> {
    let variants = [
        Options::default(),
        Options { exhausted_pile_bonus: ExhaustedPileBonus::EveryMatchingSafe, ..Options::default() },
        Options { exhausted_pile_bonus: ExhaustedPileBonus::Off, continue_after_refill: false, ..Options::default() },
        Options { table_memory: TableMemory::CountsOnly, tie_break: TieBreak::MostSafes, ..Options::default() },
        Options { allow_two_players: true, first_player: Some(Seat(1)), ..Options::default() },
        Options { starting_keys: StartingKeys::Open, ..Options::default() },
        Options { starting_keys: StartingKeys::Open, table_memory: TableMemory::CountsOnly, ..Options::default() },
    ];
    let mut setups = Vec::new();
    for (v, options) in variants.iter().enumerate() {
        let counts: &[usize] = if options.allow_two_players { &[2] } else { &[3, 4, 5, 6] };
        for &players in counts {
            for seed in 0..3u64 {
                setups.push(Setup::new(players, seed * 100 + v as u64).with_options(options.clone()));
            }
        }
    }
    setups
}

#[test]
fn random_games_keep_every_promise() {
    check_random_games(&setups(), 20_000, conserved);
}

/// OpenSpiel-style golden playthroughs: every seat's view and the legal actions at each of the
/// first decisions of a seeded game per preset, in `tests/golden/`, reviewed in diffs
/// (`SAFEHOUSE_UPDATE_GOLDEN=1` rewrites them after an intended rules or view change).
#[test]
fn golden_playthroughs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    check_golden_playthroughs::<safehouse_club_unlock::ClubUnlock>(&dir, &[1], 20);
}
