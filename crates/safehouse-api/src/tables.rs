//! Waiting rooms and the lobby (`/api/tables`): a table as everyone sees it before and after its
//! start, taking a seat and its answer, giving a seat to a bot, and the lobby's query.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::difficulty::Difficulty;
use crate::settings::Visibility;

/// Where a waiting room is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Seats are being taken.
    Waiting,
    /// The match is being played (or over): see `/api/matches/{id}`.
    Started,
    /// Nobody started it in time.
    Expired,
}

/// A seat as the waiting room shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct TableSeat {
    /// The seat index (0 moves first).
    pub seat: u8,
    /// `free`, `person` or `bot`.
    pub state: TableSeatState,
    /// The person's name, if they gave one; for a free seat of a rematch's room, the name of the
    /// person it is kept for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The bot's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
}

/// Who is at a seat of a waiting room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TableSeatState {
    /// Nobody yet: anyone with the link (or, for a public table, anyone) may take it.
    Free,
    /// A person sits.
    Person,
    /// A bot will play it.
    Bot,
}

/// A table as everyone may see it: `GET /api/tables/{id}`, the lobby's entries and the
/// `waiting` messages of the table's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct TableInfo {
    /// The match id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// The full options.
    pub options: Value,
    /// Who may find it.
    pub visibility: Visibility,
    /// Waiting, started or expired.
    pub status: TableStatus,
    /// Every seat.
    pub seats: Vec<TableSeat>,
    /// Seats nobody has taken.
    pub free_seats: usize,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// When the table expires if nothing changes (while waiting; none when tables never expire).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<i64>,
}

/// The answer of taking a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct SeatTaken {
    /// The seat.
    pub seat: u8,
    /// The secret that opens the seat (as the seat token of `POST /api/matches/{id}/join`). Keep
    /// it; it is shown only once.
    pub token: String,
    /// The name as it is shown (cleaned), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The table now (it has started if this was the last free seat).
    pub table: TableInfo,
}

/// `POST /api/tables/{id}/seats/{seat}/take`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// The name to show (trimmed, at most 40 characters, control and bidi characters removed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The table's invite code (private tables only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// `POST /api/tables/{id}/seats/{seat}/bot`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The bot's level (default `medium`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
}

/// Query of `GET /api/tables`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct ListTables {
    /// At most this many (default 50, at most 200).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "crate::bounded::int32")]
    pub limit: Option<u32>,
}
