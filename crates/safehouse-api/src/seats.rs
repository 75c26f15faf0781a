//! The seats of a match as everyone may see them: who sits there, and whether they joined.

use crate::difficulty::Difficulty;
use serde::{Deserialize, Serialize};

/// A person or a bot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person, who joins with the seat's invite code.
    #[default]
    Person,
    /// A bot run by the server.
    Bot,
}

/// A seat as everyone may see it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
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

impl SeatInfo {
    /// Whether a bot plays this seat (by the plan; an away person's seat is not a bot's).
    pub fn is_bot(&self) -> bool {
        self.kind == SeatKind::Bot
    }
}
