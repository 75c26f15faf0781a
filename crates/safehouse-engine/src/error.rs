//! Typed errors of the engine contract. Every error has a stable machine code
//! (`code()`, used by the protocol and the server) and a message written for a person.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A rule an action can break: a game's typed rule, known by a short stable snake_case code.
///
/// Each game has a `Rule` enum implementing this, so every refusal names a rule the compiler
/// knows; callers that explain refusals (the web table) read the code back into that enum and
/// match it exhaustively, so a rule added or renamed cannot go unexplained without a build error.
pub trait RuleCode {
    /// The stable machine code (`not_enough_keys`, `own_card_on_top`...), as the protocol and
    /// the server send it.
    fn code(&self) -> &'static str;
}

/// Declares a game's `Rule` enum: one variant per rule code, with [`RuleCode`], `Rule::ALL`
/// (every rule, in declaration order) and `Rule::from_code` (the rule with a code, if any)
/// written from one list, so the code, the list and the parser cannot drift apart.
///
/// ```
/// safehouse_engine::rule_codes! {
///     /// The rules of a toy game.
///     pub enum Rule {
///         /// Cards are 0 to 9.
///         NoCard => "no_card",
///     }
/// }
/// use safehouse_engine::RuleCode as _;
/// assert_eq!(Rule::NoCard.code(), "no_card");
/// assert_eq!(Rule::from_code("no_card"), Some(Rule::NoCard));
/// assert_eq!(Rule::ALL, &[Rule::NoCard]);
/// ```
#[macro_export]
macro_rules! rule_codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident => $code:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl $name {
            /// Every rule, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The rule whose code is `code` (`None` for a code this game does not have).
            pub fn from_code(code: &str) -> ::std::option::Option<$name> {
                match code {
                    $( $code => ::std::option::Option::Some($name::$variant), )+
                    _ => ::std::option::Option::None,
                }
            }
        }

        impl $crate::RuleCode for $name {
            fn code(&self) -> &'static str {
                match self {
                    $( $name::$variant => $code, )+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::RuleCode::code(self))
            }
        }
    };
}

/// Why a game could not be set up (bad player count, options or deal).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// The game cannot be played by this many people (with these options).
    #[error("this game takes {min} to {max} players, not {players}{}", allowed_by_note(*players, allowed_by.as_deref()))]
    PlayerCount {
        /// Players asked for.
        players: usize,
        /// Fewest allowed with these options.
        min: usize,
        /// Most allowed with these options.
        max: usize,
        /// The option that would allow this many (Safe Breaker's `allow_two_players`), so that
        /// the message says what to change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        allowed_by: Option<String>,
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

/// The end of a [`SetupError::PlayerCount`] message that names the option allowing the count.
fn allowed_by_note(players: usize, option: Option<&str>) -> String {
    option.map(|option| format!(" (the option `{option}` allows {players})")).unwrap_or_default()
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
        /// A short stable name of the rule broken (`not_enough_keys`, `own_card_on_top`...): a
        /// [`RuleCode::code`] when built by [`ActionError::illegal`], owned only when read back
        /// from JSON.
        rule: Cow<'static, str>,
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

    /// An illegal action: `rule` is the game's typed rule broken, `message` says why for a person.
    pub fn illegal(rule: impl RuleCode, message: impl Into<String>) -> Self {
        ActionError::Illegal { rule: Cow::Borrowed(rule.code()), message: message.into() }
    }

    /// The code of the rule broken, for an [`ActionError::Illegal`].
    pub fn rule(&self) -> Option<&str> {
        match self {
            ActionError::Illegal { rule, .. } => Some(rule),
            _ => None,
        }
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
