//! The API as a client that reads only `/openapi.json` finds it. schemathesis (from PyPI:
//! `scripts/test` installs it and names it in `SAFEHOUSE_SCHEMATHESIS`) generates requests from
//! the document, valid ones and invalid ones, against a real server on SQLite, aimed at a match
//! being played and at a waiting room with their tokens, and checks every answer: no server
//! error, and only the statuses, content types and bodies the document lists. Without
//! schemathesis the test says `SKIPPED`, except under CI, where it fails.
//!
//! Beside it, plain requests pin what the fuzzing first found: a path or query parameter that does
//! not read is a JSON error with a stable code, like every other refusal (axum's own rejection
//! was a plain-text body).

use std::path::PathBuf;

use crate::common::*;
use safehouse_client::HttpClient;
use serde_json::{Value, json};

/// The schemathesis command, or `None` (skip) when it is not there outside CI.
fn schemathesis() -> Option<PathBuf> {
    let named = std::env::var_os("SAFEHOUSE_SCHEMATHESIS").map(PathBuf::from);
    let why = match &named {
        Some(path) if path.is_file() => return named,
        Some(path) => format!("{} is no file", path.display()),
        None => "SAFEHOUSE_SCHEMATHESIS is not set".to_owned(),
    };
    if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
        panic!("schemathesis is required under CI: {why}");
    }
    use std::io::Write as _;
    let test = std::thread::current().name().unwrap_or("a schemathesis test").to_owned();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
    None
}

/// A TOML string.
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_as_its_document_says() {
    let Some(cli) = schemathesis() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    // A match being played, its first seat's token sent with every request...
    let played = create(&http, "club-unlock", &[true, true, false], None).await;
    let seat_token = played.tokens[0].clone().expect("a seat token");
    // ...and a waiting room with its creator's token, for the routes under /api/tables/{id}.
    let body = json!({
        "game": "explosiv", "waiting_room": true, "visibility": "public",
        "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "difficulty": "easy"}],
        "join": {"seat": 0, "name": "Host"},
    });
    let room = http.post("/api/matches", None, &body).await.expect("create a room");
    assert_eq!(room.status, 201, "{}", room.text);
    let room_id = room.body["id"].as_str().expect("id");
    let creator_token = room.body["creator_token"].as_str().expect("creator token");

    let config = dir.path().join("schemathesis.toml");
    let text = format!(
        "headers = {{ Authorization = {seat} }}\n\
         [parameters]\n\"path.id\" = {id}\n\n\
         [[operations]]\ninclude-path-regex = \"^/api/tables/\"\n\
         headers = {{ Authorization = {creator} }}\n\
         parameters = {{ \"path.id\" = {room} }}\n",
        seat = toml_string(&format!("Bearer {seat_token}")),
        id = toml_string(&played.id),
        creator = toml_string(&format!("Bearer {creator_token}")),
        room = toml_string(room_id),
    );
    std::fs::write(&config, text).expect("writes the configuration");
    let mut command = std::process::Command::new(&cli);
    command
        .arg("--config-file")
        .arg(&config)
        .args(["run", &format!("http://{}/openapi.json", server.addr())])
        .args(["--checks", "not_a_server_error,status_code_conformance,content_type_conformance"])
        .args(["--checks", "response_schema_conformance,negative_data_rejection"])
        .args(["--phases", "coverage,fuzzing", "--max-examples", "25", "--seed", "1", "--workers", "1"])
        .args(["--no-color", "--report-dir"])
        .arg(dir.path().join("report"))
        .current_dir(dir.path());
    // The server answers on this runtime's workers while the command runs on a blocking thread.
    let output =
        tokio::task::spawn_blocking(move || command.output()).await.expect("joins").expect("schemathesis runs");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "schemathesis found answers the document does not describe:\n{printed}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary = printed.lines().filter(|l| l.contains("generated") || l.contains("passed")).collect::<Vec<_>>();
    println!("schemathesis: {}", summary.join(" / "));
}

/// A parameter that does not read: a seat that is no seat number, a limit that is no number, a
/// field of the query twice. Each is `400 bad_request` in JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parameters_that_do_not_read_are_json_errors() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let http = HttpClient::new(server.addr());
    let played = create(&http, "club-unlock", &[true, false, false], None).await;
    let id = &played.id;
    let token = played.tokens[0].as_deref();
    let requests = [
        ("POST", format!("/api/matches/{id}/seats/999/bot")),
        ("POST", format!("/api/tables/{id}/seats/one/take")),
        ("GET", "/api/matches?limit=many".to_owned()),
        ("GET", "/api/tables?limit=-1".to_owned()),
        ("GET", format!("/api/matches/{id}/log?after=later")),
        ("GET", format!("/api/matches/{id}/view?token=a&token=b")),
    ];
    for (method, path) in requests {
        let reply = match method {
            "GET" => http.get(&path, token).await,
            _ => http.post(&path, token, &json!({})).await,
        };
        let reply = reply.expect("an answer");
        assert_eq!((reply.status, reply.code()), (400, Some("bad_request")), "{method} {path}: {}", reply.text);
        let message = reply.body["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{method} {path}: a message for a person: {}", reply.body);
        assert!(matches!(reply.body, Value::Object(_)), "{method} {path}");
    }
}
