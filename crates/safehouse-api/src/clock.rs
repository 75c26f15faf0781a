//! A table's time control and its clocks as a viewer is sent them.

use serde::{Deserialize, Serialize};

/// A time bank per player plus a per-move increment ("3 min + 20 s per move").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Each player's time at the start, in seconds (1 to 86,400).
    #[serde(default = "default_bank")]
    pub bank_secs: u32,
    /// Seconds added to a player's time after each of their moves (0 to 3,600).
    #[serde(default)]
    pub increment_secs: u32,
    /// What happens when a player's time runs out.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

fn default_bank() -> u32 {
    180
}

impl TimeControl {
    /// Most seconds a bank may hold at the start.
    pub const MAX_BANK_SECS: u32 = 86_400;
    /// Most seconds added per move.
    pub const MAX_INCREMENT_SECS: u32 = 3_600;

    /// The bank in milliseconds.
    pub fn bank_ms(&self) -> i64 {
        i64::from(self.bank_secs) * 1000
    }

    /// The increment in milliseconds.
    pub fn increment_ms(&self) -> i64 {
        i64::from(self.increment_secs) * 1000
    }
}

/// The consequence of a clock running out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// A bot plays for the seat until its person acts again (the default).
    #[default]
    Bot,
    /// The seat passes, where the game has a pass legal at that moment; otherwise a bot plays.
    Skip,
    /// The player loses: the match ends at once with a forfeit result (competitive games only).
    Lose,
}

impl OnTimeout {
    /// The stable name (as in the JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            OnTimeout::Bot => "bot",
            OnTimeout::Skip => "skip",
            OnTimeout::Lose => "lose",
        }
    }
}

/// What a viewer is sent of the clocks (`clock` in `welcome`, `update` and the view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct ClockView {
    /// The server's time when this was written (milliseconds since 1970), so a page can count
    /// down from it whatever its own clock says.
    pub server_ms: i64,
    /// The seat whose clock runs, if any.
    pub running: Option<u8>,
    /// Each seat's time left at `server_ms`, in milliseconds (by seat index; never below 0).
    pub remaining_ms: Vec<i64>,
    /// The time control: bank and increment in seconds, and what a time-out does.
    #[cfg_attr(feature = "schema", schema(value_type = Object))]
    pub control: TimeControl,
}

/// The current move's deadline at a turn-based table (`deadline` in `welcome`, `update`, the view
/// and the match's facts): present while a person is to move there, absent once a bot plays the
/// seat (its person is away) and at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct MoveDeadline {
    /// The server's time when this was written (milliseconds since 1970), so a page can say how
    /// long is left whatever its own clock says.
    pub server_ms: i64,
    /// The seat to move.
    pub seat: u8,
    /// When the move is due (milliseconds since 1970): the turn's start plus the table's
    /// `deadline_hours`.
    pub due_ms: i64,
    /// What happens then.
    pub on_timeout: OnTimeout,
}

impl MoveDeadline {
    /// Milliseconds left at `server_ms` (never below 0).
    pub fn left_ms(&self) -> i64 {
        (self.due_ms - self.server_ms).max(0)
    }
}
