//! Scenario tests from explicit deals: every rule, every option, and what each seat sees.

use safehouse_engine::testing::{Numbering, check_counts_from_1, read_every_text};
use safehouse_engine::{ActionError, Game, GameOptions, GameRng, Seat, Setup, SetupError, Viewer};
use safehouse_safe_breaker::{
    Action, Code, Colour, Deal, Entry, Event, Exposure, Guess, Half, HalfRevealTurn, Number, Options, OutReason,
    QuestionHistory, SafeBreaker, SeatSet, SimpleWrongGuess, Status,
};

fn colour(letter: char) -> Colour {
    Colour::parse(&letter.to_string()).expect("colour letter")
}

fn number(n: u8) -> Number {
    Number::new(n).expect("number 1-6")
}

/// `"R1"` -> red 1.
fn code(text: &str) -> Code {
    let mut chars = text.chars();
    let c = colour(chars.next().expect("letter"));
    let n = chars.next().and_then(|d| d.to_digit(10)).expect("digit") as u8;
    Code::new(c, number(n))
}

fn ask(text: &str) -> Action {
    let c = code(text);
    Action::Ask { colour: c.colour, number: c.number }
}

fn guess(target: u8, text: &str) -> Action {
    let c = code(text);
    Action::Guess { target: Seat(target), colour: c.colour, number: c.number }
}

fn game_with(codes: &[&str], options: Options) -> SafeBreaker {
    let mut deal = Deal::new(codes.iter().map(|c| code(c)).collect());
    deal.first_player = Some(Seat(0));
    let mut setup: Setup<SafeBreaker> = Setup::new(codes.len(), 7).with_options(options).with_deal(deal);
    if setup.players == 2 {
        setup.options.allow_two_players = true;
    }
    SafeBreaker::new(&setup).expect("valid setup")
}

/// Four players: red 1, blue 2, yellow 3, green 4; purple, orange, 5 and 6 set aside.
fn four() -> SafeBreaker {
    game_with(&["R1", "B2", "Y3", "G4"], Options::default())
}

fn play(game: &mut SafeBreaker, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    let seat = game.to_move().expect("game not over");
    game.apply_as(seat, &action, &mut events).unwrap_or_else(|e| panic!("{action} rejected: {e}"));
    events
}

fn rejected(game: &SafeBreaker, action: Action) -> String {
    let mut copy = game.clone();
    let mut events = Vec::new();
    let error = copy.apply(&action, &mut events).expect_err("action should be illegal");
    assert_eq!(&copy, game, "a rejected action changed the state");
    assert!(events.is_empty());
    match error {
        ActionError::Illegal { rule, .. } => rule.into_owned(),
        other => other.code().to_owned(),
    }
}

fn answered(events: &[Event]) -> Vec<(u8, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Answered { seat, yes } => Some((seat.0, *yes)),
            _ => None,
        })
        .collect()
}

#[test]
fn yes_takes_the_turn() {
    // 001:19-23: the question goes left and round until someone has the colour or the number.
    let mut g = four();
    let events = play(&mut g, ask("Y5"));
    assert_eq!(answered(&events), vec![(1, false), (2, true)]);
    assert_eq!(events[0], Event::Asked { asker: Seat(0), to: Seat(1), colour: colour('Y'), number: number(5) });
    assert_eq!(events.last(), Some(&Event::Turn { seat: Seat(2) }));
    assert_eq!(g.to_move(), Some(Seat(2)));
    let mut no = SeatSet::EMPTY;
    no.insert(Seat(1));
    assert_eq!(
        g.log(),
        &[Entry::Question { asker: Seat(0), colour: colour('Y'), number: number(5), no, yes: Some(Seat(2)) }]
    );
    // 001:22: the number alone is enough (blue 1 answers "Yes" to red 1).
    let events = play(&mut g, ask("P2"));
    assert_eq!(answered(&events), vec![(3, false), (0, false), (1, true)]);
    assert_eq!(g.to_move(), Some(Seat(1)));
}

#[test]
fn all_no_gives_the_asker_another_turn() {
    // 001:24; purple and 6 are set aside with four players in this deal.
    let mut g = four();
    let events = play(&mut g, ask("P6"));
    assert_eq!(answered(&events), vec![(1, false), (2, false), (3, false)]);
    assert!(events.contains(&Event::AllAnsweredNo { asker: Seat(0) }));
    assert_eq!(g.to_move(), Some(Seat(0)));
}

#[test]
fn the_asker_never_answers_their_own_question() {
    // S4: asking about your own parts (S5, allowed) goes round to everybody else and stops.
    let mut g = four();
    let events = play(&mut g, ask("R1"));
    assert_eq!(answered(&events), vec![(1, false), (2, false), (3, false)]);
    assert_eq!(g.to_move(), Some(Seat(0)));
}

#[test]
fn seats_out_of_the_game_are_skipped() {
    // S3: seat 1 is out; seat 0's question goes straight to seat 2.
    let mut g = four();
    play(&mut g, guess(1, "B2"));
    assert_eq!(g.to_move(), Some(Seat(0)));
    let events = play(&mut g, ask("G6"));
    assert_eq!(events[0], Event::Asked { asker: Seat(0), to: Seat(2), colour: colour('G'), number: number(6) });
    assert_eq!(answered(&events), vec![(2, false), (3, true)]);
}

#[test]
fn a_right_guess_puts_the_accused_out_face_up_and_the_guesser_goes_again() {
    // 001:29-30, S7.
    let mut g = four();
    let events = play(&mut g, guess(2, "Y3"));
    assert_eq!(
        events,
        vec![
            Event::Guessed {
                guesser: Seat(0),
                target: Seat(2),
                guess: Guess::Code { colour: colour('Y'), number: number(3) },
                correct: true
            },
            Event::Eliminated { seat: Seat(2), reason: OutReason::Cracked, face_up: true, code: Some(code("Y3")) },
            Event::Turn { seat: Seat(0) },
        ]
    );
    assert_eq!(g.seat(Seat(2)).map(|s| s.status), Some(Status::Out { reason: OutReason::Cracked, order: 1 }));
    // Everybody sees the code, spectators too.
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert_eq!(g.view(viewer).seats[2].code(), Some(code("Y3")));
        assert_eq!(g.event_view(&events[1], viewer), Some(events[1]));
    }
}

#[test]
fn a_wrong_guess_puts_the_guesser_out_face_down_and_the_accused_plays() {
    // 001:30, S2 (default: face down).
    let mut g = four();
    let events = play(&mut g, guess(2, "Y4"));
    let out =
        Event::Eliminated { seat: Seat(0), reason: OutReason::WrongGuess, face_up: false, code: Some(code("R1")) };
    assert!(events.contains(&out));
    assert_eq!(g.to_move(), Some(Seat(2)));
    // Hidden from everybody but the guesser.
    let hidden = Event::Eliminated { seat: Seat(0), reason: OutReason::WrongGuess, face_up: false, code: None };
    assert_eq!(g.event_view(&out, Viewer::Seat(Seat(0))), Some(out));
    assert_eq!(g.event_view(&out, Viewer::Seat(Seat(1))), Some(hidden));
    assert_eq!(g.event_view(&out, Viewer::Spectator), Some(hidden));
    assert_eq!(g.view(Viewer::Seat(Seat(1))).seats[0].code(), None);
    assert_eq!(g.view(Viewer::Seat(Seat(0))).own_code, Some(code("R1")));
    // The view says the code lies face down.
    assert!(g.view(Viewer::Spectator).to_string().contains("face down"));
}

#[test]
fn reveal_wrong_guesser_code_lays_it_face_up() {
    // S2, North & South edition.
    let mut g = game_with(&["R1", "B2", "Y3", "G4"], Options { reveal_wrong_guesser_code: true, ..Options::default() });
    let events = play(&mut g, guess(2, "Y4"));
    let out = Event::Eliminated { seat: Seat(0), reason: OutReason::WrongGuess, face_up: true, code: Some(code("R1")) };
    assert!(events.contains(&out));
    assert_eq!(g.event_view(&out, Viewer::Spectator), Some(out));
    assert_eq!(g.view(Viewer::Seat(Seat(3))).seats[0].code(), Some(code("R1")));
}

#[test]
fn the_last_player_standing_wins_and_every_code_is_shown() {
    // 001:31-32, 001:7.
    let mut g = four();
    play(&mut g, guess(1, "B2")); // seat 1 out (1st), seat 0 again
    play(&mut g, guess(3, "G5")); // wrong: seat 0 out face down (2nd), seat 3 plays
    assert_eq!(g.to_move(), Some(Seat(3)));
    let events = play(&mut g, guess(2, "Y3")); // seat 2 out (3rd): seat 3 wins
    assert!(g.is_over());
    assert!(events.contains(&Event::GameOver { winner: Seat(3) }));
    assert!(events.contains(&Event::CodeShown { seat: Seat(0), code: code("R1") }));
    assert!(events.contains(&Event::CodeShown { seat: Seat(3), code: code("G4") }));
    assert_eq!(g.winner(), Some(Seat(3)));
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.winners, vec![Seat(3)]);
    assert_eq!(outcome.scores, vec![1, 0, 2, 3]);
    assert_eq!(outcome.ranks, vec![3, 4, 2, 1]);
    assert_eq!(outcome.reason, "last_player_standing");
    let view = g.view(Viewer::Spectator);
    assert!(view.seats.iter().all(|s| s.code().is_some()));
    let mut legal = vec![ask("R1")];
    g.legal_actions(&mut legal);
    assert!(legal.is_empty());
    assert_eq!(rejected(&g, ask("R1")), "game_over");
}

#[test]
fn illegal_guesses_are_rejected_and_change_nothing() {
    let mut g = four();
    assert_eq!(rejected(&g, guess(0, "R1")), "guess_self");
    assert_eq!(rejected(&g, guess(4, "R1")), "no_such_seat");
    assert_eq!(rejected(&g, Action::GuessLock { target: Seat(1), colour: colour('B') }), "half_guess_not_allowed");
    assert_eq!(rejected(&g, Action::GuessKey { target: Seat(1), number: number(2) }), "half_guess_not_allowed");
    play(&mut g, guess(1, "B2"));
    assert_eq!(rejected(&g, guess(1, "B2")), "target_out");
    let mut events = Vec::new();
    assert_eq!(
        g.clone().apply_as(Seat(2), &ask("R1"), &mut events),
        Err(ActionError::NotYourTurn { seat: Seat(2), to_move: Seat(0) })
    );
}

#[test]
fn legal_actions_are_every_question_and_every_guess_at_every_other_player() {
    let mut g = four();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal.len(), 36 + 3 * 36);
    assert!(legal.contains(&ask("R1")) && legal.contains(&guess(3, "O6")));
    assert!(!legal.iter().any(|a| matches!(a, Action::Guess { target: Seat(0), .. })));
    play(&mut g, guess(1, "B2"));
    g.legal_actions(&mut legal);
    assert_eq!(legal.len(), 36 + 2 * 36);
    let simple = game_with(&["R1", "B2", "Y3"], Options { keep_it_simple: true, ..Options::default() });
    simple.legal_actions(&mut legal);
    assert_eq!(legal.len(), 36 + 2 * (36 + 12));
}

fn simple(options: Options) -> SafeBreaker {
    game_with(&["R1", "B2", "Y3", "G4"], Options { keep_it_simple: true, ..options })
}

#[test]
fn keep_it_simple_first_half_shows_it_and_the_accused_plays() {
    // 001:36-38; S11: "it is now their turn" = the accused's.
    let mut g = simple(Options::default());
    let events = play(&mut g, Action::GuessLock { target: Seat(2), colour: colour('Y') });
    assert!(events.contains(&Event::HalfShown { seat: Seat(2), half: Half::Lock { colour: colour('Y') } }));
    assert_eq!(g.to_move(), Some(Seat(2)));
    assert_eq!(g.seat(Seat(2)).map(|s| s.status), Some(Status::Active));
    let view = g.view(Viewer::Seat(Seat(1)));
    assert_eq!((view.seats[2].lock, view.seats[2].key), (Some(colour('Y')), None));
    // A face-up half cannot be guessed again; its half-guesses are no longer listed.
    play(&mut g, ask("R6")); // seat 2 asks; seat 3 no, seat 0 yes
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert_eq!(rejected(&g, Action::GuessLock { target: Seat(2), colour: colour('Y') }), "half_already_shown");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::GuessLock { target: Seat(2), .. })));
    assert!(legal.iter().any(|a| matches!(a, Action::GuessKey { target: Seat(2), .. })));
    // 001:39: the second half puts them out; the guesser goes again (as 001:30).
    let events = play(&mut g, Action::GuessKey { target: Seat(2), number: number(3) });
    assert!(events.contains(&Event::Eliminated {
        seat: Seat(2),
        reason: OutReason::Cracked,
        face_up: true,
        code: Some(code("Y3"))
    }));
    assert_eq!(g.to_move(), Some(Seat(0)));
}

#[test]
fn keep_it_simple_turn_after_half_reveal_can_stay_with_the_guesser() {
    let mut g = simple(Options { turn_after_half_reveal: HalfRevealTurn::Guesser, ..Options::default() });
    play(&mut g, Action::GuessKey { target: Seat(3), number: number(4) });
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert_eq!(g.seat(Seat(3)).map(|s| (s.lock_shown, s.key_shown)), Some((false, true)));
}

#[test]
fn keep_it_simple_wrong_half_guess_puts_the_guesser_out_by_default() {
    let mut g = simple(Options::default());
    let events = play(&mut g, Action::GuessLock { target: Seat(1), colour: colour('R') });
    assert!(events.iter().any(|e| matches!(e, Event::Eliminated { seat: Seat(0), reason: OutReason::WrongGuess, .. })));
    assert_eq!(g.to_move(), Some(Seat(1)));
}

#[test]
fn keep_it_simple_wrong_half_guess_can_only_pass_the_turn() {
    let mut g = simple(Options { simple_wrong_guess: SimpleWrongGuess::TurnPassesToAccused, ..Options::default() });
    let events = play(&mut g, Action::GuessLock { target: Seat(1), colour: colour('R') });
    assert!(!events.iter().any(|e| matches!(e, Event::Eliminated { .. })));
    assert_eq!(g.active().len(), 4);
    assert_eq!(g.to_move(), Some(Seat(1)));
    // A full guess is still allowed and works as in the basic game (001:40).
    play(&mut g, guess(3, "G4"));
    assert_eq!(g.active().len(), 3);
    assert_eq!(g.to_move(), Some(Seat(1)));
}

#[test]
fn quick_game_exposes_set_aside_parts() {
    // 001:34, S10: the deal says which; the seed draws them otherwise.
    let options = Options { exposed_locks: Exposure::Count(1), exposed_keys: Exposure::All, ..Options::default() };
    let mut deal = Deal::new(vec![code("R1"), code("B2"), code("Y3")]);
    deal.exposed_locks = Some(vec![colour('O')]);
    deal.exposed_keys = Some(vec![number(6), number(4), number(5)]);
    let g = SafeBreaker::new(&Setup::new(3, 1).with_options(options.clone()).with_deal(deal.clone())).expect("setup");
    let view = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.exposed_locks, vec![colour('O')]);
    assert_eq!(view.exposed_keys, vec![number(6), number(4), number(5)]);
    assert!(view.to_string().contains("Set aside, face up: locks [orange], keys [6, 4, 5]."));
    // Drawn from the seed: right counts, never a dealt part.
    for seed in 0..20 {
        let g = SafeBreaker::new(&Setup::new(3, seed).with_options(options.clone())).expect("setup");
        assert_eq!((g.exposed_locks().len(), g.exposed_keys().len()), (1, 3));
        assert!(g.codes().all(|c| !g.exposed_locks().contains(&c.colour) && !g.exposed_keys().contains(&c.number)));
    }
    // Bad deals.
    let mut bad = deal.clone();
    bad.exposed_locks = Some(vec![colour('R')]);
    let err = SafeBreaker::new(&Setup::new(3, 1).with_options(options.clone()).with_deal(bad)).expect_err("held part");
    assert_eq!(err.code(), "bad_deal");
    let mut bad = deal;
    bad.exposed_keys = Some(vec![number(6)]);
    assert!(SafeBreaker::new(&Setup::new(3, 1).with_options(options).with_deal(bad)).is_err());
    // Too many for the table.
    let too_many = Options { exposed_locks: Exposure::Count(3), ..Options::default() };
    assert!(matches!(
        SafeBreaker::new(&Setup::new(4, 1).with_options(too_many)),
        Err(SetupError::InvalidOption { .. })
    ));
}

#[test]
fn bad_deals_are_rejected() {
    let dup = Deal::new(vec![code("R1"), code("R2"), code("Y3")]);
    assert_eq!(SafeBreaker::new(&Setup::new(3, 0).with_deal(dup)).map(|_| ()).map_err(|e| e.code()), Err("bad_deal"));
    let dup = Deal::new(vec![code("R1"), code("B1"), code("Y3")]);
    assert!(SafeBreaker::new(&Setup::new(3, 0).with_deal(dup)).is_err());
    let short = Deal::new(vec![code("R1"), code("B2")]);
    assert!(SafeBreaker::new(&Setup::new(3, 0).with_deal(short)).is_err());
    let mut first = Deal::new(vec![code("R1"), code("B2"), code("Y3")]);
    first.first_player = Some(Seat(3));
    assert!(SafeBreaker::new(&Setup::new(3, 0).with_deal(first)).is_err());
    let json = r#"{"codes": [{"colour": "red", "number": 1}, {"colour": "teal", "number": 2}]}"#;
    assert!(serde_json::from_str::<Deal>(json).is_err());
}

#[test]
fn player_counts_and_first_player() {
    // S1: 3-6; two only behind the option.
    assert!(SafeBreaker::new(&Setup::new(2, 0)).is_err());
    let two = Options { allow_two_players: true, ..Options::default() };
    let mut g = SafeBreaker::new(&Setup::new(2, 0).with_options(two)).expect("two players");
    assert!(SafeBreaker::new(&Setup::new(7, 0)).is_err());
    // With two players a guess always ends the game.
    let target = Seat(1 - g.to_move().expect("to move").0);
    let wrong = Code::all().find(|c| Some(*c) != g.seat(target).map(|s| s.code)).expect("a wrong code");
    play(&mut g, Action::Guess { target, colour: wrong.colour, number: wrong.number });
    assert_eq!(g.winner(), Some(target));
    // S12: the option names the first player; otherwise the seed chooses, every seat possible.
    let g =
        SafeBreaker::new(&Setup::new(5, 0).with_options(Options { first_player: Some(Seat(4)), ..Options::default() }))
            .expect("setup");
    assert_eq!(g.to_move(), Some(Seat(4)));
    let firsts: std::collections::HashSet<Seat> =
        (0..60).filter_map(|seed| SafeBreaker::new(&Setup::new(4, seed)).ok()?.to_move()).collect();
    assert_eq!(firsts.len(), 4);
}

#[test]
fn deals_from_seeds_use_every_part_once() {
    for seed in 0..50 {
        let g = SafeBreaker::new(&Setup::new(6, seed)).expect("setup");
        let mut colours: Vec<usize> = g.codes().map(|c| c.colour.index()).collect();
        let mut numbers: Vec<usize> = g.codes().map(|c| c.number.index()).collect();
        colours.sort_unstable();
        numbers.sort_unstable();
        assert_eq!(colours, (0..6).collect::<Vec<_>>());
        assert_eq!(numbers, (0..6).collect::<Vec<_>>());
    }
}

#[test]
fn views_show_own_code_and_public_facts_only() {
    let g = four();
    let view = g.view(Viewer::Seat(Seat(2)));
    assert_eq!(view.own_code, Some(code("Y3")));
    assert!(view.seats.iter().all(|s| s.code().is_none()));
    assert_eq!(g.view(Viewer::Spectator).own_code, None);
    // The whole log is in every view, whatever the history option (S9).
    let mut g =
        game_with(&["R1", "B2", "Y3", "G4"], Options { question_history: QuestionHistory::None, ..Options::default() });
    play(&mut g, ask("P6"));
    play(&mut g, ask("O5"));
    let view = g.view(Viewer::Seat(Seat(3)));
    assert_eq!(view.log.len(), 2);
    assert!(view.shown_log().is_empty());
}

#[test]
fn view_text_follows_the_history_option() {
    let play_some = |options: Options| {
        let mut g = game_with(&["R1", "B2", "Y3", "G4"], options);
        play(&mut g, ask("P6")); // all no
        play(&mut g, ask("Y5")); // seat 1 no, seat 2 yes
        play(&mut g, guess(0, "R2")); // seat 2 wrong: out face down, seat 0 plays
        g
    };
    let full = play_some(Options::default());
    insta::assert_snapshot!("view_full_history_seat_1", full.view(Viewer::Seat(Seat(1))).to_string());
    let last = play_some(Options {
        question_history: QuestionHistory::LastN,
        question_history_count: 1,
        ..Options::default()
    });
    insta::assert_snapshot!("view_last_1_spectator", last.view(Viewer::Spectator).to_string());
    let none = play_some(Options { question_history: QuestionHistory::None, ..Options::default() });
    insta::assert_snapshot!("view_no_history_seat_2", none.view(Viewer::Seat(Seat(2))).to_string());
}

#[test]
fn actions_and_events_in_json_and_words() {
    insta::assert_json_snapshot!(
        "actions_json",
        [
            ask("R1"),
            guess(2, "Y3"),
            Action::GuessLock { target: Seat(1), colour: colour('P') },
            Action::GuessKey { target: Seat(1), number: number(6) },
        ]
    );
    let words: Vec<String> = [ask("R1"), guess(2, "Y3"), Action::GuessLock { target: Seat(1), colour: colour('P') }]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(words, vec!["ask: red lock 1? (R1)", "guess seat 3 has yellow 3 (Y3)", "guess seat 2's lock is purple"]);
    let back: Action = serde_json::from_str(r#"{"type": "ask", "colour": "orange", "number": 6}"#).expect("action");
    assert_eq!(back, ask("O6"));
    assert!(serde_json::from_str::<Action>(r#"{"type": "ask", "colour": "orange", "number": 0}"#).is_err());
    let mut g = four();
    let events = play(&mut g, ask("Y5"));
    let text: Vec<String> = events.iter().map(ToString::to_string).collect();
    insta::assert_debug_snapshot!("ask_events_text", text);
}

#[test]
fn deduction_follows_the_answers() {
    // Seat 0 (R1) asks; the answers pin seat 1 down.
    let mut g = game_with(&["R1", "B2", "Y3"], Options::default());
    play(&mut g, ask("B2")); // seat 1 yes; seat 1 to move
    play(&mut g, ask("Y4")); // seat 2 yes; seat 2 to move
    play(&mut g, ask("B3")); // seat 0 no, seat 1 yes
    let view = g.view(Viewer::Seat(Seat(0)));
    let d = view.deduce().expect("consistent");
    let truth = [code("R1"), code("B2"), code("Y3")];
    let assignments = d.assignments();
    assert_eq!(assignments.len() as u64, d.worlds());
    assert!(assignments.iter().any(|a| a.as_slice() == truth));
    // Every assignment obeys every answer.
    for a in &assignments {
        assert_eq!(a[0], code("R1"));
        assert!(a[1].answers_yes(colour('B'), number(2)) && a[1].answers_yes(colour('B'), number(3)));
        assert!(a[2].answers_yes(colour('Y'), number(4)));
    }
    // Probabilities add up, per seat and per part.
    for seat in [Seat(1), Seat(2)] {
        let total: f64 = Colour::ALL.iter().map(|c| d.colour_probability(seat, *c)).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
    assert_eq!(d.code_probability(Seat(0), code("R1")), 1.0);
    assert_eq!(d.certain_code(Seat(0)), Some(code("R1")));
    // A right guess makes the code certain for everybody.
    assert_eq!(g.to_move(), Some(Seat(1)));
    play(&mut g, guess(2, "Y3"));
    let d = g.view(Viewer::Spectator).deduce().expect("consistent");
    assert_eq!(d.certain_code(Seat(2)), Some(code("Y3")));
    assert!(d.is_certain(Seat(2), Guess::Lock { colour: colour('Y') }));
    assert_eq!(d.set_aside_colour_probability(colour('Y')), 0.0);
}

#[test]
fn deduction_finds_a_certain_code_from_answers_alone() {
    // Three players, every set-aside part exposed: seat 0 (R1) knows the others hold {B, Y} x {2, 3}.
    let options = Options { exposed_locks: Exposure::All, exposed_keys: Exposure::All, ..Options::default() };
    let mut deal = Deal::new(vec![code("R1"), code("B2"), code("Y3")]);
    deal.first_player = Some(Seat(0));
    let mut g = SafeBreaker::new(&Setup::new(3, 0).with_options(options).with_deal(deal)).expect("setup");
    let d = g.view(Viewer::Seat(Seat(0))).deduce().expect("consistent");
    assert_eq!(d.worlds(), 4); // (B or Y) x (2 or 3) for seat 1, seat 2 the rest
    assert_eq!(d.certain_code(Seat(1)), None);
    play(&mut g, ask("Y2")); // seat 1 (B2) yes via the 2
    play(&mut g, ask("Y2")); // seat 1 asks: seat 2 (Y3) yes via yellow
    let d = g.view(Viewer::Seat(Seat(0))).deduce().expect("consistent");
    // Seat 1: yes to Y2 -> B2, Y2 or Y3 ; seat 2 yes to Y2 likewise. Worlds: (B2,Y3), (Y3,B2), (Y2,B3)? no:
    // B3 says no to Y2. So (B2, Y3) and (Y3, B2).
    assert_eq!(d.worlds(), 2);
    assert!((d.code_probability(Seat(1), code("B2")) - 0.5).abs() < 1e-12);
    assert!(!d.is_certain(Seat(1), Guess::Code { colour: colour('B'), number: number(2) }));
    play(&mut g, ask("B6")); // seat 2 asks: seat 0 no, seat 1 yes (blue)
    let d = g.view(Viewer::Seat(Seat(0))).deduce().expect("consistent");
    assert_eq!(d.worlds(), 1);
    assert_eq!(d.certain_code(Seat(1)), Some(code("B2")));
    assert_eq!(d.certain_code(Seat(2)), Some(code("Y3")));
    assert_eq!(d.certain_colour(Seat(2)), Some(colour('Y')));
    assert_eq!(d.certain_number(Seat(1)), Some(number(2)));
}

#[test]
fn determinize_keeps_the_view_and_varies_the_hidden_codes() {
    let mut g = four();
    play(&mut g, ask("Y5"));
    let view = g.view(Viewer::Seat(Seat(0)));
    let mut rng = GameRng::from_seed(3);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        let sampled = SafeBreaker::determinize(&view, &mut rng).expect("consistent");
        assert_eq!(sampled.view(Viewer::Seat(Seat(0))), view);
        seen.insert(sampled.codes().collect::<Vec<_>>());
    }
    assert!(seen.len() > 20, "determinize should spread over many deals, got {}", seen.len());
    // A view that contradicts itself is refused.
    let mut bad = view.clone();
    bad.seats[1].lock = Some(colour('R')); // seat 0 holds red
    assert!(matches!(SafeBreaker::determinize(&bad, &mut rng), Err(SetupError::InconsistentView(_))));
    let mut bad = view;
    bad.to_move = Some(Seat(5));
    assert!(SafeBreaker::determinize(&bad, &mut rng).is_err());
}

#[test]
fn presets_exist_and_validate() {
    for name in ["standard", "standard-with-limit", "quick-game", "keep-it-simple", "memory", "open-eliminations"] {
        let options = SafeBreaker::preset(name).expect("preset");
        for players in 3..=6 {
            assert!(SafeBreaker::new(&Setup::new(players, 1).with_options(options.clone())).is_ok(), "{name}");
        }
    }
    assert!(SafeBreaker::preset("nope").is_err());
    assert!(SafeBreaker::INFO.rules.contains("S11"));
}

#[test]
fn the_standard_preset_is_the_book_and_the_limit_has_its_own_name() {
    // 001 has no question limit: the preset named for the book (and the defaults) carry none.
    let standard = SafeBreaker::preset("standard").expect("standard");
    assert_eq!(standard, Options::default());
    assert_eq!(standard.question_limit, None);
    // Tables of bots need one so that every game ends; that preset says so in its name.
    let limited = SafeBreaker::preset("standard-with-limit").expect("standard-with-limit");
    assert_eq!(limited, Options { question_limit: Some(150), ..Options::default() });
    // A table with no person (simulator, server bot table) gets that limit unless it set one.
    assert_eq!(Options::default().for_bots_only(), limited);
    let own = Options { question_limit: Some(40), ..Options::default() };
    assert_eq!(own.for_bots_only(), own);
}

#[test]
fn actions_and_events_are_small() {
    assert!(std::mem::size_of::<Action>() <= 4, "Action is {} bytes", std::mem::size_of::<Action>());
    assert!(std::mem::size_of::<Event>() <= 8, "Event is {} bytes", std::mem::size_of::<Event>());
    assert!(std::mem::size_of::<Entry>() <= 8, "Entry is {} bytes", std::mem::size_of::<Entry>());
}

#[test]
fn after_the_question_limit_only_whole_code_guesses_are_legal_so_every_game_ends() {
    // A digital-table rule (not in 001): after `question_limit` questions the table must guess.
    let options = Options { question_limit: Some(2), keep_it_simple: true, ..Options::default() };
    let mut game = game_with(&["R1", "B2", "Y3", "G4"], options);
    play(&mut game, ask("P5"));
    play(&mut game, ask("P5"));
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, Action::Guess { .. })), "{legal:?}");
    assert_eq!(rejected(&game, ask("R1")), "question_limit");
    let me = game.to_move().expect("to move");
    let target = me.next(4);
    let half = Action::GuessLock { target, colour: colour('R') };
    assert_eq!(rejected(&game, half), "question_limit");
    // Every whole-code guess puts someone out, so the game ends within three more actions.
    let mut steps = 0;
    while game.to_move().is_some() {
        game.legal_actions(&mut legal);
        play(&mut game, legal[0]);
        steps += 1;
    }
    assert!(steps <= 3, "{steps}");
    assert!(game.outcome().is_some());

    // With no limit, questions stay legal for ever.
    let mut unlimited = game_with(&["R1", "B2", "Y3", "G4"], Options { question_limit: None, ..Options::default() });
    for _ in 0..300 {
        play(&mut unlimited, ask("P5"));
    }
    unlimited.legal_actions(&mut legal);
    assert!(legal.contains(&ask("P5")));
}

#[test]
fn a_state_can_be_built_from_a_view_and_codes_that_fit_it() {
    let mut game = four();
    play(&mut game, ask("P5")); // Nobody: seat 0 asks again.
    play(&mut game, ask("B1")); // Seat 1 (blue 2) says "Yes".
    let view = game.view(Viewer::Seat(Seat(1)));
    let codes = |list: &[&str]| list.iter().map(|c| code(c)).collect::<Vec<Code>>();

    let rebuilt =
        SafeBreaker::from_view_with_codes(&view, &codes(&["R1", "B2", "Y3", "G4"])).expect("the true codes fit");
    assert_eq!(rebuilt, game);
    // Another deal the view allows (seat 1 must hold blue or a 1; it is seat 1's own view).
    assert!(SafeBreaker::from_view_with_codes(&view, &codes(&["Y4", "B2", "R3", "O1"])).is_ok());

    for bad in [
        &["R1", "B2", "Y3"][..],       // a code missing
        &["R1", "B2", "R3", "G4"][..], // red twice
        &["R1", "B2", "Y1", "G4"][..], // 1 twice
        &["R1", "P2", "Y3", "G4"][..], // not seat 1's own code
    ] {
        assert!(
            matches!(SafeBreaker::from_view_with_codes(&view, &codes(bad)), Err(SetupError::InconsistentView(_))),
            "{bad:?} should not fit"
        );
    }
}

/// How people number what the JSON counts from 0: seats count from 1 in every text (issue 16), the JSON from 0.
const NUMBERING: Numbering<'static> = Numbering { never: &["seat 0", "Seat 0"], name: people_name };

/// The name people read for the index `n` that the JSON field `key` holds.
fn people_name(key: &str, n: u64) -> Option<String> {
    match key {
        "seat" | "asker" | "to" | "target" | "guesser" | "winner" => Some(format!("seat {}", n + 1)),
        _ => None,
    }
}

/// Every text a person reads counts seats from 1: each legal action as `describe` says it, each
/// event as every viewer sees it, each view's text, each refusal and the result, at every step
/// of random games, with and without Keep it simple (the JSON keeps its indices from 0).
#[test]
fn every_text_counts_seats_from_1() {
    let setups: Vec<Setup<SafeBreaker>> = (0..24u64)
        .map(|seed| {
            let options = Options { keep_it_simple: seed % 2 == 1, ..Options::default() };
            Setup::new(3 + (seed % 4) as usize, seed).with_options(options)
        })
        .collect();
    let probes = |_: &SafeBreaker| {
        let (colour, number) = (Colour::ALL[0], Number::ALL[0]);
        (0..8)
            .map(Seat)
            .flat_map(|target| {
                [
                    Action::Guess { target, colour, number },
                    Action::GuessLock { target, colour },
                    Action::GuessKey { target, number },
                ]
            })
            .collect()
    };
    let texts = read_every_text(&setups, probes, |t| check_counts_from_1(&t, &NUMBERING));
    assert!(texts > 5_000, "only {texts} texts read");
    // Spelt out: seat 0 is seat 1, and a seat that does not exist is named as people count.
    let mut g = game_with(&["R1", "B2", "Y3"], Options::default());
    let mut events = Vec::new();
    let nobody = g.apply(&guess(7, "B2"), &mut events).expect_err("no eighth seat");
    assert_eq!(nobody.to_string(), "there is no seat 8 at this table");
    g.apply(&ask("Y5"), &mut events).expect("a question");
    let words: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(words[0], "seat 1 asks seat 2: \"Do you have yellow lock 5?\"");
}
