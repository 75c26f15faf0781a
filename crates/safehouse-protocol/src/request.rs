//! A request line, read into a type before anything is done with it.
//!
//! A request is a JSON object: its `cmd`, an optional `id` (echoed as written, see `RequestId`)
//! and the fields of its command. Each command takes exactly the fields `docs/protocol.md` lists
//! and refuses any other (`bad_request`, naming the field): read by hand, a mistyped `"mach": "m1"`
//! used to be ignored, so the command ran on the most recent match, and a mistyped `seat` showed
//! the spectator's view.

use safehouse_engine::{DynSetup, Seat, Viewer};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::ProtocolError;

/// One request's command and its fields.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// The protocol's name and the games' ids.
    Hello,
    /// Every game, with its options and presets.
    Games,
    /// Set up a match.
    New(NewRequest),
    /// The legal actions of a match.
    Legal(MatchRef),
    /// Play an action.
    Apply(ApplyRequest),
    /// A seat's (or the spectator's) view, as JSON.
    View(ViewRequest),
    /// The same view, drawn for a terminal.
    ViewText(ViewRequest),
    /// The whole state (for the driver only).
    State(MatchRef),
    /// Whether the match is over, and how.
    Outcome(MatchRef),
    /// The match record.
    Record(MatchRef),
    /// A new match replayed from a record.
    Replay(ReplayRequest),
    /// Forget a match.
    Close(MatchRef),
    /// End the session.
    Quit,
}

/// The match a command is about: `match`, or the most recent one without it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRef {
    /// A name `new` or `replay` answered with (`"m1"`); `None` (absent or `null`) for the most
    /// recent match.
    #[serde(default, rename = "match")]
    pub name: Option<String>,
}

/// The fields of `new`: a game, and how to set it up (`players`, `preset`, `options`, `seed`,
/// `deal`: the engine's [`DynSetup`], which refuses any other field).
#[derive(Debug, Clone, PartialEq)]
pub struct NewRequest {
    /// A game's id or alias.
    pub game: String,
    /// The setup; an alias's own preset applies when it names none.
    pub setup: DynSetup,
}

/// The fields of `apply`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApplyRequest {
    /// The match.
    pub target: MatchRef,
    /// The seat that plays.
    pub seat: Seat,
    /// The action, in the game's exact JSON (as `legal` lists it).
    pub action: Value,
    /// Whose view of the events to answer with; every event without it.
    pub viewer: Option<Viewer>,
}

/// The fields of `view` and `view_text`.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewRequest {
    /// The match.
    pub target: MatchRef,
    /// A seat, or the spectator.
    pub viewer: Viewer,
}

/// The fields of `replay`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayRequest {
    /// The record as written; read as a record after the request (`bad_record` if it is none).
    pub record: Value,
}

/// `apply` as written: `seat` and `viewer` stay JSON until [`Request::read`] reads them, so that
/// a seat that is not one gets its own code (`bad_seat`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyFields {
    #[serde(default, rename = "match")]
    name: Option<String>,
    #[serde(default)]
    seat: Value,
    action: Option<Value>,
    #[serde(default)]
    viewer: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewFields {
    #[serde(default, rename = "match")]
    name: Option<String>,
    #[serde(default)]
    seat: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayFields {
    record: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

/// Every command's name, in the order `docs/protocol.md` lists them.
pub const COMMANDS: [&str; 13] = [
    "hello",
    "games",
    "new",
    "legal",
    "apply",
    "view",
    "view_text",
    "state",
    "outcome",
    "record",
    "replay",
    "close",
    "quit",
];

impl Request {
    /// Reads a request from its JSON (its `id` aside, which the caller has already taken).
    pub fn read(request: Value) -> Result<Request, ProtocolError> {
        let Value::Object(mut fields) = request else {
            return Err(ProtocolError::new("bad_request", "a request is a JSON object with a \"cmd\" field"));
        };
        fields.remove("id");
        let cmd = match fields.remove("cmd") {
            Some(Value::String(cmd)) => cmd,
            _ => return Err(ProtocolError::new("bad_request", "missing \"cmd\" (a string)")),
        };
        let in_cmd = |error: serde_json::Error| ProtocolError::new("bad_request", format!("{cmd}: {error}"));
        Ok(match cmd.as_str() {
            "hello" => none_of(fields).map_err(in_cmd).map(|()| Request::Hello)?,
            "games" => none_of(fields).map_err(in_cmd).map(|()| Request::Games)?,
            "quit" => none_of(fields).map_err(in_cmd).map(|()| Request::Quit)?,
            "new" => {
                let game = match fields.remove("game") {
                    Some(Value::String(game)) => game,
                    _ => return Err(ProtocolError::new("bad_request", "new needs \"game\" (a game's id or alias)")),
                };
                Request::New(NewRequest { game, setup: fields_of(fields).map_err(in_cmd)? })
            }
            "legal" => Request::Legal(fields_of(fields).map_err(in_cmd)?),
            "state" => Request::State(fields_of(fields).map_err(in_cmd)?),
            "outcome" => Request::Outcome(fields_of(fields).map_err(in_cmd)?),
            "record" => Request::Record(fields_of(fields).map_err(in_cmd)?),
            "close" => Request::Close(fields_of(fields).map_err(in_cmd)?),
            "apply" => {
                let ApplyFields { name, seat, action, viewer } = fields_of(fields).map_err(in_cmd)?;
                let seat = seat_of(&seat)?.ok_or_else(|| ProtocolError::new("bad_request", "apply needs \"seat\""))?;
                let action = action.ok_or_else(|| ProtocolError::new("bad_request", "apply needs \"action\""))?;
                let viewer = if viewer.is_null() { None } else { Some(viewer_of(&viewer)?) };
                Request::Apply(ApplyRequest { target: MatchRef { name }, seat, action, viewer })
            }
            "view" | "view_text" => {
                let ViewFields { name, seat } = fields_of(fields).map_err(in_cmd)?;
                let view = ViewRequest { target: MatchRef { name }, viewer: viewer_of(&seat)? };
                if cmd == "view" { Request::View(view) } else { Request::ViewText(view) }
            }
            "replay" => {
                let ReplayFields { record } = fields_of(fields).map_err(in_cmd)?;
                let record = record.ok_or_else(|| ProtocolError::new("bad_request", "replay needs \"record\""))?;
                Request::Replay(ReplayRequest { record })
            }
            other => {
                return Err(ProtocolError::new(
                    "unknown_command",
                    format!("unknown command `{other}`; see docs/protocol.md ({})", COMMANDS.join(", ")),
                ));
            }
        })
    }
}

fn fields_of<T: DeserializeOwned>(fields: Map<String, Value>) -> Result<T, serde_json::Error> {
    serde_json::from_value(Value::Object(fields))
}

/// A command without fields refuses any.
fn none_of(fields: Map<String, Value>) -> Result<(), serde_json::Error> {
    fields_of::<NoFields>(fields).map(|NoFields {}| ())
}

/// A seat number; `None` for no seat (absent or `null`).
fn seat_of(seat: &Value) -> Result<Option<Seat>, ProtocolError> {
    match seat {
        Value::Null => Ok(None),
        Value::Number(n) => n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .map(|n| Some(Seat(n)))
            .ok_or_else(|| ProtocolError::new("bad_seat", format!("seat {n} is not a seat number"))),
        other => Err(ProtocolError::new("bad_seat", format!("\"seat\" must be a number, not {other}"))),
    }
}

/// A seat number for a seat; `"spectator"`, `null` or no seat for the spectator.
fn viewer_of(seat: &Value) -> Result<Viewer, ProtocolError> {
    match seat {
        Value::String(s) if s == "spectator" => Ok(Viewer::Spectator),
        _ => Ok(seat_of(seat)?.map(Viewer::Seat).unwrap_or(Viewer::Spectator)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(request: Value) -> Result<Request, (&'static str, String)> {
        Request::read(request).map_err(|e| (e.code, e.message))
    }

    #[test]
    fn every_command_reads_its_documented_fields() {
        assert_eq!(read(json!({"cmd": "hello", "id": 1})), Ok(Request::Hello));
        assert_eq!(read(json!({"cmd": "quit"})), Ok(Request::Quit));
        assert_eq!(
            read(json!({"cmd": "legal", "match": "m2"})),
            Ok(Request::Legal(MatchRef { name: Some("m2".into()) }))
        );
        assert_eq!(read(json!({"cmd": "state", "match": null})), Ok(Request::State(MatchRef::default())));
        assert_eq!(
            read(json!({"cmd": "apply", "seat": 1, "action": {"type": "pass"}, "viewer": "spectator"})),
            Ok(Request::Apply(ApplyRequest {
                target: MatchRef::default(),
                seat: Seat(1),
                action: json!({"type": "pass"}),
                viewer: Some(Viewer::Spectator),
            }))
        );
        assert_eq!(
            read(json!({"cmd": "view_text", "match": "m1"})),
            Ok(Request::ViewText(ViewRequest {
                target: MatchRef { name: Some("m1".into()) },
                viewer: Viewer::Spectator
            }))
        );
        let Ok(Request::New(new)) = read(json!({"cmd": "new", "game": "cash", "seed": 3})) else { panic!("new") };
        assert_eq!((new.game.as_str(), new.setup.seed, new.setup.players), ("cash", 3, None));
        let (code, message) =
            read(json!({"cmd": "new", "game": "cash", "players": 4, "presets": "cash"})).expect_err("");
        assert_eq!(code, "bad_request");
        assert!(message.starts_with("new: unknown field `presets`"), "{message}");
        assert_eq!(read(json!({"cmd": "new", "players": 4})).expect_err("no game").0, "bad_request");
        assert_eq!(
            read(json!({"cmd": "replay", "record": {}})),
            Ok(Request::Replay(ReplayRequest { record: json!({}) }))
        );
    }

    /// Every command names a field it does not have, instead of ignoring it.
    #[test]
    fn unknown_fields_are_refused_by_name() {
        for cmd in COMMANDS {
            let mut request = json!({"cmd": cmd, "mach": "m1"});
            if cmd == "new" {
                request["game"] = json!("cash");
            }
            let (code, message) = read(request).expect_err(cmd);
            assert_eq!(code, "bad_request", "{cmd}: {message}");
            assert!(message.starts_with(&format!("{cmd}: unknown field `mach`")), "{cmd}: {message}");
        }
        let (_, message) = read(json!({"cmd": "view", "sesat": 1})).expect_err("sesat");
        assert!(message.contains("expected `match` or `seat`"), "{message}");
    }

    #[test]
    fn seats_keep_their_own_code() {
        for seat in [json!(-1), json!(256), json!(1.5), json!("north"), json!([0])] {
            let apply = read(json!({"cmd": "apply", "seat": seat, "action": {}})).expect_err("apply");
            assert_eq!(apply.0, "bad_seat", "{seat}: {}", apply.1);
            let view = read(json!({"cmd": "view", "seat": seat})).expect_err("view");
            assert_eq!(view.0, "bad_seat", "{seat}: {}", view.1);
        }
        assert_eq!(read(json!({"cmd": "apply", "action": {}})).expect_err("no seat").0, "bad_request");
        assert_eq!(read(json!({"cmd": "apply", "seat": 0})).expect_err("no action").0, "bad_request");
        assert_eq!(read(json!({"cmd": "legal", "match": 1})).expect_err("a number").0, "bad_request");
        assert_eq!(read(json!({"cmd": "fly"})).expect_err("fly").0, "unknown_command");
        assert_eq!(read(json!({"cmd": 1})).expect_err("not a string").0, "bad_request");
        assert_eq!(read(json!([1])).expect_err("an array").0, "bad_request");
    }
}
