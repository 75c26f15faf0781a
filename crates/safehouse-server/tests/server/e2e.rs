//! End to end over real sockets, for every game in the registry: create a match with people and
//! bots, play it to the end over WebSockets, fetch the record, replay it, same result; and every
//! message each seat and spectator received is exactly what the engine derives for that viewer.

use crate::common::*;
use safehouse_client::HttpClient;

fn people_pattern(players: usize, variant: usize) -> Vec<bool> {
    // Always at least one person and (from two players on) at least one bot, in varied seats.
    let mut people: Vec<bool> = (0..players).map(|i| (i + variant).is_multiple_of(2)).collect();
    if !people.contains(&true) {
        people[0] = true;
    }
    if players >= 2 && !people.contains(&false) {
        people[players - 1] = false;
    }
    people
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_end_to_end_with_people_and_bots() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    assert!(!safehouse_games::all().is_empty());
    for game in safehouse_games::all() {
        let info = game.info();
        let created = create(&http, info.id, &people_pattern(info.default_players, 0), None).await;
        let played = play(&[server.addr()], &created, 42).await;
        let (record, outcome) = fetch_and_replay(&http, &created).await;
        assert!(!record.actions.is_empty());
        assert!(outcome.is_object(), "{}: {outcome}", info.id);
        check_messages(&record, &played);
        let per_action: Vec<String> =
            played.bytes.iter().map(|b| format!("{:.0}", *b as f64 / record.actions.len() as f64)).collect();
        eprintln!(
            "{}: {} actions; bytes per action per viewer (seats..., spectator): {per_action:?}",
            info.id,
            record.actions.len()
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidden_information_across_many_random_matches() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = std::sync::Arc::new(HttpClient::new(server.addr()));
    let mut tasks = Vec::new();
    for game in safehouse_games::all() {
        let info = game.info();
        // Every player count the default options allow, in turn.
        let counts: Vec<usize> =
            (info.min_players..=info.max_players).filter(|&n| game.resolve_options(n, None, None).is_ok()).collect();
        for (variant, players) in counts.into_iter().cycle().take(4).enumerate() {
            let people = people_pattern(players, variant);
            let http = http.clone();
            let addr = server.addr();
            tasks.push(tokio::spawn(async move {
                let created = create(&http, info.id, &people, None).await;
                let played = play(&[addr], &created, 1000 + variant as u64).await;
                let (record, _) = fetch_and_replay(&http, &created).await;
                check_messages(&record, &played);
                record.actions.len()
            }));
        }
    }
    let mut actions = 0;
    for task in tasks {
        actions += task.await.expect("match");
    }
    eprintln!("checked every message of {} actions", actions);
    server.stop().await;
}

/// Club Unlock with `table_memory = counts_only`: another seat's keys, safes and money are hidden
/// cards. No message to a seat or a spectator may show them before the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opponents_hidden_keys_never_reach_a_seat() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    for seed in 0..3u64 {
        let options = serde_json::json!({"table_memory": "counts_only"});
        let created = create(&http, "club-unlock", &[true, true, false], Some(options)).await;
        let played = play(&[server.addr()], &created, seed).await;
        let (record, _) = fetch_and_replay(&http, &created).await;
        check_messages(&record, &played);
        for (index, log) in played.logs.iter().enumerate() {
            let Some(log) = log else { continue };
            let mut tracker = safehouse_client::Tracker::default();
            for message in log {
                tracker.apply(message).expect("applies");
                if tracker.outcome.is_some() || !matches!(message["type"].as_str(), Some("welcome" | "update")) {
                    continue;
                }
                for seat in 0..created.players {
                    if seat == index {
                        continue;
                    }
                    let other = &tracker.view["seats"][seat];
                    for hidden in ["keys", "cracked", "score"] {
                        assert!(other[hidden].is_null(), "viewer {index} saw seat {seat}'s {hidden}: {other}");
                    }
                }
                let raw = message.to_string();
                for seat in 0..created.players {
                    if seat != index {
                        for hidden in ["keys", "cracked", "score"] {
                            let path = format!("\"/seats/{seat}/{hidden}\"");
                            if let Some(at) = raw.find(&path) {
                                // A patch may only touch another seat's hidden field to keep it null.
                                assert!(
                                    raw[at..].starts_with(&format!("{path},\"value\":null")),
                                    "viewer {index} patch reveals seat {seat}'s {hidden}: {raw}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    server.stop().await;
}

/// `GET /api/matches` answers the API's `MatchListing`s: a match is listed as live while it is
/// played and as finished afterwards, with its game and seats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_listing_reads_as_the_api_type() {
    use safehouse_api::matches::MatchListing;
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let created = create(&http, "explosiv", &[true, false, false], None).await;
    let listed = |list: Vec<MatchListing>| list.into_iter().find(|m| m.id == created.id);
    let live: Vec<MatchListing> = http.get("/api/matches?live=true", None).await.expect("list").read().expect("typed");
    let entry = listed(live).expect("the new match is live");
    assert_eq!((entry.game.as_str(), entry.players, entry.finished), ("explosiv", 3, false));
    play(&[server.addr()], &created, 1).await;
    let done: Vec<MatchListing> = http.get("/api/matches?live=false", None).await.expect("list").read().expect("typed");
    let entry = listed(done).expect("the finished match is listed");
    assert!(entry.finished && entry.actions > 0, "{entry:?}");
    server.stop().await;
}
