//! The protocol, line by line: a worked session (snapshot), every error code, and replays.

use safehouse_protocol::Session;
use serde_json::{Value, json};

fn ask(session: &mut Session, request: Value) -> Value {
    let line = session.handle_line(&request.to_string());
    serde_json::from_str(&line).expect("every answer is one JSON line")
}

#[test]
fn worked_example_session() {
    // This transcript is the worked example of docs/protocol.md.
    let mut s = Session::new();
    let mut transcript = Vec::new();
    for request in [
        json!({"cmd": "hello", "id": 1}),
        json!({"cmd": "new", "id": 2, "game": "club-unlock", "players": 3, "seed": 42,
               "deal": {"first_player": 0, "starting_keys": [[2,1,1,0],[0,0,2,2],[1,1,1,1]],
                        "safes": [{"keys":[2,1,1,0],"value":7},{"keys":[0,0,2,2],"value":14},{"keys":[1,1,1,1],"value":10},
                                  {"keys":[4,0,0,0],"value":4},{"keys":[0,4,0,0],"value":8},{"keys":[0,0,4,0],"value":12},
                                  {"keys":[0,0,0,4],"value":16},{"keys":[3,1,0,0],"value":5}]}}),
        json!({"cmd": "legal", "id": 3}),
        json!({"cmd": "apply", "id": 4, "seat": 1, "action": {"type": "take_key", "colour": "red"}}),
        json!({"cmd": "apply", "id": 5, "seat": 0, "action": {"type": "crack", "safe": 1}}),
        json!({"cmd": "apply", "id": 6, "seat": 0, "action": {"type": "crack", "safe": 0}}),
        json!({"cmd": "apply", "id": 7, "seat": 0, "action": {"type": "end_turn"}}),
        json!({"cmd": "view", "id": 8, "seat": 1}),
        json!({"cmd": "outcome", "id": 9}),
    ] {
        let mut answer = ask(&mut s, request.clone());
        if answer.get("games").is_some() {
            answer["games"] = json!("[the ids of every game]");
        }
        transcript.push(json!({"request": request, "answer": answer}));
    }
    insta::assert_json_snapshot!("worked_example", transcript);
}

#[test]
fn errors_have_stable_codes_and_never_end_the_session() {
    let mut s = Session::new();
    let cases: Vec<(&str, &str)> = vec![
        ("not json", "bad_json"),
        ("[1,2]", "bad_request"),
        (r#"{"nocmd":1}"#, "bad_request"),
        (r#"{"cmd":"fly"}"#, "unknown_command"),
        (r#"{"cmd":"legal"}"#, "no_match"),
        (r#"{"cmd":"new","game":"chess"}"#, "unknown_game"),
        (r#"{"cmd":"new","game":"club-unlock","players":9}"#, "bad_player_count"),
        (r#"{"cmd":"new","game":"club-unlock","options":{"tie_brake":"shared"}}"#, "bad_options"),
        (r#"{"cmd":"new","game":"club-unlock","preset":"nope"}"#, "unknown_preset"),
        (r#"{"cmd":"new","game":"club-unlock","deal":{"safes":[{"keys":[1,0,0,0],"value":1}]}}"#, "bad_deal"),
        (r#"{"cmd":"new","game":"club-unlock","colour":"red"}"#, "bad_request"),
        (r#"{"cmd":"new","game":"club-unlock","players":3,"seed":1,"options":{"first_player":0}}"#, ""),
        (r#"{"cmd":"apply","seat":1,"action":{"type":"take_key","colour":"red"}}"#, "not_your_turn"),
        (r#"{"cmd":"apply","seat":0,"action":{"type":"fly"}}"#, "malformed_action"),
        (r#"{"cmd":"apply","seat":0,"action":{"type":"end_turn"}}"#, "illegal_action"),
        (r#"{"cmd":"apply","seat":7,"action":{"type":"end_turn"}}"#, "bad_seat"),
        (r#"{"cmd":"apply","seat":-1,"action":{"type":"end_turn"}}"#, "bad_seat"),
        (r#"{"cmd":"apply","seat":0}"#, "bad_request"),
        (r#"{"cmd":"view","match":"m9","seat":0}"#, "unknown_match"),
        (r#"{"cmd":"replay","record":{"game":"club-unlock"}}"#, "bad_record"),
        (r#"{"cmd":"view","sesat":1}"#, "bad_request"),
        (r#"{"cmd":"hello","verbose":true}"#, "bad_request"),
    ];
    for (line, code) in cases {
        let answer: Value = serde_json::from_str(&s.handle_line(line)).expect("json answer");
        if code.is_empty() {
            assert_eq!(answer["ok"], true, "{line}: {answer}");
        } else {
            assert_eq!(answer["ok"], false, "{line}: {answer}");
            assert_eq!(answer["error"]["code"], code, "{line}: {answer}");
            assert!(answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
    let huge = format!(r#"{{"cmd":"hello","pad":"{}"}}"#, "x".repeat(safehouse_protocol::MAX_LINE_BYTES));
    let answer: Value = serde_json::from_str(&s.handle_line(&huge)).expect("json");
    assert_eq!(answer["error"]["code"], "line_too_long");
    // The session still works after all of that.
    assert_eq!(ask(&mut s, json!({"cmd": "hello"}))["ok"], true);
}

/// A mistyped field is refused, not ignored: ignored, `"mach": "m1"` ran on the most recent match.
#[test]
fn a_mistyped_match_is_refused_not_the_last_match() {
    let mut s = Session::new();
    for _ in 0..2 {
        assert_eq!(ask(&mut s, json!({"cmd": "new", "game": "club-unlock", "players": 3, "seed": 1}))["ok"], true);
    }
    let legal = ask(&mut s, json!({"cmd": "legal", "match": "m1"}));
    let seat = legal["to_move"].clone();
    let action = legal["actions"][0]["action"].clone();
    let refused = ask(&mut s, json!({"cmd": "apply", "mach": "m1", "seat": seat, "action": action}));
    assert_eq!(refused["error"]["code"], "bad_request", "{refused}");
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("unknown field `mach`"), "the refusal names the field: {message}");
    for name in ["m1", "m2"] {
        let record = ask(&mut s, json!({"cmd": "record", "match": name}));
        assert_eq!(record["record"]["actions"], json!([]), "{name} was played on: {record}");
    }
}

#[test]
fn a_game_driven_to_the_end_replays_from_its_record_for_every_game() {
    for id in safehouse_games::ids() {
        let mut s = Session::new();
        let created = ask(&mut s, json!({"cmd": "new", "game": id, "seed": 11}));
        assert_eq!(created["ok"], true, "{id}: {created}");
        let mut steps = 0;
        loop {
            let legal = ask(&mut s, json!({"cmd": "legal"}));
            let Some(seat) = legal["to_move"].as_u64() else { break };
            let actions = legal["actions"].as_array().expect("actions");
            assert!(!actions.is_empty(), "{id}: no legal action");
            let pick = &actions[steps % actions.len()]["action"];
            let applied = ask(&mut s, json!({"cmd": "apply", "seat": seat, "action": pick}));
            assert_eq!(applied["ok"], true, "{id}: {applied}");
            steps += 1;
            assert!(steps < 50_000, "{id}: game did not end");
        }
        let outcome = ask(&mut s, json!({"cmd": "outcome"}));
        assert_eq!(outcome["over"], true);
        let record = ask(&mut s, json!({"cmd": "record"}))["record"].clone();
        let replayed = ask(&mut s, json!({"cmd": "replay", "record": record}));
        assert_eq!(replayed["ok"], true, "{id}: {replayed}");
        assert_eq!(replayed["outcome"], outcome["outcome"], "{id}: replay gives another outcome");
        assert_eq!(replayed["actions"].as_u64(), Some(steps as u64));
        let a = ask(&mut s, json!({"cmd": "state", "match": "m1"}))["state"].clone();
        let b = ask(&mut s, json!({"cmd": "state", "match": "m2"}))["state"].clone();
        assert_eq!(a, b, "{id}: replayed state differs");
    }
}

#[test]
fn a_record_in_another_format_is_refused() {
    let mut s = Session::new();
    assert_eq!(ask(&mut s, json!({"cmd": "new", "game": "club-unlock", "seed": 3}))["ok"], true);
    let mut record = ask(&mut s, json!({"cmd": "record"}))["record"].clone();
    assert_eq!(record["format"], "safehouse-record/1");
    assert_eq!(ask(&mut s, json!({"cmd": "replay", "record": record.clone()}))["ok"], true);
    record["format"] = json!("safehouse-record/2");
    let refused = ask(&mut s, json!({"cmd": "replay", "record": record}));
    assert_eq!(refused["ok"], false, "{refused}");
    assert_eq!(refused["error"]["code"], "bad_record", "{refused}");
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("safehouse-record/1"), "the refusal names the format this build reads: {message}");
}

#[test]
fn quit_closes_the_session() {
    let mut s = Session::new();
    assert!(!s.is_closed());
    assert_eq!(ask(&mut s, json!({"cmd": "quit"}))["ok"], true);
    assert!(s.is_closed());
}
