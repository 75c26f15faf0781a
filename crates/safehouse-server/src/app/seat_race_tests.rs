//! A seat claimed through one node while another node still holds it as free: the second claim
//! loses in the store, and that node learns who holds which seat from the store, people's seats
//! only. A match started from a waiting room stores a marker for each bot seat among the seat
//! claims; the loser must not take those in as people who joined. The steps run in order on one
//! SQLite file shared by two apps, so the race is not left to timing.

use safehouse_client::HttpClient;
use safehouse_engine::Seat;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_lost_to_another_node_leaves_bot_seats_unjoined() {
    let (a, b, dir) = super::load_race_tests::two_nodes_on_one_file("seat_race").await;
    // A finished match of Ann, Bo and a bot; Ann asks for a rematch and starts it without
    // waiting for Bo, so his kept seat is nobody's yet and a bot plays it.
    let http = HttpClient::new(a.addr());
    let body = json!({
        "game": "club-unlock",
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}, {"kind": "bot"}],
    });
    let created = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let old_id = created.body["id"].as_str().expect("id").to_owned();
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let invite = created.body["seats"][seat]["invite"].as_str().expect("invite");
        let path = format!("/api/matches/{old_id}/join");
        let joined = http.post(&path, None, &json!({"seat": seat, "invite": invite})).await.expect("join");
        tokens.push(joined.body["token"].as_str().expect("token").to_owned());
    }
    let old = a.app().get(&old_id).await.expect("node A holds the match");
    for _ in 0..10_000 {
        let mut lm = old.state.lock().await;
        if lm.finished {
            break;
        }
        match lm.game_match.to_move() {
            Some(seat) if lm.plan[seat.index()].kind == super::wire::SeatKind::Person => {
                let action = lm.game_match.legal_actions().into_iter().next().expect("a legal move");
                let seq = lm.seq;
                a.app().act_locked(&old, &mut lm, seat, &action, seq, super::Actor::Person).await.expect("move");
            }
            _ => {
                drop(lm);
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
        }
    }
    assert!(old.state.lock().await.finished, "the first match ends");
    let rematch = super::rematch::start_or_join(a.app(), &old_id, &tokens[0], None).await.expect("rematch");
    let id = rematch.match_id;
    let creator = rematch.creator_token.expect("Ann holds the room's controls");
    let started = http.post(&format!("/api/tables/{id}/start"), Some(&creator), &json!({})).await.expect("start");
    assert_eq!(started.status, 200, "{}", started.text);
    let stored = a.app().store.seat_claims(&id).await.expect("claims");
    assert!(stored.iter().any(|c| c.seat == 2), "the bot's seat holds a marker among the claims: {stored:?}");

    // Both nodes hold the match with seat 1 free. Node B is busy with it (its lock held, so
    // the notice of node A's claim waits) while node A gives seat 1 to Bo; then node B, not told
    // yet, tries to as well.
    let slot_a = a.app().get(&id).await.expect("node A holds the match");
    let slot_b = b.get(&id).await.expect("node B holds the match");
    let mut lm_b = slot_b.state.lock().await;
    assert!(lm_b.claims[1].is_none() && lm_b.away[1], "a bot plays Bo's kept seat");
    let mut lm_a = slot_a.state.lock().await;
    let won = a.app().claim_free_seat(&mut lm_a, Seat(1), Some("Bo".into())).await.expect("stored");
    assert!(won.is_some(), "the first claim gets the seat");
    drop(lm_a);
    let lost = b.claim_free_seat(&mut lm_b, Seat(1), Some("Bo".into())).await.expect("stored");
    assert!(lost.is_none(), "the second claim is refused");
    // Node B learnt who holds seat 1, and still counts the bot's seat as nobody's.
    assert!(lm_b.claims[1].is_some(), "node B learnt that seat 1 is taken");
    assert!(lm_b.claims[2].is_none(), "a bot's marker is no person who joined: {:?}", lm_b.claims[2]);
    assert!(!lm_b.away[2]);
    drop(lm_b);
    let _ = std::fs::remove_dir_all(&dir);
}
