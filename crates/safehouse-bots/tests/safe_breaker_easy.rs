//! The Safe Breaker easy level plays like a beginner, not a fool: it never accuses a player of a
//! code that what was said about that player has already ruled out (a uniformly random slip, the
//! old easy level, nearly always did), and it still loses to the rule-based bot.

use std::sync::{Arc, Mutex};

use safehouse_bots::{Bot, Player, SafeBreakerEasy, make_bot, play_game};
use safehouse_engine::{Game, Setup};
use safehouse_safe_breaker::deduction::candidates;
use safehouse_safe_breaker::{Action, Code, SafeBreaker, View};

/// Wraps a bot and writes down every accusation it makes that the public record rules out.
struct Watched {
    inner: Box<dyn Bot<SafeBreaker>>,
    unfounded: Arc<Mutex<Vec<String>>>,
    guesses: Arc<Mutex<u64>>,
}

impl Bot<SafeBreaker> for Watched {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let action = self.inner.choose(view, legal);
        if let Action::Guess { target, colour, number } = action {
            *self.guesses.lock().expect("lock") += 1;
            let possible = candidates(view)[target.index()];
            if possible & (1u64 << Code::new(colour, number).index()) == 0 {
                self.unfounded.lock().expect("lock").push(format!("{action:?}"));
            }
        }
        action
    }
}

/// Plays `games` four-player games of `kind` bots; (unfounded accusations, accusations).
fn accusations(kind: &str, games: u64) -> (usize, u64) {
    let unfounded = Arc::new(Mutex::new(Vec::new()));
    let guesses = Arc::new(Mutex::new(0));
    for seed in 0..games {
        let mut players: Vec<Player<SafeBreaker>> = (0..4)
            .map(|s| {
                Player::Blind(Box::new(Watched {
                    inner: make_bot::<SafeBreaker>(kind, seed * 8 + s).expect("bot"),
                    unfounded: Arc::clone(&unfounded),
                    guesses: Arc::clone(&guesses),
                }) as Box<dyn Bot<SafeBreaker>>)
            })
            .collect();
        let setup =
            Setup::<SafeBreaker> { players: 4, options: <SafeBreaker as Game>::Options::default(), seed, deal: None };
        play_game(&setup, &mut players, 10_000).expect("plays");
    }
    let unfounded = unfounded.lock().expect("lock").len();
    let guesses = *guesses.lock().expect("lock");
    (unfounded, guesses)
}

#[test]
fn the_easy_level_never_accuses_against_the_evidence() {
    let (unfounded, guesses) = accusations("easy", 150);
    eprintln!("easy: {unfounded} of {guesses} accusations against the evidence");
    assert!(guesses > 100, "the easy bots do accuse ({guesses})");
    assert_eq!(unfounded, 0, "{unfounded} of {guesses} accusations were ruled out by the record");
    // An impatient beginner (hunches in 60% of the decisions where it could have one) still
    // accuses only codes its notepad leaves.
    let (unfounded, guesses) = accusations("beginner:35:75:60", 50);
    eprintln!("beginner:35:75:60: {unfounded} of {guesses} accusations against the evidence");
    assert_eq!(unfounded, 0, "{unfounded} of {guesses} hunches were ruled out by the record");
    // The check can fail: the rule-based bot with uniformly random slips (the old easy level)
    // accuses against the evidence all the time.
    let (unfounded, guesses) = accusations("noisy", 50);
    eprintln!("noisy: {unfounded} of {guesses} accusations against the evidence");
    assert!(unfounded * 4 > guesses as usize, "{unfounded} of {guesses}");
}

#[test]
fn the_easy_level_is_the_beginner_and_named_so() {
    let bot = make_bot::<SafeBreaker>("easy", 1).expect("bot");
    assert_eq!(bot.name(), "beginner~35%~90%", "35% slips, 90% of its certain accusations overlooked");
    assert_eq!(SafeBreakerEasy::new(0.2, 1).name(), "beginner~20%");
    assert_eq!(SafeBreakerEasy::with_overlook(0.2, 0.3, 1).name(), "beginner~20%~30%");
    assert_eq!(make_bot::<SafeBreaker>("beginner:50", 1).expect("bot").name(), "beginner~50%");
    assert_eq!(make_bot::<SafeBreaker>("beginner:35:50", 1).expect("bot").name(), "beginner~35%~50%");
    assert_eq!(make_bot::<SafeBreaker>("beginner:35:50:20", 1).expect("bot").name(), "beginner~35%~50%~20%");
    assert_eq!(SafeBreakerEasy::with_hunches(0.2, 0.0, 0.3, 1).name(), "beginner~20%~0%~30%");
    assert!(make_bot::<SafeBreaker>("beginner:35:x", 1).is_err());
    assert!(make_bot::<SafeBreaker>("beginner:35:50:20:1", 1).is_err());
    assert!(make_bot::<SafeBreaker>("beginner:x", 1).is_err());
    assert!(make_bot::<SafeBreaker>("beginners", 1).is_err());
}
