//! `safehouse play` end to end with a scripted person on stdin: Safe Breaker's shorthand, refusals
//! in players' words, bot levels, and players and rows numbered as on the web table.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `safehouse play <args>` with `input` on stdin; the exit status and stdout.
fn play(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
        .arg("play")
        .args(args)
        // `rules` prints the rulebook in `LANG`'s language: these tests read English.
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run safehouse play");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty() || out.status.success(), "{stderr}");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn safe_breaker_reads_a_code_as_a_question() {
    let (ok, out) = play(&["safe-breaker", "--seed", "1"], "R3\nquit\n");
    assert!(ok);
    assert!(out.contains("Player 1 (you) asks: \"Do you have red or 3?\""), "{out}");
    assert!(!out.contains("Not understood"), "{out}");
}

#[test]
fn safe_breaker_reads_an_accusation_of_a_player_numbered_as_on_the_table() {
    let (ok, out) = play(&["safe-breaker", "--seed", "1"], "accuse 2 B5\nquit\n");
    assert!(ok);
    // Player 2 is seat 1, "Bot 2" on the table.
    assert!(out.contains("Player 1 (you) accuses Bot 2 of blue 5: "), "{out}");
}

#[test]
fn a_refused_move_is_told_in_players_words() {
    let (ok, out) = play(&["safe-breaker", "--seed", "1"], "accuse 1 B5\naccuse 0 B5\nask Q\nquit\n");
    assert!(ok);
    assert!(out.contains("Not allowed: You cannot accuse yourself."), "{out}");
    assert!(!out.contains("guess_self"), "no rule codes: {out}");
    assert!(out.contains("Players are numbered from 1."), "{out}");
    assert!(out.contains("`Q` is not a code"), "{out}");
    // A rule of another game, from a JSON move: The Safe's first row takes one colour.
    let (ok, out) = play(&["the-safe", "--seed", "1"], "1\n{\"type\":\"play\",\"card\":\"B2\",\"row\":0}\nquit\n");
    assert!(ok);
    assert!(out.contains("Not allowed: Row 1 already holds"), "{out}");
}

#[test]
fn the_players_line_shows_each_bot_level() {
    let (ok, out) = play(&["safe-breaker", "--seed", "1", "--bots=you,easy,hard,random"], "quit\n");
    assert!(ok);
    let first = out.lines().next().unwrap_or_default();
    assert!(first.contains("Player 1 (you), Bot 2 (easy), Bot 3 (hard), Bot 4 (random)"), "{first}");
    let (ok, out) = play(&["explosiv", "--seed", "1", "--bots", "medium"], "quit\n");
    assert!(ok);
    assert!(out.lines().next().unwrap_or_default().contains("Bot 2 (medium), Bot 3 (medium)"), "{out}");
}

/// The numbered moves are the web table's labels: The Safe's rows count from 1, Explosiv's are
/// lettered, Safe Breaker's players count from 1.
#[test]
fn numbered_moves_name_rows_and_players_as_the_web_does() {
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.trim_start().split(')').next().is_some_and(|n| n.parse::<u32>().is_ok()))
            .map(str::to_owned)
            .collect()
    };
    let (_, out) = play(&["the-safe", "--seed", "1"], "quit\n");
    let listed = moves(&out);
    assert!(!listed.is_empty() && listed.iter().all(|m| m.contains("under row ")), "{out}");
    assert!(listed.iter().any(|m| m.ends_with("under row 4")), "{out}");
    assert!(!listed.iter().any(|m| m.ends_with("row 0")), "{out}");
    let (_, out) = play(&["explosiv", "--seed", "1"], "quit\n");
    assert!(moves(&out).iter().any(|m| m.ends_with("Place 1 on row A")), "{out}");
    let (_, out) = play(&["safe-breaker", "--seed", "1"], "list\nquit\n");
    let listed = moves(&out);
    assert!(listed.iter().any(|m| m.ends_with("Accuse Bot 4 of orange 6")), "{out}");
    assert!(!listed.iter().any(|m| m.contains("Bot 1")), "{out}");
}

/// `help` lists the commands, a line it cannot read points to `help`, and `rules` prints the
/// players' rulebook (the same text as `safehouse rules <game>`), not the design notes.
#[test]
fn help_lists_the_commands_and_rules_is_the_players_rulebook() {
    let (ok, out) = play(&["the-safe", "--seed", "1"], "help\nbanana\nrules\nquit\n");
    assert!(ok);
    assert!(out.lines().nth(1).unwrap_or_default().contains("`help`"), "the first lines name `help`: {out}");
    for command in ["list", "view", "rules", "record", "quit"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(command)), "`help` names `{command}`: {out}");
    }
    assert!(out.contains("Not understood: type a number from 1 to ") && out.contains(", or `help`."), "{out}");
    let info = safehouse_games::find("the-safe").expect("game").game.info();
    assert!(out.contains(info.rulebook("en").trim_end()), "`rules` prints the players' rulebook: {out}");
    let design = info.rules.lines().next().expect("the design notes' title");
    assert!(!out.contains(design), "not the design notes: {out}");
    let (ok, out) = play(&["safe-breaker", "--seed", "1"], "?\nquit\n");
    assert!(ok);
    assert!(out.contains("accuse 2 B5 accuse player 2 of a code"), "Safe Breaker's shorthand: {out}");
}

/// Every game played to its end in the terminal closes with one sentence of its result.
#[test]
fn every_game_ends_with_its_result_in_one_sentence() {
    let always_the_first = "1\n".repeat(3_000);
    for game in safehouse_games::all() {
        let id = game.info().id;
        let (ok, out) = play(&[id, "--seed", "9", "--bots", "random"], &always_the_first);
        assert!(ok, "{id}: {out}");
        let last = out.lines().rev().find(|l| l.starts_with("Game over: ")).unwrap_or_else(|| panic!("{id}: {out}"));
        assert!(!last.contains(".."), "{id}: {last}");
    }
}
