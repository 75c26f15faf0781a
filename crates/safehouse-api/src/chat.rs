//! A table's chat (`/api/matches/{id}/chat`): the players' and the spectators' channels, a line
//! as everyone who may read it is sent it, the history a reader is answered, and writing a line.

use serde::{Deserialize, Serialize};

/// Which chat a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// Written by a seated player; read by everybody at the table.
    Players,
    /// Written by a spectator; read by spectators, and by the players once the match has ended.
    Spectators,
}

/// One line of chat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ChatLine {
    /// Its number in the match's table log (increasing; a client drops a number it already has).
    pub n: u64,
    /// The chat it belongs to.
    pub channel: Channel,
    /// The writer's seat (players' chat only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// The writer's name at the time, cleaned (none: a seat without a name, or a spectator who
    /// gave none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The text, cleaned (1 to 500 characters, one line).
    pub text: String,
    /// The moves made when it was written (the replay shows it after that move).
    pub seq: u64,
    /// When it was stored, milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// What `GET /api/matches/{id}/chat` answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ChatHistory {
    /// Whether the players may write now (the table's switch, or the match has ended).
    pub players_open: bool,
    /// Whether the asker may write now (a seat: `players_open`; a spectator: always).
    pub can_write: bool,
    /// The chat the asker writes to.
    pub channel: Channel,
    /// Every line the asker may read, oldest first.
    pub lines: Vec<ChatLine>,
}

/// `POST /api/matches/{id}/chat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// The line (1 to 500 characters after cleaning; one line: line breaks become spaces).
    #[cfg_attr(feature = "schema", schema(min_length = 1))]
    pub text: String,
    /// A spectator's name (a seat writes under its own name; ignored then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
