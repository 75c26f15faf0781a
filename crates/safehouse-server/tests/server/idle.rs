//! Presence and idle seats: a person who leaves their decision waiting, or asks for a bot because
//! they must leave, is replaced by a bot until they act or say they are back, whatever their open
//! page does; bots move on their own from the start and after a restart; reconnecting gives the
//! current view.

use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::{HttpClient, Tracker, WsClient};
use safehouse_server::limits::AWAY_BURST;
use safehouse_store::{OpenOptions, StoredAction};
use serde_json::{Value, json};

/// A game, played at its default number of players.
fn two_player_game() -> &'static str {
    safehouse_games::all()[0].info().id
}

/// `first` for the first seats, then bots up to the game's default number of players.
fn seats_of(game: &str, first: &[&'static str]) -> Vec<&'static str> {
    let players = safehouse_games::find(game).expect("game").game.info().default_players;
    let mut seats = first.to_vec();
    seats.resize(players.max(first.len()), "bot");
    seats
}

/// The actions stored for a match, with who decided them (read from the database itself).
async fn stored_actions(url: &str, id: &str) -> Vec<StoredAction> {
    // The server writes meanwhile: a read may meet a locked database, and is tried again.
    for _ in 0..100 {
        if let Ok(store) = safehouse_store::open(url, &OpenOptions::default()).await
            && let Ok(found) = store.load_match(id).await
        {
            return found.map(|m| m.actions).unwrap_or_default();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the database stays locked");
}

/// Creates a match with `seats` (`"me"` = a person joined at once, `"friend"` = a person not
/// joined, `"bot"`); returns the id and the joined seat's token.
async fn create_match(http: &HttpClient, game: &str, seats: &[&str], settings: Value) -> (String, Option<String>) {
    create_match_with(http, game, seats, settings, None).await
}

/// As [`create_match`], with game `options` too.
async fn create_match_with(
    http: &HttpClient,
    game: &str,
    seats: &[&str],
    settings: Value,
    options: Option<Value>,
) -> (String, Option<String>) {
    let created = create_reply(http, game, seats, settings, options).await;
    (created["id"].as_str().expect("id").to_owned(), created["joined"]["token"].as_str().map(str::to_owned))
}

/// As [`create_match_with`], answering the whole reply (which alone tells the invite codes).
async fn create_reply(http: &HttpClient, game: &str, seats: &[&str], settings: Value, options: Option<Value>) -> Value {
    let plan: Vec<Value> = seats
        .iter()
        .map(|kind| match *kind {
            "bot" => json!({"kind": "bot", "difficulty": "easy"}),
            _ => json!({"kind": "person", "name": "Alice"}),
        })
        .collect();
    let mut body = json!({"game": game, "seats": plan, "settings": settings});
    if let Some(options) = options {
        body["options"] = options;
    }
    if let Some(me) = seats.iter().position(|k| *k == "me") {
        body["join"] = json!({"seat": me, "name": "Alice"});
    }
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.body
}

/// What an open table page does: it holds the seat's WebSocket and, after every message, fetches
/// the seat's view again (the page's `/play/{id}/frag` does exactly that). Runs until aborted.
fn open_page(server: std::net::SocketAddr, id: String, token: String) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let http = HttpClient::new(server);
        let Ok(mut ws) = WsClient::connect(server, &id, Some(&token)).await else { return };
        while ws.next_json(WAIT).await.is_ok() {
            let _ = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await;
        }
    })
}

/// Waits until `done` holds for the stored actions (or the match is over), at most `WAIT`.
async fn wait_stored(url: &str, id: &str, what: &str, done: impl Fn(&[StoredAction]) -> bool) -> Vec<StoredAction> {
    let deadline = Instant::now() + WAIT;
    loop {
        let actions = stored_actions(url, id).await;
        if done(&actions) {
            return actions;
        }
        assert!(Instant::now() < deadline, "{what}: {} actions stored: {:?}", actions.len(), actors(&actions));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn actors(actions: &[StoredAction]) -> Vec<(u8, &str)> {
    actions.iter().map(|a| (a.seat, a.actor.as_str())).collect()
}

/// A server on a fresh SQLite file (`tune` sets what the test needs: the idle time, the bots'
/// pause) with a match of the first game: Alice joined at seat 0, easy bots in the other seats.
struct AliceAtATable {
    /// Holds the database file for the test's length.
    _dir: tempfile::TempDir,
    url: String,
    server: safehouse_server::Server,
    http: HttpClient,
    id: String,
    token: String,
}

async fn alice_at_a_table(tune: impl FnOnce(&mut safehouse_server::Config)) -> AliceAtATable {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("idle.db").display());
    let mut config = test_config(&url);
    tune(&mut config);
    let server = safehouse_server::start(config).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (id, token) = create_match(&http, two_player_game(), &seats_of(two_player_game(), &["me"]), json!({})).await;
    AliceAtATable { _dir: dir, url, server, http, id, token: token.expect("alice's token") }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_idle_page_does_not_hold_the_seat_and_back_returns_it() {
    // Alice is alone with bots: the idle time that counts is the one for nobody waiting.
    let AliceAtATable { _dir, url, server, http, id, token } = alice_at_a_table(|c| {
        c.idle_takeover_secs = 1;
        c.idle_takeover_alone_secs = 1;
    })
    .await;

    // Alice's page is open the whole time, but she does nothing: bots play for her, again and
    // again (an open page that fetched views used to take the seat back after every move).
    let page = open_page(server.addr(), id.clone(), token.clone());
    let taken_over = |a: &[StoredAction]| a.iter().filter(|a| a.seat == 0 && a.actor == "takeover").count();
    wait_stored(&url, &id, "a bot plays for the idle seat", |a| taken_over(a) >= 3).await;
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert!(
        info.body["finished"] == json!(true) || info.body["seats"][0]["away"] == json!(true),
        "the seat stays with the bot while the page is open: {}",
        info.text
    );
    assert!(stored_actions(&url, &id).await.iter().all(|a| a.seat != 0 || a.actor != "person"));

    if info.body["finished"] == json!(false) {
        // "I'm back": the seat is hers again, for every viewer.
        let back = http.post(&format!("/api/matches/{id}/back"), Some(&token), &json!({})).await.expect("back");
        assert_eq!(back.status, 200, "{}", back.text);
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
        assert!(info.body["finished"] == json!(true) || info.body["seats"][0]["away"] == json!(false), "{}", info.text);
        // And she plays her next decision herself (acting right away, before the idle time).
        let deadline = Instant::now() + WAIT;
        let mut ws = WsClient::connect(server.addr(), &id, Some(&token)).await.expect("ws");
        let mut tracker = Tracker::default();
        let mut acted = false;
        while !acted && Instant::now() < deadline {
            let message = ws.next_json(WAIT).await.expect("message");
            if message["type"] == "welcome" || message["type"] == "update" {
                tracker.apply(&message).expect("message applies");
                if message["outcome"].is_object() {
                    break;
                }
                if let Some(first) = message["legal"].as_array().and_then(|l| l.first()) {
                    let act = json!({"type": "act", "action": first["action"], "seq": message["seq"], "id": 1});
                    ws.send_json(&act).await.expect("send");
                }
            } else if message["type"] == "ack" {
                acted = true;
            }
        }
        let actions = stored_actions(&url, &id).await;
        if acted {
            assert_eq!(actions.iter().rev().find(|a| a.seat == 0).map(|a| a.actor.as_str()), Some("person"));
        }
    }
    page.abort();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acting_takes_the_seat_back_from_the_bot() {
    // Bots wait 1.5 s before each move: time enough for the person to act first.
    let AliceAtATable { _dir, url, server, http, id, token } = alice_at_a_table(|c| {
        c.idle_takeover_secs = 1;
        c.idle_takeover_alone_secs = 1;
        c.bot_delay_ms = 1500;
    })
    .await;
    let deadline = Instant::now() + WAIT;
    loop {
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
        if info.body["seats"][0]["away"] == json!(true) {
            break;
        }
        assert!(Instant::now() < deadline, "the idle seat was not taken over: {}", info.text);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // It is her decision and a bot is about to make it: she acts herself.
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    assert_eq!(view.body["to_move"], json!(0), "{}", view.text);
    let action = view.body["legal"][0]["action"].clone();
    let reply = http
        .post(&format!("/api/matches/{id}/actions"), Some(&token), &json!({"action": action, "seq": view.body["seq"]}))
        .await
        .expect("act");
    assert_eq!(reply.status, 200, "{}", reply.text);
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][0]["away"], json!(false), "acting takes the seat back: {}", info.text);
    let actions = stored_actions(&url, &id).await;
    assert_eq!(actions.last().map(|a| (a.seat, a.actor.as_str())), Some((0, "person")), "{:?}", actors(&actions));
    assert!(
        actions.iter().all(|a| a.seat != 0 || a.actor == "person"),
        "no bot played for her: {:?}",
        actors(&actions)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_move_from_the_start_with_no_page_open() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("start.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("start");
    let http = HttpClient::new(server.addr());
    // Bots and a person who has not even joined; nobody looks. The game draws its first player,
    // so the bot's seat is made the first where the game has that option (else a drawn person
    // first would leave nothing to move, and the test could not tell).
    let game = two_player_game();
    let seat_0_first = safehouse_games::find(game)
        .expect("game")
        .game
        .option_docs()
        .iter()
        .any(|doc| doc.name == "first_player")
        .then(|| json!({"first_player": 0}));
    let (id, _) = create_match_with(&http, game, &seats_of(game, &["bot", "friend"]), json!({}), seat_0_first).await;
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    if info.body["to_move"] != json!(0) && info.body["seq"] == json!(0) {
        eprintln!("SKIPPED bots_move_from_the_start_with_no_page_open: {game} drew the person's seat to move first");
        server.stop().await;
        return;
    }
    let actions = wait_stored(&url, &id, "the bot in the first seat moves", |a| !a.is_empty()).await;
    assert_eq!(actions[0].actor, "bot");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_move_after_a_restart_with_no_page_open() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("restart.db").display());
    // The first server's bots are far too slow to move before it stops.
    let slow = safehouse_server::Config { bot_delay_ms: 600_000, ..test_config(&url) };
    let server = safehouse_server::start(slow).await.expect("start");
    let http = HttpClient::new(server.addr());
    let (id, _) = create_match(&http, two_player_game(), &seats_of(two_player_game(), &["bot"]), json!({})).await;
    server.stop().await;
    assert!(stored_actions(&url, &id).await.is_empty());
    // The second server is started and asked nothing: its bots resume the match on their own.
    let server = safehouse_server::start(test_config(&url)).await.expect("restart");
    let actions = wait_stored(&url, &id, "the bots resume after the restart", |a| a.len() >= 4).await;
    assert!(actions.iter().all(|a| a.actor == "bot"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_sees_the_current_view() {
    let AliceAtATable { _dir, server, http, id, token, .. } = alice_at_a_table(|_| {}).await;
    for _ in 0..2 {
        let mut ws = WsClient::connect(server.addr(), &id, Some(&token)).await.expect("ws");
        let mut tracker = Tracker::default();
        let welcome = ws.next_json(WAIT).await.expect("welcome");
        tracker.apply(&welcome).expect("welcome");
        let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
        if view.body["seq"] == welcome["seq"] {
            assert_eq!(view.body["view"], tracker.view, "reconnecting gives the current view");
        }
        ws.close().await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_must_leave_hands_the_seat_to_a_bot_at_once() {
    // No idle takeover at all: only asking hands the seat to a bot.
    let AliceAtATable { _dir, url, server, http, id, token } = alice_at_a_table(|c| {
        c.idle_takeover_secs = 0;
        c.bot_delay_ms = 50;
    })
    .await;
    let away = format!("/api/matches/{id}/away");
    let seat_away = |info: &Value| info["seats"][0]["away"].clone();

    let anonymous = http.post(&away, None, &json!({})).await.expect("away without a token");
    assert_eq!(
        (anonymous.status, anonymous.body["error"]["code"].clone()),
        (401, json!("bad_token")),
        "{}",
        anonymous.text
    );
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
    assert_eq!(seat_away(&info), json!(false), "{info}");

    // Alice must leave: a bot plays her seat from now on, and every viewer is told.
    let reply = http.post(&away, Some(&token), &json!({})).await.expect("away");
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!((reply.body["seat"].clone(), reply.body["away"].clone()), (json!(0), json!(true)), "{}", reply.text);
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
    assert!(info["finished"] == json!(true) || seat_away(&info) == json!(true), "{info}");
    let taken_over = |a: &[StoredAction]| a.iter().filter(|a| a.seat == 0 && a.actor == "takeover").count();
    let actions = wait_stored(&url, &id, "a bot plays for the seat that asked", |a| taken_over(a) >= 2).await;
    assert!(actions.iter().all(|a| a.seat != 0 || a.actor == "takeover"), "{:?}", actors(&actions));

    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
    if info["finished"] == json!(false) {
        // Back, and away again over the WebSocket.
        let back = http.post(&format!("/api/matches/{id}/back"), Some(&token), &json!({})).await.expect("back");
        assert_eq!(back.body["away"], json!(false), "{}", back.text);
        let mut ws = WsClient::connect(server.addr(), &id, Some(&token)).await.expect("ws");
        ws.send_json(&json!({"type": "away", "id": 7})).await.expect("send");
        let deadline = Instant::now() + WAIT;
        loop {
            let message = ws.next_json(WAIT).await.expect("message");
            if message["id"] == json!(7) {
                assert!(message["type"] == "ack" || message["code"] == "game_over", "{message}");
                break;
            }
            assert!(Instant::now() < deadline, "no answer to away");
        }
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
        assert!(info["finished"] == json!(true) || seat_away(&info) == json!(true), "{info}");
        ws.close().await;
    }

    // The bots play the match to its end; then there is no seat to leave.
    let deadline = Instant::now() + WAIT;
    while http.get(&format!("/api/matches/{id}"), None).await.expect("info").body["finished"] != json!(true) {
        assert!(Instant::now() < deadline, "the bots did not finish the match");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let late = http.post(&away, Some(&token), &json!({})).await.expect("away after the end");
    assert_eq!((late.status, late.body["error"]["code"].clone()), (409, json!("game_over")), "{}", late.text);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_flipping_between_away_and_back_is_limited() {
    // Bots wait long, so the match outlives the flips.
    let AliceAtATable { _dir, server, http, id, token, .. } = alice_at_a_table(|c| {
        c.idle_takeover_secs = 0;
        c.bot_delay_ms = 60_000;
    })
    .await;
    // Each flip is stored and redraws every watcher's seats: a burst, then the client waits.
    for flip in 0..AWAY_BURST {
        let away = http.post(&format!("/api/matches/{id}/away"), Some(&token), &json!({})).await.expect("away");
        assert_eq!(away.status, 200, "flip {flip}: {}", away.text);
        let back = http.post(&format!("/api/matches/{id}/back"), Some(&token), &json!({})).await.expect("back");
        assert_eq!(back.status, 200, "flip {flip}: {}", back.text);
    }
    let refused = http.post(&format!("/api/matches/{id}/away"), Some(&token), &json!({})).await.expect("away");
    assert_eq!((refused.status, refused.code()), (429, Some("rate_limited")), "{}", refused.text);
    assert!(refused.body["error"]["retry_after"].as_u64().is_some_and(|s| s >= 1), "{}", refused.text);
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info").body;
    assert_eq!(info["seats"][0]["away"], json!(false), "a refused request changes nothing: {info}");
    // The WebSocket counts with HTTP.
    let mut ws = WsClient::connect(server.addr(), &id, Some(&token)).await.expect("ws");
    ws.send_json(&json!({"type": "away", "id": 1})).await.expect("send");
    loop {
        let message = ws.next_json(WAIT).await.expect("message");
        if message["id"] == json!(1) {
            assert_eq!(message["code"], json!("rate_limited"), "{message}");
            break;
        }
    }
    ws.close().await;
    server.stop().await;
}

/// The answer (`ack` or `error`) to the WebSocket message numbered `id`, past the updates and
/// seat lists that arrive meanwhile.
async fn answer_to(ws: &mut WsClient, id: u64) -> Value {
    // Bounded as a whole: updates (and pings, skipped) may keep arriving meanwhile.
    let deadline = Instant::now() + WAIT;
    loop {
        let message = ws.next_json(deadline.saturating_duration_since(Instant::now())).await.expect("an answer");
        if message["id"] == json!(id) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_nobody_joined_is_handed_to_a_bot_until_its_person_joins() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("handed.db").display());
    // No idle takeover at all (`test_config`): only handing the seat over lets a bot play it.
    let config = || safehouse_server::Config { bot_delay_ms: 50, ..test_config(&url) };
    let server = safehouse_server::start(config()).await.expect("start");
    let http = HttpClient::new(server.addr());
    let game = two_player_game();
    let created = create_reply(&http, game, &seats_of(game, &["me", "friend"]), json!({}), None).await;
    let id = created["id"].as_str().expect("id").to_owned();
    let token = created["joined"]["token"].as_str().expect("alice's token").to_owned();
    let invite = created["seats"][1]["invite"].as_str().expect("the friend's invite").to_owned();
    let hand = |seat: u8| format!("/api/matches/{id}/seats/{seat}/bot");
    let code = |reply: &safehouse_client::Reply| (reply.status, reply.body["error"]["code"].clone());

    // Refused: without a seat's token, a seat somebody joined (her own), a seat that does not exist.
    let anonymous = http.post(&hand(1), None, &json!({})).await.expect("post");
    assert_eq!(code(&anonymous), (401, json!("bad_token")), "{}", anonymous.text);
    let joined = http.post(&hand(0), Some(&token), &json!({})).await.expect("post");
    assert_eq!(code(&joined), (409, json!("seat_taken")), "{}", joined.text);
    let missing = http.post(&hand(9), Some(&token), &json!({})).await.expect("post");
    assert_eq!(code(&missing), (404, json!("not_found")), "{}", missing.text);
    let mut spectator = watching(server.addr(), &id, None).await;
    spectator.send_json(&json!({"type": "bot_for", "seat": 1, "id": 1})).await.expect("send");
    let refused = answer_to(&mut spectator, 1).await;
    assert_eq!((refused["type"].clone(), refused["code"].clone()), (json!("error"), json!("spectator")), "{refused}");
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][1]["away"], json!(false), "nothing was handed over yet: {}", info.text);

    // Alice hands the friend's seat to a bot on the WebSocket; every watcher is told.
    let mut alice = watching(server.addr(), &id, Some(&token)).await;
    alice.send_json(&json!({"type": "bot_for", "id": 2})).await.expect("send");
    let no_seat = answer_to(&mut alice, 2).await;
    assert_eq!(no_seat["code"], json!("bad_request"), "{no_seat}");
    alice.send_json(&json!({"type": "bot_for", "seat": 1, "id": 3})).await.expect("send");
    assert_eq!(answer_to(&mut alice, 3).await["type"], json!("ack"));
    let deadline = Instant::now() + WAIT;
    let seats = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = spectator.next_json(left).await.expect("the spectator is told");
        if message["type"] == "seats" {
            break message;
        }
    };
    assert_eq!((seats["seats"][1]["away"].clone(), seats["seats"][1]["joined"].clone()), (json!(true), json!(false)));
    // Asking again (over HTTP) changes nothing.
    let again = http.post(&hand(1), Some(&token), &json!({})).await.expect("post");
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!((again.body["seat"].clone(), again.body["away"].clone()), (json!(1), json!(true)));

    // A bot plays the friend's seat (Alice lets one play hers too, so the game moves on).
    let away = http.post(&format!("/api/matches/{id}/away"), Some(&token), &json!({})).await.expect("away");
    assert_eq!(away.status, 200, "{}", away.text);
    let played = |a: &[StoredAction]| a.iter().any(|a| a.seat == 1 && a.actor == "takeover");
    wait_stored(&url, &id, "a bot plays the handed seat", played).await;
    let back = http.post(&format!("/api/matches/{id}/back"), Some(&token), &json!({})).await.expect("back");
    assert_eq!(back.status, 200, "{}", back.text);
    server.stop().await;

    // The hand-over is stored: a restarted server (which never takes idle seats over) still
    // lets the bot play the seat.
    let server = safehouse_server::start(config()).await.expect("restart");
    let http = HttpClient::new(server.addr());
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][1]["away"], json!(true), "after the restart: {}", info.text);

    // The friend arrives after all: the seat is theirs from the moment they join.
    let join = json!({"seat": 1, "invite": invite, "name": "Bob"});
    let joined = http.post(&format!("/api/matches/{id}/join"), None, &join).await.expect("join");
    assert_eq!(joined.status, 200, "{}", joined.text);
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(
        (info.body["seats"][1]["joined"].clone(), info.body["seats"][1]["away"].clone()),
        (json!(true), json!(false)),
        "{}",
        info.text
    );
    let after_join = http.post(&hand(1), Some(&token), &json!({})).await.expect("post");
    assert_eq!(code(&after_join), (409, json!("seat_taken")), "{}", after_join.text);
    server.stop().await;
    // And so it stays after another restart (the claim counts, not the old hand-over).
    let server = safehouse_server::start(config()).await.expect("restart");
    let info = HttpClient::new(server.addr()).get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][1]["away"], json!(false), "{}", info.text);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_nobody_joined_taken_over_when_idle_stays_with_the_bot_after_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("idle-unjoined.db").display());
    // Nobody waits for the friend's seat (Alice is away): the idle time alone counts.
    let idle = safehouse_server::Config { idle_takeover_secs: 1, idle_takeover_alone_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(idle).await.expect("start");
    let http = HttpClient::new(server.addr());
    let game = two_player_game();
    let (id, token) = create_match(&http, game, &seats_of(game, &["me", "friend"]), json!({})).await;
    let token = token.expect("alice's token");
    // Alice lets a bot play for her, so the game comes to the friend's seat, which nobody joined.
    let away = http.post(&format!("/api/matches/{id}/away"), Some(&token), &json!({})).await.expect("away");
    assert_eq!(away.status, 200, "{}", away.text);
    let played = |a: &[StoredAction]| a.iter().any(|a| a.seat == 1 && a.actor == "takeover");
    wait_stored(&url, &id, "the idle time hands the friend's seat to a bot", played).await;
    server.stop().await;

    // A server that never takes idle seats over: the bot still plays the seat nobody joined.
    let server = safehouse_server::start(test_config(&url)).await.expect("restart");
    let info = HttpClient::new(server.addr()).get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][1]["away"], json!(true), "after the restart: {}", info.text);
    server.stop().await;
}

/// The seat to move and whether each seat is away, from the match's public facts.
async fn turn_and_away(http: &HttpClient, id: &str) -> (Option<u8>, Vec<bool>) {
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
    let away = info.body["seats"].as_array().expect("seats").iter().map(|s| s["away"] == json!(true)).collect();
    (info.body["to_move"].as_u64().map(|s| s as u8), away)
}

/// Waits until it is `seat`'s decision.
async fn wait_turn(http: &HttpClient, id: &str, seat: u8) {
    let deadline = Instant::now() + WAIT;
    while turn_and_away(http, id).await.0 != Some(seat) {
        assert!(Instant::now() < deadline, "seat {seat}'s turn never came");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The idle time is there so that nobody is held up: a person alone with bots keeps their seat
/// far beyond it (only `idle_takeover_alone_secs` hands it over); at a table of two people the
/// one who keeps the other waiting is taken over, and the other, once nobody waits for them,
/// keeps their seat until the first comes back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_seat_is_taken_over_only_while_somebody_waits() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("waits.db").display());
    let config = safehouse_server::Config {
        idle_takeover_secs: 1,
        idle_takeover_alone_secs: 3600,
        bot_delay_ms: 20,
        ..test_config(&url)
    };
    let server = safehouse_server::start(config).await.expect("start");
    let http = HttpClient::new(server.addr());
    let game = two_player_game();
    let idle_for = Duration::from_millis(2500);
    let taken_over =
        |actions: &[StoredAction], seat: u8| actions.iter().any(|a| a.seat == seat && a.actor == "takeover");

    // Alone with bots: her decision waits for her.
    let (alone, _) = create_match(&http, game, &seats_of(game, &["me"]), json!({})).await;
    wait_turn(&http, &alone, 0).await;
    tokio::time::sleep(idle_for).await;
    let (to_move, away) = turn_and_away(&http, &alone).await;
    assert_eq!((to_move, away[0]), (Some(0), false), "a person alone with bots was taken over");
    assert!(!taken_over(&stored_actions(&url, &alone).await, 0), "a bot played for a person alone with bots");

    // Alice and Bob: whoever keeps the other waiting is taken over.
    let created = create_reply(&http, game, &seats_of(game, &["me", "friend"]), json!({}), None).await;
    let id = created["id"].as_str().expect("id").to_owned();
    let alice = created["joined"]["token"].as_str().expect("alice's token").to_owned();
    let invite = created["seats"][1]["invite"].as_str().expect("bob's invite");
    let join = json!({"seat": 1, "invite": invite, "name": "Bob"});
    let joined = http.post(&format!("/api/matches/{id}/join"), None, &join).await.expect("join");
    assert_eq!(joined.status, 200, "{}", joined.text);
    let bob = joined.body["token"].as_str().expect("bob's token").to_owned();
    let first =
        wait_stored(&url, &id, "the first idle person is taken over", |a| taken_over(a, 0) || taken_over(a, 1)).await;
    let (gone, there, gone_token) = if taken_over(&first, 0) { (0u8, 1u8, &alice) } else { (1, 0, &bob) };
    // The other's turn comes (the bot plays for the first meanwhile), and nobody waits for them.
    wait_turn(&http, &id, there).await;
    tokio::time::sleep(idle_for).await;
    let (to_move, away) = turn_and_away(&http, &id).await;
    assert_eq!(
        (to_move, away[usize::from(gone)], away[usize::from(there)]),
        (Some(there), true, false),
        "seat {there}, with nobody waiting"
    );
    assert!(!taken_over(&stored_actions(&url, &id).await, there), "a bot played for seat {there} with nobody waiting");
    // The first comes back: now somebody waits, and the idle one is taken over.
    let back = http.post(&format!("/api/matches/{id}/back"), Some(gone_token), &json!({})).await.expect("back");
    assert_eq!(back.status, 200, "{}", back.text);
    wait_stored(&url, &id, "the idle seat is taken over once somebody waits", |a| taken_over(a, there)).await;
    server.stop().await;
}
