//! Server memory per waiting-room table: starts a server in this process on a fresh SQLite file,
//! opens N public waiting rooms (the creator seated, one free seat, one bot seat), and prints the
//! process's resident memory before and after.
//!
//! ```text
//! cargo run --release -p safehouse-server --example waiting_room_memory -- 1000
//! ```
//!
//! Linux only (reads `/proc/self/status`). The rooms stay open: nobody takes the free seat.

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
    let create = json!({
        "game": "explosiv", "waiting_room": true, "visibility": "public",
        "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "difficulty": "easy"}],
        "join": {"seat": 0, "name": "Ana"},
    });
    // One room first, so the allocator and caches are warm before the baseline.
    http.post("/api/matches", None, &create).await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let before = rss_kib();
    for _ in 0..tables {
        let reply = http.post("/api/matches", None, &create).await?;
        anyhow::ensure!(reply.status == 201, "create: {}", reply.text);
    }
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let after = rss_kib();
    println!(
        "{tables} waiting rooms ({} rooms and {} matches in memory): RSS {before} KiB -> {after} KiB, {:.1} KiB per table",
        server.app().waiting_rooms(),
        server.app().loaded_matches(),
        (after.saturating_sub(before)) as f64 / tables as f64
    );
    server.stop().await;
    Ok(())
}
