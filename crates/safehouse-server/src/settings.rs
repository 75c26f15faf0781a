//! What the server does with a table's settings (`safehouse_api::settings::TableSettings`):
//! chosen when the match is created, stored with it (`NewMatch.settings`) and read back whenever
//! the match is loaded, on any node.
//!
//! Every field has `#[serde(default)]`, so a match stored before a field existed (or with `{}`)
//! reads back with that field's default. Unknown fields are ignored when reading (a newer node may
//! have stored more), but the create request checks its settings with
//! [`TableSettingsExt::validate`]. Each feature of a table adds its own field to the API's
//! settings (time control, visibility, chat, turn-based deadlines, rematch links...).

use axum::http::StatusCode;
use safehouse_api::settings::{TableSettings, TurnBased, Visibility};
use safehouse_api::{OnTimeout, TimeControl};

use crate::error::ApiError;

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

/// What the server does with a table's settings (the settings themselves are the API's,
/// `safehouse_api::settings`): checks a create request's, tells what they mean for idle seats,
/// and stores and reads them back.
pub trait TableSettingsExt: Sized {
    /// Checks the settings a create request asks for, for the game `game` (its id).
    fn validate(&self, game: &str) -> Result<(), SettingsError>;

    /// Whether a person's idle seat is taken over by a bot after the server's idle time (not at
    /// a turn-based table, where a move may take days: its deadline decides instead).
    fn idle_takeover_applies(&self) -> bool;

    /// The settings stored with a match (`{}` or missing fields read back as defaults; a value
    /// that is not an object reads back as the defaults too, with a warning).
    fn from_stored(value: &serde_json::Value) -> Self;

    /// The settings as stored.
    fn to_stored(&self) -> serde_json::Value;
}

impl TableSettingsExt for TableSettings {
    fn validate(&self, game: &str) -> Result<(), SettingsError> {
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

    fn idle_takeover_applies(&self) -> bool {
        self.turn_based.is_none()
    }

    fn from_stored(value: &serde_json::Value) -> TableSettings {
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

    fn to_stored(&self) -> serde_json::Value {
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
