//! Two server nodes sharing one PostgreSQL database (a schema of this test's own): a person on
//! one node sees moves made through the other at once, and concurrent actions on one match sent
//! through both nodes never both apply.

use crate::common::*;
use safehouse_client::HttpClient;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_share_matches_and_the_sequence_number_decides() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_two_nodes").await else { return };
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());

    // Every game: seats alternate between the nodes; the spectator watches on node B.
    for game in safehouse_games::all() {
        let info = game.info();
        let mut people = vec![true; info.default_players];
        if people.len() > 2 {
            people[2] = false;
        }
        let created = create(&http_a, info.id, &people, None).await;
        let played = play(&[a.addr(), b.addr()], &created, 7).await;
        let (record, _) = fetch_and_replay(&http_b, &created).await;
        check_messages(&record, &played);
    }

    // Races: the seat to move sends the same action through both nodes at once, many times.
    let game = safehouse_games::all()[0].info();
    let created = create(&http_a, game.id, &vec![true; game.default_players], None).await;
    let id = &created.id;
    let mut wins = (0, 0);
    for _ in 0..15 {
        let view = http_a.get(&format!("/api/matches/{id}"), None).await.expect("info");
        let Some(seat) = view.body["to_move"].as_u64() else { break };
        let token = created.tokens[seat as usize].clone().expect("token");
        let mine = http_b.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
        let seq = mine.body["seq"].as_u64().expect("seq");
        let body = json!({"action": mine.body["legal"][0]["action"], "seq": seq});
        let path = format!("/api/matches/{id}/actions");
        let (ra, rb) = tokio::join!(http_a.post(&path, Some(&token), &body), http_b.post(&path, Some(&token), &body));
        let (ra, rb) = (ra.expect("a"), rb.expect("b"));
        match (ra.status, rb.status) {
            (200, 409) => wins.0 += 1,
            (409, 200) => wins.1 += 1,
            other => panic!("exactly one node must apply the action: {other:?} {} {}", ra.text, rb.text),
        }
        let loser = if ra.status == 409 { &ra } else { &rb };
        assert!(matches!(loser.code(), Some("conflict" | "stale_seq")), "{}", loser.text);
        // Both nodes agree on the new sequence number.
        for http in [&http_a, &http_b] {
            let mut agreed = false;
            for _ in 0..50 {
                let info = http.get(&format!("/api/matches/{id}"), None).await.expect("info");
                if info.body["seq"].as_u64() == Some(seq + 1) {
                    agreed = true;
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            assert!(agreed, "both nodes reach seq {}", seq + 1);
        }
    }
    eprintln!("races won by node A: {}, by node B: {}", wins.0, wins.1);
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}

/// A seat nobody joined, handed to a bot through one node, is played by a bot on the other too
/// (the table log's notice), until its person joins there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_handed_to_a_bot_on_one_node_is_away_on_the_other() {
    let Some(PgPair { schema, a, b }) = PgPair::start("sh_two_nodes_handed").await else { return };
    let http_a = HttpClient::new(a.addr());
    let http_b = HttpClient::new(b.addr());
    let game = safehouse_games::all()[0].info();
    // People only, none but Alice joined: no bot runs on either node before the hand-over, so
    // node B has nothing to reload, and only the table log's notice can tell it.
    let mut seats = vec![json!({"kind": "person"}); game.default_players];
    seats[0] = json!({"kind": "person", "name": "Alice"});
    seats[1] = json!({"kind": "person", "name": "Bob"});
    let body = json!({"game": game.id, "seats": seats, "join": {"seat": 0, "name": "Alice"}});
    let created = http_a.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().expect("id").to_owned();
    let token = created.body["joined"]["token"].as_str().expect("token").to_owned();
    let invite = created.body["seats"][1]["invite"].as_str().expect("invite").to_owned();

    // Node B holds the match (a spectator watches there) before node A hands Bob's seat over.
    let mut spectator = watching(b.addr(), &id, None).await;
    let handed = http_a.post(&format!("/api/matches/{id}/seats/1/bot"), Some(&token), &json!({})).await.expect("hand");
    assert_eq!(handed.status, 200, "{}", handed.text);
    // Bounded as a whole: updates (and pings, skipped) may keep arriving meanwhile. Node B says
    // it in a seat list, or in a whole new picture should it reload the match meanwhile (a bot
    // of its own losing a race with node A's).
    let deadline = std::time::Instant::now() + WAIT;
    let seats = loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let message = spectator.next_json(left).await.expect("node B tells its watchers that a bot plays Bob's seat");
        if matches!(message["type"].as_str(), Some("seats" | "welcome")) && message["seats"][1]["away"] == json!(true) {
            break message;
        }
    };
    assert_eq!(seats["seats"][1]["joined"], json!(false));
    let info = http_b.get(&format!("/api/matches/{id}"), None).await.expect("info");
    assert_eq!(info.body["seats"][1]["away"], json!(true), "{}", info.text);

    // Bob joins through node B: the seat is his on node A too.
    let join = json!({"seat": 1, "invite": invite, "name": "Bob"});
    let joined = http_b.post(&format!("/api/matches/{id}/join"), None, &join).await.expect("join");
    assert_eq!(joined.status, 200, "{}", joined.text);
    let mut his = false;
    for _ in 0..100 {
        let info = http_a.get(&format!("/api/matches/{id}"), None).await.expect("info");
        if info.body["seats"][1]["joined"] == json!(true) && info.body["seats"][1]["away"] == json!(false) {
            his = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(his, "node A sees Bob in his seat");
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}
