//! What a viewer of a match is pushed on its WebSocket (`welcome`, then an `update` per action,
//! and the [`Notice`]s between; `docs/server.md`), and the view answer of
//! `GET /api/matches/{id}/view` (a welcome without its `type`, with the view drawn as text).
//!
//! The view is a type parameter so that the server writes the viewer's view as the JSON text it
//! already holds (`&RawValue`) while a reader takes a `Value` (the default); the outcome likewise
//! (the engine's [`Outcome`] for readers, the server's stored JSON for the server).

use safehouse_engine::{Outcome, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chat::ChatLine;
use crate::clock::{ClockView, MoveDeadline};
use crate::error::ErrorDetail;
use crate::seats::SeatInfo;

/// The `type` of a pushed message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageType {
    /// A viewer's whole picture.
    Welcome,
    /// What one action changed.
    Update,
}

/// One legal action with its line of text for people (English).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Legal {
    /// The action, in the game's JSON format.
    pub action: Value,
    /// What it does, in words.
    #[serde(default)]
    pub text: String,
}

/// A viewer's whole picture of a match: the `welcome` message (sent on connect, on reconnect and
/// after a resync), and without `type` but with `text` the answer of `GET .../view`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Welcome<V = Value, O = Outcome> {
    /// `welcome` on the WebSocket; absent from the view answer.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<MessageType>,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The game id.
    pub game: String,
    /// `{"seat": n}` or `"spectator"`.
    pub viewer: Viewer,
    /// Actions so far.
    pub seq: u64,
    /// The game's view for this viewer.
    pub view: V,
    /// The view drawn as text (the view answer only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The seat to move, or none once finished.
    pub to_move: Option<u8>,
    /// Whether the match has ended.
    pub finished: bool,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// The legal actions, when it is this viewer's move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Legal>>,
    /// The result, once finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<O>,
    /// Every seat's time left (tables with a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// The move's deadline (turn-based tables, while a person is to move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<MoveDeadline>,
}

impl<V, O> Welcome<V, O> {
    /// The viewing seat, if a player.
    pub fn seat(&self) -> Option<u8> {
        match self.viewer {
            Viewer::Seat(seat) => Some(seat.0),
            Viewer::Spectator => None,
        }
    }

    /// The legal actions (none when it is not this viewer's move).
    pub fn legal_actions(&self) -> &[Legal] {
        self.legal.as_deref().unwrap_or_default()
    }
}

/// What a viewer is pushed after an action (`type: "update"`): the events it may see, the patch
/// from its last view to its new one (RFC 6902), and who moves next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update<O = Outcome> {
    /// Always `update`.
    #[serde(rename = "type")]
    pub kind: MessageType,
    /// The action's sequence number.
    pub seq: u64,
    /// The seat that acted.
    pub actor: u8,
    /// What happened, as this viewer may see it.
    pub events: Vec<Value>,
    /// The JSON patch from the viewer's last view to its new one.
    pub patch: Vec<Value>,
    /// The seat to move, or none once finished.
    pub to_move: Option<u8>,
    /// The legal actions, when it is this viewer's move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Legal>>,
    /// The result, once finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<O>,
    /// Every seat's time left (tables with a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// The move's deadline (turn-based tables, while a person is to move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<MoveDeadline>,
}

/// The messages a match's WebSocket pushes beside `welcome` and `update`, each with its `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Notice {
    /// The seat list changed: somebody joined, went idle or came back.
    Seats {
        /// Every seat, as everyone sees them.
        seats: Vec<SeatInfo>,
        /// The move's deadline now (turn-based tables, while a person is to move): a seat handed
        /// to a bot has none, one given back has its own again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deadline: Option<MoveDeadline>,
    },
    /// A chat line this viewer may read (a seat gets no spectators' line before the end).
    Chat {
        /// The line.
        line: ChatLine,
    },
    /// Somebody started this match's rematch.
    Rematch {
        /// The rematch's id.
        #[serde(rename = "match")]
        match_id: String,
    },
    /// The seat's person signed out every other device (`POST /api/matches/{id}/device/sign-out`):
    /// the token this socket was opened with opens nothing any more, and the server closes the
    /// socket (close code 4401) after this message.
    SignedOut {
        /// The seat.
        seat: u8,
    },
    /// A client's message was done: `seq` answers `act`, `back`, `away` and `bot_for` (the
    /// match's sequence number after it), `n` a chat line (its number).
    Ack {
        /// The message's `id`, echoed (`null` if it had none).
        #[serde(default)]
        id: Option<Value>,
        /// The match's sequence number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
        /// The chat line's number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        n: Option<u64>,
    },
    /// A client's message was refused: the fields of an HTTP error's `error`.
    Error {
        /// The message's `id`, echoed (absent if it had none or did not read).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        /// Why.
        #[serde(flatten)]
        error: ErrorDetail,
    },
}

impl Notice {
    /// The JSON text sent. A notice holds only strings, numbers and JSON values, which always
    /// write.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|error| unreachable!("a notice always writes: {error}"))
    }
}
