//! A table's settings as a create request gives them and the server stores them: the time
//! control, a turn-based deadline, the players' chat switch, the rematch link, the waiting room and
//! its visibility. Every field has a default, so `{}` (and a match stored before a field existed)
//! reads back as the defaults; the server checks a create request's settings itself.

use serde::{Deserialize, Serialize};

use crate::clock::{OnTimeout, TimeControl};

/// What a table was set up with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct TableSettings {
    /// The clocks of a real-time table: a time bank per player plus an increment per move, or
    /// none (`null`, the default: no clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// A turn-based table (play over days): each move has a deadline of hours or days, and the
    /// idle takeover does not apply; `null` (the default) for a real-time table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_based: Option<TurnBased>,
    /// Whether the players may chat while the game is on (`chat.rs`); `null` (the default) takes
    /// the game's default: off for The Safe, whose rules forbid talking about cards (004:29, T13),
    /// on for the others. Spectators' chat and the chat after the end are always open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<bool>,
    /// The match this one is the rematch of (`rematch.rs`), set by the server only: a create
    /// request that names one is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// Whether the match opened in a waiting room (`tables.rs`): nothing is dealt until its
    /// `started` event. Set by the server from the create request's `waiting_room`, never from
    /// its `settings`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting_room: bool,
    /// Who may find the table while it waits for players. Set by the server from the create
    /// request's `visibility`, never from its `settings`.
    #[serde(default, skip_serializing_if = "Visibility::is_private")]
    pub visibility: Visibility,
}

impl TableSettings {
    /// Whether these are the defaults (a create request without settings writes none).
    pub fn is_default(&self) -> bool {
        *self == TableSettings::default()
    }
}

/// Who may find a table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Only through its link (the default).
    #[default]
    Private,
    /// Listed on the home page and at `GET /api/tables` while it waits for players.
    Public,
}

impl Visibility {
    /// Whether only the table's link finds it.
    pub fn is_private(&self) -> bool {
        *self == Visibility::Private
    }
}

/// The move deadline of a turn-based table ("a move within 2 days").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TurnBased {
    /// Hours each player has for a move, from the moment it becomes their turn (1 to 720).
    #[serde(default = "default_deadline_hours")]
    pub deadline_hours: u32,
    /// What happens when a deadline passes (as when a clock runs out).
    #[serde(default)]
    pub on_timeout: OnTimeout,
}
fn default_deadline_hours() -> u32 {
    48
}

impl TurnBased {
    /// The longest deadline: 30 days.
    pub const MAX_DEADLINE_HOURS: u32 = 720;

    /// The deadline in milliseconds.
    pub fn deadline_ms(&self) -> i64 {
        i64::from(self.deadline_hours) * 3_600_000
    }
}
