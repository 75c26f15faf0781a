//! Fuzz target: arbitrary bytes as engine-protocol request lines (`Session::handle_bytes`).
//!
//! The input is first given whole, as one line, to a fresh session; then it is split at `\n`
//! and the pieces are given in order to a second session, so that the fuzzer can build a
//! `new` match and then drive it with `apply`, `view`, `record`, `replay`... Every line must get
//! exactly one answer: one line of JSON, an object with a boolean `ok` (docs/protocol.md).
//! A panic anywhere is a crash.

#![no_main]

use libfuzzer_sys::fuzz_target;
use safehouse_protocol::Session;
use serde_json::Value;

/// Checks the protocol's promise about one answer and returns whether it was `ok`.
fn check_answer(line: &[u8], answer: &str) -> bool {
    assert!(!answer.contains('\n'), "an answer is one line: {answer:?} (request {line:?})");
    let value: Value = serde_json::from_str(answer)
        .unwrap_or_else(|e| panic!("the answer is not JSON ({e}): {answer:?} (request {line:?})"));
    let ok = value.get("ok").and_then(Value::as_bool);
    assert!(ok.is_some(), "an answer has a boolean `ok`: {answer:?} (request {line:?})");
    ok == Some(true)
}

fuzz_target!(|data: &[u8]| {
    let mut whole = Session::new();
    let answer = whole.handle_bytes(data);
    check_answer(data, &answer);

    let mut session = Session::new();
    for line in data.split(|&b| b == b'\n') {
        if session.is_closed() {
            break;
        }
        let answer = session.handle_bytes(line);
        check_answer(line, &answer);
    }
});
