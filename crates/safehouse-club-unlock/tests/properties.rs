//! Property tests over random games: conservation, hiding, rejection without change, replay.

use proptest::prelude::*;
use safehouse_club_unlock::{
    BONUS_MARKERS, ClubUnlock, Event, ExhaustedPileBonus, KEYS_PER_COLOUR, Options, StartingKeys, TableMemory,
};
use safehouse_engine::{Game, MatchRecord, RecordedAction, Seat, Setup, Viewer};

fn options_strategy() -> impl Strategy<Value = Options> {
    (0..3u8, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(bonus, refill, counts_only, open)| Options {
        exhausted_pile_bonus: [
            ExhaustedPileBonus::ChooseOneSafe,
            ExhaustedPileBonus::EveryMatchingSafe,
            ExhaustedPileBonus::Off,
        ][usize::from(bonus)],
        continue_after_refill: refill,
        table_memory: if counts_only { TableMemory::CountsOnly } else { TableMemory::Perfect },
        starting_keys: if open { StartingKeys::Open } else { StartingKeys::Secret },
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Keys, safes and markers are conserved at every step; a view of another seat never holds
    /// its keys under counts-only memory nor after a secret start, and no other viewer is shown
    /// the colour of a secret starting key; an action that is not legal is rejected without
    /// change; the record replays to the same state.
    #[test]
    fn random_games_conserve_hide_reject_and_replay(
        seed in any::<u64>(),
        players in 3usize..=6,
        options in options_strategy(),
        choices in proptest::collection::vec(any::<u32>(), 400),
    ) {
        let setup = Setup::new(players, seed).with_options(options.clone());
        let mut game = ClubUnlock::new(&setup).expect("setup");
        let mut record = MatchRecord { setup, actions: Vec::new() };
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for (step, choice) in choices.iter().cycle().enumerate() {
            let Some(seat) = game.to_move() else { break };
            prop_assert!(step < 20_000, "game did not end");
            for c in 0..4 {
                let held: u32 = Seat::all(players).map(|s| u32::from(game.seat(s).keys[c])).sum();
                prop_assert_eq!(held + u32::from(game.piles()[c]), u32::from(KEYS_PER_COLOUR));
            }
            let markers: u32 = Seat::all(players).map(|s| u32::from(game.seat(s).markers)).sum::<u32>()
                + game.display().iter().map(|d| u32::from(d.markers)).sum::<u32>() + u32::from(game.bonus_supply());
            prop_assert_eq!(markers, u32::from(BONUS_MARKERS));
            let hidden = options.table_memory == TableMemory::CountsOnly || options.starting_keys == StartingKeys::Secret;
            if hidden && !game.is_over() {
                let other = seat.next(players);
                let view = game.view(Viewer::Seat(seat));
                prop_assert!(view.seats[other.index()].keys.is_none());
            }
            game.legal_actions(&mut legal);
            // An action legal for nobody right now: cracking a safe that is not on display.
            let absent = (0..game.cards().len() as u8)
                .map(safehouse_club_unlock::SafeId)
                .find(|id| !game.display().iter().any(|d| d.safe == *id));
            if let Some(safe) = absent {
                let before = game.clone();
                let absent_crack = safehouse_club_unlock::Action::Crack { safe };
                let rejected = game.apply(&absent_crack, &mut events).is_err();
                prop_assert!(rejected, "cracking an undisplayed safe was accepted");
                prop_assert_eq!(&before, &game);
            }
            let action = legal[*choice as usize % legal.len()];
            events.clear();
            game.apply(&action, &mut events).expect("legal");
            if options.starting_keys == StartingKeys::Secret {
                for viewer in Seat::all(players).filter(|&s| s != seat).map(Viewer::Seat).chain([Viewer::Spectator]) {
                    for event in events.iter().filter_map(|e| game.event_view(e, viewer)) {
                        let leaked = matches!(event, Event::StartingKeyTaken { colour: Some(_), .. });
                        prop_assert!(!leaked, "{:?} was shown {:?}", viewer, event);
                    }
                }
            }
            record.actions.push(RecordedAction { seat, action });
        }
        if game.is_over() {
            prop_assert_eq!(record.replay().expect("replay"), game);
        }
    }
}
