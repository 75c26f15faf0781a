//! The player protocol against programs that behave and programs that do not: garbage, an
//! illegal answer, silence (reading or not reading stdin), a crash, a command that cannot start.
//! The fixtures are tiny scripts in `tests/fixtures`; budgets are short so the suite stays quick.

use std::sync::Arc;

use safehouse_player::{
    DecisionTime, ExecSettings, FailureKind, GameContext, OnFailure, ProgramPool, SeatDriver, SeatFailure,
};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    if name.ends_with(".py") { format!("python3 {path}") } else { format!("sh {path}") }
}

fn settings(on_failure: OnFailure) -> ExecSettings {
    // Generous enough for python3 to start on a busy machine; the silent programs wait it out once.
    ExecSettings { budget_ms: 300, startup_ms: 3_000, on_failure }
}

fn pool(command: &str, on_failure: OnFailure) -> Arc<ProgramPool> {
    Arc::new(ProgramPool::new(command, settings(on_failure)))
}

fn driver(pool: &Arc<ProgramPool>) -> SeatDriver {
    let context = GameContext { game: "test".into(), seat: 1, players: 2, options: json!({}), seed: 7 };
    SeatDriver::new(Arc::clone(pool), context)
}

fn legal() -> Vec<Value> {
    vec![json!({"play": 1}), json!({"play": 2}), json!("pass")]
}

fn ask(seat: &mut SeatDriver) -> Result<usize, SeatFailure> {
    let legal = legal();
    let text: Vec<String> = legal.iter().map(Value::to_string).collect();
    seat.ask(Some(0), &json!({"hand": [1, 2]}), &legal, &text)
}

fn kind(result: Result<usize, SeatFailure>) -> Option<FailureKind> {
    match result {
        Err(SeatFailure::Failed { kind, .. }) => Some(kind),
        _ => None,
    }
}

#[test]
fn a_good_program_answers_and_its_process_is_reused_across_games() {
    let pool = pool(&fixture("first.py"), OnFailure::Fallback);
    for _game in 0..3 {
        let mut seat = driver(&pool);
        assert_eq!(ask(&mut seat), Ok(0));
        assert_eq!(ask(&mut seat), Ok(0));
        seat.finish(Some(json!({"scores": [1, 2]})), None);
    }
    let counts = pool.counts();
    assert_eq!((counts.processes, counts.decisions, counts.answered, counts.failures()), (1, 6, 6, 0), "{counts:?}");
}

#[test]
fn the_program_gets_hello_then_start_then_moves() {
    let pool = pool(&fixture("ordered.py"), OnFailure::Fallback);
    let mut seat = driver(&pool);
    assert_eq!(ask(&mut seat), Ok(2), "{:?}", pool.counts());
}

#[test]
fn garbage_costs_one_decision_and_the_program_keeps_its_seat() {
    let pool = pool(&fixture("garbage.sh"), OnFailure::Fallback);
    let mut seat = driver(&pool);
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Garbage));
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Garbage), "still asked after garbage");
    let flaky = self::pool(&fixture("flaky.py"), OnFailure::Fallback);
    let mut seat = driver(&flaky);
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Garbage));
    assert_eq!(ask(&mut seat), Ok(0), "answers again after one bad line");
    let counts = flaky.counts();
    assert_eq!((counts.garbage, counts.fallback_moves, counts.answered), (1, 1, 1), "{counts:?}");
}

#[test]
fn an_illegal_answer_is_refused() {
    let pool = pool(&fixture("illegal.sh"), OnFailure::Fallback);
    let mut seat = driver(&pool);
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Illegal));
    assert_eq!(pool.counts().illegal, 1);
}

#[test]
fn silence_times_out_and_the_fallback_keeps_the_seat_for_the_game() {
    for command in [fixture("silent.sh"), "sleep 30".to_owned()] {
        // No start-up allowance: these programs start at once and never answer anyway.
        let quick = ExecSettings { budget_ms: 200, startup_ms: 0, on_failure: OnFailure::Fallback };
        let pool = Arc::new(ProgramPool::new(&command, quick));
        let mut seat = driver(&pool);
        assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Timeout), "{command}");
        assert_eq!(ask(&mut seat), Err(SeatFailure::OutOfGame), "not asked again this game");
        seat.finish(None, None);
        // The next game starts a fresh process.
        let mut next = driver(&pool);
        assert_eq!(kind(ask(&mut next)), Some(FailureKind::Timeout));
        let counts = pool.counts();
        assert_eq!((counts.processes, counts.timeouts, counts.fallback_moves), (2, 2, 3), "{command}: {counts:?}");
    }
}

#[test]
fn a_crash_is_reported_and_the_program_is_out_of_the_game() {
    let pool = pool(&fixture("crash.sh"), OnFailure::Fallback);
    let mut seat = driver(&pool);
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Crash));
    assert_eq!(ask(&mut seat), Err(SeatFailure::OutOfGame));
    let counts = pool.counts();
    assert_eq!(counts.crashes, 1);
    assert!(counts.examples[0].contains("crash.sh"), "{counts:?}");
}

#[test]
fn a_command_that_cannot_start_is_a_spawn_failure() {
    for command in ["/nonexistent/bot --fast", "", "python3 'unbalanced"] {
        let pool = pool(command, OnFailure::Fallback);
        let mut seat = driver(&pool);
        assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Spawn), "{command:?}");
    }
}

#[test]
fn with_forfeit_the_first_failure_forfeits_the_game() {
    let pool = pool(&fixture("flaky.py"), OnFailure::Forfeit);
    let mut seat = driver(&pool);
    assert!(!seat.forfeited());
    assert_eq!(kind(ask(&mut seat)), Some(FailureKind::Garbage));
    assert!(seat.forfeited());
    assert_eq!(ask(&mut seat), Err(SeatFailure::OutOfGame), "a forfeited seat is not asked again");
    assert_eq!(pool.counts().forfeits, 1);
}

/// A program that takes 1.5 s to start answers its first decision within its start-up
/// allowance; a table's clock (`at_most_ms`) does not wait for it: past the cap the decision is
/// a timeout, and the fallback decides.
#[test]
fn a_clock_caps_the_start_up_allowance_of_a_first_decision() {
    let slow = fixture("slow_start.py");
    let legal = legal();
    let text: Vec<String> = legal.iter().map(Value::to_string).collect();
    let view = json!({"hand": [1, 2]});
    let mut waited = driver(&pool(&slow, OnFailure::Fallback));
    let uncapped = DecisionTime { budget_ms: 300, at_most_ms: None };
    assert_eq!(waited.ask_within(Some(0), &view, &legal, &text, uncapped), Ok(0), "within the allowance");
    let mut capped = driver(&pool(&slow, OnFailure::Fallback));
    let clock = DecisionTime { budget_ms: 300, at_most_ms: Some(400) };
    assert_eq!(kind(capped.ask_within(Some(0), &view, &legal, &text, clock)), Some(FailureKind::Timeout));
}
