//! Scenario tests from explicit deals: one or more per rule and per option.
//! Rule citations are to `shared/seeds/000_7fc81049e7759926.txt` (000) and `002_cc6bcd00acf8ac7e.txt` (002).

use safehouse_club_unlock::{
    Action, ClubUnlock, Deal, EndReason, Event, ExhaustedPileBonus, KeyColour, KeyCounts, Options, Phase, Rule,
    SafeCard, SafeId, StartingKeys, TableMemory, TieBreak,
};
use safehouse_engine::testing::{Numbering, check_counts_from_1, read_every_text};
use safehouse_engine::{ActionError, Game, GameRng, Seat, Setup, Viewer};

use KeyColour::{Blue, Green, Red, Yellow};

fn safe(code: &str, value: u8) -> SafeCard {
    let mut keys = [0u8; 4];
    for letter in code.chars() {
        keys[KeyColour::parse_letter(letter).expect("letter").index()] += 1;
    }
    SafeCard { keys, value }
}

fn dealt(players: usize, options: Options, safes: Vec<SafeCard>, hands: Option<Vec<KeyCounts>>) -> ClubUnlock {
    let deal = Deal { safes, starting_keys: hands, first_player: Some(Seat(0)) };
    ClubUnlock::new(&Setup::new(players, 1).with_options(options).with_deal(deal)).expect("valid deal")
}

fn act(game: &mut ClubUnlock, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    let seat = game.to_move().expect("game not over");
    game.apply_as(seat, &action, &mut events).unwrap_or_else(|e| panic!("{action}: {e}"));
    events
}

fn reject(game: &mut ClubUnlock, action: Action) -> ActionError {
    let before = game.clone();
    let mut events = Vec::new();
    let error = game.apply(&action, &mut events).expect_err("should be rejected");
    assert_eq!(*game, before, "a rejected action changed the state");
    assert!(events.is_empty());
    error
}

fn legal(game: &ClubUnlock) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

const fn crack(id: u8) -> Action {
    Action::Crack { safe: SafeId(id) }
}
const fn take(colour: KeyColour) -> Action {
    Action::TakeKey { colour }
}

/// Seven plain safes that need red/green keys, then seven more.
fn fourteen_safes() -> Vec<SafeCard> {
    let mut safes = vec![safe("RRRR", 4), safe("RRRG", 5), safe("RRGG", 6), safe("RGGG", 7), safe("GGGG", 8)];
    safes.extend([safe("RRGY", 7), safe("YYBB", 14)]);
    safes.extend((0..7).map(|i| safe("RGYB", 10 + i)));
    safes
}

fn events_for(game: &ClubUnlock, events: &[Event], viewer: Viewer) -> Vec<Event> {
    events.iter().filter_map(|e| game.event_view(e, viewer)).collect()
}

fn open_start() -> Options {
    Options { starting_keys: StartingKeys::Open, ..Options::default() }
}

#[test]
fn the_open_draft_is_chosen_one_at_a_time_in_turn_order_in_sight_of_everyone() {
    // The `starting_keys: "open"` option: a draft in turn order from the first player (gap C3),
    // with the seven safes already laid out; every pick is seen by everyone.
    let options = Options { first_player: Some(Seat(1)), ..open_start() };
    let mut game = ClubUnlock::new(&Setup::new(3, 9).with_options(options)).expect("setup");
    assert_eq!(game.phase(), Phase::ChoosingKeys { seat: Seat(1), taken: 0 });
    assert_eq!(game.display().len(), 7, "the display is laid out before the draft");
    for _ in 0..4 {
        let events = act(&mut game, take(Blue));
        let seen = Event::StartingKeyTaken { seat: Seat(1), colour: Some(Blue) };
        assert_eq!(events_for(&game, &events, Viewer::Seat(Seat(0))), vec![seen], "an open pick is seen");
        assert_eq!(events_for(&game, &events, Viewer::Spectator), vec![seen]);
    }
    assert_eq!(game.view(Viewer::Seat(Seat(0))).seats[1].keys, Some([0, 0, 0, 4]));
    assert_eq!(game.view(Viewer::Seat(Seat(0))).piles, Some([15, 15, 15, 11]));
    assert_eq!(game.phase(), Phase::ChoosingKeys { seat: Seat(2), taken: 0 });
    assert_eq!(reject(&mut game, Action::EndTurn).code(), "illegal_action");
    for _ in 0..4 {
        act(&mut game, take(Red));
    }
    for colour in [Red, Green, Yellow] {
        act(&mut game, take(colour));
    }
    let events = act(&mut game, take(Blue));
    assert_eq!(events[1], Event::StartingKeysChosen { piles: [10, 14, 14, 10] });
    assert_eq!(events.len(), 2, "no new safes: they were laid out before the draft");
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });
    assert_eq!(game.seat(Seat(1)).keys, [0, 0, 0, 4]);
    assert_eq!(game.seat(Seat(2)).keys, [4, 0, 0, 0]);
    assert_eq!(game.seat(Seat(0)).keys, [1, 1, 1, 1]);
    assert_eq!(game.piles(), [10, 14, 14, 10]);
    assert_eq!(game.display().len(), 7, "seven safes face up (000:12)");
}

#[test]
fn secret_starting_keys_are_seen_by_their_chooser_alone_then_the_safes_are_laid_out() {
    // 000:11 "choose any four Key cards and hold them in their hand hidden from other players";
    // 002:37 the same. The safes are laid out after the choice (000:12, 002:37).
    let options = Options { first_player: Some(Seat(1)), ..Options::default() };
    assert_eq!(options.starting_keys, StartingKeys::Secret, "the default");
    let mut game = ClubUnlock::new(&Setup::new(3, 9).with_options(options)).expect("setup");
    assert_eq!(game.phase(), Phase::ChoosingKeys { seat: Seat(1), taken: 0 });
    assert!(game.display().is_empty(), "no safes on display while the keys are chosen");
    let picks = [(Seat(1), [Blue; 4]), (Seat(2), [Red, Red, Red, Red]), (Seat(0), [Red, Green, Yellow, Blue])];
    let mut last = Vec::new();
    for (seat, colours) in picks {
        for (n, colour) in colours.into_iter().enumerate() {
            assert_eq!(game.to_move(), Some(seat), "turn order from the first player");
            last = act(&mut game, take(colour));
            let mine = Event::StartingKeyTaken { seat, colour: Some(colour) };
            let hidden = Event::StartingKeyTaken { seat, colour: None };
            assert_eq!(events_for(&game, &last[..1], Viewer::Seat(seat)), vec![mine]);
            for other in Seat::all(3).filter(|&s| s != seat) {
                assert_eq!(events_for(&game, &last[..1], Viewer::Seat(other)), vec![hidden], "{other} sees no colour");
            }
            assert_eq!(events_for(&game, &last[..1], Viewer::Spectator), vec![hidden]);
            if game.to_move() == Some(seat) || n < 3 {
                for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
                    let view = game.view(viewer);
                    assert_eq!(view.piles, None, "the piles are not seen during the choice");
                    assert!(view.display.is_empty());
                    for (i, other) in view.seats.iter().enumerate() {
                        if !viewer.is(Seat(i as u8)) {
                            assert_eq!(other.keys, None, "{viewer:?} sees seat {i}'s picks");
                            assert_eq!(other.keys_at_least, [0; 4]);
                        }
                    }
                }
            }
        }
    }
    // Everybody has chosen: the piles are seen again, then the seven safes are laid out.
    assert_eq!(last[1], Event::StartingKeysChosen { piles: [10, 14, 14, 10] });
    assert_eq!(last.iter().filter(|e| matches!(e, Event::SafeRevealed { .. })).count(), 7);
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });
    assert_eq!(game.display().len(), 7, "seven safes face up (000:12)");
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.piles, Some([10, 14, 14, 10]));
    assert_eq!(view.layouts, 1);
    assert_eq!(view.seats[0].keys, Some([1, 1, 1, 1]));
    assert_eq!((view.seats[1].keys, view.seats[2].keys), (None, None), "the picks stay secret in play");
    // Seat 0 knows the other two took 8 keys: 4 red and 4 blue in all, nothing else.
    for seat in &view.seats[1..] {
        assert_eq!((seat.keys_at_least, seat.keys_at_most), ([0; 4], [4, 0, 0, 4]));
    }
}

#[test]
fn only_the_chooser_finds_a_pile_empty_and_a_sample_of_its_view_keeps_it_empty() {
    // Four players who all want blue: the fourth finds the pile empty after three (15 keys).
    let options = Options { first_player: Some(Seat(0)), ..Options::default() };
    let mut game = ClubUnlock::new(&Setup::new(4, 2).with_options(options)).expect("setup");
    for _ in 0..15 {
        act(&mut game, take(Blue));
    }
    assert_eq!(game.phase(), Phase::ChoosingKeys { seat: Seat(3), taken: 3 });
    assert!(!legal(&game).contains(&take(Blue)));
    assert_eq!(reject(&mut game, take(Blue)).code(), "illegal_action");
    let chooser = game.view(Viewer::Seat(Seat(3)));
    assert_eq!(chooser.pile_empty, [false, false, false, true], "reaching for the pile, seat 3 finds it empty");
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        assert_eq!(game.view(viewer).pile_empty, [false; 4], "{viewer:?} does not see the piles");
    }
    let mut rng = GameRng::from_seed(5);
    for _ in 0..20 {
        let sample = ClubUnlock::determinize(&chooser, &mut rng).expect("consistent");
        assert_eq!(sample.view(Viewer::Seat(Seat(3))), chooser);
        assert_eq!(legal(&sample), legal(&game));
        assert_eq!(sample.piles()[Blue.index()], 0);
    }
}

#[test]
fn takes_and_cracks_are_public_and_narrow_what_a_seat_can_deduce() {
    // After the start every take is seen (the piles lie face up, 000:10) and a crack shows the
    // keys handed back (000:18): seat 0 cracks RRRR, so it started with four reds, so seat 1
    // (the others took 4 red and 4 blue in all) started with four blues.
    let hands = vec![[4, 0, 0, 0], [0, 0, 0, 4], [1, 1, 1, 1]];
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(hands));
    let before = game.view(Viewer::Seat(Seat(2)));
    assert_eq!((before.seats[0].keys_at_least, before.seats[0].keys_at_most), ([0; 4], [4, 0, 0, 4]));
    let mut rng = GameRng::from_seed(8);
    let starts: std::collections::HashSet<_> =
        (0..40).map(|_| ClubUnlock::determinize(&before, &mut rng).expect("sample").seat(Seat(0)).keys).collect();
    assert!(starts.len() > 2, "the unknown starts are sampled: {starts:?}");

    let events = act(&mut game, crack(0));
    assert_eq!(events_for(&game, &events, Viewer::Seat(Seat(2))), events, "a crack is public");
    act(&mut game, Action::EndTurn);
    let events = act(&mut game, take(Green));
    assert_eq!(events_for(&game, &events, Viewer::Seat(Seat(2))), events, "a take is public");
    let view = game.view(Viewer::Seat(Seat(2)));
    assert_eq!(view.seats[0].starting_at_least, Some([4, 0, 0, 0]));
    assert_eq!((view.seats[0].keys_at_least, view.seats[0].keys_at_most), ([0; 4], [0; 4]));
    assert_eq!((view.seats[1].keys_at_least, view.seats[1].keys_at_most), ([0, 1, 0, 4], [0, 1, 0, 4]));
    assert_eq!(view.seats[1].keys, None, "deduced, not shown as known");
    for _ in 0..10 {
        let sample = ClubUnlock::determinize(&view, &mut rng).expect("sample");
        assert_eq!(sample.seat(Seat(1)).keys, [0, 1, 0, 4]);
        assert_eq!(sample.view(Viewer::Seat(Seat(2))), view);
    }
    // Once the game is over every hand is shown (000:33); here, with perfect memory and an open
    // start, every hand is shown all along.
    let open = dealt(3, open_start(), fourteen_safes(), Some(vec![[4, 0, 0, 0], [0, 0, 0, 4], [1, 1, 1, 1]]));
    assert_eq!(open.view(Viewer::Seat(Seat(2))).seats[1].keys, Some([0, 0, 0, 4]));
}

#[test]
fn taking_a_key_is_a_whole_turn() {
    // 000:16 "That ends the player's turn."
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[0; 4]; 3]));
    let events = act(&mut game, take(Yellow));
    assert_eq!(events, vec![Event::KeyTaken { seat: Seat(0), colour: Yellow }, Event::TurnEnded { seat: Seat(0) }]);
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });
}

#[test]
fn cracking_returns_the_keys_to_their_piles_and_scores_the_safe() {
    // 000:18: the four keys go back to their piles, the safe goes face down in front of the player.
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[3, 1, 0, 0], [0; 4], [0; 4]]));
    let piles = game.piles();
    act(&mut game, crack(1));
    assert_eq!(game.seat(Seat(0)).keys, [0, 0, 0, 0]);
    assert_eq!(game.piles(), [piles[0] + 3, piles[1] + 1, piles[2], piles[3]]);
    assert_eq!(game.seat(Seat(0)).cracked, vec![SafeId(1)]);
    assert_eq!(game.seat(Seat(0)).score, 5);
    // The turn goes on: crack more or end it; no key may be taken now.
    assert_eq!(legal(&game), vec![Action::EndTurn]);
    assert_eq!(
        reject(&mut game, take(Red)),
        ActionError::illegal(
            Rule::AlreadyCracking,
            "you cracked a safe this turn, so you cannot take a key: crack another or end the turn"
        )
    );
}

#[test]
fn a_safe_needs_every_key_it_shows() {
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[2, 1, 1, 1], [0; 4], [0; 4]]));
    match reject(&mut game, crack(6)) {
        ActionError::Illegal { rule, message } => {
            assert_eq!(rule, "not_enough_keys");
            assert_eq!(message, "safe #7 (YYBB $14) needs 2 yellow keys; you hold 1");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(reject(&mut game, crack(9)).code(), "illegal_action", "safe #9 is still in the deck");
    assert_eq!(reject(&mut game, Action::EndTurn).code(), "illegal_action", "nothing to end yet");
    assert_eq!(reject(&mut game, Action::Pass).code(), "illegal_action", "a pass only when nothing can be done");
}

#[test]
fn serial_break_pays_a_marker_for_each_safe_after_the_first() {
    // 000:23 "When he open three safes at a time, he can take two Bonus markers".
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[9, 4, 0, 0], [0; 4], [0; 4]]));
    act(&mut game, crack(0));
    let second = act(&mut game, crack(1));
    assert!(second.contains(&Event::SerialBonus { seat: Seat(0) }));
    act(&mut game, crack(3));
    act(&mut game, Action::EndTurn);
    let me = game.seat(Seat(0));
    assert_eq!(me.markers, 2);
    assert_eq!(me.score, 4 + 5 + 7 + 20);
    assert_eq!(game.bonus_supply(), 23);
}

#[test]
fn the_last_safe_pays_a_bonus_then_seven_new_safes_are_laid_out() {
    // 000:25 last-safe bonus (with the serial bonus, 000:25), 000:30 seven new safes, hands kept.
    let hands = vec![[15, 15, 3, 2], [0; 4], [0; 4]];
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(hands.clone()));
    for id in 0..6 {
        act(&mut game, crack(id));
    }
    let events = act(&mut game, crack(6));
    insta::assert_debug_snapshot!("last_safe_events", events);
    assert_eq!(game.display().len(), 7);
    assert_eq!(game.deck_len(), 0);
    // 6 serial markers and 1 last-safe marker.
    assert_eq!(game.seat(Seat(0)).markers, 7);
    // continue_after_refill (default, gap C6): the turn goes on with the new display.
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(0), cracked: 7 });

    let no_refill = Options { continue_after_refill: false, ..Options::default() };
    let mut game = dealt(3, no_refill, fourteen_safes(), Some(hands));
    for id in 0..7 {
        act(&mut game, crack(id));
    }
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 }, "the refill ends the turn");
}

#[test]
fn cracking_the_very_last_safe_ends_the_game() {
    // 000:32 "When the last of the 35 safe-box is cracked, the game is over."
    let safes = vec![safe("RRRR", 4), safe("GGGG", 8)];
    let mut game = dealt(3, Options::default(), safes, Some(vec![[4, 4, 0, 0], [0; 4], [0; 4]]));
    act(&mut game, crack(0));
    let events = act(&mut game, crack(1));
    assert_eq!(events.last(), Some(&Event::GameOver { reason: EndReason::AllSafesCracked }));
    assert!(game.is_over());
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.scores, vec![4 + 8 + 10 + 10, 0, 0]);
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(outcome.reason, "all_safes_cracked");
    assert!(legal(&game).is_empty());
    assert_eq!(reject(&mut game, Action::Pass), ActionError::GameOver);
}

/// Seat 0 holds every red key but one: its next take empties the red pile.
fn about_to_exhaust_red(options: Options) -> ClubUnlock {
    dealt(3, options, fourteen_safes(), Some(vec![[14, 0, 0, 0], [0; 4], [0; 4]]))
}

#[test]
fn club_unlock_edition_the_taker_chooses_one_safe_for_the_marker() {
    // 000:27 "immediately choose a Safe-box card that requires the colour and puts a Bonus marker under it".
    let mut game = about_to_exhaust_red(Options::default());
    let events = act(&mut game, take(Red));
    assert_eq!(events, vec![Event::KeyTaken { seat: Seat(0), colour: Red }, Event::PileExhausted { colour: Red }]);
    assert_eq!(game.phase(), Phase::PlacingBonus { seat: Seat(0), colour: Red });
    // Candidates: displayed safes needing red (#0 RRRR, #1, #2, #3, #5); not #4 GGGG nor #6 YYBB.
    let candidates: Vec<Action> = legal(&game);
    assert_eq!(candidates, [0, 1, 2, 3, 5].map(|i| Action::PlaceBonus { safe: SafeId(i) }).to_vec());
    assert_eq!(reject(&mut game, Action::PlaceBonus { safe: SafeId(4) }).code(), "illegal_action");
    assert_eq!(reject(&mut game, take(Green)).code(), "illegal_action");
    act(&mut game, Action::PlaceBonus { safe: SafeId(2) });
    assert_eq!(game.display()[2].markers, 1);
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });
}

#[test]
fn a_marker_under_a_safe_goes_to_whoever_cracks_it_and_markers_stack() {
    // 000:27 "Whoever cracks this safe gets the Bonus marker ... more than one Bonus markers can be attached".
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[14, 0, 0, 0], [0; 4], [0; 4]]));
    act(&mut game, take(Red));
    act(&mut game, Action::PlaceBonus { safe: SafeId(0) });
    act(&mut game, take(Green)); // seat 1
    act(&mut game, take(Green)); // seat 2
    // Seat 0 cracks RRRR (#0): red keys return, the pile refills to 4 and the marker comes along.
    let events = act(&mut game, crack(0));
    assert_eq!(events[0], Event::Cracked { seat: Seat(0), safe: SafeId(0), markers: 1 });
    act(&mut game, Action::EndTurn);
    assert_eq!(game.seat(Seat(0)).score, 4 + 10);
    // Re-exhaustion (gap C3): the pile empties again by taking and triggers again.
    let mut takers = 0;
    while game.piles()[Red.index()] > 0 {
        act(&mut game, take(Red));
        takers += 1;
    }
    assert_eq!(takers, 4);
    assert!(matches!(game.phase(), Phase::PlacingBonus { colour: Red, .. }));
    act(&mut game, Action::PlaceBonus { safe: SafeId(1) });
    assert_eq!(game.display().iter().find(|d| d.safe == SafeId(1)).map(|d| d.markers), Some(1));
}

#[test]
fn cash_edition_every_displayed_safe_needing_the_colour_gets_a_marker() {
    // 002:87: every displayed safe that needs the colour gets one marker, however many such keys it shows.
    let cash = ClubUnlock::preset("cash").expect("preset");
    assert_eq!(cash.exhausted_pile_bonus, ExhaustedPileBonus::EveryMatchingSafe);
    let mut game = about_to_exhaust_red(cash);
    let events = act(&mut game, take(Red));
    let placed: Vec<SafeId> = events
        .iter()
        .filter_map(|e| match e {
            Event::BonusPlaced { safe, .. } => Some(*safe),
            _ => None,
        })
        .collect();
    assert_eq!(placed, [0, 1, 2, 3, 5].map(SafeId).to_vec());
    assert!(game.display().iter().all(|d| d.markers == u8::from(game.cards()[d.safe.index()].needs(Red))));
    assert_eq!(game.bonus_supply(), 20);
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 }, "no decision needed");
}

#[test]
fn no_exhausted_pile_bonus_without_a_safe_needing_the_colour_or_with_the_option_off() {
    // Gap C2: no displayed safe needs the colour, so no marker is placed.
    let safes = vec![safe("GGGG", 8), safe("YYYY", 12)];
    let mut game = dealt(3, Options::default(), safes.clone(), Some(vec![[14, 0, 0, 0], [0; 4], [0; 4]]));
    let events = act(&mut game, take(Red));
    assert!(events.contains(&Event::NoBonusTarget { colour: Red }));
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });

    let off = Options { exhausted_pile_bonus: ExhaustedPileBonus::Off, ..Options::default() };
    let mut game = about_to_exhaust_red(off);
    let events = act(&mut game, take(Red));
    assert!(!events.iter().any(|e| matches!(e, Event::BonusPlaced { .. } | Event::NoBonusTarget { .. })));
    assert_eq!(game.bonus_supply(), 25);
}

#[test]
fn an_empty_bonus_supply_pays_nothing_more() {
    // 000:28 "If Bonus markers ran out during the game, no Bonus markers awarded for the rest of the game."
    let game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[9, 4, 0, 0], [0; 4], [0; 4]]));
    let mut state = serde_json::to_value(&game).expect("state");
    state["bonus_supply"] = serde_json::json!(1);
    let mut game: ClubUnlock = serde_json::from_value(state).expect("state");
    act(&mut game, crack(0));
    let second = act(&mut game, crack(1));
    assert!(second.contains(&Event::SerialBonus { seat: Seat(0) }));
    let third = act(&mut game, crack(3));
    assert!(third.contains(&Event::SupplyEmpty { seat: Seat(0) }));
    assert_eq!(game.seat(Seat(0)).markers, 1);
    assert_eq!(game.bonus_supply(), 0);
}

#[test]
fn safes_nobody_can_ever_crack_get_seven_new_ones_beside_them() {
    // 000:34-35: leave the stuck safe, lay out seven new ones beside it; gap C7 (b): any stuck display.
    // Five players hold three blue keys each: the blue pile is empty and nobody can reach four.
    let mut safes: Vec<SafeCard> = (0..7).map(|_| safe("BBBB", 16)).collect();
    safes.extend((0..7).map(|_| safe("RRRR", 4)));
    let mut game = dealt(5, Options::default(), safes, Some(vec![[0, 0, 0, 3]; 5]));
    assert_eq!(game.piles()[Blue.index()], 0);
    assert!(!legal(&game).contains(&crack(0)));
    let events = act(&mut game, take(Red));
    assert!(events.contains(&Event::DisplayStuck { stuck: 7 }));
    assert_eq!(game.display().len(), 14);
    assert_eq!(game.phase(), Phase::Turn { seat: Seat(1), cracked: 0 });
}

#[test]
fn a_stuck_final_display_ends_the_game() {
    // 000:35 "If it occurs on the final round of the game, end the game without cracking the last safe."
    let safes: Vec<SafeCard> = (0..7).map(|_| safe("BBBB", 16)).collect();
    let mut game = dealt(5, Options::default(), safes, Some(vec![[0, 0, 0, 3]; 5]));
    let events = act(&mut game, take(Red));
    assert_eq!(events.last(), Some(&Event::GameOver { reason: EndReason::LastSafesStuck }));
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, "last_safes_stuck");
    assert_eq!(outcome.winners.len(), 5, "all tied at zero share the win");
}

#[test]
fn a_seat_with_nothing_to_do_passes() {
    // Gap C8: every key is in a hand, seat 0 can open nothing; its only action is to pass.
    let safes: Vec<SafeCard> = (0..7).map(|_| safe("BBBB", 16)).collect();
    let hands = vec![[15, 0, 0, 0], [0, 15, 0, 0], [0, 0, 15, 11], [0, 0, 0, 4]];
    let mut game = dealt(4, Options::default(), safes, Some(hands));
    assert_eq!(legal(&game), vec![Action::Pass]);
    assert_eq!(act(&mut game, Action::Pass), vec![Event::Passed { seat: Seat(0) }, Event::TurnEnded { seat: Seat(0) }]);
    assert_eq!(legal(&game), vec![Action::Pass]);
    act(&mut game, Action::Pass);
    assert_eq!(legal(&game), (0..7).map(crack).collect::<Vec<_>>(), "seat 2 holds eleven blue keys");
}

#[test]
fn ties_are_shared_or_broken_by_safes() {
    // Gap C9. Seat 0: 4 + 4 + serial 10 = 18 with two safes; seat 1: 8 + last-safe 10 = 18 with one.
    let safes = vec![safe("RRRR", 4), safe("GGGG", 4), safe("YYYY", 8)];
    let hands = vec![[4, 4, 0, 0], [0, 0, 4, 0], [0; 4]];
    for (tie_break, winners) in [(TieBreak::Shared, vec![Seat(0), Seat(1)]), (TieBreak::MostSafes, vec![Seat(0)])] {
        let mut game = dealt(3, Options { tie_break, ..Options::default() }, safes.clone(), Some(hands.clone()));
        act(&mut game, crack(0));
        act(&mut game, crack(1));
        act(&mut game, Action::EndTurn);
        act(&mut game, crack(2));
        let outcome = game.outcome().expect("over");
        assert_eq!(outcome.scores, vec![18, 18, 0]);
        assert_eq!(outcome.winners, winners, "{tie_break:?}");
    }
}

#[test]
fn counts_only_memory_hides_other_hands_and_loot_until_the_end() {
    // Gaps C10/C11.
    let options = Options { table_memory: TableMemory::CountsOnly, ..Options::default() };
    let mut game = dealt(3, options, fourteen_safes(), Some(vec![[4, 1, 1, 0], [1, 1, 1, 1], [2, 1, 0, 1]]));
    act(&mut game, crack(1));
    act(&mut game, Action::EndTurn);
    let view = game.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.seats[1].keys, Some([1, 1, 1, 1]), "own hand");
    assert_eq!(view.seats[0].keys, None);
    assert_eq!(view.seats[0].key_count, 2);
    assert_eq!(view.seats[0].cracked, None);
    assert_eq!(view.seats[0].cracked_count, 1);
    assert_eq!(view.seats[0].score, None);
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.seats.iter().all(|s| s.keys.is_none()));

    // Determinization really samples what is hidden: other hands vary, the view does not.
    let mut rng = GameRng::from_seed(3);
    let mut hands_seen = std::collections::HashSet::new();
    for _ in 0..30 {
        let sampled = ClubUnlock::determinize(&view, &mut rng).expect("consistent");
        assert_eq!(sampled.view(Viewer::Seat(Seat(1))), view);
        hands_seen.insert(sampled.seat(Seat(2)).keys);
    }
    assert!(hands_seen.len() > 1, "hidden hands should be sampled, got {hands_seen:?}");

    let perfect = dealt(3, open_start(), fourteen_safes(), Some(vec![[3, 1, 0, 0], [1, 1, 1, 1], [0; 4]]));
    let view = perfect.view(Viewer::Spectator);
    assert_eq!(view.seats[0].keys, Some([3, 1, 0, 0]), "with perfect memory and an open start every hand is shown");
    let secret = dealt(3, Options::default(), fourteen_safes(), Some(vec![[3, 1, 0, 0], [1, 1, 1, 1], [0; 4]]));
    let view = secret.view(Viewer::Spectator);
    assert!(view.seats.iter().all(|s| s.keys.is_none()), "secret starting keys are never shown to a spectator");
    assert_eq!(view.seats[0].cracked, Some(Vec::new()), "but the loot is remembered");
}

#[test]
fn the_deck_order_is_never_in_a_view() {
    let game = ClubUnlock::new(&Setup::new(4, 77)).expect("setup");
    let json = serde_json::to_string(&game.view(Viewer::Seat(Seat(0)))).expect("json");
    assert!(!json.contains("\"deck\""), "the view must not carry the deck order");
    let mut rng = GameRng::from_seed(1);
    let a = ClubUnlock::determinize(&game.view(Viewer::Seat(Seat(0))), &mut rng).expect("sample");
    let b = ClubUnlock::determinize(&game.view(Viewer::Seat(Seat(0))), &mut rng).expect("sample");
    assert_ne!(
        serde_json::to_value(&a).ok().map(|v| v["deck"].clone()),
        serde_json::to_value(&b).ok().map(|v| v["deck"].clone())
    );
}

#[test]
fn bad_setups_are_typed_errors() {
    let err = |setup: Setup<ClubUnlock>| ClubUnlock::new(&setup).expect_err("invalid").code();
    assert_eq!(err(Setup::new(2, 0)), "bad_player_count");
    assert_eq!(err(Setup::new(7, 0)), "bad_player_count");
    assert!(
        ClubUnlock::new(&Setup::new(2, 0).with_options(Options { allow_two_players: true, ..Options::default() }))
            .is_ok()
    );
    assert_eq!(
        err(Setup::new(3, 0).with_options(Options { first_player: Some(Seat(3)), ..Options::default() })),
        "bad_option"
    );
    let too_many = Deal { starting_keys: Some(vec![[16, 0, 0, 0], [0; 4], [0; 4]]), ..Deal::default() };
    assert_eq!(err(Setup::new(3, 0).with_deal(too_many)), "bad_deal");
    let wrong_hands = Deal { starting_keys: Some(vec![[1, 0, 0, 0]]), ..Deal::default() };
    assert_eq!(err(Setup::new(3, 0).with_deal(wrong_hands)), "bad_deal");
    let bad_safe = Deal { safes: vec![SafeCard { keys: [1, 0, 0, 0], value: 3 }], ..Deal::default() };
    assert_eq!(err(Setup::new(3, 0).with_deal(bad_safe)), "bad_deal");
}

/// `determinize_into` (what a search calls once per iteration, into one scratch state) draws
/// exactly what `determinize` draws from the same generator, whatever the scratch state held
/// before: random games at every table size, both memories and both starts, every seat's view
/// at every step.
#[test]
fn determinize_into_a_used_state_draws_what_determinize_draws() {
    let mut compared = 0;
    for players in 2..=6 {
        for (memory, start) in [
            (TableMemory::Perfect, StartingKeys::Secret),
            (TableMemory::Perfect, StartingKeys::Open),
            (TableMemory::CountsOnly, StartingKeys::Secret),
        ] {
            let options =
                Options { table_memory: memory, starting_keys: start, allow_two_players: true, ..Options::default() };
            let mut game =
                ClubUnlock::new(&Setup::new(players, 40 + players as u64).with_options(options)).expect("setup");
            let mut scratch = game.clone();
            let mut rng = GameRng::from_seed(players as u64);
            let mut legal = Vec::new();
            let mut events = Vec::new();
            let mut steps = 0;
            while let Some(_seat) = game.to_move() {
                for viewer in Seat::all(players) {
                    let view = game.view(Viewer::Seat(viewer));
                    let mut twin = rng.clone();
                    let fresh = ClubUnlock::determinize(&view, &mut rng).expect("determinize");
                    ClubUnlock::determinize_into(&view, &mut twin, &mut scratch).expect("determinize_into");
                    assert_eq!(scratch, fresh, "{players} players, {memory:?}, {start:?}, step {steps}");
                    assert_eq!(twin, rng, "the generator was used differently");
                    assert_eq!(scratch.view(Viewer::Seat(viewer)), view);
                    compared += 1;
                }
                game.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                events.clear();
                game.apply(&action, &mut events).expect("legal");
                steps += 1;
                if steps > 120 {
                    break;
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} views compared");
}

/// How people number what the JSON counts from 0: seats and safes count from 1 in every text (issue 16), the JSON from 0.
const NUMBERING: Numbering<'static> = Numbering { never: &["seat 0", "Seat 0", "#0"], name: people_name };

/// The name people read for the index `n` that the JSON field `key` holds.
fn people_name(key: &str, n: u64) -> Option<String> {
    match key {
        "seat" => Some(format!("seat {}", n + 1)),
        "safe" => Some(format!("#{}", n + 1)),
        _ => None,
    }
}

/// Every text a person reads counts seats and safes from 1: each legal action as `describe`
/// says it, each event as every viewer sees it, each view's text, each refusal and the result,
/// at every step of random games (the JSON keeps its indices from 0).
#[test]
fn every_text_counts_seats_and_safes_from_1() {
    let setups: Vec<Setup<ClubUnlock>> = (0..12u64).map(|seed| Setup::new(3 + (seed % 4) as usize, seed)).collect();
    let probes = |_: &ClubUnlock| {
        (0..36)
            .flat_map(|safe| [Action::Crack { safe: SafeId(safe) }, Action::PlaceBonus { safe: SafeId(safe) }])
            .collect()
    };
    let texts = read_every_text(&setups, probes, |t| check_counts_from_1(&t, &NUMBERING));
    assert!(texts > 10_000, "only {texts} texts read");
    // And one of each kind, spelt out: safe 0 is #1, seat 0 is seat 1.
    let mut game = dealt(3, Options::default(), fourteen_safes(), Some(vec![[2, 1, 1, 1], [0; 4], [0; 4]]));
    assert_eq!(Action::Crack { safe: SafeId(0) }.to_string(), "crack safe #1");
    assert_eq!(
        Event::Cracked { seat: Seat(0), safe: SafeId(0), markers: 1 }.to_string(),
        "seat 1 cracked safe #1 and its marker"
    );
    let wrong_seat = game.apply_as(Seat(2), &Action::EndTurn, &mut Vec::new()).expect_err("not seat 2's turn");
    assert_eq!(wrong_seat.to_string(), "it is seat 1's turn, not seat 3's");
    assert_eq!(reject(&mut game, Action::Crack { safe: SafeId(9) }).to_string(), "safe #10 is not on display");
}
