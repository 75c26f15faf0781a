//! A table's settings: chosen when the match is created, stored with it (`NewMatch.settings`)
//! and read back whenever the match is loaded, on any node.
//!
//! Every field has `#[serde(default)]`, so a match stored before a field existed (or with `{}`)
//! reads back with that field's default. Unknown fields are ignored when reading (a newer node may
//! have stored more), but the create request checks its settings with [`TableSettings::validate`].
//! Each feature of a table adds its own field here (time control, visibility, chat, turn-based
//! deadlines, rematch links...).

use axum::http::StatusCode;
pub use safehouse_api::{OnTimeout, TimeControl};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// What a table was set up with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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

/// Who may find a table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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

/// Why the settings of a create request were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The bank is outside 1..=86,400 seconds.
    #[error("the time bank must be 1 to {max} seconds, not {given}", max = TimeControl::MAX_BANK_SECS)]
    Bank {
        /// What was asked for.
        given: u32,
    },
    /// The increment is above 3,600 seconds.
    #[error("the increment must be 0 to {max} seconds, not {given}", max = TimeControl::MAX_INCREMENT_SECS)]
    Increment {
        /// What was asked for.
        given: u32,
    },
    /// A turn-based deadline outside 1..=720 hours.
    #[error("the move deadline must be 1 to {max} hours, not {given}", max = TurnBased::MAX_DEADLINE_HOURS)]
    Deadline {
        /// What was asked for.
        given: u32,
    },
    /// Both a clock and a turn-based deadline.
    #[error("a table is either real-time with a clock or turn-based with a move deadline, not both")]
    ClockAndDeadline,
    /// `lose` asked for a co-operative game, where nobody loses alone.
    #[error("`{game}` is co-operative: nobody loses alone on time; choose `bot` or `skip`")]
    LoseInCooperativeGame {
        /// The game id.
        game: String,
    },
    /// `rematch_of` in a create request: only "play again" links matches.
    #[error("`rematch_of` is set by the server when a rematch is started (POST /api/matches/{{id}}/rematch)")]
    RematchOf,
    /// `waiting_room` or `visibility` inside `settings`: they are the create request's own fields.
    #[error("`{field}` is a field of the create request itself, not of its `settings`")]
    RequestField {
        /// The field.
        field: &'static str,
    },
}

impl From<SettingsError> for ApiError {
    fn from(error: SettingsError) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_settings", error.to_string())
    }
}

/// Whether the players of `game` (an id or alias) win or lose together, as its `GameInfo` says.
pub fn is_cooperative(game: &str) -> bool {
    safehouse_games::find(game).is_ok_and(|found| found.game.info().cooperative)
}

impl TableSettings {
    /// Checks the settings a create request asks for, for the game `game` (its id).
    pub fn validate(&self, game: &str) -> Result<(), SettingsError> {
        if self.rematch_of.is_some() {
            return Err(SettingsError::RematchOf);
        }
        if self.waiting_room {
            return Err(SettingsError::RequestField { field: "waiting_room" });
        }
        if self.visibility != Visibility::default() {
            return Err(SettingsError::RequestField { field: "visibility" });
        }
        if let Some(tb) = &self.turn_based {
            if self.time_control.is_some() {
                return Err(SettingsError::ClockAndDeadline);
            }
            if !(1..=TurnBased::MAX_DEADLINE_HOURS).contains(&tb.deadline_hours) {
                return Err(SettingsError::Deadline { given: tb.deadline_hours });
            }
            if tb.on_timeout == OnTimeout::Lose && is_cooperative(game) {
                return Err(SettingsError::LoseInCooperativeGame { game: game.to_owned() });
            }
        }
        if let Some(tc) = &self.time_control {
            if !(1..=TimeControl::MAX_BANK_SECS).contains(&tc.bank_secs) {
                return Err(SettingsError::Bank { given: tc.bank_secs });
            }
            if tc.increment_secs > TimeControl::MAX_INCREMENT_SECS {
                return Err(SettingsError::Increment { given: tc.increment_secs });
            }
            if tc.on_timeout == OnTimeout::Lose && is_cooperative(game) {
                return Err(SettingsError::LoseInCooperativeGame { game: game.to_owned() });
            }
        }
        Ok(())
    }

    /// Whether a person's idle seat is taken over by a bot after the server's idle time (not at
    /// a turn-based table, where a move may take days: its deadline decides instead).
    pub fn idle_takeover_applies(&self) -> bool {
        self.turn_based.is_none()
    }

    /// The settings stored with a match (`{}` or missing fields read back as defaults; a value
    /// that is not an object reads back as the defaults too, with a warning).
    pub fn from_stored(value: &serde_json::Value) -> TableSettings {
        if value.is_null() {
            return TableSettings::default();
        }
        match serde_json::from_value(value.clone()) {
            Ok(settings) => settings,
            Err(error) => {
                tracing::warn!(%error, "stored table settings do not read back; using the defaults");
                TableSettings::default()
            }
        }
    }

    /// The settings as stored.
    pub fn to_stored(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_else(|_| serde_json::json!({}))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn old_matches_read_back_with_the_defaults() {
        assert_eq!(TableSettings::from_stored(&json!({})), TableSettings::default());
        assert_eq!(TableSettings::from_stored(&serde_json::Value::Null), TableSettings::default());
        assert_eq!(TableSettings::from_stored(&json!({"some_future_field": 3})), TableSettings::default());
    }

    #[test]
    fn a_time_control_round_trips_and_defaults_its_parts() {
        let settings: TableSettings = serde_json::from_value(json!({"time_control": {"bank_secs": 60}})).unwrap();
        let tc = settings.time_control.unwrap();
        assert_eq!((tc.bank_secs, tc.increment_secs, tc.on_timeout), (60, 0, OnTimeout::Bot));
        assert_eq!(TableSettings::from_stored(&settings.to_stored()), settings);
    }

    #[test]
    fn turn_based_deadlines_are_checked() {
        let tb = |deadline_hours, on_timeout| TableSettings {
            turn_based: Some(TurnBased { deadline_hours, on_timeout }),
            ..TableSettings::default()
        };
        assert!(tb(48, OnTimeout::Bot).validate("explosiv").is_ok());
        assert!(!tb(48, OnTimeout::Bot).idle_takeover_applies());
        assert!(TableSettings::default().idle_takeover_applies());
        assert_eq!(tb(0, OnTimeout::Bot).validate("explosiv"), Err(SettingsError::Deadline { given: 0 }));
        assert!(tb(721, OnTimeout::Bot).validate("explosiv").is_err());
        assert!(tb(24, OnTimeout::Lose).validate("the-safe").is_err());
        let mut both = tb(24, OnTimeout::Bot);
        both.time_control = Some(TimeControl { bank_secs: 60, increment_secs: 0, on_timeout: OnTimeout::Bot });
        assert_eq!(both.validate("explosiv"), Err(SettingsError::ClockAndDeadline));
        let read: TableSettings = serde_json::from_value(json!({"turn_based": {}})).unwrap();
        assert_eq!(read.turn_based.map(|t| t.deadline_ms()), Some(48 * 3_600_000));
    }

    #[test]
    fn bad_time_controls_are_refused() {
        let tc = |bank_secs, increment_secs, on_timeout| TableSettings {
            time_control: Some(TimeControl { bank_secs, increment_secs, on_timeout }),
            ..TableSettings::default()
        };
        assert_eq!(tc(0, 0, OnTimeout::Bot).validate("explosiv"), Err(SettingsError::Bank { given: 0 }));
        assert!(tc(60, 3601, OnTimeout::Bot).validate("explosiv").is_err());
        assert!(tc(60, 5, OnTimeout::Lose).validate("the-safe").is_err());
        assert!(tc(60, 5, OnTimeout::Lose).validate("explosiv").is_ok());
        assert!(
            serde_json::from_value::<TableSettings>(json!({"time_control": {"bank_secs": 1, "extra": 1}})).is_err()
        );
    }

    #[test]
    fn only_the_server_links_a_rematch_and_chat_reads_back() {
        let linked = TableSettings { rematch_of: Some("abc".into()), ..TableSettings::default() };
        assert_eq!(linked.validate("explosiv"), Err(SettingsError::RematchOf));
        let read: TableSettings = serde_json::from_value(json!({"chat": false})).unwrap();
        assert_eq!(read.chat, Some(false));
        assert_eq!(TableSettings::from_stored(&json!({})).chat, None, "old matches: the game's default");
    }

    #[test]
    fn the_waiting_room_fields_are_the_servers_and_read_back() {
        let asked: TableSettings = serde_json::from_value(json!({"waiting_room": true})).unwrap();
        assert_eq!(asked.validate("explosiv"), Err(SettingsError::RequestField { field: "waiting_room" }));
        let asked: TableSettings = serde_json::from_value(json!({"visibility": "public"})).unwrap();
        assert_eq!(asked.validate("explosiv"), Err(SettingsError::RequestField { field: "visibility" }));
        let room = TableSettings { waiting_room: true, visibility: Visibility::Public, ..TableSettings::default() };
        assert_eq!(room.to_stored(), json!({"waiting_room": true, "visibility": "public"}));
        assert_eq!(TableSettings::from_stored(&room.to_stored()), room);
        assert_eq!(TableSettings::default().to_stored(), json!({}), "a plain table stores nothing of them");
    }
}
