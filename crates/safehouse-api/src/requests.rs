//! The bodies of the requests that seat people and act, of their answers, and the `?token=` a
//! viewer gives as a query.

use crate::difficulty::Difficulty;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::seats::SeatKind;

/// A seat asked for when creating a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// `person` (joins with an invite code) or `bot`.
    pub kind: SeatKind,
    /// The bot's level (default `medium`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// A name for the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Joining a seat right away when creating the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinNow {
    /// The seat to join (a person's seat).
    #[cfg_attr(feature = "schema", schema(maximum = 255))]
    pub seat: u8,
    /// The name to show.
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/matches/{id}/join`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat to join.
    #[cfg_attr(feature = "schema", schema(maximum = 255))]
    pub seat: u8,
    /// The seat's invite code (from whoever created the match).
    pub invite: String,
    /// The name to show.
    #[serde(default)]
    pub name: Option<String>,
}

/// A joined seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct Joined {
    /// The seat.
    pub seat: u8,
    /// The secret that opens the seat: send it as `Authorization: Bearer <token>`, or as
    /// `?token=` on the WebSocket. Keep it; it is shown only once.
    pub token: String,
}

/// `POST /api/matches/{id}/actions`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// One of the legal actions, in the game's JSON format.
    pub action: Value,
    /// The match's sequence number the action was chosen at (the `seq` of the last view or
    /// update). Required: if the match has moved on, the action is refused with `stale_seq`,
    /// which is how a replayed or duplicated request is refused; without it the action is
    /// refused with `missing_seq`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schema(required = true, nullable = false))]
    pub seq: Option<u64>,
}

/// An accepted action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ActResponse {
    /// The action's sequence number (the match's new `seq`).
    pub seq: u64,
    /// What happened, as the acting seat may see it.
    pub events: Vec<Value>,
}

/// The answer to `POST /api/matches/{id}/back` ("I'm back"), `POST /api/matches/{id}/away`
/// ("a bot plays for me") and `POST /api/matches/{id}/seats/{seat}/bot` (a seat nobody joined
/// handed to a bot).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PresenceResponse {
    /// The seat concerned: the one the token opens (for a seat handed to a bot, that seat).
    pub seat: u8,
    /// The match's sequence number.
    pub seq: u64,
    /// Whether a bot plays the seat now (`false` after "I'm back", `true` after "away" or a seat
    /// handed to a bot).
    pub away: bool,
}

/// `?token=` of the view, the chat and the WebSocket.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct TokenQuery {
    /// The seat's token (instead of the `Authorization` header); none for a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}
