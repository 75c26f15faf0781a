//! Tournaments: exact results from fixed seeds, independence from the thread count, seat
//! rotation, leagues, outputs and the report.

use safehouse_sim::report::{ReportSpec, configurations};
use safehouse_sim::{RunOptions, Tournament, output, parse_lineup};

fn tournament(game: &str, bots: &str, games: u64, seed: u64) -> Tournament {
    Tournament { game: game.to_owned(), bots: parse_lineup(bots), games, seed, ..Tournament::default() }
}

fn quiet(threads: usize) -> RunOptions {
    RunOptions { threads: Some(threads), progress: false, label: None }
}

#[test]
fn a_tiny_tournament_has_an_exact_result() {
    let played = tournament("explosiv", "heuristic,noisy:50,random", 12, 42).run(&quiet(2)).expect("runs");
    let summary = played.summary();
    let winners: Vec<Vec<usize>> = played
        .games
        .iter()
        .map(|g| (0..3).filter(|&s| g.win_shares[s] > 0.0).map(|s| g.entrants[s]).collect())
        .collect();
    // Entrant 0 is the rule-based bot, 1 the same with half its moves random, 2 random.
    insta_free_check(&winners, summary.bots[0].win_share.mean);
}

/// The expected result, written out (regenerate by printing `winners` if a bot changes on purpose).
fn insta_free_check(winners: &[Vec<usize>], heuristic_share: f64) {
    let expected: Vec<Vec<usize>> = EXPECTED_WINNERS.iter().map(|w| w.to_vec()).collect();
    assert_eq!(winners, expected.as_slice(), "winners by game (entrant indices)");
    assert!((heuristic_share - EXPECTED_HEURISTIC_SHARE).abs() < 1e-12, "{heuristic_share}");
}

/// Seeding scheme 2 (`safehouse_sim::SEEDING`); a new scheme changes the games.
const EXPECTED_WINNERS: &[&[usize]] = &[&[0], &[2], &[0], &[2], &[0], &[2], &[2], &[0], &[2, 0], &[1], &[0], &[2]];
const EXPECTED_HEURISTIC_SHARE: f64 = 5.5 / 12.0;

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let t = tournament("explosiv", "heuristic,random,random", 24, 7);
    let one = t.run(&quiet(1)).expect("runs");
    let two = t.run(&quiet(2)).expect("runs");
    assert_eq!(one.games, two.games);
    let mut a = one.summary();
    let mut b = two.summary();
    for s in [&mut a, &mut b] {
        s.threads = 0;
        s.seconds = 0.0;
        s.games_per_second = 0.0;
    }
    assert_eq!(a, b);
}

#[test]
fn seats_rotate_so_every_bot_sits_everywhere() {
    let played =
        tournament("safe-breaker", "heuristic,random,random,deduction:4:2", 8, 3).run(&quiet(2)).expect("runs");
    for (i, g) in played.games.iter().enumerate() {
        assert_eq!(g.entrants, (0..4).map(|s| (s + i) % 4).collect::<Vec<_>>());
    }
    for seat in 0..4 {
        let mut seen: Vec<usize> = played.games.iter().take(4).map(|g| g.entrants[seat]).collect();
        seen.sort_unstable();
        assert_eq!(seen, vec![0, 1, 2, 3]);
    }
    // Game seeds come from the master seed and the index.
    assert_eq!(played.games[5].seed, safehouse_engine::GameRng::derive_seed(3, 5));
}

#[test]
fn a_league_draws_distinct_bots_for_each_table() {
    let t = Tournament { players: Some(3), ..tournament("explosiv", "heuristic,random,noisy,noisy:80,easy", 30, 5) };
    let played = t.run(&quiet(2)).expect("runs");
    for g in &played.games {
        let mut e = g.entrants.clone();
        e.sort_unstable();
        e.dedup();
        assert_eq!(e.len(), 3, "{:?}", g.entrants);
    }
    let summary = played.summary();
    let elo = summary.elo.expect("a league has ratings");
    assert_eq!(elo.ratings.len(), 5);
    let mean = elo.ratings.iter().map(|r| r.1).sum::<f64>() / 5.0;
    assert!((mean - 1500.0).abs() < 1e-6);
    let rating = |k: &str| elo.ratings.iter().find(|r| r.0 == k).map(|r| r.1).unwrap_or(f64::NAN);
    assert!(rating("heuristic") > rating("random"), "{:?}", elo.ratings);
}

#[test]
fn bad_line_ups_are_refused() {
    assert!(tournament("cash", "heuristic,random", 1, 0).run(&quiet(1)).is_err(), "2 bots for 4 seats");
    let t = Tournament { players: Some(4), ..tournament("cash", "heuristic,random", 1, 0) };
    assert!(t.run(&quiet(1)).is_err());
    assert!(tournament("cash", "grandmaster", 1, 0).run(&quiet(1)).is_err());
    assert!(tournament("chess", "random", 1, 0).run(&quiet(1)).is_err());
    assert_eq!(parse_lineup("ismcts:10, heuristic*3"), vec!["ismcts:10", "heuristic", "heuristic", "heuristic"]);
}

#[test]
fn outputs_have_one_record_per_game() {
    let played = tournament("cash", "heuristic,random,random", 5, 1).run(&quiet(1)).expect("runs");
    let summary = played.summary();
    let mut json = Vec::new();
    output::write_json_lines(&played, &summary, &mut json).expect("write");
    let lines: Vec<serde_json::Value> =
        String::from_utf8(json).expect("utf8").lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[..5].iter().all(|l| l["type"] == "game"));
    assert_eq!(lines[5]["type"], "summary");
    assert_eq!(lines[5]["games"], 5);
    let mut csv = Vec::new();
    output::write_csv(&played, &summary, &mut csv).expect("write");
    let csv = String::from_utf8(csv).expect("utf8");
    assert_eq!(csv.lines().count(), 6);
    assert!(csv.starts_with("index,seed,first_mover,actions,reason,bot_0,score_0,rank_0,win_share_0,"));
    let table = output::table(&summary);
    assert!(table.contains("win share [95% CI]") && table.contains("first player's edge"), "{table}");
}

#[test]
fn the_team_game_reports_team_success() {
    let played = tournament("the-safe", "heuristic", 6, 2).run(&quiet(2)).expect("runs");
    let summary = played.summary();
    assert!(summary.cooperative);
    let team = summary.team.expect("team stats");
    assert_eq!(team.success.n, 6);
    assert!(summary.first_player_edge.is_none());
}

#[test]
fn the_report_compares_presets_options_and_player_counts() {
    let spec = ReportSpec {
        game: "cash".into(),
        bots: vec!["random".into()],
        games: 4,
        seed: 1,
        players: None,
        player_counts: true,
        option_variations: true,
    };
    let configs = configurations(&spec).expect("configurations");
    let labels: Vec<&str> = configs.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels[0], "default options");
    // The alias selects nothing here: the report starts from the game's defaults.
    assert!(labels.contains(&"preset cash"), "{labels:?}");
    assert!(labels.contains(&"exhausted_pile_bonus = \"off\""), "{labels:?}");
    assert!(labels.contains(&"3 players") && labels.contains(&"6 players"), "{labels:?}");
    let results =
        safehouse_sim::report::run(&ReportSpec { option_variations: false, ..spec.clone() }, &quiet(2)).expect("runs");
    let dir = std::env::temp_dir().join(format!("safehouse-report-test-{}", std::process::id()));
    let files = safehouse_sim::report::write(&spec, &results, &dir, "safehouse report cash").expect("writes");
    let names: Vec<String> = files.iter().filter_map(|f| f.file_name()?.to_str().map(str::to_owned)).collect();
    for name in ["report.md", "first-player.svg", "scores.svg", "winning-scores.svg", "length.svg"] {
        assert!(names.iter().any(|n| n == name), "{names:?}");
    }
    let md = std::fs::read_to_string(dir.join("report.md")).expect("report");
    assert!(md.contains("| preset cash | 4 |"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_report_counts_games_as_they_finish_to_the_figures_of_every_game_kept() {
    use safehouse_sim::Distribution;
    let spec = ReportSpec {
        game: "explosiv".into(),
        bots: vec!["heuristic".into()],
        games: 30,
        seed: 4,
        players: Some(3),
        player_counts: true,
        option_variations: true,
    };
    let results = safehouse_sim::report::run(&spec, &quiet(2)).expect("runs");
    assert!(results.len() > 3, "{}", results.len());
    for r in &results {
        // The same tournament with every game kept in memory.
        let played = r.config.tournament.run(&quiet(1)).expect("runs");
        let all: Vec<f64> = played.games.iter().flat_map(|g| g.scores.iter().map(|&s| s as f64)).collect();
        let best: Vec<f64> = played.games.iter().map(|g| g.scores.iter().copied().max().unwrap_or(0) as f64).collect();
        assert_eq!(r.scores.distribution(), Distribution::of(&all), "{}", r.config.label);
        assert_eq!(r.winning_scores.distribution(), Distribution::of(&best), "{}", r.config.label);
        assert_eq!(untimed(r.summary.clone()), untimed(played.summary()), "{}", r.config.label);
    }
    // Same games, same digest; other games, another digest (`(same games as the defaults)`).
    let first = &results[0];
    for r in &results[1..] {
        let again = r.config.tournament.run(&quiet(1)).expect("runs");
        let base = first.config.tournament.run(&quiet(1)).expect("runs");
        let same = again.players == base.players && again.games == base.games;
        assert_eq!(r.digest == first.digest, same, "{}", r.config.label);
    }
    assert!(results[1..].iter().any(|r| r.digest != first.digest), "some option changes the games");
}

/// The summary without the timing (threads, seconds, games per second), which no two runs share.
fn untimed(mut s: safehouse_sim::Summary) -> safehouse_sim::Summary {
    s.threads = 0;
    s.seconds = 0.0;
    s.games_per_second = 0.0;
    s
}

#[test]
fn shards_merge_into_exactly_the_whole_run() {
    use safehouse_sim::{Shard, ShardResult};
    // A league (Elo, score differences, several kinds), a co-operative game (team success), and
    // enough short games that the workers' chunks (64 games) and the shards' bounds (67, 134)
    // cross one another.
    for (t, threads) in [
        (tournament("explosiv", "heuristic,random,noisy:30,random", 61, 5), 2),
        (Tournament { players: Some(3), ..tournament("the-safe", "heuristic,random,random,heuristic", 23, 9) }, 1),
        (tournament("safe-breaker", "random,easy,random", 201, 3), 2),
    ] {
        let whole = t.run(&quiet(threads)).expect("runs").summary();
        let streamed = t.run_shard(&quiet(threads), Shard::ALL).expect("runs").summary();
        assert_eq!(untimed(streamed), untimed(whole.clone()), "{}: streaming equals keeping every game", t.game);
        for n in 1..=3 {
            // Through JSON, as the shards of a cluster job would, and merged in reverse order.
            let mut shards: Vec<ShardResult> = (0..n)
                .map(|k| {
                    let shard = t.run_shard(&quiet(threads), Shard::new(k, n).expect("shard")).expect("runs");
                    serde_json::from_str(&serde_json::to_string(&shard).expect("json")).expect("parses")
                })
                .collect();
            shards.reverse();
            let merged = ShardResult::merge_all(shards).expect("merges").summary();
            let (a, b) = (untimed(merged), untimed(whole.clone()));
            assert_eq!(serde_json::to_string(&a).expect("json"), serde_json::to_string(&b).expect("json"));
            assert_eq!(a, b, "{}: {n} shards", t.game);
            assert_eq!(output::table(&a), output::table(&b));
        }
    }
}

#[test]
fn merging_refuses_missing_overlapping_and_foreign_shards() {
    use safehouse_sim::{MergeError, Shard, ShardResult};
    let t = tournament("explosiv", "random", 10, 1);
    let shard = |k, n| t.run_shard(&quiet(1), Shard::new(k, n).expect("shard")).expect("runs");
    let missing = ShardResult::merge_all([shard(0, 3), shard(2, 3)]).expect_err("a shard is missing");
    assert_eq!(missing, MergeError::Missing("3..6".to_owned(), 10));
    assert!(matches!(ShardResult::merge_all([shard(0, 2), shard(0, 3)]), Err(MergeError::Overlap(..))));
    let other = tournament("explosiv", "random", 10, 2).run_shard(&quiet(1), Shard::new(1, 2).expect("shard"));
    assert!(matches!(ShardResult::merge_all([shard(0, 2), other.expect("runs")]), Err(MergeError::Different(_))));
    assert_eq!(ShardResult::merge_all([]), Err(MergeError::Empty));
    // A shard written before the scheme was kept reads as scheme 1, and is not merged with one of
    // scheme 2: the same seed plays other games there.
    let mut old = serde_json::to_value(shard(1, 2)).expect("a shard serialises");
    assert_eq!(old["seeding"], safehouse_sim::SEEDING);
    old.as_object_mut().expect("an object").remove("seeding");
    let old: ShardResult = serde_json::from_value(old).expect("an old shard reads");
    assert_eq!(old.seeding, 1);
    match ShardResult::merge_all([shard(0, 2), old]) {
        Err(MergeError::Different(what)) => assert!(what.contains("seeding"), "{what}"),
        other => panic!("shards of two seeding schemes merged: {other:?}"),
    }
}

/// Game `i` is the game that `play_game` plays from `GameRng::derive_seed(S, i)` with the random
/// bot at seat `s` seeded by word `1 + s` of `GameRng::for_game(S, i)` (seeding scheme 2,
/// docs/simulator.md), whatever faster way the simulator computes those seeds.
struct SeededAsDocumented;

impl safehouse_bots::BotVisitor for SeededAsDocumented {
    type Output = Vec<String>;

    fn visit<G: safehouse_bots::BotGame>(self) -> Vec<String> {
        use safehouse_engine::{GameOptions, GameRng, Setup};
        let (master, players) = (0x5eed_5eed_u64, 4);
        let t = Tournament { players: Some(players), ..tournament(G::INFO.id, "random", 60, master) };
        let played = t.run(&quiet(1)).expect("runs");
        let mut wrong = Vec::new();
        for g in &played.games {
            let seed = GameRng::derive_seed(master, g.index);
            let setup = Setup::<G>::new(players, seed).with_options(G::Options::default().for_bots_only());
            let mut stream = GameRng::for_game(master, g.index);
            let words: Vec<u64> = (0..8).map(|_| stream.next_u64()).collect();
            let mut bots: Vec<safehouse_bots::Player<G>> = (0..players)
                .map(|s| safehouse_bots::Player::of_kind("random", words[1 + s]).expect("the random bot"))
                .collect();
            let alone = safehouse_bots::play_game(&setup, &mut bots, 100_000).expect("plays to the end");
            if g.seed != seed || words[0] != seed || g.actions != alone.actions || g.scores != alone.outcome.scores {
                wrong.push(format!("{} game {}: {} vs {} decisions", G::INFO.id, g.index, g.actions, alone.actions));
            }
        }
        wrong
    }
}

#[test]
fn games_and_bots_are_seeded_as_documented() {
    for game in ["safe-breaker", "explosiv"] {
        let wrong = safehouse_bots::visit(game, SeededAsDocumented).expect("a game with bots");
        assert!(wrong.is_empty(), "{wrong:?}");
    }
}

/// Seeding scheme 2 draws a game's seed and its bots' from one ChaCha block of eight words, so
/// no game may seat more than seven: a game that does needs a new scheme, not a silent overflow.
#[test]
fn every_game_seats_its_bots_from_one_block() {
    for id in safehouse_games::ids() {
        let info = safehouse_games::find(id).expect("a registered game").game.info();
        assert!(info.max_players <= 7, "{id} seats {}: seeding scheme 2 seeds at most seven bots", info.max_players);
    }
}
