//! `safehouse bot <server-url> --match <id> --seat-token <token> --exec '<command>'`: seats an
//! outside program (the player protocol, `docs/player-protocol.md`) in a live match on a
//! server, as lichess seats a bot account.
//!
//! It uses the server's public API only: the match's public facts over HTTP, then the seat's
//! WebSocket, whose `welcome` and `update` messages carry exactly the seat's view (kept up to
//! date from the patches) and, when it is the seat's turn, its legal actions. Each decision is
//! put to the program on a blocking thread within the budget; its answer goes back as an `act`
//! with the `seq` it was chosen at. When the program fails, the fallback bot decides (and after
//! a timeout or a crash plays the rest of the match); what happened is printed at the end.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use safehouse_api::ActRequest;
use safehouse_api::commands::{ClientMessage, Command};
use safehouse_bots::{DynBot, dyn_bot};
use safehouse_client::{HttpClient, Tracker, WsClient};
use safehouse_player::{ExecSettings, FailureCounts, GameContext, OnFailure, ProgramPool, SeatDriver};
use serde_json::{Value, json};

/// How long the bot waits for any message before asking the server for the whole picture again.
const QUIET_RESYNC: Duration = Duration::from_secs(60);
/// A read deadline longer than any match (the quiet timer above is what wakes the bot).
const NO_DEADLINE: Duration = Duration::from_secs(7 * 24 * 3600);

/// Options of `safehouse bot`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The server, e.g. http://127.0.0.1:8080 (plain HTTP; put TLS in front of it with a proxy).
    server: String,
    /// The match id.
    #[arg(long = "match")]
    match_id: String,
    /// The seat's token (from joining the seat: `POST /api/matches/{id}/join`).
    #[arg(long, env = "SAFEHOUSE_SEAT_TOKEN", hide_env_values = true)]
    seat_token: String,
    /// The program to run, e.g. 'python3 examples/random_bot.py' (split like a shell would, without one).
    #[arg(long)]
    exec: String,
    /// Milliseconds the program has for each decision.
    #[arg(long, default_value_t = 5_000)]
    budget_ms: u64,
    /// Extra milliseconds for the program's first decision (its start-up).
    #[arg(long, default_value_t = 5_000)]
    startup_ms: u64,
    /// The bot kind that decides when the program fails (`random`, `easy`, `medium`, `hard`...).
    #[arg(long, default_value = "random")]
    fallback: String,
    /// A seed for the program (sent in `start`) and the fallback bot.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build()?;
    let counts = runtime.block_on(play(&args))?;
    eprintln!("{}", report(&args.exec, &args.fallback, &counts));
    Ok(())
}

/// One line on what the program did, and its first failures.
fn report(command: &str, fallback: &str, c: &FailureCounts) -> String {
    let mut text = format!(
        "`{command}`: {} decisions, {} answered, {} by the fallback ({fallback}); failures: {} timeout, {} crash, \
         {} garbage, {} illegal, {} spawn",
        c.decisions, c.answered, c.fallback_moves, c.timeouts, c.crashes, c.garbage, c.illegal, c.spawn
    );
    for example in &c.examples {
        text.push_str("\n  e.g. ");
        text.push_str(example);
    }
    text
}

/// `host:port` of an `http://host:port[/...]` URL, resolved.
async fn server_address(url: &str) -> anyhow::Result<SocketAddr> {
    let rest = url.strip_prefix("http://").unwrap_or(url);
    if rest.starts_with("https://") || url.starts_with("https://") {
        bail!("`safehouse bot` speaks plain HTTP; give the server's http:// address");
    }
    let authority = rest.split('/').next().unwrap_or(rest);
    let authority = if authority.contains(':') { authority.to_owned() } else { format!("{authority}:80") };
    tokio::net::lookup_host(&authority)
        .await
        .with_context(|| format!("resolve {authority}"))?
        .next()
        .ok_or_else(|| anyhow!("{authority} resolves to no address"))
}

/// What the seat does for one decision: the index of its choice among `legal`.
struct Decider {
    seat: SeatDriver,
    fallback: Box<dyn DynBot>,
}

impl Decider {
    fn decide(&mut self, step: u64, view: &Value, legal: &[Value], legal_text: &[String]) -> anyhow::Result<usize> {
        match self.seat.ask(Some(step), view, legal, legal_text) {
            Ok(index) => Ok(index),
            Err(failure) => {
                eprintln!("the program did not decide at seq {step} ({failure}); the fallback bot does");
                let chosen = self.fallback.choose(view, legal).map_err(|e| anyhow!("fallback bot: {e}"))?;
                Ok(legal.iter().position(|a| *a == chosen).unwrap_or(0))
            }
        }
    }
}

async fn play(args: &Args) -> anyhow::Result<FailureCounts> {
    let addr = server_address(&args.server).await?;
    let http = HttpClient::new(addr);
    let info = http.get(&format!("/api/matches/{}", args.match_id), None).await?;
    if info.status != 200 {
        bail!("match {}: {} {}", args.match_id, info.status, info.text);
    }
    let game = info.body["game"].as_str().ok_or_else(|| anyhow!("the server named no game"))?.to_owned();
    let players = info.body["players"].as_u64().unwrap_or(0) as usize;
    let options = info.body["options"].clone();
    let mut ws = WsClient::connect(addr, &args.match_id, Some(&args.seat_token))
        .await
        .context("open the seat's WebSocket (is the token right?)")?;
    let welcome = ws.next_json(Duration::from_secs(30)).await?;
    let seat = match welcome.pointer("/viewer/seat").and_then(Value::as_u64) {
        Some(seat) if welcome["type"] == "welcome" => seat as u8,
        _ => bail!("the server did not seat this token: {welcome}"),
    };
    let settings =
        ExecSettings { budget_ms: args.budget_ms, startup_ms: args.startup_ms, on_failure: OnFailure::Fallback };
    let pool = Arc::new(ProgramPool::new(&args.exec, settings));
    let context = GameContext { game: game.clone(), seat, players, options, seed: args.seed };
    let fallback = dyn_bot(&game, &args.fallback, args.seed).map_err(|e| anyhow!("--fallback: {e}"))?;
    let mut decider = Some(Decider { seat: SeatDriver::new(Arc::clone(&pool), context), fallback });
    eprintln!("seated `{}` at seat {seat} of {game} match {}", args.exec, args.match_id);

    let mut tracker = Tracker::default();
    let mut message = welcome;
    // The seq of the position our last move was chosen at: never decide twice at one seq (the
    // ack of a move may come before its update), unless the server refused the move.
    let mut acted_at: Option<u64> = None;
    loop {
        tracker.apply(&message)?;
        if message["type"] == "error" {
            // A refused move (`stale_seq`: the match moved on; anything else): take the whole
            // picture again and decide afresh if it is still our turn.
            eprintln!("the server refused a message: {message}");
            acted_at = None;
            ws.send(&ClientMessage::new(Command::Sync)).await?;
        }
        if tracker.outcome.is_some() {
            if let Some(mut d) = decider.take() {
                d.seat.finish(tracker.outcome.clone(), Some(tracker.view.clone()));
            }
            break;
        }
        let my_turn = tracker.to_move == Some(seat) && !tracker.legal.is_empty();
        if my_turn && acted_at != Some(tracker.seq) {
            let texts: Vec<String> = message
                .get("legal")
                .and_then(Value::as_array)
                .map(|l| l.iter().map(|x| x["text"].as_str().unwrap_or("").to_owned()).collect())
                .unwrap_or_default();
            let legal = tracker.legal.clone();
            let texts = if texts.len() == legal.len() { texts } else { legal.iter().map(Value::to_string).collect() };
            let view = tracker.view.clone();
            let seq = tracker.seq;
            let mut d = decider.take().ok_or_else(|| anyhow!("the seat's driver is gone"))?;
            let (d, chosen) = tokio::task::spawn_blocking(move || {
                let chosen = d.decide(seq, &view, &legal, &texts);
                (d, chosen)
            })
            .await?;
            decider = Some(d);
            let action = tracker.legal.get(chosen?).cloned().ok_or_else(|| anyhow!("no such legal action"))?;
            let act = Command::Act(ActRequest { action, seq: Some(seq) });
            ws.send(&ClientMessage::with_id(act, seq)).await?;
            acted_at = Some(seq);
        }
        message = loop {
            // Reading a frame is cancel-safe; a quiet match gets a `sync` now and then.
            match tokio::time::timeout(QUIET_RESYNC, ws.next_json(NO_DEADLINE)).await {
                Ok(Ok(message)) => break message,
                Ok(Err(error)) => return Err(error.context("the match's WebSocket")),
                Err(_) => ws.send(&ClientMessage::new(Command::Sync)).await?,
            }
        };
    }
    ws.close().await;
    let outcome = tracker.outcome.unwrap_or(Value::Null);
    println!("{}", json!({"match": args.match_id, "seat": seat, "outcome": outcome}));
    drop(decider);
    let counts = pool.counts();
    pool.close();
    Ok(counts)
}
