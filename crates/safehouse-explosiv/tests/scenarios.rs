//! Scenario tests from explicit deals: every placement rule, the explosion, the +2, ties, the
//! no-legal-move cases, the two-player rule, start players, the end of the game, and views.
//!
//! Seat 0 is red ("X" in the comments), seat 1 blue ("Y"), seat 2 green. Rows are A, B, C...
//! (indices 0, 1, 2...). Each round sequence below is checked move by move by the engine.

use safehouse_engine::testing::{Numbering, check_counts_from_1, counts_from_0, read_every_text};
use safehouse_engine::{ActionError, Game, GameOptions, GameRng, Seat, Setup, SetupError, Viewer};
use safehouse_explosiv::{
    Action, CardSet, Deal, Event, ExplosionCause, Explosiv, ExplosiveCard, GameTieBreak, LongestRowTie, NoLegalMove,
    Options, RoundStartPlayer, RowTieBreak, Unclaimed,
};

const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;

/// The deck used unless a test says otherwise: round 1 lays out A=+4, B=+6, C=+3.
const DECK: [u8; 16] = [4, 6, 3, 5, 2, 7, 1, 8, 4, 6, 3, 5, 2, 7, 1, 8];

fn game(players: usize, options: Options, deck: &[u8]) -> Explosiv {
    Explosiv::new(&Setup::new(players, 0).with_options(options).with_deal(Deal::new(deck))).expect("valid setup")
}

fn no_two_player_rule() -> Options {
    Options { two_player_longest_row_explodes: false, ..Options::default() }
}

fn place(card: u8, row: u8) -> Action {
    Action::Place { card, row }
}

/// Plays `(seat, card, row)` placements, checking that each is that seat's turn; returns all events.
fn play(game: &mut Explosiv, moves: &[(u8, u8, u8)]) -> Vec<Event> {
    let mut events = Vec::new();
    for (i, &(seat, card, row)) in moves.iter().enumerate() {
        game.apply_as(Seat(seat), &place(card, row), &mut events)
            .unwrap_or_else(|e| panic!("move {i} (seat {seat} plays {card} on row {row}): {e}"));
    }
    events
}

fn act(game: &mut Explosiv, seat: u8, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply_as(Seat(seat), &action, &mut events).unwrap_or_else(|e| panic!("seat {seat} {action}: {e}"));
    events
}

/// The rule name of a rejected action, checking that the state did not change.
fn rejected(game: &Explosiv, seat: u8, action: Action) -> String {
    let mut copy = game.clone();
    let mut events = Vec::new();
    let error = copy.apply_as(Seat(seat), &action, &mut events).expect_err("action should be rejected");
    assert_eq!(&copy, game, "a rejected action changed the state");
    assert!(events.is_empty());
    match error {
        ActionError::Illegal { rule, .. } => rule.into_owned(),
        other => other.code().to_owned(),
    }
}

fn legal(game: &Explosiv) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

/// A scored row: row, totals, winner, tied, value of the card.
type Scored = (u8, Vec<u8>, Option<Seat>, bool, i8);

fn scored(events: &[Event]) -> Vec<Scored> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RowScored { row, explosive, totals, winner, tied } => {
                Some((*row, totals.to_vec(), *winner, *tied, explosive.value()))
            }
            _ => None,
        })
        .collect()
}

/// Two players, A gets X6 then Y5, so that Y's +2 for the last card (7) beats X's 6. B and C
/// take the rest alternately; each ends with 7 cards (a tie for the longest row).
/// A: X 6 | Y 5+2 = 7. B: X 1+2+5+8 = 16+2 = 18 | Y 3+4+7 = 14. C: X 3+4+7 = 14 | Y 1+2+6+8 = 17+2 = 19.
const PLUS_TWO_ROUND: [(u8, u8, u8); 16] = [
    (0, 6, A),
    (1, 5, A),
    (0, 1, B),
    (1, 1, C),
    (0, 3, C),
    (1, 3, B),
    (0, 2, B),
    (1, 2, C),
    (0, 4, C),
    (1, 4, B),
    (0, 5, B),
    (1, 6, C),
    (0, 7, C),
    (1, 7, B),
    (0, 8, B),
    (1, 8, C),
];

/// Like [`PLUS_TWO_ROUND`], but A ties: X 7 | Y 5+2 = 7 (X played the higher card, Y the last).
/// B: X 18 | Y 3+4+6 = 13. C: X 3+4+6 = 13 | Y 1+2+7+8 = 18+2 = 20.
const TIED_ROUND: [(u8, u8, u8); 16] = [
    (0, 7, A),
    (1, 5, A),
    (0, 1, B),
    (1, 1, C),
    (0, 3, C),
    (1, 3, B),
    (0, 2, B),
    (1, 2, C),
    (0, 4, C),
    (1, 4, B),
    (0, 5, B),
    (1, 7, C),
    (0, 6, C),
    (1, 6, B),
    (0, 8, B),
    (1, 8, C),
];

/// A: X8 Y8 X3 Y1: X 11 | Y 9+2 = 11, both highest cards are 8s. B (7 cards, the unique
/// longest row): X 1+2+4+5 = 12+2 = 14 | Y 3+6+7 = 16. C (5 cards): X 6+7 = 13 | Y 2+4+5 = 11+2 = 13,
/// X's 7 beats Y's 5, Y played last.
const DOUBLE_EIGHT_ROUND: [(u8, u8, u8); 16] = [
    (0, 8, A),
    (1, 8, A),
    (0, 3, A),
    (1, 1, A),
    (0, 1, B),
    (1, 3, B),
    (0, 2, B),
    (1, 6, B),
    (0, 4, B),
    (1, 2, C),
    (0, 6, C),
    (1, 7, B),
    (0, 5, B),
    (1, 4, C),
    (0, 7, C),
    (1, 5, C),
];

/// Ten placements after which X (seat 0, to move) holds 1, 4, 5 and cannot place any: A and C end
/// with its own cards and B (last card Y's) already holds a 1, a 4 and a 5.
const STUCK_PREFIX: [(u8, u8, u8); 10] =
    [(0, 6, C), (1, 4, B), (0, 7, B), (1, 3, A), (0, 2, A), (1, 5, B), (0, 8, B), (1, 8, B), (0, 3, B), (1, 1, B)];

// ---------------------------------------------------------------------------------------------
// Setup

#[test]
fn setup_lays_out_players_plus_one_cards_and_red_starts() {
    let g = game(3, Options::default(), &DECK);
    let fronts: Vec<u8> = g.rows().iter().map(|r| r.explosive().front).collect();
    assert_eq!(fronts, vec![4, 6, 3, 5], "003:37: players + 1 cards, briefcase side up, in deal order");
    assert!(g.rows().iter().all(|r| !r.explosive().exploded && r.cards().is_empty()));
    assert_eq!(g.to_move(), Some(Seat(0)), "red (seat 0) starts");
    assert_eq!(g.deck().len(), 12);
    for seat in Seat::all(3) {
        assert_eq!(g.seat_state(seat).map(|s| s.hand()), Some(CardSet::ALL), "each seat holds 1..8");
    }
    let seeded = Explosiv::new(&Setup::new(4, 9)).expect("seeded setup");
    assert_eq!(seeded.rows().len(), 5);
    assert_eq!(seeded.deck().len(), 11);
}

#[test]
fn setup_rejects_bad_player_counts_deals_and_options() {
    for players in [0, 1, 5] {
        let error = Explosiv::new(&Setup::new(players, 0)).expect_err("bad count");
        assert_eq!(error, SetupError::PlayerCount { players, min: 2, max: 4, allowed_by: None });
    }
    for deck in [&[1u8, 2][..], &[1, 2, 9][..], &[0, 2, 3][..], &[1u8; 17][..]] {
        let error = Explosiv::new(&Setup::new(2, 0).with_deal(Deal::new(deck))).expect_err("bad deal");
        assert_eq!(error.code(), "bad_deal", "{deck:?}: {error}");
    }
    let options = Options { last_card_bonus: 11, ..Options::default() };
    assert_eq!(options.validate(3).map_err(|e| e.code()), Err("bad_option"));
    let unknown: Result<Options, _> = serde_json::from_str(r#"{"row_tiebreak": "none"}"#);
    assert!(unknown.is_err(), "unknown option names are errors");
    let partial: Options = serde_json::from_str(r#"{"no_legal_move": "skip_keep"}"#).expect("partial options");
    assert_eq!(partial, Options { no_legal_move: NoLegalMove::SkipKeep, ..Options::default() });
}

// ---------------------------------------------------------------------------------------------
// Placement rules

#[test]
fn never_directly_on_your_own_card() {
    let mut g = game(2, Options::default(), &DECK);
    play(&mut g, &[(0, 3, A), (1, 5, B)]);
    assert_eq!(rejected(&g, 0, place(4, A)), "own_card_on_top", "003:43");
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Place { row: A, .. })), "row A not offered to X");
    // On the other seat's card, or on an empty row, it may.
    play(&mut g, &[(0, 4, B)]);
    play(&mut g, &[(1, 6, A)]);
    play(&mut g, &[(0, 1, A)]);
    assert_eq!(g.rows()[0].cards().len(), 3);
}

#[test]
fn each_number_once_per_row_except_eight() {
    let mut g = game(3, Options::default(), &DECK);
    play(&mut g, &[(0, 4, A)]);
    assert_eq!(rejected(&g, 1, place(4, A)), "number_already_in_row", "003:44");
    assert!(!legal(&g).contains(&place(4, A)));
    assert!(legal(&g).contains(&place(4, B)), "the same number on another row is fine");
    // 003:45: any number of 8s.
    play(&mut g, &[(1, 8, A), (2, 8, A), (0, 8, A)]);
    let eights = g.rows()[0].cards().iter().filter(|p| p.card == 8).count();
    assert_eq!(eights, 3);
}

#[test]
fn placement_errors_name_their_rule_and_change_nothing() {
    let mut g = game(2, Options::default(), &DECK);
    assert_eq!(rejected(&g, 0, place(3, 3)), "no_such_row");
    assert_eq!(rejected(&g, 0, place(9, A)), "card_not_in_hand");
    assert_eq!(rejected(&g, 0, place(0, A)), "card_not_in_hand");
    assert_eq!(rejected(&g, 1, place(3, A)), "not_your_turn");
    assert_eq!(rejected(&g, 0, Action::Discard { card: 3 }), "must_place");
    assert_eq!(rejected(&g, 0, Action::Pass), "pass_not_allowed");
    play(&mut g, &[(0, 3, A), (1, 3, B)]);
    assert_eq!(rejected(&g, 0, place(3, C)), "card_not_in_hand", "the 3 was played");
    let mut skip = game(2, Options { no_legal_move: NoLegalMove::SkipKeep, ..Options::default() }, &DECK);
    assert_eq!(rejected(&skip, 0, Action::Discard { card: 3 }), "discard_not_allowed");
    assert_eq!(rejected(&skip, 0, Action::Pass), "must_place");
    play(&mut skip, &[(0, 3, A)]);
}

#[test]
fn first_moves_list_every_card_on_every_row() {
    let g = game(4, Options::default(), &DECK);
    let actions = legal(&g);
    assert_eq!(actions.len(), 8 * 5);
    assert_eq!(actions[0], place(1, A));
    assert_eq!(actions[0].to_string(), "play 1 on row A");
    assert_eq!(serde_json::to_string(&actions[0]).unwrap_or_default(), r#"{"type":"place","card":1,"row":0}"#);
}

// ---------------------------------------------------------------------------------------------
// The explosion

/// Seven cards on A, then Y's 6 as the 8th card: the row turns to its bomb side, whatever the
/// value of the 8th card (003:48, E4).
const EIGHT_ON_A: [(u8, u8, u8); 8] =
    [(0, 1, A), (1, 2, A), (0, 3, A), (1, 4, A), (0, 5, A), (1, 8, A), (0, 7, A), (1, 6, A)];

#[test]
fn the_eighth_card_blows_the_row_up() {
    let mut g = game(2, Options::default(), &DECK);
    let events = play(&mut g, &EIGHT_ON_A[..7]);
    assert!(!events.iter().any(|e| matches!(e, Event::RowExploded { .. })), "7 cards: still a briefcase");
    assert!(!g.rows()[0].explosive().exploded);
    let events = play(&mut g, &EIGHT_ON_A[7..]);
    let exploded = ExplosiveCard { front: 4, exploded: true };
    assert_eq!(
        events,
        vec![
            Event::Placed { seat: Seat(1), card: 6, row: A },
            Event::RowExploded { row: A, explosive: exploded, cause: ExplosionCause::EighthCard },
        ]
    );
    assert_eq!(g.rows()[0].explosive().value(), -5, "+4 briefcase, -5 bomb");
    // Play goes on after the explosion (ludorium "man kann weiter anlegen"); no second flip.
    let events = play(&mut g, &[(0, 8, A)]);
    assert_eq!(events, vec![Event::Placed { seat: Seat(0), card: 8, row: A }]);
    assert_eq!(g.rows()[0].cards().len(), 9);
    assert!(g.rows()[0].explosive().exploded);
}

#[test]
fn without_play_after_explosion_the_row_closes() {
    let options = Options { allow_play_after_explosion: false, ..Options::default() };
    let mut g = game(2, options, &DECK);
    play(&mut g, &EIGHT_ON_A);
    assert_eq!(rejected(&g, 0, place(8, A)), "row_closed");
    assert!(legal(&g).iter().all(|a| !matches!(a, Action::Place { row: A, .. })));
}

// ---------------------------------------------------------------------------------------------
// Scoring: totals, the +2, ties

#[test]
fn the_last_card_earns_two_points_and_decides_row_a() {
    let mut g = game(2, no_two_player_rule(), &DECK);
    let events = play(&mut g, &PLUS_TWO_ROUND);
    assert_eq!(
        scored(&events),
        vec![
            (A, vec![6, 7], Some(Seat(1)), false, 4),
            (B, vec![18, 14], Some(Seat(0)), false, 6),
            (C, vec![14, 19], Some(Seat(1)), false, 3),
        ]
    );
    assert_eq!((g.score(Seat(0)), g.score(Seat(1))), (6, 7));
    assert_eq!(g.round(), 2, "003:52: a new round starts");
    assert!(g.seat_state(Seat(0)).is_some_and(|s| s.hand() == CardSet::ALL), "number cards back in hand");
    let fronts: Vec<u8> = g.rows().iter().map(|r| r.explosive().front).collect();
    assert_eq!(fronts, vec![5, 2, 7], "new explosive cards");
}

#[test]
fn last_card_bonus_zero_gives_row_a_to_the_higher_card() {
    let mut g = game(2, Options { last_card_bonus: 0, ..no_two_player_rule() }, &DECK);
    let events = play(&mut g, &PLUS_TWO_ROUND);
    assert_eq!(scored(&events)[0], (A, vec![6, 5], Some(Seat(0)), false, 4));
}

#[test]
fn row_ties_by_highest_card_last_played_or_none() {
    let cases = [
        (RowTieBreak::HighestCard, Some(Seat(0))),
        (RowTieBreak::LastPlayed, Some(Seat(1))),
        (RowTieBreak::None, None),
    ];
    for (tie_break, winner) in cases {
        let mut g = game(2, Options { row_tie_break: tie_break, ..no_two_player_rule() }, &DECK);
        let events = play(&mut g, &TIED_ROUND);
        let rows = scored(&events);
        assert_eq!(rows[0], (A, vec![7, 7], winner, true, 4), "{tie_break:?}");
        assert_eq!(rows[1].2, Some(Seat(0)));
        assert_eq!(rows[2].2, Some(Seat(1)));
        let removed: Vec<u8> = g.removed().iter().map(|c| c.front).collect();
        assert_eq!(removed, if winner.is_none() { vec![4] } else { vec![] }, "E7: unclaimed cards leave the game");
    }
}

#[test]
fn a_tie_between_two_eights_is_unbroken_by_highest_card() {
    let mut g = game(2, no_two_player_rule(), &DECK);
    let rows = scored(&play(&mut g, &DOUBLE_EIGHT_ROUND));
    assert_eq!(rows[0], (A, vec![11, 11], None, true, 4));
    assert_eq!(rows[1], (B, vec![14, 16], Some(Seat(1)), false, 6));
    assert_eq!(rows[2], (C, vec![13, 13], Some(Seat(0)), true, 3), "X's 7 beats Y's 5");
    let mut g = game(2, Options { row_tie_break: RowTieBreak::LastPlayed, ..no_two_player_rule() }, &DECK);
    let rows = scored(&play(&mut g, &DOUBLE_EIGHT_ROUND));
    assert_eq!((rows[0].2, rows[2].2), (Some(Seat(1)), Some(Seat(1))));
}

#[test]
fn unclaimed_cards_can_carry_over_to_the_next_round() {
    let options = Options { unclaimed_explosive: Unclaimed::CarryOver, ..no_two_player_rule() };
    let mut g = game(2, options, &DECK);
    play(&mut g, &DOUBLE_EIGHT_ROUND);
    assert!(g.removed().is_empty());
    let fronts: Vec<u8> = g.rows().iter().map(|r| r.explosive().front).collect();
    assert_eq!(fronts, vec![4, 5, 2], "the unclaimed +4 stays as row A, two new cards join it");
    assert!(g.rows()[0].carried() && !g.rows()[1].carried());
    assert_eq!(g.deck().len(), 11);
    // Round 2 (blue starts): the same round with the seats swapped leaves A unclaimed again,
    // and a card carried over once then leaves the game.
    let swapped: Vec<(u8, u8, u8)> = DOUBLE_EIGHT_ROUND.iter().map(|&(s, c, r)| (1 - s, c, r)).collect();
    let rows = scored(&play(&mut g, &swapped));
    assert_eq!(rows[0], (A, vec![11, 11], None, true, 4));
    let removed: Vec<u8> = g.removed().iter().map(|c| c.front).collect();
    assert_eq!(removed, vec![4]);
    let fronts: Vec<u8> = g.rows().iter().map(|r| r.explosive().front).collect();
    assert_eq!(fronts, vec![7, 1, 8], "round 3: three new cards");
}

// ---------------------------------------------------------------------------------------------
// The two-player rule

#[test]
fn two_players_the_unique_longest_row_explodes_at_round_end() {
    let mut g = game(2, Options::default(), &DECK);
    let events = play(&mut g, &DOUBLE_EIGHT_ROUND);
    let explosions: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::RowExploded { .. })).collect();
    assert_eq!(
        explosions,
        vec![&Event::RowExploded {
            row: B,
            explosive: ExplosiveCard { front: 6, exploded: true },
            cause: ExplosionCause::LongestRow
        }]
    );
    let rows = scored(&events);
    assert_eq!(rows[1], (B, vec![14, 16], Some(Seat(1)), false, -3), "Y wins the bomb: -3");
    assert_eq!((g.score(Seat(0)), g.score(Seat(1))), (3, -3));
}

#[test]
fn two_players_tied_longest_rows_all_explode_or_none() {
    let mut g = game(2, Options::default(), &DECK);
    let rows = scored(&play(&mut g, &PLUS_TWO_ROUND));
    let values: Vec<i8> = rows.iter().map(|r| r.4).collect();
    assert_eq!(values, vec![4, -3, -6], "B and C both have 7 cards: both explode");
    assert_eq!((g.score(Seat(0)), g.score(Seat(1))), (-3, -2));
    let mut g = game(2, Options { longest_row_tie: LongestRowTie::None, ..Options::default() }, &DECK);
    let rows = scored(&play(&mut g, &PLUS_TWO_ROUND));
    let values: Vec<i8> = rows.iter().map(|r| r.4).collect();
    assert_eq!(values, vec![4, 6, 3], "E12 none: a tie for longest explodes nothing");
}

#[test]
fn the_two_player_rule_does_not_apply_to_three_players() {
    let mut g = game(3, Options::default(), &DECK);
    let mut rng = GameRng::from_seed(5);
    let mut events = Vec::new();
    let mut all = Vec::new();
    while g.round() == 1 {
        let actions = legal(&g);
        events.clear();
        g.apply(&actions[rng.index(actions.len())], &mut events).expect("legal");
        all.extend(events.iter().copied());
    }
    assert!(!all.iter().any(|e| matches!(e, Event::RowExploded { cause: ExplosionCause::LongestRow, .. })));
}

// ---------------------------------------------------------------------------------------------
// No legal move

#[test]
fn a_seat_that_cannot_place_discards_a_card_of_its_choice_face_up() {
    let mut g = game(2, Options::default(), &DECK);
    play(&mut g, &STUCK_PREFIX);
    assert_eq!(g.to_move(), Some(Seat(0)));
    let discards: Vec<Action> = [1, 4, 5].into_iter().map(|card| Action::Discard { card }).collect();
    assert_eq!(legal(&g), discards, "E8: only discards are offered");
    assert_eq!(rejected(&g, 0, place(1, B)), "number_already_in_row");
    assert_eq!(rejected(&g, 0, place(4, A)), "own_card_on_top");
    assert_eq!(rejected(&g, 0, Action::Discard { card: 2 }), "card_not_in_hand");
    assert_eq!(rejected(&g, 0, Action::Pass), "pass_not_allowed");
    let events = act(&mut g, 0, Action::Discard { card: 4 });
    assert_eq!(events, vec![Event::Discarded { seat: Seat(0), card: Some(4), face_down: false }]);
    assert_eq!(g.to_move(), Some(Seat(1)));
    let x = g.seat_state(Seat(0)).expect("seat");
    assert_eq!(x.hand().to_vec(), vec![1, 5]);
    assert_eq!(x.discards()[0].unplayable.to_vec(), vec![1, 3, 4, 5, 7]);
    // Everyone sees the discard, and the deduced hand is exact.
    assert_eq!(g.event_view(&events[0], Viewer::Seat(Seat(1))), Some(events[0]));
    let view = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.seats[0].hand, None);
    assert_eq!(view.seats[0].discards[0].card, Some(4));
    assert_eq!(g.deduced_hand(Seat(0)).map(|d| (d.cards.to_vec(), d.exact)), Some((vec![1, 5], true)));
    // The round still ends when all cards are gone: 15 placements + 1 discard.
    let mut rng = GameRng::from_seed(1);
    let mut events = Vec::new();
    let mut turns = 11;
    while g.round() == 1 {
        let actions = legal(&g);
        g.apply(&actions[rng.index(actions.len())], &mut events).expect("legal");
        turns += 1;
    }
    assert_eq!(turns, 16, "every seat's 8 cards are used, one way or the other");
}

#[test]
fn a_face_down_discard_hides_the_card_from_the_others() {
    let options =
        Options { no_legal_move: NoLegalMove::DiscardFaceDown, show_deduced_hands: true, ..Options::default() };
    let mut g = game(2, options, &DECK);
    play(&mut g, &STUCK_PREFIX);
    let events = act(&mut g, 0, Action::Discard { card: 4 });
    let hidden = Event::Discarded { seat: Seat(0), card: None, face_down: true };
    assert_eq!(g.event_view(&events[0], Viewer::Seat(Seat(0))), Some(events[0]));
    assert_eq!(g.event_view(&events[0], Viewer::Seat(Seat(1))), Some(hidden));
    assert_eq!(g.event_view(&events[0], Viewer::Spectator), Some(hidden));
    let own = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(own.seats[0].discards[0].card, Some(4));
    let other = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(other.seats[0].discards[0].card, None);
    assert_eq!(other.seats[0].hand_size, 2);
    let deduced = other.seats[0].deduced_hand.expect("deduction shown");
    assert_eq!((deduced.cards.to_vec(), deduced.exact), (vec![1, 4, 5], false), "two of 1, 4, 5");
    // Determinization from Y's view draws X's two cards among 1, 4, 5: every pair occurs.
    let mut rng = GameRng::from_seed(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let sampled = Explosiv::determinize(&other, &mut rng).expect("consistent view");
        assert_eq!(sampled.view(Viewer::Seat(Seat(1))), other);
        let x = sampled.seat_state(Seat(0)).expect("seat");
        assert_eq!(x.hand().len() + 1, 3);
        seen.insert(x.hand().to_vec());
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
}

#[test]
fn skip_keep_passes_and_play_resumes() {
    let options = Options { no_legal_move: NoLegalMove::SkipKeep, ..Options::default() };
    let mut g = game(2, options, &DECK);
    play(&mut g, &STUCK_PREFIX);
    assert_eq!(legal(&g), vec![Action::Pass]);
    assert_eq!(rejected(&g, 0, Action::Discard { card: 4 }), "discard_not_allowed");
    assert_eq!(act(&mut g, 0, Action::Pass), vec![Event::Passed { seat: Seat(0) }]);
    assert_eq!(g.seat_state(Seat(0)).map(|s| s.hand().len()), Some(3), "X keeps its cards");
    // Y covers X's card on row C; X can play again.
    play(&mut g, &[(1, 2, C), (0, 1, C)]);
}

/// With `skip_keep`, after these 15 placements Y holds only its 1, which fits nowhere (A holds a
/// 1, B and C end with Y's cards), and X holds nothing: the round ends with the 1 unplayed.
const DEADLOCK_ROUND: [(u8, u8, u8); 15] = [
    (0, 4, A),
    (1, 3, A),
    (0, 7, B),
    (1, 8, B),
    (0, 5, B),
    (1, 2, B),
    (0, 3, C),
    (1, 7, C),
    (0, 1, A),
    (1, 6, A),
    (0, 2, C),
    (1, 5, C),
    (0, 6, C),
    (1, 4, C),
    (0, 8, A),
];

#[test]
fn skip_keep_ends_the_round_when_nobody_holding_cards_can_place() {
    let options = Options { no_legal_move: NoLegalMove::SkipKeep, ..no_two_player_rule() };
    let mut g = game(2, options, &DECK);
    let events = play(&mut g, &DEADLOCK_ROUND);
    assert!(events.iter().any(|e| matches!(e, Event::RoundEnded { round: 1, .. })), "round 1 is over");
    assert_eq!(g.round(), 2);
    assert_eq!(g.seat_state(Seat(1)).map(|s| s.hand()), Some(CardSet::ALL), "cards returned for round 2");
    // The same placements under the default rule leave Y a turn (its 1 goes as a discard).
    let mut g = game(2, no_two_player_rule(), &DECK);
    play(&mut g, &DEADLOCK_ROUND);
    assert_eq!((g.round(), g.to_move()), (1, Some(Seat(1))));
    assert_eq!(legal(&g), vec![Action::Discard { card: 1 }]);
}

// ---------------------------------------------------------------------------------------------
// Start player, end of game, ties for the win

#[test]
fn round_start_player_rotates_stays_red_or_goes_to_the_lowest_score() {
    let start = |round_start_player, deck: &[u8]| {
        let mut g = game(2, Options { round_start_player, ..no_two_player_rule() }, deck);
        play(&mut g, &PLUS_TWO_ROUND);
        (g.round(), g.to_move(), g.score(Seat(0)), g.score(Seat(1)))
    };
    assert_eq!(start(RoundStartPlayer::Rotate, &DECK), (2, Some(Seat(1)), 6, 7));
    assert_eq!(start(RoundStartPlayer::RedAlways, &DECK), (2, Some(Seat(0)), 6, 7));
    assert_eq!(start(RoundStartPlayer::LowestScore, &DECK), (2, Some(Seat(0)), 6, 7));
    let deck = [1, 8, 1, 5, 2, 7];
    assert_eq!(start(RoundStartPlayer::LowestScore, &deck), (2, Some(Seat(1)), 8, 2));
}

fn play_out(g: &mut Explosiv, seed: u64) {
    let mut rng = GameRng::from_seed(seed);
    let mut events = Vec::new();
    while !g.is_over() {
        let actions = legal(g);
        g.apply(&actions[rng.index(actions.len())], &mut events).expect("legal");
    }
}

#[test]
fn the_game_ends_when_too_few_explosive_cards_remain() {
    // 16 cards: 2 players 5 rounds (1 left), 3 players 4 rounds (none left), 4 players 3 rounds (1 left).
    for (players, rounds, left, reason) in
        [(2, 5, 1, "too_few_explosives"), (3, 4, 0, "explosives_exhausted"), (4, 3, 1, "too_few_explosives")]
    {
        let mut g = Explosiv::new(&Setup::new(players, 11)).expect("setup");
        play_out(&mut g, 4);
        assert_eq!((g.round(), g.deck().len()), (rounds, left), "{players} players");
        let outcome = g.outcome().expect("over");
        assert_eq!(outcome.reason, reason);
        let scores: Vec<i64> = Seat::all(players).map(|s| i64::from(g.score(s))).collect();
        assert_eq!(outcome.scores, scores, "003:55: the sum of the explosive cards won");
        assert!(g.rows().is_empty() && legal(&g).is_empty());
        assert_eq!(rejected(&g, 0, place(1, A)), "game_over");
    }
}

#[test]
fn ties_for_the_win_are_shared_or_go_to_more_briefcases() {
    // One round only (3 cards): X takes B (+5); Y takes A (+2) and C (+3). 5 all.
    let deck = [2, 5, 3];
    let mut g = game(2, no_two_player_rule(), &deck);
    let events = play(&mut g, &PLUS_TWO_ROUND);
    assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
    let outcome = g.outcome().expect("over");
    assert_eq!((outcome.scores.clone(), outcome.winners.clone()), (vec![5, 5], vec![Seat(0), Seat(1)]));
    assert_eq!(outcome.reason, "explosives_exhausted");
    let options = Options { game_tie_break: GameTieBreak::MostBriefcases, ..no_two_player_rule() };
    let mut g = game(2, options, &deck);
    play(&mut g, &PLUS_TWO_ROUND);
    let outcome = g.outcome().expect("over");
    assert_eq!((outcome.winners, outcome.ranks), (vec![Seat(1)], vec![2, 1]), "Y has two briefcases");
}

// ---------------------------------------------------------------------------------------------
// Views

#[test]
fn views_hide_other_hands_and_show_the_table() {
    let mut g = game(3, Options::default(), &DECK);
    play(&mut g, &[(0, 5, A), (1, 8, B)]);
    let mine = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(mine.seats[0].hand.map(CardSet::to_vec), Some(vec![1, 2, 3, 4, 6, 7, 8]));
    assert_eq!(mine.seats[1].hand, None);
    assert_eq!(mine.seats[1].hand_size, 7);
    assert_eq!(mine.seats[1].deduced_hand, None, "no deduction unless asked");
    assert_eq!(mine.deck, vec![1, 1, 2, 2, 3, 4, 5, 6, 7, 7, 8, 8], "composition, sorted; order hidden");
    assert_eq!(mine.rows[1].cards.len(), 1);
    let spectator = g.view(Viewer::Spectator);
    assert!(spectator.seats.iter().all(|s| s.hand.is_none()));
    let open = game(3, Explosiv::preset("open").expect("preset"), &DECK);
    let view = open.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.seats[0].deduced_hand.map(|d| (d.cards, d.exact)), Some((CardSet::ALL, true)));
    assert_eq!(view.seats[1].deduced_hand, None, "a seat's own hand is shown, not deduced");
}

#[test]
fn view_text_and_json_snapshots() {
    let options =
        Options { no_legal_move: NoLegalMove::DiscardFaceDown, show_deduced_hands: true, ..Options::default() };
    let mut g = game(2, options, &DECK);
    play(&mut g, &STUCK_PREFIX);
    act(&mut g, 0, Action::Discard { card: 4 });
    insta::assert_snapshot!("stuck_view_blue", g.view(Viewer::Seat(Seat(1))).to_string());
    insta::assert_snapshot!("stuck_view_red", g.view(Viewer::Seat(Seat(0))).to_string());
    insta::assert_json_snapshot!("stuck_view_blue_json", g.view(Viewer::Seat(Seat(1))));
    let mut g = game(2, Options::default(), &DECK);
    play(&mut g, &DOUBLE_EIGHT_ROUND);
    insta::assert_snapshot!("after_round_one_spectator", g.view(Viewer::Spectator).to_string());
}

/// How people number what the JSON counts from 0: seats count from 1 and rows are lettered in every text (issue 16), the JSON counts from 0.
const NUMBERING: Numbering<'static> = Numbering { never: &["seat 0", "Seat 0"], name: people_name };

/// The name people read for the index `n` that the JSON field `key` holds.
fn people_name(key: &str, n: u64) -> Option<String> {
    match key {
        "seat" | "start_player" | "winner" => Some(format!("seat {}", n + 1)),
        "row" => Some(format!("row {}", char::from(b'A' + n as u8))),
        _ => None,
    }
}

/// Every text a person reads counts seats from 1 and letters rows: each legal action as
/// `describe` says it, each event as every viewer sees it, each view's text, each refusal and
/// the result, at every step of random games (the JSON keeps its indices from 0).
#[test]
fn every_text_counts_seats_from_1_and_letters_rows() {
    let setups: Vec<Setup<Explosiv>> = (0..16u64).map(|seed| Setup::new(2 + (seed % 3) as usize, seed)).collect();
    let probes = |_: &Explosiv| (1..=8).flat_map(|card| (0..8).map(move |row| place(card, row))).collect();
    let texts = read_every_text(&setups, probes, |t| check_counts_from_1(&t, &NUMBERING));
    assert!(texts > 10_000, "only {texts} texts read");
    // Spelt out: seat 0 plays on row A; scores are named by colour, not by place in a list.
    let placed = Event::Placed { seat: Seat(0), card: 4, row: A };
    assert_eq!(placed.to_string(), "seat 1 plays 4 on row A");
    let mut g = game(3, Options::default(), &DECK);
    let events = play(&mut g, &[(0, 4, A)]);
    assert!(events.iter().all(|e| counts_from_0(&e.to_string(), NUMBERING.never).is_none()), "{events:?}");
}
