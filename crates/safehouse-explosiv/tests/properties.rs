//! Properties over random deals, options and play: cards are conserved, the legal list is
//! exactly what `apply` accepts, and views and events hide exactly what they must.

use proptest::prelude::*;
use safehouse_engine::{Game, GameRng, Seat, Setup, Viewer};
use safehouse_explosiv::{
    Action, CardSet, Deal, EXPLOSIVE_DECK, Event, Explosiv, GameTieBreak, LongestRowTie, NoLegalMove, Options,
    RoundStartPlayer, RowTieBreak, Unclaimed,
};

fn options() -> impl Strategy<Value = Options> {
    (
        prop_oneof![Just(RowTieBreak::HighestCard), Just(RowTieBreak::LastPlayed), Just(RowTieBreak::None)],
        prop_oneof![Just(NoLegalMove::DiscardFaceUp), Just(NoLegalMove::DiscardFaceDown), Just(NoLegalMove::SkipKeep)],
        prop_oneof![
            Just(RoundStartPlayer::Rotate),
            Just(RoundStartPlayer::RedAlways),
            Just(RoundStartPlayer::LowestScore)
        ],
        any::<bool>(),
        prop_oneof![Just(LongestRowTie::All), Just(LongestRowTie::None)],
        any::<bool>(),
        0u8..=10,
        prop_oneof![Just(Unclaimed::Discard), Just(Unclaimed::CarryOver)],
        prop_oneof![Just(GameTieBreak::Shared), Just(GameTieBreak::MostBriefcases)],
        any::<bool>(),
    )
        .prop_map(|(tie, stuck, start, two, longest, after, bonus, unclaimed, game_tie, show)| Options {
            row_tie_break: tie,
            no_legal_move: stuck,
            round_start_player: start,
            two_player_longest_row_explodes: two,
            longest_row_tie: longest,
            allow_play_after_explosion: after,
            last_card_bonus: bonus,
            unclaimed_explosive: unclaimed,
            game_tie_break: game_tie,
            show_deduced_hands: show,
        })
}

/// A deal: the box's deck in a random order.
fn shuffled_deck(seed: u64) -> Vec<u8> {
    let mut deck = EXPLOSIVE_DECK;
    GameRng::from_seed(seed).shuffle(&mut deck);
    deck.to_vec()
}

fn explosive_fronts(game: &Explosiv) -> Vec<u8> {
    let mut fronts: Vec<u8> = game.deck().to_vec();
    fronts.extend(game.rows().iter().map(|r| r.explosive().front));
    fronts.extend(game.removed().iter().map(|c| c.front));
    for seat in Seat::all(game.players()) {
        fronts.extend(game.seat_state(seat).into_iter().flat_map(|s| s.won().iter().map(|c| c.front)));
    }
    fronts.sort_unstable();
    fronts
}

fn number_cards_conserved(game: &Explosiv) -> bool {
    Seat::all(game.players()).all(|seat| {
        let Some(state) = game.seat_state(seat) else { return false };
        if game.is_over() {
            return state.hand().is_empty();
        }
        let placed: Vec<u8> =
            game.rows().iter().flat_map(|r| r.cards().iter().filter(|p| p.seat == seat).map(|p| p.card)).collect();
        let discarded: Vec<u8> = state.discards().iter().map(|d| d.card).collect();
        let mut all: Vec<u8> = state.hand().iter().chain(placed).chain(discarded).collect();
        all.sort_unstable();
        all == [1, 2, 3, 4, 5, 6, 7, 8]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Every explosive card and every number card is always in exactly one place, and the
    /// scores are the values of the explosive cards won.
    #[test]
    fn cards_are_conserved(players in 2usize..=4, options in options(), deal in any::<u64>(), play in any::<u64>()) {
        let deck = shuffled_deck(deal);
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        let setup = Setup::new(players, 0).with_options(options).with_deal(Deal { explosives: deck });
        let mut game = Explosiv::new(&setup).expect("setup");
        let mut rng = GameRng::from_seed(play);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        loop {
            prop_assert_eq!(explosive_fronts(&game), sorted.clone());
            prop_assert!(number_cards_conserved(&game));
            let won: i16 = Seat::all(players)
                .map(|s| game.seat_state(s).map_or(0, |st| st.won().iter().map(|c| i16::from(c.value())).sum()))
                .sum();
            prop_assert_eq!(won, Seat::all(players).map(|s| game.score(s)).sum::<i16>());
            if game.is_over() {
                break;
            }
            game.legal_actions(&mut actions);
            let action = actions[rng.index(actions.len())];
            events.clear();
            game.apply(&action, &mut events).expect("legal action");
        }
        prop_assert!(game.rows().is_empty());
        prop_assert!(game.deck().len() < players + 1, "the game ends only when no round can start");
    }

    /// The legal list is exactly the set of actions `apply` accepts, over every card and row.
    #[test]
    fn legal_actions_are_exactly_the_accepted_ones(
        players in 2usize..=4, options in options(), seed in any::<u64>(), steps in 0usize..100,
    ) {
        let mut game = Explosiv::new(&Setup::new(players, seed).with_options(options)).expect("setup");
        let mut rng = GameRng::from_seed(seed ^ 1);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        for _ in 0..steps {
            if game.is_over() {
                break;
            }
            game.legal_actions(&mut actions);
            let action = actions[rng.index(actions.len())];
            game.apply(&action, &mut events).expect("legal action");
        }
        game.legal_actions(&mut actions);
        let mut candidates = vec![Action::Pass];
        for card in 0..=9 {
            candidates.push(Action::Discard { card });
            for row in 0..=5 {
                candidates.push(Action::Place { card, row });
            }
        }
        for action in candidates {
            let mut copy = game.clone();
            let accepted = copy.apply(&action, &mut Vec::new()).is_ok();
            prop_assert_eq!(accepted, actions.contains(&action), "{:?}", action);
            if !accepted {
                prop_assert_eq!(&copy, &game);
            }
        }
    }

    /// Views never show another seat's hand or the deck order, and show a face-down discard's
    /// card only to its owner; a game with another order of the undrawn explosive cards looks
    /// the same to everybody.
    #[test]
    fn views_hide_hands_deck_order_and_face_down_discards(
        players in 2usize..=4, options in options(), deal in any::<u64>(), play in any::<u64>(), steps in 0usize..40,
    ) {
        let deck = shuffled_deck(deal);
        let mut other_deck = deck.clone();
        other_deck[players + 1..].reverse();
        let setup = |deck: Vec<u8>| Setup::new(players, 0).with_options(options.clone()).with_deal(Deal { explosives: deck });
        let mut game = Explosiv::new(&setup(deck)).expect("setup");
        let mut twin = Explosiv::new(&setup(other_deck)).expect("setup");
        let mut rng = GameRng::from_seed(play);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        for _ in 0..steps {
            if game.round() > 1 || game.is_over() {
                break;
            }
            game.legal_actions(&mut actions);
            let action = actions[rng.index(actions.len())];
            events.clear();
            game.apply(&action, &mut events).expect("legal action");
            twin.apply(&action, &mut Vec::new()).expect("same action in the twin");
            for event in &events {
                for viewer in Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                    let seen = game.event_view(event, viewer);
                    match event {
                        Event::Discarded { seat, face_down: true, .. } if !viewer.is(*seat) => {
                            prop_assert_eq!(seen, Some(Event::Discarded { seat: *seat, card: None, face_down: true }));
                        }
                        _ => prop_assert_eq!(seen, Some(*event)),
                    }
                }
            }
        }
        for viewer in Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let view = game.view(viewer);
            if game.round() == 1 && !game.is_over() {
                // Both decks are the same until round 2 draws from their different parts.
                prop_assert_eq!(&view, &twin.view(viewer), "deck order leaks");
            }
            for seat in &view.seats {
                let own = viewer.is(seat.seat);
                prop_assert_eq!(seat.hand.is_some(), own);
                for discard in &seat.discards {
                    prop_assert_eq!(discard.card.is_some(), own || !discard.face_down);
                }
                if let Some(deduced) = seat.deduced_hand {
                    let hand = game.seat_state(seat.seat).map_or(CardSet::EMPTY, |s| s.hand());
                    prop_assert_eq!(hand.minus(deduced.cards), CardSet::EMPTY, "the deduction contains the hand");
                    prop_assert_eq!(deduced.exact, deduced.cards == hand);
                }
            }
            // A determinized state shows this viewer the same view (spectators too).
            let sampled = Explosiv::determinize(&view, &mut rng).expect("consistent view");
            prop_assert_eq!(sampled.view(viewer), view);
        }
    }
}
