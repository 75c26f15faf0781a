//! Server memory per idle table: starts a server in this process on a fresh SQLite file, opens N
//! tables of one kind, and prints the process's resident memory before and after.
//!
//! ```text
//! cargo run --release -p safehouse-server --example table_memory -- waiting 1000
//! cargo run --release -p safehouse-server --example table_memory -- turn-based 1000
//! ```
//!
//! - `waiting`: public waiting rooms of Explosiv (the creator seated, one free seat, one bot
//!   seat); nobody takes the free seat.
//! - `turn-based`: turn-based tables of the first game (a person who joined and whose move it is,
//!   bots in the other seats, the person's webhook set); nobody moves, no bot is due.
//!
//! Linux only (reads `/proc/self/status`).

use std::net::SocketAddr;

use safehouse_client::HttpClient;
use serde_json::{Value, json};

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The kind of table measured.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Waiting,
    TurnBased,
}

impl Kind {
    fn create_request(self) -> Value {
        match self {
            Kind::Waiting => json!({
                "game": "explosiv", "waiting_room": true, "visibility": "public",
                "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "difficulty": "easy"}],
                "join": {"seat": 0, "name": "Ana"},
            }),
            Kind::TurnBased => {
                // A game whose first decision is seat 0's: the person's, so every table waits.
                let game = safehouse_games::all()[0].info();
                let mut seats = vec![json!({"kind": "person", "name": "Ana"})];
                seats.extend((1..game.default_players).map(|_| json!({"kind": "bot", "difficulty": "easy"})));
                json!({
                    "game": game.id, "seats": seats, "join": {"seat": 0, "name": "Ana"},
                    "settings": {"turn_based": {"deadline_hours": 48}},
                })
            }
        }
    }

    /// What a table of this kind holds beyond its creation.
    async fn furnish(self, http: &HttpClient, created: &Value) -> anyhow::Result<()> {
        if self == Kind::TurnBased {
            let id = created["id"].as_str().unwrap_or_default();
            let token = created["joined"]["token"].as_str().unwrap_or_default();
            let hook = json!({"url": "https://hooks.example.org/safehouse"});
            let path = format!("/api/matches/{id}/notify/webhook");
            let reply = http.raw("PUT", &path, Some(token), Some((hook.to_string(), "application/json"))).await?;
            anyhow::ensure!(reply.status == 200, "webhook: {}", reply.text);
        }
        Ok(())
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let kind = match args.next().as_deref() {
        Some("waiting") => Kind::Waiting,
        Some("turn-based") => Kind::TurnBased,
        other => anyhow::bail!("usage: table_memory waiting|turn-based [N]; got {other:?}"),
    };
    let tables: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
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
    let create = kind.create_request();
    // One table first, so the allocator and caches are warm before the baseline.
    let warm = http.post("/api/matches", None, &create).await?;
    kind.furnish(&http, &warm.body).await?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let before = rss_kib();
    for _ in 0..tables {
        let reply = http.post("/api/matches", None, &create).await?;
        anyhow::ensure!(reply.status == 201, "create: {}", reply.text);
        kind.furnish(&http, &reply.body).await?;
    }
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let after = rss_kib();
    let what = if kind == Kind::Waiting { "waiting rooms" } else { "idle turn-based tables" };
    println!(
        "{tables} {what} ({} rooms and {} matches in memory): RSS {before} KiB -> {after} KiB, {:.1} KiB per table",
        server.app().waiting_rooms(),
        server.app().loaded_matches(),
        (after.saturating_sub(before)) as f64 / tables as f64
    );
    server.stop().await;
    Ok(())
}
