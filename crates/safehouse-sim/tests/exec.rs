//! Outside programs (`exec:` entrants, the player protocol) in tournaments: the example bots play
//! whole games without a failure, a misbehaving program is covered by the fallback bot and
//! counted, and with forfeits its seat is scored last.

use safehouse_player::{ExecSettings, OnFailure};
use safehouse_sim::{RunOptions, Tournament, parse_lineup};

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> String {
    format!("exec:python3 {}/examples/{name}", root())
}

fn fixture(name: &str) -> String {
    format!("exec:sh {}/crates/safehouse-player/tests/fixtures/{name}", root())
}

fn quiet() -> RunOptions {
    RunOptions { threads: Some(2), progress: false, label: None }
}

fn tournament(game: &str, bots: &[String], games: u64) -> Tournament {
    Tournament {
        game: game.to_owned(),
        bots: bots.to_vec(),
        games,
        seed: 11,
        exec: ExecSettings { budget_ms: 2_000, startup_ms: 5_000, on_failure: OnFailure::Fallback },
        ..Tournament::default()
    }
}

#[test]
fn the_example_bots_play_whole_tournaments_without_a_failure() {
    let bots = vec![example("explosiv_bot.py"), "heuristic".to_owned(), example("random_bot.py")];
    let played = tournament("explosiv", &bots, 6).run(&quiet()).expect("runs");
    assert_eq!(played.games.len(), 6);
    assert_eq!(played.programs.len(), 2, "one report per exec kind");
    for report in &played.programs {
        let c = &report.counts;
        assert!(c.decisions > 0, "{report:?}");
        assert_eq!(c.answered, c.decisions, "{report:?}");
        assert_eq!((c.failures(), c.fallback_moves), (0, 0), "{report:?}");
        // Processes are reused between games: at most one per worker thread and seat.
        assert!(c.processes <= 2, "{report:?}");
    }
    let summary = played.summary();
    assert_eq!(summary.programs, played.programs);
    assert!(safehouse_sim::output::table(&summary).contains("decisions, "), "the table reports the programs");

    // The random example works in any game (here Club Unlock with a rule-based table).
    let bots = parse_lineup(&format!("{},heuristic*3", example("random_bot.py")));
    let played = tournament("cash", &bots, 2).run(&quiet()).expect("runs");
    let c = &played.programs[0].counts;
    assert!(c.decisions > 0 && c.answered == c.decisions, "{c:?}");
}

#[test]
fn a_misbehaving_program_is_covered_by_the_fallback_and_counted() {
    let bots = vec![fixture("garbage.sh"), "heuristic".to_owned(), "heuristic".to_owned()];
    let played = tournament("explosiv", &bots, 3).run(&quiet()).expect("runs");
    let c = &played.programs[0].counts;
    assert!(c.decisions > 0, "{c:?}");
    assert_eq!((c.answered, c.garbage, c.fallback_moves), (0, c.decisions, c.decisions), "{c:?}");
    assert!(played.games.iter().all(|g| g.forfeited.is_empty() && g.reason != "forfeit"));
    assert!(safehouse_sim::output::table(&played.summary()).contains("garbage"));
}

#[test]
fn with_forfeits_a_crashing_program_loses_every_game() {
    let bots = vec![fixture("crash.sh"), "random".to_owned(), "random".to_owned()];
    let mut t = tournament("explosiv", &bots, 6);
    t.exec.on_failure = OnFailure::Forfeit;
    let played = t.run(&quiet()).expect("runs");
    for g in &played.games {
        let seat = g.entrants.iter().position(|&e| e == 0).expect("seated");
        assert_eq!(g.forfeited, vec![seat], "{g:?}");
        assert_eq!(g.reason, "forfeit");
        assert_eq!(g.win_shares[seat], 0.0);
        assert_eq!(g.ranks[seat], 3, "scored last");
        assert!((g.win_shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "the others share the win: {g:?}");
    }
    let c = &played.programs[0].counts;
    assert_eq!((c.crashes, c.forfeits), (6, 6), "{c:?}");
    assert_eq!(played.summary().bots[0].win_share.mean, 0.0);
}

#[test]
fn a_bad_fallback_kind_is_refused_before_any_game() {
    let bots = vec![example("random_bot.py"), "heuristic".to_owned(), "heuristic".to_owned()];
    let mut t = tournament("explosiv", &bots, 1);
    t.exec_fallback = "grandmaster".to_owned();
    let error = t.run(&quiet()).expect_err("refused");
    assert!(error.to_string().contains("grandmaster"), "{error}");
}
