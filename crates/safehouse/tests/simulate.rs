//! `safehouse simulate` and `safehouse report` end to end, through the binary.

use std::process::Command;

fn safehouse(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_safehouse")).args(args).output().expect("run safehouse");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn simulate_prints_a_table_json_lines_and_csv() {
    let args = ["simulate", "cash", "--games", "6", "--seed", "2", "--bots", "heuristic,random*3", "-q"];
    let (ok, table, err) = safehouse(&args);
    assert!(ok, "{err}");
    assert!(table.contains("club-unlock — 4 players, 6 games, seed 2"), "{table}");
    assert!(table.contains("win share [95% CI]"), "{table}");

    let (ok, json, err) = safehouse(&[&args[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let lines: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[6]["type"], "summary");

    let (ok, csv, err) = safehouse(&[&args[..], &["--csv", "--threads", "1"]].concat());
    assert!(ok, "{err}");
    assert_eq!(csv.lines().count(), 7, "{csv}");
    assert!(err.contains("win share"), "the summary goes to stderr with --csv: {err}");
    // The same seeds give the same games whatever the thread count.
    let (_, csv2, _) = safehouse(&[&args[..], &["--csv", "--threads", "2"]].concat());
    assert_eq!(csv, csv2);
}

#[test]
fn simulate_explains_bad_input() {
    let (ok, _, err) = safehouse(&["simulate", "cash", "--bots", "grandmaster", "-q"]);
    assert!(!ok);
    assert!(err.contains("unknown bot `grandmaster`"), "{err}");
    let (ok, _, err) = safehouse(&["simulate", "cash", "--bots", "heuristic,random", "-q"]);
    assert!(!ok);
    assert!(err.contains("3 to 6 players, not 2"), "{err}");
    let (ok, _, err) = safehouse(&["simulate", "cash", "--bots", "heuristic,random", "--players", "4", "-q"]);
    assert!(!ok);
    assert!(err.contains("2 bots for 4 seats") && err.contains("`random*3` repeats one"), "{err}");
    let (ok, _, err) = safehouse(&["simulate", "cash", "--options", "{not json", "-q"]);
    assert!(!ok);
    assert!(err.contains("--options must be a JSON object"), "{err}");
}

#[test]
fn report_writes_markdown_and_plots() {
    let dir = std::env::temp_dir().join(format!("safehouse-cli-report-{}", std::process::id()));
    let dir_text = dir.to_string_lossy().into_owned();
    let args =
        ["report", "explosiv", "--games", "3", "--bots", "random", "--no-option-variations", "--out", &dir_text, "-q"];
    let (ok, out, err) = safehouse(&args);
    assert!(ok, "{err}");
    assert!(out.contains("report.md") && out.contains("first-player.svg"), "{out}");
    let md = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
    assert!(md.contains("# Balance report: Explosiv"), "{md}");
    assert!(md.contains("| 2 players") || md.contains("| 2 |"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The table without its first line (threads, seconds and games per second differ between runs).
fn untimed_table(table: &str) -> String {
    table.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// The summary JSON line without the timing.
fn untimed_summary(line: &str) -> serde_json::Value {
    let mut summary: serde_json::Value = serde_json::from_str(line).expect("a JSON summary");
    for key in ["threads", "seconds", "games_per_second"] {
        summary.as_object_mut().expect("an object").remove(key);
    }
    summary
}

#[test]
fn shards_merge_into_exactly_the_single_run() {
    let dir = std::env::temp_dir().join(format!("safehouse-cli-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = ["simulate", "explosiv", "--games", "40", "--seed", "11", "--bots", "heuristic,random,noisy:40", "-q"];
    let (ok, whole_table, err) = safehouse(&base);
    assert!(ok, "{err}");
    let (ok, whole_json, err) = safehouse(&[&base[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let whole_summary = untimed_summary(whole_json.lines().last().expect("a summary line"));
    let whole_games: Vec<&str> = whole_json.lines().filter(|l| l.contains("\"type\":\"game\"")).collect();
    assert_eq!(whole_games.len(), 40);
    for n in 1..=3 {
        let mut files = Vec::new();
        let mut games = Vec::new();
        for k in 0..n {
            let shard = format!("{k}/{n}");
            // Odd shards also write their games (as --json lines before the shard line).
            let extra: &[&str] = if k % 2 == 1 { &["--shard", &shard, "--json"] } else { &["--shard", &shard] };
            let (ok, out, err) = safehouse(&[&base[..], extra].concat());
            assert!(ok, "{err}");
            assert!(out.lines().last().expect("a line").contains("\"type\":\"shard\""), "{out}");
            games.extend(out.lines().filter(|l| l.contains("\"type\":\"game\"")).map(str::to_owned));
            let file = dir.join(format!("shard-{k}-of-{n}.jsonl"));
            std::fs::write(&file, out).expect("write shard");
            files.push(file.to_string_lossy().into_owned());
        }
        let files: Vec<&str> = files.iter().rev().map(String::as_str).collect();
        let (ok, table, err) = safehouse(&[&["simulate-merge"][..], &files].concat());
        assert!(ok, "{err}");
        assert_eq!(untimed_table(&table), untimed_table(&whole_table), "{n} shards");
        let (ok, json, err) = safehouse(&[&["simulate-merge", "--json"][..], &files].concat());
        assert!(ok, "{err}");
        assert_eq!(untimed_summary(json.trim()), whole_summary, "{n} shards");
        // The games a shard writes are the whole run's games with the same indices.
        for line in &games {
            assert!(whole_games.contains(&line.as_str()), "{line}");
        }
        if n > 1 {
            let (ok, _, err) = safehouse(&[&["simulate-merge"][..], &files[1..]].concat());
            assert!(!ok, "a missing shard is refused");
            assert!(err.contains("games missing"), "{err}");
        }
    }
    let (ok, _, err) = safehouse(&[&base[..], &["--shard", "3/3"]].concat());
    assert!(!ok);
    assert!(err.contains("counts from 0"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
