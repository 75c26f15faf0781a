//! The server against hostile clients, over real sockets on loopback: one test per hole of
//! issue 14, each running its attack from other loopback addresses (127.0.0.2 and up: on Linux
//! every 127/8 address is this host, so each is a client of its own) while an honest client
//! on 127.0.0.1 plays, and asserting that the honest client's moves still get through within a
//! bound. Attacks are bounded in count and time. Figures (latencies, memory) come from the
//! bench binary `safehouse-hostile`, not from here.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::{HttpClient, WsClient, connect_from};
use safehouse_server::{Config, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The honest client's address.
const HONEST: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));

/// The attacker's `n`th address.
fn attacker(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + n))
}

/// How long one honest move may take while an attack runs (a generous bound: the machine is
/// shared; without the fixes these moves failed outright or never finished).
const MOVE_BOUND: Duration = Duration::from_secs(5);

/// A server with the default per-client limits (`test_config` opens them wide).
async fn hostile_server(dir: &std::path::Path, tune: impl FnOnce(&mut Config)) -> Server {
    let url = format!("sqlite://{}", dir.join("hostile.db").display());
    let mut config = Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: url,
        bot_delay_ms: 0,
        idle_takeover_secs: 0,
        finished_linger_secs: 600,
        ..Config::default()
    };
    tune(&mut config);
    safehouse_server::start(config).await.expect("server starts")
}

/// The honest player: a table of one person and bots, moves by HTTP, each timed.
struct Honest {
    http: HttpClient,
    game: &'static str,
    id: String,
    token: String,
    rng: u64,
}

impl Honest {
    async fn sit(addr: SocketAddr, game: &'static str) -> Honest {
        let http = HttpClient::from_source(addr, HONEST);
        let mut honest = Honest { http, game, id: String::new(), token: String::new(), rng: 0x9E37_79B9_7F4A_7C15 };
        honest.new_table().await;
        honest
    }

    async fn new_table(&mut self) {
        let players = safehouse_games::find(self.game).expect("game").game.info().default_players;
        let mut seats = vec![json!({"kind": "bot", "difficulty": "easy"}); players];
        seats[0] = json!({"kind": "person", "name": "honest"});
        let body = json!({"game": self.game, "seats": seats, "join": {"seat": 0}});
        let reply = self.http.post("/api/matches", None, &body).await.expect("create");
        assert_eq!(reply.status, 201, "the honest client can create a table: {}", reply.text);
        self.id = reply.body["id"].as_str().expect("id").to_owned();
        self.token = reply.body["joined"]["token"].as_str().expect("token").to_owned();
    }

    /// The view once it is the honest seat's move (a new table if the last one ended), within
    /// [`MOVE_BOUND`] of `started`.
    async fn my_turn(&mut self, started: Instant) -> Value {
        loop {
            let reply =
                self.http.get(&format!("/api/matches/{}/view", self.id), Some(&self.token)).await.expect("view");
            assert_eq!(reply.status, 200, "the honest view: {}", reply.text);
            if reply.body["finished"] == json!(true) {
                self.new_table().await;
                continue;
            }
            if reply.body["to_move"] == json!(0) {
                return reply.body;
            }
            assert!(started.elapsed() < MOVE_BOUND, "the bots did not move within {MOVE_BOUND:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Makes `moves` moves, each within [`MOVE_BOUND`] (waiting for the bots included).
    async fn play(&mut self, moves: usize) -> Vec<Duration> {
        let mut times = Vec::with_capacity(moves);
        while times.len() < moves {
            let started = Instant::now();
            let view = self.my_turn(started).await;
            let legal = view["legal"].as_array().expect("legal");
            self.rng = self.rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let action = legal[(self.rng >> 33) as usize % legal.len()]["action"].clone();
            let body = json!({"action": action, "seq": view["seq"]});
            let reply = self
                .http
                .post(&format!("/api/matches/{}/actions", self.id), Some(&self.token), &body)
                .await
                .expect("act");
            assert_eq!(reply.status, 200, "the honest move is accepted: {}", reply.text);
            let took = started.elapsed();
            assert!(took < MOVE_BOUND, "an honest move took {took:?} during the attack");
            times.push(took);
        }
        times
    }
}

/// Runs `attack` and the honest player together; the honest moves must all get through.
async fn during<F: std::future::Future<Output = ()>>(honest: &mut Honest, moves: usize, attack: F) {
    let play = honest.play(moves);
    let (times, ()) = tokio::join!(play, attack);
    assert_eq!(times.len(), moves);
}

fn ws_upgrade_request(addr: SocketAddr, path: &str) -> String {
    format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
}

/// Waits until `check` holds, at most `limit`.
async fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    while started.elapsed() < limit {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    check()
}

/// Item 1: upgrades abandoned halfway (reset before or after the 101) give their place back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_websocket_upgrades_give_their_place_back() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |c| {
        c.max_connections = 40;
        c.max_connections_per_client = 40;
        c.rate_per_sec = 1000.0;
        c.rate_burst = 1000.0;
    })
    .await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let path = format!("/api/matches/{}/ws", honest.id);
    let attack = async {
        for round in 0..200u32 {
            let Ok(mut tcp) = connect_from(addr, Some(attacker((round % 4) as u8))).await else { continue };
            let _ = tcp.write_all(ws_upgrade_request(addr, &path).as_bytes()).await;
            if round % 2 == 1 {
                let mut buf = [0u8; 64];
                let _ = tokio::time::timeout(Duration::from_millis(200), tcp.read(&mut buf)).await;
            }
            // A reset, not a close: SO_LINGER 0.
            let _ = tcp.set_zero_linger();
            drop(tcp);
        }
    };
    during(&mut honest, 10, attack).await;
    let app = server.app().clone();
    assert!(
        eventually(Duration::from_secs(5), || app.open_websockets() == 0).await,
        "abandoned upgrades are still counted: {}",
        app.open_websockets()
    );
    // And the places are really free: as many sockets as the cap open.
    let mut open = Vec::new();
    for _ in 0..40 {
        let mut ws = WsClient::connect_from(addr, &honest.id, None, Some(HONEST)).await.expect("a free place");
        ws.next_json(WAIT).await.expect("welcome");
        open.push(ws);
    }
    for ws in open {
        ws.close().await;
    }
    server.stop().await;
}

/// Item 2: slow headers, slow bodies, huge declared bodies and a crowd of half-sent requests
/// neither hold their places for long nor take the honest client's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_oversized_requests_cannot_hold_the_server() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |c| {
        c.header_timeout_secs = 2;
        c.body_timeout_secs = 2;
        c.max_http_concurrency = 64;
        c.max_http_concurrency_per_client = 4;
        c.max_connections_per_client = 100;
        c.rate_per_sec = 1000.0;
        c.rate_burst = 1000.0;
    })
    .await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let act_path = format!("/api/matches/{}/actions", honest.id);

    // A crowd of half-sent bodies from eight addresses (more than the global cap in total).
    let mut crowd = Vec::new();
    for i in 0..400u32 {
        if let Ok(mut tcp) = connect_from(addr, Some(attacker((i % 8) as u8))).await {
            let head = format!(
                "POST {act_path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{{"
            );
            let _ = tcp.write_all(head.as_bytes()).await;
            crowd.push(tcp);
        }
    }
    let slow = async {
        // Slowloris: a header line every 0.5 s is cut at the header timeout.
        let mut loris = connect_from(addr, Some(attacker(9))).await.expect("connect");
        let _ = loris.write_all(format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n").as_bytes()).await;
        let started = Instant::now();
        let mut cut = false;
        while started.elapsed() < Duration::from_secs(8) {
            tokio::time::sleep(Duration::from_millis(500)).await;
            if loris.write_all(b"X-Slow: 1\r\n").await.is_err() || closed(&mut loris).await {
                cut = true;
                break;
            }
        }
        assert!(cut, "a slowloris connection stayed open {:?}", started.elapsed());
        assert!(started.elapsed() < Duration::from_secs(5), "cut late: {:?}", started.elapsed());

        // A body at one byte every 0.5 s is answered 408 at the body timeout.
        let mut drip = connect_from(addr, Some(attacker(10))).await.expect("connect");
        let head = format!(
            "POST {act_path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
        );
        drip.write_all(head.as_bytes()).await.expect("write");
        let started = Instant::now();
        let mut answer = Vec::new();
        while started.elapsed() < Duration::from_secs(8) && answer.is_empty() {
            let _ = drip.write_all(b" ").await;
            let mut buf = [0u8; 512];
            if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(500), drip.read(&mut buf)).await {
                answer.extend_from_slice(&buf[..n]);
                if n == 0 {
                    break;
                }
            }
        }
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 408"), "a dripping body: {answer:?} after {:?}", started.elapsed());

        // A declared terabyte is refused at once with 413.
        let mut huge = connect_from(addr, Some(attacker(11))).await.expect("connect");
        let head = format!(
            "POST {act_path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n{{}}"
        );
        huge.write_all(head.as_bytes()).await.expect("write");
        let mut buf = [0u8; 512];
        let n = tokio::time::timeout(Duration::from_secs(2), huge.read(&mut buf))
            .await
            .expect("answered at once")
            .expect("read");
        assert!(
            String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 413"),
            "{}",
            String::from_utf8_lossy(&buf[..n])
        );
    };
    during(&mut honest, 15, slow).await;
    // The crowd's requests were answered (408) or cut: none still holds a place.
    let mut answered = 0;
    for mut tcp in crowd {
        let mut buf = [0u8; 64];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(100), tcp.read(&mut buf)).await
            && (n == 0 || buf.starts_with(b"HTTP/1.1 4") || buf.starts_with(b"HTTP/1.1 5"))
        {
            answered += 1;
        }
    }
    assert_eq!(answered, 400, "every half-sent request was answered or cut");
    server.stop().await;
}

/// Whether the server closed `tcp` (a read gives end of stream or an error).
async fn closed(tcp: &mut TcpStream) -> bool {
    let mut buf = [0u8; 256];
    match tokio::time::timeout(Duration::from_millis(10), tcp.read(&mut buf)).await {
        Ok(Ok(0)) | Ok(Err(_)) => true,
        Ok(Ok(_)) => false,
        Err(_) => false,
    }
}

/// The browser cookie of seat 0 for a table made through the API.
fn seat_cookie(honest: &Honest) -> String {
    format!("sh_{}=0.{}", honest.id, honest.token)
}

/// Item 3: another origin cannot use the seat's cookie: no WebSocket, no form post; the same
/// origin with the page's token can.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_origins_cannot_use_a_seat_cookie() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |_| {}).await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let cookie = seat_cookie(&honest);
    let evil = format!("http://127.0.0.1:{}", addr.port() + 1);
    let own = format!("http://{addr}");
    let id = honest.id.clone();

    let attack = async {
        // The table's WebSocket with the seat's cookie, opened by a page of another origin.
        let ws = ws_upgrade_request(addr, &format!("/play/{id}/ws"));
        let forged = ws.replacen("\r\n\r\n", &format!("\r\nCookie: {cookie}\r\nOrigin: {evil}\r\n\r\n"), 1);
        let (status, text) = exchange(addr, attacker(0), &forged).await;
        assert_eq!(status, 403, "a cross-origin WebSocket is refused: {text}");
        assert!(!text.contains("welcome"), "no view leaks: {text}");

        // A form post with the cookie from another origin, and one without the page's token.
        let form = "action=%7B%7D&seq=0";
        for origin in [Some(evil.as_str()), Some(own.as_str()), None] {
            let origin_line = origin.map(|o| format!("Origin: {o}\r\n")).unwrap_or_default();
            let request = format!(
                "POST /play/{id}/act HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}; shs=0123456789abcdef0123456789abcdef\r\n{origin_line}\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{form}",
                form.len()
            );
            let (status, text) = exchange(addr, attacker(0), &request).await;
            assert_eq!(status, 403, "a form post from {origin:?} without the page's token is refused: {text}");
        }
    };
    during(&mut honest, 10, attack).await;

    // The same origin, with the cookie, gets its view over the table's WebSocket...
    let ws = ws_upgrade_request(addr, &format!("/play/{}/ws", honest.id));
    let own_request =
        ws.replacen("\r\n\r\n", &format!("\r\nCookie: {}\r\nOrigin: {own}\r\n\r\n", seat_cookie(&honest)), 1);
    let mut tcp = connect_from(addr, Some(HONEST)).await.expect("connect");
    tcp.write_all(own_request.as_bytes()).await.expect("write");
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut buf)).await.expect("answer").expect("read");
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 101"), "{}", String::from_utf8_lossy(&buf[..n]));

    // ...and moves with the token of its page.
    let session = "fedcba9876543210fedcba9876543210";
    let page = format!(
        "GET /play/{0} HTTP/1.1\r\nHost: {addr}\r\nCookie: {1}; shs={session}\r\nConnection: close\r\n\r\n",
        honest.id,
        seat_cookie(&honest)
    );
    let (status, html) = exchange(addr, HONEST, &page).await;
    assert_eq!(status, 200);
    let token =
        html.split("name=\"csrf\" value=\"").nth(1).and_then(|t| t.split('"').next()).expect("a token in the form");
    let view = honest.http.get(&format!("/api/matches/{}/view", honest.id), Some(&honest.token)).await.expect("view");
    if view.body["to_move"] == json!(0) {
        let action = view.body["legal"][0]["action"].to_string();
        let form = format!("csrf={token}&seq={}&action={}", view.body["seq"], urlencode(&action));
        let post = format!(
            "POST /play/{0} HTTP/1.1\r\nHost: {addr}\r\nCookie: {1}; shs={session}\r\nOrigin: {own}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {2}\r\nConnection: close\r\n\r\n{form}",
            format_args!("{}/act", honest.id),
            seat_cookie(&honest),
            form.len()
        );
        let (status, text) = exchange(addr, HONEST, &post).await;
        assert_eq!(status, 303, "{text}");
        assert!(text.contains(&format!("location: /play/{}\r\n", honest.id)), "the move was made: {text}");
    }
    server.stop().await;
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// Item 4: `/lang` goes back only to paths of this site.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redirects_stay_on_this_site() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |_| {}).await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let attack = async {
        for back in [
            "/%09/evil.example",
            "//evil.example",
            "/%5Cevil.example",
            "https://evil.example",
            "/%0d%0aX:1",
            "%2F%2Fevil",
        ] {
            let request = format!("GET /lang/ko?back={back} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
            let (status, text) = exchange(addr, attacker(0), &request).await;
            assert_eq!(status, 303, "{text}");
            assert!(text.contains("location: /\r\n"), "back={back} must lead home: {text}");
        }
        let request =
            format!("GET /lang/ko?back=/play/abc%3Fwatch%3D1 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        let (_, text) = exchange(addr, attacker(0), &request).await;
        assert!(text.contains("location: /play/abc?watch=1\r\n"), "{text}");
    };
    during(&mut honest, 5, attack).await;
    server.stop().await;
}

/// Item 5: the limits count per client, not per connection: fresh connections, many sockets,
/// many matches and `sync` floods of one client do not get past its share.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_count_per_client_not_per_connection() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |c| {
        c.max_connections_per_client = 30;
        c.max_matches = 30;
        c.max_matches_per_client = 10;
    })
    .await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let id = honest.id.clone();
    let attack = async {
        // 400 requests, each on a fresh connection (the default rate: 50/s, burst 100), ten at a
        // time: one after another they need under 15 ms each to outrun the refill, and with four
        // test threads on two cores they once took over 6 s in all, so that none was refused.
        let started = Instant::now();
        let mut ok = 0;
        let mut retry_after = false;
        let request = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        for _ in 0..40 {
            let replies = futures_util::future::join_all((0..10).map(|_| exchange(addr, attacker(0), &request))).await;
            for (status, text) in replies {
                match status {
                    200 => ok += 1,
                    429 => retry_after |= text.contains("retry-after: "),
                    other => panic!("unexpected {other}: {text}"),
                }
            }
        }
        let allowed = 100.0 + 50.0 * started.elapsed().as_secs_f64() + 2.0;
        assert!(f64::from(ok) <= allowed, "{ok} requests passed, at most {allowed:.0} should");
        assert!(retry_after, "a refusal says when to come back");

        // 200 sockets from one address: only its share stays open.
        let mut sockets = Vec::new();
        for _ in 0..200 {
            if let Ok(tcp) = connect_from(addr, Some(attacker(1))).await {
                sockets.push(tcp);
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mut open = 0;
        for tcp in &mut sockets {
            if !closed(tcp).await {
                open += 1;
            }
        }
        assert!(open <= 30, "{open} sockets of one client stay open");
        drop(sockets);

        // 35 matches from one client: its share only, and the server keeps room.
        let http = HttpClient::from_source(addr, attacker(2));
        let seats = vec![json!({"kind": "person"}); 3];
        let mut created = 0;
        for _ in 0..35 {
            let reply =
                http.post("/api/matches", None, &json!({"game": "explosiv", "seats": seats})).await.expect("create");
            match reply.status {
                201 => created += 1,
                429 => assert!(
                    matches!(reply.code(), Some("too_many_matches_for_client" | "rate_limited")),
                    "{}",
                    reply.text
                ),
                other => panic!("unexpected {other}: {}", reply.text),
            }
        }
        assert!(created <= 10, "one client made {created} matches");

        // A `sync` flood is cut to the client's message budget.
        let mut ws = WsClient::connect_from(addr, &id, None, Some(attacker(3))).await.expect("ws");
        ws.next_json(WAIT).await.expect("welcome");
        for _ in 0..300 {
            if ws.send_json(&json!({"type": "sync"})).await.is_err() {
                break;
            }
        }
        let mut welcomes = 0;
        while let Ok(message) = ws.next_json(Duration::from_millis(500)).await {
            if message["type"] == "welcome" {
                welcomes += 1;
            }
        }
        assert!(welcomes <= 10, "{welcomes} whole welcomes for one client's syncs");
    };
    during(&mut honest, 15, attack).await;
    // The honest client can still make a table of its own.
    honest.new_table().await;
    server.stop().await;
}

/// Item 6: only the canonical JSON of a legal action is accepted, and that is what is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_are_strict_and_stored_canonical() {
    let dir = tempfile::tempdir().expect("dir");
    let server = hostile_server(dir.path(), |_| {}).await;
    let addr = server.addr();
    for game in ["club-unlock", "safe-breaker", "explosiv", "the-safe"] {
        let mut honest = Honest::sit(addr, game).await;
        let view = honest.my_turn(Instant::now()).await;
        let before = server.app().stored_actions(&honest.id).await.expect("stored").len();
        let legal = view["legal"][0]["action"].clone();
        let seq = view["seq"].clone();
        let path = format!("/api/matches/{}/actions", honest.id);
        let mut padded = legal.clone();
        padded["pad"] = json!("x".repeat(60_000));
        let mut script = legal.clone();
        script["<script>"] = json!(1);
        let mut variants = vec![padded, script];
        if let Some(Value::String(kind)) = legal.get("type") {
            let mut shouted = legal.clone();
            shouted["type"] = json!(kind.to_uppercase());
            variants.push(shouted);
        }
        if let Some(Value::String(colour)) = legal.get("colour") {
            let mut odd = legal.clone();
            odd["colour"] = json!(
                colour
                    .chars()
                    .enumerate()
                    .map(|(i, c)| if i % 2 == 0 { c.to_ascii_uppercase() } else { c })
                    .collect::<String>()
            );
            variants.push(odd);
        }
        for variant in variants {
            let reply = honest
                .http
                .post(&path, Some(&honest.token), &json!({"action": variant, "seq": seq}))
                .await
                .expect("act");
            assert_eq!((reply.status, reply.code()), (422, Some("malformed_action")), "{game}: {}", reply.text);
        }
        let reply =
            honest.http.post(&path, Some(&honest.token), &json!({"action": legal, "seq": seq})).await.expect("act");
        assert_eq!(reply.status, 200, "{game}: {}", reply.text);
        let stored = server.app().stored_actions(&honest.id).await.expect("stored");
        assert_eq!(stored.get(before), Some(&legal), "{game}: the stored action is the canonical one");
        honest.play(3).await;
    }
    server.stop().await;
}

/// Item 7: Secure cookies behind a trusted HTTPS proxy only, page notices only from fixed
/// codes, cleaned names, `bearer` in any case, and `/metrics` off the public router.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cookies_notices_names_bearer_and_metrics() {
    let dir = tempfile::tempdir().expect("dir");
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("port");
    let server = hostile_server(dir.path(), |c| {
        c.trusted_proxies = vec![safehouse_server::config::parse_proxy("127.0.0.1").expect("proxy")];
        c.metrics_listen = Some(metrics_port);
    })
    .await;
    let addr = server.addr();
    let mut honest = Honest::sit(addr, "explosiv").await;
    let id = honest.id.clone();
    let attack = async {
        let https =
            format!("GET /lang/ko HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n");
        let (_, text) = exchange(addr, HONEST, &https).await;
        assert!(text.contains("; Secure"), "HTTPS per the trusted proxy: {text}");
        let (_, text) = exchange(addr, attacker(0), &https).await;
        assert!(!text.contains("; Secure"), "an untrusted client's header is ignored: {text}");

        let evil = "Your%20account%20is%20locked%3A%20call%20555";
        let request = format!("GET /play/{id}?e={evil} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        let (status, text) = exchange(addr, attacker(0), &request).await;
        assert_eq!(status, 200);
        assert!(!text.contains("account is locked"), "attacker text on the page");
        let request = format!("GET /play/{id}?e=game_over HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        let (_, text) = exchange(addr, attacker(0), &request).await;
        assert!(text.contains("The game is over."), "a known code shows its text");

        let http = HttpClient::from_source(addr, attacker(1));
        let name = "Ann\u{202E}evil\u{2066}x\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}";
        let body =
            json!({"game": "explosiv", "seats": [{"kind": "person", "name": name}, {"kind": "bot"}, {"kind": "bot"}]});
        let reply = http.post("/api/matches", None, &body).await.expect("create");
        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(reply.body["seats"][0]["name"], json!("Annevilx\u{0301}\u{0301}"));

        let (status, _) =
            exchange(addr, attacker(0), &format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"))
                .await;
        assert_eq!(status, 404, "/metrics is not on the public listener");
        let (status, text) = exchange(
            metrics_port,
            HONEST,
            &format!("GET /metrics HTTP/1.1\r\nHost: {metrics_port}\r\nConnection: close\r\n\r\n"),
        )
        .await;
        assert_eq!(status, 200, "{text}");
        assert!(text.contains("safehouse_"), "metrics on their own listener");
    };
    during(&mut honest, 10, attack).await;
    let request = format!(
        "GET /api/matches/{id}/view HTTP/1.1\r\nHost: {addr}\r\nAuthorization: bearer {}\r\nConnection: close\r\n\r\n",
        honest.token
    );
    let (status, text) = exchange(addr, HONEST, &request).await;
    assert_eq!(status, 200, "`bearer` in lower case: {text}");
    assert!(text.contains("\"viewer\":{\"seat\":0}"), "{text}");
    server.stop().await;
}
