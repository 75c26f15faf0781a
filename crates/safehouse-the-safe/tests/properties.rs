//! Properties over random tables and random play: cards are conserved, an action is accepted
//! exactly when it is listed as legal, views hide what they must, and the deduction never
//! rules out the true code.

use proptest::prelude::*;
use safehouse_engine::{Game, GameRng, Seat, Setup, Viewer};
use safehouse_the_safe::deduction::Deduction;
use safehouse_the_safe::{
    Action, Card, Cards, ColourRestrictionCheck, Deal, OnMissionFail, Options, Phase, ROWS, RevealOrder,
    SoloLeftoverRule, TheSafe,
};

fn options(variant: u8) -> Options {
    match variant % 4 {
        0 => Options::default(),
        1 => Options { on_mission_fail: OnMissionFail::RetryMission, mission_limit: 6, ..Options::default() },
        2 => Options {
            on_mission_fail: OnMissionFail::RestartFromMission1,
            restriction_reveal_order: RevealOrder::Random,
            colour_restriction: ColourRestrictionCheck::EndOfMission,
            mission_limit: 6,
            ..Options::default()
        },
        _ => Options { solo_leftover_rule: SoloLeftoverRule::Allowed, ..Options::default() },
    }
}

/// Every card of the colours in play lies in exactly one place.
fn conserved(game: &TheSafe) -> Result<(), TestCaseError> {
    let mut places: Vec<Cards> = vec![game.code(), game.draw_pile().iter().copied().collect()];
    places.extend(Seat::all(game.players()).map(|s| game.hand(s)));
    places.extend(
        (0..ROWS).map(|r| game.row(r).map(|row| row.cards().iter().copied().collect::<Cards>()).unwrap_or_default()),
    );
    let total: usize = places.iter().map(|p| p.len()).sum();
    let union = places.iter().fold(Cards::EMPTY, |acc, p| acc | *p);
    prop_assert_eq!(total, union.len(), "a card is in two places");
    prop_assert_eq!(union, Cards::of_colours(game.in_play()), "a card is missing");
    Ok(())
}

/// A deal that starts a seeded game at `mission` (cards as the seed dealt them).
fn deal_of(game: &TheSafe, mission: u8) -> Deal {
    Deal {
        colour_cards: game.colour_cards(),
        restrictions: game.restrictions(),
        reveal_order: None,
        first_player: Some(game.first_player()),
        mission,
        code: game.code().iter().collect(),
        hands: Seat::all(game.players()).map(|s| game.hand(s).iter().collect()).collect(),
        rows: Default::default(),
        draw_pile: game.draw_pile().iter().rev().copied().collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random play conserves every card, and the deduction of every seat (and of a spectator)
    /// always keeps the true code among the possible numbers.
    #[test]
    fn play_conserves_cards_and_deduction_keeps_the_truth(
        seed in any::<u64>(), players in 1usize..=6, variant in 0u8..4, steps in 1usize..400,
    ) {
        let setup = Setup::new(players, seed).with_options(options(variant));
        let mut game = TheSafe::new(&setup).expect("setup");
        let mut rng = GameRng::from_seed(seed ^ 1);
        let mut actions = Vec::new();
        let mut events = Vec::new();
        for _ in 0..steps {
            if game.is_over() {
                break;
            }
            conserved(&game)?;
            for viewer in Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                let d = Deduction::for_viewer(&game, viewer).expect("consistent view");
                for colour in game.in_play().iter() {
                    let truth = game.code().numbers(colour).trailing_zeros() as u8;
                    prop_assert!(d.possible(colour).contains(&truth), "{viewer:?} rules out the code of {colour}");
                }
            }
            game.legal_actions(&mut actions);
            let action = actions[rng.index(actions.len())];
            events.clear();
            game.apply(&action, &mut events).expect("legal");
        }
        conserved(&game)?;
    }

    /// Any action at all is accepted exactly when it is listed as legal, and a refused one
    /// changes nothing.
    #[test]
    fn accepted_exactly_when_legal(
        seed in any::<u64>(), players in 1usize..=6, steps in 0usize..60,
        card in 0u8..50, row in 0u8..6, kind in 0u8..3, number in 0u8..12,
    ) {
        let mut game = TheSafe::new(&Setup::new(players, seed)).expect("setup");
        let mut rng = GameRng::from_seed(seed);
        let mut actions = Vec::new();
        let mut events = Vec::new();
        for _ in 0..steps {
            if game.is_over() {
                break;
            }
            game.legal_actions(&mut actions);
            game.apply(&actions[rng.index(actions.len())], &mut events).expect("legal");
        }
        let card = Card::from_id(card).expect("id below 50");
        let action = match (kind, game.phase()) {
            (0, _) => Action::Play { card, row },
            (1, _) => Action::Pass,
            (_, Phase::Naming { colour, .. }) if number % 2 == 0 => Action::Name { colour, number },
            _ => Action::Name { colour: card.colour(), number },
        };
        game.legal_actions(&mut actions);
        let mut copy = game.clone();
        events.clear();
        let result = copy.apply(&action, &mut events);
        prop_assert_eq!(result.is_ok(), actions.contains(&action), "{} vs legal {:?}", action, actions);
        if result.is_err() {
            prop_assert_eq!(&copy, &game);
            prop_assert!(events.is_empty());
        }
    }

    /// Moving hidden cards between places a seat cannot see (the code, another hand, the draw
    /// pile) leaves that seat's view and the spectator's view unchanged.
    #[test]
    fn views_hide_the_code_other_hands_and_the_pile(
        seed in any::<u64>(), players in 2usize..=6, mission in 1u8..=5, pick in any::<u64>(),
    ) {
        let base = TheSafe::new(&Setup::new(players, seed)).expect("setup");
        let deal = deal_of(&base, mission);
        let game = TheSafe::new(&Setup::new(players, seed).with_deal(deal.clone())).expect("deal");
        // Swap a code card with a same-coloured card of seat 1 or of the pile.
        let mut other = deal.clone();
        let colour_index = (pick % other.code.len() as u64) as usize;
        let colour = other.code[colour_index].colour();
        let in_hand = other.hands[1].iter().position(|c| c.colour() == colour);
        let in_pile = other.draw_pile.iter().position(|c| c.colour() == colour);
        let hand_changed = match (in_hand, in_pile, pick % 2) {
            (Some(i), _, 0) | (Some(i), None, _) => {
                std::mem::swap(&mut other.code[colour_index], &mut other.hands[1][i]);
                true
            }
            (_, Some(i), _) => {
                std::mem::swap(&mut other.code[colour_index], &mut other.draw_pile[i]);
                false
            }
            (None, None, _) => return Ok(()),
        };
        let swapped = TheSafe::new(&Setup::new(players, seed).with_deal(other)).expect("swapped deal");
        prop_assert_ne!(game.code(), swapped.code());
        prop_assert_eq!(game.view(Viewer::Seat(Seat(0))), swapped.view(Viewer::Seat(Seat(0))));
        prop_assert_eq!(game.view(Viewer::Spectator), swapped.view(Viewer::Spectator));
        prop_assert_eq!(game.view(Viewer::Seat(Seat(1))) != swapped.view(Viewer::Seat(Seat(1))), hand_changed);
        // The deal survives JSON.
        let json = serde_json::to_string(&deal).expect("deal serialises");
        prop_assert_eq!(serde_json::from_str::<Deal>(&json).expect("deal deserialises"), deal);
    }
}
