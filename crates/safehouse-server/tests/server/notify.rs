//! "Your turn" notifications end to end: a local push service that decrypts each message with
//! the subscription's own keys (RFC 8291, as a browser does) and checks the VAPID signature
//! (RFC 8292); a local webhook receiver; once per turn, never for bots' seats; "play again" tells
//! the other people of the match; a 410 answer removes the subscription; across two nodes only
//! the node that stored the action sends.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::*;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ece::EcKeyComponents;
use jwt_simple::prelude::{ECDSAP256PublicKeyLike, ES256PublicKey, NoCustomClaims, VerificationOptions};
use safehouse_client::HttpClient;
use safehouse_engine::Seat;
use serde_json::{Value, json};

/// One request the local receiver got.
#[derive(Clone, Debug)]
struct Received {
    /// `push/<name>` or `hook/<name>`.
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

#[derive(Clone, Default)]
struct Receiver {
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    fn all(&self, path: &str) -> Vec<Received> {
        self.got.lock().expect("lock").iter().filter(|r| r.path == path).cloned().collect()
    }
}

async fn receive(
    State(receiver): State<Receiver>,
    Path((kind, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    receiver.got.lock().expect("lock").push(Received { path: format!("{kind}/{name}"), headers, body });
    // A push service that dropped the subscription answers 410 Gone.
    if name.starts_with("gone") { StatusCode::GONE } else { StatusCode::CREATED }
}

/// A local push service and webhook receiver.
async fn start_receiver() -> (SocketAddr, Receiver) {
    let receiver = Receiver::default();
    let router = axum::Router::new().route("/{kind}/{name}", post(receive)).with_state(receiver.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    (addr, receiver)
}

/// A browser's side of a push subscription: its P-256 key pair and auth secret.
struct Browser {
    keys: EcKeyComponents,
    public: Vec<u8>,
    auth: [u8; 16],
}

impl Browser {
    fn new() -> Browser {
        let (pair, auth) = ece::generate_keypair_and_auth_secret().expect("keys");
        let keys = pair.raw_components().expect("components");
        let public = pair.pub_as_raw().expect("public key");
        Browser { keys, public, auth }
    }

    fn subscription(&self, endpoint: &str) -> Value {
        json!({
            "endpoint": endpoint,
            "keys": { "p256dh": URL_SAFE_NO_PAD.encode(&self.public), "auth": URL_SAFE_NO_PAD.encode(self.auth) },
        })
    }

    /// Decrypts a push message as the browser would (`aes128gcm`).
    fn decrypt(&self, body: &[u8]) -> Value {
        let plain = ece::decrypt(&self.keys, &self.auth, body).expect("the message decrypts with the browser's keys");
        serde_json::from_slice(&plain).expect("the message is JSON")
    }
}

async fn put(http: &HttpClient, path: &str, token: &str, body: &Value) -> safehouse_client::Reply {
    http.raw("PUT", path, Some(token), Some((body.to_string(), "application/json"))).await.expect("put")
}

/// Checks a push request's headers: the encoding, a TTL, and a VAPID `Authorization` signed by
/// the server's key for the push service's origin with the configured contact.
fn check_vapid(received: &Received, server_key: &str, audience: &str) {
    let header = |name: &str| received.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert_eq!(header("content-encoding"), "aes128gcm");
    assert!(header("ttl").parse::<u64>().is_ok_and(|ttl| ttl > 0), "a TTL: {:?}", received.headers);
    let authorization = header("authorization");
    let rest = authorization.strip_prefix("vapid ").expect("a VAPID authorization");
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(t) = part.strip_prefix("t=") {
            token = Some(t.to_owned());
        } else if let Some(k) = part.strip_prefix("k=") {
            key = Some(k.to_owned());
        }
    }
    let (token, key) = (token.expect("t="), key.expect("k="));
    assert_eq!(key, server_key, "the VAPID key is the one the browser subscribed with");
    let public = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(&key).expect("base64url")).expect("a P-256 key");
    let options = VerificationOptions {
        allowed_audiences: Some(std::collections::HashSet::from([audience.to_owned()])),
        ..VerificationOptions::default()
    };
    let claims = public.verify_token::<NoCustomClaims>(&token, Some(options)).expect("the VAPID JWT verifies");
    assert_eq!(claims.subject.as_deref(), Some("mailto:test@example.org"));
    let expires = claims.expires_at.expect("an expiry").as_secs();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_secs();
    assert!(expires > now && expires <= now + 24 * 3600, "expires within 24 hours (RFC 8292)");
}

fn notify_config(url: &str, dir: &std::path::Path) -> safehouse_server::Config {
    safehouse_server::Config {
        notify_allow_local: true,
        vapid_key_file: Some(dir.join("vapid.key")),
        vapid_subject: Some("mailto:test@example.org".into()),
        public_url: Some("https://play.example.org".into()),
        ..test_config(url)
    }
}

/// The game to play: the first registered game that seats three (a bot between two people),
/// else the first.
fn pick_game() -> (&'static str, usize) {
    let games = safehouse_games::all();
    let info = games.iter().map(|g| g.info()).find(|i| (i.min_players..=i.max_players).contains(&3));
    match info {
        Some(info) => (info.id, 3),
        None => (games[0].info().id, games[0].info().min_players.max(2)),
    }
}

/// Plays the match to its end: each person moves the first legal action when it is their turn
/// (over the nodes `https` in turn), bots move by themselves.
async fn play_out(https: &[&HttpClient], created: &Created) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut turn = 0;
    loop {
        assert!(Instant::now() < deadline, "the match did not end in time");
        let info = https[0].get(&format!("/api/matches/{}", created.id), None).await.expect("info");
        if info.body["finished"] == json!(true) {
            return;
        }
        let Some(seat) = info.body["to_move"].as_u64() else { continue };
        let Some(token) = created.tokens[seat as usize].as_deref() else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let http = https[turn % https.len()];
        turn += 1;
        let view = http.get(&format!("/api/matches/{}/view", created.id), Some(token)).await.expect("view");
        let Some(first) = view.body["legal"].as_array().and_then(|l| l.first()) else { continue };
        let body = json!({ "action": first["action"], "seq": view.body["seq"] });
        let acted = http.post(&format!("/api/matches/{}/actions", created.id), Some(token), &body).await.expect("act");
        assert!(matches!(acted.status, 200 | 409), "act: {}", acted.text);
    }
}

/// From the record: every (seat, seq) where the turn passed to a person from another seat.
async fn expected_turns(http: &HttpClient, created: &Created) -> BTreeSet<(u8, u64)> {
    let (record, _) = fetch_and_replay(http, created).await;
    let game = safehouse_games::find(&record.game).expect("game").game;
    let mut game_match = game.new_match(&record.setup()).expect("setup");
    let mut turns = BTreeSet::new();
    for (i, step) in record.actions.iter().enumerate() {
        game_match.act(step.seat, &step.action).expect("applies");
        if let Some(Seat(next)) = game_match.to_move()
            && next != step.seat.0
            && created.tokens[usize::from(next)].is_some()
        {
            turns.insert((next, i as u64 + 1));
        }
    }
    turns
}

/// Waits until `count()` reaches `want` (and a moment more, so that an extra one would show).
async fn settle(count: impl Fn() -> usize, want: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while count() < want && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// The seats of a match of people move (each with its own token, its first legal action) until
/// the turn is seat `told`'s, or the match is over.
async fn move_until_the_turn_of(http: &HttpClient, created: &Created, told: usize) {
    let id = &created.id;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline, "the turn never came to seat {told}");
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
        let Some(seat) = info.body["to_move"].as_u64().map(|s| s as usize) else { break };
        if seat == told || info.body["finished"] == json!(true) {
            break;
        }
        let token = created.tokens[seat].clone().expect("a person");
        let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
        let body = json!({ "action": view.body["legal"][0]["action"], "seq": view.body["seq"] });
        let acted = http.post(&format!("/api/matches/{id}/actions"), Some(&token), &body).await.expect("act");
        assert_eq!(acted.status, 200, "{}", acted.text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_reaches_push_and_webhook_once_per_turn_and_never_for_bots() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("notify.db").display());
    let server = safehouse_server::start(notify_config(&url, dir.path())).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let base = format!("http://{receiver_addr}");

    let (game, players) = pick_game();
    let mut people = vec![true; players];
    people[1] = false;
    let created = create(&http, game, &people, None).await;
    let id = &created.id;
    let key = http.get("/api/push/key", None).await.expect("key");
    assert_eq!(key.status, 200, "{}", key.text);
    let server_key = key.body["public_key"].as_str().expect("public_key").to_owned();
    assert!(dir.path().join("vapid.key").exists(), "the generated VAPID key is kept");

    // Every person's seat subscribes a browser and a webhook.
    let mut browsers = Vec::new();
    for (seat, token) in created.tokens.iter().enumerate() {
        let Some(token) = token else {
            browsers.push(None);
            continue;
        };
        let browser = Browser::new();
        let sub = browser.subscription(&format!("{base}/push/seat{seat}"));
        let reply = put(&http, &format!("/api/matches/{id}/notify/push"), token, &sub).await;
        assert_eq!(reply.status, 200, "subscribe: {}", reply.text);
        let hook = json!({ "url": format!("{base}/hook/seat{seat}") });
        let reply = put(&http, &format!("/api/matches/{id}/notify/webhook"), token, &hook).await;
        assert_eq!(reply.status, 200, "webhook: {}", reply.text);
        assert_eq!(reply.body["push"].as_array().map(Vec::len), Some(1));
        browsers.push(Some(browser));
    }
    // Subscribing the same browser again stores nothing new.
    let token0 = created.tokens[0].as_deref().expect("token");
    let again = browsers[0].as_ref().expect("browser").subscription(&format!("{base}/push/seat0"));
    assert_eq!(put(&http, &format!("/api/matches/{id}/notify/push"), token0, &again).await.status, 200);
    // Without a seat's token nothing is accepted.
    let anonymous = http
        .raw(
            "PUT",
            &format!("/api/matches/{id}/notify/webhook"),
            None,
            Some((json!({"url": base}).to_string(), "application/json")),
        )
        .await
        .expect("put");
    assert_eq!(anonymous.status, 401, "{}", anonymous.text);

    // The bot may have moved while the seats subscribed (it moves from the start when the first
    // player drawn is its seat): a turn that began before every subscription was stored may or
    // may not be announced, so only the turns after that count.
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    let subscribed_at = info.body["seq"].as_u64().expect("seq");

    play_out(&[&http], &created).await;
    let expected: BTreeSet<(u8, u64)> =
        expected_turns(&http, &created).await.into_iter().filter(|&(_, seq)| seq > subscribed_at).collect();
    assert!(!expected.is_empty(), "the turn passed to a person at least once");
    let total = expected.len();
    settle(|| receiver.got.lock().map(|g| g.len()).unwrap_or(0), 2 * total).await;

    let mut pushed = BTreeSet::new();
    let mut hooked = BTreeSet::new();
    for (seat, browser) in browsers.iter().enumerate() {
        let Some(browser) = browser else {
            assert!(receiver.all(&format!("push/seat{seat}")).is_empty(), "nothing for a bot's seat");
            continue;
        };
        for received in receiver.all(&format!("push/seat{seat}")) {
            check_vapid(&received, &server_key, &base);
            let message = browser.decrypt(&received.body);
            assert_eq!(message["type"], "your_turn");
            assert_eq!(message["match"], json!(id));
            assert_eq!(message["seat"], json!(seat));
            assert_eq!(message["url"], json!(format!("https://play.example.org/play/{id}")));
            assert!(message["title"].as_str().is_some_and(|t| t.starts_with("Your turn")), "{message}");
            let seq = message["seq"].as_u64().expect("seq");
            assert!(pushed.insert((seat as u8, seq)), "one push per turn: ({seat}, {seq}) twice");
            if seq <= subscribed_at {
                pushed.remove(&(seat as u8, seq));
            }
        }
        for received in receiver.all(&format!("hook/seat{seat}")) {
            assert_eq!(received.headers.get("content-type").map(|v| v.as_bytes()), Some(&b"application/json"[..]));
            let message: Value = serde_json::from_slice(&received.body).expect("JSON");
            let content = message["content"].as_str().expect("Discord's content");
            assert_eq!(message["text"].as_str(), Some(content), "Slack's text");
            assert!(content.contains(&format!("https://play.example.org/play/{id}")), "{content}");
            let seq = message["seq"].as_u64().expect("seq");
            assert!(hooked.insert((seat as u8, seq)), "one webhook per turn: ({seat}, {seq}) twice");
            if seq <= subscribed_at {
                hooked.remove(&(seat as u8, seq));
            }
        }
    }
    assert_eq!(pushed, expected, "a push exactly when the turn passed to a person");
    assert_eq!(hooked, expected, "a webhook exactly when the turn passed to a person");

    // "Play again" from seat 0: every other person's seat is told once, by push and by webhook,
    // with the old match's page (whose "Join: take my seat" takes the seat kept for them); seat
    // 0, who pressed, and the bot's seat are not.
    let before = receiver.got.lock().map(|g| g.len()).unwrap_or(0);
    let pressed = http.post(&format!("/api/matches/{id}/rematch"), Some(token0), &json!({})).await.expect("rematch");
    assert_eq!(pressed.status, 200, "{}", pressed.text);
    let new_id = pressed.body["match"].as_str().expect("new id").to_owned();
    let others: Vec<usize> = (1..players).filter(|&s| created.tokens[s].is_some()).collect();
    assert!(!others.is_empty(), "somebody else to tell");
    settle(|| receiver.got.lock().map(|g| g.len()).unwrap_or(0), before + 2 * others.len()).await;
    let got = receiver.got.lock().expect("lock")[before..].to_vec();
    let mut told = BTreeSet::new();
    for received in &got {
        let seat: usize = received.path.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().expect("seat");
        let message = if received.path.starts_with("push/") {
            check_vapid(received, &server_key, &base);
            browsers[seat].as_ref().expect("a person's browser").decrypt(&received.body)
        } else {
            serde_json::from_slice(&received.body).expect("JSON")
        };
        assert_eq!(message["type"], "rematch", "{message}");
        assert_eq!(
            (&message["match"], &message["rematch"], &message["seat"]),
            (&json!(id), &json!(new_id), &json!(seat))
        );
        assert_eq!(message["url"], json!(format!("https://play.example.org/play/{id}")));
        assert!(message["title"].as_str().is_some_and(|t| t.starts_with("Play again?")), "{message}");
        assert!(told.insert(received.path.clone()), "one each: {} twice", received.path);
    }
    let expected: BTreeSet<String> =
        others.iter().flat_map(|s| [format!("push/seat{s}"), format!("hook/seat{s}")]).collect();
    assert_eq!(told, expected, "every other person is told, not whoever pressed");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_subscription_is_removed_and_bad_targets_are_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("gone.db").display());
    let server = safehouse_server::start(notify_config(&url, dir.path())).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let base = format!("http://{receiver_addr}");
    let (game, players) = pick_game();
    let people = vec![true; players];
    let created = create(&http, game, &people, None).await;
    let id = &created.id;
    // Every seat is a person's, so nothing moves until this test acts. The seat told is one
    // that does not move first (the first player is drawn), so the turn passes to it.
    let first = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body["to_move"]
        .as_u64()
        .expect("to move") as usize;
    let told = (first + 1) % players;
    let token_told = created.tokens[told].clone().expect("token");
    let browser = Browser::new();
    let gone = browser.subscription(&format!("{base}/push/gone1"));
    let reply = put(&http, &format!("/api/matches/{id}/notify/push"), &token_told, &gone).await;
    assert_eq!(reply.status, 200, "{}", reply.text);

    // Bad keys and bad URLs are refused with their codes.
    let mut bad_keys = gone.clone();
    bad_keys["keys"]["auth"] = json!("AAAA");
    let reply = put(&http, &format!("/api/matches/{id}/notify/push"), &token_told, &bad_keys).await;
    assert_eq!((reply.status, reply.code()), (422, Some("bad_subscription")), "{}", reply.text);
    let reply =
        put(&http, &format!("/api/matches/{id}/notify/webhook"), &token_told, &json!({"url": "ftp://x/y"})).await;
    assert_eq!((reply.status, reply.code()), (422, Some("bad_url")), "{}", reply.text);

    // The others move until the turn is the told seat's: the push service answers 410.
    move_until_the_turn_of(&http, &created, told).await;
    settle(|| receiver.all("push/gone1").len(), 1).await;
    assert_eq!(receiver.all("push/gone1").len(), 1, "the push was tried once");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let state = http.get(&format!("/api/matches/{id}/notify"), Some(&token_told)).await.expect("notify");
        if state.body["push"].as_array().is_some_and(Vec::is_empty) {
            break;
        }
        assert!(Instant::now() < deadline, "the gone subscription stays: {}", state.text);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let store = safehouse_store::open(&url, &safehouse_store::OpenOptions::default()).await.expect("store");
    let log = store.table_events(id, 0).await.expect("table log");
    assert!(
        log.iter().any(|e| e.kind == "notify.push_removed" && e.data["reason"] == "gone"),
        "the removal is in the table log: {log:?}"
    );
    server.stop().await;
}

/// A seat that signs out its other devices (a lost phone) drops their push subscriptions: its
/// turn then reaches its webhook, which is a channel and not a device, and no browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_the_other_devices_drops_their_push_subscriptions() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("signed_out.db").display());
    let server = safehouse_server::start(notify_config(&url, dir.path())).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let base = format!("http://{receiver_addr}");
    let (game, players) = pick_game();
    let mut created = create(&http, game, &vec![true; players], None).await;
    let id = created.id.clone();
    let first = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body["to_move"]
        .as_u64()
        .expect("to move") as usize;
    let told = (first + 1) % players;
    let old = created.tokens[told].clone().expect("token");
    let lost_phone = Browser::new().subscription(&format!("{base}/push/lost"));
    assert_eq!(put(&http, &format!("/api/matches/{id}/notify/push"), &old, &lost_phone).await.status, 200);
    let hook = json!({ "url": format!("{base}/hook/channel") });
    assert_eq!(put(&http, &format!("/api/matches/{id}/notify/webhook"), &old, &hook).await.status, 200);

    let signed = http.post(&format!("/api/matches/{id}/device/sign-out"), Some(&old), &json!({})).await;
    let signed = signed.expect("sign out");
    assert_eq!(signed.status, 200, "{}", signed.text);
    let new = signed.body["token"].as_str().expect("token").to_owned();
    let state = http.get(&format!("/api/matches/{id}/notify"), Some(&new)).await.expect("notify");
    assert_eq!(state.body["push"], json!([]), "{}", state.text);
    assert_eq!(state.body["webhook"].as_str(), Some(format!("{base}/hook/channel").as_str()), "{}", state.text);

    created.tokens[told] = Some(new);
    move_until_the_turn_of(&http, &created, told).await;
    settle(|| receiver.all("hook/channel").len(), 1).await;
    assert_eq!(receiver.all("hook/channel").len(), 1, "the webhook is told");
    assert!(receiver.all("push/lost").is_empty(), "the lost phone is not");
    server.stop().await;
}

/// At a turn-based table "your turn" says how long the move may take (in the language asked
/// for) and carries the moment it is due: the table's own deadline, as the match's facts say.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_your_turn_says_how_long_the_move_may_take() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("turn-time.db").display());
    let server = safehouse_server::start(notify_config(&url, dir.path())).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let (game, players) = pick_game();
    let settings = json!({"turn_based": {"deadline_hours": 48}});
    let created = create_with(&http, game, &vec![true; players], None, Some(settings)).await;
    let id = &created.id;
    let first = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body["to_move"]
        .as_u64()
        .expect("to move") as usize;
    let told = (first + 1) % players;
    let token_told = created.tokens[told].clone().expect("token");
    let hook = json!({ "url": format!("http://{receiver_addr}/hook/told"), "lang": "de" });
    let reply = put(&http, &format!("/api/matches/{id}/notify/webhook"), &token_told, &hook).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    move_until_the_turn_of(&http, &created, told).await;
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
    assert_eq!(info["to_move"].as_u64(), Some(told as u64), "{info}");
    settle(|| receiver.all("hook/told").len(), 1).await;
    let received = receiver.all("hook/told");
    assert_eq!(received.len(), 1, "one webhook for the turn");
    let message: Value = serde_json::from_slice(&received[0].body).expect("JSON");
    let content = message["content"].as_str().expect("content");
    assert!(content.contains("am Zug. Du hast 2 Tage Zeit."), "{content}");
    assert_eq!(message["due_ms"], info["deadline"]["due_ms"], "{message} / {info}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_send_each_turn_once() {
    if !postgres_available().await {
        return;
    }
    let dir = tempfile::tempdir().expect("dir");
    let schema = unique("notify");
    let config = |dir: &std::path::Path| safehouse_server::Config {
        database_schema: Some(schema.clone()),
        // Both nodes sign with one key (a subscription is bound to it).
        vapid_key_file: Some(dir.join("shared.key")),
        ..notify_config(&pg_url(), dir)
    };
    let a = safehouse_server::start(config(dir.path())).await.expect("node a");
    let b = safehouse_server::start(config(dir.path())).await.expect("node b");
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let base = format!("http://{receiver_addr}");
    let (game, players) = pick_game();
    let created = create(&http_a, game, &vec![true; players], None).await;
    let id = &created.id;
    // Seat 0 subscribes through node a; the others' moves are stored through both nodes.
    let browser = Browser::new();
    let token0 = created.tokens[0].clone().expect("token");
    let sub = browser.subscription(&format!("{base}/push/seat0"));
    assert_eq!(put(&http_a, &format!("/api/matches/{id}/notify/push"), &token0, &sub).await.status, 200);
    let hook = json!({ "url": format!("{base}/hook/seat0") });
    assert_eq!(put(&http_b, &format!("/api/matches/{id}/notify/webhook"), &token0, &hook).await.status, 200);

    play_out(&[&http_a, &http_b], &created).await;
    let expected: BTreeSet<u64> =
        expected_turns(&http_a, &created).await.into_iter().filter(|(s, _)| *s == 0).map(|(_, q)| q).collect();
    assert!(!expected.is_empty());
    settle(|| receiver.got.lock().map(|g| g.len()).unwrap_or(0), 2 * expected.len()).await;
    let pushed: Vec<u64> =
        receiver.all("push/seat0").iter().map(|r| browser.decrypt(&r.body)["seq"].as_u64().expect("seq")).collect();
    let mut sorted = pushed.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected.iter().copied().collect::<Vec<_>>(), "each turn pushed once, by one node");
    let hooked = hooked_seqs(&receiver, "hook/seat0");
    assert_eq!(hooked, expected.iter().copied().collect::<Vec<_>>(), "each turn posted once, by one node");
    a.stop().await;
    b.stop().await;
}

/// The `seq` of each webhook post the receiver got at `path`, in order.
fn hooked_seqs(receiver: &Receiver, path: &str) -> Vec<u64> {
    let mut seqs: Vec<u64> = receiver
        .all(path)
        .iter()
        .map(|r| serde_json::from_slice::<Value>(&r.body).expect("json")["seq"].as_u64().expect("seq"))
        .collect();
    seqs.sort_unstable();
    seqs
}

/// People who took their seats in a waiting room ask there to be told when it is their turn,
/// and are told from the very first turn once the host starts (nobody is on the page when a
/// table played over days starts). A seat's subscriptions belong to who holds it: Bob asks,
/// leaves, Dave takes his seat, and Bob hears nothing of Dave's turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_in_a_waiting_room_are_told_from_the_first_turn() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("room.db").display());
    let server = safehouse_server::start(notify_config(&url, dir.path())).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (receiver_addr, receiver) = start_receiver().await;
    let base = format!("http://{receiver_addr}");
    // Club Unlock for three, Dave's seat (1) to move first: his first turn is the start's.
    let (game, players) = ("club-unlock", 3);
    let seats: Vec<Value> = (0..players).map(|_| json!({"kind": "person"})).collect();
    let body = json!({ "game": game, "seats": seats, "waiting_room": true, "visibility": "public",
        "options": {"first_player": 1}, "join": {"seat": 0, "name": "Alice"} });
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text);
    let id = reply.body["id"].as_str().expect("id").to_owned();
    let creator = reply.body["creator_token"].as_str().expect("creator token").to_owned();
    let alice = reply.body["joined"]["token"].as_str().expect("seat token").to_owned();
    let hook = |name: &str| json!({ "url": format!("{base}/hook/{name}") });
    let webhook = format!("/api/matches/{id}/notify/webhook");

    // In the waiting room: Alice's seat token opens her seat's notifications; no token, none.
    let reply = put(&http, &webhook, &alice, &hook("alice")).await;
    assert_eq!((reply.status, reply.body["seat"].as_u64()), (200, Some(0)), "{}", reply.text);
    let stranger = put(&http, &webhook, "not-a-token", &hook("stranger")).await;
    assert_eq!(stranger.status, 401, "{}", stranger.text);
    let take = |name: &str| json!({ "name": name });
    let taken = http.post(&format!("/api/tables/{id}/seats/1/take"), None, &take("Bob")).await.expect("take");
    assert_eq!(taken.status, 200, "{}", taken.text);
    let bob = taken.body["token"].as_str().expect("token").to_owned();
    assert_eq!(put(&http, &webhook, &bob, &hook("bob")).await.status, 200);
    let left = http.post(&format!("/api/tables/{id}/seats/1/leave"), Some(&bob), &json!({})).await.expect("leave");
    assert_eq!(left.status, 200, "{}", left.text);
    assert_eq!(put(&http, &webhook, &bob, &hook("bob")).await.status, 401, "a seat left is no longer Bob's");
    let taken = http.post(&format!("/api/tables/{id}/seats/1/take"), None, &take("Dave")).await.expect("take");
    let dave = taken.body["token"].as_str().expect("token").to_owned();
    let state = http.get(&webhook.replace("/webhook", ""), Some(&dave)).await.expect("state");
    assert_eq!(state.body["webhook"], Value::Null, "Dave's seat starts with nothing Bob asked for: {}", state.text);
    assert_eq!(put(&http, &webhook, &dave, &hook("dave")).await.status, 200);

    // The host starts; the free third seat gets a bot. Nobody has moved yet.
    let started = http.post(&format!("/api/tables/{id}/start"), Some(&creator), &json!({})).await.expect("start");
    assert_eq!(started.status, 200, "{}", started.text);
    let created = Created {
        id: id.clone(),
        game: game.to_owned(),
        players,
        tokens: vec![Some(alice), Some(dave), None],
        invites: vec![None; players],
    };
    play_out(&[&http], &created).await;
    let (record, _) = fetch_and_replay(&http, &created).await;
    let first = safehouse_games::find(&record.game).expect("game").game.new_match(&record.setup()).expect("setup");
    assert_eq!(first.to_move(), Some(Seat(1)), "Dave moves first");
    let mut expected = expected_turns(&http, &created).await;
    expected.insert((1, 0));
    let want = |seat: u8| expected.iter().filter(|(s, _)| *s == seat).map(|(_, q)| *q).collect::<Vec<_>>();
    settle(|| receiver.got.lock().map(|g| g.len()).unwrap_or(0), expected.len()).await;
    assert_eq!(hooked_seqs(&receiver, "hook/alice"), want(0), "Alice: each of her turns once, the first one too");
    assert_eq!(hooked_seqs(&receiver, "hook/dave"), want(1), "Dave: each of his turns once, the first one too");
    assert!(receiver.all("hook/bob").is_empty(), "Bob left the seat: nothing of Dave's turns reaches him");
    assert!(receiver.all("hook/stranger").is_empty());
    server.stop().await;
}
