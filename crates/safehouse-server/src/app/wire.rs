//! What goes over the wire for a match: the seat plan stored with it, the seats as everyone
//! sees them, and the `welcome` and `update` messages each viewer is pushed (`docs/server.md`),
//! written straight to text.

use std::sync::Arc;

use safehouse_engine::Viewer;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::bots::Difficulty;
use crate::clock::ClockView;

/// Who sits at a seat, as planned when the match was created (stored with the match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlan {
    /// `person` or `bot`.
    pub kind: SeatKind,
    /// The bot's level (bots only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// A name for the seat, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// SHA-256 (hex) of the seat's invite code (people only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_hash: Option<String>,
}

/// A person or a bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person, who joins with the seat's invite code.
    Person,
    /// A bot run by the server.
    Bot,
}

/// A seat as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    /// The seat index (0 moves first).
    pub seat: u8,
    /// Person or bot.
    pub kind: SeatKind,
    /// The bot's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// The seat's name, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether a person has joined the seat.
    pub joined: bool,
    /// Whether a bot is playing for the seat's person, who went idle.
    pub away: bool,
}

/// One push to the watchers of a match: a message per viewer (index = seat, last = spectator).
#[derive(Debug)]
pub(crate) struct Update {
    pub(crate) messages: Vec<Option<Arc<str>>>,
}

/// What a viewer is sent after an action (`type: "update"`; `docs/server.md`), written
/// straight to text.
#[derive(Serialize)]
pub(super) struct UpdateMessage<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) seq: u64,
    pub(super) actor: u8,
    pub(super) events: Vec<Value>,
    pub(super) patch: Vec<Value>,
    pub(super) to_move: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) legal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) outcome: Option<&'a Value>,
    /// Every seat's time left (tables with a clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) clock: Option<ClockView>,
}

/// A viewer's whole picture (`type: "welcome"`; `docs/server.md`), written straight to text
/// around the view's own JSON text.
#[derive(Serialize)]
pub(super) struct WelcomeMessage<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    #[serde(rename = "match")]
    pub(super) match_id: &'a str,
    pub(super) game: &'static str,
    pub(super) viewer: Value,
    pub(super) seq: u64,
    pub(super) view: &'a RawValue,
    pub(super) to_move: Option<u8>,
    pub(super) finished: bool,
    pub(super) seats: Vec<SeatInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) legal: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) outcome: Option<Value>,
    /// Every seat's time left (tables with a clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) clock: Option<ClockView>,
}

/// A viewer as the messages name it: `{"seat": n}` or `"spectator"`.
pub(super) fn viewer_json(viewer: Viewer) -> Value {
    match viewer {
        Viewer::Seat(seat) => json!({ "seat": seat.0 }),
        Viewer::Spectator => json!("spectator"),
    }
}
