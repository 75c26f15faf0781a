//! The engine's shared battery over many seeds, every player count and every option value,
//! with this game's conservation laws checked at every step.

use safehouse_engine::testing::{check_golden_playthroughs, check_random_games};
use safehouse_engine::{Game, Seat, Setup};
use safehouse_explosiv::{
    CardSet, EXPLOSIVE_DECK, Explosiv, GameTieBreak, LongestRowTie, NoLegalMove, Options, RoundStartPlayer,
    RowTieBreak, Unclaimed,
};

/// Every explosive card of the box is in exactly one place (deck, a row, a seat's winnings, out
/// of the game), and while the game runs every seat's eight number cards are each in exactly
/// one place (hand, a row, its discards).
fn conserved(game: &Explosiv) {
    let mut fronts: Vec<u8> = game.deck().to_vec();
    fronts.extend(game.rows().iter().map(|r| r.explosive().front));
    fronts.extend(game.removed().iter().map(|c| c.front));
    for seat in Seat::all(game.players()) {
        let state = game.seat_state(seat).expect("seat at the table");
        fronts.extend(state.won().iter().map(|c| c.front));
    }
    fronts.sort_unstable();
    assert_eq!(fronts, EXPLOSIVE_DECK, "explosive cards not conserved");
    for seat in Seat::all(game.players()) {
        let state = game.seat_state(seat).expect("seat at the table");
        if game.is_over() {
            assert!(state.hand().is_empty(), "{seat} holds cards after the game");
            continue;
        }
        let mut seen = state.hand();
        let mut count = state.hand().len();
        for row in game.rows() {
            for placed in row.cards().iter().filter(|p| p.seat == seat) {
                seen.insert(placed.card);
                count += 1;
            }
        }
        for discard in state.discards() {
            seen.insert(discard.card);
            count += 1;
        }
        assert_eq!((seen, count), (CardSet::ALL, 8), "{seat}'s number cards not conserved");
    }
    let total: i16 = Seat::all(game.players()).map(|s| game.score(s)).sum();
    let won: i16 = Seat::all(game.players())
        .flat_map(|s| game.seat_state(s).expect("seat").won().iter().map(|c| i16::from(c.value())).collect::<Vec<_>>())
        .sum();
    assert_eq!(total, won, "scores are the values of the cards won");
}

fn option_sets() -> Vec<Options> {
    let d = Options::default();
    vec![
        d.clone(),
        Options { row_tie_break: RowTieBreak::LastPlayed, ..d.clone() },
        Options { row_tie_break: RowTieBreak::None, unclaimed_explosive: Unclaimed::CarryOver, ..d.clone() },
        Options { no_legal_move: NoLegalMove::DiscardFaceDown, show_deduced_hands: true, ..d.clone() },
        Options { no_legal_move: NoLegalMove::DiscardFaceDown, allow_play_after_explosion: false, ..d.clone() },
        Options { no_legal_move: NoLegalMove::SkipKeep, allow_play_after_explosion: false, ..d.clone() },
        Options { no_legal_move: NoLegalMove::SkipKeep, show_deduced_hands: true, ..d.clone() },
        Options { round_start_player: RoundStartPlayer::RedAlways, last_card_bonus: 0, ..d.clone() },
        Options {
            round_start_player: RoundStartPlayer::LowestScore,
            game_tie_break: GameTieBreak::MostBriefcases,
            ..d.clone()
        },
        Options { two_player_longest_row_explodes: false, show_deduced_hands: true, ..d.clone() },
        Options { longest_row_tie: LongestRowTie::None, unclaimed_explosive: Unclaimed::CarryOver, ..d.clone() },
        Options {
            no_legal_move: NoLegalMove::DiscardFaceDown,
            allow_play_after_explosion: false,
            row_tie_break: RowTieBreak::None,
            unclaimed_explosive: Unclaimed::CarryOver,
            show_deduced_hands: true,
            ..d
        },
    ]
}

#[test]
fn battery_every_player_count_and_option() {
    let mut setups = Vec::new();
    for (i, options) in option_sets().into_iter().enumerate() {
        for players in 2..=4 {
            for seed in 0..3u64 {
                setups.push(Setup::<Explosiv>::new(players, seed * 1000 + i as u64).with_options(options.clone()));
            }
        }
    }
    check_random_games(&setups, 400, conserved);
}

#[test]
fn battery_presets() {
    let mut setups = Vec::new();
    for preset in ["published", "seed-only", "open", "hidden-discards"] {
        let options = Explosiv::preset(preset).expect("preset exists");
        for players in 2..=4 {
            setups.push(Setup::<Explosiv>::new(players, 77 + players as u64).with_options(options.clone()));
        }
    }
    check_random_games(&setups, 400, conserved);
}

#[test]
fn battery_many_seeds_default_rules() {
    let setups: Vec<Setup<Explosiv>> =
        (0..30u64).map(|seed| Setup::new(2 + (seed % 3) as usize, seed.wrapping_mul(0x9e37_79b9))).collect();
    check_random_games(&setups, 400, conserved);
}

/// How often random games reach each rule, so that the battery above is known to exercise them.
#[derive(Debug, Default)]
struct Reached {
    games: usize,
    actions: usize,
    discards: usize,
    passes: usize,
    eighth_card_explosions: usize,
    longest_row_explosions: usize,
    placed_after_explosion: usize,
    eights_repeated: usize,
    tied_rows: usize,
    unclaimed_rows: usize,
    shared_wins: usize,
}

fn reach(players: usize, options: &Options, games: u64) -> Reached {
    use safehouse_engine::{GameRng, random_playout_step};
    use safehouse_explosiv::{Event, ExplosionCause};
    let mut r = Reached::default();
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut game = Explosiv::new(&Setup::new(players, seed).with_options(options.clone())).expect("setup");
        let mut rng = GameRng::from_seed(seed);
        while random_playout_step(&mut game, &mut rng, &mut actions, &mut events).is_some() {
            r.actions += 1;
            for event in &events {
                match event {
                    Event::Discarded { .. } => r.discards += 1,
                    Event::Passed { .. } => r.passes += 1,
                    Event::RowExploded { cause: ExplosionCause::EighthCard, .. } => r.eighth_card_explosions += 1,
                    Event::RowExploded { cause: ExplosionCause::LongestRow, .. } => r.longest_row_explosions += 1,
                    Event::RowScored { tied, winner, .. } => {
                        r.tied_rows += usize::from(*tied);
                        r.unclaimed_rows += usize::from(winner.is_none());
                    }
                    Event::Placed { row, card, .. } => {
                        // The last card of a round is followed by the next round's rows.
                        let round_ended = events.iter().any(|e| matches!(e, Event::RoundEnded { .. }));
                        let Some(row) = game.rows().get(usize::from(*row)).filter(|_| !round_ended) else { continue };
                        r.placed_after_explosion += usize::from(row.cards().len() > 8);
                        r.eights_repeated +=
                            usize::from(*card == 8 && row.cards().iter().filter(|p| p.card == 8).count() > 1);
                    }
                    _ => {}
                }
            }
        }
        r.games += 1;
        r.shared_wins += usize::from(game.outcome().expect("over").winners.len() > 1);
    }
    r
}

#[test]
fn random_games_reach_every_rule() {
    let d = Options::default();
    let all: Vec<(usize, Options)> = vec![
        (2, d.clone()),
        (3, d.clone()),
        (4, d.clone()),
        (2, Options { no_legal_move: NoLegalMove::SkipKeep, allow_play_after_explosion: false, ..d.clone() }),
        (4, Options { no_legal_move: NoLegalMove::SkipKeep, allow_play_after_explosion: false, ..d.clone() }),
    ];
    let mut totals = Reached::default();
    for (players, options) in &all {
        let r = reach(*players, options, 400);
        println!("{players}p {options:?}\n  {r:?}");
        totals.discards += r.discards;
        totals.passes += r.passes;
        totals.eighth_card_explosions += r.eighth_card_explosions;
        totals.longest_row_explosions += r.longest_row_explosions;
        totals.placed_after_explosion += r.placed_after_explosion;
        totals.eights_repeated += r.eights_repeated;
        totals.tied_rows += r.tied_rows;
        totals.unclaimed_rows += r.unclaimed_rows;
        totals.shared_wins += r.shared_wins;
    }
    assert!(totals.discards > 0, "{totals:?}");
    assert!(totals.passes > 0, "{totals:?}");
    assert!(totals.eighth_card_explosions > 0, "{totals:?}");
    assert!(totals.longest_row_explosions > 0, "{totals:?}");
    assert!(totals.placed_after_explosion > 0, "{totals:?}");
    assert!(totals.eights_repeated > 0, "{totals:?}");
    assert!(totals.tied_rows > 0, "{totals:?}");
    assert!(totals.unclaimed_rows > 0, "{totals:?}");
    assert!(totals.shared_wins > 0, "{totals:?}");
}

/// OpenSpiel-style golden playthroughs: every seat's view and the legal actions at each of the
/// first decisions of a seeded game per preset, in `tests/golden/`, reviewed in diffs
/// (`SAFEHOUSE_UPDATE_GOLDEN=1` rewrites them after an intended rules or view change).
#[test]
fn golden_playthroughs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    check_golden_playthroughs::<safehouse_explosiv::Explosiv>(&dir, &[1], 12);
}
