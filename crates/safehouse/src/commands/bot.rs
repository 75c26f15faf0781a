//! `safehouse bot <link> --exec '<command>'`: seats an outside program (the player protocol,
//! `docs/player-protocol.md`) at a table of a server, as lichess seats a bot account.
//!
//! The link is what people share: a waiting room's (`…/tables/<id>`, with `?invite=` for a
//! private one), where the program takes a free seat under a name and waits for the start like
//! anyone; or a started table's (`…/play/<id>`, or the server's address with `--match`) with the
//! seat's token. `https://` links work through the proxy that serves them. With `--rematch` the
//! program stays after the end and takes its seat again when somebody presses "play again"; it
//! never starts a rematch itself.
//!
//! It uses the server's public API only: the match's public facts over HTTP, then the seat's
//! WebSocket, whose `welcome` and `update` messages carry exactly the seat's view (kept up to
//! date from the patches) and, when it is the seat's turn, its legal actions. Each decision is
//! put to the program on a blocking thread within the budget; its answer goes back as an `act`
//! with the `seq` it was chosen at. When the program fails, the fallback bot decides (and after
//! a timeout or a crash plays the rest of the match); what happened is printed at the end.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use safehouse_api::commands::{ClientMessage, Command};
use safehouse_api::rematch::{RematchJoined, RematchLinks};
use safehouse_api::tables::{SeatTaken, TableInfo, TableSeatState, TableStatus, TakeSeat};
use safehouse_api::{ActRequest, ClockView};
use safehouse_bots::{DynBot, dyn_bot};
use safehouse_client::{Endpoint, HandshakeRefused, HttpClient, Tracker, WsClient};
use safehouse_player::{DecisionTime, ExecSettings, FailureCounts, GameContext, OnFailure, ProgramPool, SeatDriver};
use serde_json::{Value, json};
use url::Url;

/// How long the bot waits for any message before asking the server for the whole picture again.
const QUIET_RESYNC: Duration = Duration::from_secs(60);
/// A read deadline longer than any match (the quiet timer above is what wakes the bot).
const NO_DEADLINE: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long the bot keeps trying to reach the match again after its WebSocket drops (a server
/// restarting for an update, a network change), waiting longer between tries up to a minute.
const RECONNECT_FOR: Duration = Duration::from_secs(15 * 60);

/// Options of `safehouse bot`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The table's link: a waiting room's (http://host:8080/tables/<id>, with ?invite=<code> for a
    /// private table, as the room shows it) to take a free seat; a started table's
    /// (…/play/<id>) with --seat-token; or the server's address with --match. https:// works.
    link: String,
    /// The match id, when the link is only the server's address.
    #[arg(long = "match")]
    match_id: Option<String>,
    /// The seat's token, for a seat already taken (`POST /api/matches/{id}/join`, or an earlier
    /// `safehouse bot` that took it in the waiting room).
    #[arg(long, env = "SAFEHOUSE_SEAT_TOKEN", hide_env_values = true)]
    seat_token: Option<String>,
    /// In a waiting room: the seat to take, numbered from 1 as the room shows players (default:
    /// the first free one).
    #[arg(long)]
    seat: Option<u8>,
    /// In a waiting room: the name the others see (default: the program's name, "(program)" added).
    #[arg(long)]
    name: Option<String>,
    /// After the end, wait for "play again" and play the rematch too (as many as there are).
    #[arg(long)]
    rematch: bool,
    /// With --rematch: how long to wait after an end for somebody to press "play again".
    #[arg(long, default_value_t = 600)]
    rematch_wait_secs: u64,
    /// The program to run, e.g. 'python3 examples/random_bot.py' (split like a shell would, without one).
    #[arg(long)]
    exec: String,
    /// Milliseconds the program has for each decision (less when the table's clock leaves the seat less).
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
    let counts = runtime.block_on(serve_seat(&args))?;
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

/// What a link points at.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// A waiting room (`/tables/<id>`), with the invite a private one needs.
    Room { id: String, invite: Option<String> },
    /// A match (`/play/<id>`, or `--match`).
    Match { id: String },
}

impl Target {
    fn id(&self) -> &str {
        match self {
            Target::Room { id, .. } | Target::Match { id } => id,
        }
    }
}

/// The table a link (and `--match`) names.
fn target(link: &Url, match_id: Option<&str>) -> anyhow::Result<Target> {
    let segments: Vec<&str> = link.path_segments().map(|s| s.filter(|p| !p.is_empty()).collect()).unwrap_or_default();
    let linked = match segments.as_slice() {
        [] => None,
        ["tables", id] => {
            let invite = link.query_pairs().find(|(key, _)| key == "invite").map(|(_, code)| code.into_owned());
            Some(Target::Room { id: (*id).to_owned(), invite })
        }
        ["play", id] | ["play", id, ..] => Some(Target::Match { id: (*id).to_owned() }),
        _ => bail!("{link} is no table's link: give a waiting room's (…/tables/<id>) or a table's (…/play/<id>)"),
    };
    match (linked, match_id) {
        (Some(target), None) => Ok(target),
        (None, Some(id)) => Ok(Target::Match { id: id.to_owned() }),
        (Some(target), Some(id)) if target.id() == id => Ok(target),
        (Some(target), Some(id)) => bail!("the link is for table {}, --match says {id}", target.id()),
        (None, None) => bail!("{link} names a server but no table: give the table's link, or --match <id>"),
    }
}

/// The name a program's seat gets when `--name` gives none: its file's name ("random_bot" for
/// `python3 examples/random_bot.py`), so the people at the table can tell it is a program.
fn program_name(command: &str) -> String {
    let words = shlex::split(command).unwrap_or_default();
    let program = words.iter().find(|w| w.contains('/')).or(words.first()).map_or("program", String::as_str);
    let file = program.rsplit('/').next().unwrap_or(program);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    format!("{stem} (program)")
}

/// The server's answer as `T`, or an error naming what was asked, the server's words and its code.
fn answer<T: serde::de::DeserializeOwned>(reply: safehouse_client::Reply, what: &str) -> anyhow::Result<T> {
    if !(200..300).contains(&reply.status) {
        let said = reply.body.pointer("/error/message").and_then(Value::as_str).unwrap_or(&reply.text);
        let code = reply.code().map_or_else(|| format!("status {}", reply.status), str::to_owned);
        bail!("{what}: {said} ({code})");
    }
    reply.read().with_context(|| format!("{what}: an answer this program does not read"))
}

/// Takes a free seat of a waiting room (`wanted`, numbered from 0, or the first free one; if
/// somebody is quicker, the next free one, a few times).
async fn take_seat(
    http: &HttpClient,
    id: &str,
    invite: Option<&str>,
    wanted: Option<u8>,
    name: &str,
) -> anyhow::Result<SeatTaken> {
    let mut attempts = 0;
    loop {
        attempts += 1;
        let table: TableInfo = answer(http.get(&format!("/api/tables/{id}"), None).await?, "the waiting room")?;
        match table.status {
            TableStatus::Waiting => {}
            TableStatus::Started => bail!("table {id} has started: a seat there needs its token (--seat-token)"),
            TableStatus::Expired => bail!("table {id} expired before it started"),
        }
        let free = |s: &&safehouse_api::tables::TableSeat| s.state == TableSeatState::Free;
        let seat = match wanted {
            Some(seat) => seat,
            None => {
                table.seats.iter().find(free).map(|s| s.seat).ok_or_else(|| anyhow!("table {id} has no free seat"))?
            }
        };
        let request = TakeSeat { name: Some(name.to_owned()), invite: invite.map(str::to_owned) };
        let reply = http.post_typed(&format!("/api/tables/{id}/seats/{seat}/take"), None, &request).await?;
        if reply.code() == Some("seat_taken") && wanted.is_none() && attempts < 8 {
            continue;
        }
        return answer(reply, &format!("taking player {}'s seat", seat + 1));
    }
}

/// Waits until the table `id` has started (at once if it has), watching its waiting room; an
/// error if the seat `token` opened there is taken away (the host removed the program).
async fn wait_for_start(endpoint: &Endpoint, http: &HttpClient, id: &str, token: &str) -> anyhow::Result<()> {
    let mut room: Option<WsClient> = None;
    loop {
        let table: TableInfo = answer(get_patiently(http, &format!("/api/tables/{id}")).await?, "the waiting room")?;
        match table.status {
            TableStatus::Started => return Ok(()),
            TableStatus::Expired => bail!("table {id} expired before it started"),
            TableStatus::Waiting => {}
        }
        // The seat's notification settings answer for a seat held in a waiting room, and only
        // for one still held.
        let held = http.get(&format!("/api/matches/{id}/notify"), Some(token)).await?;
        if held.code() == Some("bad_token") {
            bail!("the program no longer has a seat at table {id}: the host removed it, or it left");
        }
        if room.is_none() {
            room = WsClient::open(endpoint, &format!("/api/tables/{id}/ws"), None).await.ok();
        }
        watch(&mut room, QUIET_RESYNC).await;
    }
}

/// Pauses between tries to reach a server that went away: from 1 s, doubling up to a minute, for
/// [`RECONNECT_FOR`] in all.
struct Patience {
    started: tokio::time::Instant,
    pause: Duration,
}

impl Patience {
    fn new() -> Patience {
        Patience { started: tokio::time::Instant::now(), pause: Duration::from_secs(1) }
    }

    /// Waits before the next try; false (at once) once [`RECONNECT_FOR`] has passed.
    async fn wait(&mut self) -> bool {
        if self.started.elapsed() >= RECONNECT_FOR {
            return false;
        }
        tokio::time::sleep(self.pause).await;
        self.pause = (self.pause * 2).min(Duration::from_secs(60));
        true
    }
}

/// `GET path`, tried again while the server cannot be reached or is busy (it may be restarting),
/// for up to [`RECONNECT_FOR`].
async fn get_patiently(http: &HttpClient, path: &str) -> anyhow::Result<safehouse_client::Reply> {
    let mut patience = Patience::new();
    loop {
        let got = http.get(path, None).await;
        let again = got.as_ref().map_or(true, |reply| reply.status == 503);
        if !again || !patience.wait().await {
            return got.with_context(|| format!("the server stayed out of reach for {RECONNECT_FOR:?}"));
        }
    }
}

/// Waits for a message on `socket` (a change the caller then reads over HTTP), at most `wait`;
/// a socket that fails is dropped, and without one the wait is a few seconds' pause.
async fn watch(socket: &mut Option<WsClient>, wait: Duration) {
    match socket.as_mut() {
        Some(ws) => match tokio::time::timeout(wait, ws.next_json(NO_DEADLINE)).await {
            Ok(Ok(_)) | Err(_) => {}
            Ok(Err(_)) => *socket = None,
        },
        None => tokio::time::sleep(wait.min(Duration::from_secs(5))).await,
    }
}

/// Waits up to `wait` for somebody to press "play again" after match `id`; true once they have.
/// The match's WebSocket tells (`rematch`); the server's answer on the match's links decides.
async fn rematch_started(http: &HttpClient, ws: WsClient, id: &str, wait: Duration) -> anyhow::Result<bool> {
    let deadline = tokio::time::Instant::now() + wait;
    let mut socket = Some(ws);
    loop {
        let links: RematchLinks =
            answer(get_patiently(http, &format!("/api/matches/{id}/rematch")).await?, "the rematch")?;
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if links.rematch.is_some() || left.is_zero() {
            if let Some(ws) = socket {
                ws.close().await;
            }
            return Ok(links.rematch.is_some());
        }
        watch(&mut socket, left.min(QUIET_RESYNC)).await;
    }
}

/// The seat the arguments name: taken now in a waiting room, or one already taken (its token).
async fn seat_of(http: &HttpClient, link: &Url, args: &Args) -> anyhow::Result<(String, String)> {
    match (target(link, args.match_id.as_deref())?, &args.seat_token) {
        (Target::Room { id, .. } | Target::Match { id }, Some(token)) => Ok((id, token.clone())),
        (Target::Room { id, invite }, None) => {
            let name = args.name.clone().unwrap_or_else(|| program_name(&args.exec));
            let wanted = match args.seat {
                Some(0) => bail!("--seat counts players from 1"),
                seat => seat.map(|n| n - 1),
            };
            let taken = take_seat(http, &id, invite.as_deref(), wanted, &name).await?;
            eprintln!(
                "took player {}'s seat at the {} table {id} as {:?}; waiting for it to start (if this stops, \
                 `--seat-token {}` comes back to the seat)",
                taken.seat + 1,
                taken.table.game,
                taken.name.as_deref().unwrap_or(""),
                taken.token
            );
            Ok((id, taken.token))
        }
        (Target::Match { .. }, None) => {
            bail!(
                "a table's own link (…/play/<id>) needs the seat's token (--seat-token); its waiting room's link \
                 (…/tables/<id>) takes a free seat"
            )
        }
    }
}

/// Plays the seat the arguments name, and with `--rematch` the rematches after it.
async fn serve_seat(args: &Args) -> anyhow::Result<FailureCounts> {
    let link = Url::parse(&args.link).with_context(|| format!("read the link {}", args.link))?;
    let endpoint = Endpoint::of_link(&link).await?;
    let http = HttpClient::to(endpoint.clone());
    let settings =
        ExecSettings { budget_ms: args.budget_ms, startup_ms: args.startup_ms, on_failure: OnFailure::Fallback };
    let pool = Arc::new(ProgramPool::new(&args.exec, settings));
    // The program starts before it takes a seat: a command that cannot start takes none, and its
    // start-up (an interpreter, a model to load) overlaps the wait for the table to start.
    let warming = Arc::clone(&pool);
    tokio::task::spawn_blocking(move || warming.prewarm()).await?.context("start the program")?;
    let (mut match_id, mut token) = seat_of(&http, &link, args).await?;
    let played = async {
        loop {
            wait_for_start(&endpoint, &http, &match_id, &token).await?;
            let ws = play(&endpoint, &http, &pool, args, &match_id, &token).await?;
            if !args.rematch {
                ws.close().await;
                return Ok(());
            }
            eprintln!("waiting up to {} s for somebody to press \"play again\"", args.rematch_wait_secs);
            if !rematch_started(&http, ws, &match_id, Duration::from_secs(args.rematch_wait_secs)).await? {
                return Ok(());
            }
            let reply = http.raw("POST", &format!("/api/matches/{match_id}/rematch"), Some(&token), None).await?;
            let joined: RematchJoined = answer(reply, "taking the seat in the rematch")?;
            eprintln!("took player {}'s seat in the rematch {}", joined.seat + 1, joined.match_id);
            (match_id, token) = (joined.match_id, joined.token);
        }
    }
    .await;
    let counts = pool.counts();
    pool.close();
    played.map(|()| counts)
}

/// Plays one match at the seat `token` opens, printing its outcome; answers the match's WebSocket,
/// still open (a rematch is announced there).
async fn play(
    endpoint: &Endpoint,
    http: &HttpClient,
    pool: &Arc<ProgramPool>,
    args: &Args,
    match_id: &str,
    token: &str,
) -> anyhow::Result<WsClient> {
    let info = get_patiently(http, &format!("/api/matches/{match_id}")).await?;
    if info.status != 200 {
        bail!("match {match_id}: {} {}", info.status, info.text);
    }
    let game = info.body["game"].as_str().ok_or_else(|| anyhow!("the server named no game"))?.to_owned();
    let players = info.body["players"].as_u64().unwrap_or(0) as usize;
    let options = info.body["options"].clone();
    let path = format!("/api/matches/{match_id}/ws?token={token}");
    let (mut socket, welcome) =
        SeatSocket::open(endpoint, path).await.context("the seat's WebSocket (is the token right?)")?;
    let seat = welcome_seat(&welcome)?;
    let context = GameContext { game: game.clone(), seat, players, options, seed: args.seed };
    let fallback = dyn_bot(&game, &args.fallback, args.seed).map_err(|e| anyhow!("--fallback: {e}"))?;
    let mut decider = Some(Decider { seat: SeatDriver::new(Arc::clone(pool), context), fallback });
    eprintln!("seated `{}` at player {} of {game} match {match_id}", args.exec, seat + 1);

    let mut tracker = Tracker::default();
    let mut message = welcome;
    // The seq of the position our last move was chosen at: never decide twice at one seq (the
    // ack of a move may come before its update), unless the server refused the move.
    let mut acted_at: Option<u64> = None;
    loop {
        tracker.apply(&message)?;
        if message["type"] == "signed_out" {
            bail!(
                "the seat's person signed out its other devices: this program's token no longer opens player {} \
                 of match {match_id}",
                seat + 1
            );
        }
        if message["type"] == "error" {
            // A refused move (`stale_seq`: the match moved on; anything else): take the whole
            // picture again and decide afresh if it is still our turn.
            eprintln!("the server refused a message: {message}");
            acted_at = None;
            socket.send(&ClientMessage::new(Command::Sync)).await;
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
            let time = clock_budget(args.budget_ms, tracker.clock.as_ref(), seat);
            let mut d = decider.take().ok_or_else(|| anyhow!("the seat's driver is gone"))?;
            let (d, chosen) = tokio::task::spawn_blocking(move || {
                let chosen = d.decide(seq, &view, &legal, &texts, time);
                (d, chosen)
            })
            .await?;
            decider = Some(d);
            let action = tracker.legal.get(chosen?).cloned().ok_or_else(|| anyhow!("no such legal action"))?;
            let act = Command::Act(ActRequest { action, seq: Some(seq) });
            socket.send(&ClientMessage::with_id(act, seq)).await;
            acted_at = Some(seq);
        }
        let (next, reconnected) = socket.next().await?;
        if reconnected {
            // The move sent before the drop may or may not have been stored: the new picture's
            // `seq` tells, and a move at an old `seq` would be refused anyway.
            acted_at = None;
        }
        message = next;
    }
    let outcome = tracker.outcome.unwrap_or(Value::Null);
    println!("{}", json!({"match": match_id, "seat": seat, "outcome": outcome}));
    Ok(socket.ws)
}

/// The seat a `welcome` opens, or an error if the token opened none.
fn welcome_seat(welcome: &Value) -> anyhow::Result<u8> {
    match welcome.pointer("/viewer/seat").and_then(Value::as_u64) {
        Some(seat) if welcome["type"] == "welcome" => Ok(seat as u8),
        _ => Err(NotSeated(welcome.to_string()).into()),
    }
}

/// The server answered the seat's WebSocket with something other than the seat's welcome: the
/// token opens no seat, and trying again will not change that.
#[derive(Debug)]
struct NotSeated(String);

impl std::fmt::Display for NotSeated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the server did not seat this token: {}", self.0)
    }
}

impl std::error::Error for NotSeated {}

/// The program's time for a decision: `--budget-ms`, but at a table with a clock never more
/// than 90% of the seat's time left less 300 ms (at least 100 ms), so that a program using its
/// whole budget does not run out of time (the increment then refills the clock). The same cap
/// holds for a first decision, whose start-up allowance would otherwise come on top.
fn clock_budget(budget_ms: u64, clock: Option<&ClockView>, seat: u8) -> DecisionTime {
    let Some(left) = clock.and_then(|c| c.remaining_ms.get(usize::from(seat))) else {
        return DecisionTime { budget_ms, at_most_ms: None };
    };
    let left = u64::try_from(*left).unwrap_or(0);
    let cap = (left / 10 * 9).saturating_sub(300).max(100);
    DecisionTime { budget_ms: budget_ms.min(cap), at_most_ms: Some(cap) }
}

/// A seat's WebSocket that is opened again when it drops, for up to [`RECONNECT_FOR`].
struct SeatSocket<'a> {
    endpoint: &'a Endpoint,
    path: String,
    ws: WsClient,
}

impl<'a> SeatSocket<'a> {
    /// Opens the WebSocket at `path` and reads its `welcome`.
    async fn open(endpoint: &'a Endpoint, path: String) -> anyhow::Result<(SeatSocket<'a>, Value)> {
        let mut ws = match WsClient::open(endpoint, &path, None).await {
            Ok(ws) => ws,
            // 401: the token opens no seat (the seat's person signed out its other devices
            // while the socket was down, say).
            Err(error) => match error.downcast_ref::<HandshakeRefused>() {
                Some(refused) if refused.status == 401 => return Err(NotSeated(refused.body.clone()).into()),
                _ => return Err(error),
            },
        };
        let welcome = ws.next_json(Duration::from_secs(30)).await?;
        welcome_seat(&welcome)?;
        Ok((SeatSocket { endpoint, path, ws }, welcome))
    }

    /// Sends a message; a connection that dropped is noticed (and opened again) by the next read.
    async fn send(&mut self, message: &ClientMessage) {
        if let Err(error) = self.ws.send(message).await {
            eprintln!("could not send to the match ({error:#}); reconnecting");
        }
    }

    /// The next message, and whether the connection was opened again for it (then it is the new
    /// `welcome`, the whole picture). A quiet match gets a `sync` now and then.
    async fn next(&mut self) -> anyhow::Result<(Value, bool)> {
        loop {
            // Reading a frame is cancel-safe.
            match tokio::time::timeout(QUIET_RESYNC, self.ws.next_json(NO_DEADLINE)).await {
                Ok(Ok(message)) => return Ok((message, false)),
                Ok(Err(error)) => {
                    eprintln!("the match's WebSocket dropped ({error:#}); reconnecting");
                    return Ok((self.reconnect().await?, true));
                }
                Err(_) => self.send(&ClientMessage::new(Command::Sync)).await,
            }
        }
    }

    async fn reconnect(&mut self) -> anyhow::Result<Value> {
        let mut patience = Patience::new();
        let mut last = anyhow!("no try was made");
        while patience.wait().await {
            match SeatSocket::open(self.endpoint, self.path.clone()).await {
                Ok((socket, welcome)) => {
                    self.ws = socket.ws;
                    eprintln!("reconnected to the match");
                    return Ok(welcome);
                }
                // A token the server no longer seats will not start working: give up now.
                Err(error) if error.is::<NotSeated>() => return Err(error),
                Err(error) => last = error,
            }
        }
        Err(last.context(format!("the match stayed out of reach for {RECONNECT_FOR:?}")))
    }
}

/// What the seat does for one decision: the index of its choice among `legal`.
struct Decider {
    seat: SeatDriver,
    fallback: Box<dyn DynBot>,
}

impl Decider {
    fn decide(
        &mut self,
        step: u64,
        view: &Value,
        legal: &[Value],
        legal_text: &[String],
        time: DecisionTime,
    ) -> anyhow::Result<usize> {
        match self.seat.ask_within(Some(step), view, legal, legal_text, time) {
            Ok(index) => Ok(index),
            Err(failure) => {
                eprintln!("the program did not decide at seq {step} ({failure}); the fallback bot does");
                let chosen = self.fallback.choose(view, legal).map_err(|e| anyhow!("fallback bot: {e}"))?;
                Ok(legal.iter().position(|a| *a == chosen).unwrap_or(0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(link: &str, match_id: Option<&str>) -> anyhow::Result<Target> {
        target(&Url::parse(link).expect("a link"), match_id)
    }

    #[test]
    fn a_link_names_a_waiting_room_or_a_table() {
        let room = |id: &str, invite: Option<&str>| Target::Room { id: id.into(), invite: invite.map(Into::into) };
        let table = |id: &str| Target::Match { id: id.into() };
        assert_eq!(of("http://h:8080/tables/abc?invite=X1", None).unwrap(), room("abc", Some("X1")));
        assert_eq!(of("https://h/tables/abc/", None).unwrap(), room("abc", None));
        assert_eq!(of("https://h/play/abc?watch=1", None).unwrap(), table("abc"));
        assert_eq!(of("http://h:8080", Some("abc")).unwrap(), table("abc"));
        assert_eq!(of("http://h:8080/tables/abc", Some("abc")).unwrap(), room("abc", None));
        for (link, id, says) in [
            ("http://h:8080", None, "no table"),
            ("http://h:8080/tables/abc", Some("xyz"), "--match says"),
            ("http://h:8080/games/cash", None, "no table's link"),
        ] {
            let error = of(link, id).expect_err(link).to_string();
            assert!(error.contains(says), "{link}: {error}");
        }
    }

    #[test]
    fn a_clock_shortens_the_budget_to_what_the_seat_has_left() {
        let control = safehouse_api::TimeControl { bank_secs: 60, increment_secs: 2, on_timeout: Default::default() };
        let clock = |left: i64| ClockView { server_ms: 0, running: Some(1), remaining_ms: vec![60_000, left], control };
        let time = |budget_ms, at_most_ms| DecisionTime { budget_ms, at_most_ms };
        assert_eq!(clock_budget(5_000, None, 1), time(5_000, None), "no clock: the flag's budget");
        assert_eq!(clock_budget(5_000, Some(&clock(60_000)), 1), time(5_000, Some(53_700)), "time enough");
        assert_eq!(clock_budget(5_000, Some(&clock(3_000)), 1), time(2_400, Some(2_400)), "90% less 300 ms");
        assert_eq!(clock_budget(5_000, Some(&clock(200)), 1), time(100, Some(100)), "never below 100 ms");
        assert_eq!(clock_budget(5_000, Some(&clock(0)), 7), time(5_000, None), "a seat the clock does not know");
    }

    #[test]
    fn a_welcome_without_the_seat_is_no_seat_and_not_retried() {
        assert_eq!(welcome_seat(&json!({"type": "welcome", "viewer": {"seat": 2}})).ok(), Some(2));
        let spectator = welcome_seat(&json!({"type": "welcome", "viewer": "spectator"})).expect_err("no seat");
        assert!(spectator.is::<NotSeated>() && spectator.to_string().contains("did not seat"), "{spectator}");
        assert!(welcome_seat(&json!({"type": "error"})).expect_err("an error").is::<NotSeated>());
    }

    #[test]
    fn a_program_is_named_after_its_file() {
        assert_eq!(program_name("python3 examples/random_bot.py"), "random_bot (program)");
        assert_eq!(program_name("'/opt/my bots/alpha' --fast"), "alpha (program)");
        assert_eq!(program_name("mybot"), "mybot (program)");
    }
}
