//! The protocol against hostile input: every line answered (blank ones too), bytes that are not
//! UTF-8 refused, numeric ids echoed digit for digit, long lines read with a bound, and a
//! proptest fuzz of `Session::handle_line` / `handle_bytes` with arbitrary JSON and bytes.

use std::io::{BufRead, Read};

use proptest::prelude::*;
use safehouse_protocol::{MAX_LINE_BYTES, ReadLine, Session, read_line_bounded, serve};
use serde_json::{Value, json};

fn parse(line: &str) -> Value {
    assert!(!line.contains('\n'), "one line: {line}");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("every answer is JSON ({e}): {line}"))
}

#[test]
fn blank_lines_and_bad_utf8_get_answers() {
    let mut session = Session::new();
    let blank = parse(&session.handle_line("   "));
    assert_eq!(blank["error"]["code"], "empty_line");
    let bad = parse(&session.handle_bytes(b"{\"cmd\":\"hello\",\"x\":\"\xff\xfe\"}"));
    assert_eq!(bad["error"]["code"], "bad_utf8", "not replaced and accepted: {bad}");
    let input = b"{\"cmd\":\"hello\"}\n\n\xff\n  \r\n{\"cmd\":\"games\"}\n".to_vec();
    let mut out = Vec::new();
    serve(&mut input.as_slice(), &mut out).expect("serve");
    let lines: Vec<Value> = String::from_utf8(out).expect("utf-8").lines().map(parse).collect();
    let codes: Vec<&str> = lines.iter().map(|l| l["error"]["code"].as_str().unwrap_or("ok")).collect();
    assert_eq!(codes, ["ok", "empty_line", "bad_utf8", "empty_line", "ok"], "one answer per line, in order");
}

#[test]
fn numeric_ids_come_back_digit_for_digit() {
    let mut session = Session::new();
    for id in ["123456789012345678901234567890", "-98765432109876543210", "18446744073709551617", "1.5", "7"] {
        let answer = session.handle_line(&format!("{{\"cmd\":\"hello\",\"id\":{id}}}"));
        assert!(answer.contains(&format!("\"id\":{id},")) || answer.contains(&format!("\"id\":{id}}}")), "{answer}");
        parse(&answer);
        let error = session.handle_line(&format!("{{\"cmd\":\"nope\",\"id\":{id}}}"));
        assert!(error.contains(&format!("\"id\":{id}")), "errors echo the id too: {error}");
    }
    let answer = parse(&session.handle_line("{\"cmd\":\"hello\",\"id\": {\"a\" : [1, 2]}}"));
    assert_eq!(answer["id"], json!({"a": [1, 2]}));
    // Keys stay in the usual order, so ordinary answers are unchanged.
    assert_eq!(session.handle_line("{\"cmd\":\"quit\",\"id\":3}"), "{\"id\":3,\"ok\":true}");
}

/// A reader that yields `len` bytes of `x` then a newline and a short request, counting the
/// largest buffer the caller held.
struct Endless {
    left: usize,
    tail: &'static [u8],
    chunk: Vec<u8>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Endless {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.left > 0 {
            let n = self.left.min(self.chunk.len());
            Ok(&self.chunk[..n])
        } else {
            Ok(self.tail)
        }
    }

    fn consume(&mut self, amount: usize) {
        if self.left > 0 {
            self.left -= amount;
        } else {
            self.tail = &self.tail[amount..];
        }
    }
}

#[test]
fn a_long_line_is_refused_without_being_held_whole() {
    let mut input = Endless { left: 64 << 20, tail: b"\n{\"cmd\":\"hello\",\"id\":2}\n", chunk: vec![b'x'; 64 << 10] };
    let mut line = Vec::new();
    assert_eq!(read_line_bounded(&mut input, &mut line, MAX_LINE_BYTES).expect("read"), ReadLine::TooLong);
    assert!(line.capacity() <= 2 * MAX_LINE_BYTES, "held {} bytes of a 64 MiB line", line.capacity());
    assert_eq!(read_line_bounded(&mut input, &mut line, MAX_LINE_BYTES).expect("read"), ReadLine::Line);
    assert_eq!(line, b"{\"cmd\":\"hello\",\"id\":2}");
    assert_eq!(read_line_bounded(&mut input, &mut line, MAX_LINE_BYTES).expect("read"), ReadLine::End);

    let mut input = Endless { left: 3 << 20, tail: b"\n{\"cmd\":\"hello\",\"id\":2}\n", chunk: vec![b'x'; 64 << 10] };
    let mut out = Vec::new();
    serve(&mut input, &mut out).expect("serve");
    let lines: Vec<Value> = String::from_utf8(out).expect("utf-8").lines().map(parse).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["error"]["code"], "line_too_long");
    assert_eq!(lines[1]["id"], 2);
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        "[a-z_]{0,8}".prop_map(Value::String),
        prop::sample::select(vec![
            "club-unlock",
            "safe-breaker",
            "explosiv",
            "the-safe",
            "m1",
            "m2",
            "spectator",
            "red",
            "take_key",
            "crack",
            "end_turn",
            "ask",
            "guess",
            "play",
        ])
        .prop_map(|s| Value::String(s.to_owned())),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "cmd", "id", "game", "players", "seed", "seat", "action", "type", "match", "record", "options",
                    "deal", "viewer", "colour", "safe", "card", "number", "target",
                ])
                .prop_map(str::to_owned),
                inner,
                0..6,
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A command with its own fields (the ones `docs/protocol.md` lists, so that most requests get
/// past the reading), arbitrary values in them, and now and then a field no command has.
fn arb_request() -> impl Strategy<Value = Value> {
    let cmd = prop::sample::select([&safehouse_protocol::COMMANDS[..], &["nope"]].concat());
    let known = prop::sample::select(vec!["match", "seat", "viewer", "record", "players", "seed", "options", "deal"]);
    let key = prop_oneof![4 => known.prop_map(str::to_owned), 1 => "[a-z]{1,7}"];
    (cmd, prop::collection::btree_map(key, arb_json(), 0..3), arb_json()).prop_map(|(cmd, extra, action)| {
        let mut request = json!({ "cmd": cmd });
        match cmd {
            "new" => request["game"] = json!("club-unlock"),
            "apply" => {
                request["seat"] = json!(0);
                request["action"] = action;
            }
            "view" | "view_text" => request["seat"] = json!(0),
            _ => {}
        }
        for (key, value) in extra {
            request[key] = value;
        }
        request
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Any bytes at all: one JSON answer, no panic.
    #[test]
    fn any_bytes_get_one_answer(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut session = Session::new();
        let answer = parse(&session.handle_bytes(&bytes));
        prop_assert!(answer["ok"].is_boolean());
    }

    /// Sessions of arbitrary requests (after a real `new`): every answer is one JSON object
    /// with `ok`, and a failed answer changes nothing the next `legal` shows.
    #[test]
    fn any_requests_keep_the_session_sound(requests in prop::collection::vec(arb_request(), 1..12)) {
        let mut session = Session::new();
        parse(&session.handle_line(r#"{"cmd":"new","game":"club-unlock","players":3,"seed":7}"#));
        for request in requests {
            let before = session.handle_line(r#"{"cmd":"legal","match":"m1"}"#);
            let answer = parse(&session.handle_line(&request.to_string()));
            prop_assert!(answer["ok"].is_boolean(), "{}", answer);
            if answer["ok"] == false && request["cmd"] == "apply" {
                let after = session.handle_line(r#"{"cmd":"legal","match":"m1"}"#);
                prop_assert_eq!(&before, &after, "a refused apply changed the match");
            }
        }
    }
}
