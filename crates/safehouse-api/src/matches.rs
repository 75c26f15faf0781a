//! The games a server offers and its matches: `GET /api/games`, creating a match
//! (`POST /api/matches`) and its answer, the list of matches (`GET /api/matches`) and their
//! public facts, and a finished match's record.

use safehouse_engine::{DynRecord, OptionDoc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::clock::{ClockView, MoveDeadline};
use crate::requests::{JoinNow, Joined, SeatRequest};
use crate::seats::SeatInfo;
use crate::settings::{TableSettings, Visibility};
use crate::tables::TableInfo;

/// A game and how to set it up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct GameSummary {
    /// The id to create matches with.
    pub id: String,
    /// Other ids (each may select a preset).
    pub aliases: Vec<String>,
    /// The game's name.
    pub name: String,
    /// One sentence about it.
    pub summary: String,
    /// Fewest players.
    pub min_players: usize,
    /// Most players.
    pub max_players: usize,
    /// Players when nobody says.
    pub default_players: usize,
    /// Whether the players win or lose together (then no clock may make one player lose).
    pub cooperative: bool,
    /// Whether the rules let players talk during the game (the players' chat is on by default).
    pub table_talk: bool,
    /// The options, each with its default, typed domain, design note and players' words.
    #[cfg_attr(feature = "schema", schema(value_type = Vec<OptionDocSchema>))]
    pub options: Vec<OptionDoc>,
    /// The default options, every field.
    pub default_options: Value,
    /// Named option sets.
    pub presets: Vec<PresetSummary>,
    /// The rules as implemented (Markdown); only in `GET /api/games/{id}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// One option of a game as `/api/games` serves it: the engine's `OptionDoc`, described here for
/// the OpenAPI document only (a test checks that the fields agree).
#[cfg(feature = "schema")]
#[derive(Debug, utoipa::ToSchema)]
#[schema(as = OptionDoc)]
#[allow(dead_code)]
pub struct OptionDocSchema {
    /// The option's name in the options' JSON.
    name: String,
    /// Its default value, as the options' JSON has it (any JSON value: a bool, a number, a
    /// string, `null`...).
    default: Value,
    /// The values it takes: `{"kind": "bool"}`, `{"kind": "integer", "min": 0, "max": 10}` (a bound may
    /// follow the table: `{"players_plus": -1}`, `{"minus_players": 6}`), `{"kind": "choice", "values":
    /// ["a", "b"]}`, `{"kind": "optional", "some": <domain>}` (`null` or a value of `some`),
    /// `{"kind": "any_of", "alternatives": [<domain>...]}`.
    #[schema(value_type = Object)]
    domain: Value,
    /// The design note, with rulebook citations.
    help: String,
    /// Its name for players: `{"en": ..., "ko": ..., "de": ...}`.
    #[schema(value_type = Object)]
    label: Value,
    /// One line for players: `{"en": ..., "ko": ..., "de": ...}`.
    #[schema(value_type = Object)]
    help_for_players: Value,
    /// Rarely changed (the setup page folds it away).
    rare: bool,
}

/// A preset of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PresetSummary {
    /// Its name.
    pub name: String,
    /// One line about it.
    pub help: String,
    /// The full options it sets.
    pub options: Value,
}

/// `POST /api/matches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// Game id or alias (an alias may select a preset).
    pub game: String,
    /// A preset to start from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Options to change (a JSON object; unknown fields are errors).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Value>,
    /// One entry per seat, in turn order; the number of entries is the number of players.
    #[cfg_attr(feature = "schema", schema(min_items = 1))]
    pub seats: Vec<SeatRequest>,
    /// Join this seat at once; the answer then holds its token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join: Option<JoinNow>,
    /// The table's settings: its time control (`{"time_control": {"bank_secs": 180,
    /// "increment_secs": 20, "on_timeout": "bot"}}`), ... Default: none of them.
    #[serde(default, skip_serializing_if = "TableSettings::is_default")]
    pub settings: TableSettings,
    /// Open a waiting room instead of starting at once: people's seats are free for anyone with
    /// the link (a public table: anyone) until the creator starts, or a person takes the last
    /// free seat. Default false: the match starts now and each person's seat has its invite code.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting_room: bool,
    /// `public` lists the waiting room at `GET /api/tables`; `private` (the default) needs the
    /// table's invite code to take a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Visibility>,
}

/// A seat of a new match, with its invite code for people.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct CreatedSeat {
    /// The seat as everyone sees it.
    #[serde(flatten)]
    pub info: SeatInfo,
    /// The code that joins this seat (people only; shown only now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// The answer to `POST /api/matches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct MatchCreated {
    /// The match id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The full options.
    pub options: Value,
    /// The seats.
    pub seats: Vec<CreatedSeat>,
    /// The seat joined at once, if `join` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined: Option<Joined>,
    /// Waiting rooms only: the secret of whoever created the table (`Authorization: Bearer` on
    /// the creator's requests: start, bot/free a seat, remove a person). Shown only now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_token: Option<String>,
    /// Private waiting rooms only: the code that lets a person take a seat (put it in the link).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_invite: Option<String>,
    /// Waiting rooms only: the table as it is now (`GET /api/tables/{id}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<TableInfo>,
}

/// Query of `GET /api/matches`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct ListQuery {
    /// Only matches not yet finished (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<bool>,
    /// At most this many (default 50, at most 500).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "crate::bounded::int32")]
    pub limit: Option<u32>,
}

/// One match of `GET /api/matches`, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct MatchListing {
    /// The match id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Whether the match has ended.
    pub finished: bool,
    /// Number of actions stored.
    pub actions: u64,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// A match as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct MatchInfo {
    /// The match id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The full options.
    pub options: Value,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Actions so far.
    pub seq: u64,
    /// The seat to move, or null once finished.
    pub to_move: Option<u8>,
    /// Whether the match has ended.
    pub finished: bool,
    /// The result, once finished.
    pub outcome: Option<Value>,
    /// Every seat's time left (tables with a time control).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// The move's deadline (turn-based tables, while a person is to move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<MoveDeadline>,
}

/// A finished match's record, which replays it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct RecordResponse {
    /// The record (`safehouse-record/1`): game, players, options, seed, every action.
    #[cfg_attr(feature = "schema", schema(value_type = Object))]
    pub record: DynRecord,
    /// The result.
    pub outcome: Value,
    /// The seats.
    pub seats: Vec<SeatInfo>,
}
