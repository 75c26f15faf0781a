//! `safehouse-hostile`: what each attack of issue 14 costs the honest players.
//!
//! Starts its own `safehouse-server` process (release build, default limits, instant bots),
//! then for each attack plays honest tables from 127.0.0.1 for `--seconds` while the attack
//! runs from other loopback addresses (127.0.0.2 and up), and prints the honest players' move
//! latency (from sending an action to its answer: p50, p99, max), how many of their requests their
//! own per-client limits refused (`limited`: 429, after which they wait as `Retry-After` says) and
//! how many failed otherwise (`failed`),
//! and the server's resident memory before and at the peak of the attack (what the attacker's
//! connections hold). The first row is the same play without any attack.
//!
//! ```sh
//! cargo build --release -p safehouse-server -p safehouse-load
//! target/release/safehouse-hostile --seconds 5
//! ```

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use safehouse_api::commands::{ClientMessage, Command as WsCommand};
use safehouse_client::{HttpClient, WsClient, connect_from};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Honest latency with and without each attack.
#[derive(Debug, Parser)]
#[command(name = "safehouse-hostile", about)]
struct Args {
    /// Seconds each attack (and the quiet baseline) runs.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Honest players, each at a table of its own.
    #[arg(long, default_value_t = 4)]
    honest: usize,
    /// Only the attacks whose names contain this.
    #[arg(long)]
    only: Option<String>,
}

const HONEST: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));

fn attacker(n: u32) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 1 + (n / 250) as u8, 2 + (n % 250) as u8))
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

fn spawn_server(dir: &std::path::Path) -> anyhow::Result<(Child, SocketAddr)> {
    use std::io::{BufRead, BufReader};
    let exe = std::env::current_exe()?.with_file_name("safehouse-server");
    let db = format!("sqlite://{}", dir.join("hostile.db").display());
    let mut child = Command::new(&exe)
        .args(["--listen", "127.0.0.1:0", "--database-url", &db, "--idle-takeover-secs", "0", "--bot-delay-ms", "0"])
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| {
            format!("start {} (build it: cargo build --release -p safehouse-server -p safehouse-load)", exe.display())
        })?;
    let stdout = child.stdout.take().context("stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let Some(line) = lines.next() else { bail!("the server exited") };
        if let Some(rest) = line?.strip_prefix("Safehouse is serving on http://") {
            break rest.split_whitespace().next().context("address")?.parse()?;
        }
    };
    std::thread::spawn(move || for _ in lines {});
    Ok((child, addr))
}

/// What one honest player saw.
#[derive(Debug, Default)]
struct Honest {
    /// Each move's latency, from sending it to its answer.
    times: Vec<Duration>,
    /// Requests refused by the player's own per-client limits (429): it then waits as
    /// `Retry-After` says, as a well-behaved client does.
    limited: u64,
    /// Requests that failed in any other way (no answer, another error status).
    failed: u64,
}

impl Honest {
    /// Counts a refusal, and waits before the next request: as long as a 429 says (at most a
    /// second, so the phase still ends on time), 20 ms after other failures.
    async fn refused(&mut self, reply: Option<&safehouse_client::Reply>) {
        let wait = match reply {
            Some(reply) if reply.status == 429 => {
                self.limited += 1;
                let seconds = reply.body["error"]["retry_after"].as_u64().unwrap_or(1);
                Duration::from_secs(seconds.min(1)).max(Duration::from_millis(20))
            }
            _ => {
                self.failed += 1;
                Duration::from_millis(20)
            }
        };
        tokio::time::sleep(wait).await;
    }
}

/// One honest player: plays random legal moves against instant bots until `stop`.
async fn honest_player(addr: SocketAddr, stop: Arc<AtomicBool>, seed: u64, n: u8) -> Honest {
    // Each honest player is a client of its own (127.0.0.1, 127.0.0.11, ...).
    let source = if n == 0 { HONEST } else { IpAddr::V4(Ipv4Addr::new(127, 0, 0, 10 + n)) };
    let http = HttpClient::from_source(addr, source);
    let mut honest = Honest::default();
    let mut rng = seed | 1;
    'tables: while !stop.load(Ordering::Relaxed) {
        let body = json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "bot", "difficulty": "easy"},
            {"kind": "bot", "difficulty": "easy"}], "join": {"seat": 0}});
        let reply = match http.post("/api/matches", None, &body).await {
            Ok(reply) if reply.status == 201 => reply,
            other => {
                honest.refused(other.as_ref().ok()).await;
                continue;
            }
        };
        let id = reply.body["id"].as_str().unwrap_or_default().to_owned();
        let token = reply.body["joined"]["token"].as_str().unwrap_or_default().to_owned();
        while !stop.load(Ordering::Relaxed) {
            let view = match http.get(&format!("/api/matches/{id}/view"), Some(&token)).await {
                Ok(view) if view.status == 200 => view,
                other => {
                    honest.refused(other.as_ref().ok()).await;
                    continue;
                }
            };
            if view.body["finished"] == json!(true) {
                continue 'tables;
            }
            let legal = view.body["legal"].as_array().cloned().unwrap_or_default();
            if view.body["to_move"] != json!(0) || legal.is_empty() {
                // Polls within the default rate (50 requests a second per client).
                tokio::time::sleep(Duration::from_millis(25)).await;
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = legal[(rng % legal.len() as u64) as usize]["action"].clone();
            let started = Instant::now();
            let answer = http
                .post(
                    &format!("/api/matches/{id}/actions"),
                    Some(&token),
                    &json!({"action": action, "seq": view.body["seq"]}),
                )
                .await;
            match answer {
                Ok(reply) if reply.status == 200 => honest.times.push(started.elapsed()),
                other => honest.refused(other.as_ref().ok()).await,
            }
        }
    }
    honest
}

fn upgrade(addr: SocketAddr, path: &str) -> String {
    format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
}

/// A table for the attacks that need one.
async fn victim_table(addr: SocketAddr) -> anyhow::Result<(String, String)> {
    let http = HttpClient::from_source(addr, attacker(999));
    let body = json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}], "join": {"seat": 0}});
    let reply = http.post("/api/matches", None, &body).await?;
    Ok((
        reply.body["id"].as_str().context("id")?.to_owned(),
        reply.body["joined"]["token"].as_str().context("token")?.to_owned(),
    ))
}

/// Runs attack `name` until `stop`, counting the connections (or rounds) it opened in `opened`.
async fn attack(name: &'static str, addr: SocketAddr, stop: Arc<AtomicBool>, opened: Arc<AtomicU64>) {
    let (id, token) = victim_table(addr).await.unwrap_or_default();
    let mut tasks = Vec::new();
    let workers = match name {
        "slow-body" | "slowloris" | "sockets" => 16,
        _ => 4,
    };
    for w in 0..workers {
        let stop = stop.clone();
        let opened = opened.clone();
        let id = id.clone();
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            let source = attacker(w);
            let mut held: Vec<tokio::net::TcpStream> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                match name {
                    "ws-abandon" => {
                        if let Ok(mut tcp) = connect_from(addr, Some(source)).await {
                            opened.fetch_add(1, Ordering::Relaxed);
                            let _ = tcp.write_all(upgrade(addr, &format!("/api/matches/{id}/ws")).as_bytes()).await;
                            let _ = tcp.set_zero_linger();
                        }
                    }
                    "slow-body" | "slowloris" | "sockets" => {
                        if held.len() >= 256 {
                            // Drip on what is held, then keep only what the server has not cut.
                            let drip: &[u8] = match name {
                                "slowloris" => b"X-Slow: 1\r\n",
                                "slow-body" => b" ",
                                _ => b"",
                            };
                            let mut alive = Vec::new();
                            for mut tcp in held.drain(..) {
                                if !drip.is_empty() && tcp.write_all(drip).await.is_err() {
                                    continue;
                                }
                                let mut buf = [0u8; 64];
                                // Nothing to read within a millisecond: still held open.
                                if tokio::time::timeout(Duration::from_millis(1), tcp.read(&mut buf)).await.is_err() {
                                    alive.push(tcp);
                                }
                            }
                            held = alive;
                            tokio::time::sleep(Duration::from_millis(500)).await;
                            continue;
                        }
                        if let Ok(mut tcp) = connect_from(addr, Some(source)).await {
                            opened.fetch_add(1, Ordering::Relaxed);
                            let head = match name {
                                "slow-body" => format!(
                                    "POST /api/matches/{id}/actions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{{"
                                ),
                                "slowloris" => format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n"),
                                _ => String::new(),
                            };
                            let _ = tcp.write_all(head.as_bytes()).await;
                            held.push(tcp);
                        } else {
                            tokio::time::sleep(Duration::from_millis(10)).await;
                        }
                    }
                    "request-flood" => {
                        if let Ok(mut tcp) = connect_from(addr, Some(source)).await {
                            opened.fetch_add(1, Ordering::Relaxed);
                            let request = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
                            let _ = tcp.write_all(request.as_bytes()).await;
                            let mut sink = Vec::new();
                            let _ = tokio::time::timeout(Duration::from_secs(1), tcp.read_to_end(&mut sink)).await;
                        }
                    }
                    "create-flood" => {
                        let http = HttpClient::from_source(addr, source);
                        let body = json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}]});
                        for _ in 0..100 {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let _ = http.post("/api/matches", None, &body).await;
                        }
                        opened.fetch_add(1, Ordering::Relaxed);
                    }
                    "sync-flood" => {
                        if let Ok(mut ws) = WsClient::connect_from(addr, &id, None, Some(source)).await {
                            opened.fetch_add(1, Ordering::Relaxed);
                            while !stop.load(Ordering::Relaxed) {
                                if ws.send(&ClientMessage::new(WsCommand::Sync)).await.is_err() {
                                    break;
                                }
                                let _ = ws.next_text(Duration::from_millis(1)).await;
                            }
                        }
                    }
                    "padded-actions" => {
                        let http = HttpClient::from_source(addr, source);
                        let action = json!({"action": {"type": "draw", "pad": "x".repeat(60_000)}, "seq": 0});
                        for _ in 0..50 {
                            let _ = http.post(&format!("/api/matches/{id}/actions"), Some(&token), &action).await;
                        }
                        opened.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => break,
                }
            }
            drop(held);
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
}

fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

async fn phase(name: &'static str, addr: SocketAddr, pid: u32, seconds: f64, honest: usize) -> anyhow::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicU64::new(0));
    let before = rss_kib(pid).unwrap_or(0);
    let attacking = (name != "none").then(|| tokio::spawn(attack(name, addr, stop.clone(), opened.clone())));
    // Let the attack take hold before the honest players start.
    if attacking.is_some() {
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let players: Vec<_> =
        (0..honest).map(|i| tokio::spawn(honest_player(addr, stop.clone(), 0x5EED + i as u64, i as u8))).collect();
    let started = Instant::now();
    let mut peak = before;
    while started.elapsed().as_secs_f64() < seconds {
        tokio::time::sleep(Duration::from_millis(100)).await;
        peak = peak.max(rss_kib(pid).unwrap_or(0));
    }
    stop.store(true, Ordering::Relaxed);
    let mut times = Vec::new();
    let (mut limited, mut failed) = (0, 0);
    for player in players {
        let honest = player.await?;
        times.extend(honest.times);
        limited += honest.limited;
        failed += honest.failed;
    }
    if let Some(attacking) = attacking {
        let _ = tokio::time::timeout(Duration::from_secs(5), attacking).await;
    }
    times.sort();
    println!(
        "| {name} | {} | {:.1} | {:.1} | {:.1} | {limited} | {failed} | {:.1} | {:.1} | {} |",
        times.len(),
        quantile(&times, 0.5),
        quantile(&times, 0.99),
        times.last().map_or(f64::NAN, |d| d.as_secs_f64() * 1e3),
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        opened.load(Ordering::Relaxed),
    );
    // Let the server shed what the attack left before the next one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = tempfile::tempdir()?;
    let (mut child, addr) = spawn_server(dir.path())?;
    let pid = child.id();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let result = runtime.block_on(async {
        println!("| attack | honest moves | p50 ms | p99 ms | max ms | limited | failed | RSS before MiB | RSS peak MiB | attacker connections/rounds |");
        println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for name in
            ["none", "ws-abandon", "slow-body", "slowloris", "sockets", "request-flood", "create-flood", "sync-flood", "padded-actions"]
        {
            if args.only.as_deref().is_some_and(|only| name != "none" && !name.contains(only)) {
                continue;
            }
            phase(name, addr, pid, args.seconds, args.honest).await?;
        }
        anyhow::Ok(())
    });
    let _ = child.kill();
    let _ = child.wait();
    result
}
