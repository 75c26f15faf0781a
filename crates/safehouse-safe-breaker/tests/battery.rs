//! The engine's shared battery over many seeded random games, every player count and every
//! option, with Safe Breaker's invariants: each lock and key exists once, the log tells the
//! truth about the codes, and the table's bookkeeping agrees with itself.

use safehouse_engine::testing::{check_golden_playthroughs, check_random_games};
use safehouse_engine::{Game, Seat, Setup};
use safehouse_safe_breaker::{
    Code, Entry, Exposure, Guess, HalfRevealTurn, Options, OutReason, QuestionHistory, SafeBreaker, SimpleWrongGuess,
    Status,
};

fn invariant(game: &SafeBreaker) {
    let players = game.players();
    let codes: Vec<Code> = game.codes().collect();
    assert_eq!(codes.len(), players);
    // Every lock and every key is in exactly one place: a seat or the set-aside pile (001:9-11).
    let mut colours = 0u8;
    let mut numbers = 0u8;
    for code in &codes {
        assert_eq!(colours & (1 << code.colour.index()), 0, "lock {} twice", code.colour);
        assert_eq!(numbers & (1 << code.number.index()), 0, "key {} twice", code.number);
        colours |= 1 << code.colour.index();
        numbers |= 1 << code.number.index();
    }
    for colour in game.exposed_locks() {
        assert_eq!(colours & (1 << colour.index()), 0, "exposed lock {colour} is held");
    }
    for number in game.exposed_keys() {
        assert_eq!(numbers & (1 << number.index()), 0, "exposed key {number} is held");
    }
    // The log tells the truth.
    for entry in game.log() {
        match *entry {
            Entry::Question { asker, colour, number, no, yes } => {
                assert!(!no.contains(asker) && yes != Some(asker), "the asker answered their own question");
                for seat in no.iter() {
                    assert!(!codes[seat.index()].answers_yes(colour, number), "{seat} wrongly said no");
                }
                if let Some(seat) = yes {
                    assert!(codes[seat.index()].answers_yes(colour, number), "{seat} wrongly said yes");
                }
            }
            Entry::Guess { target, guess, correct, .. } => {
                assert_eq!(guess.matches(codes[target.index()]), correct, "guess {guess:?} result");
            }
        }
    }
    // Seats: the active set, the elimination order, and what lies face up.
    let mut orders = Vec::new();
    for seat in Seat::all(players) {
        let state = game.seat(seat).expect("seat exists");
        assert_eq!(game.active().contains(seat), state.status.is_active());
        match state.status {
            Status::Active => {}
            Status::Out { reason, order } => {
                orders.push(order);
                if reason == OutReason::Cracked || game.options().reveal_wrong_guesser_code {
                    assert!(state.lock_shown && state.key_shown, "{seat} is out face up");
                }
            }
        }
        if !game.options().keep_it_simple && game.to_move().is_some() {
            assert_eq!(state.lock_shown, state.key_shown, "half shown without Keep it simple");
        }
    }
    orders.sort_unstable();
    assert_eq!(orders, (1..=orders.len() as u8).collect::<Vec<_>>(), "elimination order");
    match game.to_move() {
        Some(seat) => {
            assert!(game.active().contains(seat), "{seat} to move but out");
            assert!(game.active().len() >= 2);
        }
        None => {
            assert_eq!(game.active().len(), 1, "over with one player left");
            assert!(Seat::all(players).all(|s| game.seat(s).is_some_and(|st| st.lock_shown && st.key_shown)));
        }
    }
    let _ = Guess::Lock { colour: codes[0].colour };
}

fn setups() -> Vec<Setup<SafeBreaker>> {
    let simple = Options { keep_it_simple: true, ..Options::default() };
    let variants = [
        Options::default(),
        Options { exposed_locks: Exposure::All, exposed_keys: Exposure::All, ..Options::default() },
        Options { exposed_locks: Exposure::Count(1), exposed_keys: Exposure::Count(2), ..Options::default() },
        Options { reveal_wrong_guesser_code: true, first_player: Some(Seat(2)), ..Options::default() },
        simple.clone(),
        Options { turn_after_half_reveal: HalfRevealTurn::Guesser, ..simple.clone() },
        Options { simple_wrong_guess: SimpleWrongGuess::TurnPassesToAccused, ..simple.clone() },
        Options {
            simple_wrong_guess: SimpleWrongGuess::TurnPassesToAccused,
            reveal_wrong_guesser_code: true,
            exposed_keys: Exposure::All,
            question_history: QuestionHistory::LastN,
            question_history_count: 2,
            ..simple
        },
        Options { question_history: QuestionHistory::None, ..Options::default() },
        Options { allow_two_players: true, ..Options::default() },
    ];
    let mut setups = Vec::new();
    for (v, options) in variants.iter().enumerate() {
        let counts: &[usize] = if options.allow_two_players { &[2, 3] } else { &[3, 4, 5, 6] };
        for &players in counts {
            if let Exposure::Count(n) = options.exposed_keys
                && usize::from(n) > 6 - players
            {
                continue;
            }
            for seed in 0..4u64 {
                setups.push(Setup::new(players, seed * 100 + v as u64).with_options(options.clone()));
            }
        }
    }
    setups
}

#[test]
fn random_games_keep_every_promise() {
    let setups = setups();
    assert!(setups.len() > 100);
    check_random_games(&setups, 10_000, invariant);
}

/// Uniformly random games are short (most actions are guesses, and most guesses are wrong), so
/// this plays games that are nine-tenths questions and checks the same promises as the battery
/// at every step: serde round trips, determinization from every seat's view, filtered events.
#[test]
fn long_question_heavy_games_keep_the_view_promises() {
    use safehouse_engine::{GameRng, Viewer};
    use safehouse_safe_breaker::Action;
    let variants = [
        Options::default(),
        Options {
            keep_it_simple: true,
            simple_wrong_guess: SimpleWrongGuess::TurnPassesToAccused,
            ..Options::default()
        },
        Options { exposed_locks: Exposure::All, reveal_wrong_guesser_code: true, ..Options::default() },
    ];
    let mut longest = 0;
    for (v, options) in variants.iter().enumerate() {
        for players in 3..=6 {
            for seed in 0..3u64 {
                let setup = Setup::new(players, seed * 10 + v as u64).with_options(options.clone());
                let mut game = SafeBreaker::new(&setup).expect("setup");
                let mut rng = GameRng::from_seed(seed);
                let mut scratch = game.clone();
                let mut legal = Vec::new();
                let mut sampled_legal = Vec::new();
                let mut events = Vec::new();
                let mut steps = 0;
                while let Some(seat) = game.to_move() {
                    invariant(&game);
                    let json = serde_json::to_string(&game).expect("state serialises");
                    assert_eq!(serde_json::from_str::<SafeBreaker>(&json).expect("state deserialises"), game);
                    game.legal_actions(&mut legal);
                    for viewer in Seat::all(players) {
                        let view = game.view(Viewer::Seat(viewer));
                        let json = serde_json::to_string(&view).expect("view serialises");
                        assert_eq!(
                            serde_json::from_str::<safehouse_safe_breaker::View>(&json).ok().as_ref(),
                            Some(&view)
                        );
                        let mut twin = rng.clone();
                        let sampled = SafeBreaker::determinize(&view, &mut rng).expect("determinize");
                        assert_eq!(sampled.view(Viewer::Seat(viewer)), view, "step {steps}");
                        // Into a scratch state last filled from another view: the very same state.
                        SafeBreaker::determinize_into(&view, &mut twin, &mut scratch).expect("determinize_into");
                        assert_eq!(scratch, sampled, "determinize_into differs from determinize at step {steps}");
                        assert_eq!(twin, rng, "determinize_into drew differently from determinize");
                        assert_eq!(sampled.to_move(), Some(seat));
                        if viewer == seat {
                            sampled.legal_actions(&mut sampled_legal);
                            assert_eq!(sampled_legal, legal);
                        }
                    }
                    let asks = legal.iter().filter(|a| matches!(a, Action::Ask { .. })).count();
                    let action = if rng.below(10) < 9 { legal[rng.index(asks)] } else { legal[rng.index(legal.len())] };
                    events.clear();
                    game.apply(&action, &mut events).expect("legal action");
                    for event in &events {
                        for viewer in Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                            let shown = game.event_view(event, viewer).expect("every event is seen");
                            serde_json::to_string(&shown).expect("event serialises");
                        }
                    }
                    steps += 1;
                    assert!(steps < 5_000, "game too long");
                }
                invariant(&game);
                assert!(game.outcome().is_some());
                longest = longest.max(steps);
            }
        }
    }
    assert!(longest >= 30, "question-heavy games should be long, longest was {longest}");
}

/// OpenSpiel-style golden playthroughs: every seat's view and the legal actions at each of the
/// first decisions of a seeded game per preset, in `tests/golden/`, reviewed in diffs
/// (`SAFEHOUSE_UPDATE_GOLDEN=1` rewrites them after an intended rules or view change).
#[test]
fn golden_playthroughs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    check_golden_playthroughs::<safehouse_safe_breaker::SafeBreaker>(&dir, &[1], 12);
}
