//! The messages of the player protocol (`safehouse-player/1`) and how an answer is read.
//!
//! Safehouse writes one JSON object per line to the program's stdin; only a [`ToProgram::Move`]
//! is answered, with one line on stdout. `docs/player-protocol.md` is the reference.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's name, sent in every `hello`.
pub const PROTOCOL: &str = "safehouse-player";
/// The protocol's version, sent in every `hello`. A change that an existing program could
/// misread raises it; new optional fields do not.
pub const VERSION: u32 = 1;

/// The game a program is seated in: what the `start` message says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameContext {
    /// The game id (`club-unlock`, `safe-breaker`, `explosiv`, `the-safe`).
    pub game: String,
    /// The seat the program plays (0-based).
    pub seat: u8,
    /// Seats at the table.
    pub players: usize,
    /// The game's full options.
    pub options: Value,
    /// A seed the program may use for its own randomness (so a tournament can be repeated).
    pub seed: u64,
}

/// A line Safehouse writes to the program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToProgram {
    /// The first line a process receives. Not answered.
    Hello {
        /// Always [`PROTOCOL`].
        protocol: String,
        /// [`VERSION`].
        version: u32,
    },
    /// A game begins for this process (it plays one seat of one game at a time). Not answered.
    Start(GameContext),
    /// A decision: answer with one line naming one of `legal`.
    Move {
        /// The request's number (increasing per process); an answer may echo it.
        id: u64,
        /// The game id.
        game: String,
        /// The seat to move (the program's).
        seat: u8,
        /// Decisions taken in the game so far by every seat (0 for the game's first), where known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<u64>,
        /// Milliseconds the program has to answer, counted from when the request is written.
        budget_ms: u64,
        /// The seat's view: exactly what the seat may know (the game's view JSON).
        view: Value,
        /// The legal actions, in the game's action JSON; answer with an index into it or one of them.
        legal: Vec<Value>,
        /// One line of text per legal action, for people reading logs.
        legal_text: Vec<String>,
    },
    /// The game is over. Not answered.
    End {
        /// The game id.
        game: String,
        /// The program's seat.
        seat: u8,
        /// The result (scores, ranks, winners, reason), when the game finished normally.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<Value>,
        /// The seat's final view, when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Value>,
    },
    /// The process is no longer needed; its stdin closes next, and it should exit.
    Bye,
}

impl ToProgram {
    /// The `hello` of this version.
    pub fn hello() -> ToProgram {
        ToProgram::Hello { protocol: PROTOCOL.to_owned(), version: VERSION }
    }

    /// The message as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        // Serialising these types cannot fail: every field is plain data or a `Value`.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }
}

/// A program's answer to a `move`, as written: `{"index": n}`, `{"action": ...}` (both may be
/// given and must agree), optionally with the request's `"id"`; or a bare number `n`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The request's id, echoed (optional; if present it must match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// An index into `legal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// One of `legal`, as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Value>,
    /// Free text for logs (ignored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// Why an answer line was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// Not JSON, or not an answer's shape.
    #[error("not an answer: {0}")]
    Garbage(String),
    /// The answer names no legal action.
    #[error("illegal answer: {0}")]
    Illegal(String),
}

/// Reads an answer line to a `move` with request id `id` and legal actions `legal`: the index
/// of the chosen action.
pub fn read_answer(line: &str, id: u64, legal: &[Value]) -> Result<usize, AnswerError> {
    let value: Value =
        serde_json::from_str(line.trim()).map_err(|e| AnswerError::Garbage(format!("{e}: {}", clip(line))))?;
    let answer = match value {
        Value::Number(n) => Answer {
            index: Some(n.as_u64().ok_or_else(|| AnswerError::Illegal(format!("index {n}")))?),
            ..Answer::default()
        },
        Value::Object(_) => {
            serde_json::from_value::<Answer>(value).map_err(|e| AnswerError::Garbage(format!("{e}: {}", clip(line))))?
        }
        _ => return Err(AnswerError::Garbage(format!("expected an object or an index: {}", clip(line)))),
    };
    if let Some(echo) = answer.id
        && echo != id
    {
        return Err(AnswerError::Garbage(format!("answer to request {echo}, but request {id} is open")));
    }
    let by_index = match answer.index {
        Some(i) => match usize::try_from(i).ok().filter(|&i| i < legal.len()) {
            Some(i) => Some(i),
            None => return Err(AnswerError::Illegal(format!("index {i} of {} legal actions", legal.len()))),
        },
        None => None,
    };
    let by_action = match &answer.action {
        Some(action) => match legal.iter().position(|a| a == action) {
            Some(i) => Some(i),
            None => return Err(AnswerError::Illegal(format!("{} is not a legal action", clip(&action.to_string())))),
        },
        None => None,
    };
    match (by_index, by_action) {
        (Some(i), Some(j)) if i != j => {
            Err(AnswerError::Illegal(format!("index {i} and the action given (legal[{j}]) disagree")))
        }
        (Some(i), _) | (None, Some(i)) => Ok(i),
        (None, None) => Err(AnswerError::Garbage("an answer needs `index` or `action`".to_owned())),
    }
}

/// At most 120 characters of `text`, for error messages.
pub(crate) fn clip(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn legal() -> Vec<Value> {
        vec![json!({"play": 3}), json!("pass")]
    }

    #[test]
    fn every_answer_form_is_read() {
        assert_eq!(read_answer("1", 5, &legal()), Ok(1));
        assert_eq!(read_answer(r#"{"index": 0}"#, 5, &legal()), Ok(0));
        assert_eq!(read_answer(r#"{"action": "pass"}"#, 5, &legal()), Ok(1));
        assert_eq!(read_answer(r#"{"id": 5, "index": 0, "action": {"play": 3}}"#, 5, &legal()), Ok(0));
    }

    #[test]
    fn bad_answers_are_refused_by_kind() {
        let garbage = |line: &str| matches!(read_answer(line, 5, &legal()), Err(AnswerError::Garbage(_)));
        let illegal = |line: &str| matches!(read_answer(line, 5, &legal()), Err(AnswerError::Illegal(_)));
        assert!(garbage("hello"));
        assert!(garbage("[0]"));
        assert!(garbage("{}"));
        assert!(garbage(r#"{"index": 0, "extra": 1}"#));
        assert!(garbage(r#"{"id": 4, "index": 0}"#));
        assert!(illegal("2"));
        assert!(illegal("-1"));
        assert!(illegal(r#"{"action": {"play": 4}}"#));
        assert!(illegal(r#"{"index": 1, "action": {"play": 3}}"#));
    }

    #[test]
    fn messages_have_the_documented_shape() {
        assert_eq!(
            serde_json::to_value(ToProgram::hello()).expect("json"),
            json!({"type": "hello", "protocol": "safehouse-player", "version": 1})
        );
        assert_eq!(ToProgram::Bye.to_line(), r#"{"type":"bye"}"#);
        let start =
            ToProgram::Start(GameContext { game: "explosiv".into(), seat: 1, players: 3, options: json!({}), seed: 9 });
        assert_eq!(
            serde_json::to_value(start).expect("json"),
            json!({"type": "start", "game": "explosiv", "seat": 1, "players": 3, "options": {}, "seed": 9})
        );
    }
}
