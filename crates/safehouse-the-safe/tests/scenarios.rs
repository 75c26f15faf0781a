//! Scenario tests from explicit deals: one test (or a few) per rule and per option, each
//! asserting what happens, with the rulebook line it checks (`004:n` = seed 004, line n).

use safehouse_engine::testing::{Numbering, check_counts_from_1, read_every_text};
use safehouse_engine::{ActionError, Game, Seat, Setup, SetupError, Viewer};
use safehouse_the_safe::deduction::{Deduction, mission_end_certainty};
use safehouse_the_safe::{
    Action, Card, Cards, Colour, ColourRestrictionCheck, Deal, Direction, EndReason, Event, MissionEndReason,
    MissionResult, OnMissionFail, Options, Phase, Reading, Restriction, RevealOrder, SoloLeftoverRule, TheSafe,
};

const ORANGE: Colour = Colour::Orange;
const GREEN: Colour = Colour::Green;
const YELLOW: Colour = Colour::Yellow;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn set(text: &str) -> Cards {
    cards(text).into_iter().collect()
}

/// A table to deal: everything not named goes to the draw pile, in card order (`O0` on top).
#[derive(Clone)]
struct Spec<'a> {
    players: usize,
    colour_cards: [u8; 4],
    restrictions: [Restriction; 4],
    reveal_order: Option<[u8; 4]>,
    mission: u8,
    code: &'a str,
    hands: &'a [&'a str],
    rows: [&'a str; 4],
    options: Options,
}

/// The `sudden-death` preset: a failed mission loses, so a test can see the failure end the game.
fn sudden_death() -> Options {
    Options { on_mission_fail: OnMissionFail::Lose, ..Options::default() }
}

impl Default for Spec<'_> {
    fn default() -> Self {
        Spec {
            players: 2,
            colour_cards: [1, 2, 2, 3],
            restrictions: [
                Restriction::Colour(ORANGE),
                Restriction::Even,
                Restriction::Colour(YELLOW),
                Restriction::Ascending,
            ],
            reveal_order: None,
            mission: 1,
            code: "O3 G5 Y7",
            hands: &["O4 G4 Y4", "O6 G6 Y6"],
            rows: ["", "", "", ""],
            options: Options::default(),
        }
    }
}

impl Spec<'_> {
    fn deal(&self) -> Deal {
        let colours = safehouse_the_safe::colours_in_play(self.players);
        let mut used = set(self.code);
        for text in self.hands.iter().chain(self.rows.iter()) {
            used |= set(text);
        }
        let all = Cards::of_colours(safehouse_the_safe::Colours::first(colours));
        Deal {
            colour_cards: self.colour_cards,
            restrictions: self.restrictions,
            reveal_order: self.reveal_order,
            first_player: Some(Seat(0)),
            mission: self.mission,
            code: cards(self.code),
            hands: self.hands.iter().map(|h| cards(h)).collect(),
            rows: self.rows.map(cards),
            draw_pile: (all & !used).iter().collect(),
        }
    }

    fn setup(&self) -> Setup<TheSafe> {
        Setup::new(self.players, 7).with_options(self.options.clone()).with_deal(self.deal())
    }

    fn start(&self) -> TheSafe {
        TheSafe::new(&self.setup()).unwrap_or_else(|e| panic!("deal rejected: {e}"))
    }
}

fn play(text: &str, row: u8) -> Action {
    Action::Play { card: card(text), row }
}

fn name(colour: Colour, number: u8) -> Action {
    Action::Name { colour, number }
}

fn apply(game: &mut TheSafe, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply(&action, &mut events).unwrap_or_else(|e| panic!("{action} rejected: {e}"));
    events
}

/// The rule an illegal action breaks; checks that it is not listed as legal and changes nothing.
fn reject(game: &TheSafe, action: Action) -> String {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(!legal.contains(&action), "{action} is listed as legal");
    let mut copy = game.clone();
    let mut events = Vec::new();
    let error = copy.apply(&action, &mut events).expect_err("illegal action accepted");
    assert_eq!(&copy, game, "a rejected action changed the state");
    assert!(events.is_empty());
    match error {
        ActionError::Illegal { rule, .. } => rule.into_owned(),
        other => panic!("unexpected error {other:?}"),
    }
}

fn legal(game: &TheSafe) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

fn readings(game: &TheSafe, row: usize) -> Vec<(Direction, u8)> {
    game.row(row).expect("row").readings().into_iter().map(|Reading { direction, last }| (direction, last)).collect()
}

use Direction::{Ascending as Up, Descending as Down};

// ---------------------------------------------------------------------------------------------
// Setup

#[test]
fn seeded_setup_follows_the_player_count_table() {
    // 004:21-25: colours in play, colour-card pools; 004:15 hands of three; 004:17 ascending.
    for players in 1..=6 {
        let game = TheSafe::new(&Setup::new(players, players as u64)).expect("setup");
        let colours = [3, 3, 3, 4, 4, 5, 5][players];
        assert_eq!(game.in_play().len(), colours);
        assert_eq!(game.code().len(), colours);
        assert_eq!(game.code().colours(), game.in_play());
        let cc = game.colour_cards();
        assert!(cc.windows(2).all(|w| w[0] <= w[1]), "{cc:?} ascending");
        let mut pool = safehouse_the_safe::colour_card_pool(players).to_vec();
        for v in cc {
            let i = pool.iter().position(|&p| p == v).expect("colour card from the pool");
            pool.remove(i);
        }
        for seat in Seat::all(players) {
            assert_eq!(game.hand(seat).len(), 3);
        }
        assert_eq!(game.draw_pile().len(), colours * 10 - colours - 3 * players);
        let r = game.restrictions();
        assert!(matches!(r[0], Restriction::Colour(c) if game.in_play().contains(c)));
        assert!(matches!(r[1], Restriction::Even | Restriction::Odd));
        assert!(matches!(r[2], Restriction::Colour(c) if game.in_play().contains(c) && r[0] != r[2]));
        assert!(matches!(r[3], Restriction::Ascending | Restriction::Descending));
        assert_eq!(game.active_restrictions(), [None; 4], "no restriction in mission 1");
        assert_eq!(game.phase(), Phase::Play { seat: game.first_player() });
    }
}

#[test]
fn bad_deals_are_refused_with_reasons() {
    let bad = |spec: Spec, needle: &str| {
        let error = TheSafe::new(&spec.setup()).expect_err("bad deal accepted");
        assert!(matches!(error, SetupError::InvalidDeal(_)), "{error:?}");
        assert!(error.to_string().contains(needle), "`{error}` should mention `{needle}`");
    };
    bad(Spec { colour_cards: [2, 1, 2, 3], ..Spec::default() }, "ascending");
    bad(Spec { colour_cards: [1, 2, 3, 3], ..Spec::default() }, "pool");
    bad(Spec { code: "O3 G5", ..Spec::default() }, "one card of each colour");
    bad(Spec { code: "O3 G5 B7", ..Spec::default() }, "one card of each colour");
    bad(Spec { hands: &["O4 G4 Y4 O5", "O6 G6 Y6"], ..Spec::default() }, "at most 3");
    bad(Spec { hands: &["O4 G4", "O6 G6 Y6"], ..Spec::default() }, "while the draw pile has cards");
    bad(Spec { hands: &["O4 G4 Y4", "O4 G6 Y6"], ..Spec::default() }, "twice");
    bad(Spec { rows: ["O1 G2", "", "", ""], ..Spec::default() }, "colour card allows 1");
    bad(Spec { rows: ["", "O1 O5 O2", "", ""], ..Spec::default() }, "does not fit");
    bad(Spec { mission: 6, ..Spec::default() }, "mission 6");
    bad(
        Spec {
            restrictions: [Restriction::Even, Restriction::Even, Restriction::Colour(GREEN), Restriction::Ascending],
            ..Spec::default()
        },
        "restrictions",
    );
    bad(Spec { reveal_order: Some([1, 0, 2, 3]), ..Spec::default() }, "left_to_right");
    bad(Spec { mission: 2, rows: ["G1", "", "", ""], ..Spec::default() }, "last free colour");
    let mut spec = Spec::default();
    spec.options.first_player = Some(Seat(1));
    bad(spec, "first_player");
}

// ---------------------------------------------------------------------------------------------
// Colour caps (004:36)

#[test]
fn colour_cards_cap_the_colours_of_a_row() {
    let spec =
        Spec { code: "O9 G9 Y9", rows: ["O3", "O7 G5", "", ""], hands: &["O4 G4 Y4", "O2 G6 Y6"], ..Spec::default() };
    let mut game = spec.start();
    // Row 0 is a "1": orange only.
    assert_eq!(reject(&game, play("G4", 0)), "colour_limit");
    // Row 1 is a "2" holding orange and green: no yellow, but both its colours go on.
    assert_eq!(reject(&game, play("Y4", 1)), "colour_limit");
    assert!(legal(&game).contains(&play("O4", 1)));
    assert!(legal(&game).contains(&play("G4", 1)));
    // The same colour may lie under several colour cards (004:36).
    apply(&mut game, play("O4", 0));
    assert_eq!(game.row(0).expect("row").cards(), cards("O3 O4").as_slice());
    // Row 3 is a "3": a first, second and third colour go on.
    apply(&mut game, play("Y6", 3));
    apply(&mut game, play("G4", 3));
    apply(&mut game, play("O2", 3));
    let row = game.row(3).expect("row");
    assert_eq!((row.colours().len(), row.cards()), (3, cards("Y6 G4 O2").as_slice()));
}

// ---------------------------------------------------------------------------------------------
// Directions and equal numbers (004:37-39)

#[test]
fn rows_ascend_or_descend_and_the_cards_fix_the_direction() {
    let spec = Spec {
        code: "O9 G9 Y9",
        rows: ["", "O2 O4", "G6 G5", ""],
        hands: &["O3 G4 Y4", "O6 G7 Y6"],
        ..Spec::default()
    };
    let mut game = spec.start();
    assert_eq!(readings(&game, 1), vec![(Up, 4)]);
    assert_eq!(readings(&game, 2), vec![(Down, 5)]);
    // "If there are already a 2 and a 4 ... only cards higher than 4" (004:38), equal allowed.
    assert_eq!(reject(&game, play("O3", 1)), "row_direction");
    assert!(legal(&game).contains(&play("G4", 1)));
    assert!(legal(&game).contains(&play("Y4", 2)) && legal(&game).contains(&play("O3", 2)));
    apply(&mut game, play("G4", 2));
    assert_eq!(readings(&game, 2), vec![(Down, 4)]);
    assert_eq!(reject(&game, play("O6", 2)), "row_direction");
    assert!(legal(&game).contains(&play("G7", 1)));
    // Gaps are fine (004:39): a 6 on a 3.
    let spec = Spec { code: "O9 G9 Y9", rows: ["", "", "", "O3"], hands: &["O6 G4 Y4", "O4 G6 Y6"], ..Spec::default() };
    let mut game = spec.start();
    apply(&mut game, play("O6", 3));
    assert_eq!(readings(&game, 3), vec![(Up, 6)]);
}

#[test]
fn equal_numbers_keep_both_directions_open() {
    // "A player may place a yellow 7 on a blue 7" (004:38).
    let spec = Spec { code: "O3 G5 Y8", rows: ["", "", "", "O7"], hands: &["G7 G4 Y4", "Y7 O6 Y6"], ..Spec::default() };
    let mut game = spec.start();
    apply(&mut game, play("G7", 3));
    apply(&mut game, play("Y7", 3));
    assert_eq!(readings(&game, 3), vec![(Up, 7), (Down, 7)]);
    apply(&mut game, play("G4", 3));
    assert_eq!(readings(&game, 3), vec![(Down, 4)], "the first strict step fixes the direction");
}

// ---------------------------------------------------------------------------------------------
// The Zero Rule (004:41-44)

/// The readings and accepted cards of row 3 (a "3") after placing `cards` in order.
fn zero_row(cards_text: &str) -> (Vec<(Direction, u8)>, Cards) {
    let spec =
        Spec { code: "O3 G5 Y8", rows: ["", "", "", cards_text], hands: &["O6 G6 Y6", "O7 G7 Y7"], ..Spec::default() };
    let game = spec.start();
    (readings(&game, 3), game.row(3).expect("row").playable())
}

#[test]
fn zero_counts_as_zero_or_ten() {
    // A lone 0: 0 or 10, either direction.
    let (r, accepts) = zero_row("O0");
    assert_eq!(r, vec![(Up, 0), (Up, 10), (Down, 0), (Down, 10)]);
    assert_eq!(accepts, Cards::of_colours(safehouse_the_safe::Colours::first(3)), "anything follows a lone 0");
    // "start with a 0 and place a 1 (increasing) or an 8 (descending) on top of it" (004:42).
    assert_eq!(zero_row("O0 O1").0, vec![(Up, 1), (Down, 1)]);
    assert_eq!(zero_row("O0 O8").0, vec![(Up, 8), (Down, 8)]);
    // "The third card played determines whether the row is ascending or descending" (004:43).
    assert_eq!(zero_row("O0 O1 O2").0, vec![(Up, 2)], "started with 0 as 0");
    assert_eq!(zero_row("O0 O8 O5").0, vec![(Down, 5)], "started with 0 as 10");
}

#[test]
fn zero_can_end_a_row_as_zero_or_ten() {
    // "end with a 0 (or 10) by placing it on a 2 (descending) or a 9 (increasing)" (004:42).
    let (r, accepts) = zero_row("O5 O9 O0");
    assert_eq!(r, vec![(Up, 10)], "ended with 0 as 10");
    // Only a 0 (as 10) can follow; the rules' mask also names the O0 already in the row.
    assert_eq!(accepts, set("O0 G0 Y0"));
    let (r, accepts) = zero_row("O5 O2 O0");
    assert_eq!(r, vec![(Down, 0)], "ended with 0 as 0");
    assert_eq!(accepts, set("O0 G0 Y0"));
}

#[test]
fn a_row_may_start_with_zero_and_end_with_ten() {
    // "It is permissible to start a row with a 0 and end with a 10, or vice versa" (004:43).
    assert_eq!(zero_row("O0 O2 O4 G0").0, vec![(Up, 10)], "0 as 0 ... 0 as 10");
    assert_eq!(zero_row("O0 O8 O4 G0").0, vec![(Down, 0)], "0 as 10 ... 0 as 0");
    // Both zeros next to each other ("0 as 0 & 0 as 10", 004:44).
    assert_eq!(zero_row("O0 G0").0, vec![(Up, 0), (Up, 10), (Down, 0), (Down, 10)]);
    // Playing it rather than dealing it: the same.
    let mut game = Spec { rows: ["", "", "", "O0 O2 O4"], hands: &["G0 G4 Y4", "O6 G6 Y6"], ..Spec::default() }.start();
    apply(&mut game, play("G0", 3));
    assert_eq!(readings(&game, 3), vec![(Up, 10)]);
    assert_eq!(reject(&game, play("O6", 3)), "row_direction");
}

// ---------------------------------------------------------------------------------------------
// Restriction cards (004:57-63), revealed one per mission from mission 2 (004:50, 004:56)

fn restricted<'a>(restrictions: [Restriction; 4], hands: &'a [&'a str]) -> Spec<'a> {
    Spec { mission: 5, restrictions, hands, code: "O9 G5 Y7", ..Spec::default() }
}

#[test]
fn colour_restriction_reserves_a_slot() {
    let r = [Restriction::Colour(GREEN), Restriction::Odd, Restriction::Colour(YELLOW), Restriction::Descending];
    let mut game = restricted(r, &["O5 G4 Y2", "O6 G6 Y6"]).start();
    assert_eq!(game.active_restrictions(), r.map(Some));
    // Row 0 is a "1" that must include green: only green (004:59).
    assert_eq!(reject(&game, play("O5", 0)), "colour_restriction");
    assert_eq!(reject(&game, play("Y2", 0)), "colour_restriction");
    assert!(legal(&game).contains(&play("G4", 0)));
    // Row 2 is a "2" that must include yellow: a first colour is free...
    apply(&mut game, play("O5", 2));
    // ... but the second must be yellow.
    assert_eq!(reject(&game, play("G6", 2)), "colour_restriction");
    assert!(legal(&game).contains(&play("Y6", 2)) && legal(&game).contains(&play("O6", 2)));
    apply(&mut game, play("G6", 3));
    assert!(legal(&game).contains(&play("Y2", 2)), "yellow fills the reserved slot");
    apply(&mut game, play("Y2", 2));
    assert_eq!(game.row(2).expect("row").colours().len(), 2);
}

#[test]
fn colour_restriction_checked_at_mission_end() {
    // Option `end_of_mission`: any colour may go on; a row lacking its colour fails the mission.
    let layout = Spec {
        mission: 2,
        restrictions: [
            Restriction::Colour(GREEN),
            Restriction::Even,
            Restriction::Colour(YELLOW),
            Restriction::Ascending,
        ],
        code: "O3 G5 Y7",
        hands: &["O9", "G9"],
        rows: ["", "G0 G1 G2 G3 G4 G6 G7 G8", "Y0 Y1 Y2 Y3 Y4 Y5 Y6 Y8", "O0 O1 O2 O4 O5 O6 O7 O8 Y9"],
        options: Options { colour_restriction: ColourRestrictionCheck::EndOfMission, ..sudden_death() },
        ..Spec::default()
    };
    let mut game = layout.clone().start();
    apply(&mut game, play("O9", 0)); // legal only because the check waits for the end
    let events = apply(&mut game, play("G9", 1));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MissionResolved { report } if report.result == MissionResult::ColourRestrictionUnmet { row: 0, colour: GREEN }
    )));
    assert_eq!(game.phase(), Phase::Over { won: false, reason: EndReason::MissionFailed });
    // The default reserves the slot: orange cannot go on row 0 at all.
    let game = Spec { options: Options::default(), ..layout }.start();
    assert_eq!(reject(&game, play("O9", 0)), "colour_restriction");
}

#[test]
fn even_and_odd_restrictions() {
    // 0 counts as even (gap T6).
    let even = [Restriction::Colour(GREEN), Restriction::Even, Restriction::Colour(YELLOW), Restriction::Ascending];
    let game = restricted(even, &["O3 O0 O4", "O6 G6 Y6"]).start();
    assert_eq!(reject(&game, play("O3", 1)), "even_only");
    assert!(legal(&game).contains(&play("O0", 1)));
    assert!(legal(&game).contains(&play("O4", 1)));
    let odd = [Restriction::Colour(GREEN), Restriction::Odd, Restriction::Colour(YELLOW), Restriction::Ascending];
    let game = restricted(odd, &["O3 O0 O4", "O6 G6 Y6"]).start();
    assert_eq!(reject(&game, play("O0", 1)), "odd_only");
    assert_eq!(reject(&game, play("O4", 1)), "odd_only");
    assert!(legal(&game).contains(&play("O3", 1)));
    assert_eq!(game.row(1).expect("row").playable().numbers(ORANGE), 0b10_1010_1010);
}

#[test]
fn direction_restrictions() {
    let up = [Restriction::Colour(GREEN), Restriction::Even, Restriction::Colour(YELLOW), Restriction::Ascending];
    let mut game = restricted(up, &["O5 O0 O4", "O6 G6 Y6"]).start();
    apply(&mut game, play("O5", 3));
    assert_eq!(readings(&game, 3), vec![(Up, 5)], "an ascending row has one direction from its first card");
    apply(&mut game, play("O6", 3));
    assert_eq!(reject(&game, play("O4", 3)), "row_direction");
    assert!(legal(&game).contains(&play("O0", 3)), "0 as 10 ends an ascending row");
    let down = [Restriction::Colour(GREEN), Restriction::Even, Restriction::Colour(YELLOW), Restriction::Descending];
    let mut game = restricted(down, &["O5 O0 O4", "O6 G6 Y6"]).start();
    apply(&mut game, play("O0", 3));
    assert_eq!(readings(&game, 3), vec![(Down, 0), (Down, 10)], "a 0 opens a descending row as 0 or 10");
    apply(&mut game, play("O6", 3));
    assert_eq!(readings(&game, 3), vec![(Down, 6)]);
    assert!(legal(&game).contains(&play("O5", 3)));
}

#[test]
fn restrictions_are_revealed_in_order_and_accumulate() {
    let r = [Restriction::Colour(GREEN), Restriction::Odd, Restriction::Colour(YELLOW), Restriction::Descending];
    let at = |mission: u8| Spec { mission, restrictions: r, ..Spec::default() }.start().active_restrictions();
    assert_eq!(at(1), [None, None, None, None]);
    assert_eq!(at(2), [Some(r[0]), None, None, None]);
    assert_eq!(at(3), [Some(r[0]), Some(r[1]), None, None]);
    assert_eq!(at(4), [Some(r[0]), Some(r[1]), Some(r[2]), None]);
    assert_eq!(at(5), r.map(Some));
    // Option `random`: the deal (or the seed) fixes another order.
    let spec = Spec {
        mission: 3,
        restrictions: r,
        reveal_order: Some([3, 1, 0, 2]),
        options: Options { restriction_reveal_order: RevealOrder::Random, ..Options::default() },
        ..Spec::default()
    };
    let game = spec.start();
    assert_eq!(game.active_restrictions(), [None, Some(r[1]), None, Some(r[3])]);
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.revealed.iter().map(|r| r.row).collect::<Vec<_>>(), vec![3, 1]);
}

// ---------------------------------------------------------------------------------------------
// Turns: must play, draw back to three, pass (004:33-35, gap T7)

/// Nobody can play any of these hands: rows closed to the numbers 4-7.
const CLOSED_ROWS: [&str; 4] = ["O1 O8", "G2 G9", "Y9 Y1", "O9 O2"];

#[test]
fn a_seat_must_play_when_it_can_and_draws_back_to_three() {
    let mut game = Spec { rows: CLOSED_ROWS, hands: &["O7 O6 G6", "Y0 Y5 Y6"], ..Spec::default() }.start();
    assert_eq!(legal(&game), vec![Action::Pass], "seat 0 holds nothing playable");
    assert_eq!(reject(&game, play("O7", 0)), "row_direction");
    let events = apply(&mut game, Action::Pass);
    assert!(matches!(events[0], Event::Passed { seat: Seat(0), .. }));
    assert_eq!(game.passed(Seat(0)), Some(game.playable()));
    // Seat 1 can play Y0 (as 0 on the descending yellow row, or as 10 after G9): must not pass.
    assert_eq!(game.phase(), Phase::Play { seat: Seat(1) });
    assert_eq!(reject(&game, Action::Pass), "must_play");
    let events = apply(&mut game, play("Y0", 2));
    // It draws the top of the pile (O0 in these deals) back up to three.
    assert!(events.contains(&Event::Drew { seat: Seat(1), card: Some(card("O0")) }));
    assert_eq!(game.hand(Seat(1)).len(), 3);
    // Seat 0 passed and is skipped for the rest of the mission.
    assert_eq!(game.phase(), Phase::Play { seat: Seat(1) });
}

#[test]
fn no_draw_from_an_empty_pile() {
    let mut game = Spec { hands: &["O9", "G9"], ..case_1() }.start();
    let events = apply(&mut game, play("O9", 0));
    assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
    assert!(game.hand(Seat(0)).is_empty());
    assert_eq!(game.phase(), Phase::Play { seat: Seat(1) });
}

// ---------------------------------------------------------------------------------------------
// End of a mission (004:45-50)

/// Everything on the table but O9 and G9, the code O3 G5 Y7: the last two plays empty the hands.
fn case_1() -> Spec<'static> {
    Spec {
        hands: &["O9", "G9"],
        rows: ["O0 O1 O2 O4 O5 O6 O7 O8", "G0 G1 G2 G3 G4 G6 G7 G8", "Y0 Y1 Y2 Y3 Y4 Y5 Y6 Y8", "Y9"],
        ..Spec::default()
    }
}

#[test]
fn case_1_all_hands_empty_then_the_team_names_the_code() {
    let mut game = case_1().start();
    apply(&mut game, play("O9", 0));
    let events = apply(&mut game, play("G9", 3));
    assert!(
        events
            .contains(&Event::MissionEnded { reason: MissionEndReason::HandsEmpty, held_colours: game.held_colours() })
    );
    // Everybody may name; the first player is asked first (gap T10).
    assert_eq!(game.phase(), Phase::Naming { seat: Seat(0), colour: ORANGE });
    // Only the missing numbers remain: every seat deduces the code with certainty (004:47).
    for seat in Seat::all(2) {
        let d = Deduction::for_viewer(&game, Viewer::Seat(seat)).expect("deduction");
        assert_eq!([d.certain(ORANGE), d.certain(GREEN), d.certain(YELLOW)], [Some(3), Some(5), Some(7)]);
    }
    let certainty = mission_end_certainty(&game).expect("naming").expect("consistent");
    assert!(certainty.iter().all(|c| c.namer_certain() && c.eligible.len() == 2));
    assert_eq!(reject(&game, name(GREEN, 5)), "wrong_colour");
    assert_eq!(reject(&game, play("O3", 0)), "naming");
    apply(&mut game, name(ORANGE, 3));
    apply(&mut game, name(GREEN, 5));
    let events = apply(&mut game, name(YELLOW, 7));
    // Cracked: the next mission starts with the next restriction card (004:50-56).
    let report = game.last_mission().expect("report");
    assert_eq!(report.result, MissionResult::Cracked);
    assert_eq!((report.code, report.named), (set("O3 G5 Y7"), set("O3 G5 Y7")));
    assert!(events.contains(&Event::RestrictionRevealed { row: 0, restriction: Restriction::Colour(ORANGE) }));
    assert!(events.contains(&Event::MissionStarted { mission: 2, attempt: 2 }));
    assert_eq!((game.mission(), game.completed()), (2, 1));
    assert_eq!(game.active_restrictions(), [Some(Restriction::Colour(ORANGE)), None, None, None]);
    // Reshuffled: all 30 cards back, new code, fresh hands of three, empty rows (004:53-55).
    assert!((0..4).all(|r| game.row(r).expect("row").cards().is_empty()));
    assert_eq!(game.code().colours().len(), 3);
    let mut all = game.code() | game.hand(Seat(0)) | game.hand(Seat(1));
    all |= game.draw_pile().iter().copied().collect::<Cards>();
    assert_eq!(all.len(), 30);
    assert_eq!((game.hand(Seat(0)).len(), game.hand(Seat(1)).len(), game.draw_pile().len()), (3, 3, 21));
    assert_eq!(game.phase(), Phase::Play { seat: Seat(0) });
}

#[test]
fn reshuffles_draw_new_codes_from_the_seed() {
    let mut codes = Vec::new();
    for seed in 0..6 {
        let mut setup = case_1().setup();
        setup.seed = seed;
        let mut game = TheSafe::new(&setup).expect("setup");
        apply(&mut game, play("O9", 0));
        apply(&mut game, play("G9", 3));
        for (colour, number) in [(ORANGE, 3), (GREEN, 5), (YELLOW, 7)] {
            apply(&mut game, name(colour, number));
        }
        assert_eq!(game.mission(), 2);
        codes.push(game.code().bits());
    }
    codes.sort_unstable();
    codes.dedup();
    assert!(codes.len() >= 4, "new codes: {codes:?}");
}

#[test]
fn case_2_players_with_cards_cannot_name_their_colours() {
    // Seat 0 keeps orange and green, seat 1 yellow; nobody can play (004:48).
    let mut game =
        Spec { rows: CLOSED_ROWS, hands: &["O7 O6 G6", "Y4 Y5 Y6"], options: sudden_death(), ..Spec::default() }
            .start();
    apply(&mut game, Action::Pass);
    let events = apply(&mut game, Action::Pass);
    let held = game.held_colours();
    assert!(events.contains(&Event::MissionEnded { reason: MissionEndReason::NobodyCanPlay, held_colours: held }));
    assert_eq!(held.seat(Seat(0)), [ORANGE, GREEN].into_iter().collect());
    // Orange and green are named by seat 1, yellow by seat 0.
    assert_eq!(game.phase(), Phase::Naming { seat: Seat(1), colour: ORANGE });
    assert_eq!(game.naming_seat(GREEN), Some(Seat(1)));
    assert_eq!(game.naming_seat(YELLOW), Some(Seat(0)));
    // Seat 1 cannot be sure of orange: O0, O3, O4, O5, O6 and O7 are all unseen by it.
    let d = Deduction::for_viewer(&game, Viewer::Seat(Seat(1))).expect("deduction");
    assert_eq!(d.possible(ORANGE), vec![0, 3, 4, 5, 6, 7]);
    assert_eq!(d.certain(ORANGE), None);
    // Seat 0 sees its own O6 O7: it would know more, but may not name orange.
    let d0 = Deduction::for_viewer(&game, Viewer::Seat(Seat(0))).expect("deduction");
    assert_eq!(d0.possible(ORANGE), vec![0, 3, 4, 5]);
    // The view shows the held colours to everyone, numbers stay hidden.
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(spectator.held_colours, Some(held));
    assert_eq!(spectator.hand, None);
    // Guessing is allowed (004:48): a wrong guess fails the mission.
    apply(&mut game, name(ORANGE, 0));
    assert_eq!(reject(&game, Action::Name { colour: GREEN, number: 10 }), "no_such_number");
    apply(&mut game, name(GREEN, 5));
    assert_eq!(game.phase(), Phase::Naming { seat: Seat(0), colour: YELLOW });
    apply(&mut game, name(YELLOW, 7));
    let report = game.last_mission().expect("report");
    assert_eq!(report.result, MissionResult::WrongCode { wrong: [ORANGE].into_iter().collect() });
    assert_eq!(game.phase(), Phase::Over { won: false, reason: EndReason::MissionFailed });
    let outcome = game.outcome().expect("outcome");
    assert!(outcome.cooperative && outcome.winners.is_empty());
    assert_eq!((outcome.scores.clone(), outcome.reason.as_str()), (vec![0, 0], "mission_failed"));
}

#[test]
fn case_3_a_colour_every_player_holds_cannot_be_cracked() {
    // Both seats hold green (004:49).
    let mut game =
        Spec { rows: CLOSED_ROWS, hands: &["O7 O6 G6", "G7 Y5 Y6"], options: sudden_death(), ..Spec::default() }
            .start();
    apply(&mut game, Action::Pass);
    let events = apply(&mut game, Action::Pass);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MissionResolved { report } if report.result == MissionResult::SafeCannotBeCracked { colour: GREEN }
    )));
    assert_eq!(game.last_mission().expect("report").named, Cards::EMPTY, "nobody named anything");
    assert!(game.is_over());
}

#[test]
fn solo_leftovers_fail_or_are_allowed() {
    let solo = |rule| Spec {
        players: 1,
        rows: CLOSED_ROWS,
        hands: &["O7 O6 G6"],
        options: Options { solo_leftover_rule: rule, ..Options::default() },
        ..Spec::default()
    };
    // Literal case 3 (004:49) with one player: fail at once.
    let mut game = solo(SoloLeftoverRule::Fail).start();
    apply(&mut game, Action::Pass);
    assert_eq!(game.last_mission().map(|r| r.result), Some(MissionResult::SafeCannotBeCracked { colour: ORANGE }));
    // House rule: the solo player names every colour.
    let mut game = solo(SoloLeftoverRule::Allowed).start();
    apply(&mut game, Action::Pass);
    assert_eq!(game.phase(), Phase::Naming { seat: Seat(0), colour: ORANGE });
    for (colour, number) in [(ORANGE, 3), (GREEN, 5), (YELLOW, 7)] {
        apply(&mut game, name(colour, number));
    }
    assert_eq!(game.last_mission().map(|r| r.result), Some(MissionResult::Cracked));
    assert_eq!(game.mission(), 2);
}

// ---------------------------------------------------------------------------------------------
// Mission progression, winning and failing (004:30, 004:50; gap T11)

/// Mission `mission` with every restriction respected by the rows; O9 and G9 left to play.
fn last_plays(mission: u8, options: Options) -> Spec<'static> {
    Spec {
        mission,
        restrictions: [
            Restriction::Colour(ORANGE),
            Restriction::Even,
            Restriction::Colour(YELLOW),
            Restriction::Ascending,
        ],
        hands: &["O9", "G9"],
        rows: ["O0 O1 O2 O4 O5 O6 O7 O8", "G0 G2 Y2 G4 Y4 G6 Y6 G8 Y8 Y0", "Y1 G1 Y3 G3 Y5 G7 Y9", ""],
        options,
        ..Spec::default()
    }
}

fn finish(game: &mut TheSafe, code: [u8; 3]) -> Vec<Event> {
    apply(game, play("O9", 0));
    apply(game, play("G9", 2));
    let mut events = Vec::new();
    for (colour, number) in [ORANGE, GREEN, YELLOW].into_iter().zip(code) {
        events = apply(game, name(colour, number));
    }
    events
}

#[test]
fn five_missions_in_a_row_win() {
    let mut game = last_plays(5, Options::default()).start();
    assert_eq!(game.active_restrictions().iter().filter(|r| r.is_some()).count(), 4);
    let events = finish(&mut game, [3, 5, 7]);
    assert!(events.contains(&Event::GameOver { won: true, score: 5, reason: EndReason::AllSafesCracked }));
    let outcome = game.outcome().expect("outcome");
    assert_eq!(outcome.winners, vec![Seat(0), Seat(1)]);
    assert_eq!((outcome.scores, outcome.reason.as_str()), (vec![5, 5], "all_safes_cracked"));
}

#[test]
fn a_failed_mission_starts_the_streak_again_by_default() {
    // 004:28 "in succession", 004:30 "consecutively", 004:50 "in a row": a failure breaks the
    // streak, it does not end the game.
    let mut game = last_plays(3, Options::default()).start();
    let events = finish(&mut game, [3, 5, 8]);
    assert!(events.contains(&Event::MissionStarted { mission: 1, attempt: 2 }));
    assert!(!game.is_over());
    assert_eq!((game.mission(), game.completed()), (1, 0));
    assert_eq!(game.view(Viewer::Spectator).best, 2, "the best streak is kept as the score");
}

#[test]
fn sudden_death_loses_at_the_first_failure() {
    let mut game = last_plays(3, sudden_death()).start();
    let events = finish(&mut game, [3, 5, 8]);
    assert!(events.contains(&Event::GameOver { won: false, score: 2, reason: EndReason::MissionFailed }));
    assert_eq!(game.outcome().expect("outcome").scores, vec![2, 2]);
}

#[test]
fn retry_deals_the_same_mission_again() {
    let options = Options { on_mission_fail: OnMissionFail::RetryMission, ..Options::default() };
    let mut game = last_plays(3, options).start();
    let events = finish(&mut game, [3, 5, 8]);
    assert!(events.contains(&Event::MissionStarted { mission: 3, attempt: 2 }));
    assert!(!events.iter().any(|e| matches!(e, Event::RestrictionRevealed { .. })), "nothing new to reveal");
    assert_eq!((game.mission(), game.completed(), game.attempts()), (3, 2, 2));
    assert_eq!(game.active_restrictions().iter().filter(|r| r.is_some()).count(), 2);
}

#[test]
fn restart_goes_back_to_mission_1_and_keeps_the_best_streak() {
    let options = Options { on_mission_fail: OnMissionFail::RestartFromMission1, ..Options::default() };
    let mut game = last_plays(4, options).start();
    let events = finish(&mut game, [0, 5, 7]);
    assert!(events.contains(&Event::MissionStarted { mission: 1, attempt: 2 }));
    assert_eq!((game.mission(), game.completed()), (1, 0));
    assert_eq!(game.active_restrictions(), [None; 4], "mission 1 has no restriction in force");
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!((view.best, view.revealed.len()), (3, 3), "the revealed cards stay known");
}

#[test]
fn the_mission_limit_ends_endless_retries() {
    let options = Options { on_mission_fail: OnMissionFail::RetryMission, mission_limit: 5, ..Options::default() };
    let mut game = last_plays(2, options).start();
    finish(&mut game, [0, 0, 0]);
    // Keep failing: name everything wrong as soon as play ends.
    let mut events = Vec::new();
    let mut steps = 0;
    while !game.is_over() {
        let mut actions = legal(&game);
        if let Phase::Naming { colour, .. } = game.phase() {
            let wrong = (game.code().numbers(colour).trailing_zeros() as u8 + 1) % 10;
            actions = vec![name(colour, wrong)];
        }
        events = apply(&mut game, actions[0]);
        steps += 1;
        assert!(steps < 1_000);
    }
    assert!(events.contains(&Event::GameOver { won: false, score: 1, reason: EndReason::MissionLimitReached }));
    assert_eq!(game.attempts(), 5);
}

// ---------------------------------------------------------------------------------------------
// Views and events

#[test]
fn views_show_only_what_a_seat_may_know() {
    let game = Spec { rows: CLOSED_ROWS, hands: &["O7 O6 G6", "Y4 Y5 Y6"], ..Spec::default() }.start();
    let mine = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(mine.hand, Some(set("O7 O6 G6")));
    assert_eq!(mine.hand_sizes, vec![3, 3]);
    assert_eq!(mine.draw_pile, 13);
    assert_eq!(mine.held_colours, None, "colours are shown only once play ends");
    assert_eq!(game.view(Viewer::Spectator).hand, None);
    // Another code (and other hidden cards) give the same view to everyone but their holder.
    let other =
        Spec { code: "O4 G5 Y7", rows: CLOSED_ROWS, hands: &["O7 O6 G6", "Y3 Y5 Y6"], ..Spec::default() }.start();
    assert_eq!(other.view(Viewer::Seat(Seat(0))), mine, "seat 0 cannot tell the code or seat 1's hand");
    assert_ne!(other.view(Viewer::Seat(Seat(1))), game.view(Viewer::Seat(Seat(1))));
    // Events: others' draws and deals are hidden.
    let hidden = Event::Drew { seat: Seat(1), card: Some(card("O0")) };
    assert_eq!(game.event_view(&hidden, Viewer::Seat(Seat(0))), Some(Event::Drew { seat: Seat(1), card: None }));
    assert_eq!(game.event_view(&hidden, Viewer::Seat(Seat(1))), Some(hidden));
    assert_eq!(game.event_view(&hidden, Viewer::Spectator), Some(Event::Drew { seat: Seat(1), card: None }));
}

#[test]
fn snapshot_of_a_mission_end_as_seat_1_sees_it() {
    let mut game = Spec { rows: CLOSED_ROWS, hands: &["O7 O6 G6", "Y4 Y5 Y6"], ..Spec::default() }.start();
    let mut log = Vec::new();
    for action in [Action::Pass, Action::Pass, name(ORANGE, 3)] {
        log.push(format!("> {action}"));
        for event in apply(&mut game, action) {
            if let Some(seen) = game.event_view(&event, Viewer::Seat(Seat(1))) {
                log.push(format!("  {seen}"));
            }
        }
    }
    log.push(game.view(Viewer::Seat(Seat(1))).to_string());
    insta::assert_snapshot!("mission_end_seat_1", log.join("\n"));
}

/// How people number what the JSON counts from 0: seats and rows count from 1 in every text (issue 16), the JSON from 0.
const NUMBERING: Numbering<'static> = Numbering { never: &["seat 0", "Seat 0", "row 0", "Row 0"], name: people_name };

/// The name people read for the index `n` that the JSON field `key` holds.
fn people_name(key: &str, n: u64) -> Option<String> {
    match key {
        "seat" => Some(format!("seat {}", n + 1)),
        "row" => Some(format!("row {}", n + 1)),
        _ => None,
    }
}

/// Every text a person reads counts seats and rows from 1: each legal action as `describe` says
/// it, each event as every viewer sees it, each view's text, each refusal and the result, at
/// every step of random games (the JSON keeps its indices from 0).
#[test]
fn every_text_counts_seats_and_rows_from_1() {
    let setups: Vec<Setup<TheSafe>> = (0..16u64).map(|seed| Setup::new(1 + (seed % 5) as usize, seed)).collect();
    let probes = |game: &TheSafe| {
        let seat = game.to_move().expect("a seat to move");
        game.hand(seat).into_iter().flat_map(|card| (0..=4).map(move |row| Action::Play { card, row })).collect()
    };
    let texts = read_every_text(&setups, probes, |t| check_counts_from_1(&t, &NUMBERING));
    assert!(texts > 5_000, "only {texts} texts read");
    // Spelt out: row 0 is row 1, and a row that does not exist is named as people count.
    assert_eq!(Action::Play { card: card("G7"), row: 0 }.to_string(), "play G7 on row 1");
    let unmet = MissionResult::ColourRestrictionUnmet { row: 3, colour: GREEN };
    assert_eq!(unmet.to_string(), "row 4 lacks its colour green");
    let revealed = Event::RestrictionRevealed { row: 1, restriction: Restriction::Even };
    assert_eq!(revealed.to_string(), "restriction revealed under row 2: even numbers only");
    let mut game = TheSafe::new(&Setup::new(2, 3)).expect("setup");
    let seat = game.to_move().expect("a seat to move");
    let held = game.hand(seat).into_iter().next().expect("a card");
    let error = game.apply(&Action::Play { card: held, row: 4 }, &mut Vec::new()).expect_err("no fifth row");
    assert_eq!(error.to_string(), "there is no row 5; rows are 1 to 4");
}
