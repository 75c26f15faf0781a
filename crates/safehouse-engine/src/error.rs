//! Typed errors of the engine contract. Every error has a stable machine code
//! (`code()`, used by the protocol and the server) and a message written for a person.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// Why a game could not be set up (bad player count, options or deal).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// The game cannot be played by this many people (with these options).
    #[error("this game takes {min} to {max} players, not {players}")]
    PlayerCount {
        /// Players asked for.
        players: usize,
        /// Fewest allowed with these options.
        min: usize,
        /// Most allowed with these options.
        max: usize,
    },
    /// An option has a value the game cannot use.
    #[error("option `{option}`: {reason}")]
    InvalidOption {
        /// The option's name.
        option: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The options could not be read at all (unknown field, wrong type).
    #[error("options: {0}")]
    MalformedOptions(String),
    /// An explicit deal does not fit the game (wrong card counts, duplicate cards...).
    #[error("deal: {0}")]
    InvalidDeal(String),
    /// A view handed to `determinize` describes no possible game.
    #[error("view is inconsistent: {0}")]
    InconsistentView(String),
    /// No game with this id is known.
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    /// No preset with this name is known for the game.
    #[error("unknown preset `{preset}` (known: {known})")]
    UnknownPreset {
        /// The preset asked for.
        preset: String,
        /// The presets the game has, comma separated.
        known: String,
    },
}

impl SetupError {
    /// The stable machine code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::PlayerCount { .. } => "bad_player_count",
            SetupError::InvalidOption { .. } => "bad_option",
            SetupError::MalformedOptions(_) => "bad_options",
            SetupError::InvalidDeal(_) => "bad_deal",
            SetupError::InconsistentView(_) => "inconsistent_view",
            SetupError::UnknownGame(_) => "unknown_game",
            SetupError::UnknownPreset { .. } => "unknown_preset",
        }
    }

    /// Shorthand for [`SetupError::InvalidOption`].
    pub fn option(option: &str, reason: impl Into<String>) -> Self {
        SetupError::InvalidOption { option: option.to_owned(), reason: reason.into() }
    }
}

/// Why an action was rejected. The game state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActionError {
    /// The game has ended; nobody may act.
    #[error("the game is over")]
    GameOver,
    /// Someone tried to act out of turn.
    #[error("it is {to_move}'s turn, not {seat}'s")]
    NotYourTurn {
        /// Who tried to act.
        seat: Seat,
        /// Whose decision it is.
        to_move: Seat,
    },
    /// The action breaks a rule; the message says which and why.
    #[error("{message}")]
    Illegal {
        /// A short stable name of the rule broken (`not_enough_keys`, `own_card_on_top`...).
        rule: String,
        /// What is wrong, for a person.
        message: String,
    },
    /// The action could not be read (unknown kind, missing field).
    #[error("malformed action: {0}")]
    Malformed(String),
}

impl ActionError {
    /// The stable machine code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::GameOver => "game_over",
            ActionError::NotYourTurn { .. } => "not_your_turn",
            ActionError::Illegal { .. } => "illegal_action",
            ActionError::Malformed(_) => "malformed_action",
        }
    }

    /// An illegal action: `rule` is a short stable name, `message` says why for a person.
    pub fn illegal(rule: &str, message: impl Into<String>) -> Self {
        ActionError::Illegal { rule: rule.to_owned(), message: message.into() }
    }
}

/// Why a match record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReplayError {
    /// The record's setup is invalid.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// Action number `index` (from 0) was rejected.
    #[error("action {index}: {error}")]
    Action {
        /// Position of the action in the record.
        index: usize,
        /// Why it was rejected.
        error: ActionError,
    },
    /// The record names a different game.
    #[error("record is for game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game replaying.
        expected: String,
        /// The game the record names.
        found: String,
    },
}

impl ReplayError {
    /// The stable machine code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::Setup(e) => e.code(),
            ReplayError::Action { error, .. } => error.code(),
            ReplayError::WrongGame { .. } => "wrong_game",
        }
    }
}
