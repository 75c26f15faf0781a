//! Chat at a table (`src/chat.rs`), on SQLite and PostgreSQL: lines stored in the table log and
//! delivered live over the WebSocket; cleaning, length and rate limits; the per-table switch (off
//! by default for The Safe); the spectators' chat kept from the players until the match ends, in
//! the history, on the WebSocket and in the replay; and the browser pages drawing it escaped.

use std::net::IpAddr;
use std::time::Duration;

use crate::common::*;
use safehouse_client::{HttpClient, WsClient};
use safehouse_server::Server;
use safehouse_server::chat::{MAX_CHAT_CHARS, MAX_CHAT_LINES};
use safehouse_server::limits::CHAT_BURST;
use safehouse_store::Store as _;
use serde_json::{Value, json};

/// The next `chat` message a socket receives (other messages are skipped).
async fn next_chat(ws: &mut WsClient) -> Value {
    loop {
        let message = ws.next_json(WAIT).await.expect("a message");
        if message["type"] == "chat" {
            return message["line"].clone();
        }
        assert_ne!(message["type"], "error", "{message}");
    }
}

/// Creates a match with these settings (`None`: none given).
async fn say(http: &HttpClient, id: &str, token: Option<&str>, body: Value) -> safehouse_client::Reply {
    http.post(&format!("/api/matches/{id}/chat"), token, &body).await.expect("chat")
}

fn texts(history: &Value) -> Vec<String> {
    history["lines"].as_array().expect("lines").iter().map(|l| l["text"].as_str().unwrap_or("").to_owned()).collect()
}

async fn chat_at_a_table(server: &Server) {
    let http = HttpClient::new(server.addr());
    let created = create_with(&http, "club-unlock", &[true, true, false], None, None).await;
    let id = &created.id;
    let t0 = created.tokens[0].clone().expect("seat 0");
    let t1 = created.tokens[1].clone().expect("seat 1");
    let mut ws1 = watching(server.addr(), id, Some(&t1)).await;
    let mut spectator_ws = watching(server.addr(), id, None).await;

    // A player's line: cleaned (the override and the line break go), kept as text (markup is
    // the page's to escape), and delivered to the other seat and to the spectator.
    let said = say(&http, id, Some(&t0), json!({"text": " <b>hi</b> & \u{202E}bye\nnow "})).await;
    assert_eq!(said.status, 201, "{}", said.text);
    assert_eq!(said.body["text"], "<b>hi</b> & bye now");
    assert_eq!(said.body["channel"], "players");
    assert_eq!(said.body["seat"], 0);
    assert_eq!(said.body["name"], "P0");
    assert_eq!(next_chat(&mut ws1).await, said.body);
    assert_eq!(next_chat(&mut spectator_ws).await, said.body);

    // A spectator's line reaches the spectators only; the next line seat 1 gets is a player's.
    let watcher = say(&http, id, None, json!({"text": "seat 0 holds the red key", "name": "Eve\u{202E}"})).await;
    assert_eq!(watcher.status, 201, "{}", watcher.text);
    assert_eq!(watcher.body["channel"], "spectators");
    assert_eq!(watcher.body["name"], "Eve");
    assert!(watcher.body.get("seat").is_none());
    assert_eq!(next_chat(&mut spectator_ws).await, watcher.body);
    // Over the WebSocket too, from seat 1 itself.
    ws1.send_json(&json!({"type": "chat", "text": "ws line", "id": 7})).await.expect("send");
    let mut acked = false;
    let mine = loop {
        let message = ws1.next_json(WAIT).await.expect("message");
        match message["type"].as_str() {
            Some("ack") => {
                assert_eq!(message["id"], 7);
                acked = true;
            }
            Some("chat") => break message["line"].clone(),
            Some("error") => panic!("{message}"),
            _ => {}
        }
    };
    assert_eq!(mine["text"], "ws line", "seat 1's next line is its own, not the spectators' ({mine})");
    assert_eq!(mine["seat"], 1);
    assert_eq!(next_chat(&mut spectator_ws).await["text"], "ws line");
    if !acked {
        let ack = ws1.next_json(WAIT).await.expect("ack");
        assert_eq!(ack["type"], "ack", "{ack}");
    }

    // The histories: a seat's holds no spectators' line during play; a spectator's holds both.
    let seat_history = http.get(&format!("/api/matches/{id}/chat"), Some(&t0)).await.expect("history");
    assert_eq!(seat_history.status, 200, "{}", seat_history.text);
    assert_eq!(texts(&seat_history.body), ["<b>hi</b> & bye now", "ws line"]);
    assert_eq!(seat_history.body["channel"], "players");
    assert_eq!(seat_history.body["can_write"], true);
    let all = http.get(&format!("/api/matches/{id}/chat"), None).await.expect("history");
    assert_eq!(texts(&all.body), ["<b>hi</b> & bye now", "seat 0 holds the red key", "ws line"]);
    assert_eq!(all.body["channel"], "spectators");
    let numbers: Vec<u64> =
        all.body["lines"].as_array().expect("lines").iter().filter_map(|l| l["n"].as_u64()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "lines in order: {numbers:?}");

    // The pages draw the lines escaped: the seat's page has no spectators' line.
    let page = http.get(&format!("/play/{id}?watch=1"), None).await.expect("page");
    assert!(page.text.contains("&lt;b&gt;hi&lt;/b&gt; &amp; bye now"), "escaped on the page");
    assert!(!page.text.contains("<b>hi</b>"), "never as markup");
    assert!(page.text.contains("seat 0 holds the red key"), "a spectator's page shows the spectators' chat");

    // Limits: empty, too long, unknown fields, and a spectator without a seat cannot fake one.
    let empty = say(&http, id, Some(&t0), json!({"text": " \u{200B} "})).await;
    assert_eq!((empty.status, empty.code()), (422, Some("chat_empty")), "{}", empty.text);
    let long = say(&http, id, Some(&t0), json!({"text": "x".repeat(MAX_CHAT_CHARS + 1)})).await;
    assert_eq!((long.status, long.code()), (422, Some("chat_too_long")), "{}", long.text);
    let exact = say(&http, id, Some(&t0), json!({"text": "가".repeat(MAX_CHAT_CHARS)})).await;
    assert_eq!(exact.status, 201, "{MAX_CHAT_CHARS} characters are allowed: {}", exact.text);
    let fake = say(&http, id, None, json!({"text": "hi", "seat": 0})).await;
    assert_eq!(fake.status, 400, "{}", fake.text);
    let bad = say(&http, id, Some("0".repeat(64).as_str()), json!({"text": "hi"})).await;
    assert_eq!((bad.status, bad.code()), (401, Some("bad_token")));

    // The rate: one client (its own address) writes a burst, then waits.
    let client_ip: IpAddr = "127.0.0.77".parse().expect("ip");
    let other = HttpClient::from_source(server.addr(), client_ip);
    for i in 0..CHAT_BURST {
        let ok = say(&other, id, None, json!({"text": format!("burst {i}")})).await;
        assert_eq!(ok.status, 201, "line {i} of the burst: {}", ok.text);
    }
    let refused = say(&other, id, None, json!({"text": "one more"})).await;
    assert_eq!((refused.status, refused.code()), (429, Some("rate_limited")), "{}", refused.text);
    assert!(refused.body["error"]["retry_after"].as_u64().is_some_and(|s| s >= 1));
    let elsewhere = say(&http, id, None, json!({"text": "another client is not slowed"})).await;
    assert_eq!(elsewhere.status, 201, "{}", elsewhere.text);
    ws1.close().await;
    spectator_ws.close().await;

    // Play to the end: then the players read the spectators' chat too, and so does the replay.
    play(&[server.addr()], &created, 3).await;
    let after = http.get(&format!("/api/matches/{id}/chat"), Some(&t1)).await.expect("history");
    assert!(texts(&after.body).contains(&"seat 0 holds the red key".to_owned()), "{}", after.text);
    let replay = http.get(&format!("/replay/{id}"), None).await.expect("replay");
    assert_eq!(replay.status, 200);
    assert!(replay.text.contains("&lt;b&gt;hi&lt;/b&gt; &amp; bye now"), "the replay shows the chat, escaped");
    assert!(replay.text.contains("seat 0 holds the red key"));
    assert!(!replay.text.contains("<b>hi</b>"));
}

async fn the_switch(server: &Server) {
    let http = HttpClient::new(server.addr());
    // The Safe: off by default (rulebook 004:29); spectators still talk among themselves.
    let safe = create_with(&http, "the-safe", &[true, true], None, None).await;
    let t0 = safe.tokens[0].clone().expect("seat");
    let off = say(&http, &safe.id, Some(&t0), json!({"text": "blue 4"})).await;
    assert_eq!((off.status, off.code()), (403, Some("chat_off")), "{}", off.text);
    let history = http.get(&format!("/api/matches/{}/chat", safe.id), Some(&t0)).await.expect("history");
    assert_eq!((history.body["players_open"].clone(), history.body["can_write"].clone()), (json!(false), json!(false)));
    assert_eq!(say(&http, &safe.id, None, json!({"text": "quiet table"})).await.status, 201);
    // Switched on at setup, The Safe's players may talk; switched off, another game's may not.
    let on = create_with(&http, "the-safe", &[true, true], None, Some(json!({"chat": true}))).await;
    let said = say(&http, &on.id, on.tokens[0].as_deref(), json!({"text": "house rules"})).await;
    assert_eq!(said.status, 201, "{}", said.text);
    let quiet = create_with(&http, "club-unlock", &[true, true, false], None, Some(json!({"chat": false}))).await;
    let refused = say(&http, &quiet.id, quiet.tokens[1].as_deref(), json!({"text": "hi"})).await;
    assert_eq!(refused.code(), Some("chat_off"), "{}", refused.text);
    // Once the game is over the players' chat opens ("good game").
    play(&[server.addr()], &quiet, 5).await;
    let gg = say(&http, &quiet.id, quiet.tokens[1].as_deref(), json!({"text": "gg"})).await;
    assert_eq!(gg.status, 201, "{}", gg.text);
}

/// The hidden-information check of the chat, for every game: what spectators write (they may
/// see cards a seat does not) reaches no seat during play (neither its chat history, which the
/// table page and the WebSocket filter alike with `chat::visible_to`, nor its log), and every
/// seat reads it once the match is over, as does the replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_line_reaches_no_seat_before_the_end_in_any_game() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    for game in safehouse_games::all() {
        let info = game.info();
        let mut people = vec![true; info.default_players];
        if people.len() > 2 {
            people[2] = false;
        }
        let created = create(&http, info.id, &people, None).await;
        let id = &created.id;
        let secret = format!("spectator-sees-{}-cards", info.id);
        let said = say(&http, id, None, json!({"text": secret})).await;
        assert_eq!(said.status, 201, "{}", said.text);
        for token in created.tokens.iter().flatten() {
            let history = http.get(&format!("/api/matches/{id}/chat"), Some(token)).await.expect("history");
            assert_eq!(history.status, 200, "{}", history.text);
            assert!(!history.text.contains(&secret), "{}: a seat's chat during play: {}", info.id, history.text);
            let log = http.get(&format!("/api/matches/{id}/log"), Some(token)).await.expect("log");
            assert!(!log.text.contains(&secret), "{}: a seat's log", info.id);
        }
        let spectators = http.get(&format!("/api/matches/{id}/chat"), None).await.expect("history");
        assert!(spectators.text.contains(&secret), "the spectators read it: {}", spectators.text);
        play(&[server.addr()], &created, 11).await;
        for token in created.tokens.iter().flatten() {
            let history = http.get(&format!("/api/matches/{id}/chat"), Some(token)).await.expect("history");
            assert!(history.text.contains(&secret), "{}: every seat reads it after the end", info.id);
        }
        let replay = http.get(&format!("/replay/{id}"), None).await.expect("replay");
        assert!(replay.text.contains(&secret), "{}: the replay shows it", info.id);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    chat_at_a_table(&server).await;
    the_switch(&server).await;
    // The lines are in the store: a restarted server shows them. (A client of its own: this one
    // has spent its chat burst above.)
    let http = HttpClient::from_source(server.addr(), "127.0.0.78".parse().expect("ip"));
    let created = create_with(&http, "explosiv", &[true, false, false], None, None).await;
    let said = say(&http, &created.id, created.tokens[0].as_deref(), json!({"text": "kept"})).await;
    assert_eq!(said.status, 201, "{}", said.text);
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let again = sqlite_server(dir.path()).await;
    let http = HttpClient::new(again.addr());
    let history = http.get(&format!("/api/matches/{}/chat", created.id), None).await.expect("history");
    assert_eq!(texts(&history.body), ["kept"]);
    again.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_on_postgres() {
    if !postgres_available().await {
        return;
    }
    let server = pg_node(&unique("sh_chat")).await;
    chat_at_a_table(&server).await;
    the_switch(&server).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_across_two_nodes_on_postgres() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_chat2").await else { return };
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());
    let created = create_with(&http_a, "club-unlock", &[true, true, false], None, None).await;
    let id = &created.id;
    let t0 = created.tokens[0].clone().expect("seat 0");
    let t1 = created.tokens[1].clone().expect("seat 1");
    // Seat 1 and a spectator watch on node B; seat 0 and another spectator on node A.
    let mut ws1_b = watching(b.addr(), id, Some(&t1)).await;
    let mut spectator_b = watching(b.addr(), id, None).await;
    let mut spectator_a = watching(a.addr(), id, None).await;
    let mut ws0_a = watching(a.addr(), id, Some(&t0)).await;

    let said = say(&http_a, id, Some(&t0), json!({"text": "from node A"})).await;
    assert_eq!(said.status, 201, "{}", said.text);
    assert_eq!(next_chat(&mut ws1_b).await, said.body, "a line written on node A reaches a seat on node B");
    assert_eq!(next_chat(&mut spectator_b).await, said.body);
    assert_eq!(next_chat(&mut ws0_a).await, said.body);
    assert_eq!(next_chat(&mut spectator_a).await, said.body);

    let watcher = say(&http_b, id, None, json!({"text": "spectators only, from B"})).await;
    assert_eq!(watcher.status, 201, "{}", watcher.text);
    assert_eq!(next_chat(&mut spectator_a).await, watcher.body, "the spectators' chat crosses nodes");
    assert_eq!(next_chat(&mut spectator_b).await, watcher.body);
    // Seats on either node never get it during play: their next line is the next player's.
    let next = say(&http_b, id, Some(&t1), json!({"text": "from node B"})).await;
    assert_eq!(next.status, 201, "{}", next.text);
    assert_eq!(next_chat(&mut ws0_a).await, next.body);
    assert_eq!(next_chat(&mut ws1_b).await, next.body);
    // Both nodes give the same histories.
    for http in [&http_a, &http_b] {
        let seat = http.get(&format!("/api/matches/{id}/chat"), Some(&t0)).await.expect("history");
        assert_eq!(texts(&seat.body), ["from node A", "from node B"]);
        let all = http.get(&format!("/api/matches/{id}/chat"), None).await.expect("history");
        assert_eq!(texts(&all.body), ["from node A", "spectators only, from B", "from node B"]);
    }
    // The 2,000-line cap holds across nodes: the log is filled to one line short of it behind
    // both nodes' backs, then each node is sent a line at once. Each node's own count says
    // there is room; the store lets exactly one line in.
    let store = safehouse_store::PgStore::open(
        &pg_url(),
        &safehouse_store::OpenOptions { schema: Some(schema.clone()), max_connections: Some(4) },
    )
    .await
    .expect("a third handle on the schema");
    let filler = json!({"channel": "spectators", "seat": null, "name": null, "text": "filler", "seq": 0});
    let room = MAX_CHAT_LINES as usize - 3 - 1;
    for chunk in (0..room).collect::<Vec<_>>().chunks(100) {
        let appends = chunk.iter().map(|_| store.append_table_event(id, "chat", &filler, 1));
        for n in futures_util::future::join_all(appends).await {
            n.expect("filled");
        }
    }
    let (from_a, from_b) = tokio::join!(
        say(&http_a, id, Some(&t0), json!({"text": "the last line?"})),
        say(&http_b, id, Some(&t1), json!({"text": "no, mine"})),
    );
    let mut statuses = [from_a.status, from_b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "one line fits: {} / {}", from_a.text, from_b.text);
    let refused = if from_a.status == 409 { &from_a } else { &from_b };
    assert_eq!(refused.body["error"]["code"], "chat_full", "{}", refused.text);
    let all = http_a.get(&format!("/api/matches/{id}/chat"), None).await.expect("history");
    assert_eq!(texts(&all.body).len(), MAX_CHAT_LINES as usize);
    for ws in [ws1_b, spectator_b, spectator_a, ws0_a] {
        ws.close().await;
    }
    a.stop().await;
    b.stop().await;
}
