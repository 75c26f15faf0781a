//! The Safehouse engine protocol, version 1: one JSON object per line in, one per line out.
//!
//! Think UCI for card games: a program in any language starts `safehouse engine`, writes
//! requests on its stdin and reads one response line per request. The format is documented
//! with a worked example in `docs/protocol.md`; this crate is the whole implementation:
//! [`Session::handle_line`] answers one line without any I/O (so it is tested line by line),
//! reading its request into a [`Request`] first (each command takes exactly its documented
//! fields), and [`serve`] runs a session over any reader and writer, reading lines with a bound.
//!
//! Stability: commands, fields and error codes of version 1 are only ever added to, never
//! changed or removed. A breaking change would be version 2, announced by `hello`.

use std::collections::BTreeMap;

use safehouse_engine::{DynMatch, DynRecord, DynSetup, Viewer};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

mod request;

pub use request::{ApplyRequest, COMMANDS, MatchRef, NewRequest, ReplayRequest, Request, ViewRequest};

/// The protocol's name and version, announced by `hello`.
pub const PROTOCOL: &str = "safehouse-engine/1";

/// The longest request line accepted (bytes); longer lines get `line_too_long`.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// An error answer: a stable code and a message for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError {
    /// Stable machine code.
    pub code: &'static str,
    /// What went wrong.
    pub message: String,
}

impl ProtocolError {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Self {
        ProtocolError { code, message: message.into() }
    }
}

/// One client's session: the matches it has open.
#[derive(Debug, Default)]
pub struct Session {
    matches: BTreeMap<String, Box<dyn DynMatch>>,
    next_id: u64,
    last: Option<String>,
    closed: bool,
}

impl Session {
    /// A new session with no matches.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the client said `quit`.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Answers one request line with one response line (no newline). Never panics on input.
    ///
    /// Every line gets an answer, a blank one too (`empty_line`). A numeric `id` is echoed as
    /// it was written, digit for digit, even beyond 64 bits.
    pub fn handle_line(&mut self, line: &str) -> String {
        if line.len() > MAX_LINE_BYTES {
            return error_line(&Value::Null, &line_too_long());
        }
        let line = line.trim();
        if line.is_empty() {
            return error_line(
                &Value::Null,
                &ProtocolError::new("empty_line", "a request is one JSON object on a line"),
            );
        }
        let id = RequestId::of(line);
        let request: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(e) => return id.write(error_value(&ProtocolError::new("bad_json", format!("not a JSON object: {e}")))),
        };
        match self.handle(request) {
            Ok(mut answer) => {
                if let Value::Object(fields) = &mut answer {
                    fields.insert("ok".into(), Value::Bool(true));
                }
                id.write(answer)
            }
            Err(error) => id.write(error_value(&error)),
        }
    }

    /// Answers one line given as bytes (without its newline): bytes that are not UTF-8 are
    /// refused with `bad_utf8`, never replaced.
    pub fn handle_bytes(&mut self, line: &[u8]) -> String {
        if line.len() > MAX_LINE_BYTES {
            return error_line(&Value::Null, &line_too_long());
        }
        match std::str::from_utf8(line) {
            Ok(text) => self.handle_line(text),
            Err(e) => error_line(
                &Value::Null,
                &ProtocolError::new("bad_utf8", format!("the line is not UTF-8 (byte {})", e.valid_up_to())),
            ),
        }
    }

    fn handle(&mut self, request: Value) -> Result<Value, ProtocolError> {
        match Request::read(request)? {
            Request::Hello => Ok(json!({ "protocol": PROTOCOL, "games": safehouse_games::ids() })),
            Request::Games => Ok(json!({ "games": games_json() })),
            Request::New(new) => self.new_match(new),
            Request::Replay(replay) => self.replay(replay),
            Request::Legal(target) => {
                let (name, game) = self.match_ref(target)?;
                let actions: Vec<Value> = game
                    .legal_actions_described()
                    .into_iter()
                    .map(|(action, text)| json!({ "action": action, "text": text }))
                    .collect();
                Ok(json!({ "match": name, "to_move": game.to_move(), "actions": actions }))
            }
            Request::Apply(apply) => self.apply(apply),
            Request::View(ViewRequest { target, viewer }) => {
                let (name, game) = self.match_ref(target)?;
                check_seat(game, viewer)?;
                Ok(json!({ "match": name, "view": game.view(viewer) }))
            }
            Request::ViewText(ViewRequest { target, viewer }) => {
                let (name, game) = self.match_ref(target)?;
                check_seat(game, viewer)?;
                Ok(json!({ "match": name, "text": game.view_text(viewer) }))
            }
            Request::State(target) => {
                let (name, game) = self.match_ref(target)?;
                Ok(json!({ "match": name, "to_move": game.to_move(), "state": game.state() }))
            }
            Request::Outcome(target) => {
                let (name, game) = self.match_ref(target)?;
                Ok(json!({ "match": name, "over": game.to_move().is_none(), "outcome": game.outcome() }))
            }
            Request::Record(target) => {
                let (name, game) = self.match_ref(target)?;
                Ok(json!({ "match": name, "record": game.record() }))
            }
            Request::Close(target) => {
                let name = self.match_name(target)?;
                self.matches.remove(&name);
                if self.last.as_deref() == Some(name.as_str()) {
                    self.last = None;
                }
                Ok(json!({ "match": name }))
            }
            Request::Quit => {
                self.closed = true;
                Ok(json!({}))
            }
        }
    }

    fn insert(&mut self, game: Box<dyn DynMatch>) -> String {
        self.next_id += 1;
        let name = format!("m{}", self.next_id);
        self.matches.insert(name.clone(), game);
        self.last = Some(name.clone());
        name
    }

    fn new_match(&mut self, NewRequest { game, setup }: NewRequest) -> Result<Value, ProtocolError> {
        let found = safehouse_games::find(&game).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let setup = DynSetup { preset: setup.preset.or(found.preset.map(str::to_owned)), ..setup };
        let game = found.game.new_match(&setup).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let answer = json!({
            "game": game.info().id,
            "players": game.players(),
            "to_move": game.to_move(),
        });
        let name = self.insert(game);
        Ok(with_match(answer, &name))
    }

    fn replay(&mut self, ReplayRequest { record }: ReplayRequest) -> Result<Value, ProtocolError> {
        let record: DynRecord = serde_json::from_value(record)
            .map_err(|e| ProtocolError::new("bad_record", format!("not a match record: {e}")))?;
        let found = safehouse_games::find(&record.game).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let game = found.game.replay(&record).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let answer = json!({
            "game": game.info().id,
            "players": game.players(),
            "actions": game.action_count(),
            "to_move": game.to_move(),
            "outcome": game.outcome(),
        });
        let name = self.insert(game);
        Ok(with_match(answer, &name))
    }

    fn apply(&mut self, ApplyRequest { target, seat, action, viewer }: ApplyRequest) -> Result<Value, ProtocolError> {
        let name = self.match_name(target)?;
        let game = self.matches.get_mut(&name).ok_or_else(|| unknown_match(&name))?;
        check_seat(game.as_ref(), Viewer::Seat(seat))?;
        game.act(seat, &action).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        // The driver owns the match, so by default it gets every event; a `viewer` filters them.
        let events = match viewer {
            Some(viewer) => game.last_events_for(viewer),
            None => game.last_events(),
        };
        Ok(json!({
            "match": name,
            "events": events,
            "to_move": game.to_move(),
            "outcome": game.outcome(),
        }))
    }

    fn match_name(&self, MatchRef { name }: MatchRef) -> Result<String, ProtocolError> {
        match name {
            Some(name) => Ok(name),
            None => {
                self.last.clone().ok_or_else(|| ProtocolError::new("no_match", "no match is open: send `new` first"))
            }
        }
    }

    fn match_ref(&self, target: MatchRef) -> Result<(String, &dyn DynMatch), ProtocolError> {
        let name = self.match_name(target)?;
        let game = self.matches.get(&name).ok_or_else(|| unknown_match(&name))?;
        Ok((name, game.as_ref()))
    }
}

fn with_match(mut answer: Value, name: &str) -> Value {
    if let Value::Object(fields) = &mut answer {
        fields.insert("match".into(), Value::String(name.to_owned()));
    }
    answer
}

fn unknown_match(name: &str) -> ProtocolError {
    ProtocolError::new("unknown_match", format!("no open match named `{name}`"))
}

fn check_seat(game: &dyn DynMatch, viewer: Viewer) -> Result<(), ProtocolError> {
    match viewer.seat() {
        Some(seat) if seat.index() >= game.players() => Err(ProtocolError::new(
            "bad_seat",
            format!("seat {} does not exist; this match has seats 0 to {}", seat.0, game.players() - 1),
        )),
        _ => Ok(()),
    }
}

fn games_json() -> Vec<Value> {
    safehouse_games::all()
        .iter()
        .map(|game| {
            let info = game.info();
            json!({
                "id": info.id,
                "name": info.name,
                "summary": info.summary,
                "aliases": info.aliases.iter().map(|a| json!({ "id": a.id, "preset": a.preset })).collect::<Vec<_>>(),
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": info.default_players,
                "options": game.option_docs(),
                "default_options": game.default_options(),
                "presets": game.presets().into_iter().map(|(name, help, options)| json!({ "name": name, "help": help, "options": options })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

fn error_value(error: &ProtocolError) -> Value {
    json!({ "ok": false, "error": { "code": error.code, "message": error.message } })
}

fn error_line(id: &Value, error: &ProtocolError) -> String {
    let mut answer = error_value(error);
    if !id.is_null() {
        answer["id"] = id.clone();
    }
    answer.to_string()
}

fn line_too_long() -> ProtocolError {
    ProtocolError::new("line_too_long", format!("lines are limited to {MAX_LINE_BYTES} bytes"))
}

/// The `id` of a request as written: numbers are echoed from their text (a JSON number read
/// into a tree is a 64-bit integer or a float, which would round a longer integer).
#[derive(Debug, Default)]
struct RequestId<'a> {
    raw: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct IdOnly<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
}

impl<'a> RequestId<'a> {
    fn of(line: &'a str) -> Self {
        let raw = serde_json::from_str::<IdOnly<'a>>(line).ok().and_then(|only| only.id);
        RequestId { raw: raw.filter(|raw| raw.get() != "null") }
    }

    /// The answer as one line, with the id (if any) written as the request wrote it.
    fn write(&self, answer: Value) -> String {
        let Some(raw) = self.raw else { return answer.to_string() };
        let Value::Object(mut fields) = answer else { return answer.to_string() };
        let text = raw.get().trim();
        let numeric = text.starts_with(|c: char| c == '-' || c.is_ascii_digit());
        if !numeric {
            // Other ids are re-written compactly (no stray whitespace from the request).
            if let Ok(value) = serde_json::from_str::<Value>(text) {
                fields.insert("id".into(), value);
            }
            return Value::Object(fields).to_string();
        }
        // Written member by member in the map's order, exactly as `to_string` would.
        fields.insert("id".into(), Value::Null);
        let mut out = String::from("{");
        for (i, (key, value)) in fields.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&Value::String(key.clone()).to_string());
            out.push(':');
            if key == "id" {
                out.push_str(text);
            } else {
                out.push_str(&value.to_string());
            }
        }
        out.push('}');
        out
    }
}

/// What reading one line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// A line (without its `\n`) in the buffer.
    Line,
    /// A line longer than the limit: it was read to its end and dropped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `line`, holding at most `max` bytes of it in memory: a longer line is
/// read to its end and dropped rather than held whole.
pub fn read_line_bounded(
    input: &mut dyn std::io::BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<ReadLine> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let (done, used) = {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(end) => (&chunk[..end], Some(end + 1)),
                None => (chunk, None),
            };
            if !too_long {
                if line.len() + part.len() > max {
                    too_long = true;
                    line.clear();
                } else {
                    line.extend_from_slice(part);
                }
            }
            (done.is_some(), done.unwrap_or(chunk.len()))
        };
        input.consume(used);
        if done {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(match (any, too_long) {
        (false, _) => ReadLine::End,
        (true, true) => ReadLine::TooLong,
        (true, false) => ReadLine::Line,
    })
}

/// Runs a whole session: answers each line of `input` with one line on `out`, until `quit` or
/// the end of the input. Lines are read with a bound ([`MAX_LINE_BYTES`]).
pub fn serve(input: &mut dyn std::io::BufRead, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut session = Session::new();
    let mut line = Vec::new();
    loop {
        let answer = match read_line_bounded(input, &mut line, MAX_LINE_BYTES)? {
            ReadLine::End => return Ok(()),
            ReadLine::TooLong => error_line(&Value::Null, &line_too_long()),
            ReadLine::Line => session.handle_bytes(&line),
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
        if session.is_closed() {
            return Ok(());
        }
    }
}
