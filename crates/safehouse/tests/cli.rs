//! The binary itself: `games`, `rules`, `engine` over real pipes, `play` with a scripted person.

use std::io::Write;
use std::process::{Command, Stdio};

fn safehouse(args: &[&str], input: impl AsRef<[u8]>) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run safehouse");
    child.stdin.take().expect("stdin").write_all(input.as_ref()).expect("write");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_and_rules_list_every_game_with_its_options() {
    let (ok, out, _) = safehouse(&["games"], "");
    assert!(ok);
    for id in safehouse_games::ids() {
        assert!(out.contains(id), "{id} missing from `games`: {out}");
        let (ok, rules, err) = safehouse(&["rules", id, "--design"], "");
        assert!(ok, "{err}");
        assert!(rules.contains("## Options"), "{id}: {rules}");
    }
    let (ok, rules, _) = safehouse(&["rules", "cash", "--design"], "");
    assert!(ok);
    assert!(rules.contains("exhausted_pile_bonus") && rules.contains("selects the `cash` preset"));
    let (ok, _, err) = safehouse(&["rules", "chess"], "");
    assert!(!ok);
    assert!(err.contains("unknown game `chess`"), "{err}");
}

/// `safehouse rules <game>` with `LANG` set as given (or removed).
fn rules(args: &[&str], lang: Option<&str>) -> (bool, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safehouse"));
    command.arg("rules").args(args).env_remove("LANG");
    if let Some(lang) = lang {
        command.env("LANG", lang);
    }
    let out = command.output().expect("run safehouse rules");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn rules_prints_the_players_rulebook_and_the_design_notes_with_design() {
    for game in safehouse_games::all() {
        let info = game.info();
        let id = info.id;
        let english = info.rulebook_in("en").expect("an English rulebook");
        let korean = info.rulebook_in("ko").expect("a Korean rulebook");
        let german = info.rulebook_in("de").expect("a German rulebook");
        let (ok, out, err) = rules(&[id], None);
        assert!(ok, "{id}: {err}");
        assert_eq!(out.trim_end(), english.trim_end(), "{id}: the players' rulebook in English by default");
        assert!(out.contains("## On your turn") && !out.contains("## Decisions"), "{id}: {out}");
        let (ok, out, err) = rules(&[id, "--lang", "ko"], Some("en_GB.UTF-8"));
        assert!(ok, "{id}: {err}");
        assert_eq!(out.trim_end(), korean.trim_end(), "{id}: --lang ko");
        let (ok, out, _) = rules(&[id], Some("ko_KR.UTF-8"));
        assert!(ok && out.trim_end() == korean.trim_end(), "{id}: LANG=ko_KR.UTF-8 reads Korean: {out}");
        let (ok, out, err) = rules(&[id, "--lang", "de"], Some("ko_KR.UTF-8"));
        assert!(ok, "{id}: {err}");
        assert_eq!(out.trim_end(), german.trim_end(), "{id}: --lang de");
        assert!(out.contains("## Dein Zug"), "{id}: {out}");
        let (ok, out, _) = rules(&[id], Some("de_AT.UTF-8"));
        assert!(ok && out.trim_end() == german.trim_end(), "{id}: LANG=de_AT.UTF-8 reads German: {out}");
        let (ok, out, _) = rules(&[id], Some("fr_FR.UTF-8"));
        assert!(ok && out.trim_end() == english.trim_end(), "{id}: a language without a rulebook reads English");
        let (ok, out, err) = rules(&[id, "--design"], Some("ko_KR.UTF-8"));
        assert!(ok, "{id}: {err}");
        assert!(
            out.starts_with(info.rules.trim_end()) && out.contains("## Options (defaults in brackets)"),
            "{id}: {out}"
        );
        assert!(!out.contains(english.lines().next().unwrap_or("#")), "{id}: --design is the design notes only");
    }
    let (ok, out, _) = rules(&["cash", "--lang", "ko"], None);
    assert!(ok && out.contains("캐시"), "{out}");
    let (ok, out, _) = rules(&["cash", "--lang", "de"], None);
    assert!(ok && out.contains("Prämienkarte"), "{out}");
    let (ok, _, err) = rules(&["explosiv", "--lang", "fr"], None);
    assert!(!ok);
    assert!(err.contains("no rulebook in `fr`") && err.contains("en, ko, de"), "{err}");
}

#[test]
fn engine_answers_every_line_over_pipes() {
    let input: &[u8] = b"{\"cmd\":\"hello\"}\nnot json\n\xff\n{\"cmd\":\"new\",\"game\":\"cash\",\"players\":3}\n{\"cmd\":\"quit\"}\n{\"cmd\":\"hello\"}\n";
    let (ok, out, _) = safehouse(&["engine"], input);
    assert!(ok);
    let answers: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("json line")).collect();
    assert_eq!(answers.len(), 5, "one answer per line until quit: {out}");
    assert_eq!(answers[0]["protocol"], "safehouse-engine/1");
    assert_eq!(answers[1]["error"]["code"], "bad_json");
    assert_eq!(answers[2]["error"]["code"], "bad_utf8", "bytes that are not UTF-8 are refused, not replaced");
    assert_eq!(answers[3]["game"], "club-unlock");
    assert_eq!(answers[4]["ok"], true);
}

#[test]
fn play_in_the_terminal_to_the_end() {
    let script = "1\n".repeat(5_000);
    let (ok, out, err) = safehouse(&["play", "club-unlock", "--players", "3", "--seed", "3"], &script);
    assert!(ok, "{err}");
    assert!(out.contains("Player 1 (you)") && out.contains("Game over"), "{}", &out[out.len().saturating_sub(400)..]);
    // Seats count from 1, as the table names the players.
    let (ok, out, err) = safehouse(&["play", "club-unlock", "--players", "3", "--seat", "3", "--seed", "3"], &script);
    assert!(ok, "{err}");
    assert!(out.contains("Player 3 (you)") && !out.contains("Player 1 (you)"), "{}", &out[..out.len().min(400)]);
    let (ok, _, err) = safehouse(&["play", "club-unlock", "--seat", "9"], "");
    assert!(!ok);
    assert!(err.contains("seat 9 does not exist") && err.contains("seats are 1 to 4"), "{err}");
    let (ok, _, err) = safehouse(&["play", "club-unlock", "--seat", "0"], "");
    assert!(!ok, "seat 0 is not a seat: {err}");
    let (ok, _, err) = safehouse(&["play", "club-unlock", "--options", "{\"nope\":1}"], "");
    assert!(!ok);
    assert!(err.contains("unknown field"), "{err}");
}

/// A match header as the store keeps it, for the database commands' tests.
fn stored_match(id: &str) -> safehouse_store::NewMatch {
    safehouse_store::NewMatch {
        id: id.into(),
        game: "explosiv".into(),
        players: 2,
        options: serde_json::json!({}),
        seed: 3,
        deal: None,
        seats: serde_json::json!([]),
        created_at_ms: 0,
        settings: serde_json::json!({}),
    }
}

/// `safehouse backup` copies the database `serve` would use into a new file that opens with its
/// matches, never overwrites, and sends PostgreSQL to its own tools.
#[test]
fn backup_copies_the_database_the_server_uses() {
    use safehouse_store::{Append, OpenOptions, SqliteStore, Store, StoredAction};
    let dir = tempfile::tempdir().expect("temp dir");
    let live = dir.path().join("live.db");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        let store = SqliteStore::open(&live, &OpenOptions::default()).await.expect("open");
        store.create_match(&stored_match("k1")).await.expect("create");
        let action = StoredAction {
            seq: 1,
            seat: 0,
            action: serde_json::json!({"type": "end_turn"}),
            actor: "person".into(),
            at_ms: 1,
        };
        store.append(&[Append { match_id: "k1".into(), action, finish: None }]).await.expect("append");
    });
    let copy = dir.path().join("copy.db");
    let url = format!("sqlite://{}", live.display());
    let copy_arg = copy.to_str().expect("utf-8 path");
    let (ok, out, err) = safehouse(&["backup", copy_arg, "--database-url", &url], "");
    assert!(ok, "{err}");
    assert!(out.contains("1 match, 1 action"), "{out}");
    runtime.block_on(async {
        let store = SqliteStore::open(&copy, &OpenOptions::default()).await.expect("the copy opens");
        let loaded = store.load_match("k1").await.expect("load").expect("the match is in the copy");
        assert_eq!(loaded.actions.len(), 1);
    });
    let (ok, _, err) = safehouse(&["backup", copy_arg, "--database-url", &url], "");
    assert!(!ok && err.contains("never overwrites"), "{err}");
    let (ok, _, err) = safehouse(&["backup", "x.dump", "--database-url", "postgres://u:secret@db/test"], "");
    assert!(!ok && err.contains("pg_dump") && !err.contains("secret"), "{err}");
}

/// `safehouse copy-store` carries every match into a database that holds none, and refuses one
/// that holds matches or a source that does not exist. (Between SQLite and PostgreSQL, row for
/// row: `safehouse-store`'s suite.)
#[test]
fn copy_store_fills_an_empty_database_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let from = dir.path().join("from.db");
    let into = dir.path().join("into.db");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        use safehouse_store::Store as _;
        let store = safehouse_store::SqliteStore::open(&from, &Default::default()).await.expect("open");
        store.create_match(&stored_match("c1")).await.expect("create");
        store.create_match(&stored_match("c2")).await.expect("create");
    });
    let (from_url, into_url) = (format!("sqlite://{}", from.display()), format!("sqlite://{}", into.display()));
    let (ok, out, err) = safehouse(&["copy-store", "--from", &from_url, "--to", &into_url], "");
    assert!(ok, "{err}");
    assert!(out.contains("copied 2 matches, 0 actions"), "{out}");
    runtime.block_on(async {
        use safehouse_store::Store as _;
        let store = safehouse_store::SqliteStore::open(&into, &Default::default()).await.expect("open");
        assert_eq!(store.live_match_ids().await.expect("ids"), ["c1", "c2"]);
    });
    let (ok, _, err) = safehouse(&["copy-store", "--from", &from_url, "--to", &into_url], "");
    assert!(!ok && err.contains("already holds 2 matches"), "{err}");
    let missing = format!("sqlite://{}", dir.path().join("missing.db").display());
    let (ok, _, err) = safehouse(&["copy-store", "--from", &missing, "--to", &into_url], "");
    assert!(!ok && err.contains("no database file"), "{err}");
}
