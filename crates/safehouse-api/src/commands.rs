//! What a client sends on a match's WebSocket (`docs/server.md`, "WebSocket messages").
//!
//! A message is a JSON object: its `type`, an optional `id` (any JSON, echoed by the `ack` or
//! `error` that answers it) and the fields of its [`Command`], which are those of the matching
//! HTTP body where there is one (`act` is an [`ActRequest`], `chat` a [`ChatRequest`]). It is
//! read as a body is ([`JsonObject`]: objects only, whole floats as integers, unknown fields
//! refused), so a client's mistake gets a message naming the field, not a silent default.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ActRequest;
use crate::chat::ChatRequest;
use crate::object::JsonObject;

/// One message from a client, with the `id` its answer echoes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClientMessage {
    /// What the client asks for, with its `type`.
    #[serde(flatten)]
    pub command: Command,
    /// Echoed in the answer (`ack` or `error`), so a client can match them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
}

/// What a client asks for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Play an action (seats only); answered `ack` once stored, as `POST .../actions`.
    Act(ActRequest),
    /// "I'm back": take the seat back from the bot that played it meanwhile.
    Back,
    /// "A bot plays for me", as `POST .../away`.
    Away,
    /// A bot plays a seat nobody joined, as `POST .../seats/{seat}/bot`.
    BotFor(BotFor),
    /// Send `welcome` again.
    Sync,
    /// A chat line, as `POST .../chat`.
    Chat(ChatRequest),
}

/// The fields of [`Command::BotFor`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotFor {
    /// The seat a bot is to play.
    pub seat: u8,
}

/// The `type` of a [`Command`], read first so that a refusal can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum CommandType {
    Act,
    Back,
    Away,
    BotFor,
    Sync,
    Chat,
}

/// Why a client's message was refused.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Not a JSON object (`malformed_json`).
    #[error("{0}")]
    Malformed(serde_json::Error),
    /// A `type` no command has, or none (`bad_message`: a message the server does not know).
    #[error("the message's `type`: {0}")]
    Type(serde_json::Error),
    /// The command's fields do not read (`bad_request`, as a body that does not read).
    #[error("`{kind}`: {error}")]
    Fields {
        /// The message's `type`.
        kind: String,
        /// What serde found wrong, naming the field.
        error: serde_json::Error,
    },
}

impl CommandError {
    /// The error code the server answers with.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::Malformed(_) => "malformed_json",
            CommandError::Type(_) => "bad_message",
            CommandError::Fields { .. } => "bad_request",
        }
    }
}

/// A refused message: why, and the `id` to echo if the message had one.
#[derive(Debug)]
pub struct Refused {
    /// The message's `id`, if it was an object with one.
    pub id: Option<Value>,
    /// Why it was refused.
    pub error: CommandError,
}

impl ClientMessage {
    /// `command` with no `id`.
    pub fn new(command: Command) -> ClientMessage {
        ClientMessage { command, id: None }
    }

    /// `command` whose answer echoes `id`.
    pub fn with_id(command: Command, id: impl Into<Value>) -> ClientMessage {
        ClientMessage { command, id: Some(id.into()) }
    }

    /// Reads a message as the server does (see the module's text).
    pub fn from_json(text: &str) -> Result<ClientMessage, Refused> {
        let JsonObject(mut fields) = serde_json::from_str::<JsonObject<Map<String, Value>>>(text)
            .map_err(|error| Refused { id: None, error: CommandError::Malformed(error) })?;
        let id = fields.remove("id");
        let kind_value = fields.remove("type").unwrap_or(Value::Null);
        let kind = match serde_json::from_value::<CommandType>(kind_value.clone()) {
            Ok(kind) => kind,
            Err(error) => return Err(Refused { id, error: CommandError::Type(error) }),
        };
        let body = Value::Object(fields);
        let read = |body: Value| -> Result<Command, serde_json::Error> {
            Ok(match kind {
                CommandType::Act => Command::Act(fields_of(body)?),
                CommandType::Back => no_fields(body, Command::Back)?,
                CommandType::Away => no_fields(body, Command::Away)?,
                CommandType::BotFor => Command::BotFor(fields_of(body)?),
                CommandType::Sync => no_fields(body, Command::Sync)?,
                CommandType::Chat => Command::Chat(fields_of(body)?),
            })
        };
        match read(body) {
            Ok(command) => Ok(ClientMessage { command, id }),
            Err(error) => {
                let kind = kind_value.as_str().unwrap_or_default().to_owned();
                Err(Refused { id, error: CommandError::Fields { kind, error } })
            }
        }
    }
}

fn fields_of<T: DeserializeOwned>(body: Value) -> Result<T, serde_json::Error> {
    JsonObject::<T>::deserialize(body).map(|JsonObject(fields)| fields)
}

/// A command without fields, refusing any (as a body refuses unknown fields).
fn no_fields(body: Value, command: Command) -> Result<Command, serde_json::Error> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Nothing {}
    fields_of::<Nothing>(body).map(|Nothing {}| command)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn refused(text: &str) -> (Option<Value>, String, String) {
        let Refused { id, error } = ClientMessage::from_json(text).expect_err(text);
        (id, error.code().to_owned(), error.to_string())
    }

    /// Every command reads back from what it writes, with and without an `id`.
    #[test]
    fn every_command_reads_back() {
        let commands = [
            Command::Act(ActRequest { action: json!({"type": "pass"}), seq: Some(3) }),
            Command::Act(ActRequest { action: json!(null), seq: None }),
            Command::Back,
            Command::Away,
            Command::BotFor(BotFor { seat: 2 }),
            Command::Sync,
            Command::Chat(ChatRequest { text: "hi".into(), name: Some("Ann".into()) }),
        ];
        for command in commands {
            for message in [ClientMessage::new(command.clone()), ClientMessage::with_id(command.clone(), "a")] {
                let text = serde_json::to_string(&message).expect("written");
                assert_eq!(ClientMessage::from_json(&text).expect(&text), message, "{text}");
            }
        }
        let act = serde_json::to_value(ClientMessage::with_id(Command::BotFor(BotFor { seat: 1 }), 7)).unwrap();
        assert_eq!(act, json!({"type": "bot_for", "seat": 1, "id": 7}), "the documented form");
    }

    /// What the documentation shows reads, whole floats included.
    #[test]
    fn documented_messages_read() {
        let act = ClientMessage::from_json(r#"{"type": "act", "action": {"type": "pass"}, "seq": 4.0, "id": [1]}"#);
        let act = act.expect("an act");
        assert_eq!(act.id, Some(json!([1])));
        assert_eq!(act.command, Command::Act(ActRequest { action: json!({"type": "pass"}), seq: Some(4) }));
        let sync = ClientMessage::from_json(r#"{"type": "sync"}"#).expect("a sync");
        assert_eq!(sync, ClientMessage::new(Command::Sync));
    }

    /// A refusal names what was wrong and keeps the `id` when there was one.
    #[test]
    fn refusals_say_why() {
        assert_eq!(refused("{not json").1, "malformed_json");
        assert_eq!(refused(r#"[{"type": "sync"}]"#).1, "malformed_json", "a message is an object");
        let (id, code, text) = refused(r#"{"type": "dance", "id": 7}"#);
        assert_eq!((id, code.as_str()), (Some(json!(7)), "bad_message"));
        assert!(text.contains("dance") && text.contains("bot_for"), "{text}");
        assert!(refused(r#"{"id": 1}"#).2.contains("type"), "no type");
        for (text, field) in [
            (r#"{"type": "act", "seq": 1}"#, "action"),
            (r#"{"type": "act", "action": 1, "seq": "1"}"#, "string \"1\""),
            (r#"{"type": "act", "action": 1, "sq": 1}"#, "sq"),
            (r#"{"type": "bot_for"}"#, "seat"),
            (r#"{"type": "bot_for", "seat": 256}"#, "256"),
            (r#"{"type": "chat", "txt": "hi"}"#, "txt"),
            (r#"{"type": "sync", "full": true}"#, "full"),
        ] {
            let (_, code, message) = refused(text);
            assert_eq!(code, "bad_request", "{text}");
            assert!(message.contains(field), "{text}: {message}");
        }
        let (_, _, message) = refused(r#"{"type": "bot_for", "seat": [1]}"#);
        assert!(message.starts_with("`bot_for`: "), "names the command: {message}");
    }
}
