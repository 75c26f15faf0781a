//! Outside programs through the binary: `safehouse simulate --bots exec:...` and `safehouse bot`
//! seating the example bots (and two misbehaving programs) in a live match on a real server
//! (127.0.0.1, a temporary SQLite file).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use safehouse_client::HttpClient;
use safehouse_server::Config;
use serde_json::{Value, json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example(name: &str) -> String {
    format!("python3 {}", root().join("examples").join(name).display())
}

fn fixture(name: &str) -> String {
    format!("sh {}", root().join("crates/safehouse-player/tests/fixtures").join(name).display())
}

fn safehouse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_safehouse")).args(args).output().expect("run safehouse")
}

#[test]
fn simulate_runs_outside_programs_and_reports_their_failures() {
    let bots = format!("exec:{},exec:{},heuristic", example("explosiv_bot.py"), fixture("illegal.sh"));
    let out = safehouse(&["simulate", "explosiv", "--games", "4", "--seed", "5", "--bots", &bots, "-q", "--json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let summary = lines.last().expect("a summary");
    let programs = summary["programs"].as_array().expect("programs in the summary");
    assert_eq!(programs.len(), 2);
    let good = &programs[0]["counts"];
    assert!(good["decisions"].as_u64() > Some(0));
    assert_eq!(good["answered"], good["decisions"]);
    let bad = &programs[1]["counts"];
    assert!(bad["decisions"].as_u64() > Some(0));
    assert_eq!(bad["illegal"], bad["decisions"], "every answer of illegal.sh is refused: {bad}");
    assert_eq!(bad["fallback_moves"], bad["decisions"]);

    // With forfeits the illegal program loses every game, and the table says so.
    let out = safehouse(&["simulate", "explosiv", "--games", "3", "--bots", &bots, "-q", "--exec-forfeit"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(table.contains("ended: forfeit 3"), "{table}");
    assert!(table.contains("3 forfeited game(s)"), "{table}");
}

fn config(dir: &std::path::Path) -> Config {
    Config {
        listen: ([127, 0, 0, 1], 0).into(),
        database_url: format!("sqlite://{}", dir.join("test.db").display()),
        bot_delay_ms: 0,
        idle_takeover_secs: 0,
        rate_per_sec: 10_000.0,
        rate_burst: 10_000.0,
        ..Config::default()
    }
}

/// Waits for a `safehouse bot` process, killing it after `limit`.
async fn finish(mut child: std::process::Child, limit: Duration) -> (bool, String, String) {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut stdout = String::new();
            let mut stderr = String::new();
            use std::io::Read;
            child.stdout.take().map(|mut s| s.read_to_string(&mut stdout));
            child.stderr.take().map(|mut s| s.read_to_string(&mut stderr));
            return (status.success(), stdout, stderr);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`safehouse bot` did not finish within {limit:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An Explosiv match of `people` people, every seat joined through its invite: its id and the
/// seats' tokens.
async fn people_match(http: &HttpClient, people: usize) -> (String, Vec<String>) {
    let body = json!({"game": "explosiv", "seats": vec![json!({"kind": "person"}); people]});
    let created = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().expect("id").to_owned();
    let mut tokens = Vec::new();
    for seat in 0..people {
        let invite = created.body["seats"][seat]["invite"].as_str().expect("invite");
        let joined =
            http.post(&format!("/api/matches/{id}/join"), None, &json!({"seat": seat, "invite": invite})).await;
        let joined = joined.expect("join");
        assert_eq!(joined.status, 200, "{}", joined.text);
        tokens.push(joined.body["token"].as_str().expect("token").to_owned());
    }
    (id, tokens)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_seats_programs_in_a_live_match() {
    let dir = std::env::temp_dir().join(format!("safehouse-player-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let server = safehouse_server::start(config(&dir)).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let (id, tokens) = people_match(&http, 4).await;
    let programs = [example("explosiv_bot.py"), example("random_bot.py"), fixture("garbage.sh"), fixture("crash.sh")];
    let mut children = Vec::new();
    for (program, token) in programs.iter().zip(&tokens) {
        let child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
            .args(["bot", &server.url(), "--match", &id, "--exec", program, "--budget-ms", "5000"])
            .env("SAFEHOUSE_SEAT_TOKEN", token)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start safehouse bot");
        children.push(child);
    }
    let mut reports = Vec::new();
    for child in children {
        reports.push(finish(child, Duration::from_secs(120)).await);
    }
    for (seat, (ok, stdout, stderr)) in reports.iter().enumerate() {
        assert!(ok, "seat {seat}: {stderr}");
        let last: Value = serde_json::from_str(stdout.lines().last().unwrap_or("")).expect("the outcome line");
        assert_eq!(last["seat"], seat);
        assert!(last["outcome"]["ranks"].is_array(), "{last}");
    }
    let counts = |stderr: &str| stderr.lines().find(|l| l.contains(" decisions, ")).unwrap_or("").to_owned();
    let good = counts(&reports[0].2);
    assert!(good.contains("24 decisions, 24 answered, 0 by the fallback"), "{good}");
    assert!(counts(&reports[1].2).contains("24 decisions, 24 answered"), "{}", reports[1].2);
    assert!(counts(&reports[2].2).contains("24 decisions, 0 answered, 24 by the fallback"), "{}", reports[2].2);
    assert!(counts(&reports[2].2).contains("24 garbage"), "{}", reports[2].2);
    // The crashing program is out after its first move; the fallback plays the rest.
    assert!(counts(&reports[3].2).contains("1 crash"), "{}", reports[3].2);
    assert!(counts(&reports[3].2).contains("24 by the fallback"), "{}", reports[3].2);
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("match");
    assert_eq!(info.body["finished"], true, "{}", info.text);
    assert_eq!(info.body["seq"], 96, "four seats, three rounds of eight cards");
    // A wrong token is refused before anything is started.
    let out = safehouse(&["bot", &server.url(), "--match", &id, "--seat-token", "nope", "--exec", "true"]);
    assert!(!out.status.success());
    server.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A waiting room opened through the API (`body` is the create request, without
/// `waiting_room`) on the server people reach at `base`: its id, the answer, and the link its
/// room shows (with the invite of a private table), as a person would paste it.
struct Room {
    id: String,
    created: Value,
    link: String,
}

impl Room {
    async fn open(http: &HttpClient, base: &str, mut body: Value) -> Room {
        body["waiting_room"] = json!(true);
        let created = http.post("/api/matches", None, &body).await.expect("create");
        assert_eq!(created.status, 201, "{}", created.text);
        let id = created.body["id"].as_str().expect("id").to_owned();
        let link = match created.body["table_invite"].as_str() {
            Some(invite) => format!("{base}/tables/{id}?invite={invite}"),
            None => format!("{base}/tables/{id}"),
        };
        Room { id, created: created.body, link }
    }

    /// The token of the seat the creator joined.
    fn joined_token(&self) -> String {
        self.created["joined"]["token"].as_str().expect("the joined seat's token").to_owned()
    }
}

/// Whether the report `safehouse bot` printed on stderr says the program answered every one of
/// its decisions (more than three), none by the fallback.
fn answered_every_decision(stderr: &str) -> bool {
    let report = stderr
        .lines()
        .find_map(|l| l.split_once("`: ").filter(|(_, r)| r.contains(" decisions, ")))
        .map_or("", |(_, r)| r);
    let numbers: Vec<u64> = report.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    numbers.len() >= 3 && numbers[0] > 3 && numbers[0] == numbers[1] && numbers[2] == 0
}

/// `safehouse bot <link>` started with `args` beside the link, its output piped.
fn bot_at(link: &str, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safehouse"));
    command.arg("bot").arg(link).args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Plays the people's seats whose tokens are given (each its first legal action) until the match
/// ends, as a person at the table would, through the public API.
async fn play_people(http: &HttpClient, id: &str, people: &[(u64, &str)]) {
    play_people_until(http, id, people, u64::MAX).await;
}

/// [`play_people`] until the match ends or has `seq` actions.
async fn play_people_until(http: &HttpClient, id: &str, people: &[(u64, &str)], seq: u64) {
    let started = std::time::Instant::now();
    loop {
        assert!(started.elapsed() < Duration::from_secs(120), "match {id} did not end");
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("match");
        if info.body["finished"] == true || info.body["seq"].as_u64().is_some_and(|s| s >= seq) {
            return;
        }
        let mover = info.body["to_move"].as_u64();
        let Some((_, token)) = people.iter().find(|(seat, _)| Some(*seat) == mover) else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let view = http.get(&format!("/api/matches/{id}/view"), Some(token)).await.expect("view");
        if let Some(first) = view.body["legal"].get(0) {
            let act = json!({"action": first["action"], "seq": view.body["seq"]});
            http.post(&format!("/api/matches/{id}/actions"), Some(token), &act).await.expect("act");
        }
    }
}

/// Waits until the waiting room `id` shows `seat` taken by a person named `name`.
async fn wait_for_seat(http: &HttpClient, id: &str, seat: usize, name: &str) -> Value {
    let started = std::time::Instant::now();
    loop {
        let table = http.get(&format!("/api/tables/{id}"), None).await.expect("table");
        let at = &table.body["seats"][seat];
        if at["state"] == "person" && at["name"] == name {
            return table.body;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "seat {seat} was not taken: {}", table.text);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The outcome lines `safehouse bot` printed: one per match played.
fn outcome_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|line| serde_json::from_str(line).expect("an outcome line")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_takes_a_seat_from_a_rooms_link_and_plays_the_rematch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let person = json!({"kind": "person"});
    let body = json!({"game": "explosiv", "join": {"seat": 0, "name": "Ann"},
        "seats": [person, person, person, {"kind": "bot", "difficulty": "easy"}]});
    let room = Room::open(&http, &server.url(), body).await;
    let (id, link, ann) = (room.id.clone(), room.link.clone(), room.joined_token());
    let program = example("random_bot.py");
    let child = bot_at(&link, &["--exec", &program, "--seat", "3", "--rematch", "--rematch-wait-secs", "8"])
        .spawn()
        .expect("start safehouse bot");

    // The program sits as player 3 under its file's name, and the room still waits for Bo.
    let table = wait_for_seat(&http, &id, 2, "random_bot (program)").await;
    assert_eq!((table["status"].as_str(), table["free_seats"].as_u64()), (Some("waiting"), Some(1)), "{table}");
    let take = json!({"name": "Bo", "invite": room.created["table_invite"]});
    let bo = http.post(&format!("/api/tables/{id}/seats/1/take"), None, &take).await.expect("Bo takes a seat");
    assert_eq!(bo.status, 200, "{}", bo.text);
    let bo = bo.body["token"].as_str().expect("Bo's token").to_owned();
    play_people(&http, &id, &[(0, &ann), (1, &bo)]).await;

    // Ann and Bo press "play again"; the program takes its kept seat, and the rematch is played.
    let again = http.raw("POST", &format!("/api/matches/{id}/rematch"), Some(&ann), None).await.expect("rematch");
    assert_eq!(again.status, 200, "{}", again.text);
    let rematch = again.body["match"].as_str().expect("the rematch").to_owned();
    let ann = again.body["token"].as_str().expect("Ann's new token").to_owned();
    wait_for_seat(&http, &rematch, 2, "random_bot (program)").await;
    let again = http.raw("POST", &format!("/api/matches/{id}/rematch"), Some(&bo), None).await.expect("Bo's rematch");
    let bo = again.body["token"].as_str().expect("Bo's new token").to_owned();
    play_people(&http, &rematch, &[(0, &ann), (1, &bo)]).await;

    // Nobody presses "play again" a second time: the program leaves after its wait.
    let (ok, stdout, stderr) = finish(child, Duration::from_secs(60)).await;
    assert!(ok, "{stderr}");
    let lines = outcome_lines(&stdout);
    let matches: Vec<&str> = lines.iter().filter_map(|l| l["match"].as_str()).collect();
    assert_eq!(matches, [id.as_str(), rematch.as_str()], "{stdout}");
    assert!(lines.iter().all(|l| l["seat"] == 2 && l["outcome"]["ranks"].is_array()), "{stdout}");
    assert!(stderr.contains("48 decisions, 48 answered, 0 by the fallback"), "two games of 24 moves: {stderr}");
    server.stop().await;
}

/// The host removes the program from the waiting room: it says so and stops, rather than wait
/// for a start that will not seat it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_leaves_when_the_host_removes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let body = json!({"game": "explosiv", "visibility": "public",
        "join": {"seat": 0, "name": "Ann"}, "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}]});
    let room = Room::open(&http, &server.url(), body).await;
    let id = room.id.clone();
    let host = room.created["creator_token"].as_str().expect("creator token").to_owned();
    let child = bot_at(&room.link, &["--exec", &example("random_bot.py")]).spawn().expect("start safehouse bot");
    wait_for_seat(&http, &id, 1, "random_bot (program)").await;
    let removed = http.post(&format!("/api/tables/{id}/seats/1/remove"), Some(&host), &json!({})).await;
    assert_eq!(removed.expect("remove").status, 200);
    let (ok, _, stderr) = finish(child, Duration::from_secs(90)).await;
    assert!(!ok && stderr.contains("no longer has a seat"), "{stderr}");
    server.stop().await;
}

/// The seat's person signs out its other devices while the program plays it: the program is
/// told, says so and stops, rather than retry a token that opens nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_stops_when_its_seat_signs_out_other_devices() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let (id, tokens) = people_match(&http, 2).await;
    let child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
        .args(["bot", &server.url(), "--match", &id, "--exec", &example("random_bot.py")])
        .env("SAFEHOUSE_SEAT_TOKEN", &tokens[1])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start safehouse bot");
    // Once the program has moved, its socket is open: the person plays seat 1 until then.
    play_people_until(&http, &id, &[(0, &tokens[0])], 3).await;
    let signed = http.post(&format!("/api/matches/{id}/device/sign-out"), Some(&tokens[1]), &json!({})).await;
    assert_eq!(signed.expect("sign out").status, 200);
    let (ok, _, stderr) = finish(child, Duration::from_secs(60)).await;
    assert!(!ok && stderr.contains("signed out its other devices"), "{stderr}");
    server.stop().await;
}

/// At a table with a clock the program is never given more time than its seat has left: a
/// 4-second bank, and `--budget-ms 60000`, gives it at most 90% of what is left less 0.3 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_budgets_by_the_tables_clock() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let clock = json!({"time_control": {"bank_secs": 4, "increment_secs": 0, "on_timeout": "bot"}});
    let body = json!({"game": "explosiv", "settings": clock,
        "seats": [{"kind": "person"}, {"kind": "bot", "difficulty": "easy"}]});
    let link = Room::open(&http, &server.url(), body).await.link;
    // A program that notes the budget of every request and answers at once.
    let budgets = dir.path().join("budgets.txt");
    let program = dir.path().join("note_budgets.py");
    std::fs::write(
        &program,
        format!(
            "import json, sys\nlog = open({:?}, 'a')\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'move':\n        log.write(str(m['budget_ms']) + '\\n'); log.flush()\n        print(0, flush=True)\n",
            budgets.display().to_string()
        ),
    )
    .expect("write the program");
    let command = format!("python3 {}", program.display());
    let child = bot_at(&link, &["--exec", &command, "--budget-ms", "60000"]).spawn().expect("start safehouse bot");
    let (ok, _, stderr) = finish(child, Duration::from_secs(90)).await;
    assert!(ok, "{stderr}");
    let noted = std::fs::read_to_string(&budgets).expect("the budgets");
    let noted: Vec<u64> = noted.lines().map(|l| l.parse().expect("a number")).collect();
    assert!(noted.len() > 3, "{noted:?}");
    assert!(noted.iter().all(|&b| (100..=4_000 * 9 / 10 - 300).contains(&b)), "{noted:?}");
    server.stop().await;
}

/// The program starts when `safehouse bot` does, so a slow start-up (a model to load) happens
/// while the room waits: a program that needs 1.5 s before it reads anything, with 0.2 s a
/// decision and 1 s of start-up allowance, still answers every decision once the table starts
/// after it is ready. A command that cannot start takes no seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_starts_the_program_while_the_room_waits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let body = json!({"game": "explosiv", "join": {"seat": 0, "name": "Ann"},
        "seats": [{"kind": "person"}, {"kind": "person"}]});
    let room = Room::open(&http, &server.url(), body).await;
    let (id, link, ann) = (room.id.clone(), room.link.clone(), room.joined_token());

    let missing = bot_at(&link, &["--exec", "/nonexistent/program"]).spawn().expect("run safehouse bot");
    let (ok, _, stderr) = finish(missing, Duration::from_secs(30)).await;
    assert!(!ok && stderr.contains("start the program"), "a program that cannot start: {stderr}");
    let table = http.get(&format!("/api/tables/{id}"), None).await.expect("table");
    assert_eq!(table.body["free_seats"], 1, "it took no seat: {}", table.text);

    // The program says when it is ready (a file), so the test waits for its start-up, not for a
    // time a loaded machine may exceed.
    let (program, ready) = (dir.path().join("slow_start.py"), dir.path().join("ready"));
    let source = format!(
        "import json, sys, time\ntime.sleep(1.5)\nopen({ready:?}, 'w').close()\nfor line in sys.stdin:\n    \
         if json.loads(line)['type'] == 'move':\n        print(0, flush=True)\n",
        ready = ready.display().to_string()
    );
    std::fs::write(&program, source).expect("write the program");
    let command = format!("python3 {}", program.display());
    let child = bot_at(&link, &["--exec", &command, "--budget-ms", "200", "--startup-ms", "1000"]).spawn();
    let child = child.expect("start safehouse bot");
    wait_for_seat(&http, &id, 1, "slow_start (program)").await;
    let started = std::time::Instant::now();
    while !ready.exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "the program never finished starting up while it waited");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Ann plays the first move, so the program's first request comes once it is ready: long
    // after its 1 s allowance, which only a program started while the room waited can meet.
    play_people(&http, &id, &[(0, &ann)]).await;
    let (ok, _, stderr) = finish(child, Duration::from_secs(90)).await;
    assert!(ok && answered_every_decision(&stderr), "every decision answered: {stderr}");
    server.stop().await;
}

/// A child process killed if the test stops before it is taken (a failing assertion must not
/// leave a server or a bot running).
struct Reaped(Option<std::process::Child>);

impl Reaped {
    fn take(&mut self) -> std::process::Child {
        self.0.take().expect("a child")
    }
}

impl Drop for Reaped {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `safehouse serve` as its own process on the SQLite file `db`, at `listen` (port 0: any), with
/// the test limits: the child and the address it printed.
fn serve(db: &std::path::Path, listen: &str) -> (Reaped, std::net::SocketAddr) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
        .args(["serve", "--listen", listen, "--bot-delay-ms", "0", "--idle-takeover-secs", "0"])
        .args(["--rate-per-sec", "10000", "--rate-burst", "10000", "--database-url"])
        .arg(format!("sqlite://{}", db.display()))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start safehouse serve");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let addr = loop {
        let line = lines.next().expect("the server prints its address").expect("a line");
        if let Some(rest) = line.strip_prefix("Safehouse is serving on http://") {
            break rest.split_whitespace().next().expect("address").parse().expect("a socket address");
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (Reaped(Some(child)), addr)
}

/// The server killed mid-match (a crash, or an update) drops every WebSocket: the program's seat
/// comes back once the server is up again, with the whole picture, and plays the match to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_plays_on_after_the_server_restarts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("table.db");
    let (mut first, addr) = serve(&db, "127.0.0.1:0");
    let http = HttpClient::new(addr);
    let body = json!({"game": "explosiv", "join": {"seat": 0, "name": "Ann"},
        "seats": [{"kind": "person"}, {"kind": "person"}]});
    let room = Room::open(&http, &format!("http://{addr}"), body).await;
    let (id, link, ann) = (room.id.clone(), room.link.clone(), room.joined_token());
    let mut bot = Reaped(Some(bot_at(&link, &["--exec", &example("random_bot.py")]).spawn().expect("start the bot")));
    wait_for_seat(&http, &id, 1, "random_bot (program)").await;
    play_people_until(&http, &id, &[(0, &ann)], 6).await;

    let mut killed = first.take();
    killed.kill().expect("SIGKILL the server");
    killed.wait().expect("the server is gone");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_second, _) = serve(&db, &addr.to_string());
    play_people(&http, &id, &[(0, &ann)]).await;
    let (ok, stdout, stderr) = finish(bot.take(), Duration::from_secs(120)).await;
    assert!(ok, "{stderr}");
    assert!(stderr.contains("reconnected to the match"), "{stderr}");
    let lines = outcome_lines(&stdout);
    assert_eq!((lines.len(), lines[0]["match"].as_str()), (1, Some(id.as_str())), "{stdout}");
    // Every decision of the seat went to the program, before and after the restart.
    assert!(answered_every_decision(&stderr), "{stderr}");
}

/// A TLS proxy in front of `backend`, as a deployment's (Caddy, nginx) would be, with the
/// certificate and key in `dir` (made here by `openssl`, for `localhost`): its port.
async fn tls_proxy(dir: &std::path::Path, backend: std::net::SocketAddr) -> u16 {
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"])
        .args(["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"])
        .arg("-keyout")
        .arg(dir.join("key.pem"))
        .arg("-out")
        .arg(dir.join("cert.pem"))
        .output()
        .expect("openssl (Debian's openssl package) makes a certificate");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let read = |name: &str| std::fs::read(dir.join(name)).expect("a PEM file");
    let identity = native_tls::Identity::from_pkcs8(&read("cert.pem"), &read("key.pem")).expect("an identity");
    let acceptor = tokio_native_tls::TlsAcceptor::from(native_tls::TlsAcceptor::new(identity).expect("an acceptor"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut client) = acceptor.accept(client).await else { return };
                let Ok(mut server) = tokio::net::TcpStream::connect(backend).await else { return };
                let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
            });
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_reaches_a_table_behind_tls() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = safehouse_server::start(config(dir.path())).await.expect("server starts");
    let port = tls_proxy(dir.path(), server.addr()).await;
    let http = HttpClient::new(server.addr());
    let body = json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "bot"}]});
    let room = Room::open(&http, &format!("https://localhost:{port}"), body).await;
    let (id, link) = (room.id.clone(), room.link.clone());
    let program = example("random_bot.py");

    // A certificate nobody vouches for is refused, before any seat is taken.
    let refused = bot_at(&link, &["--exec", &program]).env("SSL_CERT_FILE", dir.path().join("none.pem")).output();
    let refused = refused.expect("run safehouse bot");
    let says = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && says.contains("TLS with"), "{says}");
    let table = http.get(&format!("/api/tables/{id}"), None).await.expect("table");
    assert_eq!(table.body["free_seats"], 1, "{}", table.text);

    // With the proxy's certificate trusted (a private CA's, say), the program plays the table.
    let child = bot_at(&link, &["--exec", &program]).env("SSL_CERT_FILE", dir.path().join("cert.pem")).spawn();
    let (ok, stdout, stderr) = finish(child.expect("start safehouse bot"), Duration::from_secs(60)).await;
    assert!(ok, "{stderr}");
    let lines = outcome_lines(&stdout);
    assert_eq!((lines.len(), lines[0]["match"].as_str()), (1, Some(id.as_str())), "{stdout}");
    let info = http.get(&format!("/api/matches/{id}"), None).await.expect("match");
    assert_eq!(info.body["finished"], true, "{}", info.text);
    server.stop().await;
}
