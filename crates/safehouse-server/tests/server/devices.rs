//! A seat's one-time link for another device (`/api/matches/{id}/device`): the code opens the
//! seat once, before it expires, for the seat it was made for; the store never holds the code or
//! the token; two nodes racing for one code give it to one of them. Making and claiming links
//! is limited per client (`DEVICE_BURST` at once), so the tests make links from one loopback
//! address and claim them from another, as a desk and a phone would.

use std::time::Duration;

use crate::common::*;
use safehouse_client::{HttpClient, WsClient};
use serde_json::{Value, json};

async fn make_link(http: &HttpClient, id: &str, token: &str) -> Value {
    let made = http.post(&format!("/api/matches/{id}/device"), Some(token), &json!({})).await.expect("make");
    assert_eq!(made.status, 200, "{}", made.text);
    made.body
}

async fn claim(http: &HttpClient, id: &str, code: &str) -> safehouse_client::Reply {
    http.post(&format!("/api/matches/{id}/device/claim"), None, &json!({"code": code})).await.expect("claim")
}

fn says(reply: &safehouse_client::Reply, why: &str) -> bool {
    reply.status == 404 && reply.code() == Some("bad_link") && reply.text.contains(why)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_link_opens_its_seat_once_and_the_store_keeps_neither_code_nor_token() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let phone = HttpClient::from_source(server.addr(), [127, 0, 0, 2].into());
    let created = create(&http, "explosiv", &[true, true, false], None).await;
    let id = &created.id;
    let bob = created.tokens[1].clone().expect("Bob's token");

    let link = make_link(&http, id, &bob).await;
    assert_eq!((link["seat"].as_u64(), link["expires_in_secs"].as_u64()), (Some(1), Some(600)), "{link}");
    let code = link["code"].as_str().expect("code").to_owned();
    assert_eq!(code.len(), 32);
    let claimed = claim(&phone, id, &code).await;
    assert_eq!(claimed.status, 200, "{}", claimed.text);
    assert_eq!((claimed.body["seat"].as_u64(), claimed.body["token"].as_str()), (Some(1), Some(bob.as_str())));
    // The token claimed plays the seat: it is the seat's own.
    let view = http.get(&format!("/api/matches/{id}/view"), claimed.body["token"].as_str()).await.expect("view");
    assert_eq!(view.body["viewer"]["seat"], 1, "{}", view.text);

    // Once only; a code never made, cut short, or of another match opens nothing.
    assert!(says(&claim(&phone, id, &code).await, "used already"));
    assert!(says(&claim(&phone, id, &"0".repeat(32)).await, "no such link"));
    assert!(says(&claim(&phone, id, &code[1..]).await, "cut or mistyped"));
    let other = create(&http, "explosiv", &[true, false], None).await;
    let elsewhere = make_link(&http, &other.id, other.tokens[0].as_deref().expect("token")).await;
    assert!(says(&claim(&phone, id, elsewhere["code"].as_str().expect("code")).await, "no such link"));
    // Six claims at once from one client are its allowance; a seventh is refused.
    assert!(says(&claim(&phone, id, &code).await, "used already"));
    let limited = claim(&phone, id, &code).await;
    assert_eq!((limited.status, limited.code()), (429, Some("rate_limited")), "{}", limited.text);
    // Only a seat's token makes a link.
    let none = http.post(&format!("/api/matches/{id}/device"), None, &json!({})).await.expect("make");
    assert_eq!((none.status, none.code()), (401, Some("bad_token")), "{}", none.text);
    let wrong = http.post(&format!("/api/matches/{id}/device"), Some(&"ab".repeat(32)), &json!({})).await;
    assert_eq!(wrong.expect("make").code(), Some("bad_token"));

    // What the store holds of the links: neither a code nor the token, in any event.
    let unused = make_link(&http, id, &bob).await;
    let unused = unused["code"].as_str().expect("code").to_owned();
    let store = safehouse_store::open(&url, &safehouse_store::OpenOptions::default()).await.expect("store");
    let log = serde_json::to_string(&store.table_events(id, 0).await.expect("table log")).expect("json");
    assert!(log.contains("device_link"), "the links are in the table log: {log}");
    for secret in [&bob, &code, &unused] {
        assert!(!log.contains(secret.as_str()), "the table log holds {secret}: {log}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_link_expires_and_works_from_a_waiting_room() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let config = safehouse_server::Config { device_link_secs: 1, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let body = json!({"game": "explosiv", "waiting_room": true, "visibility": "public",
        "seats": [{"kind": "person"}, {"kind": "person"}], "join": {"seat": 0, "name": "Ann"}});
    let created = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().expect("id").to_owned();
    let ann = created.body["joined"]["token"].as_str().expect("token").to_owned();

    // A seat taken in a waiting room travels too, before the table starts.
    let link = make_link(&http, &id, &ann).await;
    assert_eq!(link["expires_in_secs"], 1);
    let claimed = claim(&http, &id, link["code"].as_str().expect("code")).await;
    assert_eq!((claimed.status, claimed.body["token"].as_str()), (200, Some(ann.as_str())), "{}", claimed.text);

    let late = make_link(&http, &id, &ann).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert!(says(&claim(&http, &id, late["code"].as_str().expect("code")).await, "expired"));

    // A link made for a seat its person then gave up opens nothing.
    let left = make_link(&http, &id, &ann).await;
    let gone = http.post(&format!("/api/tables/{id}/seats/0/leave"), Some(&ann), &json!({})).await.expect("leave");
    assert_eq!(gone.status, 200, "{}", gone.text);
    assert!(says(&claim(&http, &id, left["code"].as_str().expect("code")).await, "no longer held"));
    server.stop().await;
}

/// Each seat makes at most `device_links_per_seat` links: a seat that asks again and again uses
/// up its own, never another seat's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_seats_links_do_not_use_up_anothers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let config = safehouse_server::Config { device_links_per_seat: 2, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let created = create(&http, "explosiv", &[true, true], None).await;
    let id = &created.id;
    let (ann, bob) = (created.tokens[0].clone().expect("Ann"), created.tokens[1].clone().expect("Bob"));
    make_link(&http, id, &ann).await;
    make_link(&http, id, &ann).await;
    let third = http.post(&format!("/api/matches/{id}/device"), Some(&ann), &json!({})).await.expect("make");
    assert_eq!((third.status, third.code()), (429, Some("too_many_links")), "{}", third.text);
    let bobs = make_link(&http, id, &bob).await;
    assert_eq!(bobs["seat"], 1);
    server.stop().await;
}

/// Made on one node, claimed on both at once: exactly one claim wins (the store's capped
/// append decides, across nodes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_racing_for_one_code_give_it_once() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_devices").await else { return };
    let http_a = HttpClient::new(a.addr());
    let phone_a = HttpClient::from_source(a.addr(), [127, 0, 0, 3].into());
    let phone_b = HttpClient::from_source(b.addr(), [127, 0, 0, 4].into());
    let created = create(&http_a, "explosiv", &[true, false], None).await;
    let id = created.id.clone();
    let token = created.tokens[0].clone().expect("token");
    for round in 0..4 {
        let link = make_link(&http_a, &id, &token).await;
        let code = link["code"].as_str().expect("code").to_owned();
        let (one, two) = tokio::join!(claim(&phone_a, &id, &code), claim(&phone_b, &id, &code));
        let won: Vec<u16> = [&one, &two].iter().map(|r| r.status).collect();
        assert!(won.contains(&200) && won.contains(&404), "round {round}: {} / {}", one.text, two.text);
    }
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}

async fn sign_out(http: &HttpClient, id: &str, token: &str) -> safehouse_client::Reply {
    http.post(&format!("/api/matches/{id}/device/sign-out"), Some(token), &json!({})).await.expect("sign out")
}

/// The next message of `ws` that is not a seat list (a spectator's socket hears people come and go).
async fn next_not_seats(ws: &mut WsClient) -> Value {
    loop {
        let message = ws.next_json(Duration::from_secs(10)).await.expect("a message");
        if message["type"] != "seats" {
            return message;
        }
    }
}

/// Signing out the other devices (a lost phone): the seat gets a new token, and the old one
/// opens nothing any more: not a request, not a socket (one open is told `signed_out` and
/// closed), not a link made with it, not another sign-out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_the_other_devices_leaves_the_old_token_opening_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let server = safehouse_server::start(test_config(&url)).await.expect("server starts");
    let addr = server.addr();
    let http = HttpClient::new(addr);
    let phone = HttpClient::from_source(addr, [127, 0, 0, 2].into());
    let created = create(&http, "explosiv", &[true, true, false], None).await;
    let id = &created.id;
    let ann = created.tokens[0].clone().expect("Ann's token");
    let old = created.tokens[1].clone().expect("Bob's token");

    // What the lost device holds: the seat's socket, and a link it made that nobody used.
    let mut lost = watching(addr, id, Some(&old)).await;
    let mut spectator = watching(addr, id, None).await;
    let unused = make_link(&http, id, &old).await;
    let signed = sign_out(&phone, id, &old).await;
    assert_eq!(signed.status, 200, "{}", signed.text);
    assert_eq!(signed.body["seat"], 1, "{}", signed.text);
    let new = signed.body["token"].as_str().expect("token").to_owned();
    assert!(new.len() == 64 && new != old, "a new token: {new}");

    // The lost device's socket is told, then closed.
    assert_eq!(next_not_seats(&mut lost).await, json!({"type": "signed_out", "seat": 1}));
    assert_eq!(lost.next_close(Duration::from_secs(10)).await.expect("closed"), Some(4401));
    // The old token opens nothing.
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&old)).await.expect("view");
    assert_eq!((view.status, view.code()), (401, Some("bad_token")), "{}", view.text);
    assert!(WsClient::connect(addr, id, Some(&old)).await.is_err(), "no socket opens with the old token");
    let again = sign_out(&http, id, &old).await;
    assert_eq!((again.status, again.code()), (401, Some("bad_token")), "{}", again.text);
    assert!(says(&claim(&phone, id, unused["code"].as_str().expect("code")).await, "no longer held"));

    // The new token plays the seat; its socket, and everybody else's, stay open.
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&new)).await.expect("view");
    assert_eq!((view.status, view.body["viewer"]["seat"].as_u64()), (200, Some(1)), "{}", view.text);
    let mut kept = watching(addr, id, Some(&new)).await;
    let said = http.post(&format!("/api/matches/{id}/chat"), Some(&ann), &json!({"text": "still there?"})).await;
    assert_eq!(said.expect("chat").status, 201);
    for ws in [&mut kept, &mut spectator] {
        let line = next_not_seats(ws).await;
        assert_eq!(
            (line["type"].as_str(), line["line"]["text"].as_str()),
            (Some("chat"), Some("still there?")),
            "{line}"
        );
    }

    // The table log says when; it holds neither token.
    let store = safehouse_store::open(&url, &safehouse_store::OpenOptions::default()).await.expect("store");
    let log = serde_json::to_string(&store.table_events(id, 0).await.expect("table log")).expect("json");
    assert!(log.contains(r#""kind":"device_signed_out:1""#), "{log}");
    assert!(!log.contains(old.as_str()) && !log.contains(new.as_str()), "{log}");
    server.stop().await;
}

/// A seat taken in a waiting room signs out its other devices too: the old token no longer
/// leaves the seat, the new one does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_rooms_seat_signs_out_its_other_devices() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let body = json!({"game": "explosiv", "waiting_room": true, "visibility": "public",
        "seats": [{"kind": "person"}, {"kind": "person"}], "join": {"seat": 0, "name": "Ann"}});
    let created = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().expect("id").to_owned();
    let old = created.body["joined"]["token"].as_str().expect("token").to_owned();

    let signed = sign_out(&http, &id, &old).await;
    assert_eq!((signed.status, signed.body["seat"].as_u64()), (200, Some(0)), "{}", signed.text);
    let new = signed.body["token"].as_str().expect("token").to_owned();
    let leave = |token: String| {
        let http = &http;
        let id = &id;
        async move { http.post(&format!("/api/tables/{id}/seats/0/leave"), Some(&token), &json!({})).await.expect("leave") }
    };
    let refused = leave(old).await;
    assert_eq!((refused.status, refused.code()), (401, Some("bad_token")), "{}", refused.text);
    let left = leave(new).await;
    assert_eq!(left.status, 200, "{}", left.text);
    server.stop().await;
}

/// A seat signs out its other devices at most 20 times a match (each is a table-log event); the
/// 21st is refused and leaves the token as it was. Each sign-out comes from a client of its own,
/// as the per-client rate would refuse a burst from one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_signs_out_its_other_devices_at_most_twenty_times() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let created = create(&http, "explosiv", &[true, true], None).await;
    let id = &created.id;
    let mut token = created.tokens[0].clone().expect("token");
    for n in 0..21u8 {
        let client = HttpClient::from_source(server.addr(), [127, 0, 1, n + 1].into());
        let signed = sign_out(&client, id, &token).await;
        if n < 20 {
            assert_eq!(signed.status, 200, "sign-out {}: {}", n + 1, signed.text);
            token = signed.body["token"].as_str().expect("token").to_owned();
        } else {
            assert_eq!((signed.status, signed.code()), (429, Some("too_many_sign_outs")), "{}", signed.text);
        }
    }
    let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
    assert_eq!(view.status, 200, "the last token still opens the seat: {}", view.text);
    server.stop().await;
}

/// Signed out on one node, the old token's socket on another is told and closed, and there the
/// new token works at once (before the notice, it reads the claims itself) and the old one not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_out_on_one_node_closes_the_old_tokens_socket_on_another() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_sign_out").await else { return };
    let (http_a, http_b) = (HttpClient::new(a.addr()), HttpClient::new(b.addr()));
    let created = create(&http_a, "explosiv", &[true, true], None).await;
    let id = created.id.clone();
    let old = created.tokens[1].clone().expect("token");
    let mut lost = watching(b.addr(), &id, Some(&old)).await;

    let signed = sign_out(&http_a, &id, &old).await;
    assert_eq!(signed.status, 200, "{}", signed.text);
    let new = signed.body["token"].as_str().expect("token").to_owned();
    let view = http_b.get(&format!("/api/matches/{id}/view"), Some(&new)).await.expect("view");
    assert_eq!((view.status, view.body["viewer"]["seat"].as_u64()), (200, Some(1)), "{}", view.text);
    assert_eq!(next_not_seats(&mut lost).await, json!({"type": "signed_out", "seat": 1}));
    assert_eq!(lost.next_close(Duration::from_secs(10)).await.expect("closed"), Some(4401));
    let view = http_b.get(&format!("/api/matches/{id}/view"), Some(&old)).await.expect("view");
    assert_eq!((view.status, view.code()), (401, Some("bad_token")), "{}", view.text);
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}
