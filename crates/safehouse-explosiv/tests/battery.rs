//! The engine's shared battery over many seeds, every player count and every option value,
//! with this game's conservation laws checked at every step.

use safehouse_engine::testing::check_random_games;
use safehouse_engine::{Game, Seat, Setup};
use safehouse_explosiv::{
    CardSet, EXPLOSIVE_DECK, Explosiv, GameTieBreak, LongestRowTie, NoLegalMove, Options, RoundStartPlayer, RowTieBreak,
    Unclaimed,
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
