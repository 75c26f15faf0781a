//! Helpers shared by the server's tests: start a server, create and join matches, play them over
//! WebSockets with random legal actions, and check every message against the engine.

#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use safehouse_client::{HttpClient, Tracker, WsClient};
use safehouse_engine::{DynRecord, Seat, Viewer};
use safehouse_server::{Config, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const WAIT: Duration = Duration::from_secs(30);

/// A configuration for tests: an ephemeral port, instant bots, no idle takeover, loose limits
/// (per client too).
pub fn test_config(database_url: &str) -> Config {
    Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: database_url.to_owned(),
        bot_delay_ms: 0,
        idle_takeover_secs: 0,
        rate_per_sec: 10_000.0,
        rate_burst: 10_000.0,
        // Every test client is 127.0.0.1: the per-client shares are opened wide (hostile.rs
        // checks them with clients on other loopback addresses).
        max_matches_per_client: 1_000_000,
        creates_per_minute: 1_000_000,
        create_burst: 1_000_000,
        max_connections_per_client: 1_000_000,
        max_http_concurrency_per_client: 1_000_000,
        finished_linger_secs: 600,
        ..Config::default()
    }
}

/// A server on a fresh SQLite file in `dir`.
pub async fn sqlite_server(dir: &std::path::Path) -> Server {
    let url = format!("sqlite://{}", dir.join("test.db").display());
    safehouse_server::start(test_config(&url)).await.expect("server starts")
}

pub fn pg_url() -> String {
    std::env::var("SAFEHOUSE_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

pub fn unique(prefix: &str) -> String {
    format!("{prefix}_{}", &safehouse_server::token::match_id()[..12])
}

/// Whether PostgreSQL answers; under CI (`CI=true`) a missing server is a failure, elsewhere a skip.
pub async fn postgres_available() -> bool {
    let probe = tokio::time::timeout(
        Duration::from_secs(10),
        safehouse_store::PgStore::open(
            &pg_url(),
            &safehouse_store::OpenOptions { schema: Some("sh_probe".into()), max_connections: Some(2) },
        ),
    )
    .await;
    match probe {
        Ok(Ok(_)) => true,
        other => {
            let why = match other {
                Ok(Err(e)) => e.to_string(),
                _ => "timed out".to_owned(),
            };
            if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
                panic!("PostgreSQL at {} is required under CI: {why}", pg_url());
            }
            // Straight to stderr: `eprintln!` is captured and a passing test's output dropped,
            // which would leave a silent "ok". The runner names each test's thread.
            let test = std::thread::current().name().unwrap_or("a PostgreSQL test").to_owned();
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "SKIPPED {test}: PostgreSQL at {} is not reachable ({why})", pg_url());
            false
        }
    }
}

/// A match created and joined: the token of every person's seat.
#[derive(Debug, Clone)]
pub struct Created {
    pub id: String,
    pub game: String,
    pub players: usize,
    pub tokens: Vec<Option<String>>,
    pub invites: Vec<Option<String>>,
}

/// Creates a match (`true` = a person's seat) and joins every person's seat.
pub async fn create(http: &HttpClient, game: &str, people: &[bool], options: Option<Value>) -> Created {
    create_with(http, game, people, options, None).await
}

/// Creates a match with table `settings` too (`true` = a person's seat) and joins every
/// person's seat.
pub async fn create_with(
    http: &HttpClient,
    game: &str,
    people: &[bool],
    options: Option<Value>,
    settings: Option<Value>,
) -> Created {
    let seats: Vec<Value> = people
        .iter()
        .enumerate()
        .map(|(i, &person)| {
            if person {
                json!({"kind": "person", "name": format!("P{i}")})
            } else {
                let level = ["easy", "medium", "hard"][i % 3];
                json!({"kind": "bot", "difficulty": level})
            }
        })
        .collect();
    let mut body = json!({"game": game, "seats": seats});
    if let Some(options) = options {
        body["options"] = options;
    }
    if let Some(settings) = settings {
        body["settings"] = settings;
    }
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "create {game}: {}", reply.text);
    let id = reply.body["id"].as_str().expect("id").to_owned();
    let invites: Vec<Option<String>> = reply.body["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["invite"].as_str().map(str::to_owned))
        .collect();
    let mut tokens = vec![None; people.len()];
    for (seat, invite) in invites.iter().enumerate() {
        if let Some(invite) = invite {
            let joined = http
                .post(&format!("/api/matches/{id}/join"), None, &json!({"seat": seat, "invite": invite}))
                .await
                .expect("join");
            assert_eq!(joined.status, 200, "join: {}", joined.text);
            let token = joined.body["token"].as_str().expect("token").to_owned();
            assert!(token.len() >= 32, "tokens carry at least 128 bits");
            tokens[seat] = Some(token);
        }
    }
    Created { id, game: game.to_owned(), players: people.len(), tokens, invites }
}

/// Every message each viewer received (index = seat, last = spectator; `None` for bot seats).
#[derive(Debug, Default)]
pub struct Played {
    pub logs: Vec<Option<Vec<Value>>>,
    pub bytes: Vec<u64>,
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays a seat over its WebSocket with random legal actions until the match ends.
async fn play_seat(
    addr: SocketAddr,
    id: String,
    seat: u8,
    token: String,
    seed: u64,
) -> anyhow::Result<(Vec<Value>, u64)> {
    let mut ws = WsClient::connect(addr, &id, Some(&token)).await?;
    let mut tracker = Tracker::default();
    let mut log = Vec::new();
    let mut rng = Rng(seed);
    let mut pending = false;
    let mut acked = 0u64;
    loop {
        let message = ws.next_json(WAIT).await?;
        tracker.apply(&message)?;
        let kind = message["type"].as_str().unwrap_or("").to_owned();
        log.push(message.clone());
        match kind.as_str() {
            "ack" => {
                pending = false;
                acked = message["seq"].as_u64().unwrap_or(0);
            }
            "error" => anyhow::bail!("seat {seat} got an error: {message}"),
            _ => {}
        }
        if tracker.outcome.is_some() {
            break;
        }
        if !pending && tracker.seq >= acked && tracker.to_move == Some(seat) && !tracker.legal.is_empty() {
            let action = tracker.legal[rng.below(tracker.legal.len())].clone();
            ws.send_json(&json!({"type": "act", "action": action, "seq": tracker.seq, "id": tracker.seq})).await?;
            pending = true;
        }
    }
    let bytes = ws.bytes_received;
    ws.close().await;
    Ok((log, bytes))
}

async fn watch(addr: SocketAddr, id: String) -> anyhow::Result<(Vec<Value>, u64)> {
    let mut ws = WsClient::connect(addr, &id, None).await?;
    let mut tracker = Tracker::default();
    let mut log = Vec::new();
    loop {
        let message = ws.next_json(WAIT).await?;
        tracker.apply(&message)?;
        log.push(message);
        if tracker.outcome.is_some() {
            break;
        }
    }
    let bytes = ws.bytes_received;
    ws.close().await;
    Ok((log, bytes))
}

/// Plays a created match to the end: every person's seat on its own WebSocket (to `addrs[seat %
/// addrs.len()]`, so several nodes can share a match) plus a spectator.
pub async fn play(addrs: &[SocketAddr], created: &Created, seed: u64) -> Played {
    let mut tasks = Vec::new();
    for (seat, token) in created.tokens.iter().enumerate() {
        if let Some(token) = token {
            let addr = addrs[seat % addrs.len()];
            tasks.push((
                seat,
                tokio::spawn(play_seat(addr, created.id.clone(), seat as u8, token.clone(), seed ^ seat as u64)),
            ));
        }
    }
    let spectator = tokio::spawn(watch(addrs[addrs.len() - 1], created.id.clone()));
    let mut played = Played { logs: vec![None; created.players + 1], bytes: vec![0; created.players + 1] };
    for (seat, task) in tasks {
        let (log, bytes) = task.await.expect("task").unwrap_or_else(|e| panic!("{} seat {seat}: {e:#}", created.game));
        played.logs[seat] = Some(log);
        played.bytes[seat] = bytes;
    }
    let (log, bytes) = spectator.await.expect("task").unwrap_or_else(|e| panic!("{} spectator: {e:#}", created.game));
    played.logs[created.players] = Some(log);
    played.bytes[created.players] = bytes;
    played
}

/// Fetches the record of a finished match and checks that replaying it gives the server's outcome.
pub async fn fetch_and_replay(http: &HttpClient, created: &Created) -> (DynRecord, Value) {
    let reply = http.get(&format!("/api/matches/{}/record", created.id), None).await.expect("record");
    assert_eq!(reply.status, 200, "record: {}", reply.text);
    let record: DynRecord = serde_json::from_value(reply.body["record"].clone()).expect("record parses");
    let outcome = reply.body["outcome"].clone();
    let game = safehouse_games::find(&record.game).expect("game").game;
    let replayed = game.replay(&record).expect("the record replays");
    assert!(replayed.to_move().is_none(), "the replayed match is over");
    assert_eq!(serde_json::to_value(replayed.outcome()).expect("json"), outcome, "same result after replay");
    (record, outcome)
}

const WELCOME_KEYS: &[&str] =
    &["type", "match", "game", "viewer", "seq", "view", "to_move", "finished", "seats", "legal", "outcome"];
const UPDATE_KEYS: &[&str] = &["type", "seq", "actor", "events", "patch", "to_move", "legal", "outcome"];

/// The strongest generic hidden-information check: every message a viewer received is exactly
/// what the engine derives for that viewer (its view and its filtered events at that point,
/// replayed from the record), and holds no other field.
pub fn check_messages(record: &DynRecord, played: &Played) {
    let game = safehouse_games::find(&record.game).expect("game").game;
    let players = record.players;
    let viewers: Vec<Viewer> =
        (0..players).map(|s| Viewer::Seat(Seat(s as u8))).chain(std::iter::once(Viewer::Spectator)).collect();
    let mut game_match = game.new_match(&record.setup()).expect("setup");
    // views[k][v], events[k][v], legal[k] (described), to_move[k]
    let mut views = vec![viewers.iter().map(|&v| game_match.view(v)).collect::<Vec<_>>()];
    let mut events = vec![vec![Vec::new(); viewers.len()]];
    let described = |m: &dyn safehouse_engine::DynMatch| -> Value {
        Value::Array(m.legal_actions_described().into_iter().map(|(a, t)| json!({"action": a, "text": t})).collect())
    };
    let mut legal = vec![described(&*game_match)];
    let mut to_move = vec![game_match.to_move().map(|s| s.0)];
    for step in &record.actions {
        game_match.act(step.seat, &step.action).expect("record action applies");
        views.push(viewers.iter().map(|&v| game_match.view(v)).collect());
        events.push(viewers.iter().map(|&v| game_match.last_events_for(v)).collect());
        legal.push(described(&*game_match));
        to_move.push(game_match.to_move().map(|s| s.0));
    }
    for (index, log) in played.logs.iter().enumerate() {
        let Some(log) = log else { continue };
        let viewer = viewers[index];
        let mut tracker = Tracker::default();
        let mut seen_updates = BTreeSet::new();
        for message in log {
            let kind = message["type"].as_str().unwrap_or("");
            let keys: Vec<&str> = message.as_object().expect("object").keys().map(String::as_str).collect();
            match kind {
                "welcome" | "update" => {
                    let allowed = if kind == "welcome" { WELCOME_KEYS } else { UPDATE_KEYS };
                    assert!(keys.iter().all(|k| allowed.contains(k)), "{viewer:?} got unexpected fields {keys:?}");
                    tracker.apply(message).expect("message applies");
                    let k = tracker.seq as usize;
                    assert_eq!(
                        tracker.view, views[k][index],
                        "{} {viewer:?} view at seq {k} is exactly view(viewer)",
                        record.game
                    );
                    assert_eq!(message["to_move"].as_u64().map(|s| s as u8), to_move[k]);
                    let mine = to_move[k].is_some() && viewer == Viewer::Seat(Seat(to_move[k].unwrap_or(0)));
                    if mine {
                        assert_eq!(message["legal"], legal[k], "legal actions for the seat to move");
                    } else {
                        assert!(message.get("legal").is_none(), "{viewer:?} must not get another seat's legal actions");
                    }
                    if kind == "update" {
                        assert_eq!(
                            message["events"],
                            Value::Array(events[k][index].clone()),
                            "{viewer:?} events at seq {k}"
                        );
                        assert_eq!(message["actor"].as_u64(), Some(u64::from(record.actions[k - 1].seat.0)));
                        seen_updates.insert(k);
                    } else {
                        assert_eq!(
                            message["viewer"],
                            if let Viewer::Seat(s) = viewer { json!({"seat": s.0}) } else { json!("spectator") }
                        );
                    }
                }
                "seats" => assert!(keys.iter().all(|k| ["type", "seats"].contains(k)), "seats message fields {keys:?}"),
                "ack" => assert!(keys.iter().all(|k| ["type", "id", "seq"].contains(k)), "ack fields {keys:?}"),
                other => panic!("{viewer:?} got an unexpected message type {other:?}: {message}"),
            }
        }
        assert_eq!(tracker.seq as usize, record.actions.len(), "{viewer:?} followed the match to its end");
    }
}

/// Starts the server binary as a child process on `db` (bots after 20 ms, no idle takeover, the
/// per-client limits opened wide: every client of a test is 127.0.0.1) and returns it with the
/// address it printed.
pub fn spawn_server(db: &str) -> (std::process::Child, SocketAddr) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_safehouse-server"))
        .args(["--listen", "127.0.0.1:0", "--database-url", db, "--bot-delay-ms", "20", "--idle-takeover-secs", "0"])
        .args(["--rate-per-sec", "100000", "--rate-burst", "100000"])
        .args(["--max-matches-per-client", "1000000", "--creates-per-minute", "1000000", "--create-burst", "1000000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn server");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines.next().expect("server printed its address").expect("line");
        if let Some(rest) = line.strip_prefix("Safehouse is serving on http://") {
            break rest.split_whitespace().next().expect("address").parse().expect("socket address");
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

/// A test configuration for a node on the test PostgreSQL, in schema `schema`.
pub fn pg_config(schema: &str) -> Config {
    Config { database_schema: Some(schema.to_owned()), ..test_config(&pg_url()) }
}

/// A node on the test PostgreSQL, in schema `schema` (nodes given one schema share their matches).
pub async fn pg_node(schema: &str) -> Server {
    safehouse_server::start(pg_config(schema)).await.expect("node starts")
}

/// Two nodes on one new schema of the test PostgreSQL (`None`, the test skipped, when it cannot
/// be reached outside CI: see [`postgres_available`]).
pub struct PgPair {
    /// The schema both nodes use (for [`drop_schema`] at the end).
    pub schema: String,
    /// The first node.
    pub a: Server,
    /// The second node.
    pub b: Server,
}

impl PgPair {
    /// Starts two nodes on a new schema named after `prefix`.
    pub async fn start(prefix: &str) -> Option<PgPair> {
        if !postgres_available().await {
            return None;
        }
        let schema = unique(prefix);
        let a = pg_node(&schema).await;
        let b = pg_node(&schema).await;
        Some(PgPair { schema, a, b })
    }
}

/// Drops a test's PostgreSQL schema.
pub async fn drop_schema(schema: String) {
    let store = safehouse_store::PgStore::open(
        &pg_url(),
        &safehouse_store::OpenOptions { schema: Some(schema), max_connections: Some(1) },
    )
    .await
    .expect("open");
    store.drop_schema().await.expect("drop schema");
}

/// A WebSocket watching match `id` (as the seat `token` opens, or as a spectator), returned once
/// its welcome has arrived: the server has registered it by then, so nothing published after
/// this returns can pass it by.
pub async fn watching(addr: SocketAddr, id: &str, token: Option<&str>) -> WsClient {
    let mut ws = WsClient::connect(addr, id, token).await.expect("ws");
    let welcome = ws.next_json(Duration::from_secs(30)).await.expect("welcome");
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    ws
}

/// Raw HTTP/1.1 exchange on a fresh connection from `source` (send `Connection: close`): the
/// status and the whole answer, headers included.
pub async fn exchange(addr: SocketAddr, source: IpAddr, request: &str) -> (u16, String) {
    let mut tcp = safehouse_client::connect_from(addr, Some(source)).await.expect("connect");
    tcp.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), tcp.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text)
}
