//! Server memory per idle turn-based table: starts a server in this process on a fresh SQLite
//! file, creates N turn-based tables (a person who joined, whose move it is, and a bot; the
//! person subscribed a webhook), and prints the process's resident memory before and after.
//!
//! ```text
//! cargo run --release -p safehouse-server --example turn_based_memory -- 1000
//! ```
//!
//! Linux only (reads `/proc/self/status`). The tables stay idle: nobody moves, no bot is due.

use std::net::SocketAddr;

use safehouse_server::client::HttpClient;
use serde_json::json;

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let tables: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let dir = tempfile::tempdir()?;
    let config = safehouse_server::Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: format!("sqlite://{}", dir.path().join("memory.db").display()),
        vapid_key_file: Some(dir.path().join("vapid.key")),
        bot_delay_ms: 0,
        rate_per_sec: 1e6,
        rate_burst: 1e6,
        max_matches_per_client: 1_000_000,
        creates_per_minute: 1_000_000,
        create_burst: 1_000_000,
        max_http_concurrency_per_client: 1_000_000,
        ..safehouse_server::Config::default()
    };
    let server = safehouse_server::start(config).await?;
    let http = HttpClient::new(server.addr());
    // A game whose first decision is seat 0's: the person's, so every table waits for them.
    let game = safehouse_games::all()[0].info();
    let players = game.default_players;
    let mut seats = vec![json!({"kind": "person", "name": "Ana"})];
    seats.extend((1..players).map(|_| json!({"kind": "bot", "difficulty": "easy"})));
    // One table first, so the allocator and caches are warm before the baseline.
    let create = json!({
        "game": game.id, "seats": seats, "join": {"seat": 0, "name": "Ana"},
        "settings": {"turn_based": {"deadline_hours": 48}},
    });
    http.post("/api/matches", None, &create).await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let before = rss_kib();
    for _ in 0..tables {
        let reply = http.post("/api/matches", None, &create).await?;
        anyhow::ensure!(reply.status == 201, "create: {}", reply.text);
        let id = reply.body["id"].as_str().unwrap_or_default().to_owned();
        let token = reply.body["joined"]["token"].as_str().unwrap_or_default().to_owned();
        let hook = json!({"url": "https://hooks.example.org/safehouse"});
        let reply = http
            .raw(
                "PUT",
                &format!("/api/matches/{id}/notify/webhook"),
                Some(&token),
                Some((hook.to_string(), "application/json")),
            )
            .await?;
        anyhow::ensure!(reply.status == 200, "webhook: {}", reply.text);
    }
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let after = rss_kib();
    let loaded = server.app().loaded_matches();
    println!(
        "{tables} idle turn-based tables ({} in memory): RSS {before} KiB -> {after} KiB, {:.1} KiB per table",
        loaded,
        (after.saturating_sub(before)) as f64 / tables as f64
    );
    server.stop().await;
    Ok(())
}
