//! The Safe Breaker deduction bot's budget (issue 15: a move at any level within a second): the
//! kinds name a work cap (`<n>steps`, actions played in the simulated games) and a wall-clock cap
//! (`<n>ms`); the work cap stops a decision that would take more, with the best candidate over
//! the deals played so far, reproducibly; a cap that does not bind changes nothing.

use safehouse_bots::{Bot, DeductionSettings, Difficulty, SafeBreakerDeduction, difficulty_kind};
use safehouse_engine::{Game, Setup, Viewer};
use safehouse_safe_breaker::{Action, SafeBreaker, View};

/// The first decision of a seeded four-player game: nothing has been said, so the bot weighs
/// its twelve best questions by simulation (about 40,000 simulated actions).
fn opening() -> (View, Vec<Action>) {
    let state = SafeBreaker::new(&Setup::<SafeBreaker>::new(4, 7)).expect("setup");
    let seat = state.to_move().expect("a seat to move");
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    (state.view(Viewer::Seat(seat)), legal)
}

/// The action and the work of a fresh bot of `kind` (seed 11) deciding the opening.
fn decide(kind: &str) -> (Action, safehouse_bots::DeductionWork) {
    let settings = DeductionSettings::from_kind(kind).expect("a deduction kind");
    let mut bot = SafeBreakerDeduction::with_settings(settings, 11);
    let (view, legal) = opening();
    let action = bot.choose(&view, &legal);
    assert!(legal.contains(&action), "{kind} chose an illegal action");
    (action, bot.last_work())
}

#[test]
fn kinds_name_the_caps() {
    let plain = DeductionSettings::from_kind("deduction").expect("deduction");
    assert_eq!(plain, DeductionSettings::default());
    assert_eq!((plain.work_cap, plain.time_cap), (None, None), "the plain kind has no cap");
    let capped = DeductionSettings::from_kind("deduction:100000steps:800ms").expect("capped");
    assert_eq!(capped.work_cap, Some(100_000));
    assert_eq!(capped.time_cap, Some(std::time::Duration::from_millis(800)));
    assert_eq!(capped.rollouts, plain.rollouts, "the caps leave the other settings alone");
    let mixed = DeductionSettings::from_kind("deduction:200:5000steps:6").expect("mixed");
    assert_eq!((mixed.rollouts, mixed.questions, mixed.work_cap), (200, 6, Some(5_000)));
    assert_eq!(DeductionSettings::from_kind("deduction:lots"), None);
    assert_eq!(DeductionSettings::from_kind("deduction:xsteps"), None);
    assert_eq!(DeductionSettings::from_kind("beginner"), None);
    let hard = difficulty_kind("safe-breaker", Difficulty::Hard).expect("hard");
    let hard = DeductionSettings::from_kind(hard).expect("hard is the deduction bot");
    assert_eq!(hard.work_cap, Some(50_000), "hard has a work cap");
    assert!(safehouse_bots::make_bot::<SafeBreaker>("deduction:20000steps:800ms", 1).is_ok());
}

#[test]
fn the_work_cap_binds_reproducibly() {
    let (free_action, free) = decide("deduction");
    assert!(!free.work_capped && !free.time_capped);
    assert_eq!(free.deals, free.deals_drawn, "uncapped, every deal is played");
    assert!(free.steps > 20_000, "the opening takes more than the cap below: {free:?}");

    let (action, work) = decide("deduction:10000steps");
    assert!(work.work_capped, "{work:?}");
    assert!(work.steps >= 10_000 && work.steps < free.steps, "stopped soon after the cap: {work:?}");
    assert!(work.deals >= 1 && work.deals < free.deals, "on fewer deals: {work:?}");
    assert_eq!(decide("deduction:10000steps"), (action, work), "a capped decision is reproducible");

    // A cap the decision does not reach changes nothing.
    let roomy = format!("deduction:{}steps", free.steps + 1);
    assert_eq!(decide(&roomy), (free_action, free));
}
