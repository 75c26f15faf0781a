//! The Safehouse engine protocol, version 1: one JSON object per line in, one per line out.
//!
//! Think UCI for card games: a program in any language starts `safehouse engine`, writes
//! requests on its stdin and reads one response line per request. The format is documented
//! with a worked example in `docs/protocol.md`; this crate is the whole implementation, free of
//! I/O so that it is tested line by line.
//!
//! Stability: commands, fields and error codes of version 1 are only ever added to, never
//! changed or removed. A breaking change would be version 2, announced by `hello`.

use std::collections::BTreeMap;

use safehouse_engine::{DynMatch, DynRecord, DynSetup, Seat, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};

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
    fn new(code: &'static str, message: impl Into<String>) -> Self {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRequest {
    game: String,
    #[serde(default)]
    players: Option<usize>,
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    deal: Option<Value>,
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
    pub fn handle_line(&mut self, line: &str) -> String {
        if line.len() > MAX_LINE_BYTES {
            return error_line(
                &Value::Null,
                &ProtocolError::new("line_too_long", format!("lines are limited to {MAX_LINE_BYTES} bytes")),
            );
        }
        let request: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(e) => {
                return error_line(&Value::Null, &ProtocolError::new("bad_json", format!("not a JSON object: {e}")));
            }
        };
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        match self.handle(&request) {
            Ok(mut answer) => {
                if let Value::Object(fields) = &mut answer {
                    fields.insert("ok".into(), Value::Bool(true));
                    if !id.is_null() {
                        fields.insert("id".into(), id);
                    }
                }
                answer.to_string()
            }
            Err(error) => error_line(&id, &error),
        }
    }

    fn handle(&mut self, request: &Value) -> Result<Value, ProtocolError> {
        let Some(fields) = request.as_object() else {
            return Err(ProtocolError::new("bad_request", "a request is a JSON object with a \"cmd\" field"));
        };
        let cmd = fields
            .get("cmd")
            .and_then(Value::as_str)
            .ok_or_else(|| ProtocolError::new("bad_request", "missing \"cmd\" (a string)"))?;
        match cmd {
            "hello" => Ok(json!({ "protocol": PROTOCOL, "games": safehouse_games::ids() })),
            "games" => Ok(json!({ "games": games_json() })),
            "new" => self.new_match(request),
            "replay" => self.replay(request),
            "legal" => {
                let (name, game) = self.match_ref(request)?;
                let actions: Vec<Value> = game
                    .legal_actions_described()
                    .into_iter()
                    .map(|(action, text)| json!({ "action": action, "text": text }))
                    .collect();
                Ok(json!({ "match": name, "to_move": game.to_move(), "actions": actions }))
            }
            "apply" => self.apply(request),
            "view" => {
                let viewer = viewer_of(request)?;
                let (name, game) = self.match_ref(request)?;
                check_seat(game, viewer)?;
                Ok(json!({ "match": name, "view": game.view(viewer) }))
            }
            "view_text" => {
                let viewer = viewer_of(request)?;
                let (name, game) = self.match_ref(request)?;
                check_seat(game, viewer)?;
                Ok(json!({ "match": name, "text": game.view_text(viewer) }))
            }
            "state" => {
                let (name, game) = self.match_ref(request)?;
                Ok(json!({ "match": name, "to_move": game.to_move(), "state": game.state() }))
            }
            "outcome" => {
                let (name, game) = self.match_ref(request)?;
                Ok(json!({ "match": name, "over": game.to_move().is_none(), "outcome": game.outcome() }))
            }
            "record" => {
                let (name, game) = self.match_ref(request)?;
                Ok(json!({ "match": name, "record": game.record() }))
            }
            "close" => {
                let name = self.match_name(request)?;
                self.matches.remove(&name);
                if self.last.as_deref() == Some(name.as_str()) {
                    self.last = None;
                }
                Ok(json!({ "match": name }))
            }
            "quit" => {
                self.closed = true;
                Ok(json!({}))
            }
            other => Err(ProtocolError::new(
                "unknown_command",
                format!(
                    "unknown command `{other}`; see docs/protocol.md (hello, games, new, legal, apply, view, view_text, state, outcome, record, replay, close, quit)"
                ),
            )),
        }
    }

    fn insert(&mut self, game: Box<dyn DynMatch>) -> String {
        self.next_id += 1;
        let name = format!("m{}", self.next_id);
        self.matches.insert(name.clone(), game);
        self.last = Some(name.clone());
        name
    }

    fn new_match(&mut self, request: &Value) -> Result<Value, ProtocolError> {
        let mut fields = request.as_object().cloned().unwrap_or_default();
        fields.remove("cmd");
        fields.remove("id");
        let new: NewRequest = serde_json::from_value(Value::Object(fields))
            .map_err(|e| ProtocolError::new("bad_request", format!("new: {e}")))?;
        let found = safehouse_games::find(&new.game).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let setup = DynSetup {
            players: new.players,
            preset: new.preset.or(found.preset.map(str::to_owned)),
            options: new.options,
            seed: new.seed,
            deal: new.deal,
        };
        let game = found.game.new_match(&setup).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
        let answer = json!({
            "game": game.info().id,
            "players": game.players(),
            "to_move": game.to_move(),
        });
        let name = self.insert(game);
        Ok(with_match(answer, &name))
    }

    fn replay(&mut self, request: &Value) -> Result<Value, ProtocolError> {
        let record =
            request.get("record").ok_or_else(|| ProtocolError::new("bad_request", "replay needs \"record\""))?;
        let record: DynRecord = serde_json::from_value(record.clone())
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

    fn apply(&mut self, request: &Value) -> Result<Value, ProtocolError> {
        let seat = seat_of(request)?.ok_or_else(|| ProtocolError::new("bad_request", "apply needs \"seat\""))?;
        let action =
            request.get("action").ok_or_else(|| ProtocolError::new("bad_request", "apply needs \"action\""))?;
        let viewer = match request.get("viewer") {
            None | Some(Value::Null) => None,
            Some(_) => Some(viewer_of(&json!({ "seat": request.get("viewer") }))?),
        };
        let name = self.match_name(request)?;
        let game = self.matches.get_mut(&name).ok_or_else(|| unknown_match(&name))?;
        check_seat(game.as_ref(), Viewer::Seat(seat))?;
        game.act(seat, action).map_err(|e| ProtocolError::new(e.code(), e.to_string()))?;
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

    fn match_name(&self, request: &Value) -> Result<String, ProtocolError> {
        match request.get("match") {
            Some(Value::String(name)) => Ok(name.clone()),
            None | Some(Value::Null) => {
                self.last.clone().ok_or_else(|| ProtocolError::new("no_match", "no match is open: send `new` first"))
            }
            Some(other) => Err(ProtocolError::new("bad_request", format!("\"match\" must be a string, not {other}"))),
        }
    }

    fn match_ref(&self, request: &Value) -> Result<(String, &dyn DynMatch), ProtocolError> {
        let name = self.match_name(request)?;
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

fn seat_of(request: &Value) -> Result<Option<Seat>, ProtocolError> {
    match request.get("seat") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .map(|n| Some(Seat(n)))
            .ok_or_else(|| ProtocolError::new("bad_seat", format!("seat {n} is not a seat number"))),
        Some(other) => Err(ProtocolError::new("bad_seat", format!("\"seat\" must be a number, not {other}"))),
    }
}

/// `"seat": n` for a seat, `"seat": "spectator"` or no seat for a spectator.
fn viewer_of(request: &Value) -> Result<Viewer, ProtocolError> {
    match request.get("seat") {
        Some(Value::String(s)) if s == "spectator" => Ok(Viewer::Spectator),
        _ => Ok(seat_of(request)?.map(Viewer::Seat).unwrap_or(Viewer::Spectator)),
    }
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

fn error_line(id: &Value, error: &ProtocolError) -> String {
    let mut answer = json!({ "ok": false, "error": { "code": error.code, "message": error.message } });
    if !id.is_null() {
        answer["id"] = id.clone();
    }
    answer.to_string()
}
