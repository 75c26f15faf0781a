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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safehouse_bot_seats_programs_in_a_live_match() {
    let dir = std::env::temp_dir().join(format!("safehouse-player-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let server = safehouse_server::start(config(&dir)).await.expect("server starts");
    let http = HttpClient::new(server.addr());
    let person = json!({"kind": "person"});
    let body = json!({"game": "explosiv", "seats": [person, person, person, person]});
    let created = http.post("/api/matches", None, &body).await.expect("create");
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().expect("id").to_owned();
    let programs = [example("explosiv_bot.py"), example("random_bot.py"), fixture("garbage.sh"), fixture("crash.sh")];
    let mut children = Vec::new();
    for (seat, program) in programs.iter().enumerate() {
        let invite = created.body["seats"][seat]["invite"].as_str().expect("invite");
        let joined = http
            .post(&format!("/api/matches/{id}/join"), None, &json!({"seat": seat, "invite": invite}))
            .await
            .expect("join");
        assert_eq!(joined.status, 200, "{}", joined.text);
        let token = joined.body["token"].as_str().expect("token").to_owned();
        let child = Command::new(env!("CARGO_BIN_EXE_safehouse"))
            .args(["bot", &server.url(), "--match", &id, "--exec", program, "--budget-ms", "5000"])
            .env("SAFEHOUSE_SEAT_TOKEN", &token)
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
