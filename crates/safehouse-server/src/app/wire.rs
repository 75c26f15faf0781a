//! What goes over the wire for a match: the seat plan stored with it, and the pushes to its
//! watchers. The messages themselves (the seats as everyone sees them, `welcome` and `update`;
//! `docs/server.md`) are `safehouse-api`'s types, which the web reads too.

use std::sync::Arc;

use safehouse_api::Difficulty;
pub use safehouse_api::{SeatInfo, SeatKind};
use serde::{Deserialize, Serialize};

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

/// One push to the watchers of a match: a message per viewer (index = seat, last = spectator).
#[derive(Debug)]
pub(crate) struct Update {
    pub(crate) messages: Vec<Option<Arc<str>>>,
    /// The seat whose token was replaced: its sockets, all opened with an older token, close
    /// after this update's message (`signed_out`).
    pub(crate) signed_out: Option<u8>,
}
