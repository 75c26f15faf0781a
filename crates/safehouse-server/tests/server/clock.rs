//! Clocks: a table's time control, derived from stored action times. A clock that runs out does
//! what the table's `on_timeout` says (a bot plays the seat, the seat passes where the game allows,
//! or the player loses), and clocks continue exactly after a SIGKILL and a restart.

use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::{HttpClient, WsClient};
use safehouse_store::{OpenOptions, StoredAction, StoredMatch};
use serde_json::{Value, json};

/// A competitive game (played at its default number of players).
fn competitive_two_player_game() -> &'static str {
    safehouse_games::all()
        .iter()
        .map(|g| g.info())
        .find(|info| !safehouse_server::settings::is_cooperative(info.id))
        .expect("a competitive game")
        .id
}

async fn stored(url: &str, id: &str) -> StoredMatch {
    // The server writes meanwhile: a read may meet a locked database, and is tried again.
    for _ in 0..100 {
        if let Ok(store) = safehouse_store::open(url, &OpenOptions::default()).await
            && let Ok(found) = store.load_match(id).await
        {
            return found.expect("the match is stored");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the database stays locked");
}

/// Creates a match of Alice (seat 0, joined) against bots with `time_control`.
async fn create_timed(http: &HttpClient, game: &str, time_control: Value) -> (String, String) {
    let players = safehouse_games::find(game).expect("game").game.info().default_players;
    let mut seats = vec![json!({"kind": "person", "name": "Alice"})];
    seats.resize(players, json!({"kind": "bot", "difficulty": "easy"}));
    let body = json!({
        "game": game,
        "seats": seats,
        "join": {"seat": 0, "name": "Alice"},
        "settings": {"time_control": time_control},
    });
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text);
    (
        reply.body["id"].as_str().expect("id").to_owned(),
        reply.body["joined"]["token"].as_str().expect("token").to_owned(),
    )
}

async fn wait_until(url: &str, id: &str, what: &str, done: impl Fn(&StoredMatch) -> bool) -> StoredMatch {
    let deadline = Instant::now() + WAIT;
    loop {
        let m = stored(url, id).await;
        if done(&m) {
            return m;
        }
        let actors: Vec<(u8, &str)> = m.actions.iter().map(|a| (a.seat, a.actor.as_str())).collect();
        assert!(Instant::now() < deadline, "{what}: finished {}, actions {actors:?}", m.finished);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn by(actions: &[StoredAction], seat: u8, actor: &str) -> usize {
    actions.iter().filter(|a| a.seat == seat && a.actor == actor).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_counts_down_for_every_viewer() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("view.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    // Every seat is a person's, so nothing moves before the spectator's welcome.
    let game = competitive_two_player_game();
    let players = safehouse_games::find(game).expect("game").game.info().default_players;
    let settings = json!({"time_control": {"bank_secs": 600, "increment_secs": 20}});
    let created = create_with(&http, game, &vec![true; players], None, Some(settings)).await;
    let id = created.id.clone();
    // The spectator's WebSocket welcome and the public facts carry every seat's clock.
    let mut ws = WsClient::connect(server.addr(), &id, None).await.expect("ws");
    let welcome = ws.next_json(WAIT).await.expect("welcome");
    assert_eq!(welcome["seq"], json!(0), "nobody moved yet: {welcome}");
    let clock = &welcome["clock"];
    let first_seat = welcome["to_move"].as_u64().expect("to move") as usize;
    assert_eq!(clock["running"], welcome["to_move"], "{welcome}");
    assert_eq!(clock["control"], json!({"bank_secs": 600, "increment_secs": 20, "on_timeout": "bot"}));
    let first = clock["remaining_ms"][first_seat].as_i64().expect("ms");
    assert!(first <= 600_000 && first > 0);
    let other = (first_seat + 1) % clock["remaining_ms"].as_array().expect("clocks").len();
    assert_eq!(clock["remaining_ms"][other], json!(600_000), "only the running clock moves");
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    let later = &info.body["clock"];
    if later["running"] == clock["running"] && info.body["seq"] == json!(0) {
        // The deadline (time left + server time) is the same whenever it is asked.
        let deadline = |c: &Value| c["remaining_ms"][first_seat].as_i64().unwrap() + c["server_ms"].as_i64().unwrap();
        assert_eq!(deadline(later), deadline(clock), "{later} vs {clock}");
    }
    // The first decision is made: that seat's clock stops and gains the increment.
    let token = created.tokens[first_seat].as_deref().expect("a person's token");
    let view = http.get(&format!("/api/matches/{id}/view"), Some(token)).await.expect("view");
    let action = view.body["legal"][0]["action"].clone();
    let reply = http
        .post(&format!("/api/matches/{id}/actions"), Some(token), &json!({"action": action, "seq": view.body["seq"]}))
        .await
        .expect("act");
    assert_eq!(reply.status, 200, "{}", reply.text);
    let update = loop {
        let message = ws.next_json(WAIT).await.expect("update");
        if message["type"] == "update" {
            break message;
        }
    };
    let m = stored(&url, &id).await;
    let used = m.actions[0].at_ms - m.header.created_at_ms;
    let seat = usize::from(m.actions[0].seat);
    // A seat whose turn goes on (Club Unlock's four secret keys are four decisions) is running
    // again from its action's time, and the update tells its time left at the server's `now`.
    let clock = &update["clock"];
    let running_again = clock["running"] == json!(seat) && update["seq"] == json!(1);
    let since_action = if running_again { clock["server_ms"].as_i64().unwrap() - m.actions[0].at_ms } else { 0 };
    assert_eq!(clock["remaining_ms"][seat].as_i64().unwrap(), 600_000 - used + 20_000 - since_action, "{update}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_hands_the_seat_to_a_bot() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("bot.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (id, token) = create_timed(&http, competitive_two_player_game(), json!({"bank_secs": 1})).await;
    // Her page is open (and keeps fetching her view); she does nothing.
    let mut ws = WsClient::connect(server.addr(), &id, Some(&token)).await.expect("ws");
    let _ = ws.next_json(WAIT).await.expect("welcome");
    let m = wait_until(&url, &id, "a bot plays for the seat out of time", |m| by(&m.actions, 0, "takeover") >= 2).await;
    assert_eq!(by(&m.actions, 0, "person"), 0);
    let _ = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    if info.body["finished"] == json!(false) {
        assert_eq!(info.body["seats"][0]["away"], json!(true), "{}", info.text);
    }
    assert!(m.seats.iter().any(|c| c.seat == 0 && c.away), "the takeover is stored");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_without_a_legal_pass_falls_back_to_a_bot() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("skip.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (id, _) =
        create_timed(&http, competitive_two_player_game(), json!({"bank_secs": 1, "on_timeout": "skip"})).await;
    let m = wait_until(&url, &id, "the seat out of time is played", |m| m.actions.iter().any(|a| a.seat == 0)).await;
    let first = m.actions.iter().find(|a| a.seat == 0).expect("seat 0 acted");
    // At the first decision no game has a pass legal (a pass is only legal when nothing else is).
    assert_eq!(first.actor, "takeover", "{first:?}");
    assert!(first.action.get("type").and_then(Value::as_str) != Some("pass"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lose_on_time_ends_the_match_with_a_forfeit() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("lose.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (id, token) =
        create_timed(&http, competitive_two_player_game(), json!({"bank_secs": 1, "on_timeout": "lose"})).await;
    let mut ws = WsClient::connect(server.addr(), &id, None).await.expect("ws");
    let m = wait_until(&url, &id, "the player out of time loses", |m| m.finished).await;
    assert!(m.actions.iter().all(|a| a.seat != 0), "nobody played for her: {:?}", m.actions);
    let outcome = m.outcome.expect("a stored result");
    assert_eq!(outcome["reason"], json!("time_forfeit"));
    assert_eq!(outcome["ranks"][0], json!(2));
    let winners = outcome["winners"].as_array().expect("winners");
    assert!(!winners.is_empty() && !winners.contains(&json!(0)), "{outcome}");
    // Every viewer is told; the API says so; nobody can move any more.
    let told = loop {
        let message = ws.next_json(WAIT).await.expect("message");
        if message["outcome"].is_object() {
            break message;
        }
    };
    assert_eq!(told["finished"], json!(true), "{told}");
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(
        (info.body["finished"].clone(), info.body["outcome"]["reason"].clone()),
        (json!(true), json!("time_forfeit"))
    );
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    let reply = http
        .post(&format!("/api/matches/{id}/actions"), Some(&token), &json!({"action": {"type": "pass"}, "seq": 0}))
        .await
        .expect("act");
    assert_eq!(reply.body["error"]["code"], json!("game_over"), "{} / {}", reply.text, view.text);
    // A co-operative game refuses `lose` at setup.
    let players = safehouse_games::find("the-safe").expect("the-safe").game.info().default_players;
    let body = json!({"game": "the-safe", "seats": vec![json!({"kind": "bot"}); players],
        "settings": {"time_control": {"bank_secs": 60, "on_timeout": "lose"}}});
    let refused = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(
        (refused.status, refused.body["error"]["code"].clone()),
        (422, json!("bad_settings")),
        "{}",
        refused.text
    );
    server.stop().await;
}

/// The running clock's deadline: time left plus the server's time, in milliseconds.
async fn deadline(http: &HttpClient, id: &str) -> (Option<u64>, i64, i64) {
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    let clock = &info.body["clock"];
    let remaining = clock["remaining_ms"][0].as_i64().expect("remaining");
    (clock["running"].as_u64(), remaining, remaining + clock["server_ms"].as_i64().expect("server time"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_continue_exactly_after_a_sigkill_and_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}", dir.path().join("clock-crash.db").display());
    let (mut child, addr) = spawn_server(&db);
    let http = HttpClient::new(addr);
    let (id, token) =
        create_timed(&http, competitive_two_player_game(), json!({"bank_secs": 8, "increment_secs": 1})).await;
    let _ = &token;
    // The bots before her (if any) move; then her clock runs from the last stored move.
    let wait = Instant::now() + WAIT;
    while deadline(&http, &id).await.0 != Some(0) {
        assert!(Instant::now() < wait, "the bot did not answer");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let m = stored(&db, &id).await;
    let (running, _, before) = deadline(&http, &id).await;
    if running == Some(0) {
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let (mut child, addr) = spawn_server(&db);
        let http = HttpClient::new(addr);
        let (running, remaining, after) = deadline(&http, &id).await;
        if remaining > 0 {
            // Exactly the same deadline: derived from stored times, not restarted with the process.
            assert_eq!((running, after), (Some(0), before), "the clock continues where it stood");
        }
        // Her bank is untouched (8 s), counted from the last stored move (or the start).
        let since = m.actions.last().map_or(m.header.created_at_ms, |a| a.at_ms);
        assert_eq!(by(&m.actions, 0, "person"), 0);
        assert_eq!(before, since + 8_000);
        // And it runs out after the restart: a bot takes her seat.
        wait_until(&db, &id, "the clock runs out after the restart", |m| by(&m.actions, 0, "takeover") >= 1).await;
        child.kill().expect("kill");
        child.wait().expect("reaped");
    } else {
        child.kill().expect("kill");
        child.wait().expect("reaped");
        panic!("after the bot's answer it is Alice's decision (running {running:?})");
    }
}
