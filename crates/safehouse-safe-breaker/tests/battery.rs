//! The engine's shared battery over many seeded random games, every player count and every
//! option, with Safe Breaker's invariants: each lock and key exists once, the log tells the
//! truth about the codes, and the table's bookkeeping agrees with itself.

use safehouse_engine::testing::check_random_games;
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
