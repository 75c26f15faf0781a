//! Crash: SIGKILL the server process in the middle of many live matches, start it again on the
//! same database, and check that every acknowledged action is there and every match continues
//! to its end (people's matches through the API, bots' matches on their own).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::HttpClient;
use serde_json::{Value, json};

type Acked = Arc<Mutex<Vec<(String, u64, u8, Value)>>>;

/// Plays random legal actions over HTTP until the server stops answering (or the match ends);
/// every action the server acknowledged is written down.
async fn play_until_error(addr: SocketAddr, created: Created, acked: Acked, stop_at_end: bool) -> anyhow::Result<()> {
    let http = HttpClient::new(addr);
    let mut n = 0usize;
    loop {
        let view = http.get(&format!("/api/matches/{}", created.id), None).await?;
        if view.status != 200 {
            anyhow::bail!("status {}", view.status);
        }
        if view.body["finished"] == json!(true) {
            return Ok(());
        }
        let Some(seat) = view.body["to_move"].as_u64() else { return Ok(()) };
        let token = created.tokens[seat as usize].clone().expect("all seats are people");
        let mine = http.get(&format!("/api/matches/{}/view", created.id), Some(&token)).await?;
        let legal = mine.body["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            continue;
        }
        n += 1;
        let action = legal[n % legal.len()]["action"].clone();
        let seq = mine.body["seq"].as_u64().expect("seq");
        let reply = http
            .post(&format!("/api/matches/{}/actions", created.id), Some(&token), &json!({"action": action, "seq": seq}))
            .await?;
        if reply.status != 200 {
            anyhow::bail!("act: {}", reply.text);
        }
        let stored = reply.body["seq"].as_u64().expect("seq");
        acked.lock().expect("lock").push((created.id.clone(), stored, seat as u8, action));
        if !stop_at_end && n > 10_000 {
            return Ok(());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_match_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}", dir.path().join("crash.db").display());
    let (mut child, addr) = spawn_server(&db);
    let http = HttpClient::new(addr);

    let mut people_matches = Vec::new();
    let mut bot_matches = Vec::new();
    for game in safehouse_games::all() {
        let players = game.info().default_players;
        for _ in 0..3 {
            people_matches.push(create(&http, game.info().id, &vec![true; players], None).await);
        }
        for _ in 0..2 {
            bot_matches.push(create(&http, game.info().id, &vec![false; players], None).await);
        }
    }
    let acked: Acked = Arc::default();
    let tasks: Vec<_> = people_matches
        .iter()
        .map(|created| tokio::spawn(play_until_error(addr, created.clone(), acked.clone(), false)))
        .collect();
    tokio::time::sleep(Duration::from_millis(800)).await;
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    for task in tasks {
        let _ = task.await;
    }
    let acked_before = acked.lock().expect("lock").clone();
    assert!(
        acked_before.len() > 20,
        "the matches were under way when the server died ({} actions)",
        acked_before.len()
    );

    let (mut child, addr) = spawn_server(&db);
    let http = HttpClient::new(addr);
    // Every acknowledged action survived: each match is at least as far as its last acknowledgement.
    for created in &people_matches {
        let info = http.get(&format!("/api/matches/{}", created.id), None).await.expect("info");
        assert_eq!(info.status, 200);
        let last = acked_before.iter().filter(|a| a.0 == created.id).map(|a| a.1).max().unwrap_or(0);
        assert!(info.body["seq"].as_u64().expect("seq") >= last, "match {} lost acknowledged actions", created.id);
    }
    // Every match continues to its end.
    let tasks: Vec<_> = people_matches
        .iter()
        .map(|created| tokio::spawn(play_until_error(addr, created.clone(), acked.clone(), true)))
        .collect();
    for task in tasks {
        task.await.expect("task").expect("the match continues after the restart");
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    for created in &bot_matches {
        loop {
            let info = http.get(&format!("/api/matches/{}", created.id), None).await.expect("info");
            if info.body["finished"] == json!(true) {
                break;
            }
            assert!(Instant::now() < deadline, "bot match {} did not resume", created.id);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    for created in people_matches.iter().chain(&bot_matches) {
        let (record, _) = fetch_and_replay(&http, created).await;
        for (id, seq, seat, action) in &acked_before {
            if *id == created.id {
                let stored = &record.actions[*seq as usize - 1];
                assert_eq!((stored.seat.0, &stored.action), (*seat, action), "acknowledged action {seq} of {id}");
            }
        }
    }
    eprintln!("{} actions acknowledged before the kill; all present after restart", acked_before.len());
    child.kill().expect("kill");
    child.wait().expect("reaped");
}
