//! A match loaded while another node acts on it: the notice of that action can arrive after
//! `load_match` read the match and before the slot is in memory, and then finds nothing to
//! catch up. The two-node PostgreSQL test lost an update that way under load (a seat waited for
//! a move that its node never relayed); here the same steps run in order, on one SQLite file
//! shared by two apps, so the race is not left to timing.

use safehouse_engine::{Seat, Viewer};
use safehouse_store::Notice;
use serde_json::{Value, json};

use super::{Actor, App, LiveMatch};
use crate::config::Config;
use safehouse_client::HttpClient;

/// Two nodes on one SQLite file in a fresh folder (`name` in its name): node A a started server,
/// node B a second app on the same store, which no notice reaches unless a test hands it one.
pub(super) async fn two_nodes_on_one_file(name: &str) -> (crate::Server, std::sync::Arc<App>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("safehouse_{name}_{}", crate::token::match_id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let url = format!("sqlite://{}", dir.join("test.db").display());
    let config = Config {
        listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: url,
        bot_delay_ms: 0,
        idle_takeover_secs: 0,
        ..Config::default()
    };
    let a = crate::start(config.clone()).await.expect("node A starts");
    let b = App::new(config, a.app().store.clone()).await.expect("node B");
    (a, b, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_stored_while_a_match_loads_is_not_lost() {
    // Node A serves the match; node B is a second app on the same store.
    let (a, b, dir) = two_nodes_on_one_file("load_race").await;
    let game = safehouse_games::all()[0].info();
    let seats: Vec<Value> =
        (0..game.default_players).map(|i| json!({"kind": "person", "name": format!("P{i}")})).collect();
    let reply = HttpClient::new(a.addr())
        .post("/api/matches", None, &json!({"game": game.id, "seats": seats}))
        .await
        .expect("create");
    assert_eq!(reply.status, 201, "create: {}", reply.text);
    let id = reply.body["id"].as_str().expect("id").to_owned();

    // 1. Node B reads the match (nothing played yet)...
    let stored = b.store.load_match(&id).await.expect("load").expect("the match is stored");
    let live = LiveMatch::build(stored).expect("builds");
    assert_eq!(live.seq, 0);

    // 2. ...node A stores the first move...
    let slot_a = a.app().get(&id).await.expect("node A holds the match");
    {
        let mut lm = slot_a.state.lock().await;
        let seat: Seat = lm.game_match.to_move().expect("someone moves first");
        let action = lm.game_match.legal_actions().into_iter().next().expect("a legal move");
        a.app().act_locked(&slot_a, &mut lm, seat, &action, 0, Actor::Person).await.expect("the move is stored");
    }
    // ...and its notice reaches node B, which does not hold the match yet: nothing to do.
    b.on_notice(Notice::Action { match_id: id.clone(), seq: 1 }).await;
    assert_eq!(b.loaded_matches(), 0);

    // 3. Node B puts what it read in memory: it must not stay at move 0, since no other notice
    // for move 1 will come.
    let slot_b = b.hold_loaded(live).await;
    {
        let lm = slot_b.state.lock().await;
        assert_eq!(lm.seq, 1, "node B caught up with the move stored while it loaded the match");
        let lm_a = slot_a.state.lock().await;
        assert_eq!(lm.game_match.view_json(Viewer::Spectator), lm_a.game_match.view_json(Viewer::Spectator));
    }
    a.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
