//! Open tables and waiting rooms (issue 13, item 1): every waiting-room operation and its errors,
//! on SQLite and on PostgreSQL; nothing dealt and no bot moving before the start; the lobby; the
//! live WebSocket; expiry; a restart in the waiting room; two nodes on one PostgreSQL agreeing.

use std::net::SocketAddr;
use std::time::Duration;

use crate::common::*;
use futures_util::StreamExt;
use safehouse_client::HttpClient;
use serde_json::{Value, json};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The waiting room's WebSocket.
async fn table_socket(addr: SocketAddr, id: &str) -> Socket {
    let (socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws")).await.expect("table websocket");
    socket
}

/// The next JSON message of a table socket.
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(WAIT, socket.next()).await.expect("a message in time");
        match message.expect("socket open").expect("no socket error") {
            tokio_tungstenite::tungstenite::Message::Text(text) => return serde_json::from_str(&text).expect("JSON"),
            tokio_tungstenite::tungstenite::Message::Close(_) => panic!("the socket closed"),
            _ => continue,
        }
    }
}

/// Messages until one satisfies `check` (the room may announce intermediate states).
async fn next_until(socket: &mut Socket, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..50 {
        let message = next(socket).await;
        if check(&message) {
            return message;
        }
    }
    panic!("no message with {what}");
}

fn seat_state(table: &Value, seat: usize) -> &str {
    table["seats"][seat]["state"].as_str().unwrap_or("")
}

/// Creates a waiting room of `game` with these seats (`me`, `free`, `bot`): the creator sits at
/// the `me` seat. Returns (id, creator token, creator's seat token, the answer).
async fn open_table(
    http: &HttpClient,
    game: &str,
    seats: &[&str],
    visibility: &str,
) -> (String, String, String, Value) {
    let requested: Vec<Value> = seats
        .iter()
        .map(|s| match *s {
            "bot" => json!({"kind": "bot", "difficulty": "easy"}),
            _ => json!({"kind": "person"}),
        })
        .collect();
    let me = seats.iter().position(|s| *s == "me").expect("a seat for me");
    let body = json!({
        "game": game, "seats": requested, "waiting_room": true, "visibility": visibility,
        "join": {"seat": me, "name": "  Host\u{202E}  "},
    });
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text);
    let id = reply.body["id"].as_str().expect("id").to_owned();
    let creator = reply.body["creator_token"].as_str().expect("creator token").to_owned();
    let token = reply.body["joined"]["token"].as_str().expect("seat token").to_owned();
    (id, creator, token, reply.body)
}

async fn take(http: &HttpClient, id: &str, seat: usize, name: &str, invite: Option<&str>) -> (u16, Value) {
    let mut body = json!({"name": name});
    if let Some(invite) = invite {
        body["invite"] = json!(invite);
    }
    let reply = http.post(&format!("/api/tables/{id}/seats/{seat}/take"), None, &body).await.expect("take");
    (reply.status, reply.body)
}

async fn post(http: &HttpClient, path: &str, token: Option<&str>) -> (u16, Value) {
    let reply = http.post(path, token, &json!({})).await.expect("post");
    (reply.status, reply.body)
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("")
}

/// Every operation of a waiting room and its errors, through one server (`addr`).
async fn every_operation(addr: SocketAddr, server: &safehouse_server::Server) {
    let http = HttpClient::new(addr);
    // Seat 0 is a bot: were anything dealt or any bot scheduled before the start, it would move.
    let (id, creator, host, created) =
        open_table(&http, "safe-breaker", &["bot", "me", "free", "free"], "public").await;
    assert_eq!(created["table"]["status"], "waiting");
    assert_eq!(created["table"]["seats"][1]["name"], "Host", "names are cleaned: {}", created["table"]);
    assert!(created.get("table_invite").is_none(), "a public table needs no invite");
    let mut socket = table_socket(addr, &id).await;
    let first = next(&mut socket).await;
    assert_eq!(first["type"], "waiting");
    assert_eq!(first["table"]["free_seats"], 2);

    // Nothing of the game exists yet.
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&host)).await.expect("view");
    assert_eq!((view.status, view.code()), (409, Some("table_not_started")), "{}", view.text);
    let spectator = http.get(&format!("/api/matches/{id}/view"), None).await.expect("view");
    assert_eq!(spectator.status, 409, "{}", spectator.text);
    assert!(safehouse_client::WsClient::connect(addr, &id, None).await.is_err(), "no match socket yet");

    // The lobby lists it with its free seats and who sits.
    let lobby = http.get("/api/tables", None).await.expect("lobby");
    let listed = lobby.body.as_array().expect("list").iter().find(|t| t["id"] == json!(id)).cloned();
    let listed = listed.expect("the public table is listed");
    assert_eq!((listed["free_seats"].as_u64(), listed["game"].as_str()), (Some(2), Some("safe-breaker")));
    assert_eq!(listed["seats"][1]["name"], "Host");

    // Taking: a taken seat, no such seat, then a good take.
    assert_eq!(code(&take(&http, &id, 1, "X", None).await.1), "seat_taken");
    assert_eq!(code(&take(&http, &id, 0, "X", None).await.1), "seat_taken", "a bot's seat is not free");
    assert_eq!(take(&http, &id, 9, "X", None).await.0, 404);
    // A body is an object, as everywhere in the API: serde's array of the fields is refused.
    let array = http.post(&format!("/api/tables/{id}/seats/2/take"), None, &json!(["Ann", null])).await.expect("take");
    assert_eq!((array.status, array.code()), (422, Some("bad_request_body")), "{}", array.text);
    let (status, ann) = take(&http, &id, 2, "Ann\u{0007}", None).await;
    assert_eq!(status, 200, "{ann}");
    let ann_token = ann["token"].as_str().expect("token").to_owned();
    assert_eq!(ann["name"], "Ann");
    let seen = next_until(&mut socket, "Ann at seat 2", |m| m["table"]["seats"][2]["name"] == "Ann").await;
    assert_eq!(seen["table"]["free_seats"], 1);
    // One seat per person: Ann's token cannot take another.
    let again = http.post(&format!("/api/tables/{id}/seats/3/take"), Some(&ann_token), &json!({})).await.expect("take");
    assert_eq!(again.code(), Some("already_seated"), "{}", again.text);

    // Leaving: only with the seat's own token.
    assert_eq!(post(&http, &format!("/api/tables/{id}/seats/2/leave"), Some(&host)).await.0, 401);
    assert_eq!(post(&http, &format!("/api/tables/{id}/seats/2/leave"), None).await.0, 401);
    let (status, left) = post(&http, &format!("/api/tables/{id}/seats/2/leave"), Some(&ann_token)).await;
    assert_eq!((status, seat_state(&left, 2)), (200, "free"), "{left}");
    next_until(&mut socket, "seat 2 free", |m| seat_state(&m["table"], 2) == "free").await;
    assert_eq!(post(&http, &format!("/api/tables/{id}/seats/2/leave"), Some(&ann_token)).await.0, 401, "gone");

    // The creator's controls, refused to anyone else (a seated person included).
    for path in ["seats/2/bot", "seats/0/free", "seats/1/remove", "start"] {
        let path = format!("/api/tables/{id}/{path}");
        assert_eq!(code(&post(&http, &path, Some(&host)).await.1), "not_creator", "{path} with a seat token");
        let (status, refused) = post(&http, &path, None).await;
        assert_eq!((status, code(&refused)), (401, "bad_token"), "{path} without a token");
    }
    let (status, table) = post(&http, &format!("/api/tables/{id}/seats/2/bot"), Some(&creator)).await;
    assert_eq!((status, seat_state(&table, 2)), (200, "bot"), "{table}");
    assert_eq!(table["seats"][2]["difficulty"], "medium");
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/seats/2/bot"), Some(&creator)).await.1), "seat_taken");
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/seats/3/free"), Some(&creator)).await.1), "no_bot");
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/seats/3/remove"), Some(&creator)).await.1), "no_person");
    let (status, table) = post(&http, &format!("/api/tables/{id}/seats/2/free"), Some(&creator)).await;
    assert_eq!((status, seat_state(&table, 2)), (200, "free"), "{table}");
    // A bot seat made at creation can be freed too, and given back.
    let (status, table) = post(&http, &format!("/api/tables/{id}/seats/0/free"), Some(&creator)).await;
    assert_eq!((status, seat_state(&table, 0)), (200, "free"), "{table}");
    let body = json!({"difficulty": "hard"});
    let back = http.post(&format!("/api/tables/{id}/seats/0/bot"), Some(&creator), &body).await.expect("bot");
    assert_eq!(back.body["seats"][0]["difficulty"], "hard", "{}", back.text);

    // Removal: Bob takes seat 3, the creator removes him; his token opens nothing after.
    let (_, bob) = take(&http, &id, 3, "Bob", None).await;
    let bob_token = bob["token"].as_str().expect("token").to_owned();
    let (status, table) = post(&http, &format!("/api/tables/{id}/seats/3/remove"), Some(&creator)).await;
    assert_eq!((status, seat_state(&table, 3)), (200, "free"), "{table}");
    assert_eq!(post(&http, &format!("/api/tables/{id}/seats/3/leave"), Some(&bob_token)).await.0, 401);

    // Still nothing dealt, no bot moved, through all of that.
    assert!(server.app().stored_actions(&id).await.expect("actions").is_empty());

    // Ann comes back; the creator starts with seat 3 still free: a bot plays it.
    let (_, ann) = take(&http, &id, 2, "Ann", None).await;
    let ann_token = ann["token"].as_str().expect("token").to_owned();
    let (status, started) = post(&http, &format!("/api/tables/{id}/start"), Some(&creator)).await;
    assert_eq!((status, started["status"].as_str()), (200, Some("started")), "{started}");
    let message = next_until(&mut socket, "started", |m| m["type"] == "started").await;
    assert_eq!(message["match"], json!(id));

    // After the start nothing changes any more.
    assert_eq!(code(&take(&http, &id, 3, "Late", None).await.1), "table_started");
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/start"), Some(&creator)).await.1), "table_started");
    assert_eq!(
        code(&post(&http, &format!("/api/tables/{id}/seats/2/leave"), Some(&ann_token)).await.1),
        "table_started"
    );
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/seats/0/free"), Some(&creator)).await.1), "table_started");
    // Without a token the answer is 401 still, not what became of the table.
    for path in ["start", "seats/0/free", "seats/0/leave"] {
        let (status, refused) = post(&http, &format!("/api/tables/{id}/{path}"), None).await;
        assert_eq!((status, code(&refused)), (401, "bad_token"), "{path} of a started table without a token");
    }
    let lobby = http.get("/api/tables", None).await.expect("lobby");
    assert!(!lobby.body.as_array().expect("list").iter().any(|t| t["id"] == json!(id)), "off the lobby once started");

    // The match is played with the plan of the start.
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("match");
    assert_eq!(info.status, 200, "{}", info.text);
    let kinds: Vec<&str> =
        info.body["seats"].as_array().expect("seats").iter().map(|s| s["kind"].as_str().unwrap_or("")).collect();
    assert_eq!(kinds, ["bot", "person", "person", "bot"], "{}", info.body);
    assert_eq!(info.body["seats"][0]["difficulty"], "hard");
    assert_eq!(info.body["seats"][3]["difficulty"], "medium");
    assert_eq!(
        (info.body["seats"][1]["name"].as_str(), info.body["seats"][2]["name"].as_str()),
        (Some("Host"), Some("Ann"))
    );
    // The people's tokens open their seats; the removed person's opens none.
    let mine = http.get(&format!("/api/matches/{id}/view"), Some(&ann_token)).await.expect("view");
    assert_eq!(mine.body["viewer"], json!({"seat": 2}), "{}", mine.text);
    assert_eq!(http.get(&format!("/api/matches/{id}/view"), Some(&bob_token)).await.expect("view").status, 401);

    // And it plays to the end, bots included.
    let created = Created {
        id: id.clone(),
        game: "safe-breaker".into(),
        players: 4,
        tokens: vec![None, Some(host), Some(ann_token), None],
        invites: vec![None; 4],
    };
    let played = play(&[addr], &created, 3).await;
    let (record, _) = fetch_and_replay(&http, &created).await;
    check_messages(&record, &played);
}

/// A private table: not listed, and no seat without its invite code. Taking the last free seat
/// starts it; the bots then move without anyone watching.
async fn private_and_full(addr: SocketAddr, server: &safehouse_server::Server) {
    let http = HttpClient::new(addr);
    let (id, _creator, _host, created) = open_table(&http, "explosiv", &["me", "free", "bot"], "private").await;
    let invite = created["table_invite"].as_str().expect("a private table has an invite code").to_owned();
    let lobby = http.get("/api/tables", None).await.expect("lobby");
    assert!(
        !lobby.body.as_array().expect("list").iter().any(|t| t["id"] == json!(id)),
        "private tables are not listed"
    );
    // Nor among the matches being played, until it starts (a room is no match to watch yet).
    let listed = |body: &Value| body.as_array().expect("list").iter().any(|m| m["id"] == json!(id));
    let live = http.get("/api/matches?live=true", None).await.expect("matches");
    assert!(!listed(&live.body), "an unstarted private room is listed among the matches: {}", live.text);
    assert_eq!(code(&take(&http, &id, 1, "Eve", None).await.1), "bad_invite");
    assert_eq!(code(&take(&http, &id, 1, "Eve", Some("0123")).await.1), "bad_invite");
    let (status, taken) = take(&http, &id, 1, "Friend", Some(&invite)).await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["table"]["status"], "started", "the last free seat starts the table: {taken}");
    let live = http.get("/api/matches?live=true", None).await.expect("matches");
    assert!(listed(&live.body), "a started table is a match to watch: {}", live.text);
    // The match exists; the bot's seat plays by itself (wait until it has moved or the match moved on).
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("match");
    assert_eq!(info.status, 200, "{}", info.text);
    assert_eq!(info.body["seats"][2]["kind"], "bot");
    let _ = server;
}

/// Old clients: a create request without `waiting_room` starts at once, with invite codes.
async fn old_create_still_starts(addr: SocketAddr) {
    let http = HttpClient::new(addr);
    let created = create(&http, "club-unlock", &[true, false, false], None).await;
    let view =
        http.get(&format!("/api/matches/{}/view", created.id), created.tokens[0].as_deref()).await.expect("view");
    assert_eq!(view.status, 200, "{}", view.text);
    let table = http.get(&format!("/api/tables/{}", created.id), None).await.expect("table");
    assert_eq!(table.body["status"], "started", "{}", table.text);
    let taken = take(&http, &created.id, 0, "X", None).await;
    assert_eq!(code(&taken.1), "table_started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_rooms_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    every_operation(server.addr(), &server).await;
    private_and_full(server.addr(), &server).await;
    old_create_still_starts(server.addr()).await;
    assert_eq!(HttpClient::new(server.addr()).get("/api/tables/nosuchtable", None).await.expect("get").status, 404);
    server.stop().await;
}

/// A node on the test PostgreSQL whose waiting rooms expire after `expiry` seconds.
async fn pg_node_expiring(schema: &str, expiry: u64) -> safehouse_server::Server {
    let config = safehouse_server::Config { waiting_room_expiry_secs: expiry, ..pg_config(schema) };
    safehouse_server::start(config).await.expect("node starts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_rooms_on_postgres() {
    if !postgres_available().await {
        return;
    }
    let schema = unique("sh_waiting");
    let server = pg_node_expiring(&schema, 1800).await;
    every_operation(server.addr(), &server).await;
    private_and_full(server.addr(), &server).await;
    old_create_still_starts(server.addr()).await;
    server.stop().await;
    drop_schema(schema).await;
}

/// A waiting room nothing happens in expires: closed in the store, off the lobby, refused after.
/// A turn-based table's room, opened beside it, waits its move deadline (an hour) instead.
async fn expires(addr: SocketAddr) {
    let http = HttpClient::new(addr);
    let body = json!({
        "game": "explosiv", "seats": [{"kind": "person"}, {"kind": "person"}], "waiting_room": true,
        "visibility": "private", "settings": {"turn_based": {"deadline_hours": 1}}, "join": {"seat": 0},
    });
    let turn_based = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(turn_based.status, 201, "{}", turn_based.text);
    let turn_based = turn_based.body["id"].as_str().expect("id").to_owned();
    let (id, creator, _host, _) = open_table(&http, "explosiv", &["me", "free"], "public").await;
    let mut socket = table_socket(addr, &id).await;
    next_until(&mut socket, "the expiry", |m| m["type"] == "expired").await;
    let table = http.get(&format!("/api/tables/{id}"), None).await.expect("table");
    assert_eq!(table.body["status"], "expired", "{}", table.text);
    // The sweep that expired the other room passed this one, older, by.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let waiting = http.get(&format!("/api/tables/{turn_based}"), None).await.expect("table").body;
    assert_eq!(waiting["status"], "waiting", "{waiting}");
    let waits_ms = waiting["expires_at_ms"].as_i64().expect("expires") - waiting["created_at_ms"].as_i64().expect("ms");
    assert!(waits_ms >= 3_600_000, "a turn-based room waits its move deadline: {waiting}");
    assert_eq!(code(&take(&http, &id, 1, "Late", None).await.1), "table_expired");
    assert_eq!(code(&post(&http, &format!("/api/tables/{id}/start"), Some(&creator)).await.1), "table_expired");
    let lobby = http.get("/api/tables", None).await.expect("lobby");
    assert!(!lobby.body.as_array().expect("list").iter().any(|t| t["id"] == json!(id)), "off the lobby");
    let live = http.get("/api/matches?live=true", None).await.expect("matches");
    assert!(!live.body.as_array().expect("list").iter().any(|m| m["id"] == json!(id)), "no longer a live match");
    // Nor a finished one: it never started, so there is nothing to replay.
    let all = http.get("/api/matches?live=false", None).await.expect("matches");
    assert!(
        !all.body.as_array().expect("list").iter().any(|m| m["id"] == json!(id)),
        "an expired room to replay: {}",
        all.text
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untouched_waiting_room_expires_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let config = safehouse_server::Config { waiting_room_expiry_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("server");
    expires(server.addr()).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untouched_waiting_room_expires_on_postgres() {
    if !postgres_available().await {
        return;
    }
    let schema = unique("sh_waiting_exp");
    let server = pg_node_expiring(&schema, 1).await;
    expires(server.addr()).await;
    server.stop().await;
    drop_schema(schema).await;
}

/// A waiting room survives a restart: seats, the creator's token, the lobby, then the start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_room_survives_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let (id, creator, host, _) = open_table(&http, "the-safe", &["me", "free", "bot"], "public").await;
    server.stop().await;

    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let lobby = http.get("/api/tables", None).await.expect("lobby");
    assert!(lobby.body.as_array().expect("list").iter().any(|t| t["id"] == json!(id)), "still listed");
    let (status, started) = post(&http, &format!("/api/tables/{id}/start"), Some(&creator)).await;
    assert_eq!(status, 200, "{started}");
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&host)).await.expect("view");
    assert_eq!(view.body["viewer"], json!({"seat": 0}), "{}", view.text);
    server.stop().await;
}

/// Two nodes on one PostgreSQL agree on a waiting room: a take on one shows on the other's socket,
/// two people racing for one seat through both nodes give it to exactly one, and the start made on
/// one node moves the other node's watchers to the same match with the same seats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_agree_on_a_waiting_room() {
    if !postgres_available().await {
        return;
    }
    let schema = unique("sh_waiting_2n");
    let a = pg_node_expiring(&schema, 1800).await;
    let b = pg_node_expiring(&schema, 1800).await;
    let (http_a, http_b) = (HttpClient::new(a.addr()), HttpClient::new(b.addr()));
    let (id, creator, _host, _) = open_table(&http_a, "club-unlock", &["me", "free", "free", "free"], "public").await;
    let mut on_a = table_socket(a.addr(), &id).await;
    let mut on_b = table_socket(b.addr(), &id).await;
    next(&mut on_a).await;
    next(&mut on_b).await;

    // A take through B shows on A's socket; the lobby (any node) shows it too.
    let (status, _) = take(&http_b, &id, 1, "Bea", None).await;
    assert_eq!(status, 200);
    next_until(&mut on_a, "Bea on node A", |m| m["table"]["seats"][1]["name"] == "Bea").await;
    let lobby = http_a.get("/api/tables", None).await.expect("lobby");
    let listed = lobby.body.as_array().expect("list").iter().find(|t| t["id"] == json!(id)).cloned().expect("listed");
    assert_eq!(listed["seats"][1]["name"], "Bea");

    // Races for one seat through both nodes: exactly one person gets it, each time.
    for seat in [2usize, 3] {
        if seat == 3 {
            // The last free seat would start the table: the creator gives seat 2 back first.
            post(&http_a, &format!("/api/tables/{id}/seats/2/remove"), Some(&creator)).await;
        }
        let (ra, rb) = tokio::join!(take(&http_a, &id, seat, "Ra", None), take(&http_b, &id, seat, "Rb", None));
        let mut statuses = [ra.0, rb.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "exactly one take wins: {} {}", ra.1, rb.1);
        let loser = if ra.0 == 409 { &ra.1 } else { &rb.1 };
        assert_eq!(code(loser), "seat_taken", "{loser}");
    }

    // The creator starts through B (seat 2 is free: a bot); A's watcher is sent to the match.
    let (status, started) = post(&http_b, &format!("/api/tables/{id}/start"), Some(&creator)).await;
    assert_eq!(status, 200, "{started}");
    let moved = next_until(&mut on_a, "started on node A", |m| m["type"] == "started").await;
    assert_eq!(moved["match"], json!(id));
    let seats_a = http_a.get(&format!("/api/matches/{id}"), None).await.expect("a").body["seats"].clone();
    let seats_b = http_b.get(&format!("/api/matches/{id}"), None).await.expect("b").body["seats"].clone();
    assert_eq!(seats_a, seats_b, "both nodes play the same seats");
    assert_eq!(seats_a[2]["kind"], "bot", "{seats_a}");
    // The start is final on both nodes.
    assert_eq!(code(&take(&http_a, &id, 2, "Late", None).await.1), "table_started");
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}

/// A public table whose node stopped leaves the lobby when it expires: another node, which never
/// held the room, sees the listing past its time and expires it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_nodes_public_table_expires_on_another_node() {
    if !postgres_available().await {
        return;
    }
    let schema = unique("sh_waiting_gone");
    let a = pg_node_expiring(&schema, 3).await;
    let b = pg_node_expiring(&schema, 3).await;
    let (http_a, http_b) = (HttpClient::new(a.addr()), HttpClient::new(b.addr()));
    let (id, _creator, _host, _) = open_table(&http_a, "explosiv", &["me", "free"], "public").await;
    a.stop().await;
    let listed = |body: &Value| body.as_array().is_some_and(|l| l.iter().any(|t| t["id"] == json!(id)));
    let lobby = http_b.get("/api/tables", None).await.expect("lobby");
    assert!(listed(&lobby.body), "node B lists the table at first: {}", lobby.text);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let lobby = http_b.get("/api/tables", None).await.expect("lobby");
        if !listed(&lobby.body) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the dead node's table stays in the lobby: {}", lobby.text);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let table = http_b.get(&format!("/api/tables/{id}"), None).await.expect("table");
    assert_eq!(table.body["status"], "expired", "{}", table.text);
    b.stop().await;
    drop_schema(schema).await;
}
