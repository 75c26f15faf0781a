//! The game log (`GET /api/matches/{id}/log`), for every game: each seat's and the spectator's
//! log is exactly the events that viewer was shown live over its WebSocket, and the engine's
//! history of the stored record for that viewer (so it never holds what the viewer may not know:
//! `safehouse-games/tests/history.rs` checks those histories against re-deals); a second request
//! (a new tab), a late spectator, a restarted server on the same SQLite file and a second node on
//! the same PostgreSQL database all give the same log. Every log fetched here is read as
//! `safehouse_api::log::LogResponse` and written back byte for byte.

use std::collections::BTreeMap;

use crate::common::*;
use safehouse_client::HttpClient;
use safehouse_engine::{DynRecord, Seat, Viewer};
use serde_json::{Value, json};

fn viewers(players: usize) -> Vec<Viewer> {
    (0..players).map(|s| Viewer::Seat(Seat(s as u8))).chain(std::iter::once(Viewer::Spectator)).collect()
}

/// The viewers with a way in: every person's seat (with its token) and the spectator.
fn viewers_with_tokens(created: &Created) -> Vec<Viewer> {
    viewers(created.players)
        .into_iter()
        .filter(|v| v.seat().is_none_or(|s| created.tokens[s.index()].is_some()))
        .collect()
}

fn token_of(created: &Created, viewer: Viewer) -> Option<&str> {
    match viewer {
        Viewer::Seat(seat) => created.tokens[seat.index()].as_deref(),
        Viewer::Spectator => None,
    }
}

/// A viewer's log as the API gives it (after `after`).
async fn log(http: &HttpClient, id: &str, token: Option<&str>, after: Option<u64>) -> Value {
    let path = match after {
        Some(after) => format!("/api/matches/{id}/log?after={after}"),
        None => format!("/api/matches/{id}/log"),
    };
    let reply = http.get(&path, token).await.expect("log");
    assert_eq!(reply.status, 200, "log: {}", reply.text);
    // The server writes the log from its cached entries' JSON text; it is exactly the API's
    // `LogResponse`, which reads it and writes it back byte for byte.
    let typed: safehouse_api::log::LogResponse = serde_json::from_str(&reply.text).expect("an API LogResponse");
    assert_eq!(serde_json::to_string(&typed).ok().as_deref(), Some(reply.text.as_str()));
    reply.body
}

/// Checks a viewer's log against the engine's history of the record for that viewer: the same
/// actions (seq, seat) and the same events, and who decided each action.
fn check_against_record(record: &DynRecord, viewer: Viewer, log: &Value, people: &[bool]) {
    let game = safehouse_games::find(&record.game).expect("game").game;
    let history = record.history_for(game, viewer).expect("history");
    let entries = log["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), history.len(), "{} {viewer:?}: one entry per action", record.game);
    assert_eq!(log["seq"].as_u64(), Some(record.actions.len() as u64));
    for (entry, expected) in entries.iter().zip(&history) {
        let keys: Vec<&str> = entry.as_object().expect("object").keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 4, "{viewer:?}: an entry holds seq, seat, actor and events only: {keys:?}");
        assert_eq!(entry["seq"].as_u64(), Some(expected.seq));
        assert_eq!(entry["seat"].as_u64(), Some(u64::from(expected.seat.0)));
        assert_eq!(
            entry["events"],
            Value::Array(expected.events.clone()),
            "{} {viewer:?} seq {}",
            record.game,
            expected.seq
        );
        let actor = if people[expected.seat.index()] { "person" } else { "bot" };
        assert_eq!(entry["actor"], json!(actor), "seq {}", expected.seq);
    }
}

/// The events each viewer was shown live, by seq (from its WebSocket's `update`s).
fn live_events(played: &Played, index: usize) -> BTreeMap<u64, Value> {
    let mut seen = BTreeMap::new();
    for message in played.logs[index].iter().flatten() {
        if message["type"] == "update" {
            seen.insert(message["seq"].as_u64().expect("seq"), message["events"].clone());
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewers_log_is_what_it_was_shown_live_for_every_game() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let mut hidden_somewhere = false;
    for game in safehouse_games::all() {
        let info = game.info();
        let mut people = vec![true; info.default_players];
        if people.len() > 2 {
            people[1] = false;
        }
        let created = create(&http, info.id, &people, None).await;
        let played = play(&[server.addr()], &created, 11).await;
        let (record, _) = fetch_and_replay(&http, &created).await;
        check_messages(&record, &played);
        let unfiltered = {
            let mut m = game.replay(&DynRecord { actions: Vec::new(), ..record.clone() }).expect("start");
            record
                .actions
                .iter()
                .map(|a| {
                    m.act(a.seat, &a.action).expect("applies");
                    Value::Array(m.last_events())
                })
                .collect::<Vec<_>>()
        };
        for (index, viewer) in viewers(created.players).into_iter().enumerate() {
            let token = token_of(&created, viewer);
            if matches!(viewer, Viewer::Seat(_)) && token.is_none() {
                continue;
            }
            let whole = log(&http, &created.id, token, None).await;
            check_against_record(&record, viewer, &whole, &people);
            assert_eq!(
                whole["viewer"],
                if let Viewer::Seat(s) = viewer { json!({"seat": s.0}) } else { json!("spectator") }
            );
            let entries = whole["entries"].as_array().expect("entries");
            // Exactly what this viewer's WebSocket showed it, action by action.
            let live = live_events(&played, index);
            assert!(!live.is_empty(), "{} {viewer:?} saw updates", info.id);
            for (seq, events) in &live {
                assert_eq!(&entries[*seq as usize - 1]["events"], events, "{} {viewer:?} seq {seq}", info.id);
            }
            hidden_somewhere |= entries.iter().zip(&unfiltered).any(|(e, all)| &e["events"] != all);
            // `after` gives the tail, and a new tab the same log.
            let half = record.actions.len() as u64 / 2;
            let tail = log(&http, &created.id, token, Some(half)).await;
            assert_eq!(tail["entries"].as_array().expect("entries")[..], entries[half as usize..]);
            let beyond = log(&http, &created.id, token, Some(i64::MAX as u64)).await;
            assert_eq!(beyond["entries"], json!([]));
            assert_eq!(log(&http, &created.id, token, None).await, whole, "a second request (a new tab)");
        }
    }
    assert!(hidden_somewhere, "no viewer's log ever differed from the unfiltered events: the check caught nothing");
    // A token that opens no seat is refused, not shown a spectator's log.
    let first = safehouse_games::all()[0].info();
    let created = create(&http, first.id, &vec![true; first.default_players], None).await;
    let reply = http.get(&format!("/api/matches/{}/log", created.id), Some("not-a-token")).await.expect("log");
    assert_eq!((reply.status, reply.code()), (401, Some("bad_token")), "{}", reply.text);
    let reply = http.get("/api/matches/nosuchmatch/log", None).await.expect("log");
    assert_eq!(reply.status, 404);
    let reply = http.get(&format!("/api/matches/{}/log?after=x", created.id), None).await.expect("log");
    assert_eq!(reply.status, 400, "{}", reply.text);
    server.stop().await;
}

/// Acts for the person's seats with their first legal action until `actions` were applied or the
/// match ends (bots answer in between).
async fn advance(http: &HttpClient, created: &Created, actions: u64) {
    let id = &created.id;
    for _ in 0..10_000 {
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
        if info["seq"].as_u64() >= Some(actions) || info["finished"] == json!(true) {
            return;
        }
        let Some(seat) = info["to_move"].as_u64() else { return };
        let Some(token) = created.tokens[seat as usize].as_deref() else {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        };
        let view = http.get(&format!("/api/matches/{id}/view"), Some(token)).await.expect("view").body;
        let Some(action) = view["legal"].get(0).map(|l| l["action"].clone()) else { continue };
        let body = json!({"action": action, "seq": view["seq"]});
        let _ = http.post(&format!("/api/matches/{id}/actions"), Some(token), &body).await.expect("act");
    }
    panic!("the match did not advance");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_survives_a_restart_and_grows_the_same_as_a_replay() {
    let dir = tempfile::tempdir().expect("dir");
    for game in safehouse_games::all() {
        let info = game.info();
        let mut people = vec![true; info.default_players];
        people[info.default_players - 1] = false;
        let server = sqlite_server(dir.path()).await;
        let http = HttpClient::new(server.addr());
        let created = create(&http, info.id, &people, None).await;
        advance(&http, &created, 6).await;
        let viewers = viewers_with_tokens(&created);
        let mut before = Vec::new();
        for &viewer in &viewers {
            // The first request builds the log by a replay; later actions grow it in place.
            before.push(log(&http, &created.id, token_of(&created, viewer), None).await);
        }
        advance(&http, &created, 12).await;
        let mut grown = Vec::new();
        for &viewer in &viewers {
            grown.push(log(&http, &created.id, token_of(&created, viewer), None).await);
        }
        server.stop().await;

        // The same SQLite file, a new process's worth of memory: the log is built from the store.
        let server = sqlite_server(dir.path()).await;
        let http = HttpClient::new(server.addr());
        for (i, &viewer) in viewers.iter().enumerate() {
            let token = token_of(&created, viewer);
            let after = log(&http, &created.id, token, None).await;
            // Bots resume at start-up and may already have moved: the old log is a prefix.
            let was = grown[i]["entries"].as_array().expect("entries");
            let now = after["entries"].as_array().expect("entries");
            assert_eq!(now[..was.len()], was[..], "{}: {viewer:?}'s log after a restart", info.id);
            let old = before[i]["entries"].as_array().expect("entries");
            assert_eq!(after["entries"].as_array().expect("entries")[..old.len()], old[..], "the log only grows");
        }
        // Grown in place on the restarted server, then built anew by a replay: the same.
        advance(&http, &created, 18).await;
        let mut grown_again = Vec::new();
        for &viewer in &viewers {
            grown_again.push(log(&http, &created.id, token_of(&created, viewer), None).await);
        }
        server.stop().await;
        let server = sqlite_server(dir.path()).await;
        let http = HttpClient::new(server.addr());
        for (i, &viewer) in viewers.iter().enumerate() {
            let rebuilt = log(&http, &created.id, token_of(&created, viewer), None).await;
            let was = grown_again[i]["entries"].as_array().expect("entries");
            let now = rebuilt["entries"].as_array().expect("entries");
            assert_eq!(now[..was.len()], was[..], "{}: {viewer:?}'s grown log equals its replay", info.id);
        }
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_agree_on_every_viewers_log() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_log_nodes").await else { return };
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());
    for game in safehouse_games::all() {
        let info = game.info();
        let mut people = vec![true; info.default_players];
        if people.len() > 2 {
            people[2] = false;
        }
        let created = create(&http_a, info.id, &people, None).await;
        let viewers = viewers_with_tokens(&created);
        // Node B builds its logs before a person moves: they then grow from the other node's
        // notices while the seats play through both nodes. The bot's seat may be drawn to start
        // and move at once, so only bot moves can be in the log yet.
        for &viewer in &viewers {
            let early = log(&http_b, &created.id, token_of(&created, viewer), None).await;
            let entries = early["entries"].as_array().expect("entries");
            assert!(entries.iter().all(|e| e["actor"] == "bot"), "{}: before any person moved: {early}", info.id);
        }
        let played = play(&[a.addr(), b.addr()], &created, 5).await;
        let (record, _) = fetch_and_replay(&http_b, &created).await;
        check_messages(&record, &played);
        for &viewer in &viewers {
            let token = token_of(&created, viewer);
            // Node B may still be catching up on the last notice: wait for its seq.
            let mut on_b = log(&http_b, &created.id, token, None).await;
            for _ in 0..100 {
                if on_b["seq"].as_u64() == Some(record.actions.len() as u64) {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                on_b = log(&http_b, &created.id, token, None).await;
            }
            let on_a = log(&http_a, &created.id, token, None).await;
            assert_eq!(on_a, on_b, "{}: {viewer:?}'s log on both nodes", info.id);
            check_against_record(&record, viewer, &on_a, &people);
        }
    }
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}
