//! "Play again" (`/api/matches/{id}/rematch`): the answer of joining a rematch and a match's
//! links to its rematch and to the match it is a rematch of.

use serde::{Deserialize, Serialize};

/// The answer to `POST /api/matches/{id}/rematch`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct RematchJoined {
    /// The new match.
    #[serde(rename = "match")]
    pub match_id: String,
    /// Whether this request created it (false: somebody else pressed first).
    pub created: bool,
    /// The seat taken: the same seat as in the old match.
    pub seat: u8,
    /// The new seat's own token (as from joining; shown only once).
    pub token: String,
    /// For whoever created the rematch (`created`): the creator token of its waiting room, to
    /// start it before everybody is back (`POST /api/tables/{id}/start`) or change its seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator_token: Option<String>,
    /// For whoever created the rematch: its private room's invite, for somebody new to take a
    /// seat whose person is not coming back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_invite: Option<String>,
}

/// What `GET /api/matches/{id}/rematch` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct RematchLinks {
    /// The rematch of this match, once somebody pressed "play again".
    #[serde(rename = "match")]
    pub rematch: Option<String>,
    /// The match this one is the rematch of.
    pub rematch_of: Option<String>,
}
