//! Idle seats and reconnects: a person who leaves their decision waiting is replaced by a bot
//! until they come back; reconnecting gives the current view.

mod common;

use std::time::{Duration, Instant};

use common::*;
use safehouse_server::client::{HttpClient, Tracker, WsClient};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_seat_is_played_by_a_bot_until_its_person_returns() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("idle.db").display());
    let config = safehouse_server::Config { idle_takeover_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("start");
    let http = HttpClient::new(server.addr());
    let game = safehouse_games::all()[0].info();
    let mut people = vec![false; game.default_players];
    people[0] = true;
    people[1] = true;
    let created = create(&http, game.id, &people, None).await;
    let id = &created.id;

    // Nobody acts: within a few seconds bots have played for the idle people.
    let deadline = Instant::now() + Duration::from_secs(20);
    let info = loop {
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
        let away = info.body["seats"].as_array().expect("seats").iter().any(|s| s["away"] == json!(true));
        if away && info.body["seq"].as_u64().unwrap_or(0) > 3 {
            break info;
        }
        assert!(Instant::now() < deadline, "no takeover: {}", info.text);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(info.status, 200);

    // Seat 0 comes back over its WebSocket: the welcome is the current view, and it is no longer away.
    let token = created.tokens[0].clone().expect("token");
    let mut ws = WsClient::connect(server.addr(), id, Some(&token)).await.expect("ws");
    let mut tracker = Tracker::default();
    let welcome = ws.next_json(WAIT).await.expect("welcome");
    tracker.apply(&welcome).expect("welcome");
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    if view.body["seq"] == welcome["seq"] {
        assert_eq!(view.body["view"], tracker.view, "reconnecting gives the current view");
    }
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][0]["away"], json!(false), "a returning person takes the seat back");
    ws.close().await;

    // A reconnect in the middle of a match sees exactly the view a fresh request gives.
    let mut again = WsClient::connect(server.addr(), id, Some(&token)).await.expect("ws");
    let welcome = again.next_json(WAIT).await.expect("welcome");
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    if view.body["seq"] == welcome["seq"] {
        assert_eq!(view.body["view"], welcome["view"]);
    }
    server.stop().await;
}
