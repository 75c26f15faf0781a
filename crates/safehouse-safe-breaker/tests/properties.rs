//! Property tests of the exact deduction: from any seat's view, after any sequence of play, the
//! set of assignments it computes is exactly the set a brute-force enumeration of every deal
//! finds consistent with the view; it contains the true deal; it only shrinks as play goes
//! on; and its per-code counts and samples agree with that enumeration.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use safehouse_engine::{Game, GameRng, Seat, Setup, Viewer};
use safehouse_safe_breaker::{
    Action, Code, Colour, Entry, Exposure, Number, Options, SafeBreaker, SimpleWrongGuess, View,
};

/// Every injective map from `n` seats to `0..6`.
fn injections(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, used: &mut [bool; 6], current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == n {
            out.push(current.clone());
            return;
        }
        for v in 0..6 {
            if !used[v] {
                used[v] = true;
                current.push(v);
                go(n, used, current, out);
                current.pop();
                used[v] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut [false; 6], &mut Vec::new(), &mut out);
    out
}

/// Whether a full deal fits everything in `view`, checked naively fact by fact.
fn fits(view: &View, codes: &[Code]) -> bool {
    if let (Some(seat), Some(own)) = (view.seat(), view.own_code)
        && codes[seat.index()] != own
    {
        return false;
    }
    for (seat, code) in view.seats.iter().zip(codes) {
        if seat.lock.is_some_and(|c| c != code.colour) || seat.key.is_some_and(|n| n != code.number) {
            return false;
        }
    }
    if codes.iter().any(|c| view.exposed_locks.contains(&c.colour) || view.exposed_keys.contains(&c.number)) {
        return false;
    }
    view.log.iter().all(|entry| match *entry {
        Entry::Question { colour, number, no, yes, .. } => {
            let has = |s: Seat| codes[s.index()].colour == colour || codes[s.index()].number == number;
            no.iter().all(|s| !has(s)) && yes.is_none_or(has)
        }
        Entry::Guess { target, guess, correct, .. } => guess.matches(codes[target.index()]) == correct,
    })
}

/// Brute force: every deal of the view's player count that fits the view.
fn brute_force(view: &View) -> BTreeSet<Vec<Code>> {
    let n = view.players();
    let mut colour_maps = injections(n);
    let mut number_maps = injections(n);
    // Pre-filter on the viewer's own code only (cheap and obviously right).
    if let (Some(seat), Some(own)) = (view.seat(), view.own_code) {
        colour_maps.retain(|m| m[seat.index()] == own.colour.index());
        number_maps.retain(|m| m[seat.index()] == own.number.index());
    }
    let mut out = BTreeSet::new();
    for cm in &colour_maps {
        for nm in &number_maps {
            let codes: Vec<Code> =
                cm.iter().zip(nm).map(|(c, k)| Code::new(Colour::ALL[*c], Number::ALL[*k])).collect();
            if fits(view, &codes) {
                out.insert(codes);
            }
        }
    }
    out
}

fn options_from(bits: u8, players: usize) -> Options {
    let spare = (6 - players) as u8;
    Options {
        allow_two_players: true,
        keep_it_simple: bits & 1 != 0,
        simple_wrong_guess: if bits & 2 != 0 {
            SimpleWrongGuess::TurnPassesToAccused
        } else {
            SimpleWrongGuess::GuesserEliminated
        },
        reveal_wrong_guesser_code: bits & 4 != 0,
        exposed_locks: if bits & 8 != 0 { Exposure::Count(spare.min(1)) } else { Exposure::Count(0) },
        exposed_keys: if bits & 16 != 0 { Exposure::All } else { Exposure::Count(0) },
        ..Options::default()
    }
}

/// Plays `choices` (each a bias and an index) and checks the deduction of every seat at every step.
fn check_game(players: usize, seed: u64, bits: u8, choices: &[(u8, u16)], spectator: bool) {
    let options = options_from(bits, players);
    let mut game = SafeBreaker::new(&Setup::new(players, seed).with_options(options)).expect("setup");
    let truth: Vec<Code> = game.codes().collect();
    let mut previous: HashMap<Seat, BTreeSet<Vec<Code>>> = HashMap::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut rng = GameRng::from_seed(seed);
    for (step, &(bias, index)) in choices.iter().enumerate() {
        let mut viewers: Vec<Viewer> = Seat::all(players).map(Viewer::Seat).collect();
        if spectator {
            viewers.push(Viewer::Spectator);
        }
        for viewer in viewers {
            let view = game.view(viewer);
            let deduction = view.deduce().expect("a real game's view is consistent");
            let exact: BTreeSet<Vec<Code>> = deduction.assignments().into_iter().collect();
            assert_eq!(exact.len() as u64, deduction.worlds(), "step {step} {viewer:?}: duplicate assignments");
            assert!(exact.contains(&truth), "step {step} {viewer:?}: the true deal was ruled out");
            let brute = brute_force(&view);
            assert_eq!(exact, brute, "step {step} {viewer:?}: deduction differs from brute force");
            for seat in Seat::all(players) {
                for code in Code::all() {
                    let n = brute.iter().filter(|a| a[seat.index()] == code).count() as u64;
                    assert_eq!(deduction.code_count(seat, code), n, "step {step}: count of {seat} {code}");
                }
            }
            if deduction.worlds() <= 2_000 {
                let by_index: Vec<Vec<Code>> = (0..deduction.worlds()).filter_map(|i| deduction.nth(i)).collect();
                assert_eq!(by_index, deduction.assignments(), "step {step}: nth() and for_each() disagree");
                assert_eq!(deduction.nth(deduction.worlds()), None);
            }
            let sampled = deduction.sample(&mut rng);
            assert!(exact.contains(&sampled), "step {step}: sample outside the set");
            if let Some(seat) = viewer.seat() {
                if let Some(before) = previous.get(&seat) {
                    assert!(exact.is_subset(before), "step {step} {seat}: knowledge grew back");
                }
                previous.insert(seat, exact);
            }
        }
        if game.is_over() {
            break;
        }
        game.legal_actions(&mut legal);
        // Mostly questions, so that games run long and views fill with answers.
        let questions = legal.iter().filter(|a| matches!(a, Action::Ask { .. })).count();
        let action =
            if bias < 200 { legal[usize::from(index) % questions] } else { legal[usize::from(index) % legal.len()] };
        events.clear();
        game.apply(&action, &mut events).expect("legal action");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn deduction_is_exactly_brute_force_for_every_seat(
        players in 2usize..=6,
        seed in any::<u64>(),
        bits in any::<u8>(),
        choices in prop::collection::vec((any::<u8>(), any::<u16>()), 1..24),
    ) {
        check_game(players, seed, bits, &choices, false);
    }

    #[test]
    fn deduction_is_exactly_brute_force_for_spectators_of_small_games(
        players in 2usize..=3,
        seed in any::<u64>(),
        bits in any::<u8>(),
        choices in prop::collection::vec((any::<u8>(), any::<u16>()), 1..16),
    ) {
        check_game(players, seed, bits, &choices, true);
    }

    #[test]
    fn determinized_states_show_the_same_view(
        players in 3usize..=6,
        seed in any::<u64>(),
        bits in any::<u8>(),
        choices in prop::collection::vec(any::<u16>(), 0..30),
    ) {
        let options = options_from(bits, players);
        let mut game = SafeBreaker::new(&Setup::new(players, seed).with_options(options)).expect("setup");
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut rng = GameRng::from_seed(seed ^ 1);
        for index in choices {
            if game.is_over() {
                break;
            }
            game.legal_actions(&mut legal);
            let action = legal[usize::from(index) % 36];
            game.apply(&action, &mut events).expect("legal");
        }
        for seat in Seat::all(players) {
            let view = game.view(Viewer::Seat(seat));
            let sampled = SafeBreaker::determinize(&view, &mut rng).expect("consistent");
            prop_assert_eq!(sampled.view(Viewer::Seat(seat)), view);
            prop_assert!(fits(&game.view(Viewer::Seat(seat)), &sampled.codes().collect::<Vec<_>>()));
        }
    }
}

#[test]
fn samples_are_uniform_over_the_consistent_deals() {
    // Three players, no questions: seat 0 knows its code; 5 x 4 locks and 5 x 4 keys remain
    // for seats 1 and 2, so 400 deals, each equally likely.
    let game = SafeBreaker::new(&Setup::new(3, 11)).expect("setup");
    let view = game.view(Viewer::Seat(Seat(0)));
    let deduction = view.deduce().expect("consistent");
    assert_eq!(deduction.worlds(), 400);
    let mut rng = GameRng::from_seed(5);
    let mut seen: HashMap<Vec<Code>, u32> = HashMap::new();
    for _ in 0..40_000 {
        *seen.entry(deduction.sample(&mut rng)).or_default() += 1;
    }
    assert_eq!(seen.len(), 400);
    let (min, max) = (seen.values().min().copied(), seen.values().max().copied());
    // Expected 100 each; a binomial(40000, 1/400) stays within 100 +- 50 with overwhelming odds.
    assert!(min.is_some_and(|m| m > 50) && max.is_some_and(|m| m < 150), "min {min:?} max {max:?}");
}

#[test]
fn a_six_player_seat_starts_with_14400_worlds() {
    let game = SafeBreaker::new(&Setup::new(6, 3)).expect("setup");
    let deduction = game.view(Viewer::Seat(Seat(2))).deduce().expect("consistent");
    assert_eq!(deduction.worlds(), 14_400);
    let spectator = game.view(Viewer::Spectator).deduce().expect("consistent");
    assert_eq!(spectator.worlds(), 518_400);
    for seat in Seat::all(6).filter(|s| *s != Seat(2)) {
        for colour in Colour::ALL {
            let p = deduction.colour_probability(seat, colour);
            let own = game.seat(Seat(2)).map(|s| s.code.colour) == Some(colour);
            assert!((p - if own { 0.0 } else { 0.2 }).abs() < 1e-12);
        }
    }
}
