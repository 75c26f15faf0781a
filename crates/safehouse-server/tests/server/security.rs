//! Security and bad input: forged tokens, another seat's token, out-of-turn and replayed actions,
//! invites, spectators, malformed and oversized input, floods. Every refusal has a stable code.

use std::time::Duration;

use crate::common::*;
use safehouse_client::{HttpClient, Tracker, WsClient};
use serde_json::{Value, json};

async fn view(http: &HttpClient, id: &str, token: Option<&str>) -> Value {
    let reply = http.get(&format!("/api/matches/{id}/view"), token).await.expect("view");
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_turns_and_replays_are_enforced() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let game = safehouse_games::all()[0].info();
    let people = vec![true; game.default_players];
    let created = create(&http, game.id, &people, None).await;
    let other = create(&http, game.id, &people, None).await;
    let id = &created.id;
    let act_path = format!("/api/matches/{id}/actions");

    let v = view(&http, id, None).await;
    assert_eq!(v["viewer"], json!("spectator"));
    assert!(v.get("legal").is_none(), "a spectator gets no legal actions");
    let to_move = v["to_move"].as_u64().expect("to move") as usize;
    let mover = created.tokens[to_move].clone().expect("token");
    let idle = created.tokens[(to_move + 1) % people.len()].clone().expect("token");
    let mine = view(&http, id, Some(&mover)).await;
    let action = mine["legal"][0]["action"].clone();

    // Forged tokens: random, empty, another match's.
    let forged = safehouse_server::token::new_token();
    for token in [forged.as_str(), "x", other.tokens[0].as_deref().expect("token")] {
        let reply = http.post(&act_path, Some(token), &json!({"action": action})).await.expect("act");
        assert_eq!((reply.status, reply.code()), (401, Some("bad_token")), "{token}");
        let reply = http.get(&format!("/api/matches/{id}/view"), Some(token)).await.expect("view");
        assert_eq!(reply.code(), Some("bad_token"));
    }
    let reply = http.post(&act_path, None, &json!({"action": action})).await.expect("act");
    assert_eq!(reply.code(), Some("bad_token"), "acting needs a token");
    assert!(WsClient::connect(server.addr(), id, Some(&forged)).await.is_err(), "a forged token opens no WebSocket");

    let seq = mine["seq"].as_u64().expect("seq");

    // Another seat's token acts as that seat: out of turn.
    let reply = http.post(&act_path, Some(&idle), &json!({"action": action, "seq": seq})).await.expect("act");
    assert_eq!((reply.status, reply.code()), (409, Some("not_your_turn")));

    // Illegal and malformed actions.
    let malformed = json!({"action": {"type": "no_such_move"}, "seq": seq});
    let reply = http.post(&act_path, Some(&mover), &malformed).await.expect("act");
    assert_eq!((reply.status, reply.code()), (422, Some("malformed_action")), "{}", reply.text);

    // An action without the `seq` it was chosen at is refused (a retried request could apply
    // twice), and the refusal says where the match is.
    let reply = http.post(&act_path, Some(&mover), &json!({"action": action})).await.expect("act");
    assert_eq!((reply.status, reply.code()), (422, Some("missing_seq")), "{}", reply.text);
    assert_eq!(reply.body["error"]["seq"].as_u64(), Some(seq));
    assert_eq!(view(&http, id, None).await["seq"].as_u64(), Some(seq), "nothing was applied");

    // The right seat acts; the same request again (a replay) is refused by its sequence number.
    let request = json!({"action": action, "seq": seq});
    let reply = http.post(&act_path, Some(&mover), &request).await.expect("act");
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.body["seq"].as_u64(), Some(seq + 1));
    let reply = http.post(&act_path, Some(&mover), &request).await.expect("replay");
    assert_eq!((reply.status, reply.code()), (409, Some("stale_seq")), "{}", reply.text);
    assert_eq!(reply.body["error"]["seq"].as_u64(), Some(seq + 1));
    let after = view(&http, id, None).await;
    assert_eq!(after["seq"].as_u64(), Some(seq + 1), "the replay changed nothing");

    // Invites: wrong code, a taken seat, a bot's seat (none here), an unknown seat.
    let join = format!("/api/matches/{id}/join");
    let reply = http.post(&join, None, &json!({"seat": 0, "invite": "00"})).await.expect("join");
    assert_eq!(reply.code(), Some("bad_invite"));
    let invite = created.invites[0].clone().expect("invite");
    let reply = http.post(&join, None, &json!({"seat": 0, "invite": invite})).await.expect("join");
    assert_eq!((reply.status, reply.code()), (409, Some("seat_taken")));
    let reply = http.post(&join, None, &json!({"seat": 99, "invite": invite})).await.expect("join");
    assert_eq!(reply.code(), Some("not_found"));
    // A whole number written as a float is the integer (JSON Schema counts `99.0` one); a
    // fraction is refused.
    let reply = http.post(&join, None, &json!({"seat": 99.0, "invite": invite})).await.expect("join");
    assert_eq!(reply.code(), Some("not_found"), "{}", reply.text);
    let reply = http.post(&join, None, &json!({"seat": 0.5, "invite": invite})).await.expect("join");
    assert_eq!((reply.status, reply.code()), (400, Some("malformed_json")), "{}", reply.text);

    // The record is withheld until the end (the seed would reveal every card).
    let reply = http.get(&format!("/api/matches/{id}/record"), None).await.expect("record");
    assert_eq!((reply.status, reply.code()), (409, Some("match_not_finished")));

    // A spectator cannot act over its WebSocket; a seat can, and a stale seq is refused there too.
    let mut spectator = WsClient::connect(server.addr(), id, None).await.expect("ws");
    let welcome = spectator.next_json(WAIT).await.expect("welcome");
    assert_eq!(welcome["type"], "welcome");
    spectator.send_json(&json!({"type": "act", "action": action, "id": 7})).await.expect("send");
    let reply = spectator.next_json(WAIT).await.expect("reply");
    assert_eq!(
        (reply["type"].as_str(), reply["code"].as_str(), reply["id"].as_u64()),
        (Some("error"), Some("spectator"), Some(7))
    );
    spectator.send_text("{not json").await.expect("send");
    assert_eq!(spectator.next_json(WAIT).await.expect("reply")["code"], "malformed_json");
    spectator.send_json(&json!({"type": "dance"})).await.expect("send");
    assert_eq!(spectator.next_json(WAIT).await.expect("reply")["code"], "bad_message");
    // A command's fields read as a body's do: a refusal names the field and echoes the `id`.
    spectator.send_json(&json!({"type": "bot_for", "seat": "one", "id": 8})).await.expect("send");
    let reply = spectator.next_json(WAIT).await.expect("reply");
    assert_eq!((reply["code"].as_str(), reply["id"].as_u64()), (Some("bad_request"), Some(8)), "{reply}");
    assert!(reply["message"].as_str().is_some_and(|m| m.contains("`bot_for`") && m.contains("\"one\"")), "{reply}");

    let now = view(&http, id, None).await;
    let to_move = now["to_move"].as_u64().expect("to move") as usize;
    let token = created.tokens[to_move].clone().expect("token");
    let mut seat = WsClient::connect(server.addr(), id, Some(&token)).await.expect("ws");
    let mut tracker = Tracker::default();
    tracker.apply(&seat.next_json(WAIT).await.expect("welcome")).expect("welcome");
    let legal = tracker.legal[0].clone();
    seat.send_json(&json!({"type": "act", "action": legal, "seq": tracker.seq + 5, "id": "a"})).await.expect("send");
    let reply = seat.next_json(WAIT).await.expect("reply");
    assert_eq!((reply["code"].as_str(), reply["id"].as_str()), (Some("stale_seq"), Some("a")));
    let float_seq = json!({"type": "act", "action": legal, "seq": (tracker.seq + 5) as f64, "id": "a2"});
    seat.send_json(&float_seq).await.expect("send");
    let reply = seat.next_json(WAIT).await.expect("reply");
    assert_eq!((reply["code"].as_str(), reply["id"].as_str()), (Some("stale_seq"), Some("a2")), "read as an integer");
    seat.send_json(&json!({"type": "act", "action": legal, "sq": tracker.seq, "id": "a3"})).await.expect("send");
    let reply = seat.next_json(WAIT).await.expect("reply");
    assert_eq!((reply["code"].as_str(), reply["id"].as_str()), (Some("bad_request"), Some("a3")), "{reply}");
    assert!(reply["message"].as_str().is_some_and(|m| m.contains("`sq`")), "names the unknown field: {reply}");
    seat.send_json(&json!({"type": "act", "action": legal, "id": "b"})).await.expect("send");
    let reply = seat.next_json(WAIT).await.expect("reply");
    assert_eq!(
        (reply["code"].as_str(), reply["id"].as_str(), reply["seq"].as_u64()),
        (Some("missing_seq"), Some("b"), Some(tracker.seq))
    );

    // Unknown things.
    assert_eq!(http.get("/api/matches/nope/view", None).await.expect("get").code(), Some("not_found"));
    assert_eq!(http.get("/api/nothing", None).await.expect("get").code(), Some("not_found"));
    let reply =
        http.post("/api/matches", None, &json!({"game": "chess", "seats": [{"kind": "person"}]})).await.expect("post");
    assert_eq!((reply.status, reply.code()), (404, Some("unknown_game")));
    let seats = vec![json!({"kind": "person"}); game.default_players];
    let reply = http
        .post("/api/matches", None, &json!({"game": game.id, "seats": seats, "options": {"nope": 1}}))
        .await
        .expect("post");
    assert_eq!((reply.status, reply.code()), (422, Some("bad_options")), "{}", reply.text);
    let reply = http.post("/api/matches", None, &json!({"game": game.id, "seats": []})).await.expect("post");
    assert_eq!(reply.code(), Some("bad_player_count"));
    let reply = http.raw("POST", "/api/matches", None, Some(("{oops".into(), "application/json"))).await.expect("post");
    assert_eq!((reply.status, reply.code()), (400, Some("malformed_json")));
    // A body is an object: serde would read a struct from an array of its fields in order.
    let push = format!("/api/matches/{id}/notify/push");
    let body = Some((r#"["https://push.example/1"]"#.to_owned(), "application/json"));
    let reply = http.raw("DELETE", &push, Some(&idle), body).await.expect("delete");
    assert_eq!((reply.status, reply.code()), (400, Some("malformed_json")), "{}", reply.text);
    // ...and so is every struct inside one: a join as `[seat, name]` joins nobody.
    let seats = vec![json!({"kind": "person"}); game.default_players];
    let join = json!({"game": game.id, "seats": seats, "join": [0, "Ann"]});
    let reply = http.post("/api/matches", None, &join).await.expect("post");
    assert_eq!((reply.status, reply.code()), (400, Some("malformed_json")), "{}", reply.text);
    assert!(reply.text.contains("join"), "the refusal names the field: {}", reply.text);
    let reply = http.get("/api/matches?limit=2147483648", None).await.expect("get");
    assert_eq!((reply.status, reply.code()), (400, Some("bad_request")), "limit above int32: {}", reply.text);
    let reply = http.get("/api/matches?limit=2147483647", None).await.expect("get");
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = http.raw("POST", "/api/matches", None, Some(("{}".into(), "text/plain"))).await.expect("post");
    assert_eq!(reply.code(), Some("bad_content_type"));
    let big = format!("{{\"game\": \"{}\"}}", "x".repeat(200_000));
    let reply = http.raw("POST", "/api/matches", None, Some((big, "application/json"))).await.expect("post");
    assert_eq!((reply.status, reply.code()), (413, Some("payload_too_large")));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_and_oversized_messages_are_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let config = safehouse_server::Config {
        rate_per_sec: 5.0,
        rate_burst: 10.0,
        max_body_bytes: 4096,
        max_connections: 2,
        max_matches: 1,
        ..test_config(&url)
    };
    let server = safehouse_server::start(config).await.expect("start");
    let http = HttpClient::new(server.addr());
    let game = safehouse_games::all()[0].info();
    let seats = vec![json!({"kind": "person"}); game.default_players];
    let reply = http.post("/api/matches", None, &json!({"game": game.id, "seats": seats})).await.expect("create");
    assert_eq!(reply.status, 201);
    let id = reply.body["id"].as_str().expect("id").to_owned();
    // The cap on open matches.
    let http2 = HttpClient::new(server.addr());
    let reply = http2.post("/api/matches", None, &json!({"game": game.id, "seats": seats})).await.expect("create");
    assert_eq!((reply.status, reply.code()), (503, Some("too_many_matches")));

    // A flood on one HTTP connection is cut to the rate.
    let mut codes = Vec::new();
    for _ in 0..30 {
        codes.push(http.get(&format!("/api/matches/{id}"), None).await.expect("get").status);
    }
    assert!(codes.contains(&429), "a flood gets 429 rate_limited: {codes:?}");
    assert!(codes.iter().filter(|&&c| c == 200).count() <= 13);

    // The budget is the client's, not the connection's: a fresh connection waits for it too.
    let fresh = HttpClient::new(server.addr());
    assert_eq!(fresh.get(&format!("/api/matches/{id}"), None).await.expect("get").status, 429);
    tokio::time::sleep(Duration::from_secs(2)).await;

    // A flood on a WebSocket gets rate_limited errors, then the connection is closed.
    let mut ws = WsClient::connect(server.addr(), &id, None).await.expect("ws");
    ws.next_json(WAIT).await.expect("welcome");
    for _ in 0..80 {
        if ws.send_json(&json!({"type": "sync"})).await.is_err() {
            break;
        }
    }
    let mut limited = 0;
    while let Ok(message) = ws.next_json(Duration::from_secs(2)).await {
        if message["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited > 0, "websocket floods are refused");

    // The cap on connections, and an oversized WebSocket message closes the connection.
    let mut a = WsClient::connect(server.addr(), &id, None).await.expect("ws a");
    a.next_json(WAIT).await.expect("welcome");
    let mut b = WsClient::connect(server.addr(), &id, None).await.expect("ws b");
    b.next_json(WAIT).await.expect("welcome");
    assert!(WsClient::connect(server.addr(), &id, None).await.is_err(), "a third connection is refused");
    let _ = a.send_text(&"y".repeat(10_000)).await;
    assert!(a.next_json(Duration::from_secs(5)).await.is_err(), "an oversized message closes the socket");
    server.stop().await;
}
