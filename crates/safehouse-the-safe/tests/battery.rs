//! The engine's shared battery over many seeded random games, every player count and the
//! options that change the flow, with The Safe's conservation laws as the invariant.

use safehouse_engine::testing::{check_golden_playthroughs, check_random_games};
use safehouse_engine::{Game, GameRng, Seat, Setup, Viewer};
use safehouse_the_safe::{
    Action, Cards, ColourRestrictionCheck, Deal, HAND_SIZE, OnMissionFail, Options, Phase, ROWS, RevealOrder,
    SoloLeftoverRule, TheSafe,
};

/// Every card of the colours in play is in exactly one place; hands, rows and passes obey the rules.
fn conserved(game: &TheSafe) {
    let players = game.players();
    let all = Cards::of_colours(game.in_play());
    let mut seen = Cards::EMPTY;
    let mut count = 0;
    let mut add = |cards: Cards, place: &str| {
        assert!((seen & cards).is_empty(), "cards {} twice (again in {place})", seen & cards);
        seen |= cards;
        count += cards.len();
    };
    add(game.code(), "code");
    assert_eq!(game.code().colours(), game.in_play(), "one code card per colour");
    assert_eq!(game.code().len(), game.in_play().len(), "one code card per colour");
    for seat in Seat::all(players) {
        let hand = game.hand(seat);
        assert!(hand.len() <= HAND_SIZE, "{seat} holds {} cards", hand.len());
        if hand.len() < HAND_SIZE {
            assert!(game.draw_pile().is_empty(), "{seat} holds {} cards while the pile has cards", hand.len());
        }
        if let Some(cannot) = game.passed(seat) {
            assert!((hand & cannot).is_empty(), "{seat} passed but holds a card the rows accepted");
            assert!((hand & game.playable()).is_empty(), "{seat} passed but can play now");
        }
        add(hand, "a hand");
    }
    let mut union = Cards::EMPTY;
    for r in 0..ROWS {
        let row = game.row(r).expect("row");
        let cards: Cards = row.cards().iter().copied().collect();
        assert_eq!(cards.len(), row.cards().len(), "row {r} repeats a card");
        add(cards, "a row");
        assert!(row.colours().len() <= usize::from(game.colour_cards()[r]), "row {r} over its colour cap");
        if !row.cards().is_empty() {
            assert!(!row.readings().is_empty(), "row {r} has no consistent reading");
        }
        union |= row.playable();
    }
    assert_eq!(union, game.playable(), "cached playable union");
    let pile: Cards = game.draw_pile().iter().copied().collect();
    assert_eq!(pile.len(), game.draw_pile().len(), "pile repeats a card");
    add(pile, "the draw pile");
    assert_eq!(seen, all, "every card of the colours in play is somewhere");
    assert_eq!(count, all.len());
    if let Phase::Play { seat } = game.phase() {
        assert!(!game.hand(seat).is_empty() && game.passed(seat).is_none(), "{seat} to play without a turn");
    }
    match game.phase() {
        Phase::Over { won: true, .. } => assert_eq!((game.mission(), game.completed()), (5, 5)),
        // The last mission played; a cracked one at the mission limit leaves `completed` = `mission`.
        Phase::Over { won: false, .. } => assert!(game.completed() <= game.mission()),
        _ => assert_eq!(game.mission(), game.completed() + 1),
    }
}

fn variants() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            on_mission_fail: OnMissionFail::RetryMission,
            restriction_reveal_order: RevealOrder::Random,
            mission_limit: 12,
            ..Options::default()
        },
        Options {
            on_mission_fail: OnMissionFail::RestartFromMission1,
            colour_restriction: ColourRestrictionCheck::EndOfMission,
            solo_leftover_rule: SoloLeftoverRule::Allowed,
            mission_limit: 8,
            ..Options::default()
        },
        Options { first_player: Some(Seat(0)), solo_leftover_rule: SoloLeftoverRule::Allowed, ..Options::default() },
    ]
}

fn setups(seeds: u64) -> Vec<Setup<TheSafe>> {
    let mut setups = Vec::new();
    for (v, options) in variants().into_iter().enumerate() {
        for players in 1..=6 {
            for seed in 0..seeds {
                setups.push(
                    Setup::new(players, seed * 97 + v as u64 * 13 + players as u64).with_options(options.clone()),
                );
            }
        }
    }
    setups
}

#[test]
fn random_games_keep_every_promise() {
    check_random_games(&setups(3), 5_000, conserved);
}

/// A deal that starts a seeded game at `mission` (so that its restrictions are in force):
/// random play almost never cracks a safe, so the battery would otherwise rarely see them.
fn deal_at(players: usize, seed: u64, options: &Options, mission: u8) -> Deal {
    let game = TheSafe::new(&Setup::new(players, seed).with_options(options.clone())).expect("setup");
    Deal {
        colour_cards: game.colour_cards(),
        restrictions: game.restrictions(),
        reveal_order: None,
        first_player: options.first_player.is_none().then_some(game.first_player()),
        mission,
        code: game.code().iter().collect(),
        hands: Seat::all(players).map(|s| game.hand(s).iter().collect()).collect(),
        rows: Default::default(),
        draw_pile: game.draw_pile().iter().rev().copied().collect(),
    }
}

#[test]
fn random_games_from_later_missions_keep_every_promise() {
    let mut setups = Vec::new();
    for (v, options) in variants().into_iter().enumerate() {
        for players in 1..=6 {
            for mission in 2..=5 {
                let seed = 1_000 + v as u64 * 100 + players as u64 * 10 + u64::from(mission);
                let deal = deal_at(players, seed, &options, mission);
                setups.push(Setup::new(players, seed).with_options(options.clone()).with_deal(deal));
            }
        }
    }
    check_random_games(&setups, 5_000, conserved);
}

/// Random plays, but the naming seat names the true code with probability 9/10 (an oracle the
/// battery cannot be): missions get cracked, so progression, reveals, reshuffles, retries and
/// restarts are exercised, with the conservation law and the view/determinize round trip
/// checked at every step.
#[test]
fn oracle_games_progress_through_missions() {
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let mut reached = [0usize; 6];
    let mut wins = 0;
    for setup in setups(12) {
        let mut game = TheSafe::new(&setup).expect("setup");
        let mut rng = GameRng::from_seed(setup.seed);
        let mut sampler = GameRng::from_seed(!setup.seed);
        let mut steps = 0;
        while let Some(seat) = game.to_move() {
            conserved(&game);
            let view = game.view(Viewer::Seat(seat));
            let sampled = TheSafe::determinize(&view, &mut sampler).expect("determinize");
            assert_eq!(sampled.view(Viewer::Seat(seat)), view, "determinized view differs");
            game.legal_actions(&mut actions);
            let mut action = actions[rng.index(actions.len())];
            if let (Phase::Naming { colour, .. }, true) = (game.phase(), rng.chance(9, 10)) {
                let number = game.code().numbers(colour).trailing_zeros() as u8;
                action = Action::Name { colour, number };
            }
            events.clear();
            game.apply(&action, &mut events).expect("legal action");
            reached[usize::from(game.mission())] += 1;
            steps += 1;
            assert!(steps < 20_000, "game did not end");
        }
        conserved(&game);
        let outcome = game.outcome().expect("outcome");
        if outcome.winners.len() == game.players() {
            wins += 1;
            assert_eq!(outcome.scores[0], 5);
        }
    }
    assert!(reached[5] > 0, "no game reached mission 5: {reached:?}");
    assert!(wins > 0, "no game won");
}

/// OpenSpiel-style golden playthroughs: every seat's view and the legal actions at each of the
/// first decisions of a seeded game per preset, in `tests/golden/`, reviewed in diffs
/// (`SAFEHOUSE_UPDATE_GOLDEN=1` rewrites them after an intended rules or view change).
#[test]
fn golden_playthroughs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    check_golden_playthroughs::<safehouse_the_safe::TheSafe>(&dir, &[1], 12);
}
