//! A match's game log (`GET /api/matches/{id}/log`): every action so far as one viewer may see
//! it, who decided each, and the query that asks for it.
//!
//! The server writes the answer from entries it holds as JSON text (for speed), in exactly the
//! form [`LogResponse`] reads and writes (its tests check the two byte for byte).

use safehouse_engine::Viewer;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who decided an action, as the log shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LogActor {
    /// The seat's person.
    Person,
    /// The seat's bot.
    Bot,
    /// A bot playing for the seat's person, who was away.
    Takeover,
}

/// One action in a viewer's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct LogEntry {
    /// The match's sequence number after this action (1 for the first), as the WebSocket's
    /// `update` carries it: a client merging both keeps each `seq` once.
    pub seq: u64,
    /// The seat that acted.
    pub seat: u8,
    /// Who decided it.
    pub actor: LogActor,
    /// The action's events as this viewer may see them (the game's event format; may be empty).
    #[cfg_attr(feature = "schema", schema(value_type = Vec<Object>))]
    pub events: Vec<Value>,
}

/// `?token=` and `?after=` of the log.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct LogQuery {
    /// The seat's token (instead of the `Authorization` header); none for a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// Only the actions after this sequence number (default 0: the whole log).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "crate::bounded::int64")]
    pub after: Option<u64>,
}

/// A viewer's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct LogResponse {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// `{"seat": n}` or `"spectator"`.
    #[cfg_attr(feature = "schema", schema(value_type = Object))]
    pub viewer: Viewer,
    /// The match's sequence number now (the last entry's `seq`, or 0).
    pub seq: u64,
    /// The actions after `after`, oldest first.
    pub entries: Vec<LogEntry>,
}
