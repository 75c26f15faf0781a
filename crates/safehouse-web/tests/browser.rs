//! The browser table in a real browser: Debian's headless Chromium driven through chromedriver.
//!
//! Each test starts the table server on a fresh SQLite file and a chromedriver, opens browsers
//! with a fresh profile each, and clicks through the pages as a person would. `scripts/test` runs
//! two at a time (`.config/nextest.toml`); `cargo test` one at a time. Screenshots go to
//! `artifacts/web/`.
//!
//! Needs `chromium` and `chromium-driver` (`scripts/test` installs them); `SAFEHOUSE_CHROMIUM`
//! and `SAFEHOUSE_CHROMEDRIVER` name other binaries.

use std::future::Future;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use safehouse_client::HttpClient;
use safehouse_engine::{DynRecord, Seat, Viewer};
use safehouse_server::{Config, Server};
use serde_json::{Value, json};

// People at one table, each in a browser of their own (issue 13). A path, so that the file is
// found the same way when the latency bench (`examples/move_latency.rs`) includes this one.
#[path = "browser/people.rs"]
mod people;
// Turn-based tables: "waiting for your move" and "tell me when it is my turn".
#[path = "browser/turns.rs"]
mod turns;
// The first games: every game's tutorial played to its finish (issue 16 item 7).
#[path = "browser/tutorial.rs"]
mod tutorial;
// The replay plays itself, its move list follows, pause stops it (issue 16 item 9).
#[path = "browser/replay.rs"]
mod replay;

/// Under `cargo test` the tests of this binary share one process: one browser test at a time.
/// (cargo-nextest runs each test in a process of its own, and its test group sets how many.)
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const WAIT: Duration = Duration::from_secs(20);

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../artifacts/web");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// chromedriver, and every browser session it opened (closed even when a test fails).
struct Driver {
    child: Child,
    port: u16,
    sessions: Arc<Mutex<Vec<String>>>,
    _profiles: Vec<tempfile::TempDir>,
}

impl Driver {
    fn start() -> Driver {
        let binary = std::env::var("SAFEHOUSE_CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_owned());
        let port =
            TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port");
        let child = Command::new(&binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start {binary} ({e}): install chromium and chromium-driver (scripts/test does)")
            });
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port, sessions: Arc::default(), _profiles: Vec::new() }
    }

    /// A browser with a fresh profile and a window of `width` × `height`.
    async fn browser(&mut self, name: &str, base: &str, width: u32, height: u32) -> Browser {
        let chromium = std::env::var("SAFEHOUSE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
        let profile = tempfile::tempdir().expect("a profile directory");
        let args = vec![
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--lang=en-GB".to_owned(),
            format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={width},{height}"),
        ];
        self._profiles.push(profile);
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".to_owned(), json!({ "binary": chromium, "args": args }));
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a browser session");
        if let Ok(Some(id)) = client.session_id().await {
            self.sessions.lock().unwrap_or_else(|p| p.into_inner()).push(id);
        }
        Browser { client, base: base.to_owned(), name: name.to_owned() }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Close every session (its Chromium goes with it), then chromedriver itself.
        let sessions = std::mem::take(&mut *self.sessions.lock().unwrap_or_else(|p| p.into_inner()));
        for id in sessions {
            if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let request = format!(
                    "DELETE /session/{id} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                );
                let _ = stream.write_all(request.as_bytes());
                let mut sink = Vec::new();
                let _ = stream.read_to_end(&mut sink);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser window.
pub(crate) struct Browser {
    pub(crate) client: Client,
    base: String,
    pub(crate) name: String,
}

/// What the table page shows, read by script.
#[derive(Debug, Clone, Default)]
pub(crate) struct PageState {
    pub(crate) seq: u64,
    pub(crate) mine: bool,
    pub(crate) over: bool,
    pub(crate) notice: String,
}

const STATE_JS: &str = r#"
const p = document.getElementById('play');
if (!p) return null;
const notice = document.getElementById('notice');
return {
  seq: Number(p.dataset.seq || 0),
  mine: !!document.querySelector('#status .turn.mine'),
  over: !!document.querySelector('#status .turn.over'),
  notice: notice ? notice.innerText : ''
};
"#;

/// Every control must have a name for a screen reader; returns the ones that do not.
const A11Y_JS: &str = r#"
const bad = [];
const named = (el) => {
  if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return true;
  if ((el.innerText || el.textContent || '').trim()) return true;
  return false;
};
document.querySelectorAll('button, a[href]').forEach((el) => { if (!named(el)) bad.push(el.outerHTML.slice(0, 120)); });
document.querySelectorAll('input:not([type=hidden]), select').forEach((el) => {
  const labelled = (el.id && document.querySelector('label[for="' + el.id + '"]')) || el.closest('label')
    || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
  if (!labelled) bad.push(el.outerHTML.slice(0, 120));
});
document.querySelectorAll('svg[role=img]').forEach((el) => { if (!el.getAttribute('aria-label')) bad.push(el.outerHTML.slice(0, 120)); });
if (!document.documentElement.lang) bad.push('<html> without lang');
return bad;
"#;

impl Browser {
    pub(crate) async fn goto(&self, path: &str) {
        self.client.goto(&format!("{}{path}", self.base)).await.expect("navigation");
    }

    pub(crate) async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client.execute(script, args).await.unwrap_or(Value::Null)
    }

    pub(crate) async fn state(&self) -> Option<PageState> {
        let v = self.js(STATE_JS, vec![]).await;
        if v.is_null() {
            return None;
        }
        Some(PageState {
            seq: v["seq"].as_u64().unwrap_or(0),
            mine: v["mine"].as_bool().unwrap_or(false),
            over: v["over"].as_bool().unwrap_or(false),
            notice: v["notice"].as_str().unwrap_or("").to_owned(),
        })
    }

    async fn text(&self, css: &str) -> String {
        self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", vec![json!(css)])
            .await
            .as_str()
            .unwrap_or("")
            .to_owned()
    }

    async fn exists(&self, css: &str) -> bool {
        self.js("return !!document.querySelector(arguments[0]);", vec![json!(css)]).await.as_bool().unwrap_or(false)
    }

    /// Clicks the element `css` (a real WebDriver click), retrying while the page is being
    /// redrawn. False if it never appears.
    pub(crate) async fn click(&self, css: &str) -> bool {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(5) {
            if let Ok(element) = self.client.find(Locator::Css(css)).await
                && element.click().await.is_ok()
            {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        false
    }

    /// Waits until `check` holds for the page state.
    pub(crate) async fn wait_state(&self, what: &str, check: impl Fn(&PageState) -> bool) -> PageState {
        let started = Instant::now();
        loop {
            if let Some(state) = self.state().await
                && check(&state)
            {
                return state;
            }
            assert!(started.elapsed() < WAIT, "{}: timed out waiting for {what}", self.name);
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    pub(crate) async fn wait_for(&self, css: &str) {
        let started = Instant::now();
        while !self.exists(css).await {
            assert!(started.elapsed() < WAIT, "{}: timed out waiting for {css}", self.name);
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Clicks the move button `css` and waits until the table has moved on (or refused it).
    async fn make_move(&self, css: &str) -> PageState {
        let before = self.state().await.unwrap_or_default();
        assert!(self.click(css).await, "{}: cannot click {css}", self.name);
        self.wait_state("the move to land", |s| s.seq > before.seq || !s.notice.is_empty()).await
    }

    async fn shot(&self, name: &str) {
        if let Ok(png) = self.client.screenshot().await {
            let _ = std::fs::write(artifacts().join(format!("{name}.png")), png);
        }
    }

    pub(crate) async fn match_id(&self) -> String {
        self.js("const p = document.getElementById('play'); return p ? p.dataset.match : '';", vec![])
            .await
            .as_str()
            .unwrap_or("")
            .to_owned()
    }

    async fn a11y_problems(&self) -> Vec<String> {
        self.js(A11Y_JS, vec![])
            .await
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }

    /// The seat token this browser holds for a match (its cookie is HttpOnly: only WebDriver sees it).
    async fn token(&self, id: &str) -> Option<String> {
        let cookie = self.client.get_named_cookie(&format!("sh_{id}")).await.ok()?;
        cookie.value().split_once('.').map(|(_, t)| t.to_owned())
    }

    pub(crate) async fn close(self) {
        let _ = self.client.close().await;
    }
}

/// The game log's lines on the page: `(seq, text)` of each `#log-list li`.
async fn log_of(b: &Browser) -> Vec<(u64, String)> {
    const LOG_JS: &str = "return Array.from(document.querySelectorAll('#log-list li')).map((li) => [Number(li.dataset.seq), li.innerText]);";
    let v = b.js(LOG_JS, vec![]).await;
    v.as_array()
        .map(|a| a.iter().map(|e| (e[0].as_u64().unwrap_or(0), e[1].as_str().unwrap_or("").to_owned())).collect())
        .unwrap_or_default()
}

/// Waits until the page's log reaches the table's seq (the last update drawn), then reads it.
async fn settled_log(b: &Browser) -> Vec<(u64, String)> {
    let started = Instant::now();
    loop {
        let v = b
            .js(
                "const p = document.getElementById('play'); return [Number(p.dataset.seq), Number(p.dataset.logSeq)];",
                vec![],
            )
            .await;
        if v[0].as_u64().is_some() && v[0] == v[1] {
            return log_of(b).await;
        }
        assert!(started.elapsed() < WAIT, "{}: the log never caught up with the table: {v}", b.name);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The game log's seqs a spectator may be shown: the actions whose spectator events are not empty
/// (`GET /api/matches/{id}/log` without a token).
async fn spectator_log_seqs(h: &Harness, id: &str) -> Vec<u64> {
    let http = HttpClient::new(h.addr());
    let api = http.get(&format!("/api/matches/{id}/log"), None).await.expect("the log").body;
    api["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["events"].as_array().is_some_and(|v| !v.is_empty()))
        .filter_map(|e| e["seq"].as_u64())
        .collect()
}

/// A spectator's page log `shown` holds only actions of the spectator's log `with_events`, from
/// its start to its end. (An event the page has no words for draws no line: allow the first and
/// last few.)
fn assert_whole_log(shown: &[(u64, String)], with_events: &[u64], what: &str) {
    let shown: Vec<u64> = shown.iter().map(|(seq, _)| *seq).collect();
    assert!(shown.iter().all(|seq| with_events.contains(seq)), "{what}: {shown:?} vs {with_events:?}");
    let head = &with_events[..with_events.len().min(3)];
    let tail = &with_events[with_events.len().saturating_sub(3)..];
    assert!(shown.first().is_some_and(|s| head.contains(s)), "{what}: the log starts at the start: {shown:?}");
    assert!(shown.last().is_some_and(|s| tail.contains(s)), "{what}: and reaches the last move: {shown:?}");
}

/// A page's HTML at one point of a match, seen by one viewer.
struct Snapshot {
    viewer: Viewer,
    seq: u64,
    html: String,
}

impl Snapshot {
    async fn take(browser: &Browser, viewer: Viewer) -> Snapshot {
        // One script call: the HTML and the seq it was drawn at come from the same moment.
        let v = browser
            .js(
                "const p = document.getElementById('play'); return [Number(p.dataset.seq), document.documentElement.outerHTML];",
                vec![],
            )
            .await;
        Snapshot { viewer, seq: v[0].as_u64().unwrap_or(0), html: v[1].as_str().unwrap_or("").to_owned() }
    }
}

pub(crate) struct Harness {
    server: Server,
    driver: Driver,
    _dir: tempfile::TempDir,
}

impl Harness {
    fn base(&self) -> String {
        self.server.url()
    }

    fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    pub(crate) async fn browser(&mut self, name: &str) -> Browser {
        let base = self.base();
        self.driver.browser(name, &base, 1280, 900).await
    }

    async fn record(&self, id: &str) -> DynRecord {
        let http = HttpClient::new(self.addr());
        let reply = http.get(&format!("/api/matches/{id}/record"), None).await.expect("the record");
        serde_json::from_value(reply.body["record"].clone()).expect("a record")
    }
}

/// Runs a browser test: a server with `bot_delay_ms`, chromedriver, one test at a time.
pub(crate) fn run<F, Fut>(bot_delay_ms: u64, test: F)
where
    F: FnOnce(Harness) -> Fut,
    Fut: Future<Output = ()>,
{
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a directory");
        let config = Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: format!("sqlite://{}", dir.path().join("web.db").display()),
            bot_delay_ms,
            idle_takeover_secs: 0,
            rate_per_sec: 10_000.0,
            rate_burst: 10_000.0,
            // One browser machine makes every table: per-client shares opened wide.
            max_matches_per_client: 1_000_000,
            creates_per_minute: 1_000_000,
            create_burst: 1_000_000,
            finished_linger_secs: 600,
            ..Config::default()
        };
        let server = safehouse_server::start(config).await.expect("the server starts");
        let driver = Driver::start();
        test(Harness { server, driver, _dir: dir }).await;
    });
}

/// Sets up a table on the setup page: `seats` are the choices per seat (`me`, `friend`,
/// `easy`, `medium`, `hard`), `options` are `(option, JSON value)` pairs, then starts it.
pub(crate) async fn set_up(b: &Browser, game: &str, seats: &[&str], options: &[(&str, &str)], hints: bool) {
    fill_setup(b, game, seats, options, hints).await;
    assert!(b.click("form.setup-form button[type=submit]").await, "start");
    b.wait_for("#play").await;
}

/// Fills the setup form as [`set_up`] does (reached from the home page's link), without sending it.
async fn fill_setup(b: &Browser, game: &str, seats: &[&str], options: &[(&str, &str)], hints: bool) {
    b.goto("/").await;
    assert!(b.click(&format!("a[href='/new/{game}']")).await, "the home page links to {game}'s setup");
    b.wait_for("form.setup-form").await;
    let players = b.client.find(Locator::Css("#players")).await.expect("players");
    players.select_by_value(&seats.len().to_string()).await.expect("a player count");
    for (i, choice) in seats.iter().enumerate() {
        let select = b.client.find(Locator::Css(&format!("#seat-{i}"))).await.expect("a seat");
        select.select_by_value(choice).await.expect("a seat choice");
    }
    // Rarely changed options fold under "More rules": open it as a person would to reach them.
    if !options.is_empty() && b.exists("details.more-rules").await {
        assert!(b.click("details.more-rules > summary").await, "\"More rules\" opens");
    }
    for (option, value) in options {
        let field = b.client.find(Locator::Css(&format!("#opt-{option}"))).await.expect("an option");
        match field.tag_name().await.unwrap_or_default().as_str() {
            "select" => field.select_by_value(value).await.expect("an option value"),
            _ => {
                field.clear().await.expect("clear");
                field.send_keys(value).await.expect("type");
            }
        }
    }
    if hints {
        assert!(b.click("label[for=hints]").await, "the hint panel can be allowed");
    }
}

/// Makes one move as a person would, by clicking the table. Returns false if it could not.
pub(crate) async fn play_one(b: &Browser, game: &str, turn: usize) -> bool {
    let choice = b.js(CHOOSE_JS, vec![json!(game), json!(turn)]).await;
    let steps: Vec<String> =
        choice.as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default();
    if steps.is_empty() {
        return false;
    }
    for step in &steps[..steps.len() - 1] {
        assert!(b.click(step).await, "{}: cannot click {step}", b.name);
    }
    let state = b.make_move(&steps[steps.len() - 1]).await;
    assert!(
        state.notice.is_empty() || state.over,
        "{}: a move chosen from the table was refused: {}",
        b.name,
        state.notice
    );
    true
}

/// What to click for a move (CSS selectors, in order): the table's own controls, the way a
/// person would use them. `turn` varies the choices.
const CHOOSE_JS: &str = r#"
const game = arguments[0], turn = arguments[1];
const pick = (list) => list[turn % list.length];
const q = (s) => Array.from(document.querySelectorAll(s));
const esc = (v) => CSS.escape(v);
if (game === 'club-unlock') {
  const safes = q('#act-form button.safe.legal');
  if (safes.length) return ['#act-form button.safe.legal'];
  if (document.querySelector('#end-turn')) return ['#end-turn'];
  if (document.querySelector('#pass')) return ['#pass'];
  const piles = q('#act-form button.pile.legal');
  if (piles.length) { const i = turn % piles.length; return ['#act-form li:nth-child(' + (1 + Array.from(piles[i].closest('ul').children).indexOf(piles[i].closest('li'))) + ') > button.pile']; }
  return [];
}
if (game === 'explosiv' || game === 'the-safe') {
  const cards = q('input[name=card]').filter((r) => r.dataset.targets && !r.disabled);
  if (cards.length) {
    const card = pick(cards);
    const targets = card.dataset.targets.split(' ');
    return ['label.choice:has(input[name=card][value="' + esc(card.value) + '"])', '#' + targets[turn % targets.length]];
  }
  if (document.querySelector('#pass')) return ['#pass'];
  if (document.querySelector('#discard')) {
    const any = q('input[name=card]')[0];
    return ['label.choice:has(input[name=card][value="' + esc(any.value) + '"])', '#discard'];
  }
  const names = q('.naming button');
  if (names.length) return ['.naming button:nth-child(' + (1 + turn % names.length) + ')'];
  return [];
}
if (game === 'safe-breaker') {
  const colours = q('input[name=colour]'), numbers = q('input[name=number]');
  if (!colours.length) return [];
  const c = colours[turn % colours.length].value, n = numbers[(turn * 5 + 1) % numbers.length].value;
  const steps = ['label.choice:has(input[name=colour][value="' + c + '"])', 'label.choice:has(input[name=number][value="' + n + '"])'];
  if (document.querySelector('#ask') && turn % 7 !== 6) return steps.concat(['#ask']);
  return steps.concat(['button.accuse']);
}
return [];
"#;

/// A move with a choice missing (a row without a card, a question without a colour) is
/// explained and changes nothing.
async fn half_a_move(b: &Browser, game: &str, seq: u64) {
    let (button, words) = match game {
        "explosiv" | "the-safe" => ("#row-0", "Pick a card from your hand first."),
        "safe-breaker" => ("#ask", "Choose a colour first."),
        _ => return,
    };
    assert!(b.click(button).await, "{game}: {button} is on the table");
    let refused = b.wait_state("an explanation", |s| !s.notice.is_empty()).await;
    assert_eq!(refused.notice.trim(), words, "{game}: the explanation");
    assert_eq!(refused.seq, seq, "{game}: a refused move changes nothing");
}

/// Plays `b`'s seat until the game is over, taking snapshots of the page on the way.
async fn play_to_the_end(b: &Browser, game: &str, viewer: Viewer, snapshots: &mut Vec<Snapshot>, shot_at: usize) {
    let started = Instant::now();
    let mut turn = 0usize;
    loop {
        assert!(started.elapsed() < Duration::from_secs(150), "{game}: the game did not end in time");
        let Some(state) = b.state().await else { panic!("{game}: no table on the page") };
        if state.over {
            break;
        }
        if !state.mine {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        if turn.is_multiple_of(6) {
            snapshots.push(Snapshot::take(b, viewer).await);
        }
        if turn == shot_at {
            b.shot(&format!("{game}-table")).await;
        }
        if turn == 0 {
            half_a_move(b, game, state.seq).await;
        }
        if !play_one(b, game, turn).await {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        turn += 1;
    }
    snapshots.push(Snapshot::take(b, viewer).await);
}

/// The markup of a Safe Breaker code in the players list (the known-code pill), e.g. `>R3</span>`.
fn code_pill(code: &Value) -> String {
    let colour = code["colour"].as_str().unwrap_or("");
    let letter = colour.chars().next().unwrap_or('?').to_ascii_uppercase();
    format!(">{letter}{}</span>", code["number"].as_u64().unwrap_or(0))
}

/// The markup of a The Safe card face from its id (`Y7`): `>7<small>Y</small>`.
fn safe_face(card: &str) -> String {
    format!(">{}<small>{}</small>", &card[1..], &card[..1])
}

/// The markup of a The Safe card in the hand's form: `value="Y7"`.
fn safe_choice(card: &str) -> String {
    format!("value=\"{card}\"")
}

/// The markup of an Explosiv number card of `seat`: `>5<small>R</small>`.
fn explosiv_card(seat: Seat, card: &Value) -> String {
    let letter = ['R', 'B', 'G', 'Y'][seat.index() % 4];
    format!(">{}<small>{letter}</small>", card.as_u64().unwrap_or(0))
}

/// The two pieces of markup that name a Club Unlock safe: its number and its words (the page
/// numbers safes from 1, the JSON from 0).
fn club_safe(id: &Value) -> [String; 2] {
    let id = id.as_u64().unwrap_or(0) + 1;
    [format!(">#{id}</span>"), format!("safe #{id} (")]
}

/// The state and the public view of a record's match after `seq` actions, or `None` once over.
fn position(record: &DynRecord, seq: u64) -> Option<Box<dyn safehouse_engine::DynMatch>> {
    let game = safehouse_games::find(&record.game).expect("a game").game;
    let mut upto = record.clone();
    upto.actions.truncate(seq as usize);
    let m = game.replay(&upto).expect("the record replays");
    m.to_move().map(|_| m)
}

/// What must never appear in `viewer`'s page at `seq`, worked out afterwards from the finished
/// match's record: pieces of HTML that would draw another seat's hidden card, the hidden code or
/// the deck. Cards that are also on the table in the open (a named guess, last mission's code)
/// cannot tell a leak apart and are left out.
fn forbidden(record: &DynRecord, seq: u64, viewer: Viewer) -> Vec<String> {
    let Some(m) = position(record, seq) else { return Vec::new() };
    let others: Vec<Seat> = (0..record.players).map(|s| Seat(s as u8)).filter(|s| viewer != Viewer::Seat(*s)).collect();
    let state = m.state();
    let public = m.view(Viewer::Spectator);
    let mut out = Vec::new();
    match record.game.as_str() {
        "safe-breaker" => {
            for seat in others {
                let open = &public["seats"][seat.index()];
                if open["lock"].is_null() || open["key"].is_null() {
                    out.push(code_pill(&m.view(Viewer::Seat(seat))["own_code"]));
                }
            }
        }
        "the-safe" => {
            let mut open: Vec<String> = Vec::new();
            for row in public["rows"].as_array().into_iter().flatten() {
                open.extend(
                    row["cards"].as_array().into_iter().flatten().filter_map(|c| c.as_str().map(str::to_owned)),
                );
            }
            for list in [&public["named"], &public["last_mission"]["code"], &public["last_mission"]["named"]] {
                open.extend(list.as_array().into_iter().flatten().filter_map(|c| c.as_str().map(str::to_owned)));
            }
            let mut hidden: Vec<String> = Vec::new();
            for seat in others {
                for card in
                    m.view(Viewer::Seat(seat))["hand"].as_array().into_iter().flatten().filter_map(Value::as_str)
                {
                    out.push(safe_choice(card));
                    hidden.push(card.to_owned());
                }
            }
            for list in [&state["code"], &state["pile"]] {
                hidden.extend(list.as_array().into_iter().flatten().filter_map(|c| c.as_str().map(str::to_owned)));
            }
            out.extend(hidden.iter().filter(|c| !open.contains(c)).map(|c| safe_face(c)));
        }
        "explosiv" => {
            for seat in others {
                for card in m.view(Viewer::Seat(seat))["seats"][seat.index()]["hand"].as_array().into_iter().flatten() {
                    out.push(explosiv_card(seat, card));
                }
            }
        }
        "club-unlock" => {
            for id in state["deck"].as_array().into_iter().flatten() {
                out.extend(club_safe(id));
            }
        }
        _ => {}
    }
    out
}

/// The positive control of [`forbidden`]: the same patterns built for what `viewer` may see
/// (its own code or hand; in Club Unlock, whose hidden cards are the deck, the displayed
/// safes), all of which must be found in its page, so that a pattern that matches nothing
/// cannot pass for "no leak".
fn must_show(record: &DynRecord, seq: u64, viewer: Viewer) -> Vec<String> {
    let Some(m) = position(record, seq) else { return Vec::new() };
    let mine = viewer.seat().map(|seat| (seat, m.view(viewer)));
    let mut out = Vec::new();
    match (record.game.as_str(), mine) {
        ("safe-breaker", Some((_, view))) => out.push(code_pill(&view["own_code"])),
        ("the-safe", Some((_, view))) => {
            for card in view["hand"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                out.push(safe_choice(card));
                out.push(safe_face(card));
            }
        }
        ("explosiv", Some((seat, view))) => {
            for card in view["seats"][seat.index()]["hand"].as_array().into_iter().flatten() {
                out.push(explosiv_card(seat, card));
            }
        }
        ("club-unlock", _) => {
            // The number is on every safe's face; its words only in the log and on buttons.
            for slot in m.view(Viewer::Spectator)["display"].as_array().into_iter().flatten() {
                let [number, _words] = club_safe(&slot["safe"]);
                out.push(number);
            }
        }
        _ => {}
    }
    out
}

/// Safe Breaker: every half of another seat's code that is not face up is drawn hidden.
fn check_fortresses(record: &DynRecord, snap: &Snapshot) {
    if record.game != "safe-breaker" {
        return;
    }
    let game = safehouse_games::find(&record.game).expect("a game").game;
    let mut upto = record.clone();
    upto.actions.truncate(snap.seq as usize);
    let public = game.replay(&upto).expect("the record replays").view(Viewer::Spectator);
    let blocks: Vec<&str> = snap.html.split("<li class=\"fortress").skip(1).collect();
    assert_eq!(blocks.len(), record.players, "one fortress per seat");
    for (i, block) in blocks.iter().enumerate() {
        let block = block.split("</li>").next().unwrap_or("");
        if snap.viewer == Viewer::Seat(Seat(i as u8)) {
            continue;
        }
        if public["seats"][i]["lock"].is_null() {
            assert!(block.contains("half lock hidden"), "seat {i}'s hidden lock is drawn at move {}", snap.seq);
        }
        if public["seats"][i]["key"].is_null() {
            assert!(block.contains("half key hidden"), "seat {i}'s hidden key is drawn at move {}", snap.seq);
        }
    }
}

fn check_snapshots(record: &DynRecord, snapshots: &[Snapshot], tokens: &[String]) {
    assert!(!snapshots.is_empty(), "no page was checked");
    let mut controls = 0;
    for snap in snapshots {
        for needle in must_show(record, snap.seq, snap.viewer) {
            assert!(
                snap.html.contains(&needle),
                "{} page of {:?} at move {}: the leak check's pattern {needle:?} does not find what the page \
                 must show, so it could not find a leak either",
                record.game,
                snap.viewer,
                snap.seq
            );
            controls += 1;
        }
        for needle in forbidden(record, snap.seq, snap.viewer) {
            assert!(
                !snap.html.contains(&needle),
                "{} page of {:?} at move {} shows a hidden card: {needle:?}",
                record.game,
                snap.viewer,
                snap.seq
            );
        }
        check_fortresses(record, snap);
        for token in tokens {
            assert!(!snap.html.contains(token.as_str()), "a seat token is in the page");
        }
        // No view or state JSON is ever embedded in the page.
        assert!(!snap.html.contains("\"own_code\"") && !snap.html.contains("\"hand\""), "raw view JSON in the page");
    }
    assert!(controls > 0, "{}: the leak check's patterns were never tried on what the page must show", record.game);
}

/// A game against bots: set up on the setup page, play to the end by clicking, check every
/// snapshot for hidden cards, look at the result and the replay.
async fn game_against_bots(mut h: Harness, game: &str, seats: &[&str], options: &[(&str, &str)], shot_at: usize) {
    let b = h.browser(game).await;
    set_up(&b, game, seats, options, false).await;
    let id = b.match_id().await;
    let me = seats.iter().position(|s| *s == "me").map(|s| Viewer::Seat(Seat(s as u8))).unwrap_or(Viewer::Spectator);
    let problems = b.a11y_problems().await;
    assert!(problems.is_empty(), "{game}: controls without a name: {problems:?}");
    let mut snapshots = Vec::new();
    play_to_the_end(&b, game, me, &mut snapshots, shot_at).await;
    b.wait_for(".result table.scores").await;
    b.shot(&format!("{game}-end")).await;
    let log = b.text("#log-list").await;
    assert!(!log.trim().is_empty(), "{game}: the game log stayed empty");
    let token = b.token(&id).await.expect("the seat cookie");
    let record = h.record(&id).await;
    check_snapshots(&record, &snapshots, &[token]);

    // The replay: the last move, then one step back with the keyboard.
    assert!(b.click(".result a.button").await, "{game}: the result links to the replay");
    b.wait_for(".replay-bar").await;
    let total = record.actions.len();
    let count = b.text(".step-count").await;
    assert!(count.contains(&total.to_string()), "{game}: the replay shows move {total}: {count}");
    assert!(b.exists(".result table.scores").await, "{game}: the replay's last step shows the result");
    let body = b.client.find(Locator::Css("body")).await.expect("body");
    body.send_keys("\u{E012}").await.expect("the left arrow key");
    let started = Instant::now();
    while !b.client.current_url().await.map(|u| u.as_str().contains(&format!("step={}", total - 1))).unwrap_or(false) {
        assert!(started.elapsed() < WAIT, "{game}: the left arrow did not step back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.goto(&format!("/replay/{id}?step={}&as=spectator", total / 2)).await;
    b.shot(&format!("{game}-replay")).await;
    b.close().await;
}

#[test]
fn club_unlock_against_bots_to_the_end() {
    run(0, |h| game_against_bots(h, "club-unlock", &["me", "easy", "easy"], &[("first_player", "0")], 12));
}

#[test]
fn explosiv_against_bots_to_the_end() {
    run(0, |h| game_against_bots(h, "explosiv", &["me", "medium", "easy"], &[], 3));
}

#[test]
fn the_safe_against_bots_to_the_end() {
    run(0, |h| {
        game_against_bots(
            h,
            "the-safe",
            &["me", "easy"],
            &[("on_mission_fail", "\"retry_mission\""), ("mission_limit", "6")],
            1,
        )
    });
}

#[test]
fn safe_breaker_against_bots_to_the_end() {
    // The person starts: with a random first player the bots could crack seat 0's code before
    // its first turn, leaving no live page to check (seen once in CI).
    run(0, |h| game_against_bots(h, "safe-breaker", &["me", "easy", "hard"], &[("first_player", "0")], 0));
}

/// Design-note marks a player should never meet on the setup page: a rulebook citation
/// (`001:34`), a gap id (`S10`, `T11`), a source name, or a JSON `null`.
fn design_marks(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for i in 0..chars.len() {
        let before_ok = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        // `ddd:d`: a citation of a rulebook line.
        if before_ok && i + 4 < chars.len() && chars[i..i + 3].iter().all(char::is_ascii_digit) && chars[i + 3] == ':' {
            let line = chars[i + 4..].iter().take_while(|c| c.is_ascii_digit()).count();
            if line > 0 {
                found.push(chars[i..i + 4 + line].iter().collect());
            }
        }
        // A gap id: C, E, S or T and one or two digits, standing alone.
        if before_ok && matches!(chars[i], 'C' | 'E' | 'S' | 'T') {
            let digits = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let after = chars.get(i + 1 + digits);
            if (1..=2).contains(&digits) && after.is_none_or(|c| !c.is_alphanumeric()) {
                found.push(chars[i..i + 1 + digits].iter().collect());
            }
        }
    }
    for word in ["null", "ludorium", "Japanese review", "Timbuktu", "North & South"] {
        if text.contains(word) {
            found.push(word.to_owned());
        }
    }
    found
}

#[test]
fn design_marks_are_found() {
    // The detector itself, on the kind of text the setup page used to show.
    assert_eq!(design_marks("Quick Game (S10, 001:34); null draws it"), vec!["S10", "001:34", "null"]);
    assert!(design_marks("Seat 3 · 2–6 players · 10:30 · SEAT 1 · mission 1").is_empty());
}

/// Every game's setup page, in English, Korean and German, with every fold opened: players' words
/// only (no option or value ids, no citations), and the options' labels are there in the page's
/// language and in no other.
#[test]
fn setup_pages_speak_in_players_words() {
    run(0, |mut h| async move {
        let b = h.browser("setup-words").await;
        for game in safehouse_games::all() {
            let id = game.info().id;
            let docs = game.option_docs();
            for lang in ["en", "ko", "de"] {
                b.goto(&format!("/new/{id}?lang={lang}")).await;
                b.wait_for("form.setup-form").await;
                assert!(b.exists("details.more-rules").await, "{id}: rare options fold under \"More rules\"");
                b.js("document.querySelectorAll('details').forEach((d) => { d.open = true; });", vec![]).await;
                let page = b.text("main").await;
                // The positive control: each option's players' label is on the page, in this language.
                for doc in &docs {
                    let label = doc.label.in_language(lang);
                    assert!(page.contains(label), "{id} ({lang}): the label {label:?} of {} is missing", doc.name);
                    for other in ["en", "ko", "de"].into_iter().filter(|other| *other != lang) {
                        let theirs = doc.label.in_language(other);
                        assert!(!page.contains(theirs), "{id} ({lang}): the {other} label {theirs:?} is shown");
                    }
                    assert!(!page.contains(&doc.name), "{id} ({lang}): the raw option name {} is shown", doc.name);
                    let mut values = Vec::new();
                    collect_ids(&doc.domain, &mut values);
                    for value in values.iter().filter(|v| v.contains('_')) {
                        assert!(!page.contains(value.as_str()), "{id} ({lang}): the raw value {value} is shown");
                    }
                }
                for (preset, _, _) in game.presets() {
                    if preset.contains('-') && preset != id {
                        assert!(!page.contains(preset), "{id} ({lang}): the raw preset id {preset} is shown");
                    }
                }
                let marks = design_marks(&page);
                assert!(marks.is_empty(), "{id} ({lang}): design notes on the setup page: {marks:?}");
                if lang == "ko" {
                    assert!(page.contains("규칙 더 보기"), "{id}: the Korean fold");
                }
                if lang == "de" {
                    assert!(page.contains("Weitere Regeln"), "{id}: the German fold");
                }
            }
        }
        b.shot("setup-words").await;

        // Two at Safe Breaker, without the rule that allows two: the server refuses the table,
        // and the page says which rule, by its label.
        fill_setup(&b, "safe-breaker", &["me", "medium"], &[], false).await;
        assert!(b.click("form.setup-form button[type=submit]").await, "start");
        b.wait_for("div.notice[role=alert]").await;
        let notice = b.text("div.notice[role=alert]").await;
        assert!(notice.contains("2 players need the rule “Allow two players”"), "the refusal: {notice}");
        assert!(!notice.contains("allow_two_players"), "the refusal shows the option's id: {notice}");
        b.close().await;
    });
}

/// The string values of a domain (choices, through optional and any-of).
fn collect_ids(domain: &safehouse_engine::OptionDomain, out: &mut Vec<String>) {
    use safehouse_engine::OptionDomain;
    match domain {
        OptionDomain::Choice { values } => out.extend(values.iter().cloned()),
        OptionDomain::Optional { some } => collect_ids(some, out),
        OptionDomain::AnyOf { alternatives } => alternatives.iter().for_each(|a| collect_ids(a, out)),
        OptionDomain::Bool | OptionDomain::Integer { .. } => {}
    }
}

/// Two people play each other through an invite link while a third watches.
#[test]
fn two_browsers_play_through_an_invite_while_a_third_watches() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        set_up(&a, "safe-breaker", &["me", "friend", "easy"], &[], true).await;
        let id = a.match_id().await;
        a.wait_for("input.invite-link").await;
        let link = a.js("return document.querySelector('input.invite-link').value;", vec![]).await;
        let link = link.as_str().expect("an invite link").to_owned();
        assert!(link.contains(&format!("/join/{id}?seat=1&code=")), "invite link: {link}");
        a.shot("friends-invite").await;

        let b = h.browser("bob").await;
        b.client.goto(&link).await.expect("the invite link opens");
        let name = b.client.find(Locator::Css("#join-name")).await.expect("a name field");
        name.send_keys("Bob").await.expect("typing");
        assert!(b.click("form button[type=submit]").await, "take the seat");
        b.wait_for("#play").await;
        assert_eq!(b.match_id().await, id);

        let c = h.browser("carol").await;
        c.goto(&format!("/play/{id}")).await;
        c.wait_for("#play").await;
        assert!(c.text("#status").await.contains("watching"), "a browser without a seat watches");
        // Alice sees Bob's name once he has joined.
        let started = Instant::now();
        while !a.text("section.players").await.contains("Bob") {
            assert!(started.elapsed() < WAIT, "alice never saw bob join");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The hint panel: allowed at this table, closed until opened.
        assert!(a.exists("details#hints:not([open])").await, "the hint panel starts closed");
        assert!(a.click("details#hints > summary").await);
        a.wait_for("details#hints[open] table.grid6").await;

        let mut snapshots = Vec::new();
        let started = Instant::now();
        let mut turn = 0usize;
        let mut shot = false;
        loop {
            assert!(started.elapsed() < Duration::from_secs(150), "the friends' game did not end");
            let (sa, sb) = (a.state().await.unwrap_or_default(), b.state().await.unwrap_or_default());
            if sa.over && sb.over {
                break;
            }
            let player = if sa.mine {
                Some((&a, Viewer::Seat(Seat(0))))
            } else if sb.mine {
                Some((&b, Viewer::Seat(Seat(1))))
            } else {
                None
            };
            let Some((who, viewer)) = player else {
                tokio::time::sleep(Duration::from_millis(30)).await;
                continue;
            };
            if turn.is_multiple_of(3) {
                snapshots.push(Snapshot::take(who, viewer).await);
                snapshots.push(Snapshot::take(&c, Viewer::Spectator).await);
            }
            if play_one(who, "safe-breaker", turn).await {
                turn += 1;
            }
            if turn == 4 && !shot {
                shot = true;
                a.shot("friends-alice").await;
                b.shot("friends-bob").await;
                c.shot("friends-spectator").await;
            }
        }
        // The spectator followed the whole game live.
        let watched = c.wait_state("the spectator to see the end", |s| s.over).await;
        assert!(watched.seq > 0);
        assert!(!c.text("#log-list").await.trim().is_empty(), "the spectator's log is empty");
        c.shot("friends-spectator-end").await;
        snapshots.push(Snapshot::take(&a, Viewer::Seat(Seat(0))).await);
        snapshots.push(Snapshot::take(&b, Viewer::Seat(Seat(1))).await);
        let tokens = vec![a.token(&id).await.expect("alice's token"), b.token(&id).await.expect("bob's token")];
        let record = h.record(&id).await;
        check_snapshots(&record, &snapshots, &tokens);
        for browser in [a, b, c] {
            browser.close().await;
        }
    });
}

/// Reloading keeps the seat and the log; a bad click is explained; the Korean pages are Korean;
/// the table fits a phone.
#[test]
fn reload_bad_clicks_korean_and_phone() {
    run(0, |mut h| async move {
        let b = h.browser("person").await;
        set_up(&b, "club-unlock", &["me", "easy", "easy"], &[("first_player", "0")], false).await;
        let id = b.match_id().await;
        // Choose the four starting keys with the keyboard: focus a pile, press Enter.
        for _ in 0..4 {
            b.wait_state("my turn", |s| s.mine).await;
            let before = b.state().await.unwrap_or_default();
            b.js("document.querySelector('#act-form button.pile.legal').focus();", vec![]).await;
            let active = b.client.active_element().await.expect("a focused pile");
            active.send_keys("\u{E007}").await.expect("Enter");
            b.wait_state("the key to be taken", |s| s.seq > before.seq).await;
        }
        let state = b.wait_state("my first real turn", |s| s.mine).await;
        assert!(b.exists("#cu-hand").await, "my keys are shown");

        // A bad click: a safe my keys do not open.
        let bad = b.js(
            "const s = Array.from(document.querySelectorAll('#act-form button.safe')).find((x) => !x.classList.contains('opens')); \
             if (!s) return null; s.id = 'bad-safe'; return s.value;",
            vec![],
        ).await;
        assert!(!bad.is_null(), "four keys never open all seven safes");
        assert!(b.click("#bad-safe").await);
        let refused = b.wait_state("an explanation", |s| !s.notice.is_empty()).await;
        assert_eq!(refused.seq, state.seq, "a refused move changes nothing");
        assert!(
            refused.notice.contains("Not allowed") && refused.notice.contains("needs"),
            "explanation: {}",
            refused.notice
        );
        b.shot("explained-bad-click").await;
        let keys_before = b.text("#cu-hand").await;
        let log_before = b.text("#log-list").await;
        assert!(!log_before.trim().is_empty());

        // Reload: the same seat, the same table, the log kept.
        b.client.refresh().await.expect("reload");
        b.wait_for("#play").await;
        assert_eq!(b.match_id().await, id);
        let after = b.wait_state("the reloaded table", |s| s.mine).await;
        assert_eq!(after.seq, state.seq, "reloading does not move the game");
        assert_eq!(b.text("#cu-hand").await, keys_before, "the same keys after a reload");
        let started = Instant::now();
        while b.text("#log-list").await.trim().is_empty() {
            assert!(started.elapsed() < WAIT, "the log was lost on reload");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }

        // Korean, switched at any time from the page itself.
        assert!(b.click("a.lang-switch").await);
        b.wait_for("html[lang=ko] #play").await;
        let text = b.text("body").await;
        for word in ["내 차례", "펼쳐진 금고", "플레이어", "게임 기록"] {
            assert!(text.contains(word), "the Korean table shows {word:?}");
        }
        let log = b.text("#log-list").await;
        assert!(log.contains("열쇠"), "the log is drawn again in Korean: {log}");
        b.shot("korean-table").await;
        // A bad click explained in Korean.
        b.js(
            "const s = Array.from(document.querySelectorAll('#act-form button.safe')).find((x) => !x.classList.contains('opens')); \
             if (s) s.id = 'bad-safe';",
            vec![],
        )
        .await;
        assert!(b.click("#bad-safe").await);
        let refused = b.wait_state("a Korean explanation", |s| !s.notice.is_empty()).await;
        assert!(refused.notice.contains("둘 수 없습니다"), "Korean explanation: {}", refused.notice);
        b.goto("/").await;
        let home = b.text("body").await;
        assert!(home.contains("게임") && home.contains("봇과 바로 하기"), "the Korean home page");
        b.goto("/new/the-safe").await;
        let setup = b.text("body").await;
        assert!(setup.contains("하는 법") && setup.contains("게임 시작"), "the Korean setup page");
        b.shot("korean-setup").await;
        // A mistyped address and one that does not read: pages in Korean, with a way back.
        b.goto("/no-such-page").await;
        assert_eq!(b.text("h1").await.trim(), "그런 페이지가 없습니다", "a Korean page for a mistyped address");
        b.goto(&format!("/replay/{id}?step=abc")).await;
        assert_eq!(b.text("h1").await.trim(), "이 주소를 읽을 수 없습니다", "a Korean page for an unreadable address");
        assert!(b.exists("main a.button[href='/']").await, "a way back to the games");
        b.shot("korean-unreadable-address").await;
        b.goto(&format!("/play/{id}")).await;
        b.wait_for("#play").await;
        assert!(b.click("a.lang-switch").await);
        b.wait_for("html[lang=en] #play").await;

        // A phone.
        b.client.set_window_size(390, 844).await.expect("a phone-sized window");
        b.goto(&format!("/play/{id}")).await;
        b.wait_for("#play").await;
        check_phone_layout(&b, "club-unlock, later in the game").await;
        b.shot("club-unlock-phone").await;
        b.close().await;
    });
}

/// What a phone's page must be: no wider than the screen (measured against the page's own width,
/// without the scroll bar's: a page a few pixels too wide scrolls sideways all the same), and
/// whose turn it is at the top, then the game, then the panels one opens now and then ("How to
/// play", "Tell me when it is my turn").
async fn check_phone_layout(b: &Browser, what: &str) {
    let overflow = b
        .js(
            "const root = document.documentElement; \
             const wide = Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5) \
                 .map((e) => e.tagName.toLowerCase() + '.' + e.className + ' in ' + e.parentElement.className); \
             return [root.scrollWidth - root.clientWidth, wide.slice(0, 5)];",
            vec![],
        )
        .await;
    assert!(overflow[0].as_i64().unwrap_or(1) <= 0, "{what}: the page is wider than a phone: {overflow}");
    let width = b.js("return window.innerWidth;", vec![]).await;
    assert_eq!(width, json!(390), "{what}: the window is not a phone's");
    let top = |css: &'static str| async move {
        let top = b
            .js(
                "const e = document.querySelector(arguments[0]); return e ? e.getBoundingClientRect().top : null;",
                vec![json!(css)],
            )
            .await;
        top.as_f64().unwrap_or_else(|| panic!("{what}: no {css} on the page"))
    };
    let (status, board, help, notify) =
        (top("#status").await, top(".board").await, top("#rules-help").await, top("#notify").await);
    assert!(
        status < board && board < help && board < notify,
        "{what}: on a phone the turn, then the game, then the panels (tops: status {status}, board {board}, how to play {help}, notify {notify})"
    );
}

/// Every game's table fits a phone from the first move: its cards, rows and hand in the screen's
/// width, whose turn it is at the top.
#[test]
fn every_game_fits_a_phone() {
    run(0, |mut h| async move {
        let b = h.browser("phone").await;
        // Set on the open window: Chromium's headless window does not start narrower than 500.
        b.client.set_window_size(390, 844).await.expect("a phone-sized window");
        for game in safehouse_games::all() {
            let info = game.info();
            let mut seats = vec!["me"];
            seats.extend(std::iter::repeat_n("easy", info.default_players.max(2) - 1));
            set_up(&b, info.id, &seats, &[], false).await;
            check_phone_layout(&b, info.id).await;
            b.shot(&format!("{}-phone", info.id)).await;
        }
        b.close().await;
    });
}

/// A page of another origin (the same host, another port: same site, so `SameSite=Lax` cookies
/// ride along) must neither read a seat's view through the table's WebSocket nor make a move
/// with an auto-submitted form, while the table's own page still can.
#[test]
fn cross_origin_pages_cannot_use_a_seat() {
    run(0, |mut h| async move {
        let b = h.browser("cross-origin").await;
        set_up(&b, "explosiv", &["me", "easy", "easy"], &[], false).await;
        let id = b.match_id().await;
        b.wait_state("my turn", |s| s.mine || s.over).await;
        let token = b.token(&id).await.expect("the seat cookie");
        let http = HttpClient::new(h.addr());
        let view = http.get(&format!("/api/matches/{id}/view"), Some(&token)).await.expect("view");
        let seq = view.body["seq"].as_u64().expect("seq");
        let action = view.body["legal"][0]["action"].to_string();
        let port = h.addr().port();

        // The other origin's page: opens the table's WebSocket, then posts the move form.
        let page = format!(
            r#"<!doctype html><html><body><pre id="out" data-got="" data-closed=""></pre>
<form id="f" method="post" action="http://127.0.0.1:{port}/play/{id}/act">
<input name="action" value="{action_attr}"><input name="seq" value="{seq}"></form>
<script>
const out = document.getElementById('out');
const ws = new WebSocket('ws://127.0.0.1:{port}/play/{id}/ws');
ws.onmessage = (e) => {{ out.dataset.got += e.data.slice(0, 200); }};
ws.onclose = () => {{ out.dataset.closed = '1'; }};
</script></body></html>"#,
            action_attr = action.replace('&', "&amp;").replace('"', "&quot;"),
        );
        let evil = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("another port");
        let evil_addr = evil.local_addr().expect("addr");
        let app = axum::Router::new().route("/", axum::routing::get(move || async move { axum::response::Html(page) }));
        let evil_server = tokio::spawn(async move {
            let _ = axum::serve(evil, app).await;
        });
        b.client.goto(&format!("http://{evil_addr}/")).await.expect("the other origin's page");
        let started = Instant::now();
        loop {
            let seen = b.js("const o = document.getElementById('out').dataset; return o.closed + o.got;", vec![]).await;
            if seen != json!("") {
                break;
            }
            assert!(started.elapsed() < WAIT, "the cross-origin WebSocket neither opened nor closed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let got = b.js("return document.getElementById('out').dataset.got;", vec![]).await;
        assert_eq!(got, json!(""), "a page of another origin read the seat's messages: {got}");
        b.js("document.getElementById('f').submit(); return 1;", vec![]).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let body = b.js("return document.body ? document.body.innerText : '';", vec![]).await;
        assert_eq!(b.text("h1").await.trim(), "Refused", "the cross-origin form was not refused: {body}");
        let after = http.get(&format!("/api/matches/{id}/view"), None).await.expect("view");
        assert_eq!(after.body["seq"].as_u64(), Some(seq), "a page of another origin made a move");
        evil_server.abort();

        // The table's own page still moves (its form carries the session's token).
        b.goto(&format!("/play/{id}")).await;
        b.wait_state("my turn again", |s| s.mine).await;
        assert!(play_one(&b, "explosiv", 0).await, "the table's own page offers a move");
        let started = Instant::now();
        while http.get(&format!("/api/matches/{id}/view"), None).await.expect("view").body["seq"].as_u64() == Some(seq)
        {
            assert!(started.elapsed() < WAIT, "the own page's move did not land");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let after = http.get(&format!("/api/matches/{id}/view"), None).await.expect("view");
        assert!(after.body["seq"].as_u64() > Some(seq), "the table's own page could not move");
        b.close().await;
    });
}

/// The game log comes from the server: a second person (a fresh profile) who opens the table
/// late as a spectator sees every move from the first, and a reload or a new tab shows exactly
/// the log the page had grown live (each move once); the browser stores no log of its own.
#[test]
fn a_late_spectator_a_reload_and_a_new_tab_show_the_whole_log() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        set_up(&a, "explosiv", &["me", "easy", "easy"], &[], false).await;
        let id = a.match_id().await;
        let mut turn = 0;
        while turn < 3 {
            let state = a.wait_state("alice's turn", |s| s.mine || s.over).await;
            if state.over {
                break;
            }
            if play_one(&a, "explosiv", turn).await {
                turn += 1;
            }
        }
        let state = a.wait_state("the bots to answer", |s| s.mine || s.over).await;
        let grown = settled_log(&a).await;
        assert!(!grown.is_empty(), "alice's log grew live");
        let mut seqs: Vec<u64> = grown.iter().map(|(seq, _)| *seq).collect();
        seqs.dedup();
        assert!(seqs.windows(2).all(|w| w[0] < w[1]), "each move once, in order: {seqs:?}");
        let stored: Vec<String> = a
            .js("return Object.keys(sessionStorage).concat(Object.keys(localStorage));", vec![])
            .await
            .as_array()
            .map(|k| k.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        assert!(stored.iter().all(|k| !k.contains("log")), "the browser keeps a log of its own: {stored:?}");

        // A reload draws the same log from the server.
        a.client.refresh().await.expect("reload");
        a.wait_for("#play").await;
        assert_eq!(settled_log(&a).await, grown, "the reloaded log is the log grown live");
        // So does a new tab.
        let tab = a.client.new_window(true).await.expect("a new tab");
        a.client.switch_to_window(tab.handle).await.expect("switch");
        a.goto(&format!("/play/{id}")).await;
        a.wait_for("#play").await;
        assert_eq!(settled_log(&a).await, grown, "a new tab's log");

        // Carol, on a browser of her own, opens the table late and watches: she sees every move
        // made before she came, then the next ones live.
        let c = h.browser("carol").await;
        c.goto(&format!("/play/{id}")).await;
        c.wait_for("#play").await;
        assert!(c.text("#status").await.contains("watching"));
        let late = settled_log(&c).await;
        // The spectator's log as the API gives it: the actions with events she may see.
        assert_whole_log(&late, &spectator_log_seqs(&h, &id).await, "the late log");
        let before = state.seq;
        let mut turn = 10;
        let last = loop {
            let now = a.wait_state("alice's turn", |s| s.mine || s.over).await;
            if now.over || now.seq >= before + 6 {
                break now.seq;
            }
            if play_one(&a, "explosiv", turn).await {
                turn += 1;
            }
        };
        c.wait_state("carol to see the last move", |s| s.seq >= last).await;
        let watched = settled_log(&c).await;
        assert!(watched.len() > late.len() && watched[..late.len()] == late[..], "the late log grew live");
        c.client.refresh().await.expect("reload");
        c.wait_for("#play").await;
        assert_eq!(settled_log(&c).await, watched, "the spectator's reloaded log");
        c.shot("late-spectator-log").await;
        for browser in [a, c] {
            browser.close().await;
        }
    });
}

/// A table set up with a clock shows every person's time left, and the running clock counts down
/// on the page by itself (assets/clock.js) between the server's drawings.
#[test]
fn the_clock_counts_down_on_the_table() {
    run(0, |mut h| async move {
        let b = h.browser("clock").await;
        b.goto("/new/explosiv").await;
        b.wait_for("form.setup-form").await;
        let players = b.client.find(Locator::Css("#players")).await.expect("players");
        players.select_by_value("2").await.expect("two players");
        for (i, choice) in ["me", "easy"].iter().enumerate() {
            let select = b.client.find(Locator::Css(&format!("#seat-{i}"))).await.expect("a seat");
            select.select_by_value(choice).await.expect("a seat choice");
        }
        let clock = b.client.find(Locator::Css("#clock")).await.expect("the time-control choice");
        clock.select_by_value("60+5").await.expect("1 min + 5 s");
        assert!(b.click("form.setup-form button[type=submit]").await, "start");
        b.wait_for("#play").await;
        b.wait_state("my turn", |s| s.mine).await;
        b.wait_for(".seat.me .clock.running[data-running='1']").await;
        assert!(b.text(".clock-rule").await.contains("1 min + 5 s per move"), "{}", b.text(".clock-rule").await);
        let first = b.text(".seat.me .clock .clock-time").await;
        let drawn: i64 = b
            .js("return Number(document.querySelector('.seat.me .clock').dataset.remainingMs);", vec![])
            .await
            .as_i64()
            .expect("the server's figure");
        assert!(drawn > 0 && drawn <= 60_000, "{drawn}");
        // Nothing is sent meanwhile: the page counts on its own.
        let started = Instant::now();
        let mut now = first.clone();
        while now == first {
            assert!(started.elapsed() < WAIT, "the clock stays at {first}");
            tokio::time::sleep(Duration::from_millis(200)).await;
            now = b.text(".seat.me .clock .clock-time").await;
        }
        let seconds = |t: &str| -> i64 {
            let (m, s) = t.trim().split_once(':').expect("m:ss");
            m.parse::<i64>().expect("minutes") * 60 + s.parse::<i64>().expect("seconds")
        };
        assert!(seconds(&now) < seconds(&first), "{now} after {first}");
        // The bot's clock stands still.
        let bot = b.text(".seat:not(.me) .clock .clock-time").await;
        assert!(bot.is_empty(), "a bot's seat shows no clock: {bot}");
        b.shot("clock").await;
        b.close().await;
    });
}
