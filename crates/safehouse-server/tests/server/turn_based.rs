//! Turn-based tables: a move deadline of hours instead of the idle takeover. The deadline counts
//! from stored times, so a match whose turn began two hours ago (written straight into the
//! store) is past a one-hour deadline as soon as a server loads it, while a fresh turn-based
//! table keeps its idle person's seat far beyond `idle_takeover_secs`.

use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::HttpClient;
use safehouse_store::{NewMatch, SeatClaim};
use serde_json::json;

/// A match of people only (every seat joined, so nobody moves unless the server plays for them)
/// stored directly, created `age_ms` ago, with `settings`; seat 0's token is returned.
async fn stored_match(url: &str, settings: serde_json::Value, age_ms: i64) -> (String, String) {
    let (id, tokens) = stored_match_tokens(url, settings, age_ms).await;
    (id, tokens[0].clone())
}

/// As [`stored_match`], returning every seat's token.
async fn stored_match_tokens(url: &str, settings: serde_json::Value, age_ms: i64) -> (String, Vec<String>) {
    let store = safehouse_store::open(url, &safehouse_store::OpenOptions::default()).await.expect("store");
    let game = safehouse_games::all()[0];
    let info = game.info();
    let players = info.default_players;
    let options = game.resolve_options(players, None, None).expect("options");
    let seats: Vec<_> = (0..players).map(|i| json!({"kind": "person", "name": format!("P{i}")})).collect();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_millis() as i64;
    let id = safehouse_server::token::match_id();
    let header = NewMatch {
        id: id.clone(),
        game: info.id.to_owned(),
        players: players as u8,
        options,
        seed: 7,
        deal: None,
        seats: json!(seats),
        created_at_ms: now - age_ms,
        settings,
    };
    store.create_match(&header).await.expect("create");
    let mut tokens = Vec::new();
    for seat in 0..players {
        let token = safehouse_server::token::new_token();
        let claim = SeatClaim {
            seat: seat as u8,
            token_hash: safehouse_server::token::hash(&token),
            name: Some(format!("P{seat}")),
            joined_at_ms: now - age_ms,
            away: false,
        };
        assert!(store.claim_seat(&id, &claim).await.expect("claim"));
        tokens.push(token);
    }
    (id, tokens)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_passed_deadline_has_the_tables_consequence_and_idle_takeover_does_not_apply() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("turns.db").display());
    let two_hours = 2 * 3_600_000;
    let late = json!({"turn_based": {"deadline_hours": 1, "on_timeout": "bot"}});
    let (late_id, _) = stored_match(&url, late, two_hours).await;
    // Its turn began just now: a day to move, but the server's idle takeover is one second.
    let fresh = json!({"turn_based": {"deadline_hours": 24}});
    let (fresh_id, fresh_token) = stored_match(&url, fresh, 0).await;
    // A real-time table beside them, with the same idle person: taken over (the control).
    let (realtime_id, _) = stored_match(&url, json!({}), 0).await;

    let config = safehouse_server::Config { idle_takeover_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("start");
    let http = HttpClient::new(server.addr());
    let info = |id: String| {
        let http = &http;
        async move { http.get(&format!("/api/matches/{id}"), None).await.expect("info").body }
    };

    // The late table: its deadline passed two hours ago, so a bot plays for seat 0.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let late = info(late_id.clone()).await;
        let away = late["seats"].as_array().is_some_and(|s| s.iter().any(|s| s["away"] == json!(true)));
        if away && late["seq"].as_u64().unwrap_or(0) >= 1 {
            break;
        }
        assert!(Instant::now() < deadline, "the passed deadline did nothing: {late}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The real-time table is taken over after its second of idleness...
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let realtime = info(realtime_id.clone()).await;
        if realtime["seats"].as_array().is_some_and(|s| s.iter().any(|s| s["away"] == json!(true))) {
            break;
        }
        assert!(Instant::now() < deadline, "the control table was never taken over: {realtime}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // ...and a few sweeps later the fresh turn-based table still waits for its person.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let fresh = info(fresh_id.clone()).await;
    let away = fresh["seats"].as_array().is_some_and(|s| s.iter().any(|s| s["away"] == json!(true)));
    assert!(!away, "no idle takeover at a turn-based table: {fresh}");
    assert_eq!(fresh["seq"], json!(0), "nobody moved for the person: {fresh}");
    let view = http.get(&format!("/api/matches/{fresh_id}/view"), Some(&fresh_token)).await.expect("view");
    assert_eq!(view.status, 200, "{}", view.text);
    // Everyone is told when the move is due: a day from the turn's start, which is the match's
    // start here (the facts and the seat's view say the same); a real-time table has no deadline.
    for told in [&fresh["deadline"], &view.body["deadline"]] {
        let left = told["due_ms"].as_i64().unwrap_or(0) - told["server_ms"].as_i64().unwrap_or(0);
        assert_eq!(
            (told["seat"].clone(), told["on_timeout"].clone()),
            (fresh["to_move"].clone(), json!("bot")),
            "{told}"
        );
        assert!((23 * 3_600_000..=24 * 3_600_000).contains(&left), "a day to move, less a few seconds: {left} ms");
    }
    assert_eq!(fresh["deadline"]["due_ms"], view.body["deadline"]["due_ms"], "one deadline, however it is asked");
    let realtime = info(realtime_id.clone()).await;
    assert!(realtime.get("deadline").is_none(), "a real-time table has no move deadline: {realtime}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_based_settings_are_checked_when_a_table_is_created() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let game = safehouse_games::all()[0].info();
    let seats: Vec<_> = (0..game.default_players).map(|_| json!({"kind": "person"})).collect();
    let create = |settings: serde_json::Value| {
        let body = json!({"game": game.id, "seats": seats, "settings": settings});
        let http = &http;
        async move { http.post("/api/matches", None, &body).await.expect("create") }
    };
    let ok = create(json!({"turn_based": {"deadline_hours": 72, "on_timeout": "skip"}})).await;
    assert_eq!(ok.status, 201, "{}", ok.text);
    for bad in [
        json!({"turn_based": {"deadline_hours": 0}}),
        json!({"turn_based": {"deadline_hours": 721}}),
        json!({"turn_based": {"deadline_hours": 24}, "time_control": {"bank_secs": 60}}),
    ] {
        let refused = create(bad.clone()).await;
        assert_eq!((refused.status, refused.code()), (422, Some("bad_settings")), "{bad}: {}", refused.text);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saying_i_am_back_does_not_move_a_turn_based_deadline() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("back.db").display());
    // The turn began an hour ago less three seconds: its one-hour deadline is three seconds off.
    let settings = json!({"turn_based": {"deadline_hours": 1, "on_timeout": "bot"}});
    let (id, tokens) = stored_match_tokens(&url, settings, 3_600_000 - 3_000).await;
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    let mover = info.body["to_move"].as_u64().expect("to move") as usize;
    // The person to move keeps saying "I'm back" without moving: the deadline still passes, and
    // a bot plays their move.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let back = http.post(&format!("/api/matches/{id}/back"), Some(&tokens[mover]), &json!({})).await.expect("back");
        assert!(back.status < 300, "back: {}", back.text);
        let now = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
        if now["seq"].as_u64().unwrap_or(0) >= 1 {
            break;
        }
        assert!(Instant::now() < deadline, "\"I'm back\" held off the deadline: {now}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.stop().await;
}

/// The seat list pushed when a seat goes away carries the move's deadline as it is now: the
/// person to move still has theirs while another seat steps away, and none once a bot plays
/// their move (a WebSocket client need not wait for the next update to know).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seat_list_carries_the_moves_deadline() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let settings = json!({"turn_based": {"deadline_hours": 48, "on_timeout": "bot"}});
    let created = create_with(&http, "explosiv", &[true, true], None, Some(settings)).await;
    let id = &created.id;
    let mut spectator = watching(server.addr(), id, None).await;
    let facts = http.get(&format!("/api/matches/{id}"), None).await.expect("the match").body;
    let mover = facts["deadline"]["seat"].as_u64().expect("a person is to move, with a deadline") as usize;
    let other = 1 - mover;
    let path = format!("/api/matches/{id}/away");
    let away = http.post(&path, created.tokens[other].as_deref(), &json!({})).await.expect("away");
    assert_eq!(away.status, 200, "{}", away.text);
    let seats = next_seats(&mut spectator).await;
    assert_eq!(seats["deadline"]["seat"].as_u64(), Some(mover as u64), "{seats}");
    assert_eq!(seats["deadline"]["due_ms"], facts["deadline"]["due_ms"], "{seats}");
    let away = http.post(&path, created.tokens[mover].as_deref(), &json!({})).await.expect("away");
    assert_eq!(away.status, 200, "{}", away.text);
    let seats = next_seats(&mut spectator).await;
    assert!(seats.get("deadline").is_none(), "a bot plays the move: {seats}");
    server.stop().await;
}

/// The next `seats` message (others skipped).
async fn next_seats(spectator: &mut safehouse_client::WsClient) -> serde_json::Value {
    loop {
        let message = spectator.next_json(WAIT).await.expect("a message");
        if message["type"] == "seats" {
            return message;
        }
    }
}
