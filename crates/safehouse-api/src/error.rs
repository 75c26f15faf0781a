//! The body of every error the API answers (and of a WebSocket `error`, without the wrapper):
//! `{"error": {"code": "...", "message": "...", ...}}`, with a stable machine code.

use serde::{Deserialize, Serialize};

/// The JSON body of every error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ErrorBody {
    /// The error.
    pub error: ErrorDetail,
}

impl ErrorBody {
    /// An error with its code and message and no other field.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        ErrorBody {
            error: ErrorDetail {
                code: code.into(),
                message: message.into(),
                rule: None,
                option: None,
                seq: None,
                retry_after: None,
            },
        }
    }
}

/// The error inside [`ErrorBody`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ErrorDetail {
    /// Stable machine code, e.g. `not_your_turn`, `illegal_action`, `bad_token`, `rate_limited`.
    pub code: String,
    /// For a person.
    pub message: String,
    /// The rule broken (for `illegal_action`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The option the error is about: the one whose value the game cannot use (`bad_option`),
    /// or the one that would allow the player count (`bad_player_count`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// The match's current sequence number (for `stale_seq`, `missing_seq` and `conflict`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// Seconds to wait before trying again (with every error sent with a
    /// `Retry-After` header: over a rate or a cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}
