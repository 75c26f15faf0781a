//! `safehouse-load`: a load generator for the table server (a benchmark, not a test).
//!
//! It starts a `safehouse-server` process of its own (or uses `--url`), opens `--open` matches
//! with every seat joined by a person, connects a WebSocket for every seat of `--active` of them,
//! and plays those at `--rate` actions per second in total through the real WebSocket API. It
//! reports the matches held, the actions per second, the latency from sending an action to the
//! moment *every* seat of the match has its update (p50/p90/p99/max), the bytes pushed per action
//! per seat, and the server's resident memory per open match.
//!
//! ```text
//! cargo build --release -p safehouse-server -p safehouse-load
//! ulimit -n 20000
//! target/release/safehouse-load --open 10000 --active 1000 --rate 1000 --seconds 30
//! target/release/safehouse-load --database-url postgres://postgres@127.0.0.1:5432/test --database-schema sh_load ...
//! ```

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use safehouse_client::{HttpClient, WsClient};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// Load generator for the Safehouse table server.
#[derive(Debug, Parser)]
#[command(name = "safehouse-load", about)]
struct Args {
    /// Use a running server at this URL instead of starting one (memory is then not measured).
    #[arg(long)]
    url: Option<String>,
    /// Database for the server started here (default: a fresh SQLite file in a temp directory).
    #[arg(long)]
    database_url: Option<String>,
    /// PostgreSQL schema for the server started here (dropped and made again).
    #[arg(long, default_value = "sh_load")]
    database_schema: String,
    /// Game to play.
    #[arg(long, default_value = "club-unlock")]
    game: String,
    /// Matches to open (every seat joined).
    #[arg(long, default_value_t = 10_000)]
    open: usize,
    /// Of which this many are played.
    #[arg(long, default_value_t = 1_000)]
    active: usize,
    /// Actions per second in total.
    #[arg(long, default_value_t = 1_000.0)]
    rate: f64,
    /// Seconds of play to measure (after a warm-up of 3 s).
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Parallel HTTP clients for creating and joining.
    #[arg(long, default_value_t = 32)]
    creators: usize,
    /// A clock on every match: `BANK+INCREMENT` in seconds (`180+20`); none by default.
    #[arg(long, value_parser = parse_time_control)]
    time_control: Option<Value>,
}

fn parse_time_control(text: &str) -> Result<Value, String> {
    let (bank, increment) = text.split_once('+').ok_or("write BANK+INCREMENT in seconds, e.g. 180+20")?;
    let bank: u32 = bank.trim().parse().map_err(|e| format!("bank: {e}"))?;
    let increment: u32 = increment.trim().parse().map_err(|e| format!("increment: {e}"))?;
    Ok(json!({"time_control": {"bank_secs": bank, "increment_secs": increment}}))
}

/// The table settings every match is created with (`--time-control`).
static SETTINGS: std::sync::OnceLock<Value> = std::sync::OnceLock::new();

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

struct Spawned {
    child: Child,
    addr: SocketAddr,
    _dir: Option<tempfile::TempDir>,
}

fn spawn_server(args: &Args) -> anyhow::Result<Spawned> {
    use std::io::{BufRead, BufReader};
    let exe = std::env::current_exe()?.with_file_name("safehouse-server");
    let (db, dir) = match &args.database_url {
        Some(url) => (url.clone(), None),
        None => {
            let dir = tempfile::tempdir()?;
            (format!("sqlite://{}", dir.path().join("load.db").display()), Some(dir))
        }
    };
    let mut command = Command::new(&exe);
    command
        .args(["--listen", "127.0.0.1:0", "--database-url", &db, "--idle-takeover-secs", "0", "--bot-delay-ms", "0"])
        .args(["--rate-per-sec", "1000000", "--rate-burst", "1000000", "--max-matches", "1000000"])
        .args(["--max-connections", "100000", "--database-connections", "16"])
        // One load generator plays every client from one address.
        .args(["--max-matches-per-client", "1000000", "--creates-per-minute", "1000000", "--create-burst", "1000000"])
        .args(["--max-connections-per-client", "1000000", "--max-http-concurrency-per-client", "1000000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if safehouse_store::is_postgres_url(&db) {
        command.args(["--database-schema", &args.database_schema]);
    }
    let mut child = command.spawn().with_context(|| format!("start {}", exe.display()))?;
    let stdout = child.stdout.take().context("stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let Some(line) = lines.next() else { bail!("the server exited") };
        let line = line?;
        if let Some(rest) = line.strip_prefix("Safehouse is serving on http://") {
            break rest.split_whitespace().next().context("address")?.parse()?;
        }
    };
    std::thread::spawn(move || for _ in lines {});
    Ok(Spawned { child, addr, _dir: dir })
}

#[derive(Clone, Debug)]
struct Opened {
    id: String,
    tokens: Vec<String>,
}

async fn open_match(http: &HttpClient, game: &str, players: usize) -> anyhow::Result<Opened> {
    let seats: Vec<Value> = (0..players).map(|_| json!({"kind": "person"})).collect();
    let mut body = json!({"game": game, "seats": seats, "join": {"seat": 0}});
    if let Some(settings) = SETTINGS.get() {
        body["settings"] = settings.clone();
    }
    let reply = http.post("/api/matches", None, &body).await?;
    if reply.status != 201 {
        bail!("create: {}", reply.text);
    }
    let id = reply.body["id"].as_str().context("id")?.to_owned();
    let mut tokens = vec![reply.body["joined"]["token"].as_str().context("token")?.to_owned()];
    for seat in 1..players {
        let invite = reply.body["seats"][seat]["invite"].as_str().context("invite")?;
        let joined =
            http.post(&format!("/api/matches/{id}/join"), None, &json!({"seat": seat, "invite": invite})).await?;
        tokens.push(joined.body["token"].as_str().context("token")?.to_owned());
    }
    Ok(Opened { id, tokens })
}

#[derive(Default)]
struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    actions: AtomicU64,
    update_bytes: AtomicU64,
    updates: AtomicU64,
    errors: AtomicU64,
}

/// Plays one match: every `interval`, the seat to move acts; the latency is measured until every
/// seat has read the update.
#[allow(clippy::too_many_arguments)]
async fn play(
    addr: SocketAddr,
    http: Arc<HttpClient>,
    game: String,
    players: usize,
    mut opened: Opened,
    interval: Duration,
    start_at: Instant,
    measure_from: Instant,
    stop_at: Instant,
    stats: Arc<Stats>,
    seed: u64,
) -> anyhow::Result<()> {
    let mut rng = seed | 1;
    tokio::time::sleep_until(start_at.into()).await;
    'matches: loop {
        let mut sockets = Vec::with_capacity(players);
        let mut trackers: Vec<LeanTracker> = Vec::with_capacity(players);
        for token in &opened.tokens {
            let mut ws = WsClient::connect(addr, &opened.id, Some(token)).await?;
            let mut tracker = LeanTracker::default();
            tracker.take(&ws.next_text(Duration::from_secs(30)).await?)?;
            trackers.push(tracker);
            sockets.push(ws);
        }
        let mut next = Instant::now();
        loop {
            if Instant::now() >= stop_at {
                break 'matches;
            }
            tokio::time::sleep_until(next.into()).await;
            next += interval;
            if Instant::now() >= stop_at {
                break 'matches;
            }
            let Some(seat) = trackers[0].to_move.map(usize::from) else {
                // Over: open another match and go on.
                for ws in sockets {
                    ws.close().await;
                }
                opened = open_match(&http, &game, players).await?;
                continue 'matches;
            };
            let legal = &trackers[seat].legal;
            if legal.is_empty() {
                bail!("seat {seat} to move without legal actions");
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = &legal[(rng % legal.len() as u64) as usize];
            let target = trackers[seat].seq + 1;
            let message = format!(r#"{{"type":"act","action":{action},"seq":{}}}"#, trackers[seat].seq);
            let sent = Instant::now();
            sockets[seat].send_text(&message).await?;
            let mut slowest = Duration::ZERO;
            for (i, ws) in sockets.iter_mut().enumerate() {
                while trackers[i].seq < target {
                    let before = ws.bytes_received;
                    let text = ws.next_text(Duration::from_secs(30)).await?;
                    match trackers[i].take(&text)? {
                        Kind::Update => {
                            stats.update_bytes.fetch_add(ws.bytes_received - before, Ordering::Relaxed);
                            stats.updates.fetch_add(1, Ordering::Relaxed);
                        }
                        Kind::Error => {
                            stats.errors.fetch_add(1, Ordering::Relaxed);
                            bail!("error: {text}");
                        }
                        Kind::Other => {}
                    }
                }
                slowest = slowest.max(sent.elapsed());
            }
            if sent >= measure_from && sent < stop_at {
                stats.actions.fetch_add(1, Ordering::Relaxed);
                stats.latencies_us.lock().await.push(slowest.as_micros() as u64);
            }
        }
    }
    Ok(())
}

/// What the load generator reads of a message: only what it needs to play on (the end-to-end
/// tests check the patches; here a full parse per seat and action would make the generator,
/// which shares the machine with the server, the bottleneck).
#[derive(Deserialize)]
struct LeanMessage<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    to_move: Option<u8>,
    #[serde(default, borrow)]
    legal: Option<Vec<LeanLegal<'a>>>,
}

#[derive(Deserialize)]
struct LeanLegal<'a> {
    #[serde(borrow)]
    action: &'a RawValue,
}

enum Kind {
    Update,
    Error,
    Other,
}

/// A seat's sequence number, whose move it is, and its legal actions (as JSON text).
#[derive(Default)]
struct LeanTracker {
    seq: u64,
    to_move: Option<u8>,
    legal: Vec<String>,
}

impl LeanTracker {
    fn take(&mut self, text: &str) -> anyhow::Result<Kind> {
        let message: LeanMessage<'_> = serde_json::from_str(text)?;
        let kind = match message.kind {
            "welcome" => Kind::Other,
            "update" => {
                if message.seq != self.seq + 1 {
                    bail!("update {} after {}", message.seq, self.seq);
                }
                Kind::Update
            }
            "error" => return Ok(Kind::Error),
            _ => return Ok(Kind::Other),
        };
        self.seq = message.seq;
        self.to_move = message.to_move;
        self.legal.clear();
        self.legal.extend(message.legal.unwrap_or_default().iter().map(|l| l.action.get().to_owned()));
        Ok(kind)
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index] as f64 / 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if let Some(settings) = &args.time_control {
        let _ = SETTINGS.set(settings.clone());
    }
    let game = safehouse_games::find(&args.game)?.game;
    let players = game.info().default_players;
    let mut spawned = None;
    let addr: SocketAddr = match &args.url {
        Some(url) => url.trim_start_matches("http://").trim_end_matches('/').parse()?,
        None => {
            let server = spawn_server(&args)?;
            let addr = server.addr;
            spawned = Some(server);
            addr
        }
    };
    let pid = spawned.as_ref().map(|s| s.child.id());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_start = pid.and_then(rss_kib);
    let backend = if args.database_url.as_deref().is_some_and(safehouse_store::is_postgres_url) {
        "postgresql"
    } else {
        "sqlite"
    };
    println!(
        "server {addr} ({backend}), game {}, {players} seats per match, settings {}",
        game.info().id,
        SETTINGS.get().map_or("none".to_owned(), Value::to_string)
    );

    // Open the matches, every seat joined.
    let started = Instant::now();
    let clients: Vec<Arc<HttpClient>> = (0..args.creators.max(1)).map(|_| Arc::new(HttpClient::new(addr))).collect();
    let next = Arc::new(AtomicU64::new(0));
    let opened = Arc::new(Mutex::new(Vec::with_capacity(args.open)));
    let mut tasks = Vec::new();
    for client in &clients {
        let (client, next, opened, id) = (client.clone(), next.clone(), opened.clone(), game.info().id);
        let total = args.open as u64;
        tasks.push(tokio::spawn(async move {
            while next.fetch_add(1, Ordering::Relaxed) < total {
                let m = open_match(&client, id, players).await?;
                opened.lock().await.push(m);
            }
            anyhow::Ok(())
        }));
    }
    for task in tasks {
        task.await??;
    }
    let opened = Arc::try_unwrap(opened).map_err(|_| anyhow::anyhow!("still shared"))?.into_inner();
    let open_secs = started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_open = pid.and_then(rss_kib);
    println!(
        "opened {} matches ({} seats joined) in {open_secs:.1} s ({:.0} matches/s)",
        opened.len(),
        opened.len() * players,
        opened.len() as f64 / open_secs
    );
    if let (Some(a), Some(b)) = (rss_start, rss_open) {
        println!(
            "server memory: {a} KiB at start, {b} KiB with {} open matches: {:.2} KiB per open match",
            opened.len(),
            (b.saturating_sub(a)) as f64 / opened.len() as f64
        );
    }

    // Play the active ones.
    let active = args.active.min(opened.len());
    let interval = Duration::from_secs_f64(active as f64 / args.rate);
    let stats = Arc::new(Stats::default());
    let t0 = Instant::now() + Duration::from_millis(500);
    let measure_from = t0 + Duration::from_secs(3);
    let stop_at = measure_from + Duration::from_secs(args.seconds);
    let cpu_before = pid.and_then(cpu_ticks);
    let mut tasks = Vec::new();
    for (i, m) in opened.iter().take(active).enumerate() {
        // Spread the matches' first actions over one interval.
        let start_at = t0 + interval.mul_f64(i as f64 / active as f64);
        let http = clients[i % clients.len()].clone();
        tasks.push(tokio::spawn(play(
            addr,
            http,
            game.info().id.to_owned(),
            players,
            m.clone(),
            interval,
            start_at,
            measure_from,
            stop_at,
            stats.clone(),
            i as u64 * 7919 + 1,
        )));
    }
    let mut failures = 0;
    for task in tasks {
        if let Err(error) = task.await? {
            failures += 1;
            if failures < 5 {
                eprintln!("a match failed: {error:#}");
            }
        }
    }
    let measured = stop_at.saturating_duration_since(measure_from).as_secs_f64();
    let cpu_after = pid.and_then(cpu_ticks);
    let rss_end = pid.and_then(rss_kib);
    let mut latencies = stats.latencies_us.lock().await.clone();
    latencies.sort_unstable();
    let actions = stats.actions.load(Ordering::Relaxed);
    let updates = stats.updates.load(Ordering::Relaxed).max(1);
    println!(
        "played {active} matches ({} WebSockets) for {measured:.0} s: {actions} actions, {:.0} actions/s (target {:.0}), {failures} failed matches",
        active * players,
        actions as f64 / measured,
        args.rate
    );
    println!(
        "latency from action to every seat's update (ms): p50 {:.2}  p90 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 0.999),
        percentile(&latencies, 1.0)
    );
    println!(
        "pushed per action per seat: {:.0} bytes (update messages, JSON text)",
        stats.update_bytes.load(Ordering::Relaxed) as f64 / updates as f64
    );
    if let (Some(a), Some(b)) = (cpu_before, cpu_after) {
        println!(
            "server CPU while playing: {:.0}% of one core",
            (b - a) as f64 / 100.0 / (stop_at - t0).as_secs_f64() * 100.0
        );
    }
    if let Some(rss) = rss_end {
        println!("server memory at the end: {rss} KiB");
    }
    if let Some(mut server) = spawned {
        let _ = server.child.kill();
        let _ = server.child.wait();
        if let Some(url) = &args.database_url
            && safehouse_store::is_postgres_url(url)
        {
            let options =
                safehouse_store::OpenOptions { schema: Some(args.database_schema.clone()), max_connections: Some(1) };
            safehouse_store::PgStore::open(url, &options).await?.drop_schema().await?;
        }
    }
    Ok(())
}
