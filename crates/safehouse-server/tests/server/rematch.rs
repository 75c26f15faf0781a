//! "Play again" (`src/rematch.rs`), on SQLite and PostgreSQL: the rematch has the same game,
//! options and seats (bots stay, each person takes their own seat with a token of their own), it
//! waits in a private room until everybody is back or its creator starts it (a bot then plays a
//! seat until its person comes back), both matches name each other, watchers of the old match
//! are told, and people pressing at once (on one node or on two) make exactly one rematch.

use crate::common::*;
use safehouse_client::{HttpClient, WsClient};
use safehouse_server::Server;
use serde_json::{Value, json};

/// A finished match: people in seats 0 and 1, a hard bot in seat 2.
async fn finished_match(http: &HttpClient, addrs: &[std::net::SocketAddr]) -> Created {
    let body = json!({
        "game": "club-unlock",
        "options": {"table_memory": "counts_only"},
        "seats": [
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Bo"},
            {"kind": "bot", "difficulty": "hard", "name": "Robo"},
        ],
    });
    let reply = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text);
    let id = reply.body["id"].as_str().expect("id").to_owned();
    let mut tokens = vec![None; 3];
    let mut invites = vec![None; 3];
    for seat in 0..2 {
        let invite = reply.body["seats"][seat]["invite"].as_str().expect("invite").to_owned();
        let joined = http
            .post(&format!("/api/matches/{id}/join"), None, &json!({"seat": seat, "invite": invite}))
            .await
            .expect("join");
        assert_eq!(joined.status, 200, "{}", joined.text);
        tokens[seat] = joined.body["token"].as_str().map(str::to_owned);
        invites[seat] = Some(invite);
    }
    let created = Created { id, game: "club-unlock".into(), players: 3, tokens, invites };
    // Before the end there is no rematch.
    let early =
        http.post(&format!("/api/matches/{}/rematch", created.id), created.tokens[0].as_deref(), &json!({})).await;
    let early = early.expect("rematch");
    assert_eq!((early.status, early.code()), (409, Some("match_not_finished")), "{}", early.text);
    play(addrs, &created, 11).await;
    created
}

async fn press(http: &HttpClient, id: &str, token: Option<&str>) -> safehouse_client::Reply {
    http.post(&format!("/api/matches/{id}/rematch"), token, &json!({})).await.expect("rematch")
}

/// The next message of a type on a socket (others skipped).
async fn next_of(ws: &mut WsClient, kind: &str) -> Value {
    loop {
        let message = ws.next_json(WAIT).await.expect("a message");
        if message["type"] == kind {
            return message;
        }
    }
}

fn seat_summary(info: &Value) -> Vec<(Value, Value, Value)> {
    info["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| (s["kind"].clone(), s["difficulty"].clone(), s["name"].clone()))
        .collect()
}

fn table_seats(table: &Value) -> Vec<(Value, Value)> {
    table["seats"].as_array().expect("seats").iter().map(|s| (s["state"].clone(), s["name"].clone())).collect()
}

async fn rematch_of_a_match(server: &Server) {
    let http = HttpClient::new(server.addr());
    let old = finished_match(&http, &[server.addr()]).await;
    let (t0, t1) = (old.tokens[0].clone().expect("t0"), old.tokens[1].clone().expect("t1"));
    let mut watcher = watching(server.addr(), &old.id, None).await;
    let none = http.get(&format!("/api/matches/{}/rematch", old.id), None).await.expect("links");
    assert_eq!(none.body, json!({"match": null, "rematch_of": null}));
    // A spectator (no token) cannot start one.
    assert_eq!(press(&http, &old.id, None).await.code(), Some("bad_token"));

    let first = press(&http, &old.id, Some(&t0)).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.body["created"], true);
    assert_eq!(first.body["seat"], 0);
    let new_id = first.body["match"].as_str().expect("new id").to_owned();
    assert_ne!(new_id, old.id);
    let new_t0 = first.body["token"].as_str().expect("token").to_owned();
    assert_ne!(new_t0, t0, "a new token, not the old one");
    assert!(first.body["creator_token"].is_string(), "whoever pressed first holds the room's controls");
    assert!(first.body["table_invite"].is_string(), "and its private invite");
    // The watchers of the old match are told.
    assert_eq!(next_of(&mut watcher, "rematch").await["match"], new_id);
    watcher.close().await;

    // It waits in a private room for Bo, his seat kept for him; nothing is dealt yet.
    let room = http.get(&format!("/api/tables/{new_id}"), None).await.expect("room").body;
    assert_eq!((room["status"].clone(), room["visibility"].clone()), (json!("waiting"), json!("private")), "{room}");
    assert_eq!(
        table_seats(&room),
        [(json!("person"), json!("Ann")), (json!("free"), json!("Bo")), (json!("bot"), Value::Null)],
        "{room}"
    );
    let early = http.get(&format!("/api/matches/{new_id}/view"), Some(&new_t0)).await.expect("view");
    assert_eq!(early.code(), Some("table_not_started"), "{}", early.text);
    // Somebody without the invite cannot take Bo's seat.
    let stranger = http.post(&format!("/api/tables/{new_id}/seats/1/take"), None, &json!({"name": "Eve"})).await;
    assert_eq!(stranger.expect("take").code(), Some("bad_invite"));
    // Both point at each other, and every page of the old match says so.
    let links = http.get(&format!("/api/matches/{}/rematch", old.id), None).await.expect("links");
    assert_eq!(links.body["match"], new_id);
    let back = http.get(&format!("/api/matches/{new_id}/rematch"), None).await.expect("links");
    assert_eq!(back.body["rematch_of"], old.id, "{}", back.text);
    for page in [format!("/play/{}", old.id), format!("/play/{}?watch=1", old.id), format!("/replay/{}", old.id)] {
        let html = http.get(&page, None).await.expect("page");
        assert!(html.text.contains(&format!("/play/{new_id}")), "{page} points to the rematch");
    }

    // Bo comes back: the same match, seat 1, a token of his own, and the last kept seat taken
    // starts it. Pressing again is refused.
    let second = press(&http, &old.id, Some(&t1)).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!((second.body["match"].as_str(), second.body["created"].clone()), (Some(new_id.as_str()), json!(false)));
    assert_eq!(second.body["seat"], 1);
    assert!(second.body.get("creator_token").is_none(), "only the creator holds the controls");
    let new_t1 = second.body["token"].as_str().expect("token");
    assert_ne!(new_t1, new_t0);
    let again = press(&http, &old.id, Some(&t0)).await;
    assert_eq!((again.status, again.code()), (409, Some("seat_taken")), "{}", again.text);

    // The same game, options and seats, both people in their old seats.
    let old_info = http.get(&format!("/api/matches/{}", old.id), None).await.expect("info").body;
    let new_info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("info").body;
    assert_eq!(new_info["game"], old_info["game"]);
    assert_eq!(new_info["options"], old_info["options"]);
    assert_eq!(seat_summary(&new_info), seat_summary(&old_info));
    let joined: Vec<Value> = new_info["seats"].as_array().expect("seats").iter().map(|s| s["joined"].clone()).collect();
    assert_eq!(joined, [json!(true), json!(true), json!(false)]);
    // The tokens: each opens only its own seat of its own match.
    let view = http.get(&format!("/api/matches/{new_id}/view"), Some(&new_t0)).await.expect("view");
    assert_eq!(view.body["viewer"], json!({"seat": 0}));
    let view = http.get(&format!("/api/matches/{new_id}/view"), Some(new_t1)).await.expect("view");
    assert_eq!(view.body["viewer"], json!({"seat": 1}));
    let old_token = http.get(&format!("/api/matches/{new_id}/view"), Some(&t0)).await.expect("view");
    assert_eq!(old_token.code(), Some("bad_token"), "an old token opens nothing in the rematch");

    // The rematch plays like any match, and can have its own rematch.
    let rematch = Created {
        id: new_id.clone(),
        game: old.game.clone(),
        players: 3,
        tokens: vec![Some(new_t0.clone()), Some(new_t1.to_owned()), None],
        invites: vec![None; 3],
    };
    play(&[server.addr()], &rematch, 12).await;
    let third = press(&http, &new_id, Some(&new_t0)).await;
    assert_eq!(third.status, 200, "{}", third.text);
    assert_ne!(third.body["match"], json!(new_id));
    assert_ne!(third.body["match"], json!(old.id));
}

/// Ann starts the rematch without Bo: a bot plays his seat from the first move, the seat stays
/// his (named, unjoined), and he takes it when he comes back.
async fn start_without_everybody(server: &Server) {
    let http = HttpClient::new(server.addr());
    let old = finished_match(&http, &[server.addr()]).await;
    let first = press(&http, &old.id, old.tokens[0].as_deref()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let new_id = first.body["match"].as_str().expect("id").to_owned();
    let creator = first.body["creator_token"].as_str().expect("creator token");
    // Only the creator starts it.
    let not_creator = http.post(&format!("/api/tables/{new_id}/start"), first.body["token"].as_str(), &json!({})).await;
    assert_eq!(not_creator.expect("start").code(), Some("not_creator"));
    let started = http.post(&format!("/api/tables/{new_id}/start"), Some(creator), &json!({})).await.expect("start");
    assert_eq!(started.status, 200, "{}", started.text);
    let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("info").body;
    let old_info = http.get(&format!("/api/matches/{}", old.id), None).await.expect("info").body;
    assert_eq!(seat_summary(&info), seat_summary(&old_info), "Bo's seat is still a person's: {info}");
    assert_eq!(
        (info["seats"][1]["joined"].clone(), info["seats"][1]["away"].clone()),
        (json!(false), json!(true)),
        "{info}"
    );
    // Bo comes back after the start and takes his seat from the bot.
    let second = press(&http, &old.id, old.tokens[1].as_deref()).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!((second.body["match"].as_str(), second.body["seat"].clone()), (Some(new_id.as_str()), json!(1)));
    let view = http.get(&format!("/api/matches/{new_id}/view"), second.body["token"].as_str()).await.expect("view");
    assert_eq!(view.body["viewer"], json!({"seat": 1}), "{}", view.text);
    let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("info").body;
    assert_eq!(
        (info["seats"][1]["joined"].clone(), info["seats"][1]["away"].clone()),
        (json!(true), json!(false)),
        "{info}"
    );
}

/// Both people press at the same moment, each through its own client (and node).
async fn double_press(a: &Server, b: &Server) {
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());
    let old = finished_match(&http_a, &[a.addr(), b.addr()]).await;
    let mut watcher_b = watching(b.addr(), &old.id, None).await;
    let (r0, r1) = tokio::join!(
        press(&http_a, &old.id, old.tokens[0].as_deref()),
        press(&http_b, &old.id, old.tokens[1].as_deref())
    );
    assert_eq!((r0.status, r1.status), (200, 200), "{} {}", r0.text, r1.text);
    assert_eq!(r0.body["match"], r1.body["match"], "one rematch");
    let created = [&r0, &r1].iter().filter(|r| r.body["created"] == true).count();
    assert_eq!(created, 1, "exactly one press created it: {} {}", r0.text, r1.text);
    assert_eq!((r0.body["seat"].clone(), r1.body["seat"].clone()), (json!(0), json!(1)));
    let new_id = r0.body["match"].as_str().expect("id").to_owned();
    assert_eq!(next_of(&mut watcher_b, "rematch").await["match"], new_id, "node B's watcher is told");
    watcher_b.close().await;
    // Both nodes agree on the link and on who joined (node A learns of seat 1 through B).
    for http in [&http_a, &http_b] {
        let links = http.get(&format!("/api/matches/{}/rematch", old.id), None).await.expect("links");
        assert_eq!(links.body["match"], new_id);
        let mut both = false;
        for _ in 0..100 {
            let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("info");
            if info.body["seats"][0]["joined"] == true && info.body["seats"][1]["joined"] == true {
                both = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(both, "both seats joined, seen from every node");
    }
    // Each new token opens its own seat through either node.
    let view = http_b.get(&format!("/api/matches/{new_id}/view"), r0.body["token"].as_str()).await.expect("view");
    assert_eq!(view.body["viewer"], json!({"seat": 0}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    rematch_of_a_match(&server).await;
    start_without_everybody(&server).await;
    // Two presses at once on one node.
    double_press(&server, &server).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_on_postgres() {
    if !postgres_available().await {
        return;
    }
    let server = pg_node(&unique("sh_rematch")).await;
    rematch_of_a_match(&server).await;
    start_without_everybody(&server).await;
    double_press(&server, &server).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_across_two_nodes_on_postgres() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_rematch2").await else { return };
    for _ in 0..3 {
        double_press(&a, &b).await;
    }
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}

/// Nobody came back to the rematch's room before it expired: whoever presses "play again" later
/// gets a fresh rematch (linked from the old match instead), and the others join that one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_whose_room_expired_is_opened_afresh() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let config = safehouse_server::Config { waiting_room_expiry_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let old = finished_match(&http, &[server.addr()]).await;
    let first = press(&http, &old.id, old.tokens[0].as_deref()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let expired_id = first.body["match"].as_str().expect("id").to_owned();
    // Nobody else comes and nobody starts it: the room expires.
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let room = http.get(&format!("/api/tables/{expired_id}"), None).await.expect("room").body;
        if room["status"] == "expired" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the room never expired: {room}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // Bo comes back later: he opens a fresh rematch, with its controls, and the old match links it.
    let second = press(&http, &old.id, old.tokens[1].as_deref()).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!((second.body["created"].clone(), second.body["seat"].clone()), (json!(true), json!(1)));
    let new_id = second.body["match"].as_str().expect("id").to_owned();
    assert_ne!(new_id, expired_id);
    assert!(second.body["creator_token"].is_string(), "{}", second.text);
    let links = http.get(&format!("/api/matches/{}/rematch", old.id), None).await.expect("links");
    assert_eq!(links.body["match"], new_id);
    let back = http.get(&format!("/api/matches/{new_id}/rematch"), None).await.expect("links");
    assert_eq!(back.body["rematch_of"], old.id);
    // Ann presses again: she joins the fresh one, and with everybody back it starts.
    let third = press(&http, &old.id, old.tokens[0].as_deref()).await;
    assert_eq!(third.status, 200, "{}", third.text);
    assert_eq!((third.body["match"].clone(), third.body["created"].clone()), (json!(new_id), json!(false)));
    let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("info").body;
    let joined: Vec<Value> = info["seats"].as_array().expect("seats").iter().map(|s| s["joined"].clone()).collect();
    assert_eq!(joined, [json!(true), json!(true), json!(false)], "{info}");
    server.stop().await;
}
